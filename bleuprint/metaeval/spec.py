"""The WMT metrics task's meta-evaluation statistics, literally: one pure-Python function each.

The definitions are those of google-research/mt-metrics-eval (commit 68a481a), files
``mt_metrics_eval/stats.py``, ``pce.py`` and ``tau_optimization.py`` (Apache-2.0; behaviour
read, code not copied). Each function's docstring names the oracle function it follows.

Data layout. Scores come as a matrix: one row per system, one column per item (segment),
``gold[s][i]`` (human; ``None`` where the human did not score) and ``metric[s][i]`` (never
``None``). ``rows(matrix, average_by)`` turns it into the vectors a correlation is computed
over, as the oracle's ``_Reshape`` does: ``'none'`` one vector of every cell, system-major;
``'sys'`` one per system; ``'item'`` one per item (the systems' scores of that segment).

Random draws are the oracle's: numpy's generators, called with the same seeds and shapes
(``permutation_signs``, ``perm_both_weights``); they are conventions (which random bits),
not arithmetic, so they are the spec's only use of numpy, imported inside those functions.
Everything else is Python arithmetic. Where the oracle's arithmetic is exact or sequential
(counts, the tie search's running sum, Kendall's ratios), the spec does the same float
operations in the same order and its numbers are the oracle's to the last bit. Where the
oracle sums with BLAS or numpy's pairwise summation (the float32 matrix product of the
permutation test, means, Pearson's dot products), the spec computes the exact value
(``fractions`` / ``math.fsum``): equal to the oracle whenever float32 arithmetic is exact
(the scores on a dyadic grid), and within a few ulps elsewhere (the tests state it).
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction
from itertools import combinations

AVERAGE_BY = ("none", "sys", "item")
KENDALL_VARIANTS = ("b", "c", "23", "acc23")

#: mt-metrics-eval's conventions (``pce.compute_pairwise_p_values`` defaults;
#: ``stats.KendallLike``'s threshold; ``stats.PermutationSigDiffParams``).
PCE_PERMUTATIONS = 1000
PCE_SEED = 4
KENDALL_LIKE_THRESHOLD = 25.0
PERM_BOTH_K = 1000
PERM_BOTH_BLOCK = 1000
PERM_BOTH_EARLY_MIN = 0.02
PERM_BOTH_EARLY_MAX = 0.5
#: The tie search lists every pair; above this many it refuses (memory) instead of starting.
TIE_SEARCH_LIMIT = 50_000_000


# ---------------------------------------------------------------------------------------
# layout


def check_matrix(matrix, name: str, allow_none: bool = False) -> list[list]:
    """``matrix`` as a list of equal-length rows of floats (or ``None`` where allowed);
    ValueError/TypeError naming ``name`` otherwise."""
    rows_ = [list(row) for row in matrix]
    if not rows_:
        raise ValueError(f"{name}: no systems")
    width = len(rows_[0])
    for s, row in enumerate(rows_):
        if len(row) != width:
            raise ValueError(f"{name}: system {s} has {len(row)} scores, system 0 has {width}")
        for i, value in enumerate(row):
            if value is None:
                if not allow_none:
                    raise ValueError(f"{name}: score of system {s}, item {i} is missing")
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                try:
                    value = float(value)  # numpy scalars
                except (TypeError, ValueError):
                    raise TypeError(f"{name}: score of system {s}, item {i} is {type(value).__name__}, "
                                    f"not a number") from None
            if not math.isfinite(value):
                raise ValueError(f"{name}: score of system {s}, item {i} is {value}")
            row[i] = float(value)
    return rows_


def rows(matrix, average_by: str) -> list[list]:
    """The vectors correlations are computed over (oracle: ``stats._Reshape``)."""
    if average_by == "none":
        return [[value for row in matrix for value in row]]
    if average_by == "sys":
        return [list(row) for row in matrix]
    if average_by == "item":
        return [list(column) for column in zip(*matrix)]
    raise ValueError(f"unknown average_by {average_by!r}: expected one of {', '.join(AVERAGE_BY)}")


def drop_missing(gold, metric) -> tuple[list, list]:
    """The pairs whose gold score is not ``None`` (oracle: ``stats.filter_gold_nones``)."""
    kept = [(g, m) for g, m in zip(gold, metric) if g is not None]
    return [g for g, _ in kept], [m for _, m in kept]


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


# ---------------------------------------------------------------------------------------
# system level: pairwise accuracy


def agreement(gold, metric) -> tuple[int, int]:
    """``(agree, pairs)`` over the pairs of systems whose gold scores are both present:
    ``agree`` counts the pairs with ``sign(gold_a - gold_b) == sign(metric_a - metric_b)``,
    ties included (a tie in both agrees). Oracle: ``stats.Agreement``."""
    agree = pairs = 0
    for (ga, ma), (gb, mb) in combinations(zip(gold, metric), 2):
        if ga is None or gb is None:
            continue
        agree += sign(ga - gb) == sign(ma - mb)
        pairs += 1
    return agree, pairs


def pairwise_accuracy(groups) -> float:
    """System-level pairwise accuracy (Kocmi et al., 2021), pooled as the task pools it:
    ``groups`` is a list of ``(gold, metric)`` system-score vectors, one per language pair;
    the accuracy is the total agreeing pairs over the total pairs (oracle:
    ``data.CompareMetricsWithGlobalAccuracy``'s ``_Accuracy``)."""
    agree = pairs = 0
    for gold, metric in groups:
        a, p = agreement(gold, metric)
        agree += a
        pairs += p
    if not pairs:
        raise ValueError("pairwise accuracy needs at least two systems with human scores")
    return agree / pairs


def system_scores(matrix) -> list:
    """Each system's score: the mean of its present segment scores (``None`` when it has
    none). mt-metrics-eval reads system scores from ``.sys.score`` files; for segment
    files this is how those are made (the average)."""
    out = []
    for row in matrix:
        present = [v for v in row if v is not None]
        out.append(math.fsum(present) / len(present) if present else None)
    return out


# ---------------------------------------------------------------------------------------
# system level: soft pairwise accuracy (1 - pairwise confidence error)


def float32(x: float) -> float:
    """``x`` rounded to the nearest float32 (round half to even), as a Python float."""
    return struct.unpack("f", struct.pack("f", x))[0]


def permutation_signs(num_permutations: int, num_segments: int, seed: int = PCE_SEED) -> list[list[int]]:
    """The ±1 matrix of the paired permutation test (oracle: ``pce.compute_pairwise_p_values``):
    ``u = default_rng(seed).random((P, M), dtype=float32)``; a cell is +1 where ``u`` rounds
    to 1 (``u > 0.5``) and -1 where it rounds to 0 (``u <= 0.5``: 0.5 rounds half to even).
    One matrix for every pair of systems."""
    import numpy as np

    draws = np.random.default_rng(seed).random(size=(num_permutations, num_segments), dtype=np.float32)
    return [[1 if float(u) > 0.5 else -1 for u in row] for row in draws]


def pairwise_p_values(seg_scores, num_permutations: int = PCE_PERMUTATIONS, seed: int = PCE_SEED) -> dict:
    """``{(i, j): p}`` for every pair of systems ``i < j``: the paired permutation test's
    p-value for "system i is better than system j" (oracle: ``pce.compute_pairwise_p_values``).

    Scores are cast to float32. With ``d_k = x_ik - x_jk`` and the shared sign matrix
    ``s`` (``permutation_signs``), the test statistic is ``sum_k d_k`` (a difference of
    system *sums*) and the permuted one ``sum_k s_pk d_k``; ``p`` is the fraction of the
    ``P`` permutations whose permuted statistic is ``>=`` the test statistic. Sums exact
    (module doc)."""
    scores = [[float32(v) for v in row] for row in seg_scores]
    width = len(scores[0])
    # exact integers: every float32 is an integer over a power of two
    scale = max((Fraction(v).denominator for row in scores for v in row), default=1)
    ints = [[int(Fraction(v) * scale) for v in row] for row in scores]
    signs = permutation_signs(num_permutations, width, seed)
    partial = [[sum(s * x for s, x in zip(sign_row, row)) for row in ints] for sign_row in signs]
    totals = [sum(row) for row in ints]
    out = {}
    for i, j in combinations(range(len(ints)), 2):
        test = totals[i] - totals[j]
        count = sum(1 for p in partial if p[i] - p[j] >= test)
        out[i, j] = count / num_permutations
    return out


def soft_pairwise_accuracy(gold, metric, num_permutations: int = PCE_PERMUTATIONS, seed: int = PCE_SEED) -> float:
    """Soft pairwise accuracy, ``1 - PCE`` (Thompson et al., WMT 2024): one minus the mean,
    over pairs of systems ``i < j``, of ``|p_human(i, j) - p_metric(i, j)|``, the p-values
    of ``pairwise_p_values`` on each side with the same seed (oracle:
    ``stats.PairwiseConfidenceError`` and ``pce.compute_one_minus_pce``).

    Missing human scores: the cells whose gold is ``None`` are dropped from both matrices,
    then each system keeps its remaining segments in order (the oracle filters the flattened
    vectors and reshapes); every system must keep the same number, or ValueError."""
    gold, metric = _drop_missing_per_system(gold, metric)
    p_gold = pairwise_p_values(gold, num_permutations, seed)
    p_metric = pairwise_p_values(metric, num_permutations, seed)
    if not p_gold:
        raise ValueError("soft pairwise accuracy needs at least two systems")
    return 1.0 - math.fsum(abs(p_gold[k] - p_metric[k]) for k in p_gold) / len(p_gold)


def _drop_missing_per_system(gold, metric):
    kept = [drop_missing(g, m) for g, m in zip(gold, metric)]
    counts = {len(g) for g, _ in kept}
    if len(counts) != 1:
        raise ValueError("soft pairwise accuracy: the systems have human scores for different numbers of "
                         f"segments ({', '.join(str(len(g)) for g, _ in kept)}); the permutation test pairs "
                         "segments by position")
    if counts == {0}:
        raise ValueError("soft pairwise accuracy: no human scores")
    return [g for g, _ in kept], [m for _, m in kept]


# ---------------------------------------------------------------------------------------
# Kendall's tau and its variants


def kendall_counts(gold, metric, epsilon: float = 0.0) -> tuple[int, int, int, int, int]:
    """``(concordant, discordant, metric_ties_only, gold_ties_only, ties_both)`` over all
    pairs of positions. A pair is a metric tie when ``|metric_a - metric_b| <= epsilon``
    (exact equality when epsilon is 0), a gold tie when the gold scores are equal.
    Oracle: ``stats._MatrixSufficientStatistics`` / ``_FenwickTreeSufficientStatistics``."""
    con = dis = tx = ty = txy = 0
    for (ga, ma), (gb, mb) in combinations(zip(gold, metric), 2):
        dm = mb - ma
        metric_tie = abs(dm) <= epsilon
        gold_tie = ga == gb
        if metric_tie and gold_tie:
            txy += 1
        elif metric_tie:
            tx += 1
        elif gold_tie:
            ty += 1
        elif (dm > 0) == (gb > ga):
            con += 1
        else:
            dis += 1
    return con, dis, tx, ty, txy


def kendall_variant(gold, metric, variant: str = "b", epsilon: float = 0.0) -> float:
    """One vector's Kendall statistic (oracle: ``stats.KendallVariants``), from
    ``kendall_counts`` with ``C, D, Tm, Tg, Tb`` and ``N`` pairs:

    * ``'b'``: ``(C - D) / sqrt(N - Tm - Tb) / sqrt(N - Tg - Tb)`` (scipy's tau-b);
    * ``'c'``: ``2 (C - D) / (n^2 (m - 1) / m)``, ``m`` the fewer distinct values (epsilon 0 only);
    * ``'23'``: ``(C + Tb - D - Tm - Tg) / N`` and ``'acc23'``: ``(C + Tb) / N`` (Deutsch et
      al., 2023, *Ties Matter*);
    * NaN for ``'b'``/``'c'`` when every pair is tied on one side."""
    if variant not in KENDALL_VARIANTS:
        raise ValueError(f"unknown Kendall variant {variant!r}: expected one of {', '.join(KENDALL_VARIANTS)}")
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
        classes = min(len(set(metric)), len(set(gold)))
        return 2 * (con - dis) / (size ** 2 * (classes - 1) / classes)
    if variant == "23":
        return (con + txy - dis - tx - ty) / total
    return (con + txy) / total


def pearson(gold, metric) -> float:
    """Pearson's r, NaN when either vector is constant: ``sum(dx dy) / sqrt(sum dx^2 sum dy^2)``
    with deviations from the means; sums correctly rounded (``math.fsum``). Oracle:
    ``scipy.stats.pearsonr`` through ``stats.AverageCorrelation`` (a constant input gives NaN)."""
    n = len(gold)
    if len(set(gold)) == 1 or len(set(metric)) == 1:
        return math.nan
    mx, my = math.fsum(gold) / n, math.fsum(metric) / n
    dx = [x - mx for x in gold]
    dy = [y - my for y in metric]
    r = math.fsum(a * b for a, b in zip(dx, dy)) / math.sqrt(math.fsum(a * a for a in dx) * math.fsum(b * b for b in dy))
    return max(-1.0, min(1.0, r))


def average_correlation(correlation, gold, metric, average_by: str = "none",
                        replace_nans_with_zeros: bool = False) -> float:
    """A correlation averaged over the vectors of ``rows(., average_by)`` (oracle:
    ``stats.AverageCorrelation``, ``macro=True``): in each vector the cells with a ``None``
    gold score are dropped; a vector left with fewer than two cells is skipped; a NaN
    correlation is left out of the average (or counts as 0 with
    ``replace_nans_with_zeros``); the plain mean of the rest, summed in order; 0 when none."""
    total, n = 0, 0
    for g, m in zip(rows(gold, average_by), rows(metric, average_by)):
        g, m = drop_missing(g, m)
        if len(g) < 2:
            continue
        value = correlation(g, m)
        if not math.isnan(value):
            total += value
            n += 1
        elif replace_nans_with_zeros:
            n += 1
    return total / n if n else 0


def kendall(gold, metric, variant: str = "b", average_by: str = "none", epsilon: float = 0.0) -> float:
    """``kendall_variant`` averaged by ``average_by`` (oracle: ``Correlation.KendallVariants``)."""
    return average_correlation(lambda g, m: kendall_variant(g, m, variant, epsilon), gold, metric, average_by)


def pearson_averaged(gold, metric, average_by: str = "none") -> float:
    """``pearson`` averaged by ``average_by`` (oracle: ``Correlation.Pearson``)."""
    return average_correlation(pearson, gold, metric, average_by)


# ---------------------------------------------------------------------------------------
# WMT20's Kendall-like


def kendall_like_counts(gold, metric, threshold: float = KENDALL_LIKE_THRESHOLD) -> tuple[int, int]:
    """``(concordant, discordant)`` of WMT20's Kendall-like statistic (oracle:
    ``stats.KendallLike``): a pair counts only when ``|gold_a - gold_b| >= threshold``;
    it is concordant when ``gold_a - gold_b > 0`` and ``metric_a > metric_b``, or ``< 0``
    and ``<``; every other counted pair is discordant, metric ties included. The ``>=`` of
    the threshold against the ``>`` of the direction is deliberate in the oracle (WMT's
    behaviour): with threshold 0 a gold tie is counted, and discordant."""
    con = dis = 0
    for (ga, ma), (gb, mb) in combinations(zip(gold, metric), 2):
        if ga is None or gb is None:
            continue
        diff = ga - gb
        if abs(diff) >= threshold:
            if (diff > 0 and ma > mb) or (diff < 0 and ma < mb):
                con += 1
            else:
                dis += 1
    return con, dis


def kendall_like(gold, metric, average_by: str = "item", threshold: float = KENDALL_LIKE_THRESHOLD) -> float:
    """Kendall-like ``(C - D) / (C + D)`` per vector, averaged with each vector weighted by
    its counted pairs (oracle: ``Correlation.KendallLike``, ``macro=False``): the sum of
    ``pairs * tau`` over the sum of pairs (vectors with fewer than two gold scores
    skipped; 0 when no pair counts)."""
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
# segment level: acc23 with the tie threshold search


def pair_counts(gold_a, gold_b, metric_a, metric_b) -> tuple[str, str]:
    """The class of one pair as it is, and as it is once the metric calls it a tie:
    ``'con'``, ``'dis'``, ``'tg'`` (gold tie only), ``'tm'`` (metric tie only), ``'tb'``
    (both). Oracle: ``tau_optimization._RankedPair``."""
    if gold_a == gold_b and metric_a == metric_b:
        now = "tb"
    elif gold_a == gold_b:
        now = "tg"
    elif metric_a == metric_b:
        now = "tm"
    elif (gold_a > gold_b and metric_a > metric_b) or (gold_a < gold_b and metric_a < metric_b):
        now = "con"
    else:
        now = "dis"
    return now, ("tb" if gold_a == gold_b else "tm")


def tau_from_counts(counts: dict, variant: str) -> float:
    """``acc23 = (C + Tb) / N``, ``23 = (C + Tb - D - Tg - Tm) / N`` (oracle:
    ``tau_optimization.TauSufficientStats.acc_23`` / ``tau_23``)."""
    total = counts["con"] + counts["dis"] + counts["tg"] + counts["tm"] + counts["tb"]
    if variant == "acc23":
        return (counts["con"] + counts["tb"]) / total
    if variant == "23":
        return (counts["con"] + counts["tb"] - counts["dis"] - counts["tg"] - counts["tm"]) / total
    raise ValueError(f"the tie search optimises '23' or 'acc23', not {variant!r}")


def tie_calibrated(gold, metric, variant: str = "acc23", average_by: str = "none") -> tuple[float, float, list, list]:
    """Kendall's ``variant`` ('acc23' or '23') with the metric tie threshold that maximises it
    (Deutsch et al., 2023): ``(best_tau, best_threshold, thresholds, taus)`` (oracle:
    ``tau_optimization.tau_optimization`` through ``stats.KendallWithTiesOpt``, every pair:
    ``sample_rate=1.0``, as WMT23 and WMT24 run it).

    The statistic at a threshold ``e`` is the mean over vectors of the variant computed
    with every pair whose metric difference is ``<= e`` called a metric tie. The search, as
    the oracle runs it (its floating-point sum included): list every pair (vector by
    vector, ``i < j``, cells with a ``None`` gold dropped), keep its vector's counts; start
    at threshold 0.0 with the sum over vectors (in the order of a Python ``set`` of the
    vectors' indices) of their statistic; then, over the pairs in increasing
    ``|metric_a - metric_b|`` (stable), subtract the pair's vector's statistic from the
    running sum, re-class the pair as a metric tie, add the vector's new statistic, and
    record ``sum / vectors`` at this pair's difference (a later pair of the same difference
    overwrites it). The best is the first maximum."""
    g_rows = rows(gold, average_by)
    listed = len(g_rows) * len(g_rows[0]) * (len(g_rows[0]) - 1) // 2
    if listed > TIE_SEARCH_LIMIT:
        raise ValueError(f"the tie search lists every pair: {listed:,} pairs averaged by {average_by!r} is more than "
                         f"{TIE_SEARCH_LIMIT:,}; average by item or by system")
    pairs, present = [], set()
    for index, (g, m) in enumerate(zip(rows(gold, average_by), rows(metric, average_by))):
        kept = [(a, b) for a, b in zip(g, m) if a is not None and b is not None]
        for i in range(len(kept)):
            for j in range(i + 1, len(kept)):
                now, tied = pair_counts(kept[i][0], kept[j][0], kept[i][1], kept[j][1])
                pairs.append((abs(kept[i][1] - kept[j][1]), index, now, tied))
                present.add(index)
    if not pairs:
        raise ValueError("the tie search needs at least one pair with human scores")
    counts = {index: dict.fromkeys(("con", "dis", "tg", "tm", "tb"), 0) for index in present}
    for _, index, now, _ in pairs:
        counts[index][now] += 1
    running = sum(tau_from_counts(c, variant) for c in counts.values())
    thresholds, taus = [0.0], [running / len(counts)]
    pairs.sort(key=lambda pair: pair[0])
    for diff, index, now, tied in pairs:
        running -= tau_from_counts(counts[index], variant)
        counts[index][now] -= 1
        counts[index][tied] += 1
        running += tau_from_counts(counts[index], variant)
        if thresholds[-1] == diff:
            taus[-1] = running / len(counts)
        else:
            thresholds.append(diff)
            taus.append(running / len(counts))
    best = taus.index(max(taus))
    return taus[best], thresholds[best], thresholds, taus


def acc23(gold, metric, average_by: str = "item") -> float:
    """Segment-level pairwise accuracy with tie calibration, "acc23" (WMT23/WMT24: averaged by
    item): ``tie_calibrated(..., 'acc23', average_by)``'s best value."""
    return tie_calibrated(gold, metric, "acc23", average_by)[0]


# ---------------------------------------------------------------------------------------
# significance between two metrics: Williams and PERM-BOTH


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100000):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)), -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
            last = d * c
        if abs(last - 1.0) < 1e-16:
            return h
    raise ArithmeticError("incomplete beta: continued fraction did not converge")


