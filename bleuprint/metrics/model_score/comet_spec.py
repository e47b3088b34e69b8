"""COMET's ``comet-compare`` statistics on segment scores, the literal definition (the spec of
``comet_compare``; fast: ``comet_impl``).

Read in unbabel-comet 2.2.7's ``comet/cli/compare.py`` (``compare_command``,
``bootstrap_resampling``, ``calculate_bootstrap``, ``pairwise_bootstrap``; behaviour read,
not code copied). For systems with N segment scores each:

1. The scores are float32 (``numpy.array(seg_scores, dtype="float32")``).
2. The generator: numpy's legacy global generator seeded with ``seed``
   (``seed_everything(1)`` in COMET 2.x's ``compare_command``; COMET 1.x's default
   ``--seed_everything`` was 12), then one draw ``choice(N, size=(K, S), replace=True)``
   with ``K = max(int(N * sample_ratio), 1)`` segments a split (``sample_ratio`` 0.4) and
   ``S = num_splits`` splits (300): split s takes the segments ``ids[0][s] .. ids[K-1][s]``
   (a column), the same splits for every system.
3. A system's score on split s is the float32 mean of its K scores there: the float32 sum,
   then divided by K and rounded to float32 (``numpy.mean(..., axis=1)`` of the
   systems x K x S array). The sum's order is numpy's for that reduction: one addition
   after another in column order when S > 1 (the reduced axis is not the innermost one),
   numpy's pairwise summation of the column when S = 1 (``pairwise_sum``).
4. For each pair (x, y) of systems, in the order of ``itertools.combinations``: the
   differences ``delta_s = x_s - y_s`` in float32; a tie where ``|delta_s| < EPS``, a win of
   x where ``delta_s >= EPS``, of y where ``delta_s <= -EPS``, EPS = 0.001 compared in
   float32 (a Python float meets a float32 array); ``ties``, ``x_wins``, ``y_wins`` are the
   counts over S. ``x_mean`` is ``float(numpy.mean(x's S split scores))``: numpy's
   pairwise float32 sum over S, divided by S in float32.
5. The paired t-test (``scipy.stats.ttest_rel``, two-sided) on the two systems' float32
   scores: here in double precision on those float32 values, ``d_i = x_i - y_i``,
   ``t = mean(d) / sqrt(var(d, ddof=1) / N)`` (sums exactly rounded, ``math.fsum``), p =
   2 P(T_{N-1} > |t|) (``bleuprint.metaeval.spec.t_sf``). scipy 1.17 computes the same
   formula in float32 for float32 input; its t and p differ from these by float32
   rounding (about 1e-6 relative), which the goldens record. Undefined cases (N = 1, or every
   difference equal to 0) give ``None`` (scipy: NaN); differences all equal and not 0
   give t = ±inf and p = 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

from ...metaeval.spec import float32, t_sf
from ...spec.inputs import check_not_empty
from .spec import check_scores

NUM_SPLITS, SAMPLE_RATIO, SEED, EPS = 300, 0.4, 1, 0.001
#: COMET 1.x's default seed (``--seed_everything 12``); 2.x fixes 1.
SEED_COMET_1 = 12


@dataclass(frozen=True)
class CometPair:
    """One pair's statistics, as ``comet-compare`` prints them: the bootstrap's means and the
    fractions of splits (``ties``, ``x_wins``, ``y_wins``: counts / S) and the paired t-test."""

    x_name: str
    y_name: str
    x_mean: float
    y_mean: float
    ties: float
    x_wins: float
    y_wins: float
    t_statistic: float | None
    p_value: float | None


def check_systems(systems) -> tuple[list, list]:
    """``systems``: a mapping name -> scores, at least two, of the same length; the names and
    the float32 scores (as Python floats)."""
    if hasattr(systems, "__len__") and not isinstance(systems, (str, bytes)):
        check_not_empty(systems, "systems")  # the one empty-corpus rule of every metric
    if not hasattr(systems, "items") or isinstance(systems, (str, bytes)):
        raise TypeError(f"systems must be a mapping name -> segment scores, got {type(systems).__name__}")
    names = list(systems)
    if len(names) < 2:
        raise ValueError(f"comparing needs at least two systems, got {len(names)}")
    rows = []
    for name in names:
        values = check_scores(systems[name], f"systems[{name!r}]")
        row = [float32(x) for x in values]
        bad = next((i for i, x in enumerate(row) if math.isinf(x)), None)
        if bad is not None:
            raise ValueError(f"systems[{name!r}][{bad}] = {values[bad]!r} is beyond float32 (COMET's scores are float32)")
        if rows and len(row) != len(rows[0]):
            raise ValueError(f"system {name} has {len(row)} segment scores, system {names[0]} has {len(rows[0])}")
        rows.append(row)
    return names, rows


def check_parameters(num_splits, sample_ratio, seed) -> None:
    if isinstance(num_splits, bool) or not isinstance(num_splits, int) or num_splits < 1:
        raise ValueError(f"num_splits must be a whole number >= 1, got {num_splits!r}")
    if isinstance(sample_ratio, bool) or not isinstance(sample_ratio, (int, float)) or not (
            0 < sample_ratio and math.isfinite(sample_ratio)):
        raise ValueError(f"sample_ratio must be a finite number > 0, got {sample_ratio!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 32:
        raise ValueError(f"seed must be a whole number in [0, 2**32), got {seed!r}")


def sample_size(n_segments: int, sample_ratio: float) -> int:
    """``max(int(N * sample_ratio), 1)``: the product in double precision, truncated."""
    return max(int(n_segments * sample_ratio), 1)


def split_indices(n_segments: int, size: int, num_splits: int, seed: int) -> list[list[int]]:
    """``ids[k][s]``: numpy's legacy generator seeded with ``seed``, ``choice(N, (K, S))``."""
    import numpy as np

    return np.random.RandomState(seed).choice(n_segments, size=(size, num_splits), replace=True).tolist()


