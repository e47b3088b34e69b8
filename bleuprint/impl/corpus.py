"""Metric-generic sufficient statistics, fast: the API and errors of ``bleuprint.spec.corpus``.

Every metric is a function of the column sums of an N x S matrix of per-sentence
statistics (sacreBLEU ``metrics/base.py``: statistics per segment, summed, then scored):

* ``exact_match``: one column, 1 where the hypothesis matches, else 0; score = sum / N.
* ``bleu``: ``[c, r, m_1..m_N, t_1..t_N]`` per sentence (``bleu_stats_matrix``).
* ``chrf``: ``[hyp, ref, matches]`` per order (``chrf_stats_matrix``).
* ``ter``: ``[edits, average reference length]`` (``ter_stats_matrix``, float64: the
  average of several reference lengths need not be whole).

``sentence_stats`` returns the float64 matrix the spec returns; the integer matrices
come from the vectorised ``*_stats_matrix`` functions of this package, whole corpus at
a time. ``score_from_stats`` is cheap (one vector) and follows the spec step by step.
"""

from __future__ import annotations

import inspect

import numpy as np

from ..spec.corpus import METRICS, check_exact_match_count
from ..spec.inputs import check_choice, check_positive_int, check_statistic
from .bleu import bleu_from_stats, bleu_stats, bleu_stats_matrix
from .chrf import chrf_from_stats, chrf_stats, chrf_stats_matrix
from .exact_match import _checked_hypotheses, exact_match_matrix
from .ter import ter_from_stats, ter_stats, ter_stats_matrix

__all__ = ["METRICS", "metric_option_names", "sentence_stats", "score_from_stats", "stats_matrix"]

#: For each metric, the functions whose keyword parameters are its options (statistics
#: options and scoring options; one dictionary of options serves both).
_OPTION_SOURCES = {
    "exact_match": (),
    "bleu": (bleu_stats, bleu_from_stats),
    "chrf": (chrf_stats, chrf_from_stats),
    "ter": (ter_stats, ter_from_stats),
}
_POSITIONAL = {"hyp", "refs", "stats"}


def _parameters(function) -> set[str]:
    return set(inspect.signature(function).parameters)


def metric_option_names(metric: str) -> frozenset[str]:
    """The option names ``metric`` accepts (``check_choice`` on ``metric`` first)."""
    check_choice(metric, METRICS, "metric")
    names: set[str] = set()
    for function in _OPTION_SOURCES[metric]:
        names |= _parameters(function) - _POSITIONAL
    return frozenset(names)


def _check_option_names(metric: str, options: dict) -> None:
    unknown = sorted(set(options) - metric_option_names(metric))
    if unknown:
        raise TypeError(f"unknown option(s) for {metric}: {', '.join(unknown)}")


def _options_for(function, options: dict) -> dict:
    """The subset of ``options`` that ``function`` takes."""
    accepted = _parameters(function)
    return {key: value for key, value in options.items() if key in accepted}


def stats_matrix(metric: str, hyps, refs, **options) -> np.ndarray:
    """The N x S **int64** matrix of per-sentence statistics of ``metric`` (exact counts;
    float64 for TER, whose second column is an average length).

    Same checks, in the same order, as ``sentence_stats``; this is what ``sentence_stats``
    converts to float64 and what the accumulators of ``bleuprint.impl.accumulate`` sum.
    """
    check_choice(metric, METRICS, "metric")
    _check_option_names(metric, options)
    if metric == "exact_match":
        hyps = _checked_hypotheses(hyps)
        if isinstance(refs, str) or not hasattr(refs, "__len__"):
            raise TypeError("refs must be a sequence with one reference (or list) per hypothesis")
        if len(refs) != len(hyps):
            raise ValueError(f"mismatched lengths: {len(hyps)} hypotheses but {len(refs)} references")
        return exact_match_matrix(hyps, refs)
    if metric == "bleu":
        return bleu_stats_matrix(hyps, refs, **_options_for(bleu_stats_matrix, options))
    if metric == "ter":
        return ter_stats_matrix(hyps, refs, **_options_for(ter_stats_matrix, options))
    return chrf_stats_matrix(hyps, refs, **_options_for(chrf_stats_matrix, options))


def sentence_stats(metric: str, hyps, refs, **options) -> np.ndarray:
    """The N x S float64 matrix of per-sentence statistics of ``metric`` (see module doc)."""
    return stats_matrix(metric, hyps, refs, **options).astype(np.float64)


def _as_numbers(summed) -> list:
    """The summed statistics as Python numbers: whole values as ``int`` (so the arithmetic
    is that of a list of counts, as in the spec), others as ``float``."""
    if isinstance(summed, np.ndarray) and summed.dtype.kind in "iu":
        return [int(x) for x in summed.ravel()]
    return [int(x) if float(x).is_integer() else float(x) for x in np.asarray(summed, dtype=np.float64).ravel()]


def score_from_stats(metric: str, summed, n_sentences: int, **options) -> float:
    """The score of ``metric`` from summed statistics (a row sum of ``sentence_stats``).

    ``n_sentences`` is the number of rows summed (only exact match divides by it). Sums are
    converted back to Python ints where whole, so the arithmetic is the same as for a
    Python list of counts. An integer numpy array is taken as exact ints. The entries are
    checked as the spec checks them (finite, >= 0, at most 2**53, before the conversion;
    then the metric's own rule).
    """
    check_choice(metric, METRICS, "metric")
    _check_option_names(metric, options)
    check_positive_int(n_sentences, "n_sentences")
    raw = np.asarray(summed).ravel()
    for i, x in enumerate(raw):
        check_statistic(x, f"summed[{i}]", whole=False)
    return _score_numbers(metric, _as_numbers(raw), n_sentences, options)


def _score_numbers(metric: str, values: list, n_sentences: int, options: dict) -> float:
    """The score from summed statistics already given as Python numbers (checked metric,
    option names and ``n_sentences``)."""
    if metric == "exact_match":
        if len(values) != 1:
            raise ValueError(f"exact_match statistics have 1 column, got {len(values)}")
        check_exact_match_count(values[0], n_sentences)
        return values[0] / n_sentences
    if metric == "bleu":
        return bleu_from_stats(values, **_options_for(bleu_from_stats, options))
    if metric == "ter":
        return ter_from_stats(values)
    return chrf_from_stats(values, **_options_for(chrf_from_stats, options))
