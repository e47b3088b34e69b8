"""Bootstrap confidence intervals, fast: the API and results of ``bleuprint.spec.intervals``.

The spec adds the resampled statistics rows one resample at a time in Python; here all
``n_boot`` resamples are summed at once from the N x S statistics matrix (never from the
text), and scored with vectorised arithmetic that performs the spec's float operations
in the spec's order and types, so the results are the same numbers:

* Indices and sums, compiled (``bleuprint.impl._resample``, when ``impl.native`` has it
  and the generator's bit generator is numpy's ``PCG64``, which ``default_rng`` gives):
  the indices are drawn by our own C implementation of what numpy's
  ``choice(N, (n_boot, N))`` runs (PCG64, O'Neill 2014, XSL-RR output; numpy's buffered
  32-bit halves; Lemire's bounded integers, Lemire 2019) and each one is added into its
  resample's running sum as it is drawn, so the n_boot x N index matrix is never built.
  The rows are added in resample order in the arithmetic of the mode: float32, exactly
  the spec's (and sacreBLEU's ``_s.sum(0)``) additions, so no 2^24 case needs handling;
  float64 in exact mode, exact for integer statistics (the partial sums stay below
  N * max < 2^53, checked) and the spec's row-order float sums for TER's fractional
  columns. Afterwards the generator's state is set to what numpy's call leaves (a
  caller may keep drawing). With another bit generator numpy draws the indices and the
  same C code sums them (``index_sums``). The tests compare every index, sum and state
  with numpy's and the spec's.
* Threads (``native.THREADS`` >= 2): ``bootstrap`` hands the draws of the index matrix
  to a worker (``_DrawAhead``) before computing the statistics, from a copy of the
  generator's state (stored back only when the statistics succeed), and the matrix is
  then summed in parts, resample runs on separate threads (``index_sums``).
* Sums, numpy (the fallback, ``native.resample is None``). With ``C[b, i]`` the number
  of times sentence i occurs in resample b (a bincount of each row of the index
  matrix), the exact sums are ``C @ S``. In float32 mode (as sacreBLEU), row-order
  float32 addition gives the exact integer sum whenever every partial sum is an integer
  <= 2^24; since the statistics are non-negative, the partial sums never exceed the
  final sum, so only resamples whose exact sum of some column exceeds 2^24, and columns
  with fractional values (TER's average reference lengths), are re-added the slow way:
  over the N positions, one vectorised float32 add across the resamples per position,
  which keeps sacreBLEU's order. (The float32 matrix product used for the exact sums is
  itself exact when N * max(column) <= 2^24; otherwise float64.)
* Scores: every resample at once by the metric's ``batch_scores`` (``score_sums``), for
  the built-in metrics impl's one scorer of each (``impl.bleu.bleu_scores``,
  ``impl.chrf.chrf_scores``, ``impl.ter.ter_scores``), which also scores a single corpus:
  the spec's operations in the spec's order and types, float32 where the sums are
  sacreBLEU's float32 ones (``bleuprint.impl.mixed``).
"""

from __future__ import annotations

import numpy as np

from ..spec.corpus import as_metric
from ..spec.inputs import FLOAT64_EXACT_LIMIT, check_positive_int
from ..spec.intervals import (
    FLOAT32_EXACT_LIMIT,
    BootstrapResult,
    check_alpha,
    check_rng,
    percentile_indices,
)
from . import native
from .corpus import as_numbers as _as_numbers, score_numbers as _score_numbers

__all__ = [
    "BootstrapResult",
    "bootstrap",
    "bootstrap_stats",
    "metric_ci",
    "percentile_indices",
    "resample_indices",
    "resample_sums",
    "resampled_sums",
    "score_sums",
    "summarise",
]

#: Entries of the count matrix built at once (bounds the memory: 8 M float32 = 32 MB).
_BLOCK_ENTRIES = 8_000_000


# ----------------------------------------------------------------------------- sums


