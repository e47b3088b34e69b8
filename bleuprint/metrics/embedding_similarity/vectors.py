"""Embedding similarity's hooks of the vectors (``bleuprint.vectors.hooks``): a segment is
one embedding, so the corpora and the interval pool are the metric's own (``cases``); the
shared invalid inputs are text, none of them applies: its own are zero vectors."""

from __future__ import annotations


def vector_corpora(definition) -> list:
    from ...vectors.corpora import Corpus

    return [Corpus("embedding similarity: identical, opposite and orthogonal embeddings", ("ZeroMatches",),
                   [[1.0, 0.0], [1.0, 2.0], [0.0, 3.0]], [[[2.0, 0.0]], [[-1.0, -2.0]], [[4.0, 0.0]]]),
            Corpus("embedding similarity: one dimension", ("SingleCharacter",), [[2.5]], [[[-0.5]]])]


def interval_pool(definition) -> list[tuple]:
    """Six segments (hypothesis, a better one: the reference itself, a worse one: its
    negation, references)."""
    import random

    from .cases import vector

    rng = random.Random(5)
    pool = []
    for _ in range(6):
        ref = vector(rng, 4)
        pool.append((vector(rng, 4), list(ref), [-x for x in ref], [ref]))
    return pool


def invalid_vector_corpora(definition) -> list:
    """A zero vector, as the hypothesis or as the reference: its cosine is undefined and the
    spec refuses it (scipy gives NaN, scikit-learn 0.0: a port must refuse it too)."""
    from ...vectors.corpora import Corpus

    return [Corpus("embedding similarity: a zero hypothesis vector (cosine undefined)", ("ZeroMatches",),
                   [[0.0, 0.0]], [[[1.0, 2.0]]]),
            Corpus("embedding similarity: a zero reference vector (cosine undefined)", ("ZeroMatches",),
                   [[1.0, 2.0]], [[[0.0, 0.0]]])]