def t_sf(t: float, df: float) -> float:
    """Student's t survival function ``P(T > t)`` with ``df`` degrees of freedom:
    ``I_x(df/2, 1/2) / 2`` with ``x = df / (df + t^2)`` for ``t >= 0`` (Abramowitz & Stegun
    26.7.1, 26.5.27), the regularised incomplete beta function by its continued fraction
    (A&S 26.5.8), on the side where it converges. Written here so Williams' test needs no
    scipy at run time (scipy's ``t.sf`` is the oracle; relative agreement ~1e-12)."""
    if df <= 0:
        raise ValueError(f"Student's t needs positive degrees of freedom, got {df}")
    if math.isnan(t):
        return math.nan
    if t < 0:
        return 1.0 - t_sf(-t, df)
    if math.isinf(t):
        return 0.0
    a, b = df / 2.0, 0.5
    x, one_minus_x = df / (df + t * t), t * t / (df + t * t)
    if one_minus_x == 0.0:
        return 0.5
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(one_minus_x))
    if x < (a + 1.0) / (a + b + 2.0):
        incomplete = math.exp(log_front) * _betacf(a, b, x) / a
    else:
        incomplete = 1.0 - math.exp(log_front) * _betacf(b, a, one_minus_x) / b
    return 0.5 * incomplete


