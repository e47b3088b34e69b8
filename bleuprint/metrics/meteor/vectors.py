"""Meteor 1.5's seeded vector corpora (``vector_corpora``): noisy copies of a
reference drawn from small vocabularies that reach each stage of the jar's matcher
(Snowball stems, the jar's WordNet synonyms, paraphrase-table phrases), function words,
repeated words (the aligner's ties), punctuation and non-ASCII letters, with one to three
references and now and then an empty hypothesis."""

from __future__ import annotations

import random

from ...vectors.corpora import Corpus

SEED = 19_015
VOCABULARIES = [
    ["the", "cat", "cats", "run", "running", "runs", "jumped", "jumps", "quickly", "house", "houses"],
    ["car", "automobile", "big", "large", "buy", "purchase", "fast", "quick", "glad", "happy", "the", "a"],
    ["in", "order", "to", "with", "a", "view", "we", "have", "must", "need", "at", "the", "same", "time"],
    ["the", "of", "and", "a", "to", "in", "is", "that", "it", "dog", "ran", "was"],
    ["hello", ",", "world", "!", "(", "test", ")", "yes", "...", "it's", "don't", "U.S.", "3.5", "1,000"],
    ["größe", "café", "naïve", "über", "école", "ÉCOLE", "straße", "the", "cafe", "a", "a", "b"],
]


def _sentence(rng: random.Random, words: list, low: int = 1) -> str:
    return " ".join(rng.choice(words) for _ in range(rng.randint(low, 8)))


def _noisy(rng: random.Random, reference: str, words: list) -> str:
    out = []
    for word in reference.split():
        roll = rng.random()
        if roll < 0.15:
            continue
        out.append(rng.choice(words) if roll < 0.4 else word)
        if rng.random() < 0.1:
            out.append(rng.choice(words))
    if rng.random() < 0.2:
        rng.shuffle(out)
    return " ".join(out)


def random_corpora(count: int = 24) -> list:
    rng = random.Random(SEED)
    out = []
    for k in range(count):
        words = VOCABULARIES[k % len(VOCABULARIES)]
        n = rng.randint(1, 4)
        refs = [[_sentence(rng, words) for _ in range(rng.randint(1, 3))] for _ in range(n)]
        hyps = ["" if rng.random() < 0.05 else _noisy(rng, group[0], words) for group in refs]
        flags = ("CorpusPooling",) + (("MultipleReferences",) if any(len(g) > 1 for g in refs) else ())
        if k % len(VOCABULARIES) == 4:
            flags += ("Punctuation",)
        if k % len(VOCABULARIES) == 5:
            flags += ("NonAscii",)
        out.append(Corpus(f"Meteor: seeded corpus {k} of {n} segments", flags, hyps, refs))
    return out


def vector_corpora(definition) -> list:
    """Meteor's own corpora (the one-chunk rule, summed statistics vs the mean, stems,
    synonyms, paraphrases, function words), its seeded ones
    (``bleuprint.metrics.meteor.vectors``), then the shared hard cases."""
    from ...vectors.corpora import Corpus, hard_corpora

    own = [
        Corpus("Meteor: identical sentences score 1 (no penalty for one full chunk)", ("Basic",),
               ["the cat sat on the mat"], [["the cat sat on the mat"]]),
        Corpus("Meteor: the corpus score of summed statistics, not the mean", ("CorpusPooling",),
               ["the cat sat on the mat", "on the mat sat the cat", "a dog"],
               [["the cat sat on the mat"], ["the cat sat on the mat"], ["a dog"]]),
        Corpus("Meteor: stems, synonyms and paraphrases", ("Basic",),
               ["the cats were running quickly", "he bought a large automobile"],
               [["the cat runs fast"], ["he purchased a big car"]]),
        Corpus("Meteor: function words weigh 1 - delta", ("Basic",),
               ["of the and a", "of the dog"], [["of the", "a"], ["the dog of"]]),
        Corpus("Meteor: the best reference, ties to the first", ("MultipleReferences",),
               ["a b c", "x y"], [["a b", "b c", "a b c"], ["x", "y"]]),
    ]
    return own + random_corpora() + hard_corpora()
