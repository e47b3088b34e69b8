"""The resampling kernel (bleuprint.impl._resample) against numpy and sacreBLEU's expression.

The kernel has its own implementation of numpy's PCG64 stream and bounded draws, so
every index it draws is compared with ``Generator.choice`` (sacreBLEU's call), for many
N (the Lemire thresholds differ with N; some N reject half of all draws), generators
already advanced or holding a buffered 32-bit half, and the generator's state after the
call (a caller may keep drawing). Its sums are compared with sacreBLEU's literal
``numpy.array(stats, dtype='float32')[idx]`` then ``_s.sum(0)`` per resample, and with the
numpy fallback of bleuprint.impl.intervals. The end-to-end results (intervals, paired
tests) are compared with the spec and the sacreBLEU goldens in test_intervals_diff.py,
under both the kernel and the fallback.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, strategies as st

from bleuprint.impl import intervals, native, significance
from bleuprint.metrics.bleu.impl import bleu_scores

kernel = native.resample
needs_kernel = pytest.mark.skipif(kernel is None, reason="bleuprint.impl._resample is not built (or disabled)")

_MASK32 = 2**32 - 1


@pytest.mark.skipif(native.DISABLED, reason="BLEUPRINT_NO_NATIVE asks for numpy only")
def test_resample_kernel_is_built():
    assert native.resample is not None, (
        "bleuprint.impl._resample did not build or import (pip install -e . needs a C compiler)")
    assert native.available()["resample"]


def _advanced(seed: int, advance: int) -> np.random.Generator:
    """``default_rng(seed)`` after ``advance`` 32-bit draws (an odd number leaves numpy's
    buffered high half: has_uint32 = 1) and one 64-bit draw."""
    rng = np.random.default_rng(seed)
    if advance:
        rng.integers(0, 2**32, size=advance, dtype=np.uint32)
    rng.random()
    return rng


def _kernel_draw(rng: np.random.Generator, n: int, count: int) -> np.ndarray:
    out = np.empty(count, dtype=np.uint32)
    assert intervals._with_pcg64(rng, lambda state: kernel.draw_indices(state, n, out))
    return out


def _rejections(seed: int, advance: int, n: int, count: int, extra: int) -> int:
    """How many 32-bit draws Lemire's method rejects while numpy draws ``count`` indices
    in [0, n): a draw u is rejected when (u * n) mod 2^32 < (2^32 - n) mod n. Counted on
    numpy's raw 32-bit stream (``integers(0, 2^32, dtype=uint32)`` returns it as is)."""
    raw = _advanced(seed, advance).integers(0, 2**32, size=count + extra, dtype=np.uint32).astype(np.uint64)
    threshold = (2**32 - n) % n
    accepted = (raw * np.uint64(n)) & np.uint64(_MASK32) >= np.uint64(threshold)
    position = np.flatnonzero(accepted)[count - 1]  # the draw of the last index
    return int(position + 1 - count)


_NS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 100, 255, 256, 257, 529, 6877, 2**16 - 1, 2**16, 2**16 + 1,
       10**6 + 3, 2**31 - 1, 2**31, 2**31 + 1, 3 * 2**30, 2**32 - 2, 2**32 - 1]


@needs_kernel
@pytest.mark.parametrize("n", _NS)
@pytest.mark.parametrize("seed,advance", [(0, 0), (12345, 0), (12345, 1), (7, 3), (2**63 + 5, 2)])
def test_kernel_draws_are_numpys_choice(n, seed, advance):
    """Same indices as ``choice(n, count)`` and the same state after, for counts that end on
    a low half, on a high half and across the kernel's batches of 256 draws."""
    for count in (1, 2, 255, 256, 257, 1001):
        ours, theirs = _advanced(seed, advance), _advanced(seed, advance)
        got = _kernel_draw(ours, n, count)
        want = theirs.choice(n, size=count, replace=True)
        assert np.array_equal(got, want), (n, seed, advance, count)
        assert ours.bit_generator.state == theirs.bit_generator.state, (n, seed, advance, count)
        assert np.array_equal(ours.random(3), theirs.random(3))  # the streams go on alike


