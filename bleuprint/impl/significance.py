"""Paired significance tests, fast: the API and results of ``bleuprint.spec.significance``.

Same recipes and conventions (see the spec module): the resample scores come from
``bleuprint.impl.intervals`` (all resamples summed at once from the statistics matrix,
scored element-wise), and the approximate-randomization trials are scored element-wise
too. The small numpy steps that turn scores into a mean, a half-width and a p-value are
the spec's own helpers (``scores_array`` rules, ``summary_numpy``, ``p_value``), applied
to arrays built with the same dtype rules, so both give the same numbers.

``paired_bootstrap_stats`` and ``paired_approximate_randomization_stats`` take the
statistics matrices instead of the texts (``bleuprint.compat`` calls them).
"""

from __future__ import annotations

import numpy as np

from ..spec.corpus import as_metric
from ..spec.inputs import FLOAT64_EXACT_LIMIT, check_positive_int
from ..spec.significance import (
    DEFAULT_SEED,
    PairedResult,
    PairedTestResult,
    check_seed,
    named_systems,
    p_value,
    paired_hooks,
    package_results,
    summary_numpy,
    shared_context,
)
from .corpus import stats_matrix
from .intervals import (
    _check_stats_matrix,
    _corpus_score,
    _corpus_scores,
    resampled_sums,
    score_sums,
)
from ..core.metric import needs_context

__all__ = ["PairedResult", "PairedTestResult", "paired_approximate_randomization",
           "paired_approximate_randomization_stats", "paired_bootstrap", "paired_bootstrap_stats"]


def _check(metric, n, seed):
    metric = as_metric(metric)
    check_positive_int(n, "n")
    return check_seed(seed), metric


def _matrices(metric, baseline, systems, refs):
    """The statistics of the baseline and of every system, extracted in one call on the
    systems one after the other. Any system that is not a list of strings as long as
    ``refs`` is first given to ``stats_matrix`` alone, so the error names its own index."""
    items = named_systems(systems)
    definition = metric.definition
    if needs_context(definition) or not definition.references:
        # Rows that depend on the corpus (a context, or the other hypotheses) are each
        # system's own: one call per system, never the systems concatenated.
        # A UNION metric's systems share one context (``spec.significance.shared_context``).
        corpora = [baseline] + [hyps for _, hyps in items]
        context = shared_context(metric, corpora, refs)
        if context is None:
            every = [_check_stats_matrix(stats_matrix(metric, hyps, refs)) for hyps in corpora]
        else:
            every = [_check_stats_matrix(definition.stats_matrix(hyps, refs, context=context,
                                                                 **metric.stats_options()))
                     for hyps in corpora]
        return items, every[0], every[1:]
    for hyps in [baseline] + [hyps for _, hyps in items]:
        if (isinstance(hyps, str) or not isinstance(hyps, (list, tuple)) or isinstance(refs, str)
                or not hasattr(refs, "__len__") or len(hyps) != len(refs) or len(hyps) == 0
                or not all(isinstance(h, str) for h in hyps)):
            stats_matrix(metric, hyps, refs)  # raises the error for this system
    n = len(baseline)
    every = list(baseline) + [h for _, hyps in items for h in hyps]
    matrix = _check_stats_matrix(stats_matrix(metric, every, list(refs) * (len(items) + 1)))
    return items, matrix[:n], [matrix[n * (k + 1) : n * (k + 2)] for k in range(len(items))]


def _given_matrices(metric, baseline, systems):
    """``_matrices`` for statistics given as matrices: each checked (``_check_stats_matrix``,
    and its corpus sums as the scorer checks them), all of the baseline's shape."""
    items = named_systems(systems)
    bl = _check_stats_matrix(baseline)
    matrices = [_check_stats_matrix(stats) for _, stats in items]
    for (name, _), matrix in zip(items, matrices):
        if matrix.shape != bl.shape:
            raise ValueError(f"systems[{name!r}]: statistics of shape {matrix.shape}, but the baseline's are {bl.shape}")
        _corpus_score(metric, matrix)
    return items, bl, matrices


def _as_sacrebleu_array(values: np.ndarray, python_float: np.ndarray) -> np.ndarray:
    """sacreBLEU's ``numpy.array`` of the resample scores: float32 when every score is a
    ``numpy.float32``, float64 otherwise."""
    return values if python_float.any() else values.astype(np.float32)


