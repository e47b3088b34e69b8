"""``bleuprint verify --port`` on three edges of a port's answers (issue 33, item 6):

* a port that lists a metric name bleuprint does not have (``BLEU`` for ``bleu``) used
  to run no case of it and exit 0: the run fails, naming each unknown name and the
  nearest metric name;
* a port whose score is NaN or Infinity (JSON has neither: Python writes the tokens
  ``NaN``/``Infinity``, JavaScript's ``JSON.stringify`` writes ``null``) was reported as
  "got nan" or, for null, errored with "got None": the case fails, saying NaN,
  Infinity or null;
* after ``MAX_RESTARTS`` crashes the cases left were counted as errored, as if the port
  had crashed on each: they are ``untried``, apart, in the text and the JSON report
  (schema ``bleuprint_port_report_v2``, validated here against its JSON Schema).

The ports are small Python scripts written into ``tmp_path`` (or ``fake_port.py``).
"""

import json
import sys
from pathlib import Path

import jsonschema
import pytest

import bleuprint.ports
from bleuprint.cli import main
from bleuprint.ports import verify_port
from bleuprint.ports.cases import builtin_cases
from bleuprint.ports.runner import MAX_RESTARTS

FAKE = Path(__file__).with_name("fake_port.py")
SCHEMA = Path(bleuprint.ports.__file__).parent / "schemas" / "bleuprint_port_report_v2.json"

#: A port listing exact_match whose every ``run`` answer is the line ANSWER with the
#: request's seq put in (or, for ANSWER "exit", that exits with status 3).
PORT = '''
import json, sys
ANSWER = sys.argv[1]
for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "start":
        print(json.dumps({"protocol": 1, "implementation": {"name": "edge", "language": "python", "version": "0"},
                          "metrics": ["exact_match"]}), flush=True)
    elif request["cmd"] == "stop":
        break
    elif ANSWER == "exit":
        sys.exit(3)
    else:
        print(ANSWER.replace("SEQ", str(request["seq"])), flush=True)
'''


def port(tmp_path, answer: str) -> str:
    script = tmp_path / "port.py"
    script.write_text(PORT, encoding="utf-8")
    return f"'{sys.executable}' '{script}' '{answer}'"


def fake(*metrics: str) -> str:
    return " ".join([f"'{sys.executable}'", f"'{FAKE}'", "correct", *metrics])


def json_report(capsys, argv) -> tuple[int, dict]:
    capsys.readouterr()
    status = main(argv + ["--json", "-"])
    data = json.loads(capsys.readouterr().out)
    jsonschema.validate(data, json.loads(SCHEMA.read_text(encoding="utf-8")))
    return status, data


# ---------------------------------------------------------------- unknown metric names


def test_a_port_listing_only_an_unknown_name_fails_naming_it_and_the_nearest(capsys):
    """``BLEU`` is no metric of bleuprint's (names are case-sensitive registry names): no
    case is sent, and the run fails instead of passing 0 cases."""
    report, _ = verify_port(fake("BLEU"))
    assert report.outcomes == []
    assert report.unknown_metrics == [{"name": "BLEU", "suggestion": "bleu"}]
    assert not report.ok
    assert main(["verify", "--port", fake("BLEU")]) == 1
    out = capsys.readouterr().out
    assert "UNKNOWN METRIC 'BLEU'" in out and "did you mean 'bleu'?" in out
    status, data = json_report(capsys, ["verify", "--port", fake("BLEU")])
    assert status == 1 and data["ok"] is False
    assert data["unknownMetrics"] == [{"name": "BLEU", "suggestion": "bleu"}]


def test_unknown_names_beside_known_ones_fail_the_run_and_the_known_ones_still_run():
    """An alias (``meteor-1.5``) is not a protocol name: its metric's name is suggested; a
    misspelling (``chrff``) gets the closest name; a name near nothing gets none."""
    report, notes = verify_port(fake("exact_match", "meteor-1.5", "chrff", "zzzzzzzz", "chrff"))
    assert report.unknown_metrics == [{"name": "meteor-1.5", "suggestion": "meteor"},
                                      {"name": "chrff", "suggestion": "chrf"},
                                      {"name": "zzzzzzzz", "suggestion": ""}]
    assert {o.case.metric for o in report.outcomes} == {"exact_match"}
    assert report.counts()["passed"] == len(report.outcomes) > 0
    assert not report.ok
    lines = {line.split(":")[0]: line for line in report.to_text().splitlines() if line.startswith("UNKNOWN")}
    assert "did you mean 'chrf'?" in lines["UNKNOWN METRIC 'chrff'"]
    assert "did you mean" not in lines["UNKNOWN METRIC 'zzzzzzzz'"]


