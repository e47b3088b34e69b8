"""Exercises as data, contract modules, the hand-derived killing tests and the exercise
grade (``bleuprint.mutants.exercises``, ``contract``, ``hints``, ``verdicts``, ``scopes``)."""

import ast
import copy
import inspect
import json
import subprocess
import sys
import textwrap

import pytest

from bleuprint.mutants import catalogue, exercises, hints, runner, verdicts
from bleuprint.mutants.contract import installed
from bleuprint.mutants.scopes import in_scopes

COURSE = [f"s{i:02d}" for i in range(1, 19)]

#: The course module's section 4 (the interface), typed from the module: name -> parameters
#: with their defaults ("" for none).
INTERFACE = {
    "tokenize_13a": [("line", "")],
    "exact_match": [("hyps", ""), ("refs", "")],
    "bleu_stats": [("hyp", ""), ("refs", ""), ("tokenize", "13a")],
    "bleu_from_stats": [("stats", "")],
    "corpus_bleu": [("hyps", ""), ("refs", ""), ("tokenize", "13a")],
    "chrf_stats": [("hyp", ""), ("refs", ""), ("n", 6), ("beta", 2.0)],
    "chrf_from_stats": [("stats", ""), ("n", 6), ("beta", 2.0)],
    "chrf": [("hyps", ""), ("refs", ""), ("n", 6), ("beta", 2.0)],
    "sentence_stats": [("metric", ""), ("hyps", ""), ("refs", "")],
    "score_from_stats": [("metric", ""), ("summed", ""), ("n_sentences", "")],
    "metric_ci": [("metric", ""), ("hyps", ""), ("refs", ""), ("n_boot", 1000), ("alpha", 0.05), ("rng", None)],
}


def test_the_course_exercise_is_the_modules_rule():
    """L4.5: contract tinyllm.eval.seqmetrics with the section 4 functions, mutants s01-s18,
    0.80 and every semantic one (all 18 are)."""
    exercise = exercises.get("L4.5")
    assert exercise.contract_module == "tinyllm.eval.seqmetrics"
    assert set(exercise.functions) == set(INTERFACE)
    mutants = exercise.mutants()
    assert [m.id for m in mutants] == COURSE
    assert exercise.threshold == 0.8 and exercise.required_ids(mutants) == COURSE


def test_every_shipped_exercise_loads_and_its_mutants_exist():
    """One exercise per metric family beside the course's; every planted id is in the
    catalogue and each family's planted mutants change that family's code only."""
    shipped = exercises.shipped()
    assert {"L4.5", "bleu", "chrf", "exact_match", "ter", "wer", "rouge"} <= set(shipped)
    known = {m.id for m in catalogue.all_mutants()}
    for name in shipped:
        exercise = exercises.get(name)
        assert set(exercise.planted) <= known, name
        assert exercise.mutants(), name
    for family in ("bleu", "chrf", "exact_match"):
        planted = [m for m in exercises.get(family).mutants() if m.kind == "planted"]
        assert in_scopes(planted, [family]) == planted, family


GOOD = json.loads((exercises.DATA / "L4.5.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("rule"), "missing field 'rule'"),
    (lambda d: d["rule"].update(threshold=1.5), "rule.threshold"),
    (lambda d: d["rule"].update(threshold=True), "rule.threshold"),
    (lambda d: d.update(hints="everything"), "hints must be one of"),
    (lambda d: d.update(schema="bleuprint-exercise/0"), "field 'schema'"),
    (lambda d: d.update(colour="red"), "unknown field(s) colour"),
    (lambda d: d["contract"].update(module="tinyllm/eval"), "not a dotted Python module path"),
    (lambda d: d.update(mutants={"generated": [{"scope": "no_such_metric"}]}), "is not one of"),
    (lambda d: d.update(mutants={}), "needs at least one mutant"),
    (lambda d: d["mutants"].update(planted=["s01", "s01"]), "repeated entries"),
])
def test_a_bad_exercise_is_refused_naming_the_field(change, message):
    data = copy.deepcopy(GOOD)
    change(data)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        exercises.from_dict(data)


def test_an_unknown_exercise_names_the_shipped_ones():
    with pytest.raises(ValueError, match="L4.5"):
        exercises.get("L9.9")


