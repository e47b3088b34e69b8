"""Scores of a learned metric or judge (COMET, BLEURT, MetricX, an LLM judge), read from its
files, as a registered metric (the definition: ``bleuprint.metrics.model_score.spec``;
fast: ``.impl``; the files: ``.files``).

A segment (the inputs protocol's ``segment_kind`` "score") is the number the model gave one output; there
are no references (the model saw them). The system score is the mean (shape ``MEAN``:
rows ``[x+, x-]``). Through the metric model it gets what every metric gets: the
bootstrap interval and the paired tests (sacreBLEU's conventions), ``bleuprint score``,
Dask, vectors, meta-evaluation; and COMET's own ``compare`` statistics
(``bleuprint.spec.comet_compare``).

Option ``direction`` (``higher``, default, or ``lower``): whether higher scores are better.
It is metric data read through the registry (``bleuprint.core.value.higher_is_better``):
meta-evaluation negates a lower-is-better metric's scores.

``bleuprint score -m model_score -i FILE...`` reads each file in any format of ``.files``
(one score a line, COMET's JSON, TSV ``system, segment id, score``, mt-metrics-eval's
``.seg.score``/``.sys.score``); a file may hold several systems (``split_system_file`` in ``cli.py``, the command line's hook). The tools' tunings are the
folder's tool modules (``vectors.py``, ``verify.py``, ``signature.py``, ...: issue 34).
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from . import spec as S
from ...spec.inputs import check_no_references

DIRECTION = Option("direction", str, "higher", "whether a higher score is better (higher: COMET, BLEURT) or a "
                   "lower one (lower: MetricX, error counts); the number is the same, reports read it",
                   stage="score", choices=S.DIRECTIONS)


class ModelScore(Metric):
    name = "model_score"
    title = "scores of a learned metric or judge read from its files (COMET, BLEURT, MetricX), mean over segments"
    scale = 1
    shape = Shape.MEAN
    references = False
    fractional_columns = (0, 1)
    options = (DIRECTION,)

    def higher_is_better(self, direction: str = "higher", **_) -> bool:
        """The direction the option declares (``bleuprint.core.value.higher_is_better``)."""
        return S.check_direction(direction) == "higher"

    def segment_stats(self, hyp, refs, **_) -> list:
        return S.segment_row(hyp)

    def score(self, combined, n_segments, direction="higher") -> float:
        S.check_direction(direction)
        return S.mean_from_row(combined, n_segments)

    def stats_matrix(self, hyps, refs, context=None, **_):
        from .impl import checked_array, rows

        check_no_references(self, refs)
        return rows(checked_array(hyps))

    def batch_scores(self, sums, n_segments, float32, **score_options):
        """The mean of every row of sums, in double precision (float32 sums are widened)."""
        import numpy as np

        rows = np.asarray(sums).reshape(len(sums), -1).astype(np.float64)
        return (rows[:, 0] - rows[:, 1]) / n_segments, np.ones(rows.shape[0], dtype=bool)


MODEL_SCORE = register(ModelScore())
