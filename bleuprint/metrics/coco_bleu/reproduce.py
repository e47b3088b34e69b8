"""coco_bleu's hooks of the reproduce tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

claim_prefixes = ("coco-BLEU", "Bleu_")


def score_name(definition, order=4, **_) -> str:
    """pycocoevalcap's key of the score: ``Bleu_4`` (``Bleu_1`` .. ``Bleu_4``)."""
    return f"Bleu_{order}"
