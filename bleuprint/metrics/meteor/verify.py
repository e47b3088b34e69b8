"""meteor's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import carried_corpus
from ... import verify_hooks as defaults

numpy_path = False  # impl without csrc/meteor.c is spec.meteor_segment_stats a segment


def layer_functions(definition, layer) -> dict:
    """The one-call corpus Meteor (``meteor``: the score of the summed statistics, the jar's
    ``EVAL`` answer)."""
    return {"corpus": layer.meteor}


def generated_corpus(definition, rng) -> tuple[list, list]:
    """The model's seeded corpus (verify's impl-against-spec rows) with what the jar's
    stdio protocol cannot carry taken out (``carried``)."""
    return carried_corpus(defaults.generated_corpus(definition, rng))


def real_corpus_configurations(definition) -> tuple:
    """ted-ende against the jar live."""
    return (({}, "-l en -norm"),)
