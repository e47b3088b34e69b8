"""MoverScore's hooks of the verify tool (``bleuprint.verify_hooks``): seeded corpora of
plain token arrays and one configuration a variant."""

from __future__ import annotations


def generated_corpus(definition, rng):
    from .cases import generated_corpus

    return generated_corpus(rng)


def verify_configurations(definition) -> tuple:
    from ...verify_hooks import labelled_configurations

    return labelled_configurations({}, {"variant": "pypi-v2"}, {"variant": "github-v2"}, {"variant": "wmd"})
