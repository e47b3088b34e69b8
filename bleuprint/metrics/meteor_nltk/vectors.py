"""meteor_nltk's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import wordnet_available


def vector_families(definition) -> list:
    """One family per parameter (alpha, beta, gamma at their edges, each with and without
    synonyms where WordNet is found, else without), and ``synonyms``; never the
    ``wordnet`` location."""
    base = {} if wordnet_available() else {"synonyms": False}
    families = [("defaults", [dict(base)])]
    for name, values, bad in (("fmean_alpha", (0.0, 0.5, 1.0), (-0.1, 1.5)), ("beta", (0.0, 1.0, 6.0), (-1.0,)),
                              ("gamma", (0.0, 0.25, 1.0), (-0.5, 2.0))):
        valid = [{**base, name: v} for v in values]
        invalid = [{**base, name: v, "__invalid__": True} for v in bad]
        families.append((name, valid + invalid))
    families.append(("synonyms", [{"synonyms": False}] + ([{"synonyms": True}] if not base else [])))
    return families


def vector_corpora(definition) -> list:
    """The shared hard cases, then nltk METEOR's own: greedy order, stems, synonyms (of the
    stemmed words, as nltk looks them up)."""
    from ...vectors.corpora import Corpus, hard_corpora

    return hard_corpora() + [
        Corpus("METEOR (nltk): repeated words aligned from the end (the greedy order)", ("Basic",),
               ["a b a", "the cat the dog"], [["a a b"], ["the dog the cat"]]),
        Corpus("METEOR (nltk): stem matches and a synonym (dog / hound)", ("Basic", "MultipleReferences"),
               ["the dogs were running", "the dog"], [["a dog runs", "the running dog"], ["the hound"]]),
        Corpus("METEOR (nltk): synonyms of the stem stage's stemmed leftovers ('happy' is left as 'happi', "
               "which has none: no match with 'glad')", ("Basic",),
               ["he is happy"], [["he is glad"]]),
    ]


def vector_intermediates(definition, hyps, refs, **_) -> dict:
    """The lowercased words of each line (``hypTokens``, ``refTokens``)."""
    from .spec import tokens

    return {"hypTokens": [tokens(h) for h in hyps], "refTokens": [[tokens(r) for r in g] for g in refs]}