def test_the_contract_has_the_course_signatures_and_is_removed_after():
    """Under tinyllm.eval.seqmetrics, the section 4 functions with their parameters and
    defaults, nothing more (a student cannot pass bleuprint's extra options); the section 3
    hand example gives its statistics through it. Outside the block the path is gone."""
    assert "tinyllm" not in sys.modules
    with installed("bleuprint.mutants.contracts.seqmetrics", "tinyllm.eval.seqmetrics"):
        import tinyllm.eval.seqmetrics as contract
        from tinyllm.eval import seqmetrics

        assert seqmetrics is contract
        for name, parameters in INTERFACE.items():
            found = [(p.name, "" if p.default is inspect.Parameter.empty else p.default)
                     for p in inspect.signature(getattr(contract, name)).parameters.values()]
            assert found == parameters, name
        assert contract.TOKENIZERS == ("13a", "none")
        assert contract.bleu_stats("the cat sat on the mat", ["the cat is on the mat"]) == [6, 6, 5, 3, 1, 0, 6, 5, 4, 3]
        with pytest.raises(TypeError):
            contract.corpus_bleu(["the cat"], ["the cat"])  # refs[i] must be a list
    assert "tinyllm" not in sys.modules and "tinyllm.eval.seqmetrics" not in sys.modules


def test_the_contract_sees_the_mutant_switched_on():
    """s01 switched on in the spec: the contract's bleu_stats stops clipping (m_1 = 4, not 1)."""
    from bleuprint.mutants.switch import replaced

    s01 = catalogue.get("s01")
    with installed("bleuprint.mutants.contracts.seqmetrics", "tinyllm.eval.seqmetrics") as contract:
        assert contract.bleu_stats("the the the the", ["the cat"])[2] == 1
        with replaced(s01.patches):
            assert contract.bleu_stats("the the the the", ["the cat"])[2] == 4


@pytest.fixture(scope="module")
def hand_matrix():
    """The shipped killing tests of L4.5, run against s01-s18 through the contract."""
    exercise = exercises.get("L4.5")
    with installed(exercise.contract_provider, exercise.contract_module):
        matrix = runner.run([str(exercise.killing_tests), f"--rootdir={exercises.DATA}"], exercise.mutants())
    return exercise, matrix


def test_each_hand_test_passes_on_the_spec_and_kills_its_mutant(hand_matrix):
    exercise, matrix = hand_matrix
    assert matrix.baseline_failures == []
    hand = hints.read(exercise.killing_tests)
    assert sorted(hand) == COURSE
    for mutant_id, test in hand.items():
        assert any(t.endswith("::" + test.name) for t in matrix.killers(mutant_id)), mutant_id
        assert test.pitfall and test.input, mutant_id


def _floats(source: str) -> list[float]:
    return [node.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Constant)
            and isinstance(node.value, float)]


def test_no_hand_test_asserts_a_copied_float():
    """Every float literal in the killing tests is a short one a person types (a tolerance,
    a parameter, 100): none carries the digits of a computed score; every score is built
    from fractions or a formula."""
    exercise = exercises.get("L4.5")
    for test in hints.read(exercise.killing_tests).values():
        for value in _floats(test.source):
            assert len(repr(value).replace("e-", "").replace(".", "").lstrip("0")) <= 4, (test.name, value)


def test_the_float_check_catches_a_copied_float():
    assert [len(repr(v).replace(".", "").lstrip("0")) > 4 for v in _floats("x = 37.99178428257963")] == [True]


def test_hint_levels():
    test = hints.read(exercises.get("L4.5").killing_tests)["s15"]
    assert hints.render(test, "pitfall") == "pitfall: 7. orders 1 to n-1"
    assert hints.render(test, "input").splitlines()[1] == 'input: chrf_stats("kitten", ["kitten"])'
    whole = hints.render(test, "test")
    assert "def test_chrf_order_six():" in whole and "from tinyllm.eval.seqmetrics import" in whole
    with pytest.raises(ValueError, match="hint level"):
        hints.render(test, "all")


def test_planted_mutants_can_be_scoped():
    """--scope applies to planted mutants: the chrF module's planted faults are those whose
    targets are in bleuprint.metrics.chrf.spec: s11-s15 of the course, and none of BLEU's."""
    chosen = {m.id for m in in_scopes(catalogue.all_mutants(), ["chrf"])}
    assert {"s11", "s12", "s13", "s14", "s15"} <= chosen
    assert not chosen & {"s01", "s16", "s18"}
    with pytest.raises(ValueError, match="unknown scope"):
        in_scopes([], ["no_such_metric"])
    assert [m.id for m in exercises.get("L4.5").mutants(["exact_match"])] == ["s16", "s17"]


