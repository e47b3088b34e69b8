"""perplexity's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...spec.inputs import check_no_references


def layer_functions(definition, layer) -> dict:
    """The one-call ``perplexity`` or ``cross_entropy`` of ``layer``."""
    function = getattr(layer, definition.name)

    def corpus(hyps, refs=None, **options):
        check_no_references(definition, refs)
        return function(hyps, **options)

    return {"corpus": corpus}


def generated_corpus(definition, rng):
    from .cases import generated_corpus

    return generated_corpus(rng)


def verify_configurations(definition) -> tuple:
    from ...verify_hooks import labelled_configurations

    extra = ({"base": "2"}, {"variant": "sentence-mean", "base": "2"}) if definition.name == "cross_entropy" else ()
    return labelled_configurations({}, {"variant": "sentence-mean"}, *extra)
