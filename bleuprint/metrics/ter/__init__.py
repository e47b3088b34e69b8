"""TER as a registered metric (the definition: ``bleuprint.metrics.ter.spec``; the fast version:
``bleuprint.metrics.ter.impl``).

Shape ``SUM``: a segment's row is ``[edits, average reference length]`` (the fewest edits
over its references, and the mean of their lengths: fractional with several references
of different lengths); the corpus score is the score of the summed rows (0..100, may
exceed 100).
"""

from __future__ import annotations

from ...core import Metric, Option, register
from .spec import check_corpus_lengths, ter_from_stats, ter_stats


class TER(Metric):
    name = "ter"
    title = "TER (Snover et al., 2006) as sacreBLEU 2.5.1 (Tercom's shift search)"
    fractional_columns = (1,)
    options = (
        Option("normalized", bool, False, "Tercom's normalisation of punctuation and numbers", stage="stats", truthy=True),
        Option("no_punct", bool, False, "remove punctuation", stage="stats", truthy=True),
        Option("asian_support", bool, False, "split Asian characters", stage="stats", truthy=True),
        Option("case_sensitive", bool, False, "keep case (else both sides are lowercased)", stage="stats", truthy=True),
    )

    def segment_stats(self, hyp, refs, **options) -> list:
        return ter_stats(hyp, refs, **options)

    def score(self, combined, n_segments) -> float:
        return ter_from_stats(combined)

    def stats_matrix(self, hyps, refs, **options):
        from .impl import ter_stats_matrix

        return ter_stats_matrix(hyps, refs, **options)

    def fast_score(self, combined, n_segments) -> float:
        from .impl import ter_from_stats as fast_ter_from_stats

        return fast_ter_from_stats(combined)

    def batch_scores(self, sums, n_segments, float32):
        from .impl import ter_scores

        return ter_scores(sums, float32)

    # -- bleuprint reproduce ------------------------------------------------------------------

    #: Lower scores are better (``bleuprint.core.value.higher_is_better``).
    higher_is_better = False
    #: The options searched, in this order (each on and off); Asian support only where the
    #: text has CJK characters (elsewhere it changes nothing).
    SEARCH_OPTIONS = ("normalized", "no_punct", "case_sensitive", "asian_support")


TER_METRIC = register(TER())
