"""Exact match: the fraction of hypotheses equal to one of their references.

Both sides are stripped of white space at both ends (``str.strip()``: a decoder's
trailing newline is not an error); case and inner white space count. A hypothesis may
have one reference (a string) or several (a list of strings, a match with any counts).
Normalised variants (SQuAD's lowercasing and article removal) are different metrics.

Source: section 2.5 of the course module; SQuAD's EM without normalisation.
"""

from __future__ import annotations

from ...spec.inputs import check_hypotheses, check_references


def exact_match_references(refs: object, what: str) -> list[str]:
    """One hypothesis' references for exact match: a string stands for a one-element list;
    a string is never iterated as characters."""
    if isinstance(refs, str):
        return [refs]
    return check_references(refs, what)


def is_exact_match(hyp: str, refs: list[str]) -> bool:
    """True when ``hyp.strip()`` equals ``ref.strip()`` for some reference."""
    return any(hyp.strip() == ref.strip() for ref in refs)


def exact_match(hyps, refs) -> float:
    """EM on the 0..1 scale: (number of hypotheses that match) / (number of hypotheses)."""
    hyps = check_hypotheses(hyps)
    if isinstance(refs, str) or not hasattr(refs, "__len__"):
        raise TypeError("refs must be a sequence with one reference (or list of references) per hypothesis")
    if len(refs) != len(hyps):
        raise ValueError(f"mismatched lengths: {len(hyps)} hypotheses but {len(refs)} references")
    matched = 0
    for i, (hyp, ref) in enumerate(zip(hyps, refs)):
        if is_exact_match(hyp, exact_match_references(ref, f"refs[{i}]")):
            matched += 1
    return matched / len(hyps)
