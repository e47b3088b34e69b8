"""Metric-generic access to sufficient statistics: one row per sentence, scored pooled.

Every metric here is a function of the column sums of an N x S matrix of per-sentence
statistics: ``sentence_stats`` builds the matrix, ``score_from_stats`` scores a sum of its
rows. This is what makes a corpus score a pooled score, and a bootstrap over sentences a
matter of summing resampled rows (sacreBLEU ``metrics/base.py``: statistics per segment,
``sum_of_lists``, ``_compute_score_from_stats``).

Rows per metric:

* ``exact_match``: one column, 1.0 where the hypothesis matches, else 0.0; the score is
  the sum divided by ``n_sentences`` (0..1).
* ``bleu``: ``bleu_stats`` (2 + 2N columns); the score is ``bleu_from_stats`` (0..100).
* ``chrf``: ``chrf_stats`` (3 (n + word_order) columns); ``chrf_from_stats`` (0..100).
* ``ter``: ``ter_stats`` (2 columns: edits, average reference length); ``ter_from_stats``
  (0..100, may exceed 100).
"""

from __future__ import annotations

import inspect

import numpy as np

from .bleu import bleu_from_stats, bleu_stats
from .chrf import chrf_from_stats, chrf_stats
from .exact_match import exact_match_references, is_exact_match
from .inputs import check_choice, check_corpus, check_hypotheses, check_positive_int, check_statistic
from .ter import check_corpus_lengths, ter_from_stats, ter_stats

METRICS = ("exact_match", "bleu", "chrf", "ter")


def _options_for(function, options: dict) -> dict:
    """The subset of ``options`` that ``function`` takes (so that one dictionary of a
    metric's options serves both its statistics and its score)."""
    accepted = inspect.signature(function).parameters
    return {key: value for key, value in options.items() if key in accepted}


def _check_option_names(metric: str, options: dict) -> None:
    known = set()
    for function in {"bleu": (bleu_stats, bleu_from_stats), "chrf": (chrf_stats, chrf_from_stats),
                     "ter": (ter_stats, ter_from_stats), "exact_match": ()}[metric]:
        known |= set(inspect.signature(function).parameters) - {"hyp", "refs", "stats"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise TypeError(f"unknown option(s) for {metric}: {', '.join(unknown)}")


def sentence_stats(metric: str, hyps, refs, **options) -> np.ndarray:
    """The N x S float64 matrix of per-sentence statistics of ``metric`` (see module doc)."""
    check_choice(metric, METRICS, "metric")
    _check_option_names(metric, options)
    if metric == "exact_match":
        hyps = check_hypotheses(hyps)
        if isinstance(refs, str) or not hasattr(refs, "__len__"):
            raise TypeError("refs must be a sequence with one reference (or list) per hypothesis")
        if len(refs) != len(hyps):
            raise ValueError(f"mismatched lengths: {len(hyps)} hypotheses but {len(refs)} references")
        rows = [[1.0 if is_exact_match(h, exact_match_references(r, f"refs[{i}]")) else 0.0]
                for i, (h, r) in enumerate(zip(hyps, refs))]
    else:
        hyps, refs = check_corpus(hyps, refs)
        function = {"bleu": bleu_stats, "chrf": chrf_stats, "ter": ter_stats}[metric]
        kwargs = _options_for(function, options)
        if metric == "ter":
            check_corpus_lengths(hyps, refs, **kwargs)  # before any search, naming hyps[i]
        rows = [function(h, r, **kwargs) for h, r in zip(hyps, refs)]
    return np.array(rows, dtype=np.float64)


def check_exact_match_count(count, n_sentences: int) -> None:
    """Exact match's statistic: the number of matching sentences, a whole number from 0 to
    ``n_sentences`` (a larger one would give a rate above 1)."""
    check_statistic(count, "summed[0]")
    if count > n_sentences:
        raise ValueError(f"summed[0] (matching sentences) must be at most n_sentences={n_sentences}, got {count!r}")


def score_from_stats(metric: str, summed, n_sentences: int, **options) -> float:
    """The score of ``metric`` from summed statistics (a row sum of ``sentence_stats``).

    ``n_sentences`` is the number of rows summed (only exact match divides by it). Sums of
    integer statistics are converted back to Python ints, so the arithmetic is the same as
    for a Python list of counts. Every entry must be a finite number >= 0 (at most 2**53),
    checked before that conversion (``check_statistic``; the metric's scorer then checks
    the rest of ``check_counts``' rule); exact match's count must be whole and at most
    ``n_sentences``.
    """
    check_choice(metric, METRICS, "metric")
    _check_option_names(metric, options)
    check_positive_int(n_sentences, "n_sentences")
    raw = np.asarray(summed).ravel()
    for i, x in enumerate(raw):
        check_statistic(x, f"summed[{i}]", whole=False)
    values = [int(x) if float(x).is_integer() else float(x) for x in raw.astype(np.float64)]
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
