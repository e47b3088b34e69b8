"""Killing tests whose expected score is derived by hand (issue 39, item 3).

A metric folder's ``teaching.py`` writes a score out from its statistics, step by step,
as a student would derive it; ``bleuprint mutants explain`` prints that derivation in the
killing test's docstring and asserts the formula, never a float copied from the spec.
These tests hold each derivation to the spec's own score on every statistics vector
Hypothesis draws (within 1e-9 on the 0..100 scale, the project's tolerance), and check
that the tests printed for a family exercise use the contract only and kill their mutants.
"""

import ast
import math
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bleuprint.metrics.bleu import spec as bleu_spec
from bleuprint.metrics.bleu import teaching as bleu_teaching
from bleuprint.metrics.chrf import spec as chrf_spec
from bleuprint.metrics.chrf import teaching as chrf_teaching
from bleuprint.metrics.ter import spec as ter_spec
from bleuprint.metrics.ter import teaching as ter_teaching
from bleuprint.metrics.wer import spec as wer_spec
from bleuprint.metrics.wer import teaching as wer_teaching
from bleuprint.mutants import catalogue, exercises, runner, verdicts

TOLERANCE = 1e-9  # on the 0..100 scale (WER/CER: 0..1 and beyond)


def _value(derivation) -> float:
    """Run a derivation's body lines and evaluate its expression, as the printed test does."""
    doc, body, expression = derivation
    scope = {"math": math}
    exec("\n".join(body), scope)
    return eval(expression, scope)


@st.composite
def bleu_stats(draw):
    order = draw(st.integers(1, 4))
    totals = draw(st.lists(st.integers(0, 12), min_size=order, max_size=order))
    matches = [draw(st.integers(0, t)) for t in totals]
    return [draw(st.integers(0, 12)), draw(st.integers(0, 12))] + matches + totals


@given(bleu_stats(), st.sampled_from(["exp", "floor", "add-k", "none"]), st.booleans(),
       st.sampled_from([None, 0.5, 2]))
def test_the_bleu_derivation_is_the_spec(stats, method, effective, value):
    options = {"smooth_method": method, "effective_order": effective, "smooth_value": value}
    expected = bleu_spec.bleu_from_stats(stats, **options)
    assert abs(_value(bleu_teaching.derivation(None, "bleu", stats, options)) - expected) <= TOLERANCE


@st.composite
def chrf_stats(draw):
    rows = []
    for _ in range(draw(st.integers(1, 8))):
        hyp, ref = draw(st.integers(0, 15)), draw(st.integers(0, 15))
        rows += [hyp, ref, draw(st.integers(0, min(hyp, ref)))]
    return rows


@given(chrf_stats(), st.sampled_from([1, 2, 3, 0.5]))
def test_the_chrf_derivation_is_the_spec(stats, beta):
    orders = len(stats) // 3
    options = {"n": orders, "beta": beta, "word_order": 0, "eps_smoothing": False}
    expected = chrf_spec.chrf_from_stats(stats, **options)
    assert abs(_value(chrf_teaching.derivation(None, "chrf", stats, options)) - expected) <= TOLERANCE


def test_chrf_with_eps_smoothing_is_left_to_the_student():
    """eps_smoothing's 1e-16 floors are no derivation a student writes: none is offered."""
    assert chrf_teaching.derivation(None, "chrf", [1, 1, 1], {"eps_smoothing": True}) is None


@given(st.integers(0, 30), st.integers(0, 40).map(lambda n: n / 2))
def test_the_ter_derivation_is_the_spec(edits, length):
    expected = ter_spec.ter_from_stats([edits, length])
    assert abs(_value(ter_teaching.derivation(None, "ter", [edits, length], {})) - expected) <= TOLERANCE


@st.composite
def wer_counts(draw):
    hits, substitutions, deletions, insertions = (draw(st.integers(0, 9)) for _ in range(4))
    return [hits, substitutions, deletions, insertions, hits + substitutions + deletions,
            hits + substitutions + insertions]


@given(wer_counts(), st.sampled_from(["wer", "cer"]))
def test_the_wer_derivation_is_the_spec(counts, name):
    expected = wer_spec.measure_from_counts(counts, name)
    assert abs(_value(wer_teaching.derivation(None, name, counts, {})) - expected) <= TOLERANCE


