"""CIDEr-D's vector corpora (``Cider.vector_corpora``): every corpus has several images
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
