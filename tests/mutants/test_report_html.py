"""The report a student opens (``bleuprint mutants report --html``), checked in a real
headless browser (Debian's ``chromium``), which must render Stryker's web component."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from browser import dump_dom, requires_browser

from bleuprint.mutants import generate, html, runner, search
from bleuprint.mutants.project import PROJECT_ROOT
from bleuprint.mutants.report import stryker_report

SUITE = '''
from bleuprint.spec import exact_match

def test_identical():
    """'Paris' against 'Paris': 1 match of 1."""
    assert exact_match(["Paris"], ["Paris"]) == 1.0
'''


def _mutants():
    by_id = {m.id: m for m in generate.module_mutants("bleuprint.metrics.exact_match.spec", "e")}
    # the hypothesis' strip dropped (survives this suite), the strips compared with != (killed),
    # the mismatched-lengths message (no test reaches it)
    strip = next(m for m in by_id.values() if m.fault.startswith("dropped call: `hyp.strip()` -> `hyp`"))
    negated = next(m for m in by_id.values() if m.fault.startswith("comparison: `hyp.strip() == ref.strip()`"))
    message = next(m for m in by_id.values() if m.kind == "message" and "mismatched lengths" in m.fault)
    return strip, negated, message


@pytest.fixture(scope="module")
def report_folder(tmp_path_factory):
    """The page of a one-test suite against three mutants: 1 killed, 1 survived, 1 without
    a covering test; the survivor explained."""
    folder = tmp_path_factory.mktemp("report")
    (folder / "test_one.py").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    strip, negated, message = _mutants()
    matrix = runner.run([str(folder / "test_one.py"), f"--rootdir={folder}"], [strip, negated, message],
                        first_kill=True)
    assert [matrix.status(m.id) for m in (strip, negated, message)] == [runner.SURVIVED, runner.KILLED,
                                                                         runner.NOT_COVERED]
    (folder / "stryker.json").write_text(json.dumps(stryker_report(matrix, PROJECT_ROOT)), encoding="utf-8")
    (folder / "km.json").write_text(json.dumps(matrix.to_dict()), encoding="utf-8")
    finding = search.search(strip, max_examples=100)
    (folder / "findings.json").write_text(json.dumps([finding.to_dict()]), encoding="utf-8")
    out = folder / "html"
    completed = subprocess.run([sys.executable, "-m", "bleuprint.cli", "mutants", "report", "--html", str(out),
                                "--stryker", str(folder / "stryker.json"), "--findings", str(folder / "findings.json")],
                               capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    return out, strip, finding


def test_the_page_holds_the_counts_the_component_and_the_killing_input(report_folder):
    """The written page: the vendored bundle and its licence beside it, the counts (3
    mutants: 1 killed, 1 survived, 1 without a covering test), the component, and the
    survivor's killing test (its input, one space against one space)."""
    out, strip, finding = report_folder
    assert (out / html.BUNDLE).read_bytes() == (html.WEB / html.BUNDLE).read_bytes()
    assert "Apache License" in (out / "mutation-testing-elements.LICENSE").read_text(encoding="utf-8")
    text = (out / "index.html").read_text(encoding="utf-8")
    assert ('mutants: <span id="count-total">3</span>, killed: <span id="count-killed">1</span>, '
            'survived: <span id="count-survived">1</span>, no covering test: <span id="count-nocoverage">1</span>') in text
    assert "<mutation-test-report-app" in text
    assert f"def test_kills_{strip.id.replace('-', '_')}():" in text and "hyps = [&#x27; &#x27;]" in text


def test_hidden_findings_show_no_input(report_folder, tmp_path):
    """Findings written with the teacher's flag: the page says the mutant is killable and
    that the input is hidden, and holds no killing test."""
    out, strip, finding = report_folder
    stryker = json.loads((out.parent / "stryker.json").read_text(encoding="utf-8"))
    text = html.page(stryker, [search.hidden(finding)])
    assert "hidden by the teacher" in text and "def test_kills_" not in text


@requires_browser
def test_the_page_renders_in_a_headless_browser(report_folder, tmp_path):
    """Chromium loads the page offline; Stryker's component renders (the page's script
    copies the text of its shadow DOM into #component-text once it has): its metrics table
    shows 1 killed, 1 survived, 1 without coverage of 3, and the survivor's killing input
    is on the page the browser built. The scores: 1 killed of 3 mutants = 33.33 % of all,
    1 killed of the 2 covered = 50.00 % of the covered."""
    out, strip, _ = report_folder
    completed = dump_dom(tmp_path, (out / "index.html").as_uri(), timeout=120)
    dom = completed.stdout
    assert 'data-rendered="yes"' in dom, completed.stderr[-2000:]
    component = dom.split('<pre id="component-text" hidden="">', 1)[1].split("</pre>", 1)[0]
    # the component's table: All files, score of total, score of covered, killed, survived,
    # timeout, no coverage, ignored, runtime errors, compile errors, detected, undetected, total
    assert "All files 33.33 50.00 1 1 0 1 0 0 0 1 2 3" in component
    assert "spec.py" in component
    assert f"def test_kills_{strip.id.replace('-', '_')}():" in dom


def test_explain_reads_a_run_matrix_and_hides_inputs_for_the_teacher(report_folder, tmp_path):
    """``bleuprint mutants explain`` on run --json's matrix, for the survivor of the strip:
    with --hide-inputs it is reported killable, its input hidden, in the text and in the
    findings JSON."""
    out, strip, _ = report_folder
    findings = tmp_path / "hidden.json"
    completed = subprocess.run([sys.executable, "-m", "bleuprint.cli", "mutants", "explain", str(out.parent / "km.json"),
                                "--only", strip.id, "--max-examples", "100", "--hide-inputs", "--findings", str(findings)],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    assert f"{strip.id} (" in completed.stdout and "hidden by the teacher" in completed.stdout
    assert "def test_kills_" not in completed.stdout
    [data] = json.loads(findings.read_text(encoding="utf-8"))
    assert data["id"] == strip.id and data["verdict"] == "killable" and data["hyps"] is None and data["hidden"]
