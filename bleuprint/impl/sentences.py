"""Sentence-level scores of any registered metric, fast: ``bleuprint.spec.sentences``'s
definitions in one statistics pass and one batch score (issue #16).

Every segment's row comes from one ``stats_matrix`` call over the whole corpus, and the
rows are scored together by the metric's ``batch_scores`` as one-segment sums
(``n_segments=1``) in double precision, which performs the spec's floating-point
operations in the spec's order: the scores are bit-identical to the spec's loop. A metric
whose rows depend on a corpus context (``needs_context(bleuprint.core.metric)``) is scored on its rows of
the whole corpus, as the spec defines its sentence scores.
"""

from __future__ import annotations

import numpy as np

from ..spec.corpus import as_metric
from ..spec.sentences import check_parts_flag
from .corpus import stats_matrix
from ..core.metric import needs_context

__all__ = ["scores_of_rows", "sentence_scores"]


def sentence_scores(metric, hyps, refs=None, parts: bool = False):
    """The score of every segment of ``metric`` alone (``bleuprint.spec.sentence_scores``)
    as a float64 array of N scores; with ``parts=True``, ``(scores, parts)`` where
    ``parts`` maps each of the metric's part names (``Metric.parts``: BLEU's
    ``precisions`` and ``bp``, chrF's ``precision`` and ``recall``, ...) to an array whose
    row ``i`` is segment ``i``'s value (shape (N,), or (N, k) for a list of k values);
    ``{}`` for a metric without parts. The spec gives the same dict, with lists for
    arrays (``parts[name][i]`` is segment ``i``'s value in both layers)."""
    check_parts_flag(parts)
    chosen = as_metric(metric).sentence_level()
    matrix = _segment_matrix(chosen, hyps, refs)
    return scores_of_rows(chosen, matrix, parts)


def scores_of_rows(metric, matrix, parts: bool = False):
    """The score of every row of a statistics matrix (``stats_matrix``'s N x S), each row
    scored alone as one segment under the options of ``metric`` (which are taken as given:
    the sentence defaults are the caller's business; ``sentence_scores`` applies them), as a
    float64 array; with ``parts=True`` also the parts, as ``sentence_scores`` gives them.
    The sentence-level scorer of the CLI's ``--sentence-level`` and of the compat
    classes."""
    check_parts_flag(parts)
    metric = as_metric(metric)
    definition, score_options = metric.definition, metric.score_options()
    matrix = np.asarray(matrix)
    if matrix.ndim != 2:
        raise ValueError(f"the statistics matrix must be 2-D, got {matrix.ndim} dimension(s)")
    if matrix.shape[0] == 0:
        scores = np.empty(0, dtype=np.float64)
    else:
        scores = np.asarray(definition.batch_scores(matrix, 1, False, **score_options)[0], dtype=np.float64)
    if not parts:
        return scores
    return scores, definition.batch_parts(matrix, 1, **score_options)


def _segment_matrix(chosen, hyps, refs) -> np.ndarray:
    """Every segment's row as the spec's ``sentence_scores`` scores it: the whole corpus's
    matrix (a one-segment corpus has the same rows; a metric whose rows depend on the
    corpus is scored on its rows of the whole corpus, by definition)."""
    return stats_matrix(chosen, hyps, refs)
