"""MoverScore (v1, pypi-v2, github-v2) and Word Mover's Distance from token vectors the
user supplies, a registered metric (the definition: ``bleuprint.metrics.moverscore.spec``,
exact rational transport in ``transport``; the segments: ``segments``; the fast one-call
function: ``impl``; array checks: ``arrays``).

A segment (the inputs protocol's ``segment_kind`` "embeddings", as BERTScore's) is a hypothesis's token
vectors, a tokens x dimensions float array, or ``{"embeddings": ..., "idf": ...}`` with
one IDF weight per token (``segments``); ``refs[i]`` is a list of exactly one such segment.
Option ``variant``: ``v1`` (default, the EMNLP 2019 paper's), ``pypi-v2``, ``github-v2``,
or ``wmd`` (Word Mover's Distance, a distance: lower is closer; it takes no IDF weights).
The corpus score is the mean over segments. The one-call functions on arrays are
``bleuprint.moverscore(hyps, refs, variant=...)`` (one score a pair; IDF weights as
separate arguments) and ``bleuprint.spec.moverscore``.

Shape ``MEAN``: a row is the segment's value split into ``[x+, x-]`` (v1's and pypi-v2's
scores may be negative), the score of summed rows ``(x+ - x-) / n``. The rows are the
spec's exact ones on every layer: the fast numpy transport (``impl.moverscore``) agrees
with the exact optimum within 1e-9 but not bit for bit, and a registered metric's
statistics must be equal across layers.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from ...spec.inputs import check_statistic
from . import segments as G
from . import spec as S

VARIANT = Option("variant", str, "v1", "v1 (1 - EMD-hat on squared distances, v1's unequal masses), pypi-v2 "
                 "(1 - cost), github-v2 (1/(1 + cost)) or wmd (Word Mover's Distance, lower is closer)",
                 stage="stats", choices=S.VARIANTS)


class MoverScore(Metric):
    name = "moverscore"
    title = "MoverScore (v1, pypi-v2, github-v2) or Word Mover's Distance of token vectors, mean over segments"
    scale = 1
    shape = Shape.MEAN
    fractional_columns = (0, 1)
    options = (VARIANT,)

    def segment_stats(self, hyp, refs, variant="v1") -> list:
        return G.segment_row(hyp, refs[0], variant)

    def score(self, combined, n_segments) -> float:
        values = [check_statistic(x, f"summed[{k}]", whole=False) for k, x in enumerate(combined)]
        return G.mean_from_row(values, n_segments)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        rows = np.asarray(sums, dtype=np.float64).reshape(len(sums), -1)
        return (rows[:, 0] - rows[:, 1]) / n_segments, np.ones(rows.shape[0], dtype=bool)


MOVERSCORE = register(MoverScore())
