"""A thorough suite for the meta-evaluation statistics (``bleuprint.metaeval.spec``), in the
style of test_thorough.py: small cases worked out by hand in the docstrings, and PERM-BOTH
(whose random draws cannot be followed by hand) against the goldens generated from
mt-metrics-eval that ship with bleuprint (``bleuprint.oracles.mtme_goldens``)."""

import pytest

from bleuprint.metaeval import spec
from bleuprint.oracles.mtme_goldens import golden_document


def test_a_gold_difference_at_the_threshold_counts():
    """Kendall-like counts a pair when |gold difference| >= threshold: gold (10, 35),
    metric (0.9, 0.1), threshold 25: |10 - 35| = 25 counts; gold lower on the first and the
    metric higher on it: discordant. C = 0, D = 1."""
    assert spec.kendall_like_counts([10.0, 35.0], [0.9, 0.1], 25.0) == (0, 1)


def test_items_are_weighted_by_their_counted_pairs():
    """Three items (columns) of 3 systems, threshold 1.
    Item 0: gold (1, 2, 3), metric (1, 2, 3): every |diff| >= 1, three concordant pairs.
    Item 1: gold (5, 5, 9), metric (3, 2, 1): (5, 5) has |diff| 0 < 1, not counted; (5, 9)
    twice with the metric higher on the first: two discordant.
    Item 2: gold (0, 0, 50), metric (0, 0, 0): (0, 50) twice, metric equal: two discordant.
    Weighted by counted pairs: (3 - 2 - 2) / (3 + 2 + 2) = -1/7; a plain mean of the taus
    (1, -1, -1) would be -1/3."""
    gold = [[1.0, 5.0, 0.0], [2.0, 5.0, 0.0], [3.0, 9.0, 50.0]]
    metric = [[1.0, 3.0, 0.0], [2.0, 2.0, 0.0], [3.0, 1.0, 0.0]]
    assert spec.kendall_like(gold, metric, "item", 1.0) == pytest.approx(-1 / 7, abs=1e-15)


def test_the_scores_are_compared_in_float32():
    """1 + 2^-25 and 1 are one float32 value (float32 has 23 fraction bits), so the two
    systems tie: the observed difference is 0, every permuted one is 0 >= 0, and p = 1."""
    assert spec.pairwise_p_values([[1.0 + 2.0 ** -25, 1.0], [1.0, 1.0]], 20, 1) == {(0, 1): 1.0}


def test_one_sign_matrix_serves_every_pair():
    """Systems 0 and 1 are equal and system 2 is lower by 2 on every segment: the pairs (0, 2)
    and (1, 2) have the same differences, so with one shared sign matrix their p-values are
    equal; and (0, 1) differ by 0 everywhere: p = 1 (the test counts >=)."""
    a = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0]
    p = spec.pairwise_p_values([a, list(a), [v - 2.0 for v in a]], 40, 3)
    assert p[0, 1] == 1.0 and p[0, 2] == p[1, 2]


def test_the_tie_threshold_is_searched():
    """One item, gold (2, 2, 0), metric (0.30, 0.34, 0.10). At threshold 0 the pair (2, 2) is a
    gold tie the metric does not tie (no credit) and the others are concordant: 2/3. From
    threshold 0.34 - 0.30 the metric ties it too: 3/3, the best, found at that threshold."""
    best, threshold, _, taus = spec.tie_calibrated([[2.0], [2.0], [0.0]], [[0.30], [0.34], [0.10]], "acc23", "item")
    assert (best, threshold) == (1.0, 0.34 - 0.30)
    assert taus[0] == 2 / 3


DOC = golden_document()
INPUTS = {data["id"]: data for data in DOC["inputs"]}


@pytest.mark.parametrize("case", [c for c in DOC["cases"] if c["statistic"] == "perm_both"])
def test_perm_both_as_mt_metrics_eval(case):
    """PERM-BOTH's p-value and the rounds it used before stopping early, exactly as
    mt-metrics-eval computes them (its delta within 1e-12: a difference of float sums)."""
    data = INPUTS[case["input"]]
    p, delta, used = spec.perm_both(data["gold"], *data["metrics"], case["correlation"], case["average_by"], case["k"],
                                    case["seed"], case["block_size"], variant=case["variant"])
    assert (p, used) == (case["value"], case["k_used"])
    assert delta == pytest.approx(case["delta"], abs=1e-12)


SIG_INPUTS = {data["id"]: data for data in DOC["significance_inputs"]}


@pytest.mark.parametrize("case", [c for c in DOC["cases"] if c["statistic"] == "perm_pairs"])
def test_perm_pairs_as_mt_metrics_eval(case):
    """acc23's significance (the permutation test over pairs, WMT23/24): each metric's own
    tie threshold, then the p-value, delta and the rounds early stopping leaves, all equal
    to mt-metrics-eval's."""
    data = {**INPUTS, **SIG_INPUTS}[case["input"]]
    metric1, metric2 = (data["metrics"][name] for name in case["metrics"])
    thresholds = [spec.tie_calibrated(data["gold"], metric, case["variant"], case["average_by"])[1]
                  for metric in (metric1, metric2)]
    assert thresholds == case["epsilons"]
    got = spec.perm_pairs(data["gold"], metric1, metric2, case["variant"], case["average_by"], case["k"],
                          case["seed"], case["block_size"])
    assert got == (case["value"], case["delta"], case["k_used"])
