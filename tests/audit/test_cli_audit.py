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


NOISY = textwrap.dedent('''\
    from bleuprint.spec.corpus import corpus_score

    def chrf_plus_tiny(hypothesis, references):
        """chrF plus 1e-7 (on 0-100): a difference of 1e-7 relative at most."""
        return corpus_score("chrf", [hypothesis], [references]) + 1e-7

    def one_reference_only(hypothesis, references):
        """chrF that refuses a second reference, as a library taking one would."""
        if len(references) != 1:
            raise TypeError("one reference only")
        return corpus_score("chrf", [hypothesis], [references])
    ''')


@pytest.fixture
def noisy(tmp_path):
    path = tmp_path / "noisy.py"
    path.write_text(NOISY, encoding="utf-8")
    return path


def test_tolerance_option(capsys, noisy):
    """At the default 1e-9 the 1e-7 offset is a finding (noise, exit 1); at --tolerance 1e-6
    it is not (exit 0)."""
    common = [f"{noisy}:chrf_plus_tiny", "--as", "chrf", "--level", "sentence", "--examples", "40"]
    status, out, _ = run(capsys, *common)
    assert status == 1 and "numeric noise" in out
    status, out, _ = run(capsys, *common, "--tolerance", "1e-6")
    assert status == 0 and "relative tolerance of 1e-06" in out


def test_max_refs_option(capsys, noisy):
    """A library that takes one reference raises on two; --max-refs 1 never gives it two."""
    common = [f"{noisy}:one_reference_only", "--as", "chrf", "--level", "sentence", "--examples", "60"]
    status, out, _ = run(capsys, *common)
    assert status == 1 and "one reference only" in out
    status, out, _ = run(capsys, *common, "--max-refs", "1")
    assert status == 0


@pytest.mark.parametrize("argv, message", [(["--tolerance", "x"], "--tolerance takes a number"),
                                           (["--tolerance", "2"], "--tolerance takes a number"),
                                           (["--max-refs", "0"], "--max-refs takes a whole number >= 1")])
def test_bad_tolerance_and_max_refs(capsys, library, argv, message):
    status, _, err = run(capsys, f"{library}:chrf_fraction", "--as", "chrf", "--level", "sentence", *argv)
    assert status == 2 and err.startswith("bleuprint: audit: ") and message in err


def test_markdown_escapes_invisible_characters():
    """A minimal input holding a no-break space, a carriage return and a zero-width space is
    shown with JSON escapes, and the shown text is the same JSON (it copies exactly)."""
    from bleuprint.audit.report import _code

    shown = _code(["a\xa0b\r\u200bc"])
    assert shown == '`["a\\u00a0b\\r\\u200bc"]`'
    assert json.loads(shown.strip("`")) == ["a\xa0b\r\u200bc"]


def test_case_replay_reads_the_tolerance(capsys, noisy):
    """One input of chrF plus 1e-7: DIFFERENT at 1e-9 (exit 1), equal at --tolerance 1e-6 (exit 0)."""
    common = [f"{noisy}:chrf_plus_tiny", "--as", "chrf", "--level", "sentence", "--case",
              '{"hyps": ["a b c"], "refs": [["a b d"]]}']
    status, out, _ = run(capsys, *common)
    assert status == 1 and "DIFFERENT" in out
    status, out, _ = run(capsys, *common, "--tolerance", "1e-6")
    assert status == 0 and "equal" in out
