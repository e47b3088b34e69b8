"""meteor's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import JAR_SHA256
from ...core.options import check_option_names

signature_version = "meteor-1.5"
signature_abbreviations = {"version": "v", "lang": "l", "norm": "nrm", "modules": "m", "weights": "w",
                           "params": "p", "beam": "b", "jar": "jar", "agg": "agg"}


def signature_fields(definition, **options) -> list:
    """``lang:en``, ``norm:yes`` (the jar's -norm: tokenized, punctuation
    normalised, lowercased), ``modules:e-s-y-p`` (exact, Snowball stem, WordNet
    synonyms, paraphrases), ``weights:1.0-0.6-0.8-0.6``, ``params:0.85-0.2-0.6-0.75``
    (alpha, beta, gamma, delta), ``beam:40``, ``jar:`` the first 12 hex digits of the
    pinned jar's sha256, ``agg:summed-stats``."""
    check_option_names(definition, options)
    return [("lang", "en"), ("norm", "yes"), ("modules", "e-s-y-p"),
            ("weights", "1.0-0.6-0.8-0.6"), ("params", "0.85-0.2-0.6-0.75"), ("beam", "40"),
            ("jar", JAR_SHA256[:12]), ("agg", "summed-stats")]