def _float32_scores(metric, matrices: list, rng, n) -> list:
    """The float32-mode resample scores of every matrix in ``matrices`` for the same
    ``n`` resamples, drawn from ``rng`` (one ``choice(N, (n, N))``): one summation over the
    matrices side by side (``intervals.resampled_sums``: the C kernel draws each index once
    and adds the row of every matrix; numpy's fallback builds one count matrix), then one
    element-wise scoring of all their sums stacked (each score depends on its own row
    only)."""
    widths = {m.shape[1] for m in matrices}
    (width,) = widths
    sums = resampled_sums(np.hstack(matrices), rng, n)
    stacked = sums.reshape(n, len(matrices), width).transpose(1, 0, 2).reshape(len(matrices) * n, width)
    values, python_float = score_sums(metric, stacked, matrices[0].shape[0], True)
    return [_as_sacrebleu_array(values[k * n : (k + 1) * n], python_float[k * n : (k + 1) * n])
            for k in range(len(matrices))]


def paired_bootstrap(metric, baseline, systems, refs, n: int = 1000, seed=DEFAULT_SEED) -> PairedTestResult:
    """``bleuprint.spec.significance.paired_bootstrap``, vectorised. With a fixed seed
    every comparison (and the baseline's interval) uses the same indices, so they are
    drawn once and all systems are summed together."""
    seed, metric = _check(metric, n, seed)
    items, bl, matrices = _matrices(metric, baseline, systems, refs)
    return _paired_bootstrap_matrices(metric, systems, items, bl, matrices, n, seed)


def paired_bootstrap_stats(metric, baseline, systems, n: int = 1000, seed=DEFAULT_SEED) -> PairedTestResult:
    """``bleuprint.spec.significance.paired_bootstrap_stats``: ``paired_bootstrap`` on the
    statistics matrices of the baseline and of each system."""
    seed, metric = _check(metric, n, seed)
    items, bl, matrices = _given_matrices(metric, baseline, systems)
    return _paired_bootstrap_matrices(metric, systems, items, bl, matrices, n, seed)


def _paired_bootstrap_matrices(metric, systems, items, bl, matrices, n, seed) -> PairedTestResult:
    bl_score = _corpus_score(metric, bl)
    if seed:
        scores_bl, *all_sys = _float32_scores(metric, [bl] + matrices, np.random.default_rng(seed), n)
        pairs = [(scores_bl, scores) for scores in all_sys]
        bl_mean, bl_ci = summary_numpy(scores_bl)
    else:
        (own,) = _float32_scores(metric, [bl], np.random.default_rng(seed), n)
        bl_mean, bl_ci = summary_numpy(own)
        pairs = [tuple(_float32_scores(metric, [bl, matrix], np.random.default_rng(None), n))
                 for matrix in matrices]
    results = []
    for score, (scores_bl, scores_sys) in zip(_corpus_scores(metric, matrices), pairs):
        mean, ci = summary_numpy(scores_sys)
        distance = np.abs(scores_sys - scores_bl)
        centred = distance - distance.mean()
        results.append(PairedResult(score, p_value(centred, abs(bl_score - score)), mean, ci))
    return PairedTestResult(PairedResult(bl_score, None, bl_mean, bl_ci), package_results(systems, items, results),
                            "bs", n, seed)


def _trial_scores(metric, sums: np.ndarray, n_sentences: int) -> np.ndarray:
    """Scores of exact trial sums (float64 arithmetic), as the metric's paired tests score
    them (``paired_trial_scores``: BLEU's add-k departs from its plain score)."""
    return paired_hooks(metric).paired_trial_scores(sums, n_sentences, **metric.score_options())


def _trial_matrix(matrix: np.ndarray, metric) -> np.ndarray:
    return matrix if metric.definition.fractional_columns else matrix.astype(np.int64)


