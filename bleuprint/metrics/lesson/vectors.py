"""lesson's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def vector_corpora(definition) -> list:
    from ...vectors.corpora import hard_corpora
    from .cases import lesson_corpora

    return hard_corpora() + lesson_corpora()
