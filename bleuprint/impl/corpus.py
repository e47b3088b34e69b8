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

import sys

from ..spec.corpus import as_metric
from ..spec.corpus import as_numbers as spec_as_numbers
from ..spec.inputs import check_positive_int, check_statistic
from .hooks import plain_hooks

__all__ = ["corpus_score", "sentence_stats", "score_from_stats", "stats_matrix"]


def stats_matrix(metric, hyps, refs=None) -> np.ndarray:
    """The N x S **int64** matrix of per-sentence statistics of ``metric`` (exact counts;
    float64 for a metric with fractional columns, such as TER's average length).

    Same checks, in the same order, as ``sentence_stats``; this is what ``sentence_stats``
    converts to float64 and what the accumulators of ``bleuprint.impl.accumulate`` sum.
    """
    metric = as_metric(metric)
    return metric.definition.stats_matrix(hyps, refs, **metric.stats_options())


def sentence_stats(metric, hyps, refs=None) -> np.ndarray:
    """The N x S float64 matrix of per-sentence statistics of ``metric`` (see module doc)."""
    import numpy as np

    return stats_matrix(metric, hyps, refs).astype(np.float64)


def as_numbers(summed) -> list:
    """The summed statistics as Python numbers: whole values as ``int`` (so the arithmetic
    is that of a list of counts, as in the spec), others as ``float``."""
    import numpy as np

    if isinstance(summed, np.ndarray) and summed.dtype.kind in "iu":
        return [int(x) for x in summed.ravel()]
    return [int(x) if float(x).is_integer() else float(x) for x in np.asarray(summed, dtype=np.float64).ravel()]


def score_from_stats(metric, summed, n_sentences: int) -> float:
    """The score of ``metric`` from summed statistics (a row sum of ``sentence_stats``).

    ``n_sentences`` is the number of rows summed (a ``MEAN`` metric divides by it). Sums
    are converted back to Python ints where whole, so the arithmetic is the same as for a
    Python list of counts. An integer numpy array is taken as exact ints. The entries are
    checked as the spec checks them (finite, >= 0, at most 2**53, before the conversion;
    then the metric's own rule).
    """
    metric = as_metric(metric)
    check_positive_int(n_sentences, "n_sentences")
    if not _is_array(summed):
        return score_numbers(metric, spec_as_numbers(summed), n_sentences)
    raw = summed.ravel()
    for i, x in enumerate(raw):
        check_statistic(x, f"summed[{i}]", whole=False)
    return score_numbers(metric, as_numbers(raw), n_sentences)


def _is_array(value) -> bool:
    """Whether ``value`` is a numpy array (never, when numpy was not imported: asking
    must not import it)."""
    np = sys.modules.get("numpy")
    return np is not None and isinstance(value, np.ndarray)


def score_numbers(metric, values: list, n_sentences: int) -> float:
    """The score from summed statistics already given as Python numbers (checked
    ``n_sentences``), by impl's scorer."""
    metric = as_metric(metric)
    return metric.definition.fast_score(values, n_sentences, **metric.score_options())


def corpus_score(metric, hyps, refs=None) -> float:
    """The corpus score of any registered ``metric`` (a configured metric or a name),
    fast: the score of the column sums of ``stats_matrix``
    (``bleuprint.spec.corpus.corpus_score``'s definition)."""
    metric = as_metric(metric)
    summed = plain_hooks(metric.definition).corpus_sums(hyps, refs, **metric.stats_options())
    if summed is not None:  # a small corpus, without numpy (``bleuprint.impl.hooks``)
        return score_numbers(metric, summed, len(hyps))
    matrix = stats_matrix(metric, hyps, refs)
    return score_from_stats(metric, matrix.sum(axis=0), matrix.shape[0])
