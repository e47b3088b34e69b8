"""self_bleu's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def generated_corpus(definition, rng):
    """A seeded set of 2..8 outputs for ``bleuprint verify`` (``generated.generated_outputs``:
    overlapping outputs, copies of earlier ones, empty lines); references None."""
    from .generated import generated_outputs

    return generated_outputs(rng), None


def verify_configurations(definition) -> tuple:
    from ...verify_hooks import labelled_configurations

    return labelled_configurations({}, {"variant": "texygen"}, {"variant": "evalsuite", "gram": 2},
                                   {"variant": "texygen", "gram": 4})


def layer_functions(definition, layer) -> dict:
    return {"corpus": lambda hyps, refs=None, **options: layer.self_bleu(hyps, **options)}
