"""``bleuprint fuzz --port`` against the fake ports of ``fake_port.py``.

What is expected follows from each fake port's mode, not from the fuzzer's output: the
correct port answers with the spec, so no example may disagree; each planted fault of
the fake port is written there independently of the spec's mutants (unclipped matches,
the shortest reference, always lowercasing, chrF's last reference), and the fuzzer must
find it, shrink it to a small input (bound: at most 2 segments, at most 3 references per
segment and at most 8 words in all), and name the spec mutant that has the same fault
(s01, s02, s10, s14, the ids the vector files use). ``crash_two`` exits with status 3 on
any corpus of two or more segments: the minimal input is then two segments.
"""

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from bleuprint.spec import corpus as spec
from bleuprint.cli import main
from bleuprint.ports.fuzz import FuzzUsageError, MetricNotListed, fuzz_port
from bleuprint.core.value import metric as configured

FAKE = Path(__file__).with_name("fake_port.py")

#: The bound on a minimal input (module doc).
MAX_SEGMENTS, MAX_REFS, MAX_WORDS = 2, 3, 8


def command(mode: str, *metrics: str) -> str:
    return " ".join([shlex.quote(sys.executable), shlex.quote(str(FAKE)), mode, *metrics])


def words(finding) -> int:
    return sum(len(h.split()) for h in finding.hyps) + sum(len(r.split()) for rs in finding.refs for r in rs)


@pytest.mark.parametrize("metric", ["exact_match", "bleu", "chrf", "ter"])
def test_correct_port_never_disagrees(metric, capsys):
    assert main(["fuzz", "--port", command("correct", metric), "--metric", metric, "--examples", "100"]) == 0
    out = capsys.readouterr().out
    assert "100 examples, no disagreement (0 skipped) in" in out
    assert "the port skips none" in out


@pytest.mark.parametrize("mode, metric, mutant", [
    ("unclipped", "bleu", "s01"),
    ("shortest_ref", "bleu", "s02"),
    ("lowercase", "bleu", "s10"),
    ("last_ref", "chrf", "s14"),
])
def test_planted_fault_is_found_shrunk_and_named(mode, metric, mutant):
    report = fuzz_port(command(mode, metric), metric, examples=200, seed=0)
    finding = report.finding
    assert finding is not None and finding.status == "failed"
    assert len(finding.hyps) <= MAX_SEGMENTS and all(len(rs) <= MAX_REFS for rs in finding.refs)
    assert words(finding) <= MAX_WORDS, finding.describe()
    # The minimal input really separates them: the spec's own rows differ from the port's.
    rows = spec.segment_rows(configured(metric, **finding.options), finding.hyps, finding.refs)
    assert rows == finding.expected["stats"] != finding.answer["stats"]
    ids = [m["id"] for m in finding.mutants]
    assert mutant in ids, finding.describe()
    text = report.to_text()
    assert f"the port behaves like mutant {mutant} (" in text
    assert "first differing statistic: segment " in text and "replay: bleuprint fuzz --port " in text
    assert not report.ok


def test_unclipped_is_not_taken_for_the_other_faults():
    """Only mutants that give the port's very answer are named: unclipped matches change
    a match count, never the reference length (s02) or the case rule alone (s10)."""
    finding = fuzz_port(command("unclipped", "bleu"), "bleu", examples=200).finding
    ids = {m["id"] for m in finding.mutants}
    assert "s01" in ids and not ids & {"s02", "s10", "s14"}
    assert finding.first_stat["column"] >= 2  # a match column: [c, r, m_1..m_4, t_1..t_4]


