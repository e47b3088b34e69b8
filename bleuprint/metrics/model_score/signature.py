"""model_score's tuning of its signature (``bleuprint.spec.signature``)."""

from __future__ import annotations

from . import spec as S

signature_version = "definition"
signature_abbreviations = {"direction": "dir", "in": "in"}


def signature_fields(definition, direction="higher", **_) -> list:
    """``direction`` and ``in:scores`` (the segments are a model's scores, read, not computed)."""
    return [("direction", S.check_direction(direction)), ("in", "scores")]
