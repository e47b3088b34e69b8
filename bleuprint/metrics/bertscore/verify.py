"""bertscore's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def generated_corpus(definition, rng):
    from .cases import generated_corpus

    return generated_corpus(rng)


def verify_configurations(definition) -> tuple:
    from ...verify_hooks import labelled_configurations

    return labelled_configurations({}, {"multi_ref": "best-f"})


def layer_functions(definition, layer) -> dict:
    """The one-call ``bertscore`` (every segment's P, R and F) read for the measure the
    options choose (its ``*_mean``: the corpus score)."""
    def corpus(hyps, refs, measure="f1", **options):
        return layer.bertscore(hyps, refs, **options)[f"{measure}_mean"]

    return {"corpus": corpus}
