"""cider's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

signature_version = "pycocoevalcap-1.2"
signature_abbreviations = {"ngrams": "ng", "sigma": "sg", "tok": "tok", "df": "df", "agg": "agg"}


def signature_fields(definition, **_) -> list:
    """``ngrams:4`` (n-grams 1..4), ``sigma:6`` (the length penalty's), ``tok:split`` (no
    PTB tokenizer), ``df:corpus-refs`` (document frequencies over the references of
    the whole corpus), ``agg:mean`` (over images); then pycocoevalcap's version."""
    return [("ngrams", "4"), ("sigma", "6"), ("tok", "split"), ("df", "corpus-refs"), ("agg", "mean")]
