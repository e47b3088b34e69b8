"""exact_match's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def layer_functions(definition, layer) -> dict:
    """The one-call ``exact_match``, given each lone reference as a string (the form it
    also accepts)."""
    def corpus(hyps, refs, **options):
        return layer.exact_match(hyps, [r if len(r) != 1 else r[0] for r in refs], **options)

    return {"corpus": corpus}
