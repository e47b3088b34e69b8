"""MoverScore's inputs for ``bleuprint verify`` (``generated_corpus``), the vector files
(``vector_corpora``) and the interval vectors (``interval_pool``): token vectors as lists
of lists, in the mapping form with ``idf`` weights where they carry them. Coordinates are
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


def vector_corpora() -> list:
    import random

    from ...vectors.corpora import Corpus

    rng = random.Random(35)
    corpora = [Corpus("moverscore: a one-token hypothesis against itself", ("ZeroMatches",),
                      [[[1.0, 0.0]]], [[[[1.0, 0.0]]]]),
               Corpus("moverscore: opposite tokens, unequal token counts", ("ZeroMatches",),
                      [[[1.0, 0.5], [0.5, 1.0]]], [[[[-1.0, -0.5], [-0.5, -1.0], [0.0, 1.0]]]])]
    for k in range(3):
        hyps, refs = generated_corpus(rng)  # plain arrays: every variant, WMD too
        corpora.append(Corpus(f"moverscore: generated corpus {k}", ("LongSentence",), hyps, refs))
    return corpora


def interval_pool() -> list[tuple]:
    """Six segments (hypothesis, a better one: the reference itself, a worse one: its
    negation, references)."""
    import random

    rng = random.Random(9)
    pool = []
    for k in range(6):
        ref = [vector(rng, 3) for _ in range(k % 3 + 1)]
        hyp = [vector(rng, 3) for _ in range(k % 2 + 1)]
        pool.append((hyp, [list(v) for v in ref], [[-x for x in v] for v in ref], [ref]))
    return pool