def williams_test(r12: float, r13: float, r23: float, n: int, one_sided: bool = True) -> float:
    """Williams' test (Williams 1959; Graham & Baldwin 2014) that two dependent correlations
    with a common variable differ: ``r12``, ``r13`` the human-metric correlations, ``r23``
    the metrics' correlation, ``n`` the cells. With ``K = 1 - r12^2 - r13^2 - r23^2 + 2 r12
    r13 r23`` and ``rbar = (r12 + r13) / 2``, ``t = (r12 - r13) sqrt((n - 1)(1 + r23)) /
    sqrt(2 K (n - 1)/(n - 3) + rbar^2 (1 - r23)^3)``, ``p = P(T_{n-3} > |t|)`` (doubled when
    two-sided). Oracle: ``stats.WilliamsTest``."""
    if n <= 3:
        raise ValueError(f"Williams' test needs more than 3 cells, got {n}")
    k = 1 - r12 ** 2 - r13 ** 2 - r23 ** 2 + 2 * r12 * r23 * r13
    rbar = (r12 + r13) / 2
    tnum = (r12 - r13) * math.sqrt((n - 1) * (1 + r23))
    tden = math.sqrt(2 * (n - 1) / (n - 3) * k + rbar ** 2 * (1 - r23) ** 3)
    p = t_sf(abs(tnum / tden), n - 3)
    return p if one_sided else 2 * p


