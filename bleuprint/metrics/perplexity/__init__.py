"""Perplexity and cross-entropy from per-token natural-log probabilities, two registered
metrics (the definition: ``bleuprint.metrics.perplexity.spec``; fast:
``bleuprint.metrics.perplexity.impl``).

A segment is one sentence's sequence of log-probabilities (the inputs protocol's ``segment_kind``
"logprobs"), with no reference (``Metric.references`` False). On files (``bleuprint score
-m perplexity -i LOGPROBS.txt``) a line is one sentence, its log-probabilities separated by
white space (``read_segment``).

Shape ``SUM`` for both variants: a row is the exact value of the sentence's sum as 66
base-2^32 digits of 2^-1074 units, then a count (pooled: the sentence's total negative
log-probability and its token count; sentence-mean: its own perplexity or cross-entropy
and 1), so rows add exactly as integers and any split of the corpus into shards, batches
or resamples gives the same bits as one call. The score is the exact total over the
count, rounded once, then exp (pooled perplexity) or / ln 2 (cross-entropy in bits).

Option ``variant`` ("pooled": torchmetrics; "sentence-mean": HF evaluate's
mean_perplexity), and for ``cross_entropy`` ``base`` ("e" nats, "2" bits). Perplexity has
no base (e^H in nats equals 2^H in bits).
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from ...spec.inputs import check_statistic
from . import spec as S

VARIANT = Option("variant", str, "pooled", "pooled (exp of the mean negative log-probability over every token of "
                 "the corpus, torchmetrics) or sentence-mean (the mean of the sentences' own values, HF evaluate's "
                 "mean_perplexity)", choices=S.VARIANTS)
BASE = Option("base", str, "e", "the unit of the cross-entropy: e (nats) or 2 (bits)", stage="score", choices=S.BASES)


class LogprobMetric(Metric):
    """What perplexity and cross-entropy share: segments of log-probabilities, exact rows."""

    scale = 1
    shape = Shape.SUM
    references = False
    #: Lower scores are better (``bleuprint.core.value.higher_is_better``).
    higher_is_better = False

    def segment_stats(self, hyp, refs, variant="pooled") -> list:
        return S.sentence_row(S.check_logprobs(hyp, "logprobs"), self.name, variant)

    def _checked(self, combined) -> list:
        if len(combined) != S.LIMBS + 1:
            raise ValueError(f"{self.name} statistics have {S.LIMBS + 1} columns ({S.LIMBS} digits and a count), "
                             f"got {len(combined)}")
        values = [check_statistic(x, f"summed[{k}]") for k, x in enumerate(combined)]
        if values[S.LIMBS] == 0 and any(values[:S.LIMBS]):
            raise ValueError(f"{self.name}: summed[{S.LIMBS}] (the count) is 0 but the total is not: "
                             f"statistics of no token cannot have a negative log-probability")
        return values

    def stats_matrix(self, hyps, refs, context=None, variant="pooled"):
        from .impl import logprob_matrix

        return logprob_matrix(self, hyps, refs, variant)

    def batch_scores(self, sums, n_segments, float32, **score_options):
        """Exact scores of every row (the limbs are whole numbers: never float32)."""
        import numpy as np

        from ...spec.corpus import as_numbers

        rows = np.asarray(sums)
        values = [self.score(as_numbers(row), n_segments, **score_options) for row in rows.reshape(len(rows), -1)]
        return np.array(values, dtype=np.float64), np.ones(len(values), dtype=bool)


class Perplexity(LogprobMetric):
    name = "perplexity"
    title = "perplexity from per-token log-probabilities (pooled: exp of the mean NLL over every token)"
    options = (VARIANT,)

    def score(self, combined, n_segments, variant="pooled") -> float:
        return S.score_from_row(self._checked(combined), self.name, variant)

    def parts(self, combined, n_segments, variant="pooled") -> dict:
        """``mean``: the summed rows' exact total over their count, rounded once (pooled: the
        cross-entropy in nats; sentence-mean: the mean of the sentences' perplexities);
        ``count``: the tokens (pooled) or sentences (sentence-mean)."""
        values = self._checked(combined)
        return {"mean": S.mean_from_row(values), "count": int(values[S.LIMBS])}


class CrossEntropy(LogprobMetric):
    name = "cross_entropy"
    title = "cross-entropy (mean negative log-likelihood) from per-token log-probabilities, in nats or bits"
    options = (BASE, VARIANT)

    def score(self, combined, n_segments, base="e", variant="pooled") -> float:
        return S.score_from_row(self._checked(combined), self.name, variant, base)

    def parts(self, combined, n_segments, base="e", variant="pooled") -> dict:
        """``mean``: the exact total over the count, rounded once, in nats (pooled: the
        cross-entropy; sentence-mean: the mean of the sentences' own); ``count``: tokens
        (pooled) or sentences (sentence-mean)."""
        values = self._checked(combined)
        return {"mean": S.mean_from_row(values), "count": int(values[S.LIMBS])}


PERPLEXITY = register(Perplexity())
CROSS_ENTROPY = register(CrossEntropy())
