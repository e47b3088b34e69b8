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
* Scores. BLEU (but add-k smoothing) is scored by the C kernel (``bleu_scores``: the
  spec's operations row by row, float32 or double). Otherwise element-wise numpy
  arithmetic, which is IEEE arithmetic: a float32 (or float64)
  division of two arrays gives, element by element, what the spec's scalar code gives.
  ``math.log``/``math.exp`` are applied per element (numpy's ``log`` may differ from the C
  library's in the last bit). Where sacreBLEU's arithmetic mixes Python floats with
  ``numpy.float32`` (chrF's eps smoothing, the 0.0 branches), each value is carried with
  a flag saying whether it is a float32 (``_Mixed``), and the type rules of NumPy >= 2 are
  applied element-wise.
"""

from __future__ import annotations

import math

import numpy as np

from ..spec.corpus import check_options
from ..spec.inputs import check_positive_int
from ..spec.intervals import (
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

#: Float32 holds every integer up to 2^24; 2^24 + 1 is the first it rounds.
FLOAT32_EXACT_LIMIT = 2**24
#: Entries of the count matrix built at once (bounds the memory: 8 M float32 = 32 MB).
_BLOCK_ENTRIES = 8_000_000

LOG_ZERO = -9999999999
EPS = 1e-16


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
    if bound >= 2.0**53:
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
    if integral.any() and matrix.shape[0] * float(matrix[:, integral].max(initial=0.0)) >= 2.0**53:
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


class _Mixed:
    """Values that are Python floats or numpy float32 scalars, element-wise: ``value``
    (float64, holding the exact value) and ``is32`` (bool). Operations follow NumPy >= 2
    (NEP 50): float32 with float32 or with a Python number -> float32 arithmetic (the
    Python number rounded to float32 first); Python with Python -> double."""

    __slots__ = ("value", "is32")

    def __init__(self, value, is32):
        self.value = np.asarray(value, dtype=np.float64)
        self.is32 = np.broadcast_to(np.asarray(is32, dtype=bool), self.value.shape)

    @staticmethod
    def of(x, shape) -> "_Mixed":
        if isinstance(x, _Mixed):
            return x
        return _Mixed(np.broadcast_to(np.float64(x), shape), False)

    def _op(self, other, op) -> "_Mixed":
        other = _Mixed.of(other, self.value.shape)
        is32 = self.is32 | other.is32
        if not is32.any():  # double arithmetic only
            return _Mixed(op(self.value, other.value), is32)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            narrow = op(self.value.astype(np.float32), other.value.astype(np.float32)).astype(np.float64)
        if is32.all():  # float32 arithmetic only
            return _Mixed(narrow, is32)
        return _Mixed(np.where(is32, narrow, op(self.value, other.value)), is32)

    def __add__(self, other):
        return self._op(other, np.add)

    def __mul__(self, other):
        return self._op(other, np.multiply)

    def __truediv__(self, other):
        with np.errstate(divide="ignore", invalid="ignore"):
            return self._op(other, np.divide)

    def __rmul__(self, other):
        return _Mixed.of(other, self.value.shape)._op(self, np.multiply)

    def where(self, mask, other) -> "_Mixed":
        other = _Mixed.of(other, self.value.shape)
        return _Mixed(np.where(mask, self.value, other.value), np.where(mask, self.is32, other.is32))


def _inputs(sums: np.ndarray, float32: bool) -> list[_Mixed]:
    return [_Mixed(sums[:, c], float32) for c in range(sums.shape[1])]


def _math_map(function, values: np.ndarray, mask: np.ndarray, fill: float) -> np.ndarray:
    """``function`` (``math.log`` or ``math.exp``) of ``values`` where ``mask``, ``fill``
    elsewhere. With the kernel, the C library's log/exp applied in C: what the math
    module computes for finite arguments in range (the masked values are: positive
    precisions, exponents <= 1); numpy's vectorised log/exp could differ in the last bit."""
    out = np.full(values.shape, fill, dtype=np.float64)
    where = np.flatnonzero(mask)
    kernel = native.resample
    name = {math.log: "log", math.exp: "exp"}.get(function)
    selected = np.ascontiguousarray(values[where], dtype=np.float64)
    if kernel is not None and name is not None and np.all(np.isfinite(selected)) and (
            name == "exp" and np.all(selected < 700) or name == "log" and np.all(selected > 0)):
        mapped = np.empty_like(selected)
        kernel.math_map(name, selected, mapped)
        out[where] = mapped
    else:
        out[where] = [function(x) for x in selected.tolist()]
    return out


def bleu_batch_scores(sums, float32, smooth_method="exp", smooth_value=None, effective_order=False, **_):
    """``bleu_from_stats`` element-wise (see ``bleuprint.spec.bleu``)."""
    from ..spec.bleu import SMOOTH_DEFAULTS

    n_boot, width = sums.shape
    order = (width - 2) // 2
    sys_len, ref_len = sums[:, 0], sums[:, 1]
    columns = _inputs(sums, float32)
    matches, totals = columns[2 : 2 + order], columns[2 + order :]
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = 1 - ref_len / sys_len
    bp = np.where(sys_len >= ref_len, 1.0, 0.0)
    bp = np.where((sys_len < ref_len) & (sys_len > 0), _math_map(math.exp, ratio, (sys_len < ref_len) & (sys_len > 0), 0.0), bp)
    any_match = np.zeros(n_boot, dtype=bool)
    for m in matches:
        any_match |= m.value != 0
    value = SMOOTH_DEFAULTS[smooth_method] if smooth_value is None else smooth_value
    precisions = [_Mixed(np.zeros(n_boot), False) for _ in range(order)]
    mteval = np.ones(n_boot)  # Python floats 1, 2, 4, ...
    running = np.ones(n_boot, dtype=bool)
    eff_order = np.full(n_boot, order)
    for n in range(1, order + 1):
        m, t = matches[n - 1], totals[n - 1]
        if smooth_method == "add-k" and n > 1:
            m, t = m + value, t + value
        running &= t.value != 0
        if effective_order:
            eff_order = np.where(running, n, eff_order)
        zero = m.value == 0
        if smooth_method == "exp":
            mteval = np.where(running & zero, mteval * 2, mteval)
            smoothed = _Mixed.of(100.0, t.value.shape) / (_Mixed(mteval, False) * t)
        elif smooth_method == "floor":
            smoothed = _Mixed.of(100.0 * value, t.value.shape) / t
        else:
            smoothed = _Mixed(np.zeros(n_boot), False)
        regular = (_Mixed.of(100.0, t.value.shape) * m) / t
        precisions[n - 1] = precisions[n - 1].where(~running, regular.where(~zero, smoothed))
    # sum of logs, left to right, over the first eff_order orders
    log_sum = np.zeros(n_boot)
    for n in range(order):
        p = precisions[n].value
        logs = _math_map(math.log, p, p != 0, float(LOG_ZERO))
        log_sum = np.where(n < eff_order, log_sum + logs, log_sum)
    exponent = log_sum / eff_order
    scores = bp * _math_map(math.exp, exponent, np.ones(n_boot, dtype=bool), 0.0)
    scores = np.where(any_match, scores, 0.0)
    return scores, np.zeros(n_boot, dtype=bool)


#: The smoothing methods the kernel's bleu_scores computes (add-k is numpy's only).
_KERNEL_SMOOTHING = {"exp": 0, "floor": 1, "none": 2}


def kernel_bleu_scores(sums, float32, smooth_method="exp", smooth_value=None, effective_order=False, **_):
    """``bleu_batch_scores``' values computed by the C kernel (``resample.bleu_scores``: the
    spec's operations row by row, float32 where ``float32``), or None where it does not
    apply (no kernel, add-k smoothing, more than 64 orders)."""
    from ..spec.bleu import SMOOTH_DEFAULTS

    kernel = native.resample
    if kernel is None or smooth_method not in _KERNEL_SMOOTHING or sums.shape[1] > 2 + 2 * 64:
        return None
    value = SMOOTH_DEFAULTS[smooth_method] if smooth_value is None else smooth_value
    rows = np.ascontiguousarray(sums, dtype=np.float64)
    is32 = np.ascontiguousarray(np.broadcast_to(np.asarray(float32, dtype=bool), rows.shape[:1]), dtype=np.uint8)
    out = np.empty(rows.shape[0], dtype=np.float64)
    kernel.bleu_scores(rows, is32, _KERNEL_SMOOTHING[smooth_method], float(value or 0), bool(effective_order), out)
    return out


def chrf_batch_scores(sums, float32, n=6, beta=2, word_order=0, eps_smoothing=False, **_):
    """``chrf_from_stats`` element-wise (see ``bleuprint.spec.chrf``)."""
    n_boot = sums.shape[0]
    orders = n + word_order
    factor = beta**2
    columns = _inputs(sums, float32)
    shape = (n_boot,)
    f_sum = _Mixed(np.zeros(n_boot), False)
    sum_p = _Mixed(np.zeros(n_boot), False)
    sum_r = _Mixed(np.zeros(n_boot), False)
    effective = np.zeros(n_boot, dtype=np.int64)
    for i in range(orders):
        h, r, m = columns[3 * i : 3 * i + 3]
        has_h, has_r = h.value > 0, r.value > 0
        precision = (m / h).where(has_h, EPS)
        recall = (m / r).where(has_r, EPS)
        if eps_smoothing:
            denominator = _Mixed.of(factor, shape) * precision + recall
            term = ((_Mixed.of(1 + factor, shape) * precision) * recall) / denominator
            f_sum = f_sum + term.where(denominator.value > 0, EPS)
        both = has_h & has_r
        sum_p = (sum_p + precision).where(both, sum_p)
        sum_r = (sum_r + recall).where(both, sum_r)
        effective += both
    if eps_smoothing:
        result = (_Mixed.of(100, shape) * f_sum) / orders
        return result.value, ~result.is32
    safe = np.maximum(effective, 1)
    avg_p = (sum_p / _Mixed(safe, False)).where(effective > 0, 0.0)
    avg_r = (sum_r / _Mixed(safe, False)).where(effective > 0, 0.0)
    zero = (avg_p + avg_r).value == 0
    score = (_Mixed.of(1 + factor, shape) * avg_p) * avg_r
    score = score / (_Mixed.of(factor, shape) * avg_p + avg_r)
    result = (_Mixed.of(100, shape) * score).where(~zero, 0.0)
    return result.value, ~result.is32


def ter_batch_scores(sums, float32, **_):
    """``ter_from_stats`` element-wise: 100 * E / L; 100.0 if L = 0 < E; 0.0 if both 0."""
    edits, length = _inputs(sums, float32)
    shape = (sums.shape[0],)
    rate = edits / length
    result = (_Mixed.of(100, shape) * rate)
    fallback = np.where(edits.value > 0, 100.0, 0.0)
    result = result.where(length.value > 0, _Mixed(fallback, False))
    return result.value, ~result.is32


def score_sums(metric: str, sums: np.ndarray, n_sentences: int, float32, **options):
    """The score of every row of ``sums`` as the spec's scorer computes it on float32
    scalars (``float32=True``) or Python numbers (``float32`` may also be a bool per
    row: each score depends on its own row only): ``(values, python_float)``, the second
    flagging the scores that are Python floats rather than ``numpy.float32`` (sacreBLEU's
    0.0 branches; always true for BLEU and exact match). The metric's ``batch_scores``."""
    definition = check_options(metric, options)
    return definition.batch_scores(sums, n_sentences, float32, **definition.score_options(options))


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

    mantissas, exponents = np.frexp(values)
    scaled = (mantissas * 2.0**53).astype(np.int64).tolist()
    shifts = (exponents - 53).tolist()
    low = min(shifts)
    total = sum(m << (e - low) for m, e in zip(scaled, shifts))
    return Fraction(total, len(scaled)) * Fraction(2) ** low


# ----------------------------------------------------------------------------- API


def _check_metric_and_options(metric: str, options: dict) -> None:
    check_options(metric, options)


def _exact_sum(matrix: np.ndarray) -> np.ndarray:
    """The corpus's statistics: exact sums (ints; Python's row-order float sums for
    fractional columns), as float64."""
    if np.all(matrix == np.floor(matrix)):
        return matrix.astype(np.int64).sum(axis=0).astype(np.float64)
    return np.array([_row_order_sum(matrix[:, c]) for c in range(matrix.shape[1])])


def _check_scoring(metric: str, summed: np.ndarray, n_sentences: int, options: dict) -> None:
    """What the spec's scorer refuses when it scores the corpus, checked once per call: the
    exact corpus sums ``summed`` (``_exact_sum``) go through the scalar scorer of
    ``impl.corpus``, whose metric functions refuse option values (``smooth_value``,
    ``beta``, ...) and statistics that are not counts (``spec.inputs.check_counts``). The
    resample scores are then computed without checks (vectorised; resampling valid rows
    gives valid sums)."""
    _score_numbers(metric, _as_numbers(summed), n_sentences, options)


def _corpus_score(metric: str, matrix: np.ndarray, options: dict) -> float:
    """The corpus score: the exact sums (``_exact_sum``), scored in double like the spec's
    scorer on Python numbers (after ``_check_scoring``)."""
    summed = _exact_sum(matrix)
    _check_scoring(metric, summed, matrix.shape[0], options)
    values, _ = score_sums(metric, summed[None, :], matrix.shape[0], False, **options)
    return float(values[0])


def _corpus_scores(metric: str, matrices: list, options: dict) -> list:
    """``[_corpus_score(metric, m, options) for m in matrices]`` (same N and width), scored
    in one element-wise call on the stacked sums."""
    summed = np.array([_exact_sum(matrix) for matrix in matrices])
    values, _ = score_sums(metric, summed, matrices[0].shape[0], False, **options)
    return [float(v) for v in values]


def _row_order_sum(column: np.ndarray) -> float:
    total = 0.0
    for x in column.tolist():
        total += x
    return total


def bootstrap_stats(metric: str, stats, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
                    exact: bool = False, **options) -> BootstrapResult:
    """``bleuprint.spec.intervals.bootstrap_stats``, vectorised (module doc)."""
    _check_metric_and_options(metric, options)
    check_positive_int(n_boot, "n_boot")
    check_alpha(alpha)
    check_rng(rng)
    if not isinstance(exact, bool):
        raise TypeError(f"exact must be a bool, got {type(exact).__name__}")
    matrix = _check_stats_matrix(stats)
    summed = _exact_sum(matrix)
    _check_scoring(metric, summed, matrix.shape[0], options)
    return _bootstrap_matrix(metric, matrix, n_boot, alpha, rng, exact, options, summed=summed)


def _bootstrap_matrix(metric, matrix, n_boot, alpha, rng, exact, options, ahead=None, *,
                      summed=None) -> BootstrapResult:
    """``bootstrap_stats`` of a checked matrix; the indices drawn ahead if ``ahead``;
    ``summed``: the matrix's ``_exact_sum`` if already computed."""
    if ahead is not None:
        sums = resample_sums(matrix, ahead.take(), exact)
    else:
        sums = resampled_sums(matrix, rng, n_boot, exact)
    # the corpus score (exact sums, double arithmetic) and the resamples' (float32 unless
    # exact) in one element-wise call: row 0 is the corpus, with its own arithmetic flag
    rows = np.concatenate([(_exact_sum(matrix) if summed is None else summed)[None, :], sums])
    float32 = np.full(n_boot + 1, not exact)
    float32[0] = False
    values, python_float = score_sums(metric, rows, matrix.shape[0], float32, **options)
    return summarise(float(values[0]), values[1:], n_boot, alpha, python_float=python_float[1:])


def bootstrap(metric: str, hyps, refs, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
              exact: bool = False, **options) -> BootstrapResult:
    """``bleuprint.spec.intervals.bootstrap``: the bootstrap interval of the corpus score,
    from the statistics matrix (``stats_matrix``), all resamples at once."""
    from .corpus import stats_matrix

    _check_metric_and_options(metric, options)
    check_positive_int(n_boot, "n_boot")
    check_alpha(alpha)
    check_rng(rng)
    # the indices depend only on rng and N: drawn on another thread meanwhile
    ahead = _DrawAhead.start(rng, len(hyps), n_boot) if type(hyps) is list and hyps else None
    try:
        matrix = _check_stats_matrix(stats_matrix(metric, hyps, refs, **options))
        if not isinstance(exact, bool):  # checked where the spec checks it: after the statistics
            raise TypeError(f"exact must be a bool, got {type(exact).__name__}")
        summed = _exact_sum(matrix)
        _check_scoring(metric, summed, matrix.shape[0], options)
        if ahead is not None and matrix.shape[0] != ahead.out.shape[1]:
            ahead.cancel()
            ahead = None
    except BaseException:
        if ahead is not None:
            ahead.cancel()
        raise
    return _bootstrap_matrix(metric, matrix, n_boot, alpha, rng, exact, options, ahead, summed=summed)


def metric_ci(metric: str, hyps, refs, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
              exact: bool = False, **options) -> tuple[float, float, float]:
    """``(score, lo, hi)`` (``bleuprint.spec.intervals.metric_ci``)."""
    result = bootstrap(metric, hyps, refs, n_boot, alpha, rng, exact=exact, **options)
    return result.score, result.lo, result.hi
