"""BLEU as a registered metric (the definition: ``bleuprint.spec.bleu``; the fast version:
``bleuprint.impl.bleu``).

Shape ``SUM``: a segment's row is ``[c, r, m_1..m_N, t_1..t_N]`` (hypothesis length, the
closest reference length, clipped matches and hypothesis n-grams of orders 1..N); the
corpus score is the score of the summed rows (0..100).
"""

from __future__ import annotations

from ..core import Metric, Option, register
from ..spec.bleu import SMOOTH_METHODS, bleu_from_stats, bleu_precisions, bleu_stats, brevity_penalty
from ..spec.signature import bleu_signature_fields
from ..spec.tokenizers import TOKENIZERS


class BLEU(Metric):
    name = "bleu"
    title = "BLEU (Papineni et al., 2002) as sacreBLEU 2.5.1"
    options = (
        Option("tokenize", str, "13a", "the tokenizer applied to both sides", stage="stats", choices=TOKENIZERS),
        Option("lowercase", bool, False, "lowercase both sides before tokenizing", stage="stats"),
        Option("smooth_method", str, "exp", "the smoothing of zero-match orders", stage="score",
               choices=SMOOTH_METHODS),
        Option("smooth_value", float, None, "the value of floor and add-k smoothing (None: the method's "
               "default, 0.1 for floor, 1 for add-k)", stage="score", nullable=True, minimum=0),
        Option("max_ngram_order", int, 4, "the highest n-gram order N", minimum=1),
        Option("effective_order", bool, False, "average only the orders the hypothesis has n-grams of",
               stage="score"),
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
        from ..impl.bleu import bleu_stats_matrix

        return bleu_stats_matrix(hyps, refs, **options)

    def fast_score(self, combined, n_segments, **options) -> float:
        from ..impl.bleu import bleu_from_stats as fast_bleu_from_stats

        return fast_bleu_from_stats(combined, **options)

    def batch_scores(self, sums, n_segments, float32, **options):
        import numpy as np

        from ..impl.intervals import bleu_batch_scores, kernel_bleu_scores

        scores = kernel_bleu_scores(sums, float32, **options)
        if scores is None:
            scores = bleu_batch_scores(sums, float32, **options)[0]
        return scores, np.ones(sums.shape[0], dtype=bool)  # BLEU's scores are Python floats in sacreBLEU

    def paired_trial_scores(self, sums, n_segments, **options):
        """sacreBLEU's paired tests add a fractional add-k value into int64 statistics
        (truncating it), after their "no match" test: the trial sums are adjusted so, and
        a trial without any match scores 0."""
        import numpy as np

        k = options.get("smooth_value")
        if options.get("smooth_method") != "add-k" or k is None or float(k).is_integer():
            return super().paired_trial_scores(sums, n_segments, **options)
        half = (sums.shape[1] - 2) // 2
        any_match = np.any(sums[:, 2 : 2 + half] != 0, axis=1)
        adjusted = sums.copy()
        adjusted[:, 3 : 2 + half] = np.trunc(adjusted[:, 3 : 2 + half] + k)
        adjusted[:, 3 + half :] = np.trunc(adjusted[:, 3 + half :] + k)
        values = super().paired_trial_scores(adjusted, n_segments, **{**options, "smooth_value": 0})
        return np.where(any_match, values, 0.0)

    def signature_fields(self, **options) -> list:
        return bleu_signature_fields(**options)


BLEU_METRIC = register(BLEU())
