"""BLEU as a registered metric (the definition: ``bleuprint.metrics.bleu.spec``; the fast version:
``bleuprint.metrics.bleu.impl``).

Shape ``SUM``: a segment's row is ``[c, r, m_1..m_N, t_1..t_N]`` (hypothesis length, the
closest reference length, clipped matches and hypothesis n-grams of orders 1..N); the
corpus score is the score of the summed rows (0..100).
"""

from __future__ import annotations

from ...core import Metric, Option, register
from .spec import SMOOTH_METHODS, bleu_from_stats, bleu_precisions, bleu_stats, brevity_penalty
from ...spec.tokenizers import BLEU_TOKENIZERS, OUTSIDE_TOKENIZERS


class BLEU(Metric):
    name = "bleu"
    title = "BLEU (Papineni et al., 2002) as sacreBLEU 2.5.1"
    options = (
        Option("tokenize", str, "13a", "the tokenizer applied to both sides (ja-mecab, ko-mecab: MeCab, "
               "pip install 'bleuprint[ja]' / '[ko]'; spm, flores101, flores200, spBLEU-1K: a SentencePiece model "
               "file, use_spm_model)", stage="stats", choices=BLEU_TOKENIZERS, outside=OUTSIDE_TOKENIZERS, noun="tokenizer"),
        Option("lowercase", bool, False, "lowercase both sides before tokenizing", stage="stats",
               truthy=True),
        Option("smooth_method", str, "exp", "the smoothing of zero-match orders", stage="score",
               choices=SMOOTH_METHODS),
        Option("smooth_value", float, None, "the value of floor and add-k smoothing (None: the method's "
               "default, 0.1 for floor, 1 for add-k)", stage="score", nullable=True, minimum=0),
        Option("max_ngram_order", int, 4, "the highest n-gram order N", minimum=1),
        Option("effective_order", bool, False, "average only the orders the hypothesis has n-grams of",
               stage="score", truthy=True,
               # sacreBLEU's ``sentence_bleu`` defaults to ``use_effective_order=True`` (as
               # ``bleuprint.spec.sentence_bleu`` does), so a sentence score's signature reads ``eff:yes``.
               sentence_default=True),
    )

    def segment_stats(self, hyp, refs, **options) -> list:
        return bleu_stats(hyp, refs, **options)

    def score(self, combined, n_segments, **options) -> float:
        return bleu_from_stats(combined, **options)

    def parts(self, combined, n_segments, smooth_method="exp", smooth_value=None, effective_order=False,
              max_ngram_order=None) -> dict:
        order = (len(combined) - 2) // 2
        matches, totals = combined[2:2 + order], combined[2 + order:]
        precisions, _ = bleu_precisions(matches, totals, smooth_method, smooth_value, effective_order)
        return {"precisions": precisions, "bp": brevity_penalty(combined[0], combined[1]),
                "sys_len": combined[0], "ref_len": combined[1]}

    def stats_matrix(self, hyps, refs, **options):
        from .impl import bleu_stats_matrix

        return bleu_stats_matrix(hyps, refs, **options)

    def fast_score(self, combined, n_segments, **options) -> float:
        """impl's ``bleu_from_stats``; by the kernel without numpy where it applies
        (``plain_impl.score``: the same kernel call on Python ints)."""
        from .plain_impl import score as plain_score

        value = plain_score(combined, **options)
        if value is not None:
            return value
        from .impl import bleu_from_stats as fast_bleu_from_stats

        return fast_bleu_from_stats(combined, **options)

    def batch_scores(self, sums, n_segments, float32, **options):
        from .impl import bleu_scores

        return bleu_scores(sums, float32, **options)

    def pair_rows(self, hyps, refs, blocks, chunk, **options):
        """The shared-work route (``bleuprint.metrics.bleu.pairs_impl``): each distinct line's
        units read once, each block's n-grams counted once by the compiled kernel; the
        default route of explicit pairs without it."""
        from .pairs_impl import bleu_pair_rows

        rows = bleu_pair_rows(hyps, refs, blocks, chunk, **options)
        return super().pair_rows(hyps, refs, blocks, chunk, **options) if rows is None else rows

    # -- bleuprint reproduce ------------------------------------------------------------------

    #: The smoothings searched (method, value: None, the method's default) and maximum orders.
    SEARCH_SMOOTHINGS = (("exp", None), ("none", None), ("floor", None), ("add-k", None))
    SEARCH_MAX_ORDERS = (1, 2, 3, 4, 5, 6)


BLEU_METRIC = register(BLEU())
