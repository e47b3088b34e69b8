"""spec and impl against mt-metrics-eval's own numbers (the goldens of
``python -m bleuprint.oracles.mtme_goldens``, commit and file hashes recorded in the fixture).

Tolerances, by statistic:

* exact (``==``): Kendall's variants, Kendall-like, the tie search (best value, its threshold
  and every threshold's value: the spec and impl replay the oracle's running sum), pairwise
  accuracy, the permutation p-values, PERM-BOTH's p-value and rounds, the permutation test
  over pairs (p-value, delta, rounds, tie thresholds: the same integer counts and numpy's
  rounding of their mean);
* soft pairwise accuracy: impl exact; spec within 1e-12 (its mean is exactly rounded, the
  oracle's is numpy's pairwise sum);
* Pearson (and Williams' correlations, PERM-BOTH's delta): within 1e-12 (scipy's pearsonr
  sums with BLAS, the spec exactly);
* Student's t survival function and Williams' p-value: relative 1e-10 (scipy's t.sf is
  Boost's incomplete beta, ours the continued fraction).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from bleuprint.metaeval import impl, spec
from bleuprint.oracles.mtme_goldens import golden_document

DOC = golden_document()
INPUTS = {data["id"]: data for data in DOC["inputs"]}
SIG_INPUTS = {data["id"]: data for data in DOC["significance_inputs"]}
MODULES = {"spec": spec, "impl": impl}


def _cases(*statistics):
    return [pytest.param(case, id=f"{i}-{case['statistic']}-{case.get('input', '')}-{case.get('average_by', '')}")
            for i, case in enumerate(DOC["cases"]) if case["statistic"] in statistics]


def _nan_to_none(x):
    return None if isinstance(x, float) and math.isnan(x) else x


def test_fixture_names_its_oracle():
    assert DOC["oracle"]["repository"] == "google-research/mt-metrics-eval"
    assert len(DOC["oracle"]["commit"]) == 40
    assert set(DOC["oracle"]["sha256"]) == {"mt_metrics_eval/stats.py", "mt_metrics_eval/pce.py",
                                            "mt_metrics_eval/tau_optimization.py", "mt_metrics_eval/data.py"}
    assert len(DOC["cases"]) >= 300


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("kendall"))
def test_kendall_variants(module, case):
    m = MODULES[module]
    data = INPUTS[case["input"]]
    got = m.kendall(data["gold"], data["metrics"][0], case["variant"], case["average_by"], case["epsilon"])
    assert _nan_to_none(got) == case["value"]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("kendall_like"))
def test_kendall_like(module, case):
    m = MODULES[module]
    data = INPUTS[case["input"]]
    assert m.kendall_like(data["gold"], data["metrics"][0], case["average_by"], case["threshold"]) == case["value"]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("pearson"))
def test_pearson(module, case):
    m = MODULES[module]
    data = INPUTS[case["input"]]
    got = _nan_to_none(m.pearson_averaged(data["gold"], data["metrics"][0], case["average_by"]))
    assert got == pytest.approx(case["value"], abs=1e-12, rel=0)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("tie_calibrated"))
def test_tie_search(module, case):
    m = MODULES[module]
    data = INPUTS[case["input"]]
    best, threshold, thresholds, taus = m.tie_calibrated(data["gold"], data["metrics"][0], case["variant"],
                                                         case["average_by"])
    assert (best, threshold, len(thresholds)) == (case["value"], case["threshold"], case["num_thresholds"])
    if "taus" in case:
        assert (thresholds, taus) == (case["thresholds"], case["taus"])
    else:
        assert [thresholds[i] for i in case["picks"]] == case["thresholds_picked"]
        assert [taus[i] for i in case["picks"]] == case["taus_picked"]


def near_ties(matrix, i, j, num_permutations, seed) -> int:
    """How many permutations give systems ``i``, ``j`` a permuted difference within float32
    rounding of the observed one (exact arithmetic on the float32 scores): ``|null - test|
    <= 4 M 2^-24 (sum|x_i| + sum|x_j|)``, a bound on the error of the oracle's float32 sums
    of ``M`` terms (its matrix product and ``numpy.sum``). Only there can an exactly-summed
    p-value differ from the oracle's."""
    x = [[Fraction(spec.float32(v)) for v in row] for row in matrix]
    d = [a - b for a, b in zip(x[i], x[j])]
    test = sum(d)
    bound = Fraction(4 * len(d)) / 2 ** 24 * (sum(abs(v) for v in x[i]) + sum(abs(v) for v in x[j]))
    signs = spec.permutation_signs(num_permutations, len(d), seed)
    return sum(1 for row in signs if abs(sum(s * v for s, v in zip(row, d)) - test) <= bound)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("soft_pairwise_accuracy"))
