"""Meteor 1.5's hooks of the inputs tool (``bleuprint.spec.inputs``): the lines it can read."""

from __future__ import annotations

from ...spec.inputs import check_text_corpus
from .spec import check_text


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    """A text corpus whose every line Meteor 1.5 can read (``spec.check_text``)."""
    hyps, refs = check_text_corpus(definition, hyps, refs)
    for hyp, group in zip(hyps, refs):
        check_text(hyp, "hypothesis")
        for ref in group:
            check_text(ref, "reference")
    return hyps, refs
