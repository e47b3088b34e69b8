"""meteor's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import carried_corpus
from ... import verify_hooks as defaults

numpy_path = False  # impl without csrc/meteor.c is spec.meteor_segment_stats a segment


def missing_data(definition, options: dict) -> str:
    """Why Meteor 1.5 cannot be computed here ("" when it can): the spec and impl read
    their resources from pycocoevalcap 1.2's jar (``resources.find_jar``), which a plain
    install lacks, so verify leaves the cases out with ``find_jar``'s refusal (no jar, or
    another jar than the pinned one) as a note instead of counting them as mismatches."""
    from .resources import find_jar

    try:
        find_jar()
    except ValueError as refusal:
        return str(refusal)
    return ""


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
