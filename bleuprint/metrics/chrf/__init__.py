"""chrF and chrF++ as a registered metric (the definition: ``bleuprint.metrics.chrf.spec``; the
fast version: ``bleuprint.metrics.chrf.impl``).

Shape ``SUM``: a segment's row is ``[hyp, ref, matches]`` for each order (characters
1..n, then words 1..word_order) against its best reference; the corpus score is the
score of the summed rows (0..100).
"""

from __future__ import annotations

from ...core import Metric, Option, register
from .spec import chrf_from_stats, chrf_parts, chrf_stats


class CHRF(Metric):
    name = "chrf"
    title = "chrF (Popovic, 2015) and chrF++ (2017) as sacreBLEU 2.5.1"
    options = (
        Option("n", int, 6, "the character n-gram order (sacreBLEU's char_order; 0 with word_order >= 1: "
               "word n-grams only)", minimum=0),
        Option("beta", float, 2, "recall is beta times as important as precision"),
        Option("word_order", int, 0, "the word n-gram order (2: chrF++)", minimum=0),
        Option("lowercase", bool, False, "lowercase both sides", stage="stats", truthy=True),
        Option("whitespace", bool, False, "keep white space in character n-grams", stage="stats",
               truthy=True),
        Option("eps_smoothing", bool, False, "sacreBLEU's eps smoothing instead of the effective order",
               truthy=True),
    )

    def segment_stats(self, hyp, refs, **options) -> list:
        return chrf_stats(hyp, refs, **options)

    def score(self, combined, n_segments, **options) -> float:
        return chrf_from_stats(combined, **options)

    def parts(self, combined, n_segments, **options) -> dict:
        return chrf_parts(combined, **options)

    def stats_matrix(self, hyps, refs, **options):
        from .impl import chrf_stats_matrix

        return chrf_stats_matrix(hyps, refs, **options)

    def fast_score(self, combined, n_segments, **options) -> float:
        from .impl import chrf_from_stats as fast_chrf_from_stats

        return fast_chrf_from_stats(combined, **options)

    def batch_scores(self, sums, n_segments, float32, **options):
        from .impl import chrf_scores

        return chrf_scores(sums, float32, **options)

    def pair_rows(self, hyps, refs, blocks, chunk, **options):
        """The shared-work route (``bleuprint.metrics.chrf.pairs_impl``): each distinct line's
        units read once, each block's n-grams counted once by the compiled kernel; the
        default route of explicit pairs without it."""
        from .pairs_impl import chrf_pair_rows

        rows = chrf_pair_rows(hyps, refs, blocks, chunk, **options)
        return super().pair_rows(hyps, refs, blocks, chunk, **options) if rows is None else rows

    # -- bleuprint reproduce ------------------------------------------------------------------

    SEARCH_CHAR_ORDERS = (1, 2, 3, 4, 5, 6)
    SEARCH_WORD_ORDERS = (0, 1, 2)
    SEARCH_BETAS = (1, 2, 3)


CHRF_METRIC = register(CHRF())