def _pseudo_systems(metric, take_baseline: np.ndarray, bl_trial: np.ndarray, trials: list) -> list:
    """The trial sums ``(A, B)`` of every system in ``trials`` for one mask: A takes the
    baseline's row where the mask is true, B the system's. A metric with fractional
    columns (TER): float64 products per system, as sacreBLEU computes them (BLAS's order).
    Integer statistics: exact sums, so the order of the additions does not matter; all
    systems in one float64 product (A = sys + mask @ (bl - sys), B = bl + sys - A), exact
    while N * max |bl - sys| < 2^53, else int64 products (sacreBLEU's), system by system."""
    if metric.definition.fractional_columns:
        return [(take_baseline @ bl_trial + ~take_baseline @ sys_trial,
                 ~take_baseline @ bl_trial + take_baseline @ sys_trial) for sys_trial in trials]
    N = take_baseline.shape[1]
    differences = np.hstack([(bl_trial - sys_trial).astype(np.float64) for sys_trial in trials])
    if N * float(np.abs(differences).max(initial=0)) >= FLOAT64_EXACT_LIMIT:
        take, leave = take_baseline.astype(np.int64), (~take_baseline).astype(np.int64)
        return [(take @ bl_trial + leave @ sys_trial, leave @ bl_trial + take @ sys_trial) for sys_trial in trials]
    products = np.rint(take_baseline.astype(np.float64) @ differences).astype(np.int64)
    width, bl_sum, pairs = bl_trial.shape[1], bl_trial.sum(axis=0), []
    for k, sys_trial in enumerate(trials):
        pseudo_a = sys_trial.sum(axis=0) + products[:, k * width : (k + 1) * width]
        pairs.append((pseudo_a, bl_sum + sys_trial.sum(axis=0) - pseudo_a))
    return pairs


def paired_approximate_randomization(metric, baseline, systems, refs, n: int = 10000,
                                     seed=DEFAULT_SEED) -> PairedTestResult:
    """``bleuprint.spec.significance.paired_approximate_randomization``, vectorised. With a
    fixed seed every comparison draws the same mask (a fresh ``default_rng(seed)`` each,
    as sacreBLEU), so it is drawn once and all systems are summed and scored together;
    unseeded (0 or None), each system gets its own mask from fresh entropy."""
    seed, metric = _check(metric, n, seed)
    items, bl, matrices = _matrices(metric, baseline, systems, refs)
    return _paired_ar_matrices(metric, systems, items, bl, matrices, n, seed)


def paired_approximate_randomization_stats(metric, baseline, systems, n: int = 10000,
                                           seed=DEFAULT_SEED) -> PairedTestResult:
    """``bleuprint.spec.significance.paired_approximate_randomization_stats``: the test on
    the statistics matrices of the baseline and of each system."""
    seed, metric = _check(metric, n, seed)
    items, bl, matrices = _given_matrices(metric, baseline, systems)
    return _paired_ar_matrices(metric, systems, items, bl, matrices, n, seed)


def _paired_ar_matrices(metric, systems, items, bl, matrices, n, seed) -> PairedTestResult:
    N = bl.shape[0]
    bl_score = _corpus_score(metric, bl)
    bl_trial = _trial_matrix(bl, metric)
    trials = [_trial_matrix(matrix, metric) for matrix in matrices]
    if seed:
        pairs = _pseudo_systems(metric, np.random.default_rng(seed).integers(2, size=(n, N), dtype=bool),
                                bl_trial, trials)
    else:
        pairs = [_pseudo_systems(metric, np.random.default_rng(None).integers(2, size=(n, N), dtype=bool),
                                 bl_trial, [trial])[0] for trial in trials]
    # every trial of every system scored in one element-wise call (each score depends on
    # its own row only): rows k*n .. (k+1)*n - 1 are system k's
    rows_a = np.concatenate([np.asarray(a, dtype=np.float64) for a, _ in pairs])
    rows_b = np.concatenate([np.asarray(b, dtype=np.float64) for _, b in pairs])
    scores_a, scores_b = _trial_scores(metric, rows_a, N), _trial_scores(metric, rows_b, N)
    results = []
    for k, score in enumerate(_corpus_scores(metric, matrices)):
        distance = np.abs(scores_a[k * n : (k + 1) * n] - scores_b[k * n : (k + 1) * n])
        results.append(PairedResult(score, p_value(distance, abs(bl_score - score)), None, None))
    return PairedTestResult(PairedResult(bl_score, None, None, None), package_results(systems, items, results),
                            "ar", n, seed)
