"""CIDEr-D as pycocoevalcap 1.2's ``Cider`` computes it (n = 4, sigma = 6) on tokenized
captions (the definition: ``bleuprint.metrics.cider.spec``; the fast version:
``bleuprint.metrics.cider.impl`` and its kernel ``bleuprint/impl/csrc/cider.c``).

Shape ``CORPUS_PASS``: the context is ``(N images, document frequencies of the
references' n-grams)``; contexts of shards add (``combine_contexts``). A segment (image)'s
row is its CIDEr-D score, one fractional column; the corpus value is the sum of the rows
over N, the mean over images (the sum exact when an ``Accumulator`` adds shards: its
fractional columns are summed as fractions and rounded once; the one-call ``cider``
takes ``math.fsum``, the same number; pycocoevalcap's ``np.mean`` agrees to ~1e-15).

**Bootstrap over images** (``bleuprint.spec.bootstrap`` and the CLI's ``--confidence``):
the model's ``CORPUS_PASS`` rule: the rows are computed once with the context of the
*whole* corpus, and a resample is a resample of those rows. pycocoevalcap on a resampled
corpus would recompute df and N from the resample, in which a drawn image counts once per
draw (its n-grams' df rise) and an undrawn image's references are gone. We keep the
whole corpus's df: the interval is then about the images' scores under one fixed
weighting (the one the reported score uses), not about a different metric per resample;
recomputing it makes each resample's score depend on its duplicates (an image drawn
twice makes its own n-grams look common, lowering its own weights). The difference is
measured in tests/spec/test_cider_hand.py (``test_bootstrap_keeps_the_whole_corpus_df``):
on its 7-image corpus (CIDEr-D 2.135) one resample scores 2.639 with our rule and 2.358
with pycocoevalcap recomputing df; over 200 resamples ours is 0.136 higher on average
(-0.147 to +0.742): resample scores recomputed that way sit lower on average.

pycocoevalcap's own API (``Cider().compute_score(gts, res)``) is
``bleuprint.compat.pycocoevalcap``. PTB tokenization is not implemented.
"""

from __future__ import annotations

from ...core import Metric, Shape, register


class Cider(Metric):
    name = "cider"
    title = "CIDEr-D of tokenized captions as pycocoevalcap 1.2's Cider (n=4, sigma=6, df from the references)"
    scale = 10
    shape = Shape.CORPUS_PASS
    fractional_columns = (0,)

    def corpus_context(self, hyps, refs):
        from .spec import corpus_context

        return corpus_context(hyps, refs)

    def combine_contexts(self, first, second):
        from .spec import combine_contexts

        return combine_contexts(first, second)

    def segment_stats(self, hyp, refs, context) -> list:
        from .spec import cider_segment

        return [cider_segment(hyp, refs, context)]

    def score(self, combined, n_segments) -> float:
        from .spec import cider_from_stats

        return cider_from_stats(list(combined), n_segments)

    def stats_matrix(self, hyps, refs, context=None):
        from .impl import cider_rows

        return cider_rows(hyps, refs, context)

    def batch_scores(self, sums, n_segments, float32):
        import numpy as np

        sums = np.asarray(sums, dtype=np.float64)
        return sums[:, 0] / n_segments, np.ones(sums.shape[0], dtype=bool)


CIDER = register(Cider())
