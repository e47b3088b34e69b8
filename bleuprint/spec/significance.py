"""Paired significance tests of systems against a baseline, as sacreBLEU 2.5.1 runs them.

Both tests ask whether a system's corpus score differs from the baseline's by more than
chance would explain, on the *same* sentences (paired), and both work on the per-sentence
statistics matrices (``bleuprint.spec.corpus``), never on text.

* Paired bootstrap resampling (Koehn, EMNLP 2004; the Moses script
  ``bootstrap-hypothesis-difference-significance.pl``; sacreBLEU ``--paired-bs``): draw
  ``n`` resamples of sentence indices (one ``choice(N, (n, N))`` call); score baseline and
  system on each (float32 sums, as ``bleuprint.spec.intervals``); with
  ``d_b = |sys_b - bl_b|`` and the observed difference ``diff = |score_bl - score_sys|``,
  the p-value is ``(c + 1) / (n + 1)`` where ``c = #{b : d_b - mean(d) > diff}``: the
  statistic is *centred* (its bootstrap distribution is shifted to mean 0, the null
  hypothesis), and the ``+1`` keeps the test from rejecting too often (Moses; multeval).
  The system's ``mean`` and ``ci`` (half-width) come from its resample scores.
* Paired approximate randomization (Noreen 1989; Riezler & Maxwell, 2005; multeval
  ``StratifiedApproximateRandomizationTest``; sacreBLEU ``--paired-ar``): in each of ``n``
  trials every sentence's statistics are swapped between baseline and system with
  probability 1/2 (``rng.integers(2, size=(n, N), dtype=bool)``); pseudo-system A takes the
  baseline's row where the mask is true, B the other; ``p = (c + 1) / (n + 1)`` with
  ``c = #{t : |score(A_t) - score(B_t)| > diff}`` (no centring). The trial sums are exact
  (integer matrix products) and scored in float64; no interval.

sacreBLEU's conventions, reproduced (``significance.py`` ``PairedTest``,
``_paired_bs_test``, ``_paired_ar_test``, ``estimate_ci``, ``_compute_p_value``; behaviour
read, not code copied):

* ``seed`` plays ``SACREBLEU_SEED``. Every comparison gets a *fresh* generator
  ``numpy.random.default_rng(s)``, so with a fixed seed every system is resampled with the
  same indices. ``s = seed if seed else None``: ``seed=None`` draws entropy from the OS, and
  so does ``seed=0`` (sacreBLEU's truthiness test; the baseline's own bootstrap interval
  still uses seed 0).
* The baseline's ``mean``/``ci`` (bootstrap test only) come from a bootstrap with
  ``default_rng(seed)`` (0 stays 0).
* ``mean``/``ci`` here use ``numpy.mean`` (pairwise summation, in the scores' dtype) and
  ``0.5 * (upper - lower)`` with sacreBLEU's fixed ``n // 40`` order statistics; so the
  baseline's μ may differ in the last digit from ``bootstrap``'s (``statistics.mean``).
* The scores of the resamples are put in a numpy array as sacreBLEU does: float32 when
  every score is a ``numpy.float32`` (chrF, TER), float64 otherwise; the centring, the
  comparisons and the mean then happen in that dtype.
* The AR trial sums are held as sacreBLEU holds them, int64 counts, float64 where the
  metric has fractional columns (``Metric.fractional_columns``: TER's average lengths),
  and scored as the metric's paired test scores them (the paired tests' protocol below,
  ``paired_trial_score``): BLEU's add-k smoothing there adds k into the int64 statistics
  in place, so a fractional k is truncated away (``floor(m + k)``); reproduced by the BLEU
  metric (``metrics/bleu/significance.py``).

``metric`` is a configured metric (``bleuprint.metric("chrf", n=4)``) or a registered
name for its defaults: ``n`` and ``seed`` here are always the test's, whatever the
metric's options are called (chrF's character order is its option ``n``).

``systems`` is either a list of hypothesis lists (the result's ``systems`` is then a list,
in the same order) or a mapping name -> hypotheses (then a dict with the same keys, in
the same order). ``paired_bootstrap_stats`` and ``paired_approximate_randomization_stats``
run the same tests on statistics matrices computed once (the baseline's and each system's
N x S matrix, as ``sentence_stats`` gives them; ``bleuprint.compat`` calls them).

numpy is imported inside the functions that use it, never at module level
(``bleuprint.spec.intervals``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..hooks import Protocol
from . import corpus
from .inputs import check_positive_int, input_hooks
from .intervals import check_indices, resample_indices, resample_scores, scorer, statistics_rows

#: sacreBLEU's default ``SACREBLEU_SEED``.
DEFAULT_SEED = 12345

if TYPE_CHECKING:  # for the annotations; the functions import numpy where they use it
    import numpy as np

__all__ = [
    "PairedResult",
    "PairedTestResult",
    "DEFAULT_SEED",
    "ar_scorer",
    "check_masks",
    "check_seed",
    "named_systems",
    "package_results",
    "paired_approximate_randomization",
    "paired_approximate_randomization_stats",
    "paired_approximate_randomization_with_masks",
    "paired_bootstrap",
    "paired_bootstrap_stats",
    "paired_bootstrap_with_indices",
    "p_value",
    "prepare_paired",
    "scores_array",
    "summary_numpy",
]


@dataclass(frozen=True)
class PairedResult:
    """One system's row: its corpus ``score``; ``p_value`` against the baseline (None for
    the baseline itself); ``mean`` and ``ci`` (sacreBLEU's half-width) of its bootstrap
    scores (None in the approximate randomization test)."""

    score: float
    p_value: float | None
    mean: float | None
    ci: float | None


@dataclass(frozen=True)
class PairedTestResult:
    """``baseline``: the baseline's row. ``systems``: one ``PairedResult`` per system, a
    list or a dict like the ``systems`` argument. ``test``: ``"bs"`` or ``"ar"``; ``n``:
    resamples or trials; ``seed``: as given."""

    baseline: PairedResult
    systems: list | dict
    test: str
    n: int
    seed: int | None


def check_seed(seed) -> int | None:
    """``None`` or an int >= 0 (what ``numpy.random.default_rng`` accepts)."""
    import numpy as np

    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int >= 0 or None, got {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0 (or None), got {seed}")
    return int(seed)


def named_systems(systems) -> list[tuple]:
    """``systems`` (a list of hypothesis lists, or a dict name -> hypotheses) as a list of
    ``(name, hypotheses)`` pairs, the name being the list index or the dict key; TypeError
    or ValueError for anything else, for an empty one, or for a bare string as a system."""
    if isinstance(systems, Mapping):
        items = list(systems.items())
    elif isinstance(systems, (list, tuple)):
        items = list(enumerate(systems))
    else:
        raise TypeError(f"systems must be a list of hypothesis lists or a dict name -> hypotheses, "
                        f"got {type(systems).__name__}")
    if not items:
        raise ValueError("systems is empty: give at least one system to compare with the baseline")
    for name, hyps in items:
        if isinstance(hyps, str):
            raise TypeError(f"systems[{name!r}] must be a list of hypotheses, got a bare str")
    return items


def package_results(systems, items, rows) -> list | dict:
    """One result per system in the shape of ``systems``: a dict keyed like it, or a list."""
    if isinstance(systems, Mapping):
        return {name: row for (name, _), row in zip(items, rows)}
    return list(rows)


def scores_array(raw: list) -> np.ndarray:
    """``numpy.array`` of the resample scores as the scorer returned them (float32 if all
    are ``numpy.float32``, float64 otherwise), as sacreBLEU builds it."""
    import numpy as np

    return np.array(raw)


def summary_numpy(scores: np.ndarray) -> tuple[float, float]:
    """sacreBLEU's ``significance.estimate_ci``: ``(numpy mean, 0.5 * (upper - lower))``
    with ``lower = n // 40``, ``upper = n - lower - 1`` of the sorted scores, computed in
    the array's dtype."""
    import numpy as np

    ordered = np.sort(scores)
    lower = len(ordered) // 40
    upper = len(ordered) - lower - 1
    return float(ordered.mean()), float(0.5 * (ordered[upper] - ordered[lower]))


def p_value(statistic: np.ndarray, observed: float) -> float:
    """``(#{statistic > observed} + 1) / (len + 1)``; the comparison is numpy's (a Python
    float meets the array in the array's dtype)."""
    import numpy as np

    count = int(np.sum(statistic > observed))
    return (count + 1) / (len(statistic) + 1)


def _check_paired(metric, n, seed) -> tuple:
    """``(seed, metric)`` checked: the metric as a configured value."""
    metric = corpus.as_metric(metric)
    check_positive_int(n, "n")
    return check_seed(seed), metric


def prepare_paired(metric, baseline, systems, refs, n, seed):
    """The checked inputs of a paired test: ``(seed, items, bl_rows, sys_rows, metric)``,
    ``items`` as ``named_systems`` gives them, the statistics rows of the baseline and of
    each system (``statistics_rows``), and the metric as a configured value."""
    seed, metric = _check_paired(metric, n, seed)
    items = named_systems(systems)
    bl_rows, *sys_rows = system_rows(metric, [baseline] + [hyps for _, hyps in items], refs)
    return seed, items, bl_rows, sys_rows, metric


def shared_context(metric, corpora: list, refs):
    """The context the systems' rows of a paired test share: None, except for a ``UNION``
    metric (distinct-n), whose rows take the systems' contexts combined, so that its
    columns name the same items in every system: a paired test that swaps a segment
    between systems (approximate randomization) then moves its items, and a bootstrap
    scores each system's own union (the other systems' items are zero columns, which
    count nothing). (A ``CORPUS_PASS`` metric's context comes from the shared references
    and is the same for every system already.)"""
    from functools import reduce

    from ..core import Shape

    metric = corpus.as_metric(metric)
    definition = metric.definition
    if definition.shape is not Shape.UNION:
        return None
    stats_options = metric.stats_options()
    contexts = [definition.corpus_context(*input_hooks(definition).check_inputs(hyps, refs), **stats_options) for hyps in corpora]
    return reduce(definition.combine_contexts, contexts)


def system_rows(metric, corpora: list, refs) -> list:
    """The statistics rows (``statistics_rows``) of each system's corpus in ``corpora``
    against ``refs``, under ``shared_context``."""
    metric = corpus.as_metric(metric)
    context = shared_context(metric, corpora, refs)
    if context is None:
        return [statistics_rows(corpus.sentence_stats(metric, hyps, refs)) for hyps in corpora]
    stats_options = metric.stats_options()
    return [statistics_rows(input_hooks(metric.definition).rows(hyps, refs, context=context, **stats_options))
            for hyps in corpora]


def _prepare_paired_stats(metric, baseline, systems, n, seed):
    """``prepare_paired`` for statistics matrices (``baseline`` and each of ``systems``)."""
    seed, metric = _check_paired(metric, n, seed)
    return (seed, *_stats_of(baseline, systems), metric)


def _stats_of(baseline, systems) -> tuple:
    """``(items, bl_rows, sys_rows)`` of statistics matrices: the systems as
    ``named_systems`` gives them and every matrix as ``statistics_rows``."""
    items = named_systems(systems)
    return items, statistics_rows(baseline), [statistics_rows(stats) for _, stats in items]


def _check_same_segments(bl_rows: list, sys_rows: list) -> None:
    """ValueError unless every system has as many segments as the baseline."""
    for rows in sys_rows:
        if len(rows) != len(bl_rows):
            raise ValueError(f"a system has {len(rows)} segments, the baseline {len(bl_rows)}: a paired test "
                             f"needs the same segments")


def _corpus_score(metric, rows):
    total = list(rows[0])
    for row in rows[1:]:
        total = [a + b for a, b in zip(total, row)]
    return float(scorer(metric, len(rows))(total))


def paired_bootstrap(metric, baseline, systems, refs, n: int = 1000, seed=DEFAULT_SEED) -> PairedTestResult:
    """Paired bootstrap resampling test of each system against ``baseline`` (module doc):
    sacreBLEU 2.5.1's ``--paired-bs`` with ``SACREBLEU_SEED=seed`` and ``--paired-bs-n n``."""
    seed, items, bl_rows, sys_rows, metric = prepare_paired(metric, baseline, systems, refs, n, seed)
    return _paired_bootstrap_rows(metric, systems, items, bl_rows, sys_rows, n, seed)


def paired_bootstrap_stats(metric, baseline, systems, n: int = 1000, seed=DEFAULT_SEED) -> PairedTestResult:
    """``paired_bootstrap`` on statistics matrices: ``baseline`` the baseline's N x S
    matrix, ``systems`` a list of (or a dict name -> ) each system's, on the same N
    segments."""
    seed, items, bl_rows, sys_rows, metric = _prepare_paired_stats(metric, baseline, systems, n, seed)
    return _paired_bootstrap_rows(metric, systems, items, bl_rows, sys_rows, n, seed)


def _paired_bootstrap_rows(metric, systems, items, bl_rows, sys_rows, n, seed) -> PairedTestResult:
    import numpy as np

    N = len(bl_rows)
    bl_idx = resample_indices(np.random.default_rng(seed), N, n)
    sys_idx = [resample_indices(np.random.default_rng(seed if seed else None), N, n) for _ in sys_rows]
    return _paired_bootstrap_indexed(metric, systems, items, bl_rows, sys_rows, bl_idx, sys_idx, seed)


def paired_bootstrap_with_indices(metric, baseline, systems, idx) -> PairedTestResult:
    """The paired bootstrap test (module doc) on statistics matrices (as
    ``paired_bootstrap_stats``) with the resamples given: ``idx[b]`` lists the 0-based
    sentence indices of resample b (``n = len(idx)``), used for the baseline's own
    ``mean``/``ci`` and for every system, as sacreBLEU 2.5.1's ``_paired_bs_test`` uses the
    indices of ``SACREBLEU_SEED`` when the seed is not 0 (``paired_bootstrap`` is this
    function on ``resample_indices(numpy.random.default_rng(seed), N, n)``). The result's
    ``seed`` is None: no generator was used."""
    metric = corpus.as_metric(metric)
    items, bl_rows, sys_rows = _stats_of(baseline, systems)
    idx = check_indices(idx, len(bl_rows))
    return _paired_bootstrap_indexed(metric, systems, items, bl_rows, sys_rows, idx, [idx] * len(sys_rows), None)


def _paired_bootstrap_indexed(metric, systems, items, bl_rows, sys_rows, bl_idx, sys_idx, seed) -> PairedTestResult:
    """The paired bootstrap from its resamples: ``bl_idx`` for the baseline's ``mean``/
    ``ci``, ``sys_idx[k]`` for system k (baseline and system resampled alike)."""
    import numpy as np

    _check_same_segments(bl_rows, sys_rows)
    bl_score = _corpus_score(metric, bl_rows)
    bl_mean, bl_ci = summary_numpy(scores_array(resample_scores(metric, bl_rows, bl_idx)))
    results = []
    for rows, idx in zip(sys_rows, sys_idx):
        scores_bl = scores_array(resample_scores(metric, bl_rows, idx))
        scores_sys = scores_array(resample_scores(metric, rows, idx))
        mean, ci = summary_numpy(scores_sys)
        score = _corpus_score(metric, rows)
        distance = np.abs(scores_sys - scores_bl)
        centred = distance - distance.mean()
        results.append(PairedResult(score, p_value(centred, abs(bl_score - score)), mean, ci))
    return PairedTestResult(PairedResult(bl_score, None, bl_mean, bl_ci), package_results(systems, items, results),
                            "bs", len(bl_idx), seed)


def _trial_matrix(rows: list[list], metric: str) -> np.ndarray:
    """The statistics as sacreBLEU holds them for the AR products: int64 for counts,
    float64 for a metric with fractional columns (TER, whose average lengths are floats)."""
    import numpy as np

    return np.array(rows, dtype=np.float64 if corpus.as_metric(metric).definition.fractional_columns else np.int64)


# -- the paired tests' protocol (``bleuprint.hooks``), tuned in ``metrics/NAME/significance.py``

def paired_trial_score(definition, combined: list, n_segments: int, **score_options) -> float:
    """The score of one trial sum ``combined`` (exact, as Python numbers) as the metric's
    paired test scores it; by default its ``score``. A metric whose paired test departs
    from its plain score (BLEU's add-k in sacreBLEU) overrides it and
    ``paired_trial_scores``."""
    return definition.score(combined, n_segments, **score_options)


def paired_trial_scores(definition, sums, n_segments: int, **score_options):
    """impl's ``paired_trial_score``: the double-precision scores of a paired test's exact
    trial sums (``sums``, one row per trial); by default ``batch_scores`` on Python
    numbers."""
    return definition.batch_scores(sums, n_segments, False, **score_options)[0]


PAIRED = Protocol("paired tests", "significance", {
    "paired_trial_score": paired_trial_score,
    "paired_trial_scores": paired_trial_scores,
})
paired_hooks = PAIRED.of


def ar_scorer(metric, n_sentences: int):
    """Scores one trial row (int64 or float64 numbers) as the metric's paired test scores
    it (``paired_trial_score``): its score of the row as Python numbers, but where the
    metric says otherwise (BLEU's add-k: sacreBLEU adds k in place into the int64 row,
    truncating it, after its "no match at all" test)."""
    metric = corpus.as_metric(metric)
    score, kwargs = paired_hooks(metric).paired_trial_score, metric.score_options()
    return lambda row: score([x.item() for x in row], n_sentences, **kwargs)


def paired_approximate_randomization(metric, baseline, systems, refs, n: int = 10000,
                                     seed=DEFAULT_SEED) -> PairedTestResult:
    """Paired approximate randomization test of each system against ``baseline`` (module
    doc): sacreBLEU 2.5.1's ``--paired-ar`` with ``SACREBLEU_SEED=seed`` and
    ``--paired-ar-n n`` (no confidence interval: ``mean``/``ci`` are None)."""
    seed, items, bl_rows, sys_rows, metric = prepare_paired(metric, baseline, systems, refs, n, seed)
    return _paired_ar_rows(metric, systems, items, bl_rows, sys_rows, n, seed)


def paired_approximate_randomization_stats(metric, baseline, systems, n: int = 10000,
                                           seed=DEFAULT_SEED) -> PairedTestResult:
    """``paired_approximate_randomization`` on statistics matrices (as
    ``paired_bootstrap_stats``)."""
    seed, items, bl_rows, sys_rows, metric = _prepare_paired_stats(metric, baseline, systems, n, seed)
    return _paired_ar_rows(metric, systems, items, bl_rows, sys_rows, n, seed)


def _paired_ar_rows(metric, systems, items, bl_rows, sys_rows, n, seed) -> PairedTestResult:
    import numpy as np

    N = len(bl_rows)
    masks = [np.random.default_rng(seed if seed else None).integers(2, size=(n, N), dtype=bool) for _ in sys_rows]
    return _paired_ar_masked(metric, systems, items, bl_rows, sys_rows, masks, seed)


def check_masks(take_baseline, n_sentences: int):
    """``take_baseline`` as an ``n x n_sentences`` numpy bool array: a list of trials, each a
    list of ``n_sentences`` booleans (or 0/1 ints); TypeError or ValueError otherwise."""
    import numpy as np

    if isinstance(take_baseline, (str, bytes)) or not hasattr(take_baseline, "__len__") or not len(take_baseline):
        raise ValueError("take_baseline must be a non-empty list of trials (lists of booleans)")
    for t, trial in enumerate(take_baseline):
        if isinstance(trial, (str, bytes)) or not hasattr(trial, "__len__"):
            raise TypeError(f"take_baseline[{t}] must be a list of booleans, got {type(trial).__name__}")
        if len(trial) != n_sentences:
            raise ValueError(f"take_baseline[{t}] has {len(trial)} entries, expected {n_sentences}")
        for x in trial:
            if not isinstance(x, (bool, int, np.bool_, np.integer)) or x not in (0, 1):
                raise ValueError(f"take_baseline[{t}] holds {x!r}, expected true/false (or 1/0)")
    return np.array([[bool(x) for x in trial] for trial in take_baseline], dtype=bool)


def paired_approximate_randomization_with_masks(metric, baseline, systems, take_baseline) -> PairedTestResult:
    """The paired approximate randomization test (module doc) on statistics matrices with
    the trials given: ``take_baseline[t][i]`` true when pseudo-system A of trial t takes
    the baseline's segment i (and B the system's), ``n = len(take_baseline)``; the same
    trials for every system, as sacreBLEU 2.5.1's ``_paired_ar_test`` draws them with a
    fresh ``default_rng(SACREBLEU_SEED)`` per system (``paired_approximate_randomization``
    is this function on ``default_rng(seed).integers(2, size=(n, N), dtype=bool)``). The
    result's ``seed`` is None."""
    metric = corpus.as_metric(metric)
    items, bl_rows, sys_rows = _stats_of(baseline, systems)
    masks = check_masks(take_baseline, len(bl_rows))
    return _paired_ar_masked(metric, systems, items, bl_rows, sys_rows, [masks] * len(sys_rows), None)


def _paired_ar_masked(metric, systems, items, bl_rows, sys_rows, masks, seed) -> PairedTestResult:
    """The AR test from its trials: ``masks[k]`` (n x N bools) for system k."""
    import numpy as np

    N = len(bl_rows)
    _check_same_segments(bl_rows, sys_rows)
    bl_score = _corpus_score(metric, bl_rows)
    bl_matrix = _trial_matrix(bl_rows, metric)
    score_row = ar_scorer(metric, N)
    results = []
    for rows, take_baseline in zip(sys_rows, masks):
        sys_matrix = _trial_matrix(rows, metric)
        pseudo_a = take_baseline @ bl_matrix + ~take_baseline @ sys_matrix
        pseudo_b = ~take_baseline @ bl_matrix + take_baseline @ sys_matrix
        scores_a = np.array([score_row(row) for row in pseudo_a])
        scores_b = np.array([score_row(row) for row in pseudo_b])
        score = _corpus_score(metric, rows)
        results.append(PairedResult(score, p_value(np.abs(scores_a - scores_b), abs(bl_score - score)), None, None))
    return PairedTestResult(PairedResult(bl_score, None, None, None), package_results(systems, items, results),
                            "ar", len(masks[0]) if masks else 0, seed)
