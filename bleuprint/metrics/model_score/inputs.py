"""model_score's inputs (``bleuprint.spec.inputs``): a segment is one number."""

from __future__ import annotations

from ...spec.inputs import check_no_references
from . import spec as S


def probe_corpus(definition):
    return [0.0], None


def read_segment(definition, line: str):
    """A line of ``bleuprint score -i``: one score."""
    fields = line.split()
    if len(fields) != 1:
        raise ValueError(f"a line holds one score (a number), found {len(fields)} fields")
    try:
        value = float(fields[0])
    except ValueError:
        raise ValueError(f"{fields[0]!r} is not a number (a segment's score)") from None
    return S.check_score(value, "the line's score")


segment_kind = "score"


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    """``hyps``: the segments' scores (finite numbers); no references."""
    check_no_references(definition, refs)
    scores = S.check_scores(hyps, "hyps")
    return scores, [()] * len(scores)