def resample_indices(rng: np.random.Generator, n_sentences: int, n_boot: int) -> np.ndarray:
    """The spec's ``rng.choice(n_sentences, size=(n_boot, n_sentences), replace=True)`` as
    uint32 when n_sentences < 2^32: drawn by the C kernel for a PCG64 generator, else by
    ``rng.integers(0, n_sentences, size, dtype=uint32)`` (numpy draws the same values from
    the same stream, its bounded 32-bit path either way); the generator is left in the
    state numpy's ``choice`` leaves (checked by the tests)."""
    check_rng(rng)
    check_positive_int(n_sentences, "n_sentences")
    check_positive_int(n_boot, "n_boot")
    if n_sentences <= _NATIVE_MAX_N:
        kernel = native.resample
        if kernel is not None:
            out = np.empty((n_boot, n_sentences), dtype=np.uint32)
            if _with_pcg64(rng, lambda state: kernel.draw_indices(state, n_sentences, out)):
                return out
    if n_sentences <= 2**32:
        return rng.integers(0, n_sentences, size=(n_boot, n_sentences), dtype=np.uint32)
    return rng.choice(n_sentences, size=(n_boot, n_sentences), replace=True)


#: The C kernel reproduces numpy's bounded draws for N - 1 <= 2^32 - 2 (numpy's Lemire
#: path; N = 2^32 takes another branch in numpy, left to numpy).
_NATIVE_MAX_N = 2**32 - 1
_MASK64 = 2**64 - 1


def _pcg64_state(bit_generator):
    """The kernel's state tuple of numpy's PCG64 ``bit_generator`` (its lock held by the
    caller), or None when it is not exactly numpy's PCG64 or its state is not what the
    kernel understands."""
    if type(bit_generator) is not np.random.PCG64:
        return None
    state = bit_generator.state
    try:
        inner = state["state"]
        value, inc = int(inner["state"]), int(inner["inc"])
        has_uint32, uinteger = int(state["has_uint32"]), int(state["uinteger"])
    except (KeyError, TypeError, ValueError):
        return None
    if (state.get("bit_generator") != "PCG64" or not 0 <= value < 2**128 or not 0 <= inc < 2**128
            or has_uint32 not in (0, 1) or not 0 <= uinteger < 2**32):
        return None
    return (value >> 64, value & _MASK64, inc >> 64, inc & _MASK64, has_uint32, uinteger)


def _store_pcg64(bit_generator, state: tuple, after: tuple) -> None:
    """Write the kernel's state after drawing (``after``, from ``state``) into numpy's bit
    generator."""
    hi, lo, has_after, uinteger_after = after
    bit_generator.state = {"bit_generator": "PCG64", "state": {"state": (hi << 64) | lo,
                                                               "inc": (state[2] << 64) | state[3]},
                           "has_uint32": has_after, "uinteger": uinteger_after}


def _with_pcg64(rng: np.random.Generator, draw) -> bool:
    """Run ``draw(state)`` on the C kernel with ``rng``'s PCG64 state, and store the state
    it returns back into ``rng``, under the bit generator's lock. False (``rng``
    untouched) when the bit generator is not exactly numpy's PCG64 or its state is not
    what the kernel understands."""
    bit_generator = rng.bit_generator
    if type(bit_generator) is not np.random.PCG64:
        return False
    with bit_generator.lock:
        state = _pcg64_state(bit_generator)
        if state is None:
            return False
        _store_pcg64(bit_generator, state, draw(state))
    return True


#: Index matrices drawn ahead hold at most this many entries (128 MB of uint32); a larger
#: interval draws its indices as it sums them, after the statistics.
_AHEAD_ENTRIES = 2**25


