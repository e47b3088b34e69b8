"""Embedding similarity's generated inputs: seeded corpora for ``bleuprint verify``, and
the embeddings of the vector files' interval pool (``vectors.py``; the Hypothesis
strategy: ``strategies.py``). One reference embedding a segment; no zero vector (the cosine refuses it).
Expected values are never written here."""

from __future__ import annotations


def vector(rng, dims: int) -> list[float]:
    while True:
        v = [rng.randint(-256, 256) / 128 if rng.random() < 0.7 else rng.uniform(-10, 10) for _ in range(dims)]
        if any(v):
            return v


def generated_corpus(rng):
    """``(hyps, refs)``: 1..8 segments, dimensions 1..16."""
    dims = rng.randint(1, 16)
    n = rng.randint(1, 8)
    return [vector(rng, dims) for _ in range(n)], [[vector(rng, dims)] for _ in range(n)]
