"""The kill-matrix runner, its reports and the grader, on small suites written here."""

import json
import textwrap
from pathlib import Path

import pytest

from bleuprint.mutants import report, runner
from bleuprint.mutants.catalogue import all_mutants, get

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema validates the Stryker report (test extra)")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "graded_suites"
SCHEMA = Path(__file__).resolve().parent / "data" / "mutation-testing-report-schema.json"

SUITE = '''
from bleuprint.spec import bleu_stats, exact_match

def test_clipping():
    """'the' x4 against 'the cat': one clipped unigram match."""
    assert bleu_stats("the the the the", ["the cat"])[2] == 1

def test_clipping_again():
    """The same property from a second test: both must appear as killers of s01."""
    assert bleu_stats("a a a", ["a b"])[2] == 1

def test_lengths_only():
    """Reaches the clipping code but only checks the lengths: covers s01, cannot kill it."""
    assert bleu_stats("the the", ["the cat"])[:2] == [2, 2]

def test_exact_match_unrelated():
    """Never reaches BLEU: s01 is not covered by it."""
    assert exact_match(["a"], ["a"]) == 1.0
'''


@pytest.fixture(scope="module")
def matrix(tmp_path_factory):
    folder = tmp_path_factory.mktemp("suite")
    (folder / "test_small_suite.py").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    return runner.run([str(folder), f"--rootdir={folder}"], [get("s01"), get("s16"), get("x00")])


def test_matrix_records_every_killer_and_coverage(matrix):
    """s01 is killed by both clipping tests (not only the first), covered but survived by
    the lengths test, not covered by the exact-match test. x00 is killed by every test.
    s16 (exact match case) survives: the suite never compares different cases."""
    killers = {t.split("::")[-1] for t in matrix.killers("s01")}
    assert killers == {"test_clipping", "test_clipping_again"}
    covering = {t.split("::")[-1] for t in matrix.covering("s01")}
    assert covering == {"test_clipping", "test_clipping_again", "test_lengths_only"}
    assert matrix.status("s16") == runner.SURVIVED
    assert len(matrix.killers("x00")) == 4
    assert [m.id for m in matrix.survivors] == ["s16"]


def test_first_kill_stops_each_mutant_at_its_first_killer(tmp_path):
    """With ``first_kill`` (verify's row), s01 is run only until test_clipping kills it:
    test_clipping_again and test_lengths_only do not run it (so no cell); x00 likewise
    stops at the first test; s16 still runs under every test that covers it, and survives.
    The statuses are those of the full matrix above."""
    (tmp_path / "test_small_suite_first_kill.py").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    quick = runner.run([str(tmp_path), f"--rootdir={tmp_path}"], [get("s01"), get("s16"), get("x00")],
                       first_kill=True)
    assert [t.split("::")[-1] for t in quick.killers("s01")] == ["test_clipping"]
    assert len(quick.killers("x00")) == 1
    assert (quick.status("s01"), quick.status("x00"), quick.status("s16")) == (
        runner.KILLED, runner.KILLED, runner.SURVIVED)
    assert [m.id for m in quick.survivors] == ["s16"]


def test_summary_names_single_killers_and_containment(matrix):
    """s16 has no killer; x00's kill set (all 4 tests) contains s01's (2 tests)."""
    assert ("x00", "s01") in report.subsumed_pairs(matrix)
    text = report.summary(matrix)
    assert "SURVIVED: s16" in text


def test_stryker_report_is_valid(matrix, tmp_path):
    """The report validates against Stryker's published schema and carries killedBy and
    coveredBy with test ids listed under testFiles."""
    path = tmp_path / "stryker.json"
    report.write_stryker(matrix, path)
    document = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(document, json.loads(SCHEMA.read_text(encoding="utf-8")))
    mutants = {m["id"]: m for f in document["files"].values() for m in f["mutants"]}
    assert mutants["s01"]["status"] == "Killed" and len(mutants["s01"]["killedBy"]) == 2
    assert mutants["s16"]["status"] == "Survived"
    listed = {t["id"] for f in document["testFiles"].values() for t in f["tests"]}
    assert set(mutants["s01"]["coveredBy"]) <= listed


def test_grade_of_the_example_suites():
    """The thorough example kills every mutant and passes; the gappy one misses clipping,
    the closest reference, the best chrF reference and the strip, and fails."""
    mutants = all_mutants()
    thorough = report.grade(runner.run([str(EXAMPLES / "thorough"), f"--rootdir={EXAMPLES / 'thorough'}"], mutants))
    gappy = report.grade(runner.run([str(EXAMPLES / "gappy"), f"--rootdir={EXAMPLES / 'gappy'}"], mutants))
    assert thorough["passed"] and thorough["fraction"] >= report.PASS_FRACTION
    assert not gappy["passed"]
    assert {"s01", "s02", "s14", "s17", "r01"} <= set(gappy["semantic_survivors"])
