"""model_score's tuning of ``bleuprint verify`` (``bleuprint.verify_hooks``)."""

from __future__ import annotations

from ...spec.inputs import check_no_references


def generated_corpus(definition, rng):
    from .cases import generated_corpus as drawn

    return drawn(rng)


def layer_functions(definition, layer) -> dict:
    """The one-call ``model_score`` of ``layer``."""
    def corpus(hyps, refs=None, **options):
        check_no_references(definition, refs)
        return layer.model_score(hyps, **options)

    return {"corpus": corpus}


def verify_configurations(definition) -> tuple:
    from ...verify_hooks import labelled_configurations

    return labelled_configurations({}, {"direction": "lower"})
