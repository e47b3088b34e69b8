"""The WER family's reproduce hooks (``bleuprint.reproduce.hooks``)."""

from __future__ import annotations


def value_range(definition):
    """WER and CER: errors over the reference length, above 1 with insertions; the other
    measures keep the default (0 to the scale)."""
    from . import Cer, Wer

    return (0.0, None) if isinstance(definition, (Wer, Cer)) else None
