"""meteor_nltk's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

signature_version = "nltk-3.10.4"
signature_abbreviations = {"alpha": "a", "beta": "b", "gamma": "g", "stem": "st", "syn": "syn", "tok": "tok",
                           "agg": "agg"}


def signature_fields(definition, fmean_alpha=0.9, beta=3.0, gamma=0.5, synonyms=True, wordnet=None, **_) -> list:
    """``alpha`` (the option ``fmean_alpha``), ``beta``, ``gamma`` (nltk's parameters), ``stem:porter-nltk`` (nltk's
    PorterStemmer, NLTK_EXTENSIONS mode), ``syn:wordnet-3.0`` or ``syn:none``,
    ``tok:split`` (``str.split()`` words, lowercased), ``agg:mean`` (the mean over
    segments; nltk has none); then nltk's version. The WordNet location is not shown."""
    from .spec import check_parameters, check_synonyms

    check_parameters(fmean_alpha, beta, gamma)
    check_synonyms(synonyms, wordnet)
    return [("alpha", repr(float(fmean_alpha))), ("beta", repr(float(beta))), ("gamma", repr(float(gamma))),
            ("stem", "porter-nltk"), ("syn", "wordnet-3.0" if synonyms else "none"), ("tok", "split"),
            ("agg", "mean")]
