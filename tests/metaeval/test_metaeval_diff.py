"""impl equals spec on generated matrices (Hypothesis differential tests).

Exact equality wherever both do the same arithmetic: Kendall's counts and ratios, Kendall-like,
agreement, the tie search (every threshold and value), and the permutation p-values on scores
where float32 arithmetic is exact (multiples of 1/8 below 2^10: every float32 sum of them is
exact, so the exact sums of the spec and the float32 product of impl agree to the bit).
Soft pairwise accuracy's final mean: within 1e-12 (the spec's is exactly rounded, impl's is
numpy's, the oracle's). PERM-BOTH: p-value and rounds exact, delta within 1e-12 (z-scores:
numpy's mean and std in impl, exactly rounded sums in the spec).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleuprint.metaeval import impl, spec

DYADIC = st.integers(-200, 200).map(lambda k: k / 8)
TIES = st.sampled_from([0.0, -1.0, -5.0, -25.0, 2.5, 0.125])
FLOATS = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False, allow_subnormal=False)


@st.composite
def matrices(draw, values=DYADIC, min_systems=2, max_systems=6, max_segments=12, missing="cells"):
    """(gold, metric, metric2): systems x segments; gold with ``None`` cells (``missing``:
    "cells", "columns" or "none")."""
    systems = draw(st.integers(min_systems, max_systems))
    segments = draw(st.integers(2, max_segments))
    cell = st.one_of(values, TIES)

    def grid():
        return [[draw(cell) for _ in range(segments)] for _ in range(systems)]

    gold, metric, metric2 = grid(), grid(), grid()
    if missing == "cells":
        mask = [[draw(st.booleans()) and draw(st.booleans()) for _ in range(segments)] for _ in range(systems)]
        gold = [[None if drop else v for v, drop in zip(row, mrow)] for row, mrow in zip(gold, mask)]
    elif missing == "columns":
        dropped = draw(st.sets(st.integers(0, segments - 1), max_size=segments - 1))
        gold = [[None if i in dropped else v for i, v in enumerate(row)] for row in gold]
    return gold, metric, metric2


def same(a, b):
    return (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)) or a == b


AVERAGES = st.sampled_from(spec.AVERAGE_BY)


@given(matrices(values=st.one_of(DYADIC, FLOATS)), AVERAGES, st.sampled_from(spec.KENDALL_VARIANTS),
       st.sampled_from([0.0, 0.0, 0.5, 3.0]))
def test_kendall_variants(data, average_by, variant, epsilon):
    gold, metric, _ = data
    if variant == "c":
        epsilon = 0.0
    assert same(impl.kendall(gold, metric, variant, average_by, epsilon),
                spec.kendall(gold, metric, variant, average_by, epsilon))


@given(matrices(values=st.one_of(DYADIC, FLOATS)), AVERAGES, st.sampled_from([25.0, 1.0, 0.0, 0.125]))
def test_kendall_like(data, average_by, threshold):
    gold, metric, _ = data
    assert impl.kendall_like(gold, metric, average_by, threshold) == spec.kendall_like(gold, metric, average_by, threshold)


@given(matrices(values=st.one_of(DYADIC, FLOATS)), AVERAGES, st.sampled_from(["acc23", "23"]))
def test_tie_search(data, average_by, variant):
    gold, metric, _ = data
    try:
        expected = spec.tie_calibrated(gold, metric, variant, average_by)
    except ValueError:
        with pytest.raises(ValueError):
            impl.tie_calibrated(gold, metric, variant, average_by)
        return
    assert impl.tie_calibrated(gold, metric, variant, average_by) == expected


@given(st.lists(st.tuples(st.one_of(st.none(), TIES, DYADIC), st.one_of(TIES, FLOATS)), min_size=0, max_size=15))
def test_agreement(pairs):
    gold = [g for g, _ in pairs]
    metric = [m for _, m in pairs]
    assert impl.agreement(gold, metric) == spec.agreement(gold, metric)


@settings(max_examples=40)
@given(matrices(missing="columns"), st.integers(1, 60), st.integers(0, 2 ** 32 - 1))
def test_soft_pairwise_accuracy(data, num_permutations, seed):
    gold, metric, _ = data
    present = [[v for v in row if v is not None] for row in gold]
    assert impl.pairwise_p_values(present, num_permutations, seed) == spec.pairwise_p_values(present, num_permutations, seed)
    assert impl.pairwise_p_values(metric, num_permutations, seed) == spec.pairwise_p_values(metric, num_permutations, seed)
    assert impl.soft_pairwise_accuracy(gold, metric, num_permutations, seed) == pytest.approx(
        spec.soft_pairwise_accuracy(gold, metric, num_permutations, seed), abs=1e-12, rel=0)


@settings(max_examples=25)
@given(matrices(values=FLOATS, max_systems=4, max_segments=8, missing="none"), st.sampled_from(["none", "sys"]),
       st.integers(0, 2 ** 31), st.sampled_from([("pearson", "b"), ("kendall", "b"), ("kendall", "acc23")]))
def test_perm_both(data, average_by, seed, correlation):
    gold, metric, metric2 = data
    kind, variant = correlation
    if len({v for row in metric for v in row}) < 2 or len({v for row in metric2 for v in row}) < 2:
        return  # a constant metric has no z-scores
    got = impl.perm_both(gold, metric, metric2, kind, average_by, 60, seed, 20, variant=variant)
    expected = spec.perm_both(gold, metric, metric2, kind, average_by, 60, seed, 20, variant=variant)
    assert got[0::2] == expected[0::2]
    assert got[1] == pytest.approx(expected[1], abs=1e-12, rel=0)


@given(st.lists(st.tuples(st.one_of(TIES, DYADIC, FLOATS), st.one_of(TIES, DYADIC, FLOATS)), min_size=2, max_size=40))
def test_kendall_counts_by_sorting(pairs):
    """The O(n log n) counts (used above ``impl.PAIR_MATRIX_LIMIT`` pairs) equal the spec's."""
    gold = [g for g, _ in pairs]
    metric = [m for _, m in pairs]
    assert impl.kendall_counts(gold, metric, 0.0, pair_matrix_limit=0) == spec.kendall_counts(gold, metric)


