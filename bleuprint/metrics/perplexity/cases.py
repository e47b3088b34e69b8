"""Perplexity's and cross-entropy's inputs for ``bleuprint verify`` (``generated_corpus``)
and the vector files (``logprob_corpora``): sentences of natural-log probabilities,
no references. Expected values are never written here (the spec computes them)."""

from __future__ import annotations

import math

#: Hard values: probability 1, the tiniest magnitudes, very unlikely tokens (at most 700
#: nats, so that every sentence perplexity stays within float64: verify needs the spec
#: to succeed on every generated corpus).
HARD = (0.0, -0.0, -1e-300, -5e-324, -3e-16, -50.0, -700.0)


def _token(rng) -> float:
    kind = rng.randrange(10)
    if kind < 6:
        return math.log(1.0 - rng.random())  # log of (0, 1]
    if kind < 8:
        return rng.choice(HARD)
    return -rng.random() * 10.0 ** rng.randrange(-8, 3)


def generated_corpus(rng):
    """``(sentences, None)``: 1..12 sentences of 1..20 log-probabilities each, drawn with
    ``rng`` (a ``random.Random``), a few of the hard values among them."""
    n = rng.randrange(1, 13)
    return [[_token(rng) for _ in range(rng.randrange(1, 21))] for _ in range(n)], None


def logprob_corpora() -> list:
    from ...vectors.corpora import Corpus

    half, quarter = math.log(0.5), math.log(0.25)
    return [
        Corpus("perplexity: seed 004's example (log of 0.5 0.25 0.8 | 0.9 0.6), pooled over 5 tokens", ("CorpusPooling",),
               [[math.log(0.5), math.log(0.25), math.log(0.8)], [math.log(0.9), math.log(0.6)]], None),
        Corpus("perplexity: pooled vs sentence mean differ when sentence lengths differ", ("CorpusPooling",),
               [[half], [quarter, quarter, quarter]], None),
        Corpus("perplexity: probability 1 everywhere (log 0): perplexity 1, cross-entropy 0", ("ZeroMatches",),
               [[0.0, -0.0], [0.0]], None),
        Corpus("perplexity: one token", ("SingleCharacter",), [[-2.5]], None),
        Corpus("perplexity: tiny and huge magnitudes in one sum (an exactly rounded sum keeps the tiny ones)",
               ("LongSentence",), [[-1e-300, -5e-324, -700.0], [-3e-16, -3e-16]], None),
    ]


def interval_pool() -> list[tuple]:
    """The six segments of the interval and paired-test vectors: (the sentence's
    log-probabilities, a better model's (each token more likely), a worse model's, None).
    Lengths 1..5, so pooled and sentence-mean resamples differ."""
    base = [[-2.0], [-0.5, -1.5], [-3.0, -0.25, -1.0], [-0.125, -0.125, -4.0, -2.0], [-1.0] * 5, [-6.0, -0.0]]
    return [(s, [x / 2 for x in s], [x * 2 - 0.5 for x in s], None) for s in base]
