"""MoverScore's hooks of the signature tool (``bleuprint.spec.signature``): the variant is
the definition (the three formulas and WMD differ), so it is the one field."""

from __future__ import annotations

from . import spec as S

signature_version = "definition"
signature_abbreviations = {"variant": "v"}


def signature_fields(definition, variant="v1", **_) -> list:
    """``variant``."""
    return [("variant", S.check_variant(variant))]
