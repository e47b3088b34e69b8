"""distinct-n (Li et al., 2016) as two registered, reference-free metrics (the definition:
``bleuprint.metrics.distinct.spec``; the fast version: ``bleuprint.metrics.distinct.impl``).

=====================  ==========  =======================================================
metric                 shape       row of one output
=====================  ==========  =======================================================
``distinct_n``         UNION       ``[its n-grams, count of corpus n-gram 0, 1, ...]``
``distinct_n_mean``    MEAN        ``[its own distinct / total ratio]``
=====================  ==========  =======================================================

``distinct_n`` is the corpus variant: the context is the sorted tuple of the corpus's
distinct n-grams (shards' contexts combine by set union, ``combine_contexts``), a row
counts each of them in the output, and the score of summed rows is the number of non-zero
item columns over the total n-grams, so a shard, a batch or a bootstrap resample is scored
as the union of its outputs' sets. ``distinct_n_mean`` is the sentence-mean variant. The
Python function ``distinct_n(outputs, n=2, variant="corpus")`` computes either.

A segment is its output alone (``Metric.references`` False): ``bleuprint score -m
distinct_n -i out.txt`` needs no reference file. Both on 0..1.

The UNION row is as wide as the corpus's vocabulary of n-grams: fine for verify, the
vectors and the tests, not for 10,000 outputs through the generic matrix consumers
(10,000 x ~100,000 int64 columns). The one-call functions of both layers compute the
union directly (impl: hashed n-gram ids), and the report of issue 18 asks for a sparse-row
model hook for the Accumulator and the bootstrap at that size.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from ...spec.inputs import check_statistic
from . import spec as S

N_OPTION = Option("n", int, 2, "the n-gram order (white-space tokens): 1..10", stage="stats", minimum=1,
                  maximum=S.MAX_N)


class DistinctBase(Metric):
    """What both variants share: reference-free text segments, the option ``n``."""

    scale = 1
    references = False
    options = (N_OPTION,)
    variant = ""


class DistinctN(DistinctBase):
    name = "distinct_n"
    title = "distinct-n (Li et al., 2016): distinct n-grams of all outputs over all their n-grams"
    shape = Shape.UNION
    variant = "corpus"

    def corpus_context(self, hyps, refs, n=2):
        return S.corpus_items(hyps, S.check_n(n))

    def combine_contexts(self, first, second):
        return tuple(sorted(set(first) | set(second)))

    def segment_stats(self, hyp, refs, n=2, context=()) -> list:
        return S.union_row(hyp, S.check_n(n), context)

    def score(self, combined, n_segments) -> float:
        if len(combined) < 1:
            raise ValueError("distinct_n statistics have at least 1 column (the n-gram count)")
        values = [check_statistic(x, f"summed[{k}]") for k, x in enumerate(combined)]
        return S.union_score(values)

    def parts(self, combined, n_segments) -> dict:
        return {"distinct": sum(1 for c in combined[1:] if c), "total": int(combined[0])}

    def stats_matrix(self, hyps, refs, context=None, n=2):
        from .impl import union_matrix

        return union_matrix(hyps, refs, context, n, self)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        sums = np.asarray(sums, dtype=np.float64).reshape(len(sums), -1)
        distinct = (sums[:, 1:] > 0).sum(axis=1)
        total = sums[:, 0]
        as32 = np.broadcast_to(np.asarray(float32, dtype=bool), total.shape)
        safe = np.where(total > 0, total, 1)
        # the spec's score on float32 scalars divides in float32 (an int over a float32)
        in32 = (distinct.astype(np.float32) / safe.astype(np.float32)).astype(np.float64)
        values = np.where(total > 0, np.where(as32, in32, distinct / safe), 0.0)
        return values, ~(as32 & (total > 0))


class DistinctNMean(DistinctBase):
    name = "distinct_n_mean"
    title = "distinct-n, sentence mean: the mean over outputs of their own distinct / total n-grams"
    shape = Shape.MEAN
    fractional_columns = (0,)
    variant = "sentence-mean"

    def segment_stats(self, hyp, refs, n=2) -> list:
        return S.mean_row(hyp, S.check_n(n))

    def score(self, combined, n_segments) -> float:
        if len(combined) != 1:
            raise ValueError(f"distinct_n_mean statistics have 1 column, got {len(combined)}")
        total = check_statistic(combined[0], "summed[0]", whole=False)
        if total > n_segments:
            raise ValueError(f"summed[0] (a sum of ratios in 0..1) must be at most n_segments={n_segments}, "
                             f"got {total!r}")
        return float(total) / n_segments

    def stats_matrix(self, hyps, refs, context=None, n=2):
        from .impl import mean_matrix

        return mean_matrix(hyps, refs, n, self)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        sums = np.asarray(sums, dtype=np.float64).reshape(len(sums), -1)
        return sums[:, 0] / n_segments, np.ones(sums.shape[0], dtype=bool)


DISTINCT_N = register(DistinctN())
DISTINCT_N_MEAN = register(DistinctNMean())
