"""The meta-evaluation statistics with numpy: the same functions as ``bleuprint.metaeval.spec``,
fast, proved equal to it by the differential tests (``tests/metaeval``).

What makes them fast without changing a bit of the result:

* Soft pairwise accuracy: the ±1 permutation matrix depends only on the seed and the
  shape, so it is drawn once (``permutation_signs``, cached) and shared by the human side
  and every metric (made by the ``_pce`` kernel where it is built, which also reads score
  lists into float32); the permuted sums of the human scores and of every metric come from
  one float32 matrix product, and the p-values of all pairs of all of them from broadcast
  comparisons, one per first system. Each cell of the product is the one the oracle's own
  call makes (float32, accumulated over the segments in the same order), so the p-values
  are the oracle's to the bit, near-ties included.
* The tie search: the pairs are classified in arrays; the running sum the oracle keeps
  (subtract a vector's statistic, add it back changed) is one ``numpy.cumsum`` over the
  interleaved terms, which adds in the same order as the oracle's loop, so every
  threshold's value is the oracle's to the bit.
* Kendall's counts, Kendall-like and agreement: pair matrices instead of pair loops.
"""

from __future__ import annotations

import math
import sys
from functools import lru_cache
from itertools import chain

import numpy as np

from ..impl import native
from . import spec

AVERAGE_BY = spec.AVERAGE_BY
check_matrix = spec.check_matrix
rows = spec.rows
drop_missing = spec.drop_missing
system_scores = spec.system_scores
tau_from_counts = spec.tau_from_counts
t_sf = spec.t_sf
williams_test = spec.williams_test
pearson = spec.pearson
kendall_like_counts_spec = spec.kendall_like_counts


# ---------------------------------------------------------------------------------------
# system level


def agreement(gold, metric) -> tuple[int, int]:
    """``spec.agreement`` with arrays."""
    kept = [(g, m) for g, m in zip(gold, metric) if g is not None]
    if len(kept) < 2:
        return 0, 0
    g = np.array([k[0] for k in kept], dtype=float)
    m = np.array([k[1] for k in kept], dtype=float)
    i, j = np.triu_indices(len(g), 1)
    return int(np.count_nonzero(np.sign(g[i] - g[j]) == np.sign(m[i] - m[j]))), len(i)


def pairwise_accuracy(groups) -> float:
    """``spec.pairwise_accuracy`` (pooled over groups)."""
    agree = pairs = 0
    for gold, metric in groups:
        a, p = agreement(gold, metric)
        agree += a
        pairs += p
    if not pairs:
        raise ValueError("pairwise accuracy needs at least two systems with human scores")
    return agree / pairs


#: The smallest 32-bit draw whose float32 uniform exceeds 0.5 (``_signs``): (2**23 + 1) << 8.
_ABOVE_HALF = np.uint32(0x80000100)
#: Cells of the sign matrix made at a time (even: a chunk ends on a whole 64-bit draw).
_SIGN_CHUNK = 1 << 16


