"""distinct's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import spec as S
signature_version = "li-2016"
#: The short keys of its signature (``bleuprint.spec.signature``, ``short=True``).
signature_abbreviations = {"n": "n", "tok": "tok", "variant": "var", "empty": "z"}


def signature_fields(definition, n=2, **_) -> list:
    """``n`` (the order), ``tok:whitespace`` (``str.split``), ``variant`` (corpus or
    sentence-mean), ``empty:0`` (0/0 read as 0); then ``version:li-2016``."""
    return [("n", str(S.check_n(n))), ("tok", "whitespace"), ("variant", definition.variant), ("empty", "0")]
