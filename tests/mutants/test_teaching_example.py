"""The teaching exercise of examples/teaching: its weak suite, graded against the generated
mutants of exact match, the survivors its README names, and the tests that `explain`
prints killing every killable survivor."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bleuprint.mutants import generate, runner, search

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "teaching"
SUITE = EXAMPLE / "weak_suite"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The README's first command, run as the student runs it."""
    folder = tmp_path_factory.mktemp("teaching")
    completed = subprocess.run(
        [sys.executable, "-m", "bleuprint.cli", "mutants", "grade", str(SUITE), "--generated", "--scope",
         "exact_match", "--json", str(folder / "grade.json")],
        capture_output=True, text=True, timeout=600)
    return completed, json.loads((folder / "grade.json").read_text(encoding="utf-8"))


def test_the_weak_suite_fails_the_grade_with_the_readmes_survivors(graded):
    """The weak suite passes on the spec (no baseline failure), kills some mutants, fails
    the grade, and the three survivors the README quotes are among the survivors."""
    completed, data = graded
    assert completed.returncode == 1 and "GRADE: FAIL" in completed.stdout
    assert data["matrix"]["baseline_failures"] == []
    assert 0 < data["grade"]["killed"] < data["grade"]["total"] == len(generate.module_mutants(
        "bleuprint.metrics.exact_match.spec", "e"))
    readme = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    assert f"generates {data['grade']['total']} mutants" in " ".join(readme.split())
    quoted = [line.split()[1].rstrip(":") for line in readme.splitlines() if line.startswith("survived ge-")]
    assert len(quoted) == 3
    survivors = {s["id"] for s in data["grade"]["survivors"]}
    assert set(quoted) <= survivors
    for mutant_id in quoted:
        assert f"survived {mutant_id}" in completed.stdout


README_SURVIVORS = ("ge-0d33a5", "ge-e9660d", "ge-97472b")


def test_the_printed_tests_kill_the_readmes_survivors(tmp_path):
    """The tests `explain` prints for the three survivors the README quotes, beside the weak
    suite, kill all three (each printed test passes on the spec)."""
    by_id = {m.id: m for m in generate.module_mutants("bleuprint.metrics.exact_match.spec", "e")}
    chosen = [by_id[i] for i in README_SURVIVORS]
    findings = [search.search(m, max_examples=100) for m in chosen]
    assert [f.verdict for f in findings] == ["killable"] * 3
    suite = tmp_path / "test_exact_match_three_more.py"
    suite.write_text((SUITE / "test_exact_match_weak.py").read_text(encoding="utf-8") + "\n\n"
                     + "\n\n".join(search.killing_test(f) for f in findings), encoding="utf-8")
    matrix = runner.run([str(suite), f"--rootdir={tmp_path}"], chosen)
    assert matrix.baseline_failures == [] and matrix.survivors == []


@pytest.mark.slow
def test_the_printed_tests_kill_every_killable_survivor(graded, tmp_path):
    """The README's second step: every survivor the search finds killable gets a test;
    those tests, beside the weak suite, kill each of them; the survivors left are the
    probably-equivalent ones."""
    _, data = graded
    by_id = {m.id: m for m in generate.module_mutants("bleuprint.metrics.exact_match.spec", "e")}
    survivors = [by_id[s["id"]] for s in data["grade"]["survivors"]]
    findings = [search.search(m, max_examples=100) for m in survivors]
    killable = [f for f in findings if f.verdict == "killable"]
    assert {"ge-0d33a5", "ge-e9660d", "ge-97472b"} <= {f.id for f in killable}
    suite = tmp_path / "test_exact_match_stronger.py"
    suite.write_text((SUITE / "test_exact_match_weak.py").read_text(encoding="utf-8") + "\n\n"
                     + "\n\n".join(search.killing_test(f) for f in killable), encoding="utf-8")
    matrix = runner.run([str(suite), f"--rootdir={tmp_path}"], survivors)
    assert matrix.baseline_failures == []
    assert {m.id for m in matrix.survivors} == {f.id for f in findings if f.verdict != "killable"}
    assert all(f.reason for f in findings if f.verdict != "killable")