@lru_cache(maxsize=4)
def _signs(num_permutations: int, num_segments: int, seed: int) -> np.ndarray:
    """The oracle's sign matrix without its float draws. ``default_rng(seed)`` is
    ``Generator(PCG64(seed))``; its float32 uniform is ``(x >> 8) * 2**-24`` of the next 32-bit
    draw ``x``, and PCG64 makes 32-bit draws by halving its 64-bit outputs, low half first
    (numpy's ``next_float`` / ``pcg64_next32``). The cell is +1 where the uniform rounds to 1,
    i.e. exceeds 0.5 (0.5 itself rounds half to even, to 0): ``x >> 8 > 2**23``, i.e. ``x >=
    0x80000100``. So the matrix is read off the raw 64-bit outputs, viewed as their 32-bit
    halves in memory order (little-endian: low first), at about a third of the cost of the
    float draws; elsewhere, and as the check (``tests/metaeval/test_metaeval_impl.py``), the
    oracle's own calls. Fastest, the compiled kernel (``native.pce``, ``csrc/pce.c``) steps
    PCG64 itself from the generator's seeded state and writes each cell as it goes."""
    count = num_permutations * num_segments
    kernel = getattr(native.pce, "signs", None)
    if kernel is not None:
        # the compiled kernel steps PCG64 from the generator's state and writes each cell
        # as it is made (pce.c): no pass over the raw draws
        draws = np.empty((num_permutations, num_segments), dtype=np.float32)
        state = np.random.PCG64(seed).state["state"]
        low = (1 << 64) - 1
        kernel(state["state"] >> 64, state["state"] & low, state["inc"] >> 64, state["inc"] & low, int(_ABOVE_HALF),
               draws)
    elif sys.byteorder == "little":
        # in chunks of an even number of halves (the stream continues from one random_raw
        # call to the next), each compared and written as +-1 while it is in the cache: about
        # half the time of whole-matrix passes over fresh memory
        draws = np.empty(count, dtype=np.float32)
        generator, above = np.random.PCG64(seed), np.empty(min(count, _SIGN_CHUNK), dtype=bool)
        for start in range(0, count, _SIGN_CHUNK):
            size = min(count - start, _SIGN_CHUNK)
            halves = generator.random_raw((size + 1) // 2).view(np.uint32)[:size]
            part = draws[start:start + size]
            np.greater_equal(halves, _ABOVE_HALF, out=above[:size])
            np.multiply(above[:size], np.float32(2.0), out=part)
            part -= np.float32(1.0)
        draws = draws.reshape(num_permutations, num_segments)
    else:
        draws = np.random.default_rng(seed).random(size=(num_permutations, num_segments), dtype=np.float32)
        np.rint(draws, out=draws, casting="same_kind")
        draws *= 2.0
        draws -= 1.0
    draws.flags.writeable = False
    return draws


def oracle_signs(num_permutations: int, num_segments: int, seed: int) -> np.ndarray:
    """The sign matrix exactly as mt-metrics-eval's ``pce.compute_pairwise_p_values`` draws it
    (float32 uniforms, ``rint``, ``2 m - 1``): what ``_signs`` must equal."""
    draws = np.random.default_rng(seed).random(size=(num_permutations, num_segments), dtype=np.float32)
    np.rint(draws, out=draws, casting="same_kind")
    draws *= 2.0
    draws -= 1.0
    return draws


def clear_sign_cache() -> None:
    """Forget the cached sign matrices (a benchmark's cold start)."""
    _signs.cache_clear()


def permutation_signs(num_permutations: int, num_segments: int, seed: int = spec.PCE_SEED) -> np.ndarray:
    """The float32 ±1 matrix of ``spec.permutation_signs`` (cached: read-only)."""
    return _signs(int(num_permutations), int(num_segments), int(seed))


def _p_values(partial_t: np.ndarray, totals: np.ndarray, num_permutations: int) -> np.ndarray:
    """The oracle's p-value matrix from the permuted sums (``partial_t``: systems x
    permutations) and the system sums: ``p[i, j]`` for ``i < j``, NaN elsewhere. Every
    difference and comparison is the oracle's float32 operation (``_pair_counts``)."""
    num_systems = len(totals)
    i, j = np.triu_indices(num_systems, 1)
    counts = _pair_counts(partial_t[None], totals[None])[0]
    out = np.empty((num_systems, num_systems)) * np.nan
    out[i, j] = counts / num_permutations
    return out


def p_value_matrix(seg_scores, num_permutations: int = spec.PCE_PERMUTATIONS, seed: int = spec.PCE_SEED) -> np.ndarray:
    """``spec.pairwise_p_values`` as the oracle's matrix: ``p[i, j]`` for ``i < j``, NaN
    elsewhere. The float32 cast, ``numpy.sum`` of the system sums and the float32 matrix
    product are the oracle's own calls, so the result is its to the bit."""
    scores = np.asarray(seg_scores, dtype=float).astype(np.float32)
    signs = permutation_signs(num_permutations, scores.shape[1], seed)
    partial = np.matmul(signs, scores.T)
    return _p_values(np.ascontiguousarray(partial.T), np.sum(scores, axis=1), num_permutations)


def pairwise_p_values(seg_scores, num_permutations: int = spec.PCE_PERMUTATIONS, seed: int = spec.PCE_SEED) -> dict:
    """``spec.pairwise_p_values``."""
    matrix = p_value_matrix(seg_scores, num_permutations, seed)
    i, j = np.triu_indices(len(matrix), 1)
    return {(int(a), int(b)): float(matrix[a, b]) for a, b in zip(i, j)}


def _one_minus_pce(p_gold: np.ndarray, p_metric: np.ndarray) -> float:
    upper = np.triu_indices(p_gold.shape[0], 1)
    return float(1.0 - np.mean(np.abs(p_gold - p_metric)[upper]))


def _scores_array(matrix, name: str, allow_missing: bool, dtype=float) -> np.ndarray:
    """A systems x segments array (``None`` as NaN where allowed); ValueError for a ragged
    matrix, a missing score where none may be, or an infinite one (in ``dtype``: float32
    for the permutation test, whose cast is the oracle's)."""
    try:
        with np.errstate(over="ignore"):  # a float32 overflow is named below
            array = np.array(matrix, dtype=dtype)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name}: not a systems x segments matrix of numbers ({error})") from None
    if array.ndim != 2 or array.shape[1] == 0:
        raise ValueError(f"{name}: not a systems x segments matrix of numbers (shape {array.shape})")
    if np.isinf(array).any():
        raise ValueError(f"{name}: a score is infinite" + (" in float32" if dtype == np.float32 else ""))
    if not allow_missing and np.isnan(array).any():
        raise ValueError(f"{name}: a score is missing (None or NaN)")
    return array


