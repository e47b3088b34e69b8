"""Exact match as a registered metric (the definition: ``bleuprint.metrics.exact_match.spec``).

Shape ``MEAN``: a segment's row is ``[1]`` when the hypothesis matches one of its
references, else ``[0]``; the corpus value is their sum divided by the number of segments
(0..1). A hypothesis may have one reference given as a string.
"""

from __future__ import annotations

from ...core import Metric, Shape, register
from .spec import exact_match_references, is_exact_match
from ...spec.inputs import check_hypotheses, check_statistic


class ExactMatch(Metric):
    name = "exact_match"
    title = "exact match"
    scale = 1
    shape = Shape.MEAN

    def segment_stats(self, hyp: str, refs: list) -> list:
        return [1 if is_exact_match(hyp, refs) else 0]

    def score(self, combined: list, n_segments: int) -> float:
        if len(combined) != 1:
            raise ValueError(f"exact_match statistics have 1 column, got {len(combined)}")
        count = combined[0]
        check_exact_match_count(count, n_segments)
        # A float32 resample sum is scored in double, as a Python float (the count is
        # whole, so nothing is rounded).
        return (count if isinstance(count, int) else float(count)) / n_segments

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        return sums[:, 0] / n_segments, np.ones(sums.shape[0], dtype=bool)

    def stats_matrix(self, hyps, refs):
        from .impl import exact_match_matrix  # checks as check_inputs does

        return exact_match_matrix(hyps, refs)


def check_exact_match_count(count, n_sentences: int) -> None:
    """Exact match's statistic: the number of matching sentences, a whole number from 0 to
    ``n_sentences`` (a larger one would give a rate above 1)."""
    check_statistic(count, "summed[0]")
    if count > n_sentences:
        raise ValueError(f"summed[0] (matching sentences) must be at most n_sentences={n_sentences}, got {count!r}")


EXACT_MATCH = register(ExactMatch())
