"""Bootstrap intervals and paired significance tests on statistics matrices, as sacreBLEU
2.5.1's command line and ``corpus_score(n_bootstrap=...)`` run them.

The recipes (one ``choice(N, (n, N))`` index matrix per generator, float32 resample sums,
``n // 40`` order statistics, the centred paired-bootstrap statistic, the
``integers(2, dtype=bool)`` swap masks of approximate randomization, ``(c + 1) / (n + 1)``
p-values) are those of ``bleuprint.spec.intervals`` and ``bleuprint.spec.significance``,
whose docstrings cite the sources; this module only applies them to matrices that the
caller computed once (so that a metric's statistics serve the score, the interval and the
tests), for any of BLEU, chrF and TER, with the fast (``impl``) or the literal (``spec``)
arithmetic.

``SACREBLEU_SEED`` is read as sacreBLEU reads it: default ``12345``; ``none`` (any case)
means an unseeded generator. Its *raw* lower-cased text goes into the ``--confidence``
signature, its int into the paired tests' signatures.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from ..core import get_metric
from ..spec.intervals import resample_indices
from ..spec.significance import p_value, summary_numpy
from .backends import Backend, column_sums


def seed_from_environment() -> tuple[str, int | None]:
    """``(text, seed)``: ``SACREBLEU_SEED`` lower-cased, and the seed it means."""
    raw = os.environ.get("SACREBLEU_SEED", "12345")
    if raw.lower() == "none":
        return "none", None
    try:
        return raw.lower(), int(raw)
    except ValueError:
        raise ValueError(f"SACREBLEU_SEED must be an integer or 'none', got {raw!r}") from None


def _scoring_options(metric: str, options: dict) -> dict:
    return get_metric(metric).score_options(options)


def float32_resample_scores(backend: Backend, metric: str, matrix: np.ndarray, idx: np.ndarray,
                            options: dict) -> np.ndarray:
    """The scores of the resamples (rows of ``idx``) with sacreBLEU's float32 sums, as the
    ``numpy.array`` sacreBLEU builds of them (float32 when every score is a float32)."""
    options = _scoring_options(metric, options)
    if backend.name == "impl":
        from ..impl.intervals import resample_sums, score_sums

        values, python_float = score_sums(metric, resample_sums(matrix, idx, False), matrix.shape[0], True, **options)
        return values if python_float.any() else values.astype(np.float32)
    from ..spec.intervals import resample_scores, statistics_rows
    from ..spec.significance import scores_array

    return scores_array(resample_scores(metric, statistics_rows(matrix), idx, **options))


def bootstrap_interval(backend: Backend, metric: str, matrix: np.ndarray, n: int, seed: int | None,
                       options: dict) -> tuple[float, float]:
    """``(mean, half_width)`` of ``n`` bootstrap resamples (``--confidence``): exact mean
    of the scores (``statistics.mean``, rounded to float32 for chrF/TER), half of
    ``sorted[n - n//40 - 1] - sorted[n//40]``."""
    idx = resample_indices(np.random.default_rng(seed), matrix.shape[0], n)
    scoring = _scoring_options(metric, options)
    # The mean and half-width follow each score's own type (float32 or Python float), as in
    # sacreBLEU; both summarise functions read those types.
    if backend.name == "impl":
        from ..impl.intervals import resample_sums, score_sums, summarise

        values, python_float = score_sums(metric, resample_sums(matrix, idx, False), matrix.shape[0], True, **scoring)
        result = summarise(0.0, values, n, 0.05, python_float=python_float)
    else:
        from ..spec.intervals import resample_scores, statistics_rows, summarise

        result = summarise(0.0, resample_scores(metric, statistics_rows(matrix), idx, **scoring), n, 0.05)
    return result.mean, result.half_width


@dataclass(frozen=True)
class PairedRow:
    """One row of the paired-test table: sacreBLEU's ``significance.Result``."""

    score: float
    p_value: float | None = None
    mean: float | None = None
    ci: float | None = None


def _trial_scores(backend: Backend, metric: str, sums: np.ndarray, n_sentences: int, options: dict) -> np.ndarray:
    """Scores of approximate-randomization trial sums (exact sums, float64 arithmetic).

    The metric's own paired-test scorer (``Metric.paired_trial_scores``: BLEU add-k with a
    fractional k truncates as sacreBLEU's int64 trial rows do)."""
    options = _scoring_options(metric, options)
    if backend.name != "impl":
        from ..spec.significance import ar_scorer

        score_row = ar_scorer(metric, n_sentences, options)
        return np.array([score_row(row) for row in sums])
    return get_metric(metric).paired_trial_scores(np.asarray(sums, dtype=np.float64), n_sentences, **options)


def paired_test(backend: Backend, metric: str, baseline: np.ndarray, systems: list[np.ndarray], test: str,
                n: int, seed: int | None, options: dict) -> tuple[PairedRow, list[PairedRow]]:
    """sacreBLEU's ``PairedTest`` for one metric: the baseline's row and one row per
    system. ``test`` is ``"bs"`` (paired bootstrap, ``n`` resamples) or ``"ar"``
    (approximate randomization, ``n`` trials)."""
    N = baseline.shape[0]
    bl_score = backend.score(metric, column_sums(baseline), **options)
    rows = []
    if test == "bs":
        bl_scores = float32_resample_scores(backend, metric, baseline,
                                            resample_indices(np.random.default_rng(seed), N, n), options)
        bl_mean, bl_ci = summary_numpy(bl_scores)
        head = PairedRow(bl_score, None, bl_mean, bl_ci)
        for matrix in systems:
            idx = resample_indices(np.random.default_rng(seed if seed else None), N, n)
            scores_bl = float32_resample_scores(backend, metric, baseline, idx, options)
            scores_sys = float32_resample_scores(backend, metric, matrix, idx, options)
            mean, ci = summary_numpy(scores_sys)
            score = backend.score(metric, column_sums(matrix), **options)
            distance = np.abs(scores_sys - scores_bl)
            rows.append(PairedRow(score, p_value(distance - distance.mean(), abs(bl_score - score)), mean, ci))
        return head, rows
    if test != "ar":
        raise ValueError(f"unknown paired test {test!r}: expected 'bs' or 'ar'")
    fractional = bool(get_metric(metric).fractional_columns)
    dtype = np.float64 if fractional else np.int64
    bl = baseline.astype(dtype)
    for matrix in systems:
        rng = np.random.default_rng(seed if seed else None)
        take = rng.integers(2, size=(n, N), dtype=bool)
        sysm = matrix.astype(dtype)
        if fractional:  # float64 products, as sacreBLEU computes them (BLAS's order)
            pseudo_a = take @ bl + ~take @ sysm
            pseudo_b = ~take @ bl + take @ sysm
        else:  # exact integer sums: A = sys + mask @ (bl - sys), B = bl + sys - A
            difference = (bl - sysm).astype(np.float64)
            if N * float(np.abs(difference).max(initial=0)) < 2.0**53:  # float64 products are exact
                pseudo_a = sysm.sum(axis=0) + np.rint(take.astype(np.float64) @ difference).astype(np.int64)
            else:
                pseudo_a = take.astype(np.int64) @ bl + (~take).astype(np.int64) @ sysm
            pseudo_b = bl.sum(axis=0) + sysm.sum(axis=0) - pseudo_a
        scores_a = _trial_scores(backend, metric, pseudo_a, N, options)
        scores_b = _trial_scores(backend, metric, pseudo_b, N, options)
        score = backend.score(metric, column_sums(matrix), **options)
        rows.append(PairedRow(score, p_value(np.abs(scores_a - scores_b), abs(bl_score - score))))
    return PairedRow(bl_score), rows