def sequential_sum32(values) -> float:
    """Float32 additions one after another, from the first value."""
    total = values[0]
    for x in values[1:]:
        total = float32(total + x)
    return total


def pairwise_sum32(values) -> float:
    """numpy's pairwise summation in float32 (``pairwise_sum`` of ``loops_utils.h``): fewer
    than 8 values one after another from 0; up to 128, eight running sums of every eighth
    value, combined ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then the rest one by one; more,
    the halves (the first a multiple of 8 long) summed apart and added."""
    n = len(values)
    if n < 8:
        total = 0.0
        for x in values:
            total = float32(total + x)
        return total
    if n <= 128:
        r = list(values[:8])
        i = 8
        while i < n - n % 8:
            for j in range(8):
                r[j] = float32(r[j] + values[i + j])
            i += 8
        f = float32
        total = f(f(f(r[0] + r[1]) + f(r[2] + r[3])) + f(f(r[4] + r[5]) + f(r[6] + r[7])))
        for x in values[i:]:
            total = float32(total + x)
        return total
    half = n // 2
    half -= half % 8
    return float32(pairwise_sum32(values[:half]) + pairwise_sum32(values[half:]))


def split_scores(row: list, ids: list[list[int]]) -> list[float]:
    """One system's score on every split (step 3)."""
    size, splits = len(ids), len(ids[0])
    add = sequential_sum32 if splits > 1 else pairwise_sum32
    return [float32(add([row[ids[k][s]] for k in range(size)]) / size) for s in range(splits)]


def paired_t_test(x: list, y: list) -> tuple[float | None, float | None]:
    """``(t, p)`` of the two-sided paired t-test in double precision (step 5)."""
    n = len(x)
    if n < 2:
        return None, None
    d = [a - b for a, b in zip(x, y)]
    mean = math.fsum(d) / n
    var = math.fsum((v - mean) ** 2 for v in d) / (n - 1)
    if var == 0:
        return (None, None) if mean == 0 else (math.copysign(math.inf, mean), 0.0)
    t = mean / math.sqrt(var / n)
    return t, min(1.0, 2.0 * t_sf(abs(t), n - 1))


def pair_statistics(x_name, y_name, x_splits, y_splits, x_row, y_row) -> CometPair:
    """Step 4 and 5 for one pair."""
    eps = float32(EPS)
    deltas = [float32(a - b) for a, b in zip(x_splits, y_splits)]
    splits = len(deltas)
    t, p = paired_t_test(x_row, y_row)
    return CometPair(x_name, y_name, float32(pairwise_sum32(x_splits) / splits),
                     float32(pairwise_sum32(y_splits) / splits), sum(abs(d) < eps for d in deltas) / splits,
                     sum(d >= eps for d in deltas) / splits, sum(d <= -eps for d in deltas) / splits, t, p)


def comet_compare(systems, num_splits: int = NUM_SPLITS, sample_ratio: float = SAMPLE_RATIO,
                  seed: int = SEED) -> list[CometPair]:
    """``comet-compare``'s statistics for every pair of ``systems`` (name -> segment scores),
    in ``itertools.combinations`` order (module doc)."""
    check_parameters(num_splits, sample_ratio, seed)
    names, rows = check_systems(systems)
    ids = split_indices(len(rows[0]), sample_size(len(rows[0]), sample_ratio), num_splits, seed)
    splits = [split_scores(row, ids) for row in rows]
    return [pair_statistics(names[i], names[j], splits[i], splits[j], rows[i], rows[j])
            for i, j in combinations(range(len(names)), 2)]
