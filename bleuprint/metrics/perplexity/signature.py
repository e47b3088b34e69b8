"""perplexity's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import spec as S

signature_version = "definition"
#: The short keys of its signature (``bleuprint.spec.signature``, ``short=True``).
signature_abbreviations = {"base": "b", "variant": "var", "in": "in", "sum": "sum"}


def signature_fields(definition, **options) -> list:
    """Perplexity: ``variant`` (pooled or sentence-mean), ``in:ln-logprobs`` (natural-log
    inputs), ``sum:fsum`` (exactly rounded float64 sums); cross-entropy: ``base`` (e: nats,
    2: bits) first; then ``version:definition``."""
    from . import CrossEntropy

    if isinstance(definition, CrossEntropy):
        return _cross_entropy_fields(**options)
    return _perplexity_fields(**options)


def _perplexity_fields(variant="pooled", **_) -> list:
    return [("variant", S.check_variant(variant)), ("in", "ln-logprobs"), ("sum", "fsum")]


def _cross_entropy_fields(base="e", variant="pooled", **_) -> list:
    return [("base", S.check_base(base)), ("variant", S.check_variant(variant)), ("in", "ln-logprobs"),
            ("sum", "fsum")]