@needs_kernel
def test_the_draw_cases_include_lemire_rejections():
    """The comparisons cover rejected draws: with n = 2^31 + 1 the threshold is
    (2^32 - n) mod n = 2^31 - 1, so about half of all draws are rejected (several in a
    row), and sacreBLEU's 1000 x 6877 draws (threshold 5716) reject a few; the latter are
    compared in full here."""
    assert _rejections(12345, 1, 2**31 + 1, 1001, 3000) > 300
    assert _rejections(12345, 0, 6877, 1000 * 6877, 1000) > 0  # expected 6.9e6 * 5716 / 2^32 = 9
    ours, theirs = np.random.default_rng(12345), np.random.default_rng(12345)
    assert np.array_equal(intervals.resample_indices(ours, 6877, 1000),
                          theirs.choice(6877, size=(1000, 6877), replace=True))
    assert ours.bit_generator.state == theirs.bit_generator.state


@needs_kernel
@given(st.integers(1, 2**32 - 1), st.integers(1, 600), st.integers(0, 2**128 - 1), st.integers(0, 5))
def test_kernel_draws_equal_numpy_for_any_n(n, count, seed, advance):
    ours, theirs = _advanced(seed, advance), _advanced(seed, advance)
    assert np.array_equal(_kernel_draw(ours, n, count), theirs.choice(n, size=count, replace=True))
    assert ours.bit_generator.state == theirs.bit_generator.state