VERY_WEAK = '''
from tinyllm.eval.seqmetrics import exact_match


def test_one_match():
    """"2021-05-03" against itself: 1 of 1."""
    assert exact_match(["2021-05-03"], ["2021-05-03"]) == 1
'''


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "bleuprint.cli", "mutants", *args], capture_output=True, text=True,
                          timeout=600, cwd=cwd)


def test_a_very_weak_suite_kills_nothing_and_is_told_apart(tmp_path):
    """One exact-match test on identical strings without case or white space: none of
    s01-s18 changes its result, so 0 of 18. It reaches exact match's code (s16, s17:
    covered but not killed) and nothing of BLEU, chrF, 13a or the bootstrap (not covered).
    With --scope exact_match: 0 of 2, both covered but not killed."""
    (tmp_path / "test_very_weak.py").write_text(textwrap.dedent(VERY_WEAK), encoding="utf-8")
    completed = _cli("grade", "--exercise", "L4.5", "test_very_weak.py", "--json", "g.json", cwd=tmp_path)
    assert completed.returncode == 1 and "killed 0 of 18" in completed.stdout and "GRADE: FAIL" in completed.stdout
    grade = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["grade"]
    status = {s["id"]: s["status"] for s in grade["survivors"]}
    assert status["s16"] == status["s17"] == "survived"
    assert all(status[i] == "not covered" for i in ("s01", "s04", "s09", "s11", "s18"))
    scoped = _cli("grade", "--exercise", "L4.5", "test_very_weak.py", "--scope", "exact_match", cwd=tmp_path)
    assert "killed 0 of 2 mutants" in scoped.stdout
    assert "covered but not killed: a test reaches the code and passes anyway (2)" in scoped.stdout


def test_the_thorough_suite_passes(tmp_path):
    """The shipped killing tests as a student's suite: 18 of 18, GRADE: PASS."""
    completed = _cli("grade", "--exercise", "L4.5", str(exercises.get("L4.5").killing_tests), cwd=tmp_path)
    assert completed.returncode == 0 and "killed 18 of 18 mutants" in completed.stdout, completed.stdout[-2000:]


def test_the_contract_path_can_be_the_teachers(tmp_path):
    """--contract-module: the same suite, importing course.metrics, grades the same."""
    (tmp_path / "test_very_weak.py").write_text(
        textwrap.dedent(VERY_WEAK).replace("tinyllm.eval.seqmetrics", "course.metrics"), encoding="utf-8")
    completed = _cli("grade", "--exercise", "L4.5", "--contract-module", "course.metrics", "test_very_weak.py",
                     "--scope", "exact_match", cwd=tmp_path)
    assert "killed 0 of 2 mutants" in completed.stdout and "baseline" not in completed.stdout
    bad = _cli("grade", "--exercise", "L4.5", "--contract-module", "course/metrics", "test_very_weak.py", cwd=tmp_path)
    assert bad.returncode != 0 and "not a dotted Python module path" in bad.stderr


def test_a_survivor_without_a_hand_test_is_never_called_equivalent():
    """A verdict the search could not kill reads "no killing input found in N examples" and
    tells the student to keep looking; it never says equivalent."""
    text = verdicts.Verdict("ge-x", "a.py:3", "survived", "no killing input found", 12, "-", "f", "",
                            "only an error message changes").text()
    assert "no killing input found in 12 examples" in text and "keep looking" in text
    assert "equivalent for every caller" in text and "probably equivalent" not in text


EM_WEAK = '''
from bleuprint.spec import exact_match


def test_one_match():
    """"2021-05-03" against itself: 1 of 1."""
    assert exact_match(["2021-05-03"], ["2021-05-03"]) == 1
'''


