"""The meta-evaluation spec's conventions (``bleuprint.metaeval.spec``), by hand and against
mt-metrics-eval's goldens: the tests of the spec layer that kill the planted mutants me01-me11
(``bleuprint.mutants.faults_metaeval``). The full golden comparison of spec and impl is
``tests/metaeval``; tolerances as stated there (exact here: Kendall-like, the tie search,
p-values of float32-exact scores, PERM-BOTH's p-value and rounds, the permutation test over
pairs)."""

from __future__ import annotations

import pytest

from bleuprint.metaeval import spec
from bleuprint.oracles.mtme_goldens import golden_document

DOC = golden_document()
INPUTS = {data["id"]: data for data in DOC["inputs"]}
SIG_INPUTS = {data["id"]: data for data in DOC["significance_inputs"]}


def cases(statistic, inputs=None):
    return [pytest.param(c, id=f"{i}-{c.get('input', '')}-{c.get('average_by', '')}")
            for i, c in enumerate(DOC["cases"])
            if c["statistic"] == statistic and (inputs is None or c.get("input") in inputs)]


def test_kendall_like_counts_a_gold_tie_at_threshold_zero():
    """gold (1, 1, 3), metric (0.1, 0.2, 0.3), threshold 0: pair (1, 1) has |diff| = 0 >= 0,
    so it counts, and as its diff is neither > 0 nor < 0 it is discordant; (1, 3) and
    (1, 3) have diff -2 and the metric lower on the first: concordant. C = 2, D = 1."""
    assert spec.kendall_like_counts([1.0, 1.0, 3.0], [0.1, 0.2, 0.3], 0.0) == (2, 1)


def test_kendall_like_weights_items_by_counted_pairs():
    """Items (columns) of 3 systems; threshold 25.
    Item 0: gold (30, 0, 60), metric (0.1, 0.2, 0.3): (30,0) diff 30, 0.1 > 0.2 no: D;
    (30,60) diff -30, 0.1 < 0.3: C; (0,60) diff -60, 0.2 < 0.3: C. tau = 1/3 over 3 pairs.
    Item 1: gold (0, 50, 0), metric (0.3, 0.1, 0.2): (0,50) diff -50, 0.3 < 0.1 no: D;
    (0,0) not counted; (50,0) diff 50, 0.1 > 0.2 no: D. tau = -1 over 2 pairs.
    Pair-weighted: (3 * 1/3 + 2 * -1) / 5 = -0.2 (a plain mean would be -1/3)."""
    gold = [[30.0, 0.0], [0.0, 50.0], [60.0, 0.0]]
    metric = [[0.1, 0.3], [0.2, 0.1], [0.3, 0.2]]
    assert spec.kendall_like(gold, metric, "item", 25.0) == pytest.approx(-0.2, abs=1e-15)


def test_scores_equal_in_float32_are_a_tie():
    """System 0 scores 1 + 2^-30, system 1 scores 1: in float32 both are 1.0, so the observed
    difference is 0 and every permuted difference is 0 >= 0: p = 1 (in float64 the observed
    difference would be 2^-30 and p the share of +1 signs)."""
    assert spec.pairwise_p_values([[1.0 + 2.0 ** -30], [1.0]], 50, 4) == {(0, 1): 1.0}


def test_identical_systems_have_p_one():
    """Two identical systems: every permuted difference is 0, equal to the observed 0, and the
    test counts >=: p = 1 for both pairs with the copy."""
    row = [0.0, -1.0, -5.0, -0.5, 0.0]
    p = spec.pairwise_p_values([row, list(row), [v - 1.0 for v in row]], 64, 9)
    assert p[0, 1] == 1.0
    assert p[0, 2] == p[1, 2]


def test_tie_search_finds_a_threshold_by_hand():
    """One item, gold (0, 0, -1), metric (0.5, 0.51, 0.2). At threshold 0: (0, 0) is a gold tie
    only (no credit), the two others concordant: acc23 = 2/3. From threshold |0.51 - 0.5| the
    first pair is a tie in both: 3/3. The search returns 1.0 at that threshold."""
    best, threshold, thresholds, taus = spec.tie_calibrated([[0.0], [0.0], [-1.0]], [[0.5], [0.51], [0.2]], "acc23",
                                                            "item")
    assert (best, threshold) == (1.0, 0.51 - 0.5)
    assert taus[0] == 2 / 3


@pytest.mark.parametrize("case", cases("kendall_like"))
def test_kendall_like_goldens(case):
    data = INPUTS[case["input"]]
    assert spec.kendall_like(data["gold"], data["metrics"][0], case["average_by"], case["threshold"]) == case["value"]


