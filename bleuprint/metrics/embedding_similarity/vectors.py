"""Embedding similarity's hooks of the vectors (``bleuprint.vectors.hooks``): a segment is
one embedding, so the corpora and the interval pool are the metric's own (``cases``); the
shared invalid inputs are text, none of them applies: its own are zero vectors."""

from __future__ import annotations

from .cases import interval_pool as own_pool, vector_corpora as own_corpora


def vector_corpora(definition) -> list:
    return own_corpora()


def interval_pool(definition) -> list[tuple]:
    return own_pool()


def invalid_vector_corpora(definition) -> list:
    """A zero vector, as the hypothesis or as the reference: its cosine is undefined and the
    spec refuses it (scipy gives NaN, scikit-learn 0.0: a port must refuse it too)."""
    from ...vectors.corpora import Corpus

    return [Corpus("embedding similarity: a zero hypothesis vector (cosine undefined)", ("ZeroMatches",),
                   [[0.0, 0.0]], [[[1.0, 2.0]]]),
            Corpus("embedding similarity: a zero reference vector (cosine undefined)", ("ZeroMatches",),
                   [[1.0, 2.0]], [[[0.0, 0.0]]])]
