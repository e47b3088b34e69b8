"""``bleuprint audit`` on the command line: callable targets, ports, the exit statuses and
one-line messages for bad arguments."""

import json
import sys
import textwrap
from pathlib import Path

import pytest

from bleuprint.cli import main

FAKE_PORT = Path(__file__).resolve().parents[1] / "ports" / "fake_port.py"

LIBRARY = textwrap.dedent('''\
    from bleuprint.spec import metric
    from bleuprint.spec.corpus import corpus_score

    def chrf_beta3_fraction(hypothesis, references):
        """chrF with beta=3, on 0-1, one sentence at a time."""
        return corpus_score(metric("chrf", beta=3), [hypothesis], [references]) / 100

    def chrf_fraction(hypothesis, references):
        return corpus_score("chrf", [hypothesis], [references]) / 100
    ''')


@pytest.fixture
def library(tmp_path):
    path = tmp_path / "mylib.py"
    path.write_text(LIBRARY, encoding="utf-8")
    return path


def run(capsys, *argv):
    try:
        status = main(["audit", *map(str, argv)])
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def test_callable_file_target_sentence_level_scale_1(capsys, library, tmp_path):
    report = tmp_path / "report.json"
    status, out, err = run(capsys, f"{library}:chrf_beta3_fraction", "--as", "chrf", "--scale", "1", "--level",
                           "sentence", "--examples", "80", "--json", report)
    assert status == 1
    assert out.startswith("# bleuprint audit\n\n| library | version | chrf |")
    assert "| mylib | local | differs in 1 class |" in out
    assert "### Class 1: matches chrf with beta=3" in out
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["schema"] == "bleuprint_audit_report_v1"
    (cls,) = data["subjects"][0]["classes"]
    assert cls["explanation"]["options"] == {"beta": 3}
    assert 0 <= cls["libraryValue"] <= 1 and cls["specValue"] > 1  # each on its own scale
    assert err.splitlines()[0] == "audit: mylib:chrf: real text"  # progress on standard error
    assert any("class 1" in line for line in err.splitlines())
    # the replay command compares the minimal input again
    replay = cls["replay"].split()
    assert replay[:2] == ["bleuprint", "audit"]
    import shlex

    words = shlex.split(cls["replay"])[2:]
    status, out, err = run(capsys, *words)
    assert status == 1 and "DIFFERENT" in out


def test_callable_exact_exits_0(capsys, library):
    status, out, err = run(capsys, f"{library}:chrf_fraction", "--as", "chrf", "--scale", "1", "--level",
                           "sentence", "--examples", "40")
    assert status == 0 and "| mylib | local | exact |" in out


def test_declared_option_is_applied(capsys, library):
    """chrF with beta=3 declared with ``--option beta=3`` is exact (exit 0); declared at the
    defaults (beta=2) it differs (exit 1): the option reached the comparison."""
    argv = (f"{library}:chrf_beta3_fraction", "--as", "chrf", "--scale", "1", "--level", "sentence",
            "--examples", "40")
    status, out, err = run(capsys, *argv, "--option", "beta=3")
    assert status == 0 and "| mylib | local | exact |" in out, err
    status, out, err = run(capsys, *argv)
    assert status == 1 and "differs" in out


def test_port_target(capsys):
    command = f"{sys.executable} {FAKE_PORT} shortest_ref bleu"
    status, out, err = run(capsys, "--port", command, "--metric", "bleu", "--examples", "60", "--json", "-")
    assert status == 1
    data = json.loads(out)
    (cls,) = data["subjects"][0]["classes"]
    assert cls["explanation"]["mutant"] == "s02"
    assert cls["firstDifference"].startswith("stats[0][1]: spec")  # the port's own statistics


def test_port_correct_is_exact(capsys):
    command = f"{sys.executable} {FAKE_PORT} correct chrf"
    status, out, err = run(capsys, "--port", command, "--metric", "chrf", "--examples", "40")
    assert status == 0 and "| exact |" in out


