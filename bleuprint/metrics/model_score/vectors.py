"""model_score's vectors (``bleuprint.vectors.hooks``): segments are numbers."""

from __future__ import annotations


def vector_corpora(definition) -> list:
    from .cases import vector_corpora as corpora

    return corpora()


def invalid_vector_corpora(definition) -> list:
    return []


def interval_pool(definition) -> list[tuple]:
    from .cases import interval_pool as pool

    return pool()