def test_the_other_jiwer_measures_get_no_wer_derivation():
    assert wer_teaching.derivation(None, "mer", [1, 1, 0, 0, 2, 2], {}) is None


def test_a_fraction_is_told_from_a_geometric_mean():
    """100/3 (TER: one edit over three words) is written as that fraction; BLEU's
    100 * (1/2 * 1/3) ** (1/2) = 40.82... is no fraction with a denominator up to 10,000
    (it is irrational), so it gets none."""
    assert verdicts._fraction(100 / 3) is not None and verdicts._fraction(100 * (1 / 6) ** 0.5) is None


BLEU_WEAK = '''
from bleuprint.spec import bleu_stats, corpus_bleu


def test_identical():
    """Identical four-word hypothesis and reference: every precision 1, BP 1, BLEU 100."""
    assert abs(corpus_bleu(["a b c d"], [["a b c d"]]) - 100.0) <= 1e-9


def test_stats():
    """'a b c d' against itself: c = r = 4, m = t = 4, 3, 2, 1."""
    assert bleu_stats("a b c d", ["a b c d"]) == [4, 4, 4, 3, 2, 1, 4, 3, 2, 1]
'''

#: BLEU mutants a weak suite misses whose difference shows in the score only (the
#: brevity penalty, the smoothing, the corpus mean), and one in the statistics.
SCORE_LEVEL = ("s03", "s04", "r03", "f05", "s01")


@pytest.fixture(scope="module")
def bleu_findings(tmp_path_factory):
    root = tmp_path_factory.mktemp("weak_bleu")
    (root / "test_weak.py").write_text(textwrap.dedent(BLEU_WEAK), encoding="utf-8")
    exercise = exercises.get("bleu")
    matrix = runner.run([str(root / "test_weak.py"), f"--rootdir={root}"],
                        [m for m in exercise.mutants() if m.id in SCORE_LEVEL])
    return root, matrix, verdicts.explain(matrix, exercise, "test", max_examples=120)


def test_every_printed_test_calls_the_contract_only(bleu_findings):
    """Each survivor of the bleu exercise gets a whole test, written against the
    exercise's contract functions: no internal entry point (``segment_rows``,
    ``definition.parts``), no input through another metric."""
    _, matrix, found = bleu_findings
    assert {v.id for v in found} == set(SCORE_LEVEL)
    contract = set(exercises.get("bleu").functions)
    for verdict in found:
        assert "def test_kills_" in verdict.hint, verdict.hint
        test = verdict.hint.split("\n\n", 1)[1]
        called = {node.func.id for node in ast.walk(ast.parse(textwrap.dedent(test)))
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert called & contract, test
        assert "segment_rows" not in test and "definition" not in test and "entry point" not in verdict.hint


def test_no_printed_test_asserts_a_copied_float(bleu_findings):
    """Every float literal of a printed test is one a person types (a tolerance, a
    smoothing value): a score appears as its derivation (fractions, exp, a power)."""
    _, _, found = bleu_findings
    for verdict in found:
        test = textwrap.dedent(verdict.hint.split("\n\n", 1)[1])
        for node in ast.walk(ast.parse(test)):
            if isinstance(node, ast.Constant) and isinstance(node.value, float):
                assert len(repr(node.value).replace("e-", "").replace(".", "").lstrip("0")) <= 4, (verdict.id, test)


def test_the_printed_tests_pass_on_the_spec_and_kill_their_mutants(bleu_findings):
    root, matrix, found = bleu_findings
    suite = root / "derived"
    suite.mkdir()
    parts = []
    for verdict in found:
        parts.append(textwrap.dedent(verdict.hint.split("\n\n", 1)[1]))
    header = "from bleuprint.spec import bleu_from_stats, bleu_stats, corpus_bleu, sentence_bleu\n\n\n"
    (suite / "test_derived.py").write_text(header + "\n\n\n".join(parts) + "\n", encoding="utf-8")
    again = runner.run([str(suite), f"--rootdir={suite}"], [catalogue.get(i) for i in SCORE_LEVEL])
    assert again.baseline_failures == []
    assert {m.id for m in again.survivors} == set()
