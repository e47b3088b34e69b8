"""distinct-n's vector corpora: its own hard cases (reference-free: ``refs`` None), every
expected value computed by the spec at export."""

from __future__ import annotations


def distinct_corpora() -> list:
    from ...vectors.corpora import Corpus

    return [
        Corpus("distinct-n: an ordinary corpus, an n-gram shared by two outputs", ("Basic",),
               ["the cat sat", "the cat ran", "a dog"], None),
        Corpus("distinct-n: an empty output counts in the sentence mean with ratio 0", ("EmptyHypothesis",),
               ["a b c", ""], None),
        Corpus("distinct-n: every output shorter than n: 0/0 is 0", ("SingleCharacter",), ["a", "", "b"], None),
        Corpus("distinct-n: one output repeating its n-grams (n=2: 2 distinct of 5)", ("Clipping",),
               ["a b a b a b"], None),
        Corpus("distinct-n: the corpus union differs from the mean of the outputs' ratios", ("CorpusPooling",),
               ["a b a", "a b a", "b c"], None),
        Corpus("distinct-n: white space other than a space separates tokens, case and punctuation are kept",
               ("UnusualWhitespace",), ["A a\ta\u3000a.", " a\u00a0A  a. "], None),
        Corpus("distinct-n: non-ASCII tokens", ("NonAscii",),
               ["猫 が 猫 が", "ü ü"], None),
    ]
