"""rouge-score 0.1.2's ``scoring`` module: ``Score``, ``BaseScorer``, ``AggregateScore``,
``BootstrapAggregator`` (behaviour read from rouge-score 0.1.2 ``rouge_score/scoring.py``;
no code copied).

``BootstrapAggregator`` reproduces rouge-score's recipe draw for draw, so that with
``numpy.random.seed(s)`` set before ``aggregate()`` the low/mid/high values are the same
as rouge-score's (to rounding):

* the score types are aggregated in the order in which they were first added (a dict);
* for each type, the added scores are stacked into an N x k matrix (k = 3 for ``Score``);
* ``n_samples`` times, N indices are drawn with replacement from numpy's **global legacy
  generator** (``numpy.random.choice(N, size=N)``, one call per sample, so the types share
  one stream of draws and each type gets different ones), and the column means of the
  resampled rows are kept;
* low, mid and high are ``numpy.percentile`` (linear interpolation) of those means at
  100 (1 - c) / 2, 50 and 100 (1 + c) / 2 percent, c = ``confidence_interval``.

So "mid" is the **median of the bootstrap means**, not the mean of the scores (rouge-score's
docstring says mean), and mid's F is a mean of per-segment F values, which may lie below
both mid's P and R. Unseeded, the numbers change from run to run, as rouge-score's do.
bleuprint's own seeded interval of the ROUGE corpus score is ``bleuprint.impl.bootstrap``
(``bleuprint score -m rouge1 --confidence``).
"""

from __future__ import annotations

import abc
import collections
import math

import numpy as np


class Score(collections.namedtuple("Score", ["precision", "recall", "fmeasure"])):
    """Precision, recall and F1 of one ROUGE type."""


class AggregateScore(collections.namedtuple("AggregateScore", ["low", "mid", "high"])):
    """The low, mid (median) and high bootstrap percentiles of a score type."""


class BaseScorer(metaclass=abc.ABCMeta):
    """What a scorer provides: ``score(target, prediction) -> {type: Score}``."""

    @abc.abstractmethod
    def score(self, target: str, prediction: str) -> dict:
        """The scores of ``prediction`` against ``target``, by score type."""


def fmeasure(precision, recall):
    """F1 = 2PR / (P + R); 0.0 when P + R = 0 (rouge-score's ``scoring.fmeasure``)."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


class BootstrapAggregator:
    """rouge-score's bootstrap aggregation of per-segment scores (module doc).

    ``confidence_interval`` in [0, 1] (default 0.95), ``n_samples`` a positive int
    (default 1000); out-of-range values raise ``ValueError`` as rouge-score's do, and a
    non-number raises ``TypeError``."""

    def __init__(self, confidence_interval=0.95, n_samples=1000):
        if isinstance(confidence_interval, bool) or not isinstance(confidence_interval, (int, float)):
            raise TypeError(f"confidence_interval must be a number, got {type(confidence_interval).__name__}")
        if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)):
            raise TypeError(f"n_samples must be an int, got {type(n_samples).__name__}")
        if math.isnan(confidence_interval) or confidence_interval < 0 or confidence_interval > 1:
            raise ValueError("confidence_interval must be in range [0, 1]")
        if n_samples <= 0:
            raise ValueError("n_samples must be positive")
        self._n_samples = int(n_samples)
        self._confidence_interval = confidence_interval
        self._scores: dict = {}

    def add_scores(self, scores) -> None:
        """Add one segment's scores: a dict of score type to a ``Score`` (or any tuple of
        numbers of the same length for that type)."""
        if not isinstance(scores, dict):
            raise TypeError(f"add_scores takes a dict of score type to Score, got {type(scores).__name__}")
        for score_type, score in scores.items():
            self._scores.setdefault(score_type, []).append(score)

    def aggregate(self) -> dict:
        """``{score type: AggregateScore(low, mid, high)}``, each a tuple of the added
        scores' class (module doc); the types in the order they were first added."""
        result = {}
        for score_type, scores in self._scores.items():
            matrix = np.array([tuple(score) for score in scores], dtype=np.float64)
            bounds = self._percentiles(matrix)
            kind = type(scores[0])
            low, mid, high = (kind(*(float(x) for x in bounds[j])) for j in range(3))
            result[score_type] = AggregateScore(low=low, mid=mid, high=high)
        return result

    def _percentiles(self, matrix: np.ndarray) -> np.ndarray:
        """The 3 x k matrix of low, mid, high percentiles of the bootstrap means."""
        n = matrix.shape[0]
        means = np.empty((self._n_samples, matrix.shape[1]))
        for sample in range(self._n_samples):
            rows = matrix[np.random.choice(n, size=n)]
            means[sample] = rows.mean(axis=0)
        tail = (1 - self._confidence_interval) / 2
        return np.percentile(means, [100 * tail, 50.0, 100 * (1 - tail)], axis=0)


__all__ = ["AggregateScore", "BaseScorer", "BootstrapAggregator", "Score", "fmeasure"]