def _sacrebleu_sums(stats: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """sacreBLEU's ``_bootstrap_resample`` sums, literally: float32 rows, ``_s.sum(0)``."""
    stats_np = np.array(stats, dtype="float32")
    return np.array([_s.sum(0) for _s in stats_np[idx]], dtype=np.float64)


def _stats(rng, n, width, kind):
    if kind == "counts":
        return rng.integers(0, 60, size=(n, width)).astype(np.float64)
    if kind == "big":  # sums above 2^24, where float32 rounds
        return rng.integers(2**20, 2**23, size=(n, width)).astype(np.float64)
    values = rng.integers(0, 40, size=(n, width)).astype(np.float64)  # TER-like: fractional averages
    values[:, 1::2] = rng.integers(0, 90, size=(n, (width + 0) // 2)) / 3
    return values


@pytest.fixture(params=[True, False], ids=["avx", "sse"])
def simd(request):
    """Both versions of the kernel's summing loops: 32-byte AVX vectors (where the processor
    has them; the kernel's default there) and 16-byte ones."""
    if kernel is None:
        pytest.skip("bleuprint.impl._resample is not built")
    previous = kernel.simd(request.param)
    if kernel.simd() != request.param:
        kernel.simd(previous)
        pytest.skip("the processor has no AVX")
    yield request.param
    kernel.simd(previous)


_SHAPES = [(1, 2), (2, 1), (3, 2), (7, 3), (20, 7), (20, 14), (20, 27), (20, 31), (50, 10), (529, 18), (6877, 10),
           (40, 24), (33, 37), (529, 130)]  # 1 to 33 vectors of 16 bytes per row, odd and even


@needs_kernel
@pytest.mark.parametrize("n,width", _SHAPES)
@pytest.mark.parametrize("kind", ["counts", "big", "fractional"])
def test_float32_sums_are_sacrebleus(n, width, kind, simd):
    """``resampled_sums`` (the kernel drawing and adding in float32) equals sacreBLEU's
    expression on sacreBLEU's indices, bit for bit, 2^24 crossings and fractions included
    (for width >= 2, where numpy's ``sum(0)`` adds rows in order); the state after equals
    numpy's; and the numpy fallback gives the same sums."""
    if width == 1:
        pytest.skip("numpy sums a single column pairwise: the spec defines row order (checked below)")
    stats = _stats(np.random.default_rng(n * 1000 + width), n, width, kind)
    n_boot = 37 if n * width > 10**5 else 203
    ours, theirs = np.random.default_rng(5), np.random.default_rng(5)
    got = intervals.resampled_sums(stats, ours, n_boot)
    idx = theirs.choice(n, size=(n_boot, n), replace=True)
    assert np.array_equal(got, _sacrebleu_sums(stats, idx))
    assert ours.bit_generator.state == theirs.bit_generator.state
    assert np.array_equal(got, intervals._numpy_resample_sums(intervals._check_stats_matrix(stats), idx, False))


def _row_order(rows: list, order, cast) -> list:
    """The spec's sums: rows added one after another in resample order."""
    total = [cast(x) for x in rows[order[0]]]
    for i in order[1:]:
        total = [a + cast(b) for a, b in zip(total, rows[i])]
    return total


@needs_kernel
@pytest.mark.parametrize("n,width", _SHAPES)
@pytest.mark.parametrize("kind", ["counts", "big", "fractional"])
@pytest.mark.parametrize("exact", [False, True])
def test_sums_are_the_specs_row_order_sums(n, width, kind, exact, simd):
    """Both arithmetics against a plain Python row-order sum: numpy float32 scalars
    (sacreBLEU's) or Python numbers (ints exact, floats in double) for exact mode; also
    ``resample_sums`` (the kernel adding given indices) equal to ``resampled_sums``."""
    stats = _stats(np.random.default_rng(n + width), n, width, kind)
    n_boot = 5
    got = intervals.resampled_sums(stats, np.random.default_rng(99), n_boot, exact)
    idx = np.random.default_rng(99).choice(n, size=(n_boot, n), replace=True)
    rows = [[int(x) if float(x).is_integer() else float(x) for x in row] for row in stats.tolist()]
    cast = (lambda x: x) if exact else np.float32
    want = np.array([[float(x) for x in _row_order(rows, list(order), cast)] for order in idx])
    assert np.array_equal(got, want)
    assert np.array_equal(intervals.resample_sums(stats, idx, exact), want)


@needs_kernel
@pytest.mark.parametrize("make", [lambda s: np.random.Generator(np.random.MT19937(s)),
                                  lambda s: np.random.Generator(np.random.PCG64DXSM(s)),
                                  lambda s: np.random.Generator(np.random.Philox(s))])
def test_other_bit_generators_use_numpys_draws(make):
    """Only PCG64 is reproduced; other bit generators draw through numpy (the kernel then
    only adds), with the same results and state as the numpy-only path."""
    stats = _stats(np.random.default_rng(3), 300, 10, "counts")
    ours, theirs = make(11), make(11)
    got = intervals.resampled_sums(stats, ours, 40)
    idx = theirs.choice(300, size=(40, 300), replace=True)
    assert np.array_equal(got, _sacrebleu_sums(stats, idx))
    for draw in (lambda g: g.integers(0, 2**32, size=3, dtype=np.uint32), lambda g: g.random(3)):
        assert np.array_equal(draw(ours), draw(theirs))  # same state after (MT19937's holds arrays)


class _Counting:
    """A stand-in for the kernel module that counts the calls of each function."""

    def __init__(self, module):
        self.module, self.calls = module, {}

    def __getattr__(self, name):
        function = getattr(self.module, name)

        def counted(*args):
            self.calls[name] = self.calls.get(name, 0) + 1
            return function(*args)

        return counted


@needs_kernel
@pytest.mark.parametrize("threads", [1, 2])
def test_intervals_and_paired_bootstrap_use_the_kernel(monkeypatch, threads):
    """With the kernel loaded, a bootstrap interval on one thread draws and sums in one
    kernel call; on two, it draws the index matrix on another thread while the statistics
    are computed, and sums it (so the differential tests of the kernel parametrisations
    check both). A paired bootstrap draws and sums in one call. The scores come from the
    kernel's ``bleu_scores``, never from numpy's ``math_map``: one call for the corpus
    score (the one-row call of ``impl.bleu.bleu_scores``, which checks the statistics) and
    one for all the resamples."""
    counting = _Counting(kernel)
    monkeypatch.setattr(native, "resample", counting)
    monkeypatch.setattr(native, "THREADS", threads)
    hyps, refs = ["a b c d", "b c d e", "c d"], [["a b c d"], ["b c d"], ["c e"]]
    intervals.bootstrap("bleu", hyps, refs, 20, rng=np.random.default_rng(1))
    assert counting.calls["bleu_scores"] == 2 and "math_map" not in counting.calls  # scored in C
    if threads == 1:
        assert counting.calls["draw_sums"] == 1 and "draw_indices" not in counting.calls
    else:
        assert counting.calls["draw_indices"] == 1 and counting.calls["index_sums"] == 1
        assert "draw_sums" not in counting.calls
    sums_before = counting.calls.get("draw_sums", 0)
    significance.paired_bootstrap("chrf", hyps, [["a b", "b c d e", "c"], hyps], refs, n=20)
    assert counting.calls["draw_sums"] == sums_before + 1


def test_fallback_when_the_kernel_is_missing(monkeypatch):
    """``native.resample = None`` (no compiler, or BLEUPRINT_NO_NATIVE): numpy draws and
    sums, with the same results as sacreBLEU's expression."""
    monkeypatch.setattr(native, "resample", None)
    stats = _stats(np.random.default_rng(4), 200, 10, "big")
    ours, theirs = np.random.default_rng(8), np.random.default_rng(8)
    got = intervals.resampled_sums(stats, ours, 30)
    assert np.array_equal(got, _sacrebleu_sums(stats, theirs.choice(200, size=(30, 200), replace=True)))
    assert ours.bit_generator.state == theirs.bit_generator.state


@pytest.mark.parametrize("use_kernel", [True, False])
def test_bad_input_still_raises(monkeypatch, use_kernel):
    if use_kernel and kernel is None:
        pytest.skip("kernel not built")
    if not use_kernel:
        monkeypatch.setattr(native, "resample", None)
    stats = [[1, 2], [3, 4]]
    with pytest.raises(ValueError, match="rng is required"):
        intervals.resampled_sums(stats, None, 10)
    with pytest.raises(TypeError, match="Generator"):
        intervals.resampled_sums(stats, np.random.RandomState(1), 10)
    with pytest.raises(ValueError, match="non-negative"):
        intervals.resampled_sums([[1, -2]], np.random.default_rng(1), 10)
    with pytest.raises(ValueError, match="n_boot"):
        intervals.resampled_sums(stats, np.random.default_rng(1), 0)
    with pytest.raises(ValueError, match="2\\^53"):
        intervals.resampled_sums([[2.0**52, 1], [1, 1], [1, 1]], np.random.default_rng(1), 3, exact=True)
    with pytest.raises(ValueError, match="rng is required"):
        intervals.bootstrap_stats("bleu", [[1] * 10], 10)


@needs_kernel
def test_kernel_log_and_exp_are_the_math_modules():
    """BLEU's resample scores use ``math.log``/``math.exp``; the kernel's element-wise
    versions must return the same doubles (numpy's vectorised ones need not)."""
    rng = np.random.default_rng(2)
    positive = np.concatenate([rng.random(20000) * 100, np.exp(rng.uniform(-700, 700, 20000)),
                               [5e-324, 1e-300, 1.0, 2.0, 100.0, 1e300]])
    exponents = np.concatenate([rng.uniform(-745, 700, 20000), rng.uniform(-2, 1, 20000), [0.0, -0.0, 1.0]])
    for name, function, values in (("log", math.log, positive), ("exp", math.exp, exponents)):
        out = np.empty_like(values)
        kernel.math_map(name, values, out)
        assert out.tolist() == [function(x) for x in values.tolist()], name
    with pytest.raises(ValueError, match="'log' or 'exp'"):
        kernel.math_map("sqrt", positive, np.empty_like(positive))


@needs_kernel
def test_kernel_rejects_malformed_buffers():
    """The kernel checks what it is given (the Python wrappers never pass these)."""
    state = (0, 1, 0, 1, 0, 0)
    stats = np.ones((3, 2), dtype=np.float32)
    with pytest.raises(ValueError, match="N must be"):
        kernel.draw_indices(state, 0, np.empty(3, dtype=np.uint32))
    with pytest.raises(ValueError, match="uint32"):
        kernel.draw_indices(state, 3, np.empty(3, dtype=np.int64))
    with pytest.raises(ValueError, match="float32 or float64"):
        kernel.draw_sums(state, 3, 2, stats.astype(np.int32), np.empty((2, 2)))
    with pytest.raises(ValueError, match="N rows"):
        kernel.draw_sums(state, 4, 2, stats, np.empty((2, 2)))
    with pytest.raises(ValueError, match="float64 n_boot x S"):
        kernel.draw_sums(state, 3, 2, stats, np.empty((2, 3)))
    with pytest.raises(ValueError, match="indices < N"):
        kernel.index_sums(np.array([[0, 1, 3]], dtype=np.uint32), stats, np.empty((1, 2)))


@st.composite
def _bleu_rows(draw):
    """BLEU statistics sums ``[c, r, m_1..m_N, t_1..t_N]`` with the hard cases often: zero
    lengths, zero matches at some order (smoothing), zero totals (the loop stops), ties
    c == r, and float32 values (up to 2^24, where every integer is a float32) or larger
    exact ones (the double rows)."""
    order = draw(st.integers(1, 5))
    big = draw(st.booleans())
    value = st.one_of(st.just(0), st.integers(0, 3), st.integers(0, 2**24 if not big else 2**40))
    rows = draw(st.lists(st.lists(value, min_size=2 + 2 * order, max_size=2 + 2 * order), min_size=1, max_size=20))
    rows = np.array(rows, dtype=np.float64)
    if draw(st.booleans()):
        rows[:, 1] = rows[:, 0]  # c == r: no brevity penalty
    return rows, not big and draw(st.booleans())


@needs_kernel
@given(_bleu_rows(), st.sampled_from(["exp", "floor", "none"]), st.sampled_from([None, 0.1, 0.5, 1, 3]),
       st.booleans())
def test_kernel_bleu_scores_equal_the_element_wise_numpy_ones(rows_and_flag, method, value, effective):
    """The kernel's BLEU of summed statistics (resample scores) is bit for bit the numpy
    code's, which the interval tests compare with the spec: float32 rows (sacreBLEU's
    resamples) and double rows (the corpus row, exact mode), every smoothing it takes."""
    rows, float32 = rows_and_flag
    options = {"smooth_method": method, "smooth_value": value, "effective_order": effective}
    got = bleu_scores(rows, float32, **options)[0]
    want = _without_kernel(lambda: bleu_scores(rows, float32, **options)[0])
    assert np.array_equal(got, want)


def _without_kernel(call):
    """``call()`` with the resampling kernel switched off (``bleu_scores`` then runs its
    numpy code, ``math_map`` the math module)."""
    saved = native.resample
    native.resample = None
    try:
        return call()
    finally:
        native.resample = saved


@needs_kernel
def test_kernel_bleu_scores_equal_the_spec_on_float32_scalars():
    """Hand-picked rows scored by ``spec.bleu.bleu_from_stats`` on numpy float32 scalars
    (sacreBLEU's resample arithmetic) and on Python ints: zero matches at order 2 (exp
    smoothing halves), a zero total at order 3 (the loop stops), c < r (brevity penalty),
    c = 0, no match at all."""
    from bleuprint.metrics.bleu.spec import bleu_from_stats

    rows = [[10, 12, 7, 0, 1, 0, 10, 9, 8, 7], [5, 5, 3, 2, 0, 0, 5, 4, 0, 0], [0, 3, 0, 0, 0, 0, 0, 0, 0, 0],
            [4, 9, 0, 0, 0, 0, 4, 3, 2, 1], [123457, 123456, 99999, 54321, 22222, 11111, 123457, 120000, 110000, 100000]]
    for method, effective in (("exp", False), ("floor", False), ("none", True), ("exp", True)):
        for float32 in (True, False):
            got = bleu_scores(np.array(rows, np.float64), float32, smooth_method=method,
                              effective_order=effective)[0]
            cast = np.float32 if float32 else int
            want = [bleu_from_stats([cast(x) for x in row], smooth_method=method, effective_order=effective)
                    for row in rows]
            assert got.tolist() == want, (method, effective, float32)
