"""Planted faults of MoverScore (``bleuprint.metrics.moverscore.spec``): v1's unequal
masses and the three scoring formulas (issue 35 item 3), each a way a re-implementation
gets MoverScore wrong. Ids mv01-mv05; the spec's tests kill each
(``tests/spec/test_moverscore_definition.py``)."""

from __future__ import annotations

from functools import partial

from ...mutants.model import Mutant, lazy_witness

MS = "bleuprint.metrics.moverscore.spec:"
TR = "bleuprint.metrics.moverscore.transport:"


def masses_sum_to_one(original):
    """Masses w / sum(w): v1's ``c / (sum c + 1e-5)`` made to sum to 1, so both sides
    carry equal mass and EMD-hat charges no extra mass."""
    def masses(weights, eps):
        return original(weights, 0.0)
    return masses


def no_extra_mass_penalty(original):
    """EMD-hat without its penalty: the difference of the two totals moves for free
    (a partial transport, as POT's ``ot.partial`` would give), not at the largest cost."""
    def emd_hat(supply, demand, cost, penalty):
        return original(supply, demand, cost, 0.0)
    return emd_hat


def github_scored_as_pypi(original):
    """github-v2 scored 1 - cost (PyPI 1.0.3's formula) instead of 1 / (1 + cost)."""
    def v2_score(total, variant):
        return 1.0 - total
    return v2_score


def pypi_scored_as_github(original):
    """pypi-v2 scored 1 / (1 + cost) (GitHub's formula since 2021) instead of 1 - cost."""
    def v2_score(total, variant):
        return 1.0 / (1.0 + total)
    return v2_score


def v1_euclidean(original):
    """v1's ground cost the Euclidean distance (v2's) instead of its square."""
    import math

    def cost_v1(x, y):
        return math.sqrt(original(x, y))
    return cost_v1


_witness = partial(lazy_witness, "bleuprint.metrics.moverscore.spec")

_H, _R = [[1.0, 0.0], [0.5, 0.5]], [[0.0, 1.0], [1.0, 1.0], [2.0, 0.5]]


def _v1_weighted(s):
    return s.moverscore([[[1.0, 0.0]]], [[[0.0, 1.0]]], "v1", [[1.0]], [[2.0]])


MUTANTS = [
    Mutant("mv01", "metrics.moverscore.spec.masses", "v1's masses sum to 1 (no + 1e-5: equal totals)",
           "35. MoverScore v1's unequal masses", "test_v1_unequal_masses_by_hand",
           {MS + "masses": masses_sum_to_one}, _witness(_v1_weighted)),
    Mutant("mv02", "metrics.moverscore.transport.emd_hat", "EMD-hat without the extra-mass penalty",
           "35. MoverScore v1's unequal masses", "test_v1_unequal_masses_by_hand",
           {TR + "emd_hat": no_extra_mass_penalty}, _witness(_v1_weighted)),
    Mutant("mv03", "metrics.moverscore.spec.v2_score", "github-v2 scored 1 - cost (the PyPI formula)",
           "35. MoverScore's three formulas", "test_against_the_oracles",
           {MS + "v2_score": github_scored_as_pypi}, _witness(lambda s: s.moverscore([_H], [_R], "github-v2"))),
    Mutant("mv04", "metrics.moverscore.spec.v2_score", "pypi-v2 scored 1 / (1 + cost) (the GitHub formula)",
           "35. MoverScore's three formulas", "test_against_the_oracles",
           {MS + "v2_score": pypi_scored_as_github}, _witness(lambda s: s.moverscore([_H], [_R], "pypi-v2"))),
    Mutant("mv05", "metrics.moverscore.spec.cost_v1", "v1's ground cost Euclidean, not squared",
           "35. MoverScore's three formulas", "test_against_the_oracles",
           {MS + "cost_v1": v1_euclidean}, _witness(lambda s: s.moverscore([_H], [_R], "v1"))),
]


# -- the mutants tool's hooks (``bleuprint.mutants.hooks``)

def spec_entry_points(definition) -> tuple[str, ...]:
    return ("bleuprint.metrics.moverscore.segments:segment_row", "bleuprint.metrics.moverscore.spec:moverscore")


def faults(definition) -> list:
    return list(MUTANTS)
