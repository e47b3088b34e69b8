"""wer's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ... import verify_hooks as defaults
from ...spec.inputs import fit_references


def layer_functions(definition, layer) -> dict:
    functions = {"corpus": getattr(layer, definition.name)}
    stats = getattr(layer, "wer_stats" if definition.unit == "words" else "cer_stats")
    functions["stats"] = stats
    return functions


def real_corpus_configurations(definition) -> tuple:
    """ted-ende against jiwer live (the defaults: jiwer has no options here)."""
    return (({}, "defaults"),)


def generated_corpus(definition, rng) -> tuple[list, list]:
    """The model's seeded random corpus with each segment's first reference only (jiwer
    takes one)."""
    hyps, refs = defaults.generated_corpus(definition, rng)
    return hyps, fit_references(definition, refs)
