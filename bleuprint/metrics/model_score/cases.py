"""model_score's inputs: seeded corpora for ``bleuprint verify``, the vector files' corpora
and the interval pool. Scores like COMET's (about -1.5..1.2), MetricX's (0..25, lower is
better) and exact binary fractions, with negative, zero and repeated values. Expected
values are never written here."""

from __future__ import annotations


def _score(rng) -> float:
    kind = rng.random()
    if kind < 0.3:
        return rng.randint(-512, 512) / 256  # exact binary fractions
    if kind < 0.6:
        return rng.uniform(-1.5, 1.2)  # COMET-like
    if kind < 0.8:
        return rng.uniform(0.0, 25.0)  # MetricX-like
    return rng.choice((0.0, 1.0, -1.0, 0.1, 1e-12, -3e5))


def generated_corpus(rng):
    """``(hyps, None)``: 1..8 segment scores."""
    return [_score(rng) for _ in range(rng.randint(1, 8))], None


def vector_corpora() -> list:
    from ...vectors.corpora import Corpus

    return [Corpus("model scores: COMET-like, one negative", ("Basic",), [0.8125, -0.25, 0.5, 0.0], None),
            Corpus("model scores: one segment", ("SingleCharacter",), [24.5], None),
            Corpus("model scores: all negative, so the mean is", ("ZeroMatches",), [-1.5, -0.125, -0.375], None)]


def interval_pool() -> list[tuple]:
    """Six segments (a system's score, a better system's, a worse one's, no references)."""
    import random

    rng = random.Random(36)
    pool = []
    for _ in range(6):
        x = rng.randint(-128, 256) / 256
        pool.append((x, x + rng.randint(1, 64) / 256, x - rng.randint(1, 64) / 256, None))
    return pool
