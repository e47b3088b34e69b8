"""embedding_similarity's hooks of the faults tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.embedding_similarity.spec:segment_row",
            "bleuprint.metrics.embedding_similarity.spec:embedding_similarity")