def _metric_blocks(metrics, shape: tuple) -> np.ndarray:
    """The metrics' scores as one float32 array, metrics x systems x segments. Lists of rows of
    numbers (the usual input) are read in one ``numpy.fromiter`` pass, each number cast to
    float32 as ``numpy.array(..., dtype=float32)`` casts it; anything else, or a matrix with a
    missing or infinite score, goes through ``_scores_array`` one metric at a time, which
    names the problem."""
    systems, segments = shape
    kernel = native.pce
    if kernel is not None and isinstance(metrics, list):
        # lists of lists of floats, read by the compiled kernel (pce.c): the same casts
        cells = np.empty((len(metrics), systems, segments), dtype=np.float32)
        if kernel.floats32(metrics, systems, segments, cells) and np.isfinite(cells).all():
            return cells
    if all(isinstance(m, (list, tuple)) and len(m) == systems
           and all(isinstance(row, (list, tuple)) and len(row) == segments for row in m) for m in metrics):
        try:
            with np.errstate(over="ignore"):  # a float32 overflow is named below
                cells = np.fromiter(chain.from_iterable(chain.from_iterable(metrics)), dtype=np.float32,
                                    count=len(metrics) * systems * segments)
        except (TypeError, ValueError):
            cells = None
        if cells is not None and np.isfinite(cells).all():
            return cells.reshape(len(metrics), systems, segments)
    blocks = []
    for index, metric in enumerate(metrics):
        m = _scores_array(metric, f"metric {index}", allow_missing=False, dtype=np.float32)
        if m.shape != shape:
            raise ValueError(f"metric {index}: {m.shape[0]} systems x {m.shape[1]} segments, the human scores "
                             f"have {systems} x {segments}")
        blocks.append(m)
    return np.array(blocks, dtype=np.float32).reshape(len(metrics), systems, segments)