def williams(gold, metric1, metric2, average_by: str = "none", one_sided: bool = True) -> tuple[float, float, float]:
    """``(p, r1, r2)``: Williams' test on the Pearson correlations (averaged by
    ``average_by``) of ``metric1`` and ``metric2`` with ``gold``, ``n`` the number of cells
    (missing gold included, as the oracle counts them). Oracle: ``stats.WilliamsSigDiff``."""
    r1 = pearson_averaged(gold, metric1, average_by)
    r2 = pearson_averaged(gold, metric2, average_by)
    r12 = pearson_averaged(metric1, metric2, average_by)
    n = sum(len(row) for row in gold)
    return williams_test(r1, r2, r12, n, one_sided), r1, r2


def zscore(values) -> list[float]:
    """``(x - mean) / std`` with the population standard deviation (oracle:
    ``scipy.stats.zscore``); sums correctly rounded."""
    n = len(values)
    mean = math.fsum(values) / n
    std = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / n)
    return [(v - mean) / std for v in values]


def perm_both_weights(seed: int | None):
    """The 0/1 draws of PERM-BOTH: successive ``binomial(1, 0.5, n)`` calls of numpy's legacy
    generator (the oracle draws from ``numpy.random``'s global one; ``seed`` plays
    ``numpy.random.seed``)."""
    import numpy as np

    rng = np.random.RandomState(seed)
    return lambda n: [int(w) for w in rng.binomial(1, 0.5, n)]


