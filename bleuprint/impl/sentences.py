"""Sentence-level scores of any registered metric, fast: ``bleuprint.spec.sentences``'s
definition in one statistics pass and one batch score (issue #16).

Every segment's row comes from one ``stats_matrix`` call over the whole corpus, and the
rows are scored together by the metric's ``batch_scores`` as one-segment sums
(``n_segments=1``) in double precision. A metric whose rows depend on a corpus context
(``Metric.needs_context``) is the exception: a one-segment corpus has its own context, so
its rows are computed one segment at a time, as the definition says.
"""

from __future__ import annotations

import numpy as np

from ..spec.corpus import check_options
from ..spec.sentences import sentence_options
from .corpus import as_numbers, stats_matrix

__all__ = ["sentence_scores"]


def sentence_scores(metric: str, hyps, refs, parts: bool = False, **options):
    """The score of every segment of ``metric`` alone (``bleuprint.spec.sentence_scores``)
    as a float64 array; with ``parts=True``, ``(scores, parts)`` where ``parts[i]`` is the
    metric's named values of segment ``i`` (computed row by row: not yet vectorised)."""
    if not isinstance(parts, bool):
        raise TypeError(f"parts must be a bool, got {type(parts).__name__}")
    definition = check_options(metric, options)
    chosen = sentence_options(definition, options)
    matrix = _segment_matrix(definition, metric, hyps, refs, chosen)
    score_options = definition.score_options(chosen)
    if matrix.shape[0] == 0:
        scores = np.empty(0, dtype=np.float64)
    else:
        scores = np.asarray(definition.batch_scores(matrix, 1, False, **score_options)[0], dtype=np.float64)
    if not parts:
        return scores
    return scores, [definition.parts(as_numbers(row), 1, **score_options) for row in matrix]


def _segment_matrix(definition, metric: str, hyps, refs, chosen: dict) -> np.ndarray:
    """Every segment's row as its own one-segment corpus has it: the whole corpus's
    matrix, unless rows depend on a corpus context (then one segment at a time, after
    checking the whole corpus)."""
    if not definition.needs_context:
        return stats_matrix(metric, hyps, refs, **chosen)
    hyps, refs = definition.check_inputs(hyps, refs)
    definition.check_corpus_limits(hyps, refs, **definition.stats_options(chosen))
    rows = [stats_matrix(metric, [hyp], [segment_refs], **chosen)[0] for hyp, segment_refs in zip(hyps, refs)]
    return np.array(rows).reshape(len(rows), -1)
