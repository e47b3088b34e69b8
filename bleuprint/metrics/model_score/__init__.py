"""Scores of a learned metric or judge (COMET, BLEURT, MetricX, an LLM judge), read from its
files, as a registered metric (the definition: ``bleuprint.metrics.model_score.spec``;
fast: ``.impl``; the files: ``.files``).

A segment (``Metric.segment_kind`` "score") is the number the model gave one output; there
are no references (the model saw them). The system score is the mean (shape ``MEAN``:
rows ``[x+, x-]``). Through the metric model it gets what every metric gets: the
bootstrap interval and the paired tests (sacreBLEU's conventions), ``bleuprint score``,
Dask, vectors, meta-evaluation; and COMET's own ``compare`` statistics
(``bleuprint.spec.comet_compare``).

Option ``direction`` (``higher``, default, or ``lower``): whether higher scores are better.
It is metric data read through the registry (``bleuprint.core.registry.higher_is_better``):
meta-evaluation negates a lower-is-better metric's scores.

``bleuprint score -m model_score -i FILE...`` reads each file in any format of ``.files``
(one score a line, COMET's JSON, TSV ``system, segment id, score``, mt-metrics-eval's
``.seg.score``/``.sys.score``); a file may hold several systems (``split_system_file``).
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from . import spec as S

DIRECTION = Option("direction", str, "higher", "whether a higher score is better (higher: COMET, BLEURT) or a "
                   "lower one (lower: MetricX, error counts); the number is the same, reports read it",
                   stage="score", choices=S.DIRECTIONS)


class ModelScore(Metric):
    name = "model_score"
    title = "scores of a learned metric or judge read from its files (COMET, BLEURT, MetricX), mean over segments"
    scale = 1
    shape = Shape.MEAN
    references = False
    segment_kind = "score"
    fractional_columns = (0, 1)
    options = (DIRECTION,)
    signature_version = "definition"
    signature_abbreviations = {"direction": "dir", "in": "in"}
    api_names = ("model_score", "comet_compare", "compare_scores")
    #: COMET's compare statistics run by COMET's own code (``oracle_cases``); the sacreBLEU
    #: conventions are checked live (``bleuprint.oracles.sacrebleu_model_scores``).
    extra_goldens = (("comet_compare", "bleuprint.metrics.model_score.oracle_cases"),)
    oracle_versions = {"unbabel-comet": "2.2.7", "scipy": "1.17.1"}
    #: ``bleuprint compare-scores``: the conventions on score files from the command line.
    cli_module = "bleuprint.metrics.model_score.cli"
    value_range = (float("-inf"), None)

    def higher_is_better(self, direction: str = "higher", **_) -> bool:
        """The direction the option declares (``bleuprint.core.registry.higher_is_better``)."""
        return S.check_direction(direction) == "higher"

    def check_inputs(self, hyps, refs) -> tuple[list, list]:
        """``hyps``: the segments' scores (finite numbers); no references."""
        self.check_no_references(refs)
        scores = S.check_scores(hyps, "hyps")
        return scores, [()] * len(scores)

    def segment_stats(self, hyp, refs, **_) -> list:
        return S.segment_row(hyp)

    def score(self, combined, n_segments, direction="higher") -> float:
        S.check_direction(direction)
        return S.mean_from_row(combined, n_segments)

    def stats_matrix(self, hyps, refs, context=None, **_):
        from .impl import checked_array, rows

        self.check_no_references(refs)
        return rows(checked_array(hyps))

    def batch_scores(self, sums, n_segments, float32, **score_options):
        """The mean of every row of sums, in double precision (float32 sums are widened)."""
        import numpy as np

        rows = np.asarray(sums).reshape(len(sums), -1).astype(np.float64)
        return (rows[:, 0] - rows[:, 1]) / n_segments, np.ones(rows.shape[0], dtype=bool)

    def probe_corpus(self):
        return [0.0], None

    def read_segment(self, line: str):
        """A line of ``bleuprint score -i``: one score."""
        fields = line.split()
        if len(fields) != 1:
            raise ValueError(f"a line holds one score (a number), found {len(fields)} fields")
        try:
            value = float(fields[0])
        except ValueError:
            raise ValueError(f"{fields[0]!r} is not a number (a segment's score)") from None
        return S.check_score(value, "the line's score")

    def split_system_file(self, path: str) -> list[tuple[str, list[float], int]]:
        """The systems of one ``-i`` file, ``[(name, scores, first line)]`` (``files``, any
        format; line 0 where the format has none: JSON): a file of one score a line is one
        system named by the path."""
        from .files import read_scores_located

        scores, lines = read_scores_located(path)
        return [(name, values, lines.get(name, 0)) for name, values in scores.items()]

    def generated_corpus(self, rng):
        from .cases import generated_corpus

        return generated_corpus(rng)

    def corpus_strategy(self):
        from .strategies import corpora

        return corpora()

    def vector_corpora(self) -> list:
        from .cases import vector_corpora

        return vector_corpora()

    def invalid_vector_corpora(self) -> list:
        return []

    def interval_pool(self) -> list[tuple]:
        from .cases import interval_pool

        return interval_pool()

    def layer_functions(self, layer) -> dict:
        """The one-call ``model_score`` of ``layer``."""
        def corpus(hyps, refs=None, **options):
            self.check_no_references(refs)
            return layer.model_score(hyps, **options)

        return {"corpus": corpus}

    def verify_configurations(self) -> tuple:
        from ...core.metric import labelled_configurations

        return labelled_configurations({}, {"direction": "lower"})

    def faults(self) -> list:
        """The planted faults of COMET's compare conventions (``faults``)."""
        from .faults import MUTANTS

        return list(MUTANTS)

    def spec_entry_points(self) -> tuple[str, ...]:
        return ("bleuprint.metrics.model_score.spec:segment_row", "bleuprint.metrics.model_score.spec:mean_from_row")

    def signature_fields(self, direction="higher", **_) -> list:
        """``direction`` and ``in:scores`` (the segments are a model's scores, read, not computed)."""
        return [("direction", S.check_direction(direction)), ("in", "scores")]


MODEL_SCORE = register(ModelScore())
