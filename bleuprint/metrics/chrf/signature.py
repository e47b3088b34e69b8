"""chrf's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def signature_fields(definition, **options) -> list:
    from ...spec.signature import chrf_signature_fields  # it reads this metric's spec

    return chrf_signature_fields(**options)