class _DrawAhead:
    """The ``n_boot x N`` resample indices, drawn by the C kernel on a worker thread
    (``native.Background``) while this one computes the statistics (the draws depend only on ``rng`` and N), as uint16
    where N <= 2^16 (half the memory to write and read back) and uint32 otherwise.

    They are drawn from a copy of ``rng``'s PCG64 state taken with the bit generator's
    lock held, and the lock stays held until ``take`` stores the state after the draws
    into ``rng`` (which then stands where numpy's ``choice`` would leave it) or ``cancel``
    drops the draws (the statistics failed: ``rng`` is left as it was, as the spec,
    which checks the corpus before drawing, leaves it)."""

    def __init__(self, bit_generator, state, out, job):
        self._bit_generator, self._state, self.out, self._job = bit_generator, state, out, job

    @classmethod
    def start(cls, rng, n: int, n_boot: int):
        """The draws started, or None where they cannot run ahead: no kernel, a single
        thread, a bit generator other than PCG64, or a matrix above ``_AHEAD_ENTRIES``."""
        kernel = native.resample
        bit_generator = getattr(rng, "bit_generator", None)
        if (kernel is None or native.THREADS < 2 or not 1 <= n <= _NATIVE_MAX_N or n * n_boot > _AHEAD_ENTRIES
                or type(bit_generator) is not np.random.PCG64):
            return None
        bit_generator.lock.acquire()
        try:
            state = _pcg64_state(bit_generator)
            if state is None:
                bit_generator.lock.release()
                return None
            out = np.empty((n_boot, n), dtype=np.uint16 if n <= 2**16 else np.uint32)
            job = native.Background(lambda: kernel.draw_indices(state, n, out))
        except BaseException:
            bit_generator.lock.release()
            raise
        return cls(bit_generator, state, out, job)

    def take(self) -> np.ndarray:
        """The index matrix; ``rng`` advanced past it."""
        try:
            _store_pcg64(self._bit_generator, self._state, self._job.result())
        finally:
            self._bit_generator.lock.release()
        return self.out

    def cancel(self) -> None:
        """Drop the draws (waiting for them if a worker has started them); ``rng``
        untouched."""
        try:
            self._job.drop()
        finally:
            self._bit_generator.lock.release()


def _check_stats_matrix(stats) -> np.ndarray:
    matrix = np.asarray(stats)
    if matrix.dtype.kind not in "iuf":
        matrix = np.asarray(matrix, dtype=np.float64)
    matrix = matrix.astype(np.float64)
    if matrix.ndim != 2 or matrix.shape[0] == 0 or matrix.shape[1] == 0:
        raise ValueError(f"stats must be a non-empty N x S matrix, got shape {matrix.shape}")
    if not np.all(np.isfinite(matrix)) or np.any(matrix < 0):
        raise ValueError("stats must be finite and non-negative")
    return matrix