@pytest.mark.parametrize("case", cases("tie_calibrated", {"mqm-5x30", "da-6x25", "int-4x20", "mqm-8x12"}))
def test_tie_search_goldens(case):
    data = INPUTS[case["input"]]
    best, threshold, _, taus = spec.tie_calibrated(data["gold"], data["metrics"][0], case["variant"],
                                                   case["average_by"])
    assert (best, threshold) == (case["value"], case["threshold"])


@pytest.mark.parametrize("case", [c for c in cases("soft_pairwise_accuracy", {"int-4x20", "mqm-5x30"})
                                  if c.values[0]["num_permutations"] == 200])
def test_p_values_of_float32_exact_scores_goldens(case):
    """Scores on a dyadic grid: float32 sums are exact, so the spec's p-values are the oracle's."""
    gold = INPUTS[case["input"]]["gold"]
    p = spec.pairwise_p_values(gold, case["num_permutations"], case["seed"])
    assert [p[k] for k in sorted(p)] == case["p_gold"]


@pytest.mark.parametrize("case", cases("perm_both", {"comet-2x120", "mqm-5x30"}))
def test_perm_both_goldens(case):
    data = INPUTS[case["input"]]
    p, delta, used = spec.perm_both(data["gold"], *data["metrics"], case["correlation"], case["average_by"], case["k"],
                                    case["seed"], case["block_size"], variant=case["variant"])
    assert (p, used) == (case["value"], case["k_used"])
    assert delta == pytest.approx(case["delta"], abs=1e-12)


def test_identical_metrics_have_pairs_test_p_one():
    """The permutation test over pairs with metric2 = metric1: both metrics put every pair in
    the same class (the same tie threshold, searched on the same scores), so in every round
    both hybrids are that metric, their difference is 0, equal to the observed delta 0, and
    the test counts ``>=``: every round counts, p = 1 (with ``>``, p = 0), and at the first
    block boundary (round 10) p = 1 > 0.5 stops it."""
    gold = [[0.0, -1.0, -5.0], [-1.0, -1.0, 0.0], [0.0, 0.0, -1.0]]
    metric = [[0.9, 0.7, 0.5], [0.8, 0.7, 0.9], [0.9, 0.85, 0.7]]
    assert spec.perm_pairs(gold, metric, [list(row) for row in metric], "acc23", "item", 30, 1, 10) == (1.0, 0.0, 10)


def test_pairs_test_calibrates_each_metrics_threshold_by_hand():
    """One item of three systems, gold (0, 0, -1). metric1 (0.5, 0.51, 0.2): its threshold
    0.51 - 0.5 makes all three pairs right, acc23 1 (``test_tie_search_finds_a_threshold_by_hand``;
    at threshold 0 it scores 2/3). metric2 (0.5, 0.2, 0.3): pair (0, 1) a gold tie only (metric
    diff 0.3), (0, 2) concordant, (1, 2) discordant: 1/3 at threshold 0; raising it to 0.1
    makes (1, 2) a metric tie (1/3), to 0.2 (0, 2) too (0), to 0.3 (0, 1) a tie in both
    (1/3): the first maximum is threshold 0, 1/3. delta = 1/3 - 1; with no calibration
    (both thresholds 0) it would be 1/3 - 2/3."""
    gold = [[0.0], [0.0], [-1.0]]
    m1, m2 = [[0.5], [0.51], [0.2]], [[0.5], [0.2], [0.3]]
    assert spec.tie_calibrated(gold, m2, "acc23", "item")[:2] == (1 / 3, 0.0)
    _, delta, _ = spec.perm_pairs(gold, m1, m2, "acc23", "item", 10, 1, 10)
    assert delta == 1 / 3 - 1.0


@pytest.mark.parametrize("case", [c for c in cases("perm_pairs", {"mqm-5x30", "sig-da-4x40", "sig-mqm-5x24"})])
def test_perm_pairs_goldens(case):
    """p-value, delta and rounds ``==`` the oracle's: far metrics (p 0 or 1: a test whose
    rounds never count runs all k rounds, as the oracle checks early stopping only in rounds
    that count) and close ones (p between: the draws of every pair decide)."""
    data = {**INPUTS, **SIG_INPUTS}[case["input"]]
    metric1, metric2 = (data["metrics"][name] for name in case["metrics"])
    got = spec.perm_pairs(data["gold"], metric1, metric2, case["variant"], case["average_by"], case["k"], case["seed"],
                          case["block_size"])
    assert got == (case["value"], case["delta"], case["k_used"])
