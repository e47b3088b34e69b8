"""distinct's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def vector_corpora(definition) -> list:
    from .cases import distinct_corpora

    return distinct_corpora()