@pytest.mark.parametrize("module", [spec, impl])
def test_tie_search_refuses_too_many_pairs(monkeypatch, module):
    monkeypatch.setattr(module, "TIE_SEARCH_LIMIT", 5)
    with pytest.raises(ValueError, match="the tie search lists every pair: 6 pairs averaged by 'none'"):
        module.tie_calibrated([[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [3.0, 4.0]], "acc23", "none")


@settings(max_examples=20)
@given(matrices(values=FLOATS, max_systems=5, max_segments=6, missing="none"), st.integers(0, 2 ** 31),
       st.sampled_from(["pearson", "accuracy"]))
def test_perm_both_matrix(data, seed, correlation):
    """Three metrics ranked and tested on one shared stream: impl's matrix is the spec's (the
    accuracy case on system scores, one vector of two language pairs when there are 4 or 5
    systems)."""
    gold, metric, metric2 = data
    metric3 = [[v * 0.5 + 1.0 for v in row] for row in metric2][::-1]
    metrics = {"a": metric, "b": metric2, "c": metric3}
    if correlation == "accuracy":
        gold = [[row[0]] for row in gold]
        metrics = {name: [[row[0]] for row in m] for name, m in metrics.items()}
        groups = [2, len(gold) - 2] if len(gold) >= 4 else [len(gold)]
    else:
        groups = None
    if any(len({v for row in m for v in row}) < 2 for m in metrics.values()):
        return  # a constant metric has no z-scores
    order = ["c", "a", "b"]
    got = impl.perm_both_matrix(gold, metrics, order, correlation, "none", 40, seed, 10, groups=groups)
    expected = spec.perm_both_matrix(gold, metrics, order, correlation, "none", 40, seed, 10, groups=groups)
    assert got == expected


def test_perm_both_matrix_on_an_exact_tie_is_the_specs():
    """Hypothesis's example: metric b is 3 x gold and c an affine image of b reversed, so swaps
    give the observed difference of correlations exactly in real arithmetic, and the ``>=``
    depends on the z-scores' last bits. impl z-scored with numpy's mean and std, the spec with
    correctly rounded sums: the matrix's [1][2] cell was 1.0 in impl, 0.9 in the spec."""
    gold = [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0]]
    metric = [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0]]
    metric2 = [[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 3.0]]
    metric3 = [[v * 0.5 + 1.0 for v in row] for row in metric2][::-1]
    metrics = {"a": metric, "b": metric2, "c": metric3}
    args = (gold, metrics, ["c", "a", "b"], "pearson", "none", 40, 0, 10)
    assert impl.perm_both_matrix(*args) == spec.perm_both_matrix(*args)


