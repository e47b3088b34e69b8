"""``bleuprint verify --port`` against the fake ports of ``fake_port.py`` (one per mode).

The expected outcomes follow from what each mode does, not from the runner's output: the
planted fault "shortest reference" must fail the edge corpus whose references are 2, 7
and 12 words long for a 7-word hypothesis (closest 7, shortest 2: stats column 1, the
reference length, 7 versus 2 with the 13a tokenizer); the crash mode exits on the one
corpus with a single empty hypothesis; and so on.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bleuprint.cli import main
from bleuprint.ports import Port, PortError, PortTimeout, ProtocolError, verify_port
from bleuprint.ports.protocol import check_answer, decode

FAKE = Path(__file__).with_name("fake_port.py")


def command(mode: str, *metrics: str) -> str:
    return " ".join([f"'{sys.executable}'", f"'{FAKE}'", mode, *metrics])


def statuses(report) -> dict:
    return {o.case.id: o.status for o in report.outcomes}


def test_correct_port_passes_everything_and_exits_0(capsys):
    assert main(["verify", "--port", command("correct", "exact_match", "bleu", "chrf")]) == 0
    out = capsys.readouterr().out
    assert " 0 failed, 0 errored, 0 timeout, 0 skipped" in out
    assert "builtin/bleu" in out and "builtin/chrf" in out and "builtin/exact_match" in out


def test_shortest_reference_fault_fails_naming_case_value_and_flag(capsys):
    report, _ = verify_port(command("shortest_ref", "bleu"))
    outcome = {o.case.id: o for o in report.outcomes}["bleu/defaults/edge/reference-lengths"]
    assert outcome.status == "failed"
    assert "bleu/defaults/edge/reference-lengths: stats[0][1]: expected 7, got 2" in outcome.detail
    assert "closest is not the shortest" in outcome.detail  # the flag's note
    assert not report.ok
    assert report.by_flag()["edge:reference-lengths"]["failed"] >= 1
    assert main(["verify", "--port", command("shortest_ref", "bleu")]) == 1
    assert "FAILED bleu/" in capsys.readouterr().out


def test_crash_is_errored_with_exit_status_and_the_rest_still_run():
    report, _ = verify_port(command("crash", "exact_match"))
    found = statuses(report)
    assert found.pop("exact_match/defaults/edge/empty-hypothesis") == "errored"
    assert set(found.values()) == {"passed"}
    detail = [o.detail for o in report.outcomes if o.status == "errored"][0]
    assert "exited with status 3 before answering run seq" in detail
    assert report.restarts == 1 and not report.ok


def test_a_slow_start_is_not_a_timeout():
    """The hello is awaited at least START_TIMEOUT (30 s), whatever the answer timeout: a
    port that takes 1 s to start answers ``start`` and is then held to 0.3 s per request."""
    from bleuprint.ports.process import START_TIMEOUT

    assert START_TIMEOUT >= 30
    with Port(command("slow_start", "exact_match"), timeout=0.3) as port:
        assert port.start().metrics == ("exact_match",)
        assert port.run("exact_match", {}, ["a"], [["a"]]) is not None


def test_hang_is_a_timeout(capsys):
    started = __import__("time").perf_counter()
    code = main(["verify", "--timeout", "0.5", "--port", command("hang", "exact_match")])
    assert code == 1
    out = capsys.readouterr().out
    assert "TIMEOUT exact_match/defaults/edge/pooled: the port did not answer run seq" in out
    assert "within 0.5 s" in out
    assert __import__("time").perf_counter() - started < 20


def test_garbage_is_errored_with_the_line_quoted():
    report, _ = verify_port(command("garbage", "exact_match"))
    errored = [o for o in report.outcomes if o.status == "errored"]
    assert errored and all("not JSON: 'this is not json'" in o.detail for o in errored)
    assert statuses(report)["exact_match/defaults/edge/case"] == "errored"


def test_skips_are_reported_and_never_passed(capsys):
    report, _ = verify_port(command("skip", "chrf"))
    found = statuses(report)
    assert found["chrf/word_order=2/hand/cat-cats"] == "skipped"
    assert found["chrf/defaults/hand/cat-cats"] == "passed"
    assert report.counts()["skipped"] == 2 * 12  # two chrF++ configurations x 12 corpora
    assert report.ok  # a skip is not a failure...
    assert report.counts()["passed"] == len(found) - 24  # ...nor a pass
    assert main(["verify", "--port", command("skip", "chrf"), "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["schema"] == "bleuprint_port_report_v2" and data["counts"]["skipped"] == 24


def test_unlisted_metrics_get_no_cases_and_unknown_ones_fail_the_run():
    report, notes = verify_port(command("correct", "exact_match", "no_such_metric"))
    assert {o.case.metric for o in report.outcomes} == {"exact_match"}
    assert [item["name"] for item in report.unknown_metrics] == ["no_such_metric"] and not report.ok
    assert "UNKNOWN METRIC 'no_such_metric'" in report.to_text()


def test_start_failures_are_one_line_messages(capsys):
    assert main(["verify", "--port", command("bad_hello")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("bleuprint: port") and "protocol 2" in err and "Traceback" not in err
    assert main(["verify", "--port", "no-such-program-xyz"]) == 1
    assert "no such program 'no-such-program-xyz'" in capsys.readouterr().err
    assert main(["verify", "--port", "'unclosed"]) == 1
    assert "cannot split the port command" in capsys.readouterr().err


def test_cli_has_no_traceback_on_a_dying_port():
    run = subprocess.run([sys.executable, "-m", "bleuprint", "verify", "--port", command("crash", "exact_match")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert "Traceback" not in run.stdout + run.stderr
    assert "ERRORED exact_match/defaults/edge/empty-hypothesis" in run.stdout


def test_bad_timeout_and_vectors_are_usage_errors(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["verify", "--timeout", "0", "--port", command("correct")])
    assert exit_info.value.code == 2
    with pytest.raises(SystemExit) as exit_info:
        main(["verify", "--vectors", "/no/such/dir", "--port", command("correct")])
    assert exit_info.value.code == 2


@pytest.mark.parametrize("line, message", [
    (b"[1, 2]\n", "not an object"),
    (b"\xff\xfe\n", "not UTF-8"),
    (b"{\"seq\": 1\n", "not JSON"),
])
def test_decode_refuses_what_is_not_one_object(line, message):
    with pytest.raises(ProtocolError, match=message):
        decode(line)


@pytest.mark.parametrize("answer, message", [
    ({"seq": 2, "score": 1.0}, "has seq 2"),
    ({"seq": 1}, "exactly one of score, error, skipped; it has none"),
    ({"seq": 1, "score": 1.0, "error": "x"}, "it has score, error"),
    ({"seq": 1, "score": "1.0"}, "must be a number"),
    ({"seq": 1, "score": True}, "must be a number"),
    ({"seq": 1, "score": 1.0, "stats": [1, 2]}, "list of rows"),
    ({"seq": 1, "skipped": "yes"}, "a skip is"),
])
def test_check_answer_refuses_bad_shapes(answer, message):
    with pytest.raises(ProtocolError, match=message):
        check_answer(answer, 1)


def test_port_object_timeout_and_exit():
    with Port(command("hang", "exact_match"), timeout=0.3) as port:
        assert port.start().metrics == ("exact_match",)
        with pytest.raises(PortTimeout):
            port.run("exact_match", {}, ["a", "b", "c"], [["a"], ["b"], ["c"]])
    with Port(command("crash", "exact_match"), timeout=5) as port:
        port.start()
        with pytest.raises(PortError, match="exited with status 3"):
            port.run("exact_match", {}, [""], [["a"]])
    with pytest.raises(ValueError):
        Port("x", timeout=0)


def test_the_documented_harness_passes(tmp_path):
    """The harness of docs/port-protocol.md, copied as its readers would, is a port that
    passes every exact-match case (it is exact match as the spec defines it)."""
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "port-protocol.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", doc, re.S)[0]
    assert 40 <= len(code.splitlines()) <= 60
    harness = tmp_path / "harness.py"
    harness.write_text(code, encoding="utf-8")
    report, _ = verify_port(f"'{sys.executable}' '{harness}'")
    assert report.ok and report.counts()["passed"] == len(report.outcomes) > 10


def test_vectors_without_port_is_a_usage_error():
    with pytest.raises(SystemExit) as exit_info:
        main(["verify", "--vectors", "x"])
    assert exit_info.value.code == 2


def test_vector_files_are_read_and_bad_layouts_are_sent_as_given(tmp_path):
    """A vector file in the layout of issue 14 item 1, written here: a valid test (the
    hand example of exact match: 2 of 3 match, 2/3) and an invalid one whose hyps is a
    string, not a list; the correct port must pass both (it refuses the second)."""
    vectors = {
        "schema": "bleuprint_metric_vectors_v1.json", "metric": "exact_match",
        "notes": {"Strip": {"description": "white space at the ends", "effect": "no strip", "mutants": ["m1"]}},
        "testGroups": [{"options": {}, "tests": [
            {"tcId": 1, "comment": "", "flags": ["Strip"], "hyps": ["a", " b\n", "c"],
             "refs": [["a"], ["b"], ["d"]], "result": "valid",
             "expected": {"score": 2 / 3, "stats": [[1], [1], [0]]}},
            {"tcId": 2, "comment": "", "flags": [], "hyps": "a", "refs": [["a"]], "result": "invalid",
             "error": "TypeError"},
        ]}],
    }
    (tmp_path / "exact_match_defaults.json").write_text(json.dumps(vectors), encoding="utf-8")
    (tmp_path / "index.json").write_text("{}", encoding="utf-8")
    report, _ = verify_port(command("correct", "exact_match"), vectors=tmp_path)
    assert statuses(report) == {"exact_match_defaults.json#1": "passed", "exact_match_defaults.json#2": "passed"}
    vectors["testGroups"][0]["tests"][0]["expected"]["stats"] = [[1], [0], [0]]
    (tmp_path / "exact_match_defaults.json").write_text(json.dumps(vectors), encoding="utf-8")
    report, _ = verify_port(command("correct", "exact_match"), vectors=tmp_path)
    failed = report.outcomes[0]
    assert failed.status == "failed" and "stats[1][0]: expected 0, got 1" in failed.detail
    assert "Strip: white space at the ends; no strip (mutants: m1)" in failed.detail


def _squad_v2_vectors(tmp_path) -> Path:
    """A SQuAD v2.0 vector file of schema v2, written here, with one test of each kind:

    * #1, a missing prediction (null) and an unanswerable question (``[]``): hyps
      [null, "Paris", "x"], refs [["a"], ["paris"], []]. v2.0 skips the missing one (row
      [EM, F1, answered] = [0, 0, 0]); "Paris" vs "paris" normalize alike: [1, 1, 1]; "x"
      against no answer (gold [""]): not empty, [0, 0, 1]. F1 = 100 * (1 + 0) / 2 = 50.
    * #2, strings only: "Paris" vs ["paris"]: [1, 1, 1], F1 100.
    * #3, an exact_match test of schema v1 in another file: "a" vs ["a"] matches, stats
      [[1]], score 1 of 1 = 1.0; it runs before squad's (files in name order).
    """
    squad = {"schema": "bleuprint_metric_vectors_v2.json", "metric": "squad", "notes": {},
             "testGroups": [{"options": {"version": "2.0", "value": "f1"}, "tests": [
                 {"tcId": 1, "flags": ["MissingPrediction"], "hyps": [None, "Paris", "x"],
                  "refs": [["a"], ["paris"], []], "result": "valid",
                  "expected": {"score": 50.0, "stats": [[0, 0, 0], [1, 1.0, 1], [0, 0, 1]]}},
                 {"tcId": 2, "flags": [], "hyps": ["Paris"], "refs": [["paris"]], "result": "valid",
                  "expected": {"score": 100.0, "stats": [[1, 1.0, 1]]}}]}]}
    em = {"schema": "bleuprint_metric_vectors_v1.json", "metric": "exact_match", "notes": {},
          "testGroups": [{"options": {}, "tests": [
              {"tcId": 3, "flags": [], "hyps": ["a"], "refs": [["a"]], "result": "valid",
               "expected": {"score": 1.0, "stats": [[1]]}}]}]}
    (tmp_path / "squad_defaults.json").write_text(json.dumps(squad), encoding="utf-8")
    (tmp_path / "exact_match_defaults.json").write_text(json.dumps(em), encoding="utf-8")
    return tmp_path


def test_schema_v2_cases_reach_only_ports_that_list_the_metric(tmp_path):
    """Vector schema v2 (null hypotheses, empty reference lists) to ports of every kind:
    a port that does not list squad is sent nothing of it (skipped, run ok); one that
    lists it gets the null as JSON null and the empty list as ``[]`` (the correct port
    passes, a port that skips them is skipped there and passes the rest); one that dies on
    the null is ``errored`` on that case only, restarted, and the later cases still run."""
    vectors = _squad_v2_vectors(tmp_path)
    report, _ = verify_port(command("correct", "exact_match"), vectors=vectors)
    assert statuses(report) == {"exact_match_defaults.json#3": "passed", "squad_defaults.json#1": "skipped",
                                "squad_defaults.json#2": "skipped"}
    assert report.ok
    report, _ = verify_port(command("correct", "exact_match", "squad"), vectors=vectors)
    assert set(statuses(report).values()) == {"passed"} and report.ok
    report, _ = verify_port(command("skip_null", "exact_match", "squad"), vectors=vectors)
    assert statuses(report) == {"exact_match_defaults.json#3": "passed", "squad_defaults.json#1": "skipped",
                                "squad_defaults.json#2": "passed"}
    report, _ = verify_port(command("v1_strings", "exact_match", "squad"), vectors=vectors)
    assert statuses(report) == {"exact_match_defaults.json#3": "passed", "squad_defaults.json#1": "errored",
                                "squad_defaults.json#2": "passed"}
    assert not report.ok


def test_cli_reports_a_port_dying_on_a_null_hypothesis_without_traceback(tmp_path, capsys):
    vectors = _squad_v2_vectors(tmp_path)
    assert main(["verify", "--port", command("v1_strings", "exact_match", "squad"), "--vectors", str(vectors)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert "ERRORED squad_defaults.json#1" in captured.out and "2 passed" in captured.out
