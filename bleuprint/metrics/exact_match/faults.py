"""Planted faults of exact match (``bleuprint.metrics.exact_match.spec``), contributed to
the mutants catalogue by ``faults``."""

from __future__ import annotations

from ... import spec
from ...mutants.model import Mutant

EM = "bleuprint.metrics.exact_match.spec:"


def case_folded(original):
    return lambda hyp, refs: original(hyp.lower(), [r.lower() for r in refs])


def not_stripped(original):
    return lambda hyp, refs: any(hyp == ref for ref in refs)


MUTANTS = [
    Mutant("s16", "metrics.exact_match.spec.is_exact_match", "exact match ignores case",
           "9. exact match that ignores case", "test_exact_match_is_strict_inside",
           {EM + "is_exact_match": case_folded},
           lambda: spec.exact_match(["Paris"], ["paris"])),
    Mutant("s17", "metrics.exact_match.spec.is_exact_match", "exact match does not strip white space at the ends",
           "9. exact match that does not strip", "test_hand_example_exact_match",
           {EM + "is_exact_match": not_stripped},
           lambda: spec.exact_match(["Paris\n"], ["Paris"])),
]


def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.exact_match.spec:exact_match",)


def faults(definition) -> list:
    return list(MUTANTS)