def perm_both(gold, metric1, metric2, correlation: str = "pearson", average_by: str = "none",
              k: int = PERM_BOTH_K, seed: int | None = None, block_size: int = PERM_BOTH_BLOCK,
              early_min: float = PERM_BOTH_EARLY_MIN, early_max: float = PERM_BOTH_EARLY_MAX,
              variant: str = "b", random_state=None, groups=None, num_systems: int | None = None
              ) -> tuple[float, float, int]:
    """PERM-BOTH (Deutsch et al., 2021): ``(p, delta, k_used)``, the p-value that metric2
    correlates better with ``gold`` than metric1 (oracle: ``stats.PermutationSigDiff``).

    ``random_state``: a ``numpy.random.RandomState`` to draw from instead of a new one seeded
    with ``seed``: the oracle draws from numpy's one global generator, so the tests of a
    significance matrix share one stream (``perm_both_matrix``). ``correlation='accuracy'``
    is system-level pairwise accuracy pooled over language pairs (the oracle's
    ``data.CompareMetricsWithGlobalAccuracy``'s ``_Accuracy``): ``groups`` gives the number
    of systems of each language pair, in the order of the concatenated vector.
    ``correlation='pce'`` is soft pairwise accuracy (oracle:
    ``data.CompareMetricsWithPairwiseConfidenceError``): with ``average_by='none'``, the kept
    cells (system-major) cut back into ``num_systems`` rows, the z-scores' p-values from
    ``pairwise_p_values`` (1,000 permutations, seed 4) in every round.

    Vectors as ``rows(., average_by)`` with the cells of a ``None`` gold dropped; each
    metric's remaining cells z-scored (over all vectors together); ``corr(m)`` is the mean of
    the per-vector correlations (``'pearson'``, or ``'kendall'`` with ``variant``), NaNs
    left out, 0 when none; ``delta = corr(z2) - corr(z1)``. In each of up to ``k`` rounds a
    0/1 weight per cell (``perm_both_weights``) swaps the two metrics' cells:
    ``m1 = w z1 + (1-w) z2``, ``m2 = (1-w) z1 + w z2``; the round counts when ``corr(m2) -
    corr(m1) >= delta``. Every ``block_size`` rounds it stops early when the running
    p-value is below ``early_min`` or above ``early_max``. ``p = count / rounds``."""
    if correlation == "pearson":
        def fn(g, m):
            return pearson(g, m)
    elif correlation == "kendall":
        def fn(g, m):
            return kendall_variant(g, m, variant)
    elif correlation == "accuracy":
        sizes = list(groups) if groups is not None else None

        def fn(g, m):
            return pooled_accuracy(g, m, sizes or [len(g)])
    elif correlation == "pce":
        if average_by != "none" or not num_systems:
            raise ValueError("PERM-BOTH on soft pairwise accuracy: average_by 'none' and the number of systems")

        def fn(g, m):
            width = len(g) // num_systems
            cut = [list(range(s * width, (s + 1) * width)) for s in range(num_systems)]
            return soft_pairwise_accuracy([[g[i] for i in c] for c in cut], [[m[i] for i in c] for c in cut])
    else:
        raise ValueError(f"PERM-BOTH: unknown correlation {correlation!r}: expected 'pearson', 'kendall', "
                         "'accuracy' or 'pce'")
    lens, g_flat, m1_flat, m2_flat = [], [], [], []
    for g, m1, m2 in zip(rows(gold, average_by), rows(metric1, average_by), rows(metric2, average_by)):
        kept = [(a, b, c) for a, b, c in zip(g, m1, m2) if a is not None]
        if kept:
            lens.append(len(kept))
            for a, b, c in kept:
                g_flat.append(a)
                m1_flat.append(b)
                m2_flat.append(c)
    if correlation == "accuracy" and (average_by != "none" or (groups is not None and sum(groups) != len(g_flat))):
        raise ValueError("PERM-BOTH on pairwise accuracy: one vector of every language pair's system scores "
                         "(average_by 'none', groups summing to its length, no missing human score)")
    z1, z2 = zscore(m1_flat), zscore(m2_flat)
    bounds, start = [], 0
    for n in lens:
        bounds.append((start, start + n))
        start += n

    def corr(m):
        values = [fn(g_flat[b:e], m[b:e]) for b, e in bounds]
        values = [v for v in values if not math.isnan(v)]
        return math.fsum(values) / len(values) if values else 0

    delta = corr(z2) - corr(z1)
    if random_state is None:
        draw = perm_both_weights(seed)
    else:
        def draw(n):
            return [int(w) for w in random_state.binomial(1, 0.5, n)]
    count, i = 0, 1
    for i in range(1, k + 1):
        w = draw(len(z1))
        m1 = [b if wi else c for wi, b, c in zip(w, z1, z2)]
        m2 = [c if wi else b for wi, b, c in zip(w, z1, z2)]
        if corr(m2) - corr(m1) >= delta:
            count += 1
        if i % block_size == 0:
            p = count / i
            if p < early_min or p > early_max:
                break
    return count / i, delta, i