def test_same_seed_same_examples_and_minimal_input_and_the_replay_reruns_it(tmp_path):
    """The replay runs in another process, from another directory (Hypothesis's pool of
    constants from loaded modules must not change the examples)."""
    first = fuzz_port(command("shortest_ref", "bleu"), "bleu", examples=60, seed=7, keep_drawn=True)
    second = fuzz_port(command("shortest_ref", "bleu"), "bleu", examples=60, seed=7, keep_drawn=True)
    assert first.drawn == second.drawn and len(first.drawn) == first.ran
    assert first.finding is not None
    assert first.finding.describe() == second.finding.describe()
    other = fuzz_port(command("correct", "bleu"), "bleu", examples=20, seed=8, keep_drawn=True)
    assert other.drawn[:5] != first.drawn[:5]  # the seed matters
    replay = shlex.split(first.replay_command())
    assert replay[:2] == ["bleuprint", "fuzz"] and "--seed" in replay and replay[replay.index("--seed") + 1] == "7"
    run = subprocess.run([sys.executable, "-m", "bleuprint", *replay[1:], "--json", "-"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    data = json.loads(run.stdout)
    assert data["schema"] == "bleuprint_fuzz_report_v2" and data["replay"] == first.replay_command()
    assert (data["finding"]["hyps"], data["finding"]["refs"]) == (first.finding.hyps, first.finding.refs)


def test_a_crashing_port_is_errored_with_a_clear_message_and_no_traceback():
    run = subprocess.run([sys.executable, "-m", "bleuprint", "fuzz", "--port", command("crash_two", "chrf"),
                          "--metric", "chrf", "--examples", "50"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert "Traceback" not in run.stdout + run.stderr
    assert "DISAGREEMENT (errored)" in run.stdout
    assert "the port exited with status 3 before answering run seq" in run.stdout
    assert "no planted mutant is compared" in run.stdout
    report = fuzz_port(command("crash_two", "chrf"), "chrf", examples=50)
    assert report.finding.status == "errored" and len(report.finding.hyps) == 2  # crashes from 2 segments on
    assert report.restarts >= 1


def test_skips_are_counted_and_are_not_disagreements(capsys):
    assert main(["fuzz", "--port", command("skip", "chrf"), "--metric", "chrf", "--examples", "40"]) == 0
    out = capsys.readouterr().out
    skipped = int(out.split("no disagreement (")[1].split(" skipped")[0])
    assert 0 < skipped < 40  # chrF++ (word_order > 0) is skipped, chrF is not
    # word_order is a free int (no finite set of values in its Option data): not probed
    assert "the port skips none" in out


def test_the_probe_excludes_exactly_the_skipped_values_and_they_are_not_drawn(tmp_path, monkeypatch):
    """``skip_tokenize`` skips BLEU unless tokenize is 13a or none. BLEU's options with a
    finite set of values: tokenize (13a, none, intl, zh, char; default 13a), lowercase
    and effective_order (bools, default False), smooth_method (exp, none, floor, add-k;
    default exp), smooth_value (nullable, default None); max_ngram_order is a free int.
    So the probes are 1 at the defaults + 4 + 1 + 3 + 0 + 1 = 10, and exactly intl, zh
    and char are excluded. Every request after the probes is an example (none is
    skipped), and none of them carries an excluded tokenizer."""
    log = tmp_path / "requests.jsonl"
    monkeypatch.setenv("FAKE_PORT_LOG", str(log))
    report = fuzz_port(command("skip_tokenize", "bleu"), "bleu", examples=100, seed=0)
    assert report.ok and report.ran == 100 and report.skipped == 0
    assert report.probe.probes == 10
    assert report.probe.describe() == {"tokenize": ["intl", "zh", "char"]}
    data = report.to_json()
    assert data["notDrawn"] == {"tokenize": ["intl", "zh", "char"]} and data["probes"] == 10
    assert "probe: 10 runs, not drawn: the port skips tokenize=intl, tokenize=zh, tokenize=char" in report.to_text()
    requests = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    probes, examples = requests[:10], requests[10:]
    defaults = {"tokenize": "13a", "lowercase": False, "smooth_method": "exp", "smooth_value": None,
                "max_ngram_order": 4, "effective_order": False}
    assert probes[0]["options"] == defaults
    for request in probes[1:]:  # one option changed each
        changed = {k for k, v in request["options"].items() if defaults[k] != v}
        assert len(changed) == 1, request["options"]
    assert {r["options"]["tokenize"] for r in probes} == {"13a", "none", "intl", "zh", "char"}
    assert len(examples) == 100
    assert {r["options"]["tokenize"] for r in examples} == {"13a", "none"}
    # the rest of each draw is kept: the other options still vary
    assert {r["options"]["lowercase"] for r in examples} == {False, True}
    assert len({r["options"]["smooth_method"] for r in examples}) == 4


def test_a_port_skipping_the_defaults_is_one_line_and_exit_2(capsys):
    assert main(["fuzz", "--port", command("skip_all", "bleu"), "--metric", "bleu", "--examples", "5"]) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert err.startswith("bleuprint: port ") and "the port skips bleu at its default options" in err
    assert err.count("\n") == 1 and "Traceback" not in err and captured.out == ""


def test_a_port_lacking_the_metric_is_one_line_and_exit_2(capsys):
    assert main(["fuzz", "--port", command("correct", "chrf"), "--metric", "bleu", "--examples", "5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bleuprint: port ") and "does not list metric 'bleu' (it lists: chrf)" in err
    assert err.count("\n") == 1
    with pytest.raises(MetricNotListed):
        fuzz_port(command("correct", "chrf"), "bleu", examples=5)


@pytest.mark.parametrize("argv, message", [
    (["--metric", "bleu", "--examples", "0"], "--examples takes a whole number >= 1, got 0"),
    (["--metric", "no_such_metric"], "unknown metric 'no_such_metric'"),
    (["--metric", "bleu", "--seed", "-1"], "--seed takes a whole number >= 0"),
    (["--metric", "bleu", "--timeout", "0"], "--timeout takes a positive number"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv, message, capsys):
    assert main(["fuzz", "--port", command("correct", "bleu"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bleuprint: fuzz: ") and message in err and err.count("\n") == 1
    with pytest.raises(FuzzUsageError):
        fuzz_port(command("correct", "bleu"), "bleu", examples=0)


def test_port_start_failures_exit_2(capsys):
    assert main(["fuzz", "--port", "no-such-program-xyz", "--metric", "bleu"]) == 2
    assert "no such program 'no-such-program-xyz'" in capsys.readouterr().err
    assert main(["fuzz", "--port", command("bad_hello"), "--metric", "bleu"]) == 2
    assert "protocol 2" in capsys.readouterr().err


@pytest.mark.parametrize("mode, metric, named, not_named", [
    ("utf16_chrf", "chrf", "pf04", "s11"),
    ("js_trim", "exact_match", "pf02", "s17"),
])
def test_a_language_fault_is_named_only_once_confirmed(mode, metric, named, not_named):
    """The issue's reproduction: a chrF port counting UTF-16 code units (JavaScript's string
    length) and an exact match stripping with JavaScript's trim() (written in fake_port.py,
    not by switching the catalogue's faults on). On the minimal input alone other faults
    give the same answer (s11, chrF keeping white space, for an astral character; s17, no
    strip at all, for a U+001F at an end), so the diagnosis names only the port fault that
    also explains the port on further inputs, and says which further input refuted the
    other one."""
    report = fuzz_port(command(mode, metric), metric, examples=200, seed=0)
    finding = report.finding
    assert finding is not None and finding.status == "failed"
    assert [f["id"] for f in finding.port_faults] == [named], finding.describe()
    assert not_named not in {m["id"] for m in finding.mutants + finding.other_mutants}
    assert finding.confirmation["disagreements"] >= 1
    text = report.to_text()
    assert f"the port behaves like port fault {named} (" in text and f"mutant {not_named} " not in text


def test_a_strip_set_no_fault_has_is_not_named():
    """An exact match stripping only spaces and tabs: on its minimal input it answers as
    s17 (no strip), but a further input with a space at an end refutes s17, and no other
    planted mutant or port fault explains it: "no known fault explains it"."""
    report = fuzz_port(command("space_tab_strip", "exact_match"), "exact_match", examples=200, seed=0)
    finding = report.finding
    assert finding is not None and finding.status == "failed"
    assert not finding.mutants and not finding.other_mutants and not finding.port_faults
    assert "diagnosis: no known fault explains it" in report.to_text()
    data = report.to_json()
    assert data["schema"] == "bleuprint_fuzz_report_v2"
    assert all(entry["id"] != "s17" for entry in data["finding"]["mutants"])
