"""Exact match, fast: the same definition, API and errors as ``bleuprint.metrics.exact_match.spec``.

EM = (number of hypotheses h with ``h.strip() == r.strip()`` for some reference r) / N.
A hypothesis' references are one string or a list of strings (section 2.5 of the course
module; SQuAD's EM without normalisation).

Speed comes from doing the common cases without per-sentence helper calls: every
reference a ``str`` (one comprehension over ``zip``), or a list of strings (checked
inline). Anything else goes through the spec's own checks, so the errors, and which
position they name, are the spec's.
"""

from __future__ import annotations

import numpy as np

from .spec import exact_match_references
from ...spec.inputs import check_hypotheses

__all__ = ["exact_match", "exact_match_matrix"]


def _checked_hypotheses(hyps) -> list:
    """``hyps`` as a list, checked as the spec checks it (``check_hypotheses``)."""
    if type(hyps) is list and hyps and all(isinstance(h, str) for h in hyps):
        return hyps
    return check_hypotheses(hyps)


def _check_reference_container(refs, n: int) -> None:
    if isinstance(refs, str) or not hasattr(refs, "__len__"):
        raise TypeError("refs must be a sequence with one reference (or list of references) per hypothesis")
    if len(refs) != n:
        raise ValueError(f"mismatched lengths: {n} hypotheses but {len(refs)} references")


def _matches(hyps: list, refs) -> list[bool]:
    """One flag per hypothesis: does it match one of its references?

    Fast branches for the usual shapes (a bare string, a list of strings); anything else
    is checked by the spec's ``exact_match_references``, which raises its errors.
    """
    if all(isinstance(r, str) for r in refs):
        return [h.strip() == r.strip() for h, r in zip(hyps, refs)]
    flags = []
    append = flags.append
    for i, (hyp, ref) in enumerate(zip(hyps, refs)):
        if isinstance(ref, str):
            append(hyp.strip() == ref.strip())
            continue
        if type(ref) is list and len(ref) == 1 and isinstance(ref[0], str):
            append(hyp.strip() == ref[0].strip())
            continue
        if type(ref) is list and ref:
            stripped = [r.strip() if type(r) is str else None for r in ref]
            if None not in stripped:
                append(hyp.strip() in stripped)
                continue
        stripped = hyp.strip()
        append(any(stripped == r.strip() for r in exact_match_references(ref, f"refs[{i}]")))
    return flags


def exact_match_matrix(hyps, refs) -> np.ndarray:
    """The N x 1 int64 matrix of per-sentence statistics: 1 where ``hyps[i]`` matches one
    of ``refs[i]``, else 0 (the rows of ``sentence_stats("exact_match", ...)``)."""
    hyps = _checked_hypotheses(hyps)
    _check_reference_container(refs, len(hyps))
    return np.array(_matches(hyps, refs), dtype=np.int64).reshape(len(hyps), 1)


def exact_match(hyps, refs) -> float:
    """EM on the 0..1 scale: (number of hypotheses that match) / (number of hypotheses)."""
    hyps = _checked_hypotheses(hyps)
    _check_reference_container(refs, len(hyps))
    return sum(_matches(hyps, refs)) / len(hyps)
