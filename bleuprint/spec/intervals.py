"""Bootstrap confidence intervals of a corpus score, seed for seed with sacreBLEU 2.5.1.

Every metric here is a function of the column sums of its N x S matrix of per-sentence
statistics (``bleuprint.spec.corpus``), so one bootstrap resample of the corpus is a
multiset of sentence indices, and its score is the score of the *sum of the resampled
statistics rows* (never a mean of sentence scores: that is a different number, pitfall 10
of the course module). Each resample keeps a hypothesis with its own references.

The recipe (Efron & Tibshirani, "An Introduction to the Bootstrap", 1993, ch. 13, the
percentile interval; Koehn, "Statistical Significance Tests for Machine Translation
Evaluation", EMNLP 2004, for its use on MT corpora; sacreBLEU 2.5.1 ``significance.py``
``_bootstrap_resample`` and ``metrics/base.py`` ``Score.estimate_ci`` for the exact
variant reproduced here; behaviour read, not code copied):

1. ``idx = rng.choice(N, size=(n_boot, N), replace=True)``: ONE call on the caller's numpy
   ``Generator``; row b lists the sentences of resample b. With
   ``rng = numpy.random.default_rng(s)`` these are exactly sacreBLEU's indices under
   ``SACREBLEU_SEED=s``.
2. Resample b's statistics are the sum of rows ``idx[b, 0], idx[b, 1], ...`` added in that
   order, and its score is the metric's score of that sum (``resample_scores``). (This is
   the order of sacreBLEU's ``_s.sum(0)``: numpy reduces axis 0 of an N x S array row
   after row when S >= 2, as for every sacreBLEU metric; a single column would be summed
   pairwise, which is why the order is stated.)
3. The scores are sorted ascending; with ``lower = floor(n_boot * alpha / 2)`` and
   ``upper = n_boot - 1 - lower`` (0-based order statistics, no interpolation;
   ``percentile_indices``) the interval is ``[sorted[lower], sorted[upper]]``. For
   alpha = 0.05 this is sacreBLEU's ``n // 40`` (indices 25 and 974 of 1000).
4. sacreBLEU reports ``mean ± half_width``: the mean of the resample scores and
   ``half_width = (sorted[upper] - sorted[lower]) / 2``.

Two arithmetics for step 2 (the ``exact`` flag):

* ``exact=False`` (default), sacreBLEU's: the statistics matrix is converted to
  ``float32``, the rows are added in float32 in resample order, and the score is computed
  on those float32 numbers with NumPy >= 2 promotion rules (a Python float meeting a
  ``float32`` stays ``float32``; NEP 50). That is what sacreBLEU 2.5.1 does under NumPy 2
  (``numpy.array(stats, dtype='float32')``, ``_s.sum(0)``, ``_compute_score_from_stats``).
  The scorers used are the spec's own ``bleu_from_stats``, ``chrf_from_stats`` (and TER's),
  fed float32 scalars: they perform sacreBLEU's operations in sacreBLEU's order, so the
  float32 rounding happens at the same steps (checked against sacreBLEU by the interval
  goldens). Float32 represents every integer only up to 2^24 = 16,777,216; a column sum
  above that is rounded (16,777,216 + 1 = 16,777,216 in float32), so on very large
  corpora (or huge sentences) the two modes differ.
* ``exact=True``: each resample is scored as the corpus made of its sentences would be:
  integer statistics are summed exactly as Python ints, TER's fractional average
  reference lengths in float64 in resample order, and the score is computed in float64.

The mean (step 4) is the exact rational mean of the resample scores rounded to the
nearest double (``statistics.mean``, as sacreBLEU), and then to float32 when the scores
are float32: in float32 mode chrF's and TER's scores are ``numpy.float32`` (BLEU's are
Python floats, computed through ``math.log``/``math.exp``), except in their Python-float
branches (chrF 0.0 when nothing matches, chrF eps-smoothing on empty statistics, TER 100.0
or 0.0 against empty references), which sacreBLEU keeps as Python floats. The half-width
is computed in float32 when ``hi`` or ``lo`` is a float32 (``summarise``). One deliberate
difference: when some resample scores are Python floats and others float32, sacreBLEU's
``statistics.mean`` raises ``TypeError: don't know how to coerce float and float32``;
bleuprint rounds the mean to float32 instead.

The exact-match score is count / N (0..1); sacreBLEU has no exact match, so its float32
mode is defined here the same way (float32 sum of the 0/1 column, divided by N), and
equals the exact mode below 2^24 sentences.

numpy is imported inside the functions that take a numpy ``Generator`` or work on the
float32 scores, never at module level: ``import bleuprint.spec`` and scoring with it load
no numpy (``tests/layers``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from . import corpus
from .inputs import check_positive_int

if TYPE_CHECKING:  # for the annotations; the functions import numpy where they use it
    import numpy as np

#: Float32 holds every whole number up to 2^24; 2^24 + 1 is the first it rounds (the float32
#: mode's sums of larger counts are rounded, module doc).
FLOAT32_EXACT_LIMIT = 2**24

__all__ = [
    "BootstrapResult",
    "bootstrap",
    "bootstrap_stats",
    "bootstrap_with_indices",
    "check_alpha",
    "check_indices",
    "check_rng",
    "metric_ci",
    "percentile_indices",
    "resample_indices",
    "resample_scores",
    "scorer",
    "statistics_rows",
    "summarise",
]

@dataclass(frozen=True)
class BootstrapResult:
    """A bootstrap interval of a corpus score.

    ``score``: the corpus score (exact integer sums, as ``score_from_stats``).
    ``lo``, ``hi``: the percentile interval ``sorted[lower]``, ``sorted[upper]``.
    ``mean``: the mean of the resample scores (sacreBLEU's μ).
    ``half_width``: ``(hi - lo) / 2`` in the scores' arithmetic (sacreBLEU's ``ci``,
    printed as ``μ ± ci``). For chrF and TER in float32 mode that arithmetic is float32,
    so ``(hi - lo) / 2`` computed in double from ``lo`` and ``hi`` can differ from
    ``half_width`` (and from sacreBLEU's ``ci``) by the float32 rounding of the difference,
    at most half a float32 ulp of ``hi`` (about 4e-6 near 100); ``half_width`` is exact.
    ``scores``: the n_boot resample scores, in resample order (as Python floats).
    """

    score: float
    lo: float
    hi: float
    mean: float
    half_width: float
    scores: tuple


def check_rng(rng) -> np.random.Generator:
    """``rng`` must be a ``numpy.random.Generator``: an interval must be reproducible, so
    there is no hidden default generator."""
    import numpy as np

    if rng is None:
        raise ValueError("rng is required: pass numpy.random.default_rng(seed) so that the interval "
                         "is reproducible (seed 12345 gives sacreBLEU's default resamples)")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator (numpy.random.default_rng(seed)), "
                        f"got {type(rng).__name__}")
    return rng


def check_alpha(alpha) -> Fraction:
    """``alpha`` in (0, 1), as the decimal the caller wrote (its shortest repr), so that
    0.3 means 3/10 and not the binary double just below it."""
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
        raise TypeError(f"alpha must be a number in (0, 1), got {type(alpha).__name__}")
    if not (0 < alpha < 1) or math.isnan(alpha):
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    return Fraction(repr(float(alpha)))


def percentile_indices(n_boot: int, alpha: float = 0.05) -> tuple[int, int]:
    """The 0-based order statistics of a (1 - alpha) percentile interval of ``n_boot``
    sorted scores: ``lower = floor(n_boot * alpha / 2)``, ``upper = n_boot - 1 - lower``.

    This generalises sacreBLEU's rule (``n // 40`` and ``n - n // 40 - 1``, alpha = 0.05
    only) to any alpha: the interval leaves at most ``alpha / 2`` of the resamples
    strictly outside on each side, with no interpolation. ``percentile_indices(1000)`` is
    ``(25, 974)``; ``percentile_indices(4)`` is ``(0, 3)``.
    """
    check_positive_int(n_boot, "n_boot")
    lower = math.floor(n_boot * check_alpha(alpha) / 2)
    return lower, n_boot - 1 - lower


def resample_indices(rng: np.random.Generator, n_sentences: int, n_boot: int) -> np.ndarray:
    """The ``n_boot`` x ``n_sentences`` matrix of resampled sentence indices: one
    ``rng.choice(n_sentences, size=(n_boot, n_sentences), replace=True)`` call, as sacreBLEU
    draws them (a different call, or one call per resample, gives different indices)."""
    check_rng(rng)
    check_positive_int(n_sentences, "n_sentences")
    check_positive_int(n_boot, "n_boot")
    return rng.choice(n_sentences, size=(n_boot, n_sentences), replace=True)


def scorer(metric, n_sentences: int):
    """The function ``summed -> score`` of ``metric`` (a configured metric or a name) on a
    sum of ``n_sentences`` rows, applied to the numbers exactly as given (Python ints,
    floats, or numpy float32 scalars: the arithmetic follows their types, as in
    sacreBLEU)."""
    value = corpus.as_metric(metric)
    definition, kwargs = value.definition, value.score_options()
    return lambda summed: definition.score(list(summed), n_sentences, **kwargs)


def statistics_rows(stats) -> list[list]:
    """A statistics matrix (N x S, array-like) as a list of rows of Python numbers: whole
    values as ``int``, others (TER's average lengths) as ``float``."""
    import numpy as np

    matrix = np.asarray(stats, dtype=np.float64)
    if matrix.ndim != 2 or matrix.shape[0] == 0 or matrix.shape[1] == 0:
        raise ValueError(f"stats must be a non-empty N x S matrix, got shape {matrix.shape}")
    if not np.all(np.isfinite(matrix)) or np.any(matrix < 0):
        raise ValueError("stats must be finite and non-negative")
    return [[int(x) if float(x).is_integer() else float(x) for x in row] for row in matrix.tolist()]


def _sum_rows(rows: list[list], order) -> list:
    """The element-wise sum of ``rows[order[0]], rows[order[1]], ...`` added in that order."""
    total = list(rows[order[0]])
    for i in order[1:]:
        total = [a + b for a, b in zip(total, rows[i])]
    return total


def resample_scores(metric, rows: list[list], idx: np.ndarray, exact: bool = False) -> list:
    """The score of every resample (row of ``idx``), as the scorer returns it.

    ``exact=False``: the rows are first converted to float32 (``numpy.float32`` of each
    number) and summed in float32, one row after another in resample order; the sum is
    scored on those float32 scalars. ``exact=True``: Python numbers summed in resample
    order (exact for integers) and scored in float64.
    """
    score = scorer(metric, len(rows))
    if not exact:
        import numpy as np

        rows = [[np.float32(x) for x in row] for row in rows]
    return [score(_sum_rows(rows, [int(i) for i in order])) for order in idx]


def summarise(score: float, raw_scores: list, n_boot: int, alpha) -> BootstrapResult:
    """Sort, pick the percentile order statistics, and compute the mean and half-width
    (module doc, steps 3 and 4), following the scores' types as sacreBLEU does: a
    ``numpy.float32`` score makes the arithmetic it enters float32.

    * The sort is stable (ties keep resample order, as Python's ``sorted``), so ``lo`` and
      ``hi`` are the same objects, with the same types, as sacreBLEU's.
    * ``half_width = 0.5 * (hi - lo)``: float32 arithmetic if ``hi`` or ``lo`` is a
      float32, double otherwise.
    * ``mean``: the exact rational mean rounded to double (``statistics.mean``); then to
      float32 when the scores are float32. When some are and some are not, sacreBLEU's
      ``statistics.mean`` raises TypeError; bleuprint rounds to float32 there too.
    """
    import numpy as np

    lower, upper = percentile_indices(n_boot, alpha)
    values = [float(x) for x in raw_scores]
    is32 = [isinstance(x, np.float32) for x in raw_scores]
    order = sorted(range(len(values)), key=lambda i: values[i])
    lo_at, hi_at = order[lower], order[upper]
    lo, hi = values[lo_at], values[hi_at]
    mean = float(sum((Fraction(x) for x in values), Fraction(0)) / len(values))
    if any(is32):
        mean = float(np.float32(mean))
    if is32[lo_at] or is32[hi_at]:
        half_width = float(np.float32(0.5) * (np.float32(hi) - np.float32(lo)))
    else:
        half_width = 0.5 * (hi - lo)
    return BootstrapResult(score=score, lo=lo, hi=hi, mean=mean, half_width=half_width, scores=tuple(values))


def bootstrap_stats(metric, stats, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
                    exact: bool = False) -> BootstrapResult:
    """The bootstrap interval of ``metric`` from its N x S statistics matrix ``stats``
    (rows as ``sentence_stats`` gives them). See the module doc for the recipe."""
    metric = corpus.as_metric(metric)
    check_positive_int(n_boot, "n_boot")
    check_alpha(alpha)
    check_rng(rng)
    if not isinstance(exact, bool):
        raise TypeError(f"exact must be a bool, got {type(exact).__name__}")
    rows = statistics_rows(stats)
    return bootstrap_with_indices(metric, rows, resample_indices(rng, len(rows), n_boot), alpha, exact=exact)


def bootstrap_with_indices(metric, stats, idx, alpha: float = 0.05, *, exact: bool = False) -> BootstrapResult:
    """The bootstrap interval of ``metric`` from its N x S statistics matrix ``stats`` and
    the resamples ``idx`` given explicitly (steps 2 to 4 of the module doc): ``idx[b]``
    lists the 0-based sentence indices of resample b, ``n_boot = len(idx)``.

    ``bootstrap_stats`` is this function on ``resample_indices(rng, N, n_boot)`` (step 1,
    sacreBLEU 2.5.1's ``_bootstrap_resample`` draw); given the same indices, a
    reimplementation needs no numpy PCG64 to reproduce sacreBLEU's resample scores, mean
    and half-width (``significance.py`` ``_bootstrap_resample``, ``Score.estimate_ci``).
    """
    metric = corpus.as_metric(metric)
    check_alpha(alpha)
    if not isinstance(exact, bool):
        raise TypeError(f"exact must be a bool, got {type(exact).__name__}")
    rows = statistics_rows(stats)
    idx = check_indices(idx, len(rows))
    score = scorer(metric, len(rows))(_sum_rows(rows, list(range(len(rows)))))
    raw = resample_scores(metric, rows, idx, exact)
    return summarise(float(score), raw, len(idx), alpha)


def check_indices(idx, n_sentences: int) -> list[list[int]]:
    """``idx`` as a list of resamples, each a list of ``n_sentences`` ints in
    ``0 .. n_sentences - 1`` (the layout of ``resample_indices``); at least one resample.
    TypeError for a non-integer entry, ValueError for a wrong length or an index out of
    range."""
    import numpy as np

    if isinstance(idx, (str, bytes)) or not hasattr(idx, "__len__"):
        raise TypeError(f"idx must be a list of resamples (lists of sentence indices), got {type(idx).__name__}")
    if len(idx) == 0:
        raise ValueError("idx is empty: give at least one resample")
    out = []
    for b, order in enumerate(idx):
        if isinstance(order, (str, bytes)) or not hasattr(order, "__len__"):
            raise TypeError(f"idx[{b}] must be a list of sentence indices, got {type(order).__name__}")
        if len(order) != n_sentences:
            raise ValueError(f"idx[{b}] has {len(order)} indices, expected {n_sentences} (one per sentence)")
        row = []
        for i in order:
            if isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, np.integer)):
                raise TypeError(f"idx[{b}] holds {type(i).__name__}, expected int sentence indices")
            if not 0 <= i < n_sentences:
                raise ValueError(f"idx[{b}] holds {int(i)}, outside 0..{n_sentences - 1}")
            row.append(int(i))
        out.append(row)
    return out


