"""MAUVE from histograms: hand computations, the goldens from mauve-text 0.4.0's own
functions (``bleuprint/oracles/goldens/mauve.json``), the tie rule, the refusals.

Tolerance: 1e-12 on MAUVE, MAUVE*, the frontier integrals and the curve's points (the
same operations in float64; the sums here are exactly rounded, numpy's pairwise: observed
differences of at most 2.2e-16)."""

from __future__ import annotations

import importlib.util
import math

import pytest

from bleuprint.metrics.mauve import impl, spec
from bleuprint.oracles.goldens import load_goldens

CASES = load_goldens("mauve")["cases"]
TOL = 1e-12


@pytest.mark.parametrize("layer", [spec, impl])
def test_equal_histograms_by_hand(layer):
    """P = Q = [1, 1]: every mixture r equals p, so KL = 0 and each of the 25 inner
    points is exp(0) = (1, 1); with the end points (1, 0) and (0, 1) the frontier is the
    unit square's upper-right corner: both areas 1, MAUVE 1. FI: every |p - q| = 0: 0."""
    out = layer.mauve_from_histograms([1, 1], [1, 1])
    assert out["mauve"] == 1.0
    assert out["frontier_integral"] == 0.0


@pytest.mark.parametrize("layer", [spec, impl])
def test_disjoint_histograms_by_hand(layer):
    """P = [1, 0], Q = [0, 1]: FI = 2 (1/4 + 1/4) = 1 (each bucket has one side 0). The
    curve point of weight w: r = (w, 1 - w); KL(q || r) = -log(1 - w), KL(p || r) = -log w;
    mapped: x = (1 - w)^5, y = w^5."""
    out = layer.mauve_from_histograms([1, 0], [0, 1])
    assert out["frontier_integral"] == 1.0
    w = spec.mixture_weights(25)[3]
    x, y = out["divergence_curve"][4]
    assert math.isclose(x, (1 - w) ** 5, rel_tol=1e-12) and math.isclose(y, w ** 5, rel_tol=1e-12)


@pytest.mark.parametrize("layer", [spec, impl])
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_against_mauve_text(layer, case):
    """The histograms mauve-text returned (as counts) or seeded counts: MAUVE and FI on
    the normalised counts, MAUVE* and FI* on counts + 0.5, as mauve-text's functions."""
    plain = layer.mauve_from_histograms(case["p_counts"], case["q_counts"])
    star = layer.mauve_from_histograms(case["p_counts"], case["q_counts"], smoothing=0.5)
    assert abs(plain["mauve"] - case["mauve"]) <= TOL
    assert abs(plain["frontier_integral"] - case["frontier_integral"]) <= TOL
    assert abs(star["mauve"] - case["mauve_star"]) <= TOL
    assert abs(star["frontier_integral"] - case["frontier_integral_star"]) <= TOL
    for got, want in zip(plain.get("divergence_curve"), case.get("divergence_curve", [])):
        assert abs(got[0] - want[0]) <= TOL and abs(got[1] - want[1]) <= TOL


@pytest.mark.skipif(importlib.util.find_spec("mauve") is None, reason="mauve-text is not installed")
def test_mauve_text_area_depends_on_unordered_ties():
    """The named difference: on P = Q = [1, 1] every inner point ties at (1, 1) and
    mauve-text's argsort may put the end point (1, 0) first among the x = 1 ties, so its
    area is 0.5 + 1 over 2 = 0.75 instead of 1 (numpy's order; here 0.75)."""
    import numpy as np
    from sklearn.metrics import auc

    compute = importlib.import_module("mauve.compute_mauve")
    p = np.array([0.5, 0.5])
    x, y = compute.get_divergence_curve_for_multinomials(p, p, np.linspace(1e-6, 1 - 1e-6, 25), 5).T
    i1, i2 = np.argsort(x), np.argsort(y)
    theirs = 0.5 * (auc(x[i1], y[i1]) + auc(y[i2], x[i2]))
    assert theirs in (0.75, 1.0)
    assert spec.mauve_from_histograms([1, 1], [1, 1])["mauve"] == 1.0


@pytest.mark.parametrize("layer", [spec, impl])
@pytest.mark.parametrize("args, kwargs, error, words", [
    (([1, 2], [1, 2, 3]), {}, ValueError, "p_hist has 2 buckets but q_hist has 3"),
    (([1, -1], [1, 1]), {}, ValueError, "p_hist[1] is -1.0"),
    (([0, 0], [1, 1]), {}, ValueError, "p_hist sums to 0"),
    (([1, float("nan")], [1, 1]), {}, ValueError, "p_hist[1] is nan"),
    (([1, 1], [1, float("inf")]), {}, ValueError, "q_hist[1] is inf"),
    (([], [1]), {}, ValueError, "p_hist is empty"),
    ((["a"], [1]), {}, TypeError, "p_hist[0] must be a number"),
    (([1], [1]), {"smoothing": -1}, ValueError, "smoothing"),
    (([1], [1]), {"curve_points": 0}, ValueError, "curve_points"),
])
def test_bad_histograms_are_named(layer, args, kwargs, error, words):
    with pytest.raises(error) as info:
        layer.mauve_from_histograms(*args, **kwargs)
    assert words in str(info.value)
