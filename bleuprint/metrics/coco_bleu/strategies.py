"""coco_bleu's hooks of the strategies tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def corpus_strategy(definition):
    """Tokenized-caption corpora (``bleuprint.metrics.cider.strategies``)."""
    from ..cider.strategies import caption_corpora

    return caption_corpora()
