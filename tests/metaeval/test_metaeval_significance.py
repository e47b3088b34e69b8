"""Significance matrices between metrics (PERM-BOTH, Williams and, for acc23, the permutation
test over pairs), spec and impl against mt-metrics-eval's own ``data.CompareMetrics`` (with
``perm_test='pairs'`` for acc23, as ``tasks.WMT23``/``WMT24`` run it) /
``CompareMetricsWithGlobalAccuracy`` run after ``numpy.random.seed(seed)`` (the
``significance_matrix`` cases of the goldens).

What the goldens pin: the order of the metrics (decreasing statistic, then name), every
p-value of the matrix (``==``: the tests of successive pairs draw from one shared stream, each
taking the rounds its early stopping leaves it, so a wrong order of pairs, a fresh generator
per pair or a wrong count of rounds changes later p-values), the significance ranks (``==``),
the statistic itself (within 1e-12: scipy's Pearson sums with BLAS; soft pairwise accuracy's
too, whose spec sums exactly) and Williams' p-values (relative 1e-10: the t distribution is
written here). Soft pairwise accuracy's matrix (the oracle's
``CompareMetricsWithPairwiseConfidenceError``, a 1,000-permutation test of the z-scored
scores in every round) is exact in impl, which makes the oracle's float32 product; the spec's
exact sums of z-scores may part from BLAS's at a near-tie, and on these inputs do not.
"""

from __future__ import annotations

import pytest

from bleuprint.metaeval import api, impl, spec
from bleuprint.oracles.mtme_goldens import golden_document

DOC = golden_document()
INPUTS = {data["id"]: data for data in DOC["significance_inputs"]}
CASES = [pytest.param(case, id=f"{case['input']}-{case['correlation']}-{case['average_by']}-"
                                f"{case.get('language_pair', '')}-k{case['k']}")
         for case in DOC["cases"] if case["statistic"] == "significance_matrix"]
MODULES = {"spec": spec, "impl": impl}


def _upper(matrix):
    n = len(matrix)
    return [matrix[i][j] for i in range(n) for j in range(i + 1, n)]


def _setup(m, case):
    """``(gold, metrics, values, groups)`` in bleuprint's layout for one case."""
    data = INPUTS[case["input"]]
    if case["correlation"] == "accuracy":
        lps = data["language_pairs"]
        gold = [[v] for lp in lps for v in lp["gold"]]
        names = list(lps[0]["metrics"])
        metrics = {n: [[v] for lp in lps for v in lp["metrics"][n]] for n in names}
        values = {n: m.pairwise_accuracy([(lp["gold"], lp["metrics"][n]) for lp in lps]) for n in names}
        return gold, metrics, values, [len(lp["gold"]) for lp in lps]
    if "language_pair" in case:
        lp = data["language_pairs"][case["language_pair"]]
        gold = [[v] for v in lp["gold"]]
        metrics = {n: [[v] for v in values] for n, values in lp["metrics"].items()}
    else:
        gold, metrics = data["gold"], data["metrics"]
    if case["correlation"] == "pce":
        values = {n: m.soft_pairwise_accuracy(gold, metric) for n, metric in metrics.items()}
        return gold, metrics, values, None
    if case["correlation"] == "acc23":
        values = {n: m.acc23(gold, metric, case["average_by"]) for n, metric in metrics.items()}
        return gold, metrics, values, None
    values = {n: m.pearson_averaged(gold, metric, case["average_by"]) for n, metric in metrics.items()}
    return gold, metrics, values, None


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", CASES)
def test_significance_matrix_is_the_oracles(module, case):
    if module == "spec" and case["correlation"] == "pce":
        pytest.skip("the spec's soft pairwise accuracy matrix is slow: test_spec_pce_matrix_is_the_oracles (slow)")
    check(MODULES[module], case)


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in CASES if c.values[0]["correlation"] == "pce"])
def test_spec_pce_matrix_is_the_oracles(case):
    check(spec, case)


def check(m, case):
    gold, metrics, values, groups = _setup(m, case)
    order = m.metric_order(values)
    assert order == case["order"]
    assert [values[n] for n in order] == pytest.approx(case["values"], abs=1e-12, rel=0)
    if case["correlation"] == "acc23":
        matrix = m.perm_pairs_matrix(gold, metrics, order, "acc23", case["average_by"], case["k"], case["seed"],
                                     case["block_size"])
    else:
        matrix = m.perm_both_matrix(gold, metrics, order, case["correlation"], case["average_by"], case["k"],
                                    case["seed"], case["block_size"], groups=groups, num_systems=len(gold))
    assert _upper(matrix) == case["p"]
    assert m.assign_ranks(matrix) == case["ranks"]
    if "williams" in case:
        got = _upper(m.williams_matrix(gold, metrics, order, case["average_by"]))
        assert got == pytest.approx(case["williams"], rel=1e-10, abs=0)


def test_a_fresh_generator_per_pair_is_not_the_oracles_stream():
    """The shared stream matters: seeding each pair's test anew (as a per-pair API would)
    gives a matrix the oracle never produces (pooled pairwise accuracy, three language pairs:
    the first pair's p-value agrees, the later ones do not)."""
    case = next(c.values[0] for c in CASES if c.values[0]["correlation"] == "accuracy")
    gold, metrics, values, groups = _setup(impl, case)
    order = impl.metric_order(values)
    fresh = [impl.perm_both(gold, metrics[order[j]], metrics[order[i]], "accuracy", "none", case["k"], case["seed"],
                            case["block_size"], groups=groups)[0]
             for i in range(len(order)) for j in range(i + 1, len(order))]
    assert fresh[0] == case["p"][0]
    assert fresh != case["p"]


def test_ranks_by_hand():
    """AssignRanks by hand: ranked A, B, C, D with p(A,B)=0.3, p(A,C)=0.01, p(B,C)=0.2,
    p(A,D)=0.0, p(B,D)=0.04, p(C,D)=0.5. B: no earlier metric beats it at 0.05 -> rank 1.
    C: A beats it (0.01) -> rank 2, the rank now starts at C. D: only C (from the current
    rank's start) counts: 0.5 -> still rank 2, though A and B beat it."""
    p = [[None, 0.3, 0.01, 0.0], [None, None, 0.2, 0.04], [None, None, None, 0.5], [None] * 4]
    assert spec.assign_ranks(p) == [1, 1, 2, 2]


def test_nan_statistic_cannot_be_ranked():
    with pytest.raises(ValueError, match="metric X: the statistic is undefined"):
        spec.metric_order({"X": float("nan"), "Y": 0.5})