def _pair_counts(partial: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """The permutation counts of every pair of systems of every block: ``partial`` is blocks x
    systems x permutations (the permuted sums), ``totals`` blocks x systems (the system
    sums); the result is blocks x pairs, the pairs ``(i, j)``, ``i < j``, in row-major order
    (the oracle's loop and ``numpy.triu_indices``). The count is the oracle's: permutations
    whose float32 difference ``partial[i] - partial[j]`` is ``>=`` the float32 difference of
    the sums. One broadcast comparison per first system ``i`` against all later ones, for all
    blocks at once."""
    blocks, systems, _ = partial.shape
    out = np.empty((blocks, systems * (systems - 1) // 2), dtype=np.int64)
    start = 0
    for i in range(systems - 1):
        later = systems - 1 - i
        hits = partial[:, i:i + 1] - partial[:, i + 1:] >= (totals[:, i:i + 1] - totals[:, i + 1:])[:, :, None]
        # a bool is one byte of 0 or 1: summing the bytes counts the hits
        out[:, start:start + later] = hits.view(np.uint8).sum(axis=2, dtype=np.int64)
        start += later
    return out


def soft_pairwise_accuracy(gold, metric, num_permutations: int = spec.PCE_PERMUTATIONS,
                           seed: int = spec.PCE_SEED) -> float:
    """``spec.soft_pairwise_accuracy``."""
    return soft_pairwise_accuracies(gold, [metric], num_permutations, seed)[0]


def soft_pairwise_accuracies(gold, metrics, num_permutations: int = spec.PCE_PERMUTATIONS,
                             seed: int = spec.PCE_SEED) -> list[float]:
    """``spec.soft_pairwise_accuracy`` of several metrics against one human matrix.

    The sign matrix is drawn once and the human p-values computed once; the permuted sums of
    the human scores and of every metric come from one float32 matrix product over all their
    systems. Each matrix's slice is the product the oracle computes for it alone: BLAS
    accumulates every output cell over the segments in an order that does not depend on the
    other columns (checked bit for bit by ``tests/metaeval/test_metaeval_impl.py``, and by
    ``benchmarks/metaeval.py`` against the oracle)."""
    g = _scores_array(gold, "human scores", allow_missing=True)
    present = ~np.isnan(g)
    kept = present.sum(axis=1)
    if len(set(kept.tolist())) != 1:
        raise ValueError("soft pairwise accuracy: the systems have human scores for different numbers of segments "
                         f"({', '.join(map(str, kept.tolist()))}); the permutation test pairs segments by position")
    if kept[0] == 0:
        raise ValueError("soft pairwise accuracy: no human scores")
    if len(g) < 2:
        raise ValueError("soft pairwise accuracy needs at least two systems")
    everything = bool(present.all())
    shape = (len(g), int(kept[0]))
    # the oracle casts float64 scores to float32; a Python float converts to float32 with the
    # same single rounding, so the human scores are cast here and the metrics' read as float32
    human = (g if everything else g[present].reshape(shape)).astype(np.float32)
    scores = _metric_blocks(metrics, present.shape)
    if not everything:
        scores = scores[:, present].reshape(len(metrics), *shape)
    everyone = np.concatenate([human[None], scores]).reshape(-1, shape[1])
    signs = permutation_signs(num_permutations, shape[1], seed)
    partial_t = np.ascontiguousarray(np.matmul(signs, everyone.T).T)
    # row sums are numpy's per-row pairwise sums, whatever rows sit beside them (the
    # oracle's np.sum(seg_scores, axis=1) of each block)
    totals = np.sum(everyone, axis=1)
    blocks = len(metrics) + 1
    p = _pair_counts(partial_t.reshape(blocks, shape[0], num_permutations),
                     totals.reshape(blocks, shape[0])) / num_permutations
    # the oracle's 1 - mean |p_human - p_metric| over the upper triangle, in its row-major order
    return [float(1.0 - np.mean(np.abs(p[0] - p_metric))) for p_metric in p[1:]]


# ---------------------------------------------------------------------------------------
# Kendall


#: Above this many pairs Kendall's counts (with no tie threshold) are made by sorting, not from
#: the pair matrix (whose memory grows with the square of the vector).
PAIR_MATRIX_LIMIT = 2_000_000
#: The tie search lists every pair; above this many it refuses rather than run out of memory.
TIE_SEARCH_LIMIT = spec.TIE_SEARCH_LIMIT


def _pairs_tied(values: np.ndarray) -> int:
    """The pairs of equal values."""
    _, counts = np.unique(values, return_counts=True)
    return int((counts * (counts - 1) // 2).sum())


def _discordant_by_sorting(gold: np.ndarray, metric: np.ndarray) -> int:
    """Pairs ordered one way by gold and strictly the other way by the metric: sort by (gold,
    metric), then count the strict inversions of the metric's dense ranks with a Fenwick tree
    (gold ties sorted by metric add none)."""
    order = np.lexsort((metric, gold))
    _, ranks = np.unique(metric[order], return_inverse=True)
    size = int(ranks.max()) + 2 if len(ranks) else 1
    tree = [0] * size
    discordant = 0
    seen = 0
    for rank in (ranks + 1).tolist():
        # elements already seen with a larger metric rank: seen - (those with rank <= this one)
        i, not_larger = rank, 0
        while i > 0:
            not_larger += tree[i]
            i -= i & -i
        discordant += seen - not_larger
        i = rank
        while i < size:
            tree[i] += 1
            i += i & -i
        seen += 1
    return discordant


def kendall_counts(gold, metric, epsilon: float = 0.0, pair_matrix_limit: int = PAIR_MATRIX_LIMIT):
    """``spec.kendall_counts`` with pair arrays, or, without a tie threshold and above
    ``pair_matrix_limit`` pairs, by sorting (O(n log n): ties counted from groups of equal
    values, discordant pairs as inversions)."""
    g = np.asarray(gold, dtype=float)
    m = np.asarray(metric, dtype=float)
    n = len(g)
    total = n * (n - 1) // 2
    if epsilon == 0.0 and total > pair_matrix_limit:
        g, m = g + 0.0, m + 0.0  # -0.0 becomes 0.0: equal values group together
        ties_gold = _pairs_tied(g)
        ties_metric = _pairs_tied(m)
        both = _pairs_tied(np.rec.fromarrays([g, m])) if n else 0
        dis = _discordant_by_sorting(g, m)
        tx, ty = ties_metric - both, ties_gold - both
        return total - dis - tx - ty - both, dis, tx, ty, both
    i, j = np.triu_indices(n, 1)
    dm = m[j] - m[i]
    dg = g[j] - g[i]
    metric_tie = np.abs(dm) <= epsilon
    gold_tie = g[i] == g[j]
    both = metric_tie & gold_tie
    tx = metric_tie & ~gold_tie
    ty = gold_tie & ~metric_tie
    neither = ~(metric_tie | gold_tie)
    con = neither & ((dm > 0) == (dg > 0))
    return (int(con.sum()), int((neither & ~con).sum()), int(tx.sum()), int(ty.sum()), int(both.sum()))


def kendall_variant(gold, metric, variant: str = "b", epsilon: float = 0.0) -> float:
    """``spec.kendall_variant`` (the same ratios, on ``kendall_counts`` from arrays)."""
    if variant not in spec.KENDALL_VARIANTS:
        raise ValueError(f"unknown Kendall variant {variant!r}: expected one of {', '.join(spec.KENDALL_VARIANTS)}")
    if epsilon < 0:
        raise ValueError("epsilon must be non-negative")
    if epsilon > 0 and variant == "c":
        raise ValueError("tau-c is not defined with a tie threshold")
    con, dis, tx, ty, txy = kendall_counts(gold, metric, epsilon)
    total = con + dis + tx + ty + txy
    if variant in ("b", "c") and (tx + txy == total or ty + txy == total):
        return math.nan
    if variant == "b":
        return (con - dis) / math.sqrt(total - tx - txy) / math.sqrt(total - ty - txy)
    if variant == "c":
        size = len(gold)
        classes = min(len(np.unique(np.asarray(metric, dtype=float))), len(np.unique(np.asarray(gold, dtype=float))))
        return 2 * (con - dis) / (size ** 2 * (classes - 1) / classes)
    if variant == "23":
        return (con + txy - dis - tx - ty) / total
    return (con + txy) / total


def average_correlation(correlation, gold, metric, average_by: str = "none",
                        replace_nans_with_zeros: bool = False) -> float:
    """``spec.average_correlation`` (the averaging is the spec's own loop)."""
    return spec.average_correlation(correlation, gold, metric, average_by, replace_nans_with_zeros)


def kendall(gold, metric, variant: str = "b", average_by: str = "none", epsilon: float = 0.0) -> float:
    """``spec.kendall``."""
    return average_correlation(lambda g, m: kendall_variant(g, m, variant, epsilon), gold, metric, average_by)


def pearson_averaged(gold, metric, average_by: str = "none") -> float:
    """``spec.pearson_averaged``."""
    return average_correlation(pearson, gold, metric, average_by)


def kendall_like_counts(gold, metric, threshold: float = spec.KENDALL_LIKE_THRESHOLD) -> tuple[int, int]:
    """``spec.kendall_like_counts`` with pair arrays (``None`` gold cells dropped)."""
    g, m = drop_missing(gold, metric)
    g = np.asarray(g, dtype=float)
    m = np.asarray(m, dtype=float)
    i, j = np.triu_indices(len(g), 1)
    diff = g[i] - g[j]
    counted = np.abs(diff) >= threshold
    con = counted & (((diff > 0) & (m[i] > m[j])) | ((diff < 0) & (m[i] < m[j])))
    c = int(con.sum())
    return c, int(counted.sum()) - c


def kendall_like(gold, metric, average_by: str = "item", threshold: float = spec.KENDALL_LIKE_THRESHOLD) -> float:
    """``spec.kendall_like``."""
    total, n = 0, 0
    for g, m in zip(rows(gold, average_by), rows(metric, average_by)):
        g, m = drop_missing(g, m)
        if len(g) < 2:
            continue
        con, dis = kendall_like_counts(g, m, threshold)
        pairs = con + dis
        tau = (con - dis) / pairs if pairs else 0
        total += pairs * tau
        n += pairs
    return total / n if n else 0


# ---------------------------------------------------------------------------------------
# the tie search

#: Pair classes, and each one's weight in the numerator of acc23 and of tau_23.
_CON, _DIS, _TG, _TM, _TB = range(5)
_WEIGHTS = {"acc23": np.array([1, 0, 0, 0, 1]), "23": np.array([1, -1, -1, -1, 1])}


def _pairs(gold, metric, average_by):
    """Every pair of present cells, vector by vector, ``i < j``: (diff, vector, class now,
    class once tied), in the spec's order."""
    g_rows = rows(gold, average_by)
    m_rows = rows(metric, average_by)
    width = len(g_rows[0])
    present = np.array([[v is not None for v in row] for row in g_rows], dtype=bool)
    g = np.array([[0.0 if v is None else v for v in row] for row in g_rows], dtype=float)
    m = np.array(m_rows, dtype=float)
    i, j = np.triu_indices(width, 1)
    valid = (present[:, i] & present[:, j]).ravel()
    ga, gb, ma, mb = g[:, i].ravel(), g[:, j].ravel(), m[:, i].ravel(), m[:, j].ravel()
    vector = np.repeat(np.arange(len(g_rows)), len(i))
    ga, gb, ma, mb, vector = ga[valid], gb[valid], ma[valid], mb[valid], vector[valid]
    gold_tie, metric_tie = ga == gb, ma == mb
    now = np.where(gold_tie & metric_tie, _TB,
                   np.where(gold_tie, _TG,
                            np.where(metric_tie, _TM,
                                     np.where(((ga > gb) & (ma > mb)) | ((ga < gb) & (ma < mb)), _CON, _DIS))))
    tied = np.where(gold_tie, _TB, _TM)
    return np.abs(ma - mb), vector, now, tied


def tie_calibrated(gold, metric, variant: str = "acc23", average_by: str = "none") -> tuple[float, float, list, list]:
    """``spec.tie_calibrated``."""
    if variant not in _WEIGHTS:
        raise ValueError(f"the tie search optimises '23' or 'acc23', not {variant!r}")
    g_rows = rows(gold, average_by)
    listed = len(g_rows) * len(g_rows[0]) * (len(g_rows[0]) - 1) // 2
    if listed > TIE_SEARCH_LIMIT:
        raise ValueError(f"the tie search lists every pair: {listed:,} pairs averaged by {average_by!r} is more than "
                         f"{TIE_SEARCH_LIMIT:,}; average by item or by system")
    diff, vector, now, tied = _pairs(gold, metric, average_by)
    if not len(diff):
        raise ValueError("the tie search needs at least one pair with human scores")
    weight = _WEIGHTS[variant]
    # the vectors that have pairs, in the order of a Python set of their indices (the spec's)
    present = set()
    for index in np.unique(vector).tolist():
        present.add(index)
    order_of_vectors = list(present)
    num_pairs = np.bincount(vector, minlength=int(vector.max()) + 1)
    numerator = np.bincount(vector, weights=weight[now], minlength=len(num_pairs)).astype(np.int64)
    running0 = sum(int(numerator[v]) / int(num_pairs[v]) for v in order_of_vectors)
    count = len(order_of_vectors)

    order = np.argsort(diff, kind="stable")
    d_sorted = diff[order]
    v_sorted = vector[order]
    change = (weight[tied] - weight[now])[order]
    # each pair's vector numerator after it is re-classed: a cumulative sum within its vector
    by_vector = np.argsort(v_sorted, kind="stable")
    cum = np.cumsum(change[by_vector])
    starts = np.searchsorted(v_sorted[by_vector], v_sorted[by_vector], side="left")
    before_group = np.where(starts > 0, cum[starts - 1], 0)
    after = np.empty_like(cum)
    after[by_vector] = numerator[v_sorted[by_vector]] + cum - before_group
    before = after - change
    denominators = num_pairs[v_sorted]
    terms = np.empty(2 * len(order) + 1)
    terms[0] = running0
    terms[1::2] = -(before / denominators)
    terms[2::2] = after / denominators
    running = np.cumsum(terms)[2::2]
    values = running / count

    last_of_group = np.r_[d_sorted[1:] != d_sorted[:-1], True]
    group_diffs = d_sorted[last_of_group]
    group_values = values[last_of_group]
    thresholds = [0.0]
    taus = [running0 / count]
    if group_diffs[0] == 0.0:
        taus[0] = float(group_values[0])
        group_diffs, group_values = group_diffs[1:], group_values[1:]
    thresholds += group_diffs.tolist()
    taus += group_values.tolist()
    best = int(np.argmax(taus))
    return taus[best], thresholds[best], thresholds, taus


def acc23(gold, metric, average_by: str = "item") -> float:
    """``spec.acc23``."""
    return tie_calibrated(gold, metric, "acc23", average_by)[0]


# ---------------------------------------------------------------------------------------
# significance between two metrics


def williams(gold, metric1, metric2, average_by: str = "none", one_sided: bool = True):
    """``spec.williams`` (Pearson with numpy-free sums: it is the spec's)."""
    return spec.williams(gold, metric1, metric2, average_by, one_sided)


def zscore(values) -> np.ndarray:
    """``spec.zscore`` (correctly rounded sums) as an array. Not numpy's mean and std (what
    ``scipy.stats.zscore`` computes): they differ from the spec's in the last bits, and
    PERM-BOTH compares differences of correlations with ``>=``, so where a swap gives exactly
    the observed difference in real arithmetic (metrics that are affine images of each
    other), those bits decided the comparison and impl's p-value left the spec's (0.9
    against 1.0 on a 2 x 5 example). The z-scores are computed once a test, not a round."""
    return np.asarray(spec.zscore([float(v) for v in values]), dtype=float)


def _pearson_rows(g: np.ndarray, m: np.ndarray) -> float:
    if np.all(g == g[0]) or np.all(m == m[0]):
        return math.nan
    return spec.pearson(g.tolist(), m.tolist())


def perm_both(gold, metric1, metric2, correlation: str = "pearson", average_by: str = "none",
              k: int = spec.PERM_BOTH_K, seed: int | None = None, block_size: int = spec.PERM_BOTH_BLOCK,
              early_min: float = spec.PERM_BOTH_EARLY_MIN, early_max: float = spec.PERM_BOTH_EARLY_MAX,
              variant: str = "b", random_state=None, groups=None, num_systems: int | None = None
              ) -> tuple[float, float, int]:
    """``spec.perm_both``: the swaps as array selections, one generator for all rounds (for
    soft pairwise accuracy, the human p-values computed once: the human scores never move)."""
    if correlation == "pearson":
        fn = _pearson_rows
    elif correlation == "kendall":
        def fn(g, m):
            return kendall_variant(g, m, variant)
    elif correlation == "accuracy":
        sizes = list(groups) if groups is not None else None

        def fn(g, m):
            return _pooled_accuracy(g, m, sizes or [len(g)])
    elif correlation == "pce":
        if average_by != "none" or not num_systems:
            raise ValueError("PERM-BOTH on soft pairwise accuracy: average_by 'none' and the number of systems")
        human_p = {}

        def fn(g, m):
            if "p" not in human_p:
                human_p["p"] = p_value_matrix(np.reshape(g, (num_systems, -1)))
            return _one_minus_pce(human_p["p"], p_value_matrix(np.reshape(m, (num_systems, -1))))
    else:
        raise ValueError(f"PERM-BOTH: unknown correlation {correlation!r}: expected 'pearson', 'kendall', "
                         "'accuracy' or 'pce'")
    lens, g_flat, m1_flat, m2_flat = [], [], [], []
    for g, m1, m2 in zip(rows(gold, average_by), rows(metric1, average_by), rows(metric2, average_by)):
        kept = [(a, b, c) for a, b, c in zip(g, m1, m2) if a is not None]
        if kept:
            lens.append(len(kept))
            g_flat += [a for a, _, _ in kept]
            m1_flat += [b for _, b, _ in kept]
            m2_flat += [c for _, _, c in kept]
    g_all = np.asarray(g_flat, dtype=float)
    z1, z2 = zscore(m1_flat), zscore(m2_flat)
    starts = np.r_[0, np.cumsum(lens)]
    bounds = list(zip(starts[:-1].tolist(), starts[1:].tolist()))

    def corr(m):
        values = [fn(g_all[b:e], m[b:e]) for b, e in bounds]
        values = [v for v in values if not math.isnan(v)]
        return math.fsum(values) / len(values) if values else 0

    if correlation == "accuracy" and (average_by != "none" or (groups is not None and sum(groups) != len(g_flat))):
        raise ValueError("PERM-BOTH on pairwise accuracy: one vector of every language pair's system scores "
                         "(average_by 'none', groups summing to its length, no missing human score)")
    delta = corr(z2) - corr(z1)
    rng = np.random.RandomState(seed) if random_state is None else random_state
    count, i = 0, 1
    for i in range(1, k + 1):
        w = rng.binomial(1, 0.5, len(z1)).astype(bool)
        if corr(np.where(w, z2, z1)) - corr(np.where(w, z1, z2)) >= delta:
            count += 1
        if i % block_size == 0:
            p = count / i
            if p < early_min or p > early_max:
                break
    return count / i, delta, i


def _pooled_accuracy(g: np.ndarray, m: np.ndarray, groups) -> float:
    """``spec.pooled_accuracy`` on arrays."""
    agree = pairs = start = 0
    for size in groups:
        gs, ms = g[start:start + size], m[start:start + size]
        i, j = np.triu_indices(size, 1)
        agree += int(np.count_nonzero(np.sign(gs[i] - gs[j]) == np.sign(ms[i] - ms[j])))
        pairs += len(i)
        start += size
    return agree / pairs


metric_order = spec.metric_order
assign_ranks = spec.assign_ranks


def perm_both_matrix(gold, metrics: dict, order: list, correlation: str = "pearson", average_by: str = "none",
                     k: int = spec.PERM_BOTH_K, seed: int | None = None, block_size: int = spec.PERM_BOTH_BLOCK,
                     early_min: float = spec.PERM_BOTH_EARLY_MIN, early_max: float = spec.PERM_BOTH_EARLY_MAX,
                     variant: str = "b", groups=None, num_systems: int | None = None) -> list[list]:
    """``spec.perm_both_matrix`` with impl's ``perm_both`` (the same shared stream)."""
    return spec.perm_both_matrix(gold, metrics, order, correlation, average_by, k, seed, block_size, early_min,
                                 early_max, variant, groups, perm_both_fn=perm_both, num_systems=num_systems)


def williams_matrix(gold, metrics: dict, order: list, average_by: str = "none") -> list[list]:
    """``spec.williams_matrix``."""
    return spec.williams_matrix(gold, metrics, order, average_by)


# ---------------------------------------------------------------------------------------
# significance between two metrics' acc23: the permutation test over pairs


#: numpy's legacy ``binomial(1, 0.5)`` draws by inversion (``random_binomial_inversion``):
#: one uniform ``U`` (the generator's ``next_double``) a draw, ``X = 0`` while ``U <= qn``
#: with ``qn = exp(n log(1 - p))``; for ``n = 1`` the search ends at ``X = 1`` (``U - qn >
#: qn`` would need ``U > 1``). So a draw is ``U > qn``, with ``U`` the very uniform
#: ``random_sample`` returns from the same stream, at a quarter of the cost. ``qn`` computed
#: as the C code does it (0.5 here); ``tests/metaeval/test_metaeval_impl.py`` checks the
#: draws equal ``binomial``'s.
_BINOMIAL_HALF_QN = math.exp(1 * math.log(1.0 - 0.5))


#: The most draws of the pairs test held at once (32 MB of uniforms).
_PAIR_DRAW_CHUNK = 1 << 22


def binomial_half(random_state, size: int) -> np.ndarray:
    """``random_state.binomial(1, 0.5, size) == 1``, drawn as ``random_sample(size) > qn``
    (``_BINOMIAL_HALF_QN``): the same values, the same state after."""
    return random_state.random_sample(size) > _BINOMIAL_HALF_QN


def _pair_classes(g: np.ndarray, m: np.ndarray, epsilon: float, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """``spec.pair_class`` of the pairs ``(i, j)`` of one vector, as class codes."""
    gold_tie = g[i] == g[j]
    metric_tie = np.abs(m[j] - m[i]) <= epsilon
    agree = (g[i] > g[j]) == (m[i] > m[j])
    return np.where(gold_tie, np.where(metric_tie, _TB, _TG), np.where(metric_tie, _TM, np.where(agree, _CON, _DIS)))


def perm_pairs(gold, metric1, metric2, variant: str = "acc23", average_by: str = "item",
               k: int = spec.PERM_BOTH_K, seed: int | None = None, block_size: int = spec.PERM_BOTH_BLOCK,
               early_min: float = spec.PERM_BOTH_EARLY_MIN, early_max: float = spec.PERM_BOTH_EARLY_MAX,
               random_state=None, epsilon1: float | None = None, epsilon2: float | None = None
               ) -> tuple[float, float, int]:
    """``spec.perm_pairs``: every pair's weight in the numerator (``_WEIGHTS``) under each
    metric listed once; a round is one draw of ``binomial(1, 0.5)`` for all vectors
    (``binomial_half``: the same stream as the oracle's one call per vector), a gather of
    each pair's draw, and per-vector
    sums of the first hybrid's numerators (metric2's, plus the gains of the pairs the metrics
    class differently where the draw picks metric1), the second's being the two metrics'
    totals minus the first's; the mean is numpy's, as the oracle's."""
    epsilon1, epsilon2 = spec.pairs_test_thresholds(gold, metric1, metric2, variant, average_by, epsilon1, epsilon2,
                                                    search=tie_calibrated)
    weight = _WEIGHTS[variant]
    draw_index, num1, num2, starts, totals = [], [], [], [], []
    draws = pairs = 0
    for g, m1, m2 in zip(rows(gold, average_by), rows(metric1, average_by), rows(metric2, average_by)):
        kept = [c for c, v in enumerate(g) if v is not None]
        n = len(kept)
        if not n:
            continue
        if n > 1:
            i, j = np.triu_indices(n, 1)
            ga = np.array([g[c] for c in kept], dtype=float)
            draw_index.append(draws + i * n + j)
            num1.append(weight[_pair_classes(ga, np.array([m1[c] for c in kept], dtype=float), epsilon1, i, j)])
            num2.append(weight[_pair_classes(ga, np.array([m2[c] for c in kept], dtype=float), epsilon2, i, j)])
            starts.append(pairs)
            totals.append(len(i))
            pairs += len(i)
        draws += n * n
    empty = np.zeros(0, dtype=np.int64)
    draw_index = np.concatenate(draw_index) if totals else empty
    num1, num2 = (np.concatenate(num1), np.concatenate(num2)) if totals else (empty, empty)
    starts, totals = np.array(starts, dtype=np.int64), np.array(totals, dtype=np.int64)

    def by_vector(numerators):
        return np.add.reduceat(numerators, starts) if len(starts) else empty

    def corr(numerators):  # vectors without a pair are left out; none: 0, as the spec
        return np.mean(numerators / totals) if len(totals) else 0

    sum1, sum2 = by_vector(num1), by_vector(num2)
    both = sum1 + sum2
    # only the pairs the two metrics class differently move a hybrid: the first hybrid's
    # numerator is metric2's plus (metric1's - metric2's) over those whose draw is 1
    differ = num1 != num2
    vector_of_pair = np.repeat(np.arange(len(totals)), totals)[differ]
    gain, differ_draws = (num1 - num2)[differ], draw_index[differ]

    # a round's draws in chunks of at most _PAIR_DRAW_CHUNK (n x n an item adds up: 15
    # systems x 2,000 segments averaged by system is 60 million), each read at the pairs in it
    chunks = [(start, min(start + _PAIR_DRAW_CHUNK, draws)) for start in range(0, draws, _PAIR_DRAW_CHUNK)]
    cuts = np.searchsorted(differ_draws, [start for start, _ in chunks] + [draws])

    def round_draws(rng):
        if len(chunks) == 1:
            return binomial_half(rng, draws)[differ_draws]
        w = np.empty(len(differ_draws), dtype=bool)
        for (start, end), a, b in zip(chunks, cuts[:-1], cuts[1:]):
            w[a:b] = binomial_half(rng, end - start)[differ_draws[a:b] - start]
        return w

    delta = corr(sum2) - corr(sum1)
    rng = np.random.RandomState(seed) if random_state is None else random_state
    count, i = 0, 1
    for i in range(1, k + 1):
        w = round_draws(rng)
        first = sum2 + np.bincount(vector_of_pair, weights=gain * w, minlength=len(totals)).astype(np.int64)
        if corr(both - first) - corr(first) >= delta:
            count += 1
            if i % block_size == 0:
                p = count / i
                if p < early_min or p > early_max:
                    break
    return count / i, float(delta), i


def perm_pairs_matrix(gold, metrics: dict, order: list, variant: str = "acc23", average_by: str = "item",
                      k: int = spec.PERM_BOTH_K, seed: int | None = None, block_size: int = spec.PERM_BOTH_BLOCK,
                      early_min: float = spec.PERM_BOTH_EARLY_MIN, early_max: float = spec.PERM_BOTH_EARLY_MAX
                      ) -> list[list]:
    """``spec.perm_pairs_matrix`` with impl's ``perm_pairs``, each metric's tie threshold
    searched once (the oracle searches it again in every test: the same number)."""
    epsilon = {name: tie_calibrated(gold, metrics[name], variant, average_by)[1] for name in order}
    return spec.significance_matrix(order, seed, lambda better, worse, rng: perm_pairs(
        gold, metrics[worse], metrics[better], variant, average_by, k, None, block_size, early_min, early_max,
        random_state=rng, epsilon1=epsilon[worse], epsilon2=epsilon[better])[0])
