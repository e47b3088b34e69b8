"""self-BLEU's vector corpora (``vector_corpora``): reference-free (``refs`` None,
written ``"refs": null``), each a set of outputs scored against each other, chosen for the
pitfalls of the definition (``bleuprint.metrics.self_bleu.spec``)."""

from __future__ import annotations

from ...vectors.corpora import Corpus
from ...vectors import hooks as defaults


def self_bleu_corpora() -> list:
    return [
        Corpus("two ordinary outputs", ("Basic",), ["the cat sat on the mat", "the cat is on the mat"], None),
        Corpus("duplicate outputs: a copy is among the references (1.0 / 100), the odd one is not",
               ("Clipping", "CorpusPooling"), ["a b c d", "a b c d", "w x y z"], None),
        Corpus("an empty output beside others (its value is 0)", ("EmptyHypothesis", "CorpusPooling"),
               ["", "a b", "a b c"], None),
        Corpus("every output empty", ("EmptyHypothesis",), ["", ""], None),
        Corpus("no word in common between any two outputs", ("ZeroMatches",), ["a b c", "d e f", "g h i"], None),
        Corpus("unigram matches only, higher orders smoothed", ("ZeroMatches",), ["c b a", "a b c", "b a c"], None),
        Corpus("other outputs of 3 and 5 words for one of 4 (the shorter is taken)", ("ReferenceLengthTie",),
               ["a b c d", "a b c", "a b c d e"], None),
        Corpus("single characters", ("SingleCharacter",), ["a", "a", "b"], None),
        Corpus("punctuation attached to words (13a splits it, texygen's white-space split does not)",
               ("Punctuation",), ["Hello, world!", "Hello , world !", "world!"], None),
        Corpus("non-ASCII letters and CJK", ("NonAscii",), ["Größe café 東京", "café Größe", "東京 café"], None),
        Corpus("tabs, no-break and ideographic spaces", ("UnusualWhitespace",),
               ["a\tb  c", "a\u00a0b c", "a\u3000b c"], None),
        Corpus("501 outputs: texygen scores the first 500 only (1.0; 500/501 with the last)", ("CorpusPooling",),
               ["a b"] * 500 + ["x y"], None),
    ]


def vector_corpora(definition) -> list:
    return self_bleu_corpora()


def invalid_vector_corpora(definition) -> list:
    """The shared refusals (references left out), then one output: it has no other
    output to be its reference (ValueError; sacreBLEU and nltk raise too)."""
    from ...vectors.corpora import Corpus

    return defaults.invalid_vector_corpora(definition) + [
        Corpus("one output: no other output to be its reference", ("InvalidInput",), ["a b c"], None)]


def interval_options(definition) -> tuple:
    return ({}, {"variant": "texygen"})


def vector_intermediates(definition, hyps, refs=None, variant="evalsuite", **_) -> dict:
    """Each output's tokens as the variant counts them (``outputTokens``)."""
    from .spec import tokens

    return {"outputTokens": [tokens(h, variant) for h in hyps]}
