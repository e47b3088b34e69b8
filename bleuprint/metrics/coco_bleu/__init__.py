"""BLEU-1..4 of the COCO caption evaluation, as pycocoevalcap 1.2's ``Bleu(4)`` computes
them on tokenized captions (the definition: ``bleuprint.metrics.coco_bleu.spec``; the
fast version: ``bleuprint.metrics.coco_bleu.impl``).

Shape ``SUM``: an image's row is ``[testlen, reflen, guess_1..4, correct_1..4]`` (reflen
the closest reference length, ties to the shorter); the corpus statistics are the sum of
the rows, and the score BLEU-``order`` of that sum with pycocoevalcap's epsilons (a
perfect 7-word match scores 0.99999999967, a 5-word one 0.99999999948). ``order`` (1..4,
default 4) chooses which of pycocoevalcap's four numbers is the score; it only affects
the score, not the rows.

pycocoevalcap's own API (``Bleu(4).compute_score(gts, res)`` on ``{id: [refs]}`` and
``{id: [hyp]}``) is ``bleuprint.compat.pycocoevalcap``. PTB tokenization (the COCO
pipeline's Java tokenizer) is not implemented: captions must be tokenized already.
"""

from __future__ import annotations

from ...core import Metric, Option, Shape, register
from .spec import coco_bleu_from_stats, coco_bleu_stats


class CocoBleu(Metric):
    name = "coco_bleu"
    title = "BLEU-1..4 of tokenized captions as pycocoevalcap 1.2's Bleu(4) (closest reference length, epsilons)"
    scale = 1
    shape = Shape.SUM
    options = (
        Option("order", int, 4, "BLEU-n: the highest n-gram order averaged (pycocoevalcap reports BLEU-1..4)",
               stage="score", minimum=1, maximum=4),
    )

    def segment_stats(self, hyp, refs) -> list:
        return coco_bleu_stats(hyp, refs)

    def score(self, combined, n_segments, order=4) -> float:
        return coco_bleu_from_stats(list(combined), order)

    def parts(self, combined, n_segments, order=4) -> dict:
        """BLEU-1..``order`` (pycocoevalcap's list) and the length ratio."""
        from .spec import SMALL, TINY

        combined = list(combined)
        return {"bleu": [coco_bleu_from_stats(combined, k) for k in range(1, order + 1)],
                "ratio": (combined[0] + TINY) / (combined[1] + SMALL)}

    def stats_matrix(self, hyps, refs, context=None):
        from .impl import coco_bleu_stats_matrix

        return coco_bleu_stats_matrix(hyps, refs)


COCO_BLEU = register(CocoBleu())