def pooled_accuracy(gold, metric, groups) -> float:
    """Pairwise accuracy of one concatenated vector of system scores, ``groups`` the sizes of
    its language pairs: agreeing pairs within each group over all pairs within groups
    (oracle: ``data.CompareMetricsWithGlobalAccuracy``'s ``_Accuracy``, on z-scored scores in
    PERM-BOTH)."""
    agree = pairs = start = 0
    for size in groups:
        a, p = agreement(gold[start:start + size], metric[start:start + size])
        agree += a
        pairs += p
        start += size
    return agree / pairs


# ---------------------------------------------------------------------------------------
# significance matrices between metrics, as the task reports them


def metric_order(values: dict) -> list:
    """The metrics in the order the task ranks them: decreasing statistic, then name
    (oracle: ``data.CompareMetrics``, "metric name as secondary sort criterion")."""
    for name, value in values.items():
        if value is None or math.isnan(value):
            raise ValueError(f"metric {name}: the statistic is undefined (NaN), so it cannot be ranked")
    return sorted(values, key=lambda name: (-values[name], name))


def perm_both_matrix(gold, metrics: dict, order: list, correlation: str = "pearson", average_by: str = "none",
                     k: int = PERM_BOTH_K, seed: int | None = None, block_size: int = PERM_BOTH_BLOCK,
                     early_min: float = PERM_BOTH_EARLY_MIN, early_max: float = PERM_BOTH_EARLY_MAX,
                     variant: str = "b", groups=None, perm_both_fn=None, num_systems: int | None = None
                     ) -> list[list]:
    """The significance matrix of PERM-BOTH tests between metrics (oracle:
    ``data.ComputeSigMatrix`` with ``perm_test='scores'``): ``order`` the metrics ranked by
    ``metric_order``; ``p[i][j]``, for ``i < j``, is the p-value of the null hypothesis that
    metric ``order[j]`` correlates at least as well as ``order[i]``:
    ``perm_both(gold, metrics[order[j]], metrics[order[i]])`` (``None`` elsewhere).

    The random stream: the oracle draws every test's weights from numpy's global legacy
    generator, pair after pair (``i`` ascending, then ``j``), each test taking as many rounds
    as its early stopping leaves it; here one ``RandomState(seed)`` plays that generator, so
    the matrix equals the oracle's run after ``numpy.random.seed(seed)``."""
    run = perm_both_fn or perm_both
    return significance_matrix(order, seed, lambda better, worse, rng: run(
        gold, metrics[worse], metrics[better], correlation, average_by, k, None, block_size, early_min, early_max,
        variant, random_state=rng, groups=groups, num_systems=num_systems)[0])