def _perm_pairs_or_error(module, *args, **kwargs):
    try:
        return module.perm_pairs(*args, **kwargs)
    except ValueError as error:
        return str(error)


@settings(max_examples=40)
@given(matrices(values=st.one_of(DYADIC, FLOATS), max_systems=5, max_segments=8), AVERAGES,
       st.sampled_from(["acc23", "23"]), st.integers(0, 2 ** 31), st.sampled_from([(30, 10), (40, 7), (25, 1000)]))
def test_perm_pairs(data, average_by, variant, seed, rounds):
    """The permutation test over pairs: p-value, delta and rounds exact (the same classes, the
    same draws, numpy's mean on both sides; a vector with one rated cell left out on both);
    an input without a rated pair refused alike."""
    gold, metric, metric2 = data
    k, block = rounds
    expected = _perm_pairs_or_error(spec, gold, metric, metric2, variant, average_by, k, seed, block)
    assert _perm_pairs_or_error(impl, gold, metric, metric2, variant, average_by, k, seed, block) == expected


@settings(max_examples=20)
@given(matrices(values=st.one_of(DYADIC, TIES), max_systems=5, max_segments=6, missing="columns"),
       st.integers(0, 2 ** 31))
def test_perm_pairs_matrix(data, seed):
    """Three metrics tested pair after pair on one stream, each test's rounds cut by early
    stopping: impl's matrix (thresholds searched once a metric) is the spec's."""
    gold, metric, metric2 = data
    metrics = {"a": metric, "b": metric2, "c": [[v * 0.5 + 1.0 for v in row] for row in metric2][::-1]}
    try:
        expected = spec.perm_pairs_matrix(gold, metrics, ["c", "a", "b"], "acc23", "item", 40, seed, 10)
    except ValueError:
        return  # no rated pair (checked by test_perm_pairs)
    assert impl.perm_pairs_matrix(gold, metrics, ["c", "a", "b"], "acc23", "item", 40, seed, 10) == expected


@given(st.lists(st.one_of(DYADIC, FLOATS, st.integers(0, 30).map(lambda k: k / 7)), max_size=300))
def test_numpy_sum_is_numpys(values):
    """``spec.numpy_sum`` rounds as numpy's ``add.reduce`` (pairwise summation): ``==``."""
    import numpy as np

    assert spec.numpy_sum(values) == float(np.add.reduce(np.asarray(values, dtype=float)))


def test_perm_pairs_draws_in_chunks_as_in_one(monkeypatch):
    """impl draws a round's n x n values an item in chunks (``_PAIR_DRAW_CHUNK``): chunks of
    7 draws, which cut items and pairs anywhere, give the spec's p-value, delta and rounds."""
    gold = [[0.0, -1.0, -5.0, 0.0, -2.0], [-1.0, -1.0, 0.0, -25.0, 0.0], [0.0, 0.0, -1.0, -2.0, -1.0],
            [-2.0, 0.0, 0.0, -1.0, -5.0]]
    metric = [[0.9, 0.7, 0.5, 0.9, 0.6], [0.8, 0.7, 0.9, 0.1, 0.95], [0.9, 0.85, 0.7, 0.6, 0.7], [0.5, 0.8, 0.9, 0.7, 0.2]]
    metric2 = [[0.8, 0.7, 0.4, 0.9, 0.6], [0.8, 0.75, 0.9, 0.2, 0.9], [0.95, 0.8, 0.7, 0.5, 0.7], [0.6, 0.8, 0.8, 0.7, 0.3]]
    expected = spec.perm_pairs(gold, metric, metric2, "acc23", "sys", 60, 3, 1000)
    monkeypatch.setattr(impl, "_PAIR_DRAW_CHUNK", 7)
    assert impl.perm_pairs(gold, metric, metric2, "acc23", "sys", 60, 3, 1000) == expected
    assert 0 < expected[0] < 1
