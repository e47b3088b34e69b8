"""coco_bleu's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...verify_hooks import labelled_configurations


def real_corpus_configurations(definition) -> tuple:
    """ted-ende (529 segments x 13 systems' first, one reference) against
    pycocoevalcap live: BLEU-4 and BLEU-1."""
    return (({}, "BLEU-4"), ({"order": 1}, "BLEU-1"))


def verify_configurations(definition) -> tuple:
    return labelled_configurations({}, {"order": 1}, {"order": 2}, {"order": 3})