def williams_matrix(gold, metrics: dict, order: list, average_by: str = "none") -> list[list]:
    """Williams' test between every two metrics ranked by ``metric_order``: ``p[i][j]``
    (``i < j``) is ``williams(gold, metrics[order[i]], metrics[order[j]])``'s one-sided
    p-value on their Pearson correlations (oracle: ``stats.WilliamsSigDiff``, as
    ``mtme.py``'s comparison calls it)."""
    n = len(order)
    out = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            out[i][j] = williams(gold, metrics[order[i]], metrics[order[j]], average_by)[0]
    return out


def assign_ranks(matrix, pval: float = 0.05) -> list[int]:
    """Significance clusters (oracle: ``data.AssignRanks``): walking down the ranked metrics,
    a metric opens a new rank when some metric from the start of the current rank up to it
    is significantly better (``p[s][i] <= pval`` for ``start <= s < i``); ranks start at 1."""
    ranks, rank, start = [], 1, 0
    for i in range(len(matrix)):
        if any(matrix[s][i] <= pval for s in range(start, i)):
            rank += 1
            start = i
        ranks.append(rank)
    return ranks


# ---------------------------------------------------------------------------------------
# significance between two metrics' acc23: the permutation test over pairs


def numpy_sum(values) -> float:
    """The float64 sum numpy's ``add.reduce`` (so ``numpy.mean``, ``numpy.average``) returns
    for a contiguous vector: pairwise summation (numpy's ``pairwise_sum``: under 8 values a
    plain loop; up to 128, eight running sums over strides of 8, combined as ``((r0 + r1) +
    (r2 + r3)) + ((r4 + r5) + (r6 + r7))``, then the rest one by one; above 128, the sums of
    two halves, the first cut to a multiple of 8), added to the identity 0.0. The
    permutation test over pairs compares differences of such means with ``>=``, so the
    rounding of the sum decides ties and is reproduced here."""
    def pairwise(a):
        n = len(a)
        if n < 8:
            out = 0.0
            for v in a:
                out += v
            return out
        if n <= 128:
            r = list(a[:8])
            i = 8
            while i < n - n % 8:
                for j in range(8):
                    r[j] += a[i + j]
                i += 8
            out = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
            for v in a[i:]:
                out += v
            return out
        half = n // 2
        half -= half % 8
        return pairwise(a[:half]) + pairwise(a[half:])

    return 0.0 + pairwise([float(v) for v in values])


def pair_class(gold_a, gold_b, metric_a, metric_b, epsilon: float) -> str:
    """One pair's class (``pair_counts``'s names) once the metric calls a difference of at
    most ``epsilon`` a tie (oracle: ``stats.PairwiseDiffs``, ``|diff| <= epsilon``, and
    ``_MatrixSufficientStatistics``)."""
    metric_tie = abs(metric_b - metric_a) <= epsilon
    if gold_a == gold_b:
        return "tb" if metric_tie else "tg"
    if metric_tie:
        return "tm"
    return "con" if (gold_a > gold_b) == (metric_a > metric_b) else "dis"


def perm_pairs(gold, metric1, metric2, variant: str = "acc23", average_by: str = "item",
               k: int = PERM_BOTH_K, seed: int | None = None, block_size: int = PERM_BOTH_BLOCK,
               early_min: float = PERM_BOTH_EARLY_MIN, early_max: float = PERM_BOTH_EARLY_MAX,
               random_state=None, epsilon1: float | None = None, epsilon2: float | None = None
               ) -> tuple[float, float, int]:
    """The permutation test over pairs (Deutsch et al., 2023; WMT23/WMT24 for acc23):
    ``(p, delta, k_used)``, the p-value that metric2's tie-calibrated ``variant`` ('acc23' or
    '23') is better than metric1's (oracle: ``stats.PairwisePermutationSigDiff``).

    * Tie thresholds: each metric's ``epsilon`` is its own best threshold
      (``tie_calibrated(gold, metric, variant, average_by)``, every pair), found once on the
      real scores and never re-calibrated in a permutation round (``epsilon1``/``epsilon2``
      give them instead).
    * Items: the vectors ``rows(., average_by)``, cells with a ``None`` gold dropped; a
      vector keeps its ``n`` remaining cells. Each pair ``a < b`` of a vector has a class
      under each metric (``pair_class`` with that metric's epsilon).
    * ``corr(classes)``: each vector's ``tau_from_counts`` over its pairs (vectors with no
      pair, one cell, are left out: the oracle divides by zero there), averaged with numpy's
      rounding (``numpy_sum(values) / len(values)``); ``delta = corr(metric2's classes) -
      corr(metric1's classes)``.
    * A round: for each vector in order, its ``pair_draws``. Where it is 1 the first hybrid
      takes metric1's class of the pair and the second metric2's; where 0, the other way.
      The round counts when ``corr(second) - corr(first) >= delta`` (``at_least_as_extreme``).
    * Early stopping: ``pairs_test_stops`` (only in a round that counts). ``p = count /
      rounds``.

    ``random_state``: a ``numpy.random.RandomState`` shared by a matrix's tests (else a new
    one seeded with ``seed``)."""
    import numpy as np

    epsilon1, epsilon2 = pairs_test_thresholds(gold, metric1, metric2, variant, average_by, epsilon1, epsilon2)
    vectors = []  # (n, [(draw index, class under metric1, class under metric2)])
    for g, m1, m2 in zip(rows(gold, average_by), rows(metric1, average_by), rows(metric2, average_by)):
        kept = [(a, b, c) for a, b, c in zip(g, m1, m2) if a is not None]
        if not kept:
            continue
        pairs = []
        for a in range(len(kept)):
            for b in range(a + 1, len(kept)):
                (ga, m1a, m2a), (gb, m1b, m2b) = kept[a], kept[b]
                pairs.append((a * len(kept) + b, pair_class(ga, gb, m1a, m1b, epsilon1),
                              pair_class(ga, gb, m2a, m2b, epsilon2)))
        vectors.append((len(kept), pairs))

    def corr(classes_of_vectors):
        values = []
        for classes in classes_of_vectors:
            if classes:
                counts = dict.fromkeys(("con", "dis", "tg", "tm", "tb"), 0)
                for c in classes:
                    counts[c] += 1
                values.append(tau_from_counts(counts, variant))
        return numpy_sum(values) / len(values) if values else 0

    delta = corr([[c2 for _, _, c2 in pairs] for _, pairs in vectors]) - \
        corr([[c1 for _, c1, _ in pairs] for _, pairs in vectors])
    rng = np.random.RandomState(seed) if random_state is None else random_state
    count, i = 0, 1
    for i in range(1, k + 1):
        first, second = [], []
        for n, pairs in vectors:
            w = pair_draws(rng, n)
            first.append([c1 if w[index] else c2 for index, c1, c2 in pairs])
            second.append([c2 if w[index] else c1 for index, c1, c2 in pairs])
        counted = at_least_as_extreme(corr(second) - corr(first), delta)
        count += counted
        if pairs_test_stops(count, i, counted, block_size, early_min, early_max):
            break
    return count / i, delta, i


