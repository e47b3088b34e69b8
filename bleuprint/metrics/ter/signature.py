"""ter's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

signature_abbreviations = {"tok": "t", "norm": "nr", "punct": "pn", "asian": "as"}


def signature_fields(definition, **options) -> list:
    from ...spec.signature import ter_signature_fields  # it reads this metric's spec

    return ter_signature_fields(**options)
