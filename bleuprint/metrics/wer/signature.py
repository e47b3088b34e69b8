"""wer's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...core.options import check_option_names

signature_version = "jiwer-4.0.0"
signature_abbreviations = {"unit": "u", "tr": "tr", "agg": "a"}


def signature_fields(definition, **options) -> list:
    """``unit`` (words or characters), ``tr`` (jiwer's default transform: for words
    runs of white space collapsed, stripped, split on a space; for characters
    stripped), ``agg`` (the measure of the pooled counts), then jiwer's version."""
    check_option_names(definition, options)
    transform = "wer_default" if definition.unit == "words" else "cer_default"
    return [("unit", definition.unit), ("tr", transform), ("agg", "pooled")]
