"""squad's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def verify_configurations(definition) -> tuple:
    from ...verify_hooks import labelled_configurations

    return labelled_configurations({}, {"value": "exact"}, {"version": "2.0"}, {"version": "2.0", "value": "exact"})
