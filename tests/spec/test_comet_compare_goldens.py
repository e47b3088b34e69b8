"""COMET's ``comet-compare`` statistics (``bleuprint.comet_compare``) against COMET's own code
(unbabel-comet 2.2.7's ``comet/cli/compare.py``, run on the same score arrays by the golden
generator: ``bleuprint/metrics/model_score/oracle_cases.py``), in both layers.

Tolerances: the bootstrap part (the split means, x-mean, y-mean, ties, wins) exactly
(``==``): the same float32 arithmetic, seed for seed. The paired t-test within 1e-12
(relative on t, absolute on p) of scipy's ``ttest_rel`` on the float32 scores widened to
float64, which is what bleuprint computes; against COMET's own call (scipy 1.17 computes it
in float32 for float32 input) within 1e-6 relative on t and 1e-6 absolute on p, float32's
rounding (measured: 1.9e-7 and 2.8e-7 at most over the 27 pairs)."""

from __future__ import annotations

import math

import pytest

import bleuprint
from bleuprint import spec
from bleuprint.metrics.model_score import comet_spec
from bleuprint.oracles.goldens import load_goldens

CASES = load_goldens("comet_compare")["cases"]
LAYERS = pytest.mark.parametrize("layer", [spec, bleuprint.impl], ids=["spec", "impl"])


def _value(x):
    return math.nan if x == "nan" else x


@LAYERS
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_bootstrap_statistics_are_comets_exactly(layer, case):
    got = layer.comet_compare(case["systems"], case["num_splits"], case["sample_ratio"], case["seed"])
    assert len(got) == len(case["pairs"])
    for mine, theirs in zip(got, case["pairs"]):
        boot = theirs["bootstrap_resampling"]
        assert (mine.x_name, mine.y_name) == (theirs["x_name"], theirs["y_name"])
        assert (mine.x_mean, mine.y_mean, mine.ties, mine.x_wins, mine.y_wins) == (
            boot["x-mean"], boot["y-mean"], boot["ties (%)"], boot["x_wins (%)"], boot["y_wins (%)"])


@LAYERS
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_t_test_is_scipys_on_the_float32_scores(layer, case):
    got = layer.comet_compare(case["systems"], case["num_splits"], case["sample_ratio"], case["seed"])
    for mine, theirs in zip(got, case["pairs"]):
        t, p = (_value(theirs["t_test_float64"][k]) for k in ("statistic", "p_value"))
        if math.isnan(t):
            assert (mine.t_statistic, mine.p_value) == (None, None)  # bleuprint: undefined, never NaN
            continue
        assert mine.t_statistic == pytest.approx(t, rel=1e-12)
        assert mine.p_value == pytest.approx(p, abs=1e-12)


def test_float32_t_test_is_within_float32_rounding():
    """COMET's own t-test ran in float32 (scipy 1.17): the gap to bleuprint's double-precision
    test is float32 rounding, not a different test."""
    worst_t = worst_p = 0.0
    for case in CASES:
        for mine, theirs in zip(spec.comet_compare(case["systems"], case["num_splits"], case["sample_ratio"],
                                                   case["seed"]), case["pairs"]):
            t, p = (_value(theirs["paired_t-test"][k]) for k in ("statistic", "p_value"))
            if mine.t_statistic is None:
                continue
            worst_t = max(worst_t, abs(mine.t_statistic - t) / abs(t))
            worst_p = max(worst_p, abs(mine.p_value - p))
    assert 0 < worst_t < 1e-6 and worst_p < 1e-6, (worst_t, worst_p)


def test_goldens_cover_the_conventions():
    """The seeds of COMET 2.x (1) and 1.x (12), single-split pairwise summation (S = 1),
    exact ties (scores of 4 decimals), one segment, and more than two systems."""
    assert {1, comet_spec.SEED_COMET_1} <= {c["seed"] for c in CASES}
    assert any(c["num_splits"] == 1 for c in CASES) and any(len(c["systems"]) > 2 for c in CASES)
    assert any(p["bootstrap_resampling"]["ties (%)"] > 0 for c in CASES for p in c["pairs"])
    assert any(len(next(iter(c["systems"].values()))) == 1 for c in CASES)


@pytest.mark.parametrize("bad, error", [({"a": [0.5]}, ValueError), ({"a": [0.5], "b": [0.5, 0.1]}, ValueError),
                                        ([[0.5], [0.1]], TypeError), ({"a": [1e39], "b": [0.0]}, ValueError),
                                        ({"a": [float("nan")], "b": [0.0]}, ValueError)])
@LAYERS
def test_bad_systems_are_refused(layer, bad, error):
    with pytest.raises(error):
        layer.comet_compare(bad)


@LAYERS
def test_conventions_by_name(layer):
    """``compare_scores`` names the convention: COMET's is ``comet_compare``; sacreBLEU's are the
    paired tests of ``model_score`` (checked against sacreBLEU in test_model_score_intervals)."""
    case = CASES[1]
    report = layer.compare_scores(case["systems"], "comet")
    assert [p["x_mean"] for p in report["pairs"]] == [p["bootstrap_resampling"]["x-mean"] for p in case["pairs"]]
    names = list(case["systems"])
    bs = layer.compare_scores(case["systems"], "sacrebleu-bs", n=100)
    direct = layer.paired_bootstrap("model_score", case["systems"][names[0]],
                                    {n: case["systems"][n] for n in names[1:]}, None, n=100, seed=12345)
    assert bs["systems"][names[1]]["p_value"] == direct.systems[names[1]].p_value
    with pytest.raises(ValueError, match="unknown convention"):
        layer.compare_scores(case["systems"], "wmt")


@LAYERS
def test_a_difference_of_eps_is_a_win_and_below_it_a_tie(layer):
    """By hand, from COMET's rule (a tie when |delta| < EPS, a win when delta >= EPS, EPS =
    0.001 met by float32 values): one segment, so every split's mean is the score itself.
    x = float32(0.001), y = 0: delta = float32(0.001) >= EPS, x wins every split. x =
    float32(0.0009999), y = 0: delta < EPS, a tie in every split."""
    win = layer.comet_compare({"x": [0.001], "y": [0.0]}, 10)[0]
    assert (win.ties, win.x_wins, win.y_wins) == (0.0, 1.0, 0.0)
    tie = layer.comet_compare({"x": [0.0009999], "y": [0.0]}, 10)[0]
    assert (tie.ties, tie.x_wins, tie.y_wins) == (1.0, 0.0, 0.0)
    loss = layer.comet_compare({"x": [0.0], "y": [0.001]}, 10)[0]
    assert (loss.ties, loss.x_wins, loss.y_wins) == (0.0, 0.0, 1.0)