def test_not_installed_adapter_is_reported_with_pip(capsys, monkeypatch, tmp_path):
    (tmp_path / "absent_adapter.py").write_text(
        "from bleuprint.audit.subject import NotInstalled\n"
        "def subjects():\n    raise NotInstalled('nosuchlib', 'pip install nosuchlib==1.0')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    from bleuprint.audit import adapters

    monkeypatch.setitem(adapters.ADAPTERS, "nosuchlib", "absent_adapter")
    status, out, err = run(capsys, "nosuchlib")
    assert status == 0
    assert "not installed: `pip install nosuchlib==1.0`" in out
    assert "pip install nosuchlib==1.0" in err
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert len({line.count("|") for line in table}) == 1, f"the matrix rows have different widths:\n{out}"


@pytest.mark.parametrize("argv", [
    [],
    ["{lib}:chrf_fraction"],
    ["{lib}:chrf_fraction", "--as", "nometric"],
    ["no_such_adapter"],
    ["{lib}:no_such_function", "--as", "chrf"],
    ["{lib}:chrf_fraction", "--as", "chrf", "--examples", "0"],
    ["{lib}:chrf_fraction", "--as", "chrf", "--seed", "x"],
    ["{lib}:chrf_fraction", "--as", "chrf", "--scale", "-1"],
    ["{lib}:chrf_fraction", "--as", "chrf", "--option", "beta"],
    ["{lib}:chrf_fraction", "--as", "chrf", "--option", "nosuch=1"],
    ["{lib}:chrf_fraction", "--as", "chrf", "--option", "n=x"],
    ["{lib}:chrf_fraction", "--as", "chrf", "--level", "paragraph"],
    ["{lib}:chrf_fraction", "--as", "chrf", "--case", "{not json"],
    ["{lib}:chrf_fraction", "--bogus"],
    ["--port", "no-such-program-here", "--metric", "bleu"],
    ["{lib}:chrf_fraction", "--port", "x"],
])
def test_bad_arguments_one_line_exit_2(capsys, library, argv):
    status, out, err = run(capsys, *[a.replace("{lib}", str(library)) for a in argv])
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("bleuprint: audit: ")


def test_builtin_adapter_metric_selection_and_replay(capsys, monkeypatch, tmp_path):
    (tmp_path / "fake_adapter.py").write_text(textwrap.dedent('''\
        from bleuprint.audit.subject import Subject
        from bleuprint.spec import metric
        from bleuprint.spec.corpus import corpus_score

        def subjects():
            return [Subject("fakelib", "1.0", "chrf", "fakelib.chrf(hyps, refs)", "corpus", 100.0, {},
                            lambda hyps, refs: corpus_score(metric("chrf", beta=3), hyps, refs)),
                    Subject("fakelib", "1.0", "bleu", "fakelib.bleu(hyps, refs)", "corpus", 100.0, {},
                            lambda hyps, refs: corpus_score("bleu", hyps, refs))]
        '''), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    from bleuprint.audit import adapters

    monkeypatch.setitem(adapters.ADAPTERS, "fakelib", "fake_adapter")
    status, out, err = run(capsys, "fakelib", "--examples", "30", "--json", "-")
    assert status == 1
    data = json.loads(out)
    assert [(s["name"], s["status"]) for s in data["subjects"]] == [("fakelib:chrf", "differs"),
                                                                    ("fakelib:bleu", "exact")]
    status, out, err = run(capsys, "fakelib", "--metric", "bleu", "--examples", "30")
    assert status == 0 and "fakelib:chrf" not in out
    import shlex

    replay = shlex.split(data["subjects"][0]["classes"][0]["replay"])
    assert replay[:5] == ["bleuprint", "audit", "fakelib", "--metric", "fakelib:chrf"]
    status, out, err = run(capsys, *replay[2:])
    assert status == 1 and out.startswith("fakelib:chrf: bleuprint ") and "DIFFERENT" in out
