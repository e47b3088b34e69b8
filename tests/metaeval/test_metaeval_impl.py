"""impl's own promises: the batched permutation sums of several metrics are each metric's own
product to the bit, and bad matrices are refused with a message."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bleuprint.impl import native
from bleuprint.metaeval import impl

#: Both ways of making the sign matrix and reading the score lists: the compiled kernel
#: (``native.pce``) where it is built, and numpy's code (``native.pce = None``).
PATHS = ["kernel", "numpy"]


@pytest.fixture(params=PATHS)
def path(request, monkeypatch):
    if request.param == "kernel":
        if native.pce is None:
            pytest.skip("the _pce kernel is not built (or BLEUPRINT_NO_NATIVE)")
    else:
        monkeypatch.setattr(native, "pce", None)
    impl.clear_sign_cache()
    yield request.param
    impl.clear_sign_cache()


def test_batched_soft_pairwise_accuracy_is_each_metric_alone(path):
    """Float32-inexact scores (4 decimals), 7 systems x 300 segments, 6 metrics: the batched
    call gives, metric by metric, exactly the values of one call per metric (which make the
    oracle's own matrix product: the golden tests), and the permuted sums are bit-identical."""
    rnd = random.Random(7)
    gold = [[rnd.choice((0.0, -1.0, -5.0, -0.1)) for _ in range(300)] for _ in range(7)]
    metrics = [[[round(rnd.random(), 4) for _ in range(300)] for _ in range(7)] for _ in range(6)]
    alone = [impl.soft_pairwise_accuracy(gold, m, 500, 4) for m in metrics]
    assert impl.soft_pairwise_accuracies(gold, metrics, 500, 4) == alone
    signs = impl.permutation_signs(500, 300, 4)
    blocks = [np.asarray(m, dtype=float).astype(np.float32) for m in metrics]
    together = np.matmul(signs, np.concatenate(blocks).T)
    for k, block in enumerate(blocks):
        assert np.array_equal(together[:, 7 * k:7 * (k + 1)], np.matmul(signs, block.T))


@pytest.mark.parametrize("gold, metric, message", [
    ([[1.0, None], [2.0, 3.0]], [[1.0, 2.0], [3.0, 4.0]], "different numbers of segments"),
    ([[None, None], [None, None]], [[1.0, 2.0], [3.0, 4.0]], "no human scores"),
    ([[1.0, 2.0], [2.0, 3.0]], [[1.0, None], [3.0, 4.0]], "metric 0: a score is missing"),
    ([[1.0, 2.0], [2.0, 3.0]], [[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]], "metric 0: 2 systems x 3 segments"),
    ([[1.0, 2.0], [2.0]], [[1.0, 2.0], [3.0, 4.0]], "human scores: not a systems x segments matrix"),
    ([[1.0, 2.0], [2.0, 3.0]], [[1.0, float("inf")], [3.0, 4.0]], "metric 0: a score is infinite"),
    ([[1.0, 2.0], [2.0, 3.0]], [[1.0, 3.5e38], [3.0, 4.0]], "metric 0: a score is infinite in float32"),
    ([[1.0, 2.0], [2.0, 3.0]], [[1.0, float("nan")], [3.0, 4.0]], "metric 0: a score is missing"),
    ([[1.0, 2.0], [2.0, 3.0]], [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], "metric 0: 3 systems x 2 segments"),
    ([[1.0, 2.0], [2.0, 3.0]], [[1.0, 2.0], [3.0]], "metric 0: not a systems x segments matrix"),
    ([[1.0, 2.0]], [[1.0, 2.0]], "at least two systems"),
])
def test_bad_matrices_are_refused(gold, metric, message, path):
    with pytest.raises(ValueError, match=message):
        impl.soft_pairwise_accuracy(gold, metric, 10, 4)


@pytest.mark.parametrize("permutations, segments, seed", [(1000, 2000, 4), (7, 13, 4), (1, 1, 0), (3, 5, 11),
                                                          (200, 31, 12345), (3, 43691, 5)])
def test_signs_read_off_raw_draws_are_the_oracles(permutations, segments, seed, path):
    """The sign matrix from PCG64's raw 64-bit outputs (impl's shortcut) is, cell for cell, the
    one of the oracle's float32 draws with ``rint`` (odd cell counts leave the last 64-bit
    output's high half unused); and the spec's (the oracle's calls, read in Python) agrees.
    3 x 43,691 cells: an odd count over several of impl's chunks of 2**16 cells. Both paths:
    numpy's raw draws, and the kernel that steps PCG64 itself from the seeded state."""
    fast = impl.permutation_signs(permutations, segments, seed)
    assert fast.dtype == np.float32 and fast.shape == (permutations, segments)
    assert np.array_equal(fast, impl.oracle_signs(permutations, segments, seed))
    if permutations * segments <= 100:
        from bleuprint.metaeval import spec

        assert fast.astype(int).tolist() == spec.permutation_signs(permutations, segments, seed)


def test_the_threshold_is_the_first_draw_above_one_half():
    """numpy's float32 uniform of a 32-bit draw x is (x >> 8) * 2**-24. x = 0x800000ff gives
    (2**23) * 2**-24 = 0.5 exactly, which rint rounds half to even: to 0, a -1 cell; x =
    0x80000100 gives 0.5 + 2**-24, rounded to 1, a +1 cell. So +1 iff x >= 0x80000100, impl's
    threshold (one draw in 2**24 lands on the boundary: too rare for the matrices above to
    catch an off-by-one)."""
    below, at = 0x800000FF, 0x80000100
    assert np.rint(np.float32((below >> 8) * 2.0 ** -24)) == 0.0
    assert np.rint(np.float32((at >> 8) * 2.0 ** -24)) == 1.0
    assert int(impl._ABOVE_HALF) == at


def test_score_lists_are_read_as_numpy_casts_them(path):
    """The metrics' scores, read by the kernel (lists of lists of floats) or numpy's general
    path, are exactly ``numpy.array(matrix, dtype=float32)``: float32 rounding to nearest even
    (1 + 2**-24 is halfway, to 1.0; 1 + 3 * 2**-24 to 1 + 2**-22), the largest finite float32,
    subnormals, ints and numpy scalars (the kernel hands those to numpy), tuples and arrays."""
    row = [1.0 + 2.0 ** -24, 1.0 + 3 * 2.0 ** -24, 3.4028234663852886e38, -1e-40, 0.1, 2, np.float64(0.7), True]
    matrices = [[row, row[::-1]], [tuple(row), list(reversed(row))], np.array([row, row[::-1]], dtype=float)]
    got = impl._metric_blocks(matrices, (2, len(row)))
    want = np.array([np.array(m, dtype=float).astype(np.float32) for m in matrices])
    assert got.dtype == np.float32 and np.array_equal(got.view(np.uint32), want.view(np.uint32))
    assert float(got[0, 0, 0]) == 1.0 and float(got[0, 0, 1]) == 1.0 + 2.0 ** -22
    floats = [[[v * 0.1 for v in range(k, k + 5)] for k in range(3)] for _ in range(2)]
    assert np.array_equal(impl._metric_blocks(floats, (3, 5)), np.array(floats, dtype=np.float32))


@pytest.mark.parametrize("seed, sizes", [(0, [1_000_000]), (7, [3, 25, 1, 49, 0, 100_003]), (2 ** 32 - 1, [4096] * 5)])
def test_binomial_half_is_numpys_binomial(seed, sizes):
    """impl's shortcut for the pairs test's draws: ``random_sample() > qn`` equals legacy
    ``binomial(1, 0.5)`` draw for draw, call after call, and leaves the generator where
    ``binomial`` leaves it (one uniform a draw). qn = exp(log(0.5)) is 0.5 here, so the
    boundary U = 0.5 gives 0 on both sides."""
    import numpy as np

    fast, slow = np.random.RandomState(seed), np.random.RandomState(seed)
    for size in sizes:
        assert np.array_equal(impl.binomial_half(fast, size), slow.binomial(1, 0.5, size) == 1)
    assert fast.random_sample() == slow.random_sample()
    assert impl._BINOMIAL_HALF_QN == 0.5
