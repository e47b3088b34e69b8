"""Embedding similarity between sentence embeddings, a registered metric (the definition:
``bleuprint.metrics.embedding_similarity.spec``; fast: ``.impl``).

A segment (the inputs protocol's ``segment_kind`` "embedding") is one hypothesis's sentence embedding, a
vector of floats, with exactly one reference embedding (``refs[i] = [vector]``). Option
``measure``: ``cosine`` similarity (default), ``euclidean`` or ``manhattan`` distance (not
called ``metric``: the generic functions' first parameter has that name). The corpus
score is the mean over segments. The one-call function on two arrays is
``bleuprint.embedding_similarity(a, b, metric=...)``.

Shape ``MEAN``: a row is the segment's value split into ``[x+, x-]`` (a cosine may be
negative), the score of summed rows ``(x+ - x-) / n``.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from ...spec.inputs import check_not_empty, check_statistic, input_hooks
from . import spec as S

MEASURE = Option("measure", str, "cosine", "cosine (similarity), euclidean or manhattan (distances)", stage="stats",
                 choices=S.MEASURES)


class EmbeddingSimilarity(Metric):
    name = "embedding_similarity"
    title = "similarity (cosine) or distance (euclidean, manhattan) of sentence embeddings, mean over segments"
    scale = 1
    shape = Shape.MEAN
    fractional_columns = (0, 1)
    options = (MEASURE,)

    def higher_is_better(self, measure: str = "cosine", **_) -> bool:
        """A similarity is better higher, a distance lower (``bleuprint.core.value.higher_is_better``)."""
        return S.check_measure(measure) == "cosine"

    def segment_stats(self, hyp, refs, measure="cosine") -> list:
        return S.segment_row(S.check_vector(hyp, "hyp"), S.check_vector(refs[0], "ref"), measure)

    def score(self, combined, n_segments) -> float:
        values = [check_statistic(x, f"summed[{k}]", whole=False) for k, x in enumerate(combined)]
        return S.mean_from_row(values, n_segments)

    def stats_matrix(self, hyps, refs, context=None, measure="cosine"):
        import numpy as np

        from .impl import embedding_similarity

        hyps, refs = input_hooks(self).check_inputs(hyps, refs)
        values = embedding_similarity(np.array(hyps), np.array([r[0] for r in refs]), measure) if len(
            {len(h) for h in hyps}) == 1 else np.array([embedding_similarity([h], [r[0]], measure)[0]
                                                       for h, r in zip(hyps, refs)])
        return np.stack([np.where(values > 0, values, 0.0), np.where(values < 0, -values, 0.0)], axis=1)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        rows = np.asarray(sums, dtype=np.float64).reshape(len(sums), -1)
        return (rows[:, 0] - rows[:, 1]) / n_segments, np.ones(rows.shape[0], dtype=bool)


EMBEDDING_SIMILARITY = register(EmbeddingSimilarity())
