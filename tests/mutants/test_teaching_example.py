"""The teaching example of examples/teaching: the course module L4.5's exercise end to end.

The weak suite (the three worked examples of the course's section 3, written against
``tinyllm.eval.seqmetrics``) is graded as the README says; the expected grade comes from
reasoning about what each test can tell apart:

* test_hand_example_bleu (6-token hypothesis and reference, one "the" clipped against two,
  one reference, c = r, a zero 4-gram order) kills the arithmetic mean (s07) and the missing
  smoothing (s08), and nothing else of BLEU: no clipping, closest-reference, long-hypothesis,
  case or tokenizer difference occurs in it;
* test_hand_example_chrf ("cat"/"cats", beta = 2) kills beta not squared (s12) and per-order
  F averaged (s13); no white space, no second reference, no 6-gram;
* test_hand_example_exact_match (a stripped newline, no case difference) kills s17 only.

So 5 of 18 are killed: 0.28 < 0.80, GRADE: FAIL. corpus_bleu (s04) and the bootstrap (s18)
are never called: those two are *not covered*; the other 11 are covered but not killed.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from browser import dump_dom, requires_browser

from bleuprint.mutants import exercises, hints

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "teaching"
SUITE = EXAMPLE / "weak_suite"
KILLED = {"s07", "s08", "s12", "s13", "s17"}
NOT_COVERED = {"s04", "s18"}
ALL = {f"s{i:02d}" for i in range(1, 19)}


def _grade(folder, *extra, suite=SUITE):
    return subprocess.run([sys.executable, "-m", "bleuprint.cli", "mutants", "grade", "--exercise", "L4.5",
                           str(suite), *extra], capture_output=True, text=True, timeout=600, cwd=folder)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The README's command: grade, explain at the level 'input', write the JSON, the Stryker
    report and the findings, then the HTML report."""
    folder = tmp_path_factory.mktemp("teaching")
    completed = _grade(folder, "--explain", "--hints", "input", "--json", "grade.json", "--stryker", "stryker.json",
                       "--findings", "findings.json")
    report = subprocess.run([sys.executable, "-m", "bleuprint.cli", "mutants", "report", "--html", "report",
                             "--stryker", "stryker.json", "--findings", "findings.json", "--title", "L4.5 weak suite"],
                            capture_output=True, text=True, timeout=120, cwd=folder)
    assert report.returncode == 0, report.stderr
    return folder, completed, json.loads((folder / "grade.json").read_text(encoding="utf-8"))


def test_the_weak_suite_gets_the_grade_reasoned_in_the_module_doc(graded):
    folder, completed, data = graded
    assert completed.returncode == 1 and "GRADE: FAIL" in completed.stdout
    grade = data["grade"]
    assert grade["baseline_failures"] == [] and grade["total"] == 18
    survivors = {s["id"]: s for s in grade["survivors"]}
    assert set(survivors) == ALL - KILLED
    assert {i for i, s in survivors.items() if s["status"] == "not covered"} == NOT_COVERED
    assert sorted(grade["required_survivors"]) == sorted(ALL - KILLED)  # every one of s01-s18 is semantic
    assert "killed 5 of 18 mutants (0.28; the bar is 0.80" in completed.stdout
    # apart, each with file:line of the mutated code
    head, covered = completed.stdout.split("covered but not killed", 1)
    assert "not covered: no test reaches" in head
    # corpus_bleu is declared once, in BLEU's api.py, and made for both layers from the definition
    assert re.search(r"s04 \(required\) at bleuprint/metrics/bleu/api\.py:\d+", head)
    assert re.search(r"s18 \(required\) at bleuprint/spec/intervals\.py:\d+", head)
    assert re.search(r"s01 \(required\) at bleuprint/metrics/bleu/spec\.py:\d+", covered)


def test_the_readme_quotes_this_grade(graded):
    _, completed, _ = graded
    readme = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    first = completed.stdout[completed.stdout.index("exercise L4.5:"):].splitlines()[0]
    assert first in readme
    for line in completed.stdout.splitlines():
        if re.match(r"  s\d\d \(required\) at ", line):
            assert line in readme


