"""embedding_similarity's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import spec as S
signature_version = "definition"
signature_abbreviations = {"measure": "m", "acc": "acc", "zero": "z"}


def signature_fields(definition, measure="cosine", **_) -> list:
    """``measure``, ``acc:float64-fsum`` (the pinned accumulation), ``zero:refused``."""
    return [("measure", S.check_measure(measure)), ("acc", "float64-fsum"), ("zero", "refused")]
