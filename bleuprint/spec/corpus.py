"""Metric-generic access to sufficient statistics: one row per sentence, scored pooled.

Every metric here is a function of the column sums of an N x S matrix of per-sentence
statistics: ``sentence_stats`` builds the matrix, ``score_from_stats`` scores a sum of its
rows. This is what makes a corpus score a pooled score, and a bootstrap over sentences a
matter of summing resampled rows (sacreBLEU ``metrics/base.py``: statistics per segment,
``sum_of_lists``, ``_compute_score_from_stats``).

Each metric is defined once and registered (``bleuprint.core``, ``bleuprint.metrics``);
these functions reach it through the registry. Each takes the metric as one value, a
configured metric (``bleuprint.metric("chrf", word_order=2)``) or a registered name for
its defaults, and no option beside it (``bleuprint.core.value``). Rows of the built-in metrics:

* ``exact_match``: one column, 1.0 where the hypothesis matches, else 0.0; the score is
  the sum divided by ``n_sentences`` (0..1).
* ``bleu``: ``bleu_stats`` (2 + 2N columns); the score is ``bleu_from_stats`` (0..100).
* ``chrf``: ``chrf_stats`` (3 (n + word_order) columns); ``chrf_from_stats`` (0..100).
* ``ter``: ``ter_stats`` (2 columns: edits, average reference length); ``ter_from_stats``
  (0..100, may exceed 100).
"""

from __future__ import annotations

from ..core import as_metric, metric_names
from .inputs import check_positive_int, check_statistic, input_hooks

def segment_rows(metric, hyps, refs=None) -> list[list]:
    """Every segment's statistics row of ``metric`` (a configured metric, or a registered
    name for the defaults: ``bleuprint.core.value``) as the spec defines it, as Python
    numbers: inputs checked, the metric's limits checked before any work, its corpus
    context (``CORPUS_PASS`` metrics) computed first."""
    value = as_metric(metric)
    return input_hooks(value.definition).rows(hyps, refs, **value.stats_options())


def sentence_stats(metric, hyps, refs=None):
    """The N x S float64 matrix of per-sentence statistics of ``metric`` (see module doc)."""
    import numpy as np

    return np.array(segment_rows(metric, hyps, refs), dtype=np.float64)


def as_numbers(summed, what: str = "summed") -> list:
    """Summed statistics (a sequence or an array of any shape) as Python numbers, each
    checked first (a finite number >= 0, at most 2**53: ``check_statistic``); whole values
    become ``int``, so the arithmetic is that of a list of counts."""
    if hasattr(summed, "tolist") and hasattr(summed, "ravel"):  # a numpy array or scalar
        raw = summed.ravel().tolist()
        entries = list(summed.ravel())
    else:
        entries = raw = _flattened(summed)
    for i, x in enumerate(entries):
        check_statistic(x, f"{what}[{i}]", whole=False)
    return [int(x) if float(x).is_integer() else float(x) for x in raw]


def _flattened(values) -> list:
    """A nested sequence's numbers in row order (as ``numpy.ravel`` reads them)."""
    out = []
    for value in values:
        if isinstance(value, (list, tuple)):
            out.extend(_flattened(value))
        else:
            out.append(value)
    return out


def score_from_stats(metric, summed, n_sentences: int) -> float:
    """The score of ``metric`` from summed statistics (a row sum of ``sentence_stats``).

    ``n_sentences`` is the number of rows summed (a ``MEAN`` metric, such as exact match,
    divides by it). Sums of integer statistics are converted back to Python ints, so the
    arithmetic is the same as for a Python list of counts. Every entry must be a finite
    number >= 0 (at most 2**53), checked before that conversion (``check_statistic``; the
    metric's scorer then checks the rest of ``check_counts``' rule).
    """
    value = as_metric(metric)
    check_positive_int(n_sentences, "n_sentences")
    values = as_numbers(summed)
    return value.definition.score(values, n_sentences, **value.score_options())


def corpus_score(metric, hyps, refs=None) -> float:
    """The corpus score of any registered ``metric``: the score of the summed rows of
    ``segment_rows`` over ``len(hyps)`` segments (``refs[i]`` the references of
    ``hyps[i]``). The one-call form of every metric, including those with no function of
    their own in this package."""
    value = as_metric(metric)
    rows = segment_rows(value, hyps, refs)
    summed = [sum(column) for column in zip(*rows)] if rows else []
    return score_from_stats(value, summed, len(rows))


__all__ = ["as_metric", "as_numbers", "corpus_score", "metric_names", "score_from_stats",
           "segment_rows", "sentence_stats"]
