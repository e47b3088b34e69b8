"""ter's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...verify_hooks import labelled_configurations


def verify_configurations(definition) -> tuple:
    """The defaults, then the options two by two."""
    return labelled_configurations({}, {"normalized": True, "case_sensitive": True},
                                   {"no_punct": True, "asian_support": True})


def layer_functions(definition, layer) -> dict:
    return {"stats": layer.ter_stats, "corpus": layer.ter, "sentence": layer.sentence_ter}
