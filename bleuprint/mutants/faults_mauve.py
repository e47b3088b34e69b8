"""Planted faults of MAUVE from histograms (``bleuprint.metrics.mauve.spec``; MAUVE is a pair
of functions, not a registered metric, so its faults are contributed here): the points of
the divergence frontier a re-implementation gets wrong (issue 35 item 4). Ids ma01-ma03;
``tests/spec/test_mauve_definition.py`` kills each."""

from __future__ import annotations

from functools import partial

from .model import Mutant, lazy_witness

T = "bleuprint.metrics.mauve.spec:"


def kl_reversed(original):
    """KL(b || a) where the frontier needs KL(a || b): the mixture against each sample."""
    def kl(a, b):
        return original(b, a)
    return kl


def scaling_ignored(original):
    """exp(-x) instead of exp(-c x): the scaling factor c (5) left out."""
    def scaled(x, c):
        return original(x, 1.0)
    return scaled


def no_quarter_for_one_sided_buckets(original):
    """A bucket with mass on one side only adds nothing to the frontier integral (its
    limit is a/4)."""
    def frontier_integral(p, q, scaling_factor=2.0):
        return original([a if b else 0.0 for a, b in zip(p, q)], [b if a else 0.0 for a, b in zip(p, q)],
                        scaling_factor)
    return frontier_integral


_witness = partial(lazy_witness, "bleuprint.metrics.mauve.spec")

MUTANTS = [
    Mutant("ma01", "metrics.mauve.spec.kl", "KL of the mixture against the sample (arguments reversed)",
           "35. MAUVE's divergence frontier", "test_against_mauve_text",
           {T + "kl": kl_reversed}, _witness(lambda s: s.mauve_from_histograms([3, 1, 2], [1, 2, 3])["mauve"])),
    Mutant("ma02", "metrics.mauve.spec.scaled", "the frontier mapped by exp(-x), the scaling factor left out",
           "35. MAUVE's divergence frontier", "test_disjoint_histograms_by_hand",
           {T + "scaled": scaling_ignored}, _witness(lambda s: s.mauve_from_histograms([3, 1, 2], [1, 2, 3])["mauve"])),
    Mutant("ma03", "metrics.mauve.spec.frontier_integral", "one-sided buckets add nothing to the frontier integral",
           "35. MAUVE's frontier integral", "test_disjoint_histograms_by_hand",
           {T + "frontier_integral": no_quarter_for_one_sided_buckets},
           _witness(lambda s: s.mauve_from_histograms([1, 0], [0, 1])["frontier_integral"])),
]