# ---------------------------------------------------------------- NaN and Infinity


@pytest.mark.parametrize("answer, shown", [
    ('{"seq": SEQ, "score": NaN}', "got NaN"),
    ('{"seq": SEQ, "score": Infinity}', "got Infinity"),
    ('{"seq": SEQ, "score": -Infinity}', "got -Infinity"),
    ('{"seq": SEQ, "score": null}', "got null (a JSON writer's NaN or Infinity"),
])
def test_a_score_that_is_no_finite_number_fails_saying_what_came(tmp_path, answer, shown):
    """Every valid exact-match case expects a finite score (a share of segments, 0..1), so
    each fails, and the first difference shows the value as JSON wrote it; the port kept
    the protocol, so nothing errored and it was never restarted. The cases of input that
    must be refused fail too (a score where an error was expected)."""
    report, _ = verify_port(port(tmp_path, answer))
    counts = report.counts()
    assert counts["failed"] == len(report.outcomes) > 10 and counts["errored"] == 0 and report.restarts == 0
    valid = [o for o in report.outcomes if not o.case.error]
    assert valid and all(o.difference.startswith("score: expected ") and shown in o.difference for o in valid)
    refused = [o for o in report.outcomes if o.case.error]
    assert refused and all(shown.replace("got", "got score") in o.difference for o in refused)
    assert "nan" not in report.to_text() and "None" not in report.to_text()


def test_a_null_statistic_fails_naming_its_place(tmp_path):
    """The first row's first statistic null: the first difference is ``stats[0][0]``
    (on every case with one segment, where the row count is right)."""
    report, _ = verify_port(port(tmp_path, '{"seq": SEQ, "score": 1.0, "stats": [[null]]}'))
    one_segment = [o for o in report.outcomes if not o.case.error and len(o.case.hyps) == 1]
    assert one_segment
    for outcome in one_segment:
        assert outcome.status == "failed"
        assert outcome.difference.startswith(f"stats[0][0]: expected {outcome.case.stats[0][0]!r}, got null")


# ---------------------------------------------------------------- crashed apart from untried


def test_after_the_last_restart_the_rest_are_untried_not_errored(tmp_path, capsys):
    """A port that exits on every ``run``: case 1 crashes and the port is restarted (1),
    ..., case 10 crashes, restart 10; case 11 crashes with the 10 restarts used, so it is
    given up on: cases 12 to N are never sent. Errored MAX_RESTARTS + 1 = 11, untried
    N - 11, where N is the number of exact match's built-in cases."""
    total = len(builtin_cases(["exact_match"])[0])
    assert total > MAX_RESTARTS + 1
    report, _ = verify_port(port(tmp_path, "exit"))
    counts = report.counts()
    assert counts["errored"] == MAX_RESTARTS + 1 and counts["untried"] == total - MAX_RESTARTS - 1
    assert counts["passed"] == counts["failed"] == 0 and report.restarts == MAX_RESTARTS and not report.ok
    assert all("not sent" in o.detail for o in report.outcomes if o.status == "untried")
    assert all("not sent" not in o.detail for o in report.outcomes if o.status == "errored")
    text = report.to_text()
    assert f"UNTRIED {total - 11} cases: not sent: the port was restarted {MAX_RESTARTS} times" in text
    assert f"11 errored, 0 timeout, 0 skipped, {total - 11} untried of {total} cases" in text
    status, data = json_report(capsys, ["verify", "--port", port(tmp_path, "exit")])
    assert status == 1
    assert data["counts"]["errored"] == 11 and data["counts"]["untried"] == total - 11
    assert data["byFile"]["builtin/exact_match"]["untried"] == total - 11
    assert sum(o["status"] == "untried" for o in data["outcomes"]) == total - 11


def test_untried_cases_do_not_count_as_sent_for_the_probable_pitfalls():
    """Three cases carry the pitfall flag s01: one failed, two untried. The similarity is
    over the cases sent: failed with s01 / (sent with s01 + failed - failed with s01) =
    1 / (1 + 1 - 1) = 1.0; counting the untried as sent would make it 1 / 3."""
    from bleuprint.ports.runner import Case, Outcome, Report

    def case(i):
        return Case(id=f"c{i}", file="f", metric="bleu", options={}, hyps=["a"], refs=[["a"]], score=1.0,
                    flags=("s01",), pitfalls=("s01",))

    report = Report([Outcome(case(1), "failed", "x"), Outcome(case(2), "untried", "not sent: y"),
                     Outcome(case(3), "untried", "not sent: y")])
    assert report.likely_pitfalls() == [{"flag": "s01", "failed": 1, "sent": 1, "similarity": 1.0, "note": ""}]
