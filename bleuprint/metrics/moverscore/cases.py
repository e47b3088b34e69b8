"""MoverScore's generated inputs, for ``bleuprint verify`` (``generated_corpus``), the
vector files and the interval vectors (``vectors.py``): token vectors as lists of lists, in the mapping form with ``idf`` weights where they carry them. Coordinates are
multiples of 1/16 in [-2, 2]; no zero vector. Expected values are never written here (the
spec computes them)."""

from __future__ import annotations


def vector(rng, dims: int) -> list[float]:
    while True:
        v = [rng.randint(-32, 32) / 16 for _ in range(dims)]
        if any(v):
            return v


def segment(rng, dims: int, tokens: int, weighted: bool):
    rows = [vector(rng, dims) for _ in range(tokens)]
    if not weighted:
        return rows
    return {"embeddings": rows, "idf": [rng.randint(1, 8) / 4 for _ in range(tokens)]}


def generated_corpus(rng, weighted=False):
    """``(hyps, refs)``: 1..5 segments of one reference, 1..5 tokens, dimensions 1..6;
    with ``weighted`` IDF weights (multiples of 1/4 in 1/4..2). Plain arrays by default:
    the generic tests and verify score every variant on them, and WMD takes no weights
    (the weighted mapping form is checked against the oracles' weighted cases by the
    spec's tests)."""
    dims = rng.randint(1, 6)
    n = rng.randint(1, 5)
    hyps = [segment(rng, dims, rng.randint(1, 5), weighted) for _ in range(n)]
    refs = [[segment(rng, dims, rng.randint(1, 5), weighted)] for _ in range(n)]
    return hyps, refs