def test_the_contracts_own_calls_kill_what_bleuprints_callers_could_not(tmp_path):
    """The exact_match exercise (planted s16, s17 and the generated mutants of exact_match
    and is_exact_match) against a one-test suite. Every survivor gets a verdict; the error
    messages and input checks, which a search over valid inputs calls equivalent, are
    killable through the contract (a student's test may pass bad input and match the
    message); and the tests printed from the contract's small domain, pasted into a suite,
    kill the mutants they were printed for."""
    (tmp_path / "test_em.py").write_text(textwrap.dedent(EM_WEAK), encoding="utf-8")
    exercise = exercises.get("exact_match")
    matrix = runner.run([str(tmp_path / "test_em.py"), f"--rootdir={tmp_path}"], exercise.mutants())
    found = verdicts.explain(matrix, exercise, "test", max_examples=50)
    assert [v.id for v in found] == [m.id for m in matrix.survivors]
    kinds = {m.id: m.kind for m in matrix.mutants}
    assert any(kinds[v.id] == "message" for v in found)
    assert all(v.verdict == "killable" for v in found if kinds[v.id] in ("message", "planted"))
    printed = {v.id: v.hint.split("\n\n", 1)[1] for v in found if "def test_kills_" in v.hint
               and "segment_rows" not in v.hint}
    assert len(printed) >= 10
    suite = tmp_path / "more"
    suite.mkdir()
    (suite / "test_more.py").write_text("from bleuprint.spec import exact_match\n\n\n" + "\n\n\n".join(printed.values())
                                        + "\n", encoding="utf-8")
    again = runner.run([str(suite), f"--rootdir={suite}"], [m for m in matrix.mutants if m.id in printed])
    assert again.baseline_failures == []
    assert {m.id for m in again.survivors} == set()


def test_a_search_input_is_shown_as_a_call_of_the_contract():
    """The search's input for s10 (BLEU lowercases) on "The cat" / "the cat", put to the
    bleu exercise's contract: bleu_stats is the first function that tells it apart, and the
    spec's value is integer statistics ("The" unmatched: m_1 = 1, m_2 = 0). An input on
    which no contract function differs (no upper case) gives no call."""
    from bleuprint.mutants.search import Finding

    s10, exercise = catalogue.get("s10"), exercises.get("bleu")
    finding = Finding("s10", s10.function, s10.fault, s10.pitfall, "killable", 1, metric="bleu",
                      hyps=["The cat"], refs=[["the cat"]])
    call, expected = verdicts.contract_call(finding, s10, exercise)
    assert (call.text(), expected) == (
        "bleu_stats('The cat', ['the cat'])", ("value", [2, 2, 1, 0, 0, 0, 2, 1, 0, 0]))
    finding.hyps = ["the cat"]
    assert verdicts.contract_call(finding, s10, exercise) is None


def test_scope_narrows_the_planted_mutants_without_an_exercise(tmp_path):
    """grade --scope without --generated: exact match's planted mutants are s16, s17 and the
    sanity mutant x00 (it breaks every metric's entry point). The one-test suite calls
    exact_match, so x00 (which raises there) dies and s16, s17 (no case, no white space in
    the input) survive: 1 of 3."""
    (tmp_path / "test_em.py").write_text(textwrap.dedent(EM_WEAK), encoding="utf-8")
    completed = _cli("grade", "test_em.py", "--scope", "exact_match", cwd=tmp_path)
    assert "killed 1 of 3 mutants" in completed.stdout, completed.stdout[-2000:] + completed.stderr[-2000:]
    assert "survived s16" in completed.stdout and "survived s17" in completed.stdout
    bad = _cli("grade", "test_em.py", "--scope", "no_such_metric", cwd=tmp_path)
    assert bad.returncode != 0 and "unknown scope" in bad.stderr


def test_a_suite_pytest_cannot_run_is_one_line_naming_the_exercise_it_needs(tmp_path):
    """The course's suite graded without ``--exercise``: ``tinyllm.eval.seqmetrics`` exists
    only while exercise L4.5 is graded, so pytest cannot collect the suite. This used to end
    in a RuntimeError traceback (and the README's first grading command did it). Now it is
    one line on stderr, status 1, saying to add ``--exercise L4.5``. A suite that imports
    a module that exists nowhere gets the same line without the hint."""
    (tmp_path / "course").mkdir()
    (tmp_path / "course" / "test_very_weak.py").write_text(textwrap.dedent(VERY_WEAK), encoding="utf-8")
    completed = _cli("grade", "course", "--generated", "--scope", "exact_match", cwd=tmp_path)
    last = completed.stderr.strip().splitlines()
    assert completed.returncode == 1 and "Traceback" not in completed.stderr, completed.stderr
    assert len(last) == 1 and last[0].startswith("course: pytest could not run the suite (exit code 2: ")
    assert last[0].endswith("add --exercise L4.5")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "test_other.py").write_text("import no_such_module_here\n\n\ndef test_x():\n    pass\n",
                                                      encoding="utf-8")
    completed = _cli("grade", "other", cwd=tmp_path)
    assert completed.returncode == 1 and "Traceback" not in completed.stderr, completed.stderr
    assert completed.stderr.strip().splitlines() == [
        "other: pytest could not run the suite (exit code 2: a test file could not be collected (pytest's report "
        "is above) or the run was interrupted)"]
