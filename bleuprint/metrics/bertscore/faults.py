"""bertscore's hooks of the faults tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.bertscore.spec:segment_row", "bleuprint.metrics.bertscore.spec:means_from_row",
            "bleuprint.metrics.bertscore.spec:bertscore")
