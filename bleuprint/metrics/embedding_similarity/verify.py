"""embedding_similarity's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def generated_corpus(definition, rng):
    from .cases import generated_corpus

    return generated_corpus(rng)


def verify_configurations(definition) -> tuple:
    from ...verify_hooks import labelled_configurations

    return labelled_configurations({}, {"measure": "euclidean"}, {"measure": "manhattan"})