def test_soft_pairwise_accuracy(module, case):
    """impl: every p-value and the value exactly the oracle's (the same float32 product).
    spec (exact sums): a p-value equals the oracle's unless some permutation ties the observed
    difference within float32 rounding, and then differs by at most those permutations' share
    (2 of the 60 p-value sets here: 1 permutation each); the value follows, within 1e-12."""
    m = MODULES[module]
    data = INPUTS[case["input"]]
    gold, metric = data["gold"], data["metrics"][case["metric"]]
    kept_gold = [[v for v in row if v is not None] for row in gold]
    kept_metric = [[x for g, x in zip(gr, mr) if g is not None] for gr, mr in zip(gold, metric)]
    P, seed = case["num_permutations"], case["seed"]
    slack = 0
    for matrix, expected in ((kept_gold, case["p_gold"]), (kept_metric, case["p_metric"])):
        p = m.pairwise_p_values(matrix, P, seed)
        got = [p[key] for key in sorted(p)]
        if module == "impl":
            assert got == expected
            continue
        for key, mine, theirs in zip(sorted(p), got, expected):
            if mine != theirs:
                near = near_ties(matrix, *key, P, seed)
                assert 0 < near and abs(mine - theirs) * P <= near + 1e-9, (key, mine, theirs, near)
                slack += abs(mine - theirs)
    value = m.soft_pairwise_accuracy(gold, metric, P, seed)
    if module == "impl":
        assert value == case["value"]
    else:
        assert value == pytest.approx(case["value"], abs=1e-12 + slack / len(case["p_gold"]), rel=0)
    if "value_via_stats" in case:
        assert case["value_via_stats"] == case["value"]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("pairwise_accuracy"))
def test_pairwise_accuracy(module, case):
    m = MODULES[module]
    groups = [tuple(group) for group in case["groups"]]
    assert [list(m.agreement(g, x)) for g, x in groups] == case["agreement"]
    if case["value"] is None:
        with pytest.raises(ValueError):
            m.pairwise_accuracy(groups)
    else:
        assert m.pairwise_accuracy(groups) == case["value"]


@pytest.mark.parametrize("case", _cases("t_sf"))
def test_t_survival_function(case):
    assert spec.t_sf(case["t"], case["df"]) == pytest.approx(case["value"], rel=1e-10, abs=0)


@pytest.mark.parametrize("case", _cases("williams_test"))
def test_williams_test(case):
    got = spec.williams_test(case["r12"], case["r13"], case["r23"], case["n"], case["one_sided"])
    assert got == pytest.approx(case["value"], rel=1e-10, abs=0)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("williams"))
def test_williams_between_metrics(module, case):
    m = MODULES[module]
    data = INPUTS[case["input"]]
    p, r1, r2 = m.williams(data["gold"], *data["metrics"], case["average_by"])
    assert (r1, r2) == pytest.approx((case["r1"], case["r2"]), abs=1e-12, rel=0)
    assert p == pytest.approx(case["value"], rel=1e-9, abs=0)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("perm_both"))
def test_perm_both(module, case):
    m = MODULES[module]
    data = INPUTS[case["input"]]
    p, delta, used = m.perm_both(data["gold"], *data["metrics"], case["correlation"], case["average_by"], case["k"],
                                 case["seed"], case["block_size"], variant=case["variant"])
    assert (p, used) == (case["value"], case["k_used"])
    assert delta == pytest.approx(case["delta"], abs=1e-12, rel=0)


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", _cases("perm_pairs"))
def test_perm_pairs(module, case):
    """The permutation test over pairs (acc23's significance): each metric's tie threshold,
    the p-value, delta and the rounds its early stopping leaves, all ``==``."""
    m = MODULES[module]
    data = {**INPUTS, **SIG_INPUTS}[case["input"]]
    metric1, metric2 = (data["metrics"][name] for name in case["metrics"])
    thresholds = [m.tie_calibrated(data["gold"], metric, case["variant"], case["average_by"])[1]
                  for metric in (metric1, metric2)]
    assert thresholds == case["epsilons"]
    got = m.perm_pairs(data["gold"], metric1, metric2, case["variant"], case["average_by"], case["k"], case["seed"],
                       case["block_size"])
    assert got == (case["value"], case["delta"], case["k_used"])