def test_each_hint_level_shows_what_it_says(tmp_path):
    """pitfall: the pitfall only; input: also the input; test: the whole test, importing the
    course's contract, with its derivation."""
    outputs = {level: _grade(tmp_path, "--explain", "--hints", level).stdout for level in ("pitfall", "input", "test")}
    for level, out in outputs.items():
        assert "pitfall: 1. counting n-gram matches without clipping" in out
        assert ('input: bleu_stats("the the the the", ["the cat"])' in out) == (level != "pitfall")
        assert ("def test_clipping():" in out) == (level == "test")
    assert "from tinyllm.eval.seqmetrics import" in outputs["test"]
    assert "m_1 = min(4, 1) = 1" in outputs["test"]


def test_the_printed_tests_make_the_weak_suite_pass(tmp_path):
    """The whole tests (level 'test') of the 13 survivors, added to the weak suite, kill
    every one of s01-s18: 18 of 18, GRADE: PASS."""
    exercise = exercises.get("L4.5")
    hand = hints.read(exercise.killing_tests)
    survivors = sorted(ALL - KILLED)
    text = (SUITE / "test_seqmetrics_weak.py").read_text(encoding="utf-8")
    text += "\n\n" + hand[survivors[0]].header + "\n\n\n" + "\n\n\n".join(hand[i].source for i in survivors) + "\n"
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "test_seqmetrics_more.py").write_text(text, encoding="utf-8")
    completed = _grade(tmp_path, suite=suite)
    assert completed.returncode == 0, completed.stdout[-3000:]
    assert "killed 18 of 18 mutants" in completed.stdout and "GRADE: PASS" in completed.stdout


def test_the_report_names_each_survivor_with_its_hint(graded):
    folder, _, _ = graded
    page = (folder / "report" / "index.html").read_text(encoding="utf-8")
    assert page.count('class="survivor"') == 13
    assert "bleuprint/spec/intervals.py:" in page and "[killable]" in page
    assert "input: chrf_stats(&quot;kitten&quot;, [&quot;kitten&quot;])" in page


@requires_browser
def test_the_report_renders_in_a_headless_browser(graded, tmp_path):
    """Stryker's component, rendered offline by Chromium, counts the weak suite's grade:
    5 killed, 11 survived, 2 without coverage, of 18; 5/18 = 27.78 % of all and
    5/16 = 31.25 % of the covered; 5 detected, 13 undetected."""
    folder, _, _ = graded
    completed = dump_dom(tmp_path, (folder / "report" / "index.html").as_uri())
    dom = completed.stdout
    assert 'data-rendered="yes"' in dom, completed.stderr[-2000:]
    component = dom.split('<pre id="component-text" hidden="">', 1)[1].split("</pre>", 1)[0]
    assert "All files 27.78 31.25 5 11 0 2 0 0 0 5 13 18" in component
    assert "input: bleu_stats(" in dom


def test_a_saved_grade_is_explained_by_the_exercise(graded):
    """explain --exercise reads grade --json: the interval's survivor (s18, not covered)
    gets its input at level 'input'; a matrix of another exercise is refused."""
    folder, _, _ = graded
    completed = subprocess.run([sys.executable, "-m", "bleuprint.cli", "mutants", "explain", "grade.json", "--exercise",
                                "L4.5", "--only", "s18", "--hints", "input"], capture_output=True, text=True,
                               timeout=300, cwd=folder)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("s18 (not covered) at bleuprint/spec/intervals.py:")
    assert 'input: metric_ci("chrf", ["cat", "a"]' in completed.stdout
    other = subprocess.run([sys.executable, "-m", "bleuprint.cli", "mutants", "explain", "grade.json", "--exercise",
                            "bleu"], capture_output=True, text=True, timeout=300, cwd=folder)
    assert other.returncode != 0 and "was not graded against exercise bleu" in other.stderr