def _exact_integer_sums(matrix: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """``C @ matrix`` (exact: integer columns only), in blocks of resamples."""
    n_boot, n = idx.shape
    bound = n * float(matrix.max(initial=0.0))
    dtype = np.float32 if bound <= FLOAT32_EXACT_LIMIT else np.float64
    if bound >= FLOAT64_EXACT_LIMIT:
        raise ValueError("statistics too large for exact sums (N * max >= 2^53)")
    weights = matrix.astype(dtype)
    out = np.empty((n_boot, matrix.shape[1]), dtype=np.float64)
    block = max(1, _BLOCK_ENTRIES // n)
    counts = np.empty((min(block, n_boot), n), dtype=dtype)
    for start in range(0, n_boot, block):
        stop = min(start + block, n_boot)
        for b in range(start, stop):
            counts[b - start] = np.bincount(idx[b], minlength=n)
        out[start:stop] = counts[: stop - start] @ weights
    return out


def _sequential_sums(matrix: np.ndarray, idx: np.ndarray, dtype) -> np.ndarray:
    """Row-order sums in ``dtype``: position by position, all resamples at once."""
    values = np.ascontiguousarray(matrix.astype(dtype))
    total = values[idx[:, 0]].copy()
    for j in range(1, idx.shape[1]):
        total += values[idx[:, j]]
    return total.astype(np.float64)


def _exact_bound_check(matrix: np.ndarray) -> None:
    """Exact mode sums integer columns in float64 (the numpy path: matrix products), exact
    only while N * max < 2^53: refuse beyond, in either path."""
    integral = np.all(matrix == np.floor(matrix), axis=0)
    if integral.any() and matrix.shape[0] * float(matrix[:, integral].max(initial=0.0)) >= FLOAT64_EXACT_LIMIT:
        raise ValueError("statistics too large for exact sums (N * max >= 2^53)")


def _kernel_matrix(matrix: np.ndarray, exact: bool) -> np.ndarray:
    """The statistics as the kernel adds them: float64 (exact mode, after the bound check)
    or float32 (sacreBLEU's ``numpy.array(stats, dtype='float32')``), C-contiguous."""
    if exact:
        _exact_bound_check(matrix)
        return np.ascontiguousarray(matrix, dtype=np.float64)
    return np.ascontiguousarray(matrix, dtype=np.float32)


def resample_sums(stats, idx: np.ndarray, exact: bool = False) -> np.ndarray:
    """The statistics sum of every resample (row of ``idx``), as float64 holding the exact
    values the spec's sums have: float32 row-order sums (``exact=False``) or exact sums
    (Python ints; float64 in row order for fractional columns) (``exact=True``). The C
    kernel adds the rows in that order when available; otherwise numpy (module doc)."""
    matrix = _check_stats_matrix(stats)
    idx = np.asarray(idx)
    kernel = native.resample
    usable = (kernel is not None and idx.ndim == 2 and idx.shape[0] > 0 and idx.shape[1] == matrix.shape[0]
              and idx.dtype.kind in "iu" and idx.size and matrix.shape[0] <= _NATIVE_MAX_N)
    narrow = idx.dtype == np.uint16 and matrix.shape[0] <= 2**16
    if usable and idx.dtype != np.uint32 and not narrow:  # the kernel range-checks uint32 and uint16
        usable = int(idx.min()) >= 0 and int(idx.max()) < matrix.shape[0]
    if usable:
        weights = _kernel_matrix(matrix, exact)
        sums = np.empty((idx.shape[0], matrix.shape[1]), dtype=np.float64)
        idx = np.ascontiguousarray(idx, dtype=np.uint16 if narrow else np.uint32)
        # resamples are independent: consecutive runs of them summed on threads at once
        bounds = native.split_points(idx.shape[0], native.parts(), max(1, _SPLIT_MIN_ENTRIES // idx.shape[1]))
        try:
            native.run_parallel([lambda a=a, b=b: kernel.index_sums(idx[a:b], weights, sums[a:b])
                                 for a, b in zip(bounds[:-1], bounds[1:])])
            return sums
        except ValueError:  # an index >= N: the numpy code below says so in its own way
            pass
    return _numpy_resample_sums(matrix, idx, exact)


#: Fewest index entries per thread when the sums are split (read at call time).
_SPLIT_MIN_ENTRIES = 2**18


def _numpy_resample_sums(matrix: np.ndarray, idx: np.ndarray, exact: bool) -> np.ndarray:
    """``resample_sums`` with numpy (the module doc's count-matrix method)."""
    if not exact:
        matrix = matrix.astype(np.float32).astype(np.float64)  # the values sacreBLEU sums
    integral = np.all(matrix == np.floor(matrix), axis=0)
    sums = np.empty((idx.shape[0], matrix.shape[1]), dtype=np.float64)
    integer_cols = np.flatnonzero(integral)
    fraction_cols = np.flatnonzero(~integral)
    if integer_cols.size:
        sums[:, integer_cols] = _exact_integer_sums(matrix[:, integer_cols], idx)
        if not exact:
            big = np.flatnonzero(np.any(sums[:, integer_cols] > FLOAT32_EXACT_LIMIT, axis=1))
            if big.size:
                sub = _sequential_sums(matrix[:, integer_cols], idx[big], np.float32)
                sums[np.ix_(big, integer_cols)] = sub
    if fraction_cols.size:
        dtype = np.float64 if exact else np.float32
        sums[:, fraction_cols] = _sequential_sums(matrix[:, fraction_cols], idx, dtype)
    return sums


def resampled_sums(stats, rng: np.random.Generator, n_boot: int, exact: bool = False) -> np.ndarray:
    """``resample_sums(stats, resample_indices(rng, N, n_boot), exact)``, the generator left
    in the same state, without building the index matrix when the C kernel can draw from
    ``rng`` (a PCG64 generator): each index is added into its resample's sum as it is
    drawn."""
    matrix = _check_stats_matrix(stats)
    check_rng(rng)
    check_positive_int(n_boot, "n_boot")
    n = matrix.shape[0]
    kernel = native.resample
    if kernel is not None and n <= _NATIVE_MAX_N:
        weights = _kernel_matrix(matrix, exact)
        sums = np.empty((n_boot, matrix.shape[1]), dtype=np.float64)
        if _with_pcg64(rng, lambda state: kernel.draw_sums(state, n, n_boot, weights, sums)):
            return sums
    return resample_sums(matrix, resample_indices(rng, n, n_boot), exact)


# ----------------------------------------------------------------------------- scores


def score_sums(metric, sums: np.ndarray, n_sentences: int, float32):
    """The score of every row of ``sums`` as the spec's scorer computes it on float32
    scalars (``float32=True``) or Python numbers (``float32`` may also be a bool per
    row: each score depends on its own row only): ``(values, python_float)``, the second
    flagging the scores that are Python floats rather than ``numpy.float32`` (sacreBLEU's
    0.0 branches; always true for BLEU and exact match). The metric's ``batch_scores``."""
    metric = as_metric(metric)
    return metric.definition.batch_scores(sums, n_sentences, float32, **metric.score_options())


# ----------------------------------------------------------------------------- summary


def summarise(score: float, values: np.ndarray, n_boot: int, alpha, *, python_float=None) -> BootstrapResult:
    """``bleuprint.spec.intervals.summarise`` on an array of scores and their types
    (``python_float``: a bool array, true where a score is a Python float rather than a
    float32). Same rules: a stable sort (ties in resample order) for the order statistics;
    half-width in float32 if ``hi`` or ``lo`` is a float32; the exact rational mean rounded
    to double, then to float32 if any score is a float32.

    Without ``python_float``: a float32 ``values`` array means all float32, any other
    array none."""
    values = np.asarray(values)
    if python_float is None:
        python_float = np.full(values.shape, values.dtype != np.float32)
    values = values.astype(np.float64)
    lower, upper = percentile_indices(n_boot, alpha)
    order = np.argsort(values, kind="stable")
    lo_at, hi_at = int(order[lower]), int(order[upper])
    lo, hi = float(values[lo_at]), float(values[hi_at])
    mean = float(_exact_mean(values))
    if not python_float.all():
        mean = float(np.float32(mean))
    if not (python_float[lo_at] and python_float[hi_at]):
        half_width = float(np.float32(0.5) * (np.float32(hi) - np.float32(lo)))
    else:
        half_width = 0.5 * (hi - lo)
    return BootstrapResult(score=score, lo=lo, hi=hi, mean=mean, half_width=half_width,
                           scores=tuple(values.tolist()))


def _exact_mean(values: np.ndarray):
    """The exact rational mean of finite non-negative doubles: each is m * 2^e with an
    integer m (53 bits), so the sum is an integer over a common power of two."""
    from fractions import Fraction

    mantissas, exponents = np.frexp(values)  # values = mantissas * 2^exponents, 0.5 <= mantissa < 1
    scaled = np.ldexp(mantissas, 53).astype(np.int64).tolist()  # the 53-bit integer significands
    shifts = (exponents - 53).tolist()
    low = min(shifts)
    total = sum(m << (e - low) for m, e in zip(scaled, shifts))
    return Fraction(total, len(scaled)) * Fraction(2) ** low


# ----------------------------------------------------------------------------- API


def _exact_sum(matrix: np.ndarray) -> np.ndarray:
    """The corpus's statistics: exact sums (ints; Python's row-order float sums for
    fractional columns), as float64."""
    if np.all(matrix == np.floor(matrix)):
        return matrix.astype(np.int64).sum(axis=0).astype(np.float64)
    return np.array([_row_order_sum(matrix[:, c]) for c in range(matrix.shape[1])])


def _checked_score(metric, summed: np.ndarray, n_sentences: int) -> float:
    """The corpus score of the exact corpus sums ``summed`` (``_exact_sum``), in double as
    the spec's scorer computes it on Python numbers, and what that scorer refuses, checked
    once per call: the sums go through impl's scorer of ``impl.corpus`` (for the built-in
    metrics the one-row call of their vectorised scorer), whose metric functions refuse
    option values (``smooth_value``, ``beta``, ...) and statistics that are not counts
    (``spec.inputs.check_counts``). The resample scores are then computed without checks
    (vectorised; resampling valid rows gives valid sums)."""
    return float(_score_numbers(metric, _as_numbers(summed), n_sentences))


def _corpus_score(metric, matrix: np.ndarray) -> float:
    """The corpus score of a statistics matrix: its exact sums (``_exact_sum``), checked and
    scored (``_checked_score``)."""
    return _checked_score(metric, _exact_sum(matrix), matrix.shape[0])


def _corpus_scores(metric, matrices: list) -> list:
    """``[_corpus_score(metric, m) for m in matrices]`` (same N and width), scored
    in one element-wise call on the stacked sums."""
    summed = np.array([_exact_sum(matrix) for matrix in matrices])
    values, _ = score_sums(metric, summed, matrices[0].shape[0], False)
    return [float(v) for v in values]


def _row_order_sum(column: np.ndarray) -> float:
    total = 0.0
    for x in column.tolist():
        total += x
    return total


def bootstrap_stats(metric, stats, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
                    exact: bool = False) -> BootstrapResult:
    """``bleuprint.spec.intervals.bootstrap_stats``, vectorised (module doc)."""
    metric = as_metric(metric)
    check_positive_int(n_boot, "n_boot")
    check_alpha(alpha)
    check_rng(rng)
    if not isinstance(exact, bool):
        raise TypeError(f"exact must be a bool, got {type(exact).__name__}")
    matrix = _check_stats_matrix(stats)
    score = _corpus_score(metric, matrix)
    return _bootstrap_matrix(metric, matrix, score, n_boot, alpha, rng, exact)


def _bootstrap_matrix(metric, matrix, score, n_boot, alpha, rng, exact, ahead=None) -> BootstrapResult:
    """``bootstrap_stats`` of a checked matrix whose corpus score is ``score``; the indices
    drawn ahead if ``ahead``. The resamples are scored in one element-wise call (float32
    arithmetic unless ``exact``)."""
    if ahead is not None:
        sums = resample_sums(matrix, ahead.take(), exact)
    else:
        sums = resampled_sums(matrix, rng, n_boot, exact)
    values, python_float = score_sums(metric, sums, matrix.shape[0], not exact)
    return summarise(score, values, n_boot, alpha, python_float=python_float)


def bootstrap(metric, hyps, refs, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
              exact: bool = False) -> BootstrapResult:
    """``bleuprint.spec.intervals.bootstrap``: the bootstrap interval of the corpus score,
    from the statistics matrix (``stats_matrix``), all resamples at once."""
    from .corpus import stats_matrix

    metric = as_metric(metric)
    check_positive_int(n_boot, "n_boot")
    check_alpha(alpha)
    check_rng(rng)
    # the indices depend only on rng and N: drawn on another thread meanwhile
    ahead = _DrawAhead.start(rng, len(hyps), n_boot) if type(hyps) is list and hyps else None
    try:
        matrix = _check_stats_matrix(stats_matrix(metric, hyps, refs))
        if not isinstance(exact, bool):  # checked where the spec checks it: after the statistics
            raise TypeError(f"exact must be a bool, got {type(exact).__name__}")
        score = _corpus_score(metric, matrix)
        if ahead is not None and matrix.shape[0] != ahead.out.shape[1]:
            ahead.cancel()
            ahead = None
    except BaseException:
        if ahead is not None:
            ahead.cancel()
        raise
    return _bootstrap_matrix(metric, matrix, score, n_boot, alpha, rng, exact, ahead)


def metric_ci(metric, hyps, refs, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
              exact: bool = False) -> tuple[float, float, float]:
    """``(score, lo, hi)`` (``bleuprint.spec.intervals.metric_ci``)."""
    result = bootstrap(metric, hyps, refs, n_boot, alpha, rng, exact=exact)
    return result.score, result.lo, result.hi
