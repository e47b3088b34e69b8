"""sacreBLEU 2.5.1's bootstrap and paired tests run on a model's segment scores: the oracle of
``model_score``'s sacreBLEU conventions.

sacreBLEU has no metric whose segments are numbers, but its resampling code
(``significance._bootstrap_resample``, ``PairedTest``, ``estimate_ci``) works on any
``sacrebleu.metrics.base.Metric``. ``MeanOfScores`` is the smallest such metric: a
hypothesis line is a score (``repr`` of a float), its statistics ``[x+, x-]``, and the score
of summed statistics over the corpus's N segments is ``(S+ - S-) / N`` in double precision,
as ``bleuprint.metrics.model_score.spec`` defines it. So the draws, the float32 sums of the
resampled rows, the percentile interval, the centred bootstrap p-value and the
approximate-randomisation trials are sacreBLEU's own code; only the mean is bleuprint's
definition. Reference lines are empty strings (the scores need none).
"""

from __future__ import annotations

from .sacrebleu_intervals import OracleInterval, OraclePaired, _number, sacrebleu_seed
from .sacrebleu_oracle import require_sacrebleu


def _metric_class():
    require_sacrebleu()
    from sacrebleu.metrics.base import Metric, Score

    class MeanOfScores(Metric):
        def __init__(self, n_segments: int):
            super().__init__()
            self.n_segments = n_segments

        def _preprocess_segment(self, sent):
            return sent

        def _extract_reference_info(self, refs):
            return {}

        def _compute_segment_statistics(self, hypothesis, ref_kwargs):
            x = float(hypothesis)
            return [x if x > 0 else 0.0, -x if x < 0 else 0.0]

        def _compute_score_from_stats(self, stats):
            return Score("model_score", (float(stats[0]) - float(stats[1])) / self.n_segments)

        def _aggregate_and_compute(self, stats):
            positive = negative = 0.0
            for row in stats:
                positive += row[0]
                negative += row[1]
            return self._compute_score_from_stats([positive, negative])

    return MeanOfScores


def _lines(scores) -> list[str]:
    return [repr(float(x)) for x in scores]


def oracle_bootstrap_scores(scores, n_boot: int, seed) -> OracleInterval:
    """sacreBLEU's ``_bootstrap_resample`` and ``estimate_ci`` on one system's scores."""
    from sacrebleu.significance import _bootstrap_resample

    metric = _metric_class()(len(scores))
    refs = [[""] * len(scores)]
    with sacrebleu_seed(seed):
        stats = metric._extract_corpus_statistics(_lines(scores), refs)
        actual = metric._aggregate_and_compute(stats)
        _, resampled = _bootstrap_resample(stats, metric, n_boot)
    actual.estimate_ci(resampled)
    return OracleInterval(score=float(actual.score), mean=float(actual._mean), ci=float(actual._ci),
                          scores=tuple(float(s.score) for s in resampled))


def oracle_paired_scores(baseline, systems: list, test: str, n: int, seed) -> tuple:
    """sacreBLEU's ``PairedTest`` (``"bs"`` or ``"ar"``) on score lists: ``(baseline row,
    [system rows])``."""
    from sacrebleu.significance import PairedTest

    metric = _metric_class()(len(baseline))
    named = [("baseline", _lines(baseline))] + [(f"system-{k}", _lines(s)) for k, s in enumerate(systems)]
    with sacrebleu_seed(seed):
        _, table = PairedTest(named, {"model_score": metric}, [[""] * len(baseline)], test_type=test,
                              n_samples=n)()
    (column,) = [value for key, value in table.items() if key != "System"]
    rows = [OraclePaired(score=float(r.score), p_value=_number(r.p_value), mean=_number(r.mean), ci=_number(r.ci))
            for r in column]
    return rows[0], rows[1:]
