"""exact_match's hooks of the inputs tool (``bleuprint.spec.inputs``): how its references are read."""

from __future__ import annotations

from ...spec.inputs import check_hypotheses
from .spec import exact_match_references


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    """A reference of a segment is one string or a list of them (``exact_match_references``)."""
    hyps = check_hypotheses(hyps)
    if isinstance(refs, str) or not hasattr(refs, "__len__"):
        raise TypeError("refs must be a sequence with one reference (or list) per hypothesis")
    if len(refs) != len(hyps):
        raise ValueError(f"mismatched lengths: {len(hyps)} hypotheses but {len(refs)} references")
    return hyps, [exact_match_references(r, f"refs[{i}]") for i, r in enumerate(refs)]
