"""distinct's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...spec.inputs import check_no_references


def layer_functions(definition, layer) -> dict:
    """The one-call ``distinct_n`` of ``layer`` with this metric's variant."""
    def corpus(hyps, refs=None, n=2):
        check_no_references(definition, refs)
        return layer.distinct_n(hyps, n, definition.variant)

    return {"corpus": corpus}


def verify_configurations(definition) -> tuple:
    from ...verify_hooks import labelled_configurations

    return labelled_configurations({}, {"n": 1}, {"n": 3}, {"n": 4})
