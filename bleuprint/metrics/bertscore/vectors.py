"""bertscore's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def vector_corpora(definition) -> list:
    from .cases import vector_corpora

    return vector_corpora()


def interval_pool(definition) -> list[tuple]:
    from .cases import interval_pool

    return interval_pool()


def invalid_vector_corpora(definition) -> list:
    return []
