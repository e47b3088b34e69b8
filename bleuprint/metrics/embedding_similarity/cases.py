"""Embedding similarity's inputs: seeded corpora for ``bleuprint verify``, the vector
files' corpora and the interval pool (the Hypothesis strategy: ``strategies.py``). One reference embedding a segment; no zero vector (the cosine refuses it).
Expected values are never written here."""

from __future__ import annotations


def _vector(rng, dims: int) -> list[float]:
    while True:
        v = [rng.randint(-256, 256) / 128 if rng.random() < 0.7 else rng.uniform(-10, 10) for _ in range(dims)]
        if any(v):
            return v


def generated_corpus(rng):
    """``(hyps, refs)``: 1..8 segments, dimensions 1..16."""
    dims = rng.randint(1, 16)
    n = rng.randint(1, 8)
    return [_vector(rng, dims) for _ in range(n)], [[_vector(rng, dims)] for _ in range(n)]


def vector_corpora() -> list:
    from ...vectors.corpora import Corpus

    return [Corpus("embedding similarity: identical, opposite and orthogonal embeddings", ("ZeroMatches",),
                   [[1.0, 0.0], [1.0, 2.0], [0.0, 3.0]], [[[2.0, 0.0]], [[-1.0, -2.0]], [[4.0, 0.0]]]),
            Corpus("embedding similarity: one dimension", ("SingleCharacter",), [[2.5]], [[[-0.5]]])]


def interval_pool() -> list[tuple]:
    """Six segments (hypothesis, a better one: the reference itself, a worse one: its
    negation, references)."""
    import random

    rng = random.Random(5)
    pool = []
    for _ in range(6):
        ref = _vector(rng, 4)
        pool.append((_vector(rng, 4), list(ref), [-x for x in ref], [ref]))
    return pool
