"""Embedding similarity's definition against scipy and scikit-learn (the goldens of
``bleuprint/metrics/embedding_similarity/oracle_cases.py``), the pinned float64
accumulation, and the zero-vector rule; by hand where no oracle is needed.

Tolerances (float64 inputs): ``TOL = 1e-12`` — the definition's sums are exactly rounded,
the libraries' are numpy dot products of d <= 384 terms (about d * 2^-53 ~ 4e-14 on unit
vectors), and scipy's cosine distance 1 - c costs one more rounding of 1. Cosine values
absolute; distances relative. scikit-learn's ``euclidean_distances`` squares through
||x||^2 - 2 x.y + ||y||^2, which loses digits for near-equal rows: its squared distance is
compared within ``TOL * (||x||^2 + ||y||^2)`` absolute (the cancellation's bound).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import bleuprint
from bleuprint.metrics.embedding_similarity import impl as I
from bleuprint.metrics.embedding_similarity import spec as S
from bleuprint.oracles.goldens import load_goldens
from bleuprint.core.value import metric

TOL = 1e-12
CASES = load_goldens("embedding_similarity")["cases"]


def _cases(kind):
    return [pytest.param(c, id=c["id"]) for c in CASES if c["kind"] == kind]


def _check_float64(case, oracle, layer):
    a, b = case["a"], case["b"]
    cos = layer.embedding_similarity(a, b, metric="cosine")
    eu = layer.embedding_similarity(a, b, metric="euclidean")
    ma = layer.embedding_similarity(a, b, metric="manhattan")
    for i, (c, e, m) in enumerate(zip(cos, eu, ma)):
        assert abs(c - (1 - oracle["scipy_cosine_distance"][i])) <= TOL
        assert abs(c - oracle["sklearn_cosine_similarity"][i]) <= TOL
        assert abs(e - oracle["scipy_euclidean"][i]) <= TOL * oracle["scipy_euclidean"][i]
        assert abs(m - oracle["scipy_cityblock"][i]) <= TOL * oracle["scipy_cityblock"][i]
        assert abs(m - oracle["sklearn_manhattan"][i]) <= TOL * oracle["sklearn_manhattan"][i]
        squares = math.fsum(x * x for x in a[i]) + math.fsum(x * x for x in b[i])
        assert abs(e * e - oracle["sklearn_euclidean"][i] ** 2) <= TOL * squares


@pytest.mark.parametrize("layer", [S, I], ids=["spec", "impl"])
@pytest.mark.parametrize("case", _cases("float64"))
def test_equals_scipy_and_scikit_learn_on_float64(case, layer):
    """Cosine similarity = 1 - scipy's cosine distance = scikit-learn's cosine_similarity;
    Euclidean and Manhattan = scipy's euclidean and cityblock, scikit-learn's
    manhattan_distances and euclidean_distances (module doc: tolerances)."""
    _check_float64(case, case, layer)


@pytest.mark.parametrize("layer", [S, I], ids=["spec", "impl"])
@pytest.mark.parametrize("case", _cases("float32"))
def test_float32_inputs_are_accumulated_in_float64(case, layer):
    """On embeddings held in float32, the definition equals both libraries run on the same
    values widened to float64 (TOL), whether it is given them as float32 or float64
    arrays; the libraries run on the float32 arrays differ from that by float32 rounding:
    at most 1e-6 (relative for the distances, absolute for cosines; float32's unit
    roundoff is 6e-8), and more than 1e-10 somewhere in the case (so float32 accumulation
    would be caught)."""
    _check_float64(case, case["widened"], layer)
    as32 = (np.array(case["a"], dtype=np.float32), np.array(case["b"], dtype=np.float32))
    pairs = [("cosine", [1 - x for x in case["scipy_cosine_distance"]], False),
             ("cosine", case["sklearn_cosine_similarity"], False),
             ("euclidean", case["scipy_euclidean"], True), ("manhattan", case["scipy_cityblock"], True)]
    largest = 0.0
    for measure, oracle32, relative in pairs:
        got = list(layer.embedding_similarity(*as32, metric=measure))
        assert got == list(layer.embedding_similarity(case["a"], case["b"], metric=measure))
        for g, o in zip(got, oracle32):
            difference = abs(g - o) / (abs(o) if relative else 1.0)
            assert difference <= 1e-6
            largest = max(largest, difference)
    assert largest > 1e-10


@pytest.mark.parametrize("case", _cases("zero"))
def test_zero_vector_rule(case):
    """A zero row: scipy's cosine distance is NaN, scikit-learn's cosine similarity 0.0;
    the definition refuses the cosine (ValueError naming the row), in both layers and
    through ``bleuprint.embedding_similarity``, and computes the distances (equal to the
    libraries')."""
    assert case["scipy_cosine_distance"] == ["nan", "nan"]
    assert case["sklearn_cosine_similarity"] == [0.0, 0.0]
    for function in (S.embedding_similarity, I.embedding_similarity, bleuprint.embedding_similarity):
        with pytest.raises(ValueError, match=r"row 0 \(a\[0\], b\[0\]\) \(first\) is the zero vector"):
            function(case["a"], case["b"])
        with pytest.raises(ValueError, match=r"row 1 \(a\[1\], b\[1\]\) \(second\) is the zero vector"):
            function([[1.0, 1.0, 1.0]] + case["a"][1:], [[1.0, 0.0, 0.0]] + case["b"][1:])
        assert list(function(case["a"], case["b"], metric="euclidean")) == pytest.approx(case["scipy_euclidean"],
                                                                                          rel=TOL)
        assert list(function(case["a"], case["b"], metric="manhattan")) == pytest.approx(case["scipy_cityblock"],
                                                                                          rel=TOL)


def test_by_hand():
    """u = (3, 4), v = (4, -3): cosine 0 (orthogonal); Euclidean hypot(-1, 7) = sqrt(50);
    Manhattan 1 + 7 = 8. u against 2u: cosine 1, Euclidean 5, Manhattan 7."""
    a, b = [[3.0, 4.0], [3.0, 4.0]], [[4.0, -3.0], [6.0, 8.0]]
    for layer in (S, I):
        assert list(layer.embedding_similarity(a, b)) == pytest.approx([0.0, 1.0], abs=1e-15)
        assert list(layer.embedding_similarity(a, b, metric="euclidean")) == pytest.approx([math.sqrt(50), 5.0],
                                                                                            rel=1e-15)
        assert list(layer.embedding_similarity(a, b, metric="manhattan")) == [8.0, 7.0]


def test_no_overflow_or_underflow_in_the_norms():
    """Coordinates 1e200 (squares overflow) and 1e-200 (squares underflow): u = (1e200,
    1e200) and v = (1e200, 0) have cosine 1/sqrt2, and so do their 1e-200 copies; the
    Euclidean distance of (3e-200, 0) and (0, 4e-200) is 5e-200."""
    for layer in (S, I):
        for scale in (1e200, 1e-200):
            got = layer.embedding_similarity([[scale, scale]], [[scale, 0.0]])[0]
            assert got == pytest.approx(1 / math.sqrt(2), abs=1e-15)
        assert layer.embedding_similarity([[3e-200, 0.0]], [[0.0, 4e-200]], metric="euclidean")[0] == pytest.approx(
            5e-200, rel=1e-15)


def test_registered_metric_is_the_mean():
    """``corpus_score("embedding_similarity", hyps, refs, measure=...)``: the mean over
    segments; (3, 4) vs (4, -3) and vs (6, 8): cosine (0 + 1)/2, Manhattan (8 + 7)/2."""
    hyps, refs = [[3.0, 4.0], [3.0, 4.0]], [[[4.0, -3.0]], [[6.0, 8.0]]]
    for layer in (bleuprint.spec, bleuprint.impl):
        assert layer.corpus_score("embedding_similarity", hyps, refs) == pytest.approx(0.5, abs=1e-15)
        assert layer.corpus_score(metric("embedding_similarity", measure="manhattan"), hyps, refs) == 7.5
    assert bleuprint.spec.corpus_score("embedding_similarity", [[1.0, 0.0]], [[[-1.0, 0.0]]]) == -1.0


@pytest.mark.parametrize("a, b, error, message", [
    ([[1.0, 2.0], [1.0]], [[1.0, 2.0], [1.0, 2.0]], ValueError, r"a\[1\] has 1 dimensions"),
    ([[1.0, 2.0]], [[1.0, 2.0, 3.0]], ValueError, r"b\[0\] has 3 dimensions"),
    ([[1.0, float("nan")]], [[1.0, 2.0]], ValueError, r"a\[0\]\[1\] is nan"),
    ([[1.0, 2.0]], [[float("inf"), 2.0]], ValueError, r"b\[0\]\[0\] is inf"),
    ([[1.0, 2.0]], [[1.0, 2.0], [3.0, 4.0]], ValueError, "a has 1 rows, b has 2"),
    ([], [], ValueError, "empty corpus: a has no sentences"),
    ([[]], [[]], ValueError, r"a\[0\] is empty"),
    ([["x", 1.0]], [[1.0, 2.0]], TypeError, r"a\[0\]\[0\] must be a number"),
    ([[True, 1.0]], [[1.0, 2.0]], TypeError, r"a\[0\]\[0\] must be a number"),
    ("ab", [[1.0]], TypeError, "a must be a sequence"),
])
def test_bad_input_is_refused_naming_the_row(a, b, error, message):
    for function in (S.embedding_similarity, I.embedding_similarity):
        with pytest.raises(error, match=message):
            function(a, b)
    with pytest.raises(ValueError, match="unknown measure 'cos'"):
        bleuprint.embedding_similarity([[1.0]], [[1.0]], metric="cos")