def pairs_test_thresholds(gold, metric1, metric2, variant: str, average_by: str, epsilon1: float | None = None,
                          epsilon2: float | None = None, search=None) -> tuple[float, float]:
    """The two metrics' tie thresholds of the permutation test over pairs: each given one,
    else the metric's own best (``search``, ``tie_calibrated`` unless given, on every pair);
    ValueError for a variant the search does not optimise or a negative threshold."""
    if variant not in ("acc23", "23"):
        raise ValueError(f"the permutation test over pairs takes a tie-calibrated variant, 'acc23' or '23', "
                         f"not {variant!r}")
    search = search or tie_calibrated
    if epsilon1 is None:
        epsilon1 = search(gold, metric1, variant, average_by)[1]
    if epsilon2 is None:
        epsilon2 = search(gold, metric2, variant, average_by)[1]
    if epsilon1 < 0 or epsilon2 < 0:
        raise ValueError("tie thresholds must be non-negative")
    return epsilon1, epsilon2


def pair_draws(random_state, n: int) -> list[int]:
    """One vector's draws in a round of the permutation test over pairs: ``n * n`` draws
    ``binomial(1, 0.5)`` (the oracle's ``n x n`` matrix, row by row, of which it keeps the
    upper triangle and mirrors it); pair ``(a, b)``, ``a < b``, takes draw ``a * n + b``."""
    return [int(v) for v in random_state.binomial(1, 0.5, n * n)]


def at_least_as_extreme(difference: float, delta: float) -> bool:
    """A round of the permutation test over pairs counts when the hybrids' difference is
    ``>=`` the observed one (oracle: ``c2 - c1 >= delta``)."""
    return difference >= delta


def pairs_test_stops(count: int, rounds: int, counted: bool, block_size: int, early_min: float,
                     early_max: float) -> bool:
    """Early stopping of the permutation test over pairs, as the oracle codes it: checked
    only in a round that counted (the check sits inside the oracle's ``if c2 - c1 >=
    delta``, unlike PERM-BOTH's), at a multiple of ``block_size``, when ``count / rounds``
    is below ``early_min`` or above ``early_max``. So a test whose rounds never count runs
    all ``k`` rounds."""
    return counted and rounds % block_size == 0 and not early_min <= count / rounds <= early_max


def perm_pairs_matrix(gold, metrics: dict, order: list, variant: str = "acc23", average_by: str = "item",
                      k: int = PERM_BOTH_K, seed: int | None = None, block_size: int = PERM_BOTH_BLOCK,
                      early_min: float = PERM_BOTH_EARLY_MIN, early_max: float = PERM_BOTH_EARLY_MAX,
                      perm_pairs_fn=None) -> list[list]:
    """The significance matrix of the permutation tests over pairs (oracle:
    ``data.ComputeSigMatrix`` with ``perm_test='pairs'``, as ``tasks.WMT23``/``WMT24`` run
    acc23): ``p[i][j]`` (``i < j``) is ``perm_pairs(gold, metrics[order[j]],
    metrics[order[i]])``, the tests drawing in turn from one ``RandomState(seed)`` (numpy's
    global generator after ``numpy.random.seed(seed)``), as ``perm_both_matrix``."""
    run = perm_pairs_fn or perm_pairs
    return significance_matrix(order, seed, lambda better, worse, rng: run(
        gold, metrics[worse], metrics[better], variant, average_by, k, None, block_size, early_min, early_max,
        random_state=rng)[0])


def significance_matrix(order: list, seed: int | None, test) -> list[list]:
    """``p[i][j] = test(order[i], order[j], rng)`` for ``i < j`` (``None`` elsewhere), pair
    after pair (``i`` ascending, then ``j``), every test drawing from one
    ``RandomState(seed)``: numpy's global generator after ``numpy.random.seed(seed)``, as the
    oracle's ``data.ComputeSigMatrix`` runs its tests."""
    import numpy as np

    rng = np.random.RandomState(seed)
    n = len(order)
    out = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            out[i][j] = test(order[i], order[j], rng)
    return out