def bootstrap(metric, hyps, refs, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
              exact: bool = False) -> BootstrapResult:
    """The bootstrap interval of the corpus score of ``metric`` on ``hyps``/``refs``.

    ``rng`` (required) is a ``numpy.random.Generator``; it is advanced by one
    ``choice`` call. ``metric`` is a configured metric (its options bound:
    ``bleuprint.metric("chrf", word_order=2)``) or a registered name for its defaults;
    ``alpha`` is always the interval's.
    ``exact=False`` reproduces sacreBLEU 2.5.1's ``corpus_score(..., n_bootstrap=n_boot)``
    under ``SACREBLEU_SEED=s`` when ``rng = numpy.random.default_rng(s)``: same score,
    same μ (``mean``) and same ``ci`` (``half_width``), for alpha = 0.05.
    """
    metric = corpus.as_metric(metric)
    check_positive_int(n_boot, "n_boot")
    check_alpha(alpha)
    check_rng(rng)
    stats = corpus.sentence_stats(metric, hyps, refs)
    return bootstrap_stats(metric, stats, n_boot, alpha, rng, exact=exact)


def metric_ci(metric, hyps, refs, n_boot: int = 1000, alpha: float = 0.05, rng=None, *,
              exact: bool = False) -> tuple[float, float, float]:
    """``(score, lo, hi)``: the corpus score and its (1 - alpha) bootstrap percentile
    interval (``bootstrap``). ``rng`` is required (``None`` raises ValueError). The
    course contract's signature; ``metric`` may be a configured metric, whose own options
    (an option named ``alpha`` included) are never this function's."""
    result = bootstrap(metric, hyps, refs, n_boot, alpha, rng, exact=exact)
    return result.score, result.lo, result.hi

