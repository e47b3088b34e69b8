"""Embedding similarity's hooks of the vectors (``bleuprint.vectors.hooks``): a segment is
one embedding, so the corpora and the interval pool are the metric's own (``cases``); the
shared invalid inputs are text, none of them applies."""

from __future__ import annotations

from .cases import interval_pool as own_pool, vector_corpora as own_corpora


def vector_corpora(definition) -> list:
    return own_corpora()


def interval_pool(definition) -> list[tuple]:
    return own_pool()


def invalid_vector_corpora(definition) -> list:
    return []
