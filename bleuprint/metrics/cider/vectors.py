"""CIDEr-D's vector corpora (``vector_corpora``): every corpus has several images
(one image alone always scores 0), drawn with a fixed seed from small vocabularies so
that n-grams repeat across images (document frequencies above 1) and within captions
(clipping), with empty and 1-word captions, punctuation and non-ASCII tokens."""

from __future__ import annotations

import random

from ...vectors.corpora import Corpus

SEED = 18_004
WORDS = [["a", "dog", "runs", "on", "the", "grass"], ["a", "b", "c"], ["un", "chat", "tête", ",", ".", "café"],
         ["x", "y"]]


def _caption(rng: random.Random, words: list) -> str:
    return " ".join(rng.choice(words) for _ in range(rng.choice([0, 1, 2, 3, 3, 4, 5, 6, 8])))


def random_corpora(count: int = 48) -> list:
    rng = random.Random(SEED)
    out = []
    for k in range(count):
        words = WORDS[k % len(WORDS)]
        n = rng.randint(2, 6)
        hyps = [_caption(rng, words) for _ in range(n)]
        refs = [[_caption(rng, words) for _ in range(rng.randint(1, 4))] for _ in range(n)]
        if not any(r.split() for group in refs for r in group):
            refs[0][0] = words[0]
        flags = ("CorpusPooling", "MultipleReferences") + (("NonAscii", "Punctuation") if k % 4 == 2 else ())
        out.append(Corpus(f"CIDEr-D: seeded corpus {k} of {n} images", flags, hyps, refs))
    return out


def vector_corpora(definition) -> list:
    """Corpora of several images (one image alone always scores 0): CIDEr-D's own,
    seeded ones (``bleuprint.metrics.cider.vectors``), then the shared hard cases that
    have a reference word (mostly single segments: 0)."""
    from ...vectors.corpora import Corpus, hard_corpora

    own = [
        Corpus("CIDEr-D: a perfect 3-word caption among other images scores 7.5 (no 4-gram)", ("Basic", "CorpusPooling"),
               ["a cat sat", "dogs run fast today", "the sky is blue"],
               [["a cat sat"], ["two dogs run"], ["a blue sky", "the sky is grey"]]),
        Corpus("CIDEr-D: one image alone scores 0", ("Basic",), ["a cat"], [["a cat"]]),
        Corpus("CIDEr-D: repeated words (raw counts, clipping)", ("Clipping", "MultipleReferences"),
               ["a a a a dog", "a dog", "cat cat"], [["a dog", "a a dog"], ["a dog dog"], ["cat"]]),
        Corpus("CIDEr-D: empty hypotheses and punctuation tokens", ("EmptyHypothesis", "Punctuation", "NonAscii"),
               ["", "a dog .", "une tête ,"], [["a dog"], ["a dog ."], ["une tête , là"]]),
    ]
    # a corpus whose references have no word at all has no pycocoevalcap answer (it
    # fails on an empty df): left out of the vectors, refused by the compat API
    shared = [c for c in hard_corpora() if any(r.split() for group in c.refs for r in group)]
    return own + random_corpora() + shared
