"""The exact transport solver (spec, rationals) and impl's float64 simplex against POT's
``ot.emd2`` live, on Hypothesis problems built to be degenerate (whole-number masses and
costs: ties and zero-flow basic cells), and against pyemd's POT backend on unequal
masses (EMD-hat). Tolerance 1e-12 (the same float64 problem; POT's network simplex
rounds, ours does not). Skipped where POT or pyemd is not installed."""

from __future__ import annotations

import pytest

ot = pytest.importorskip("ot")

import numpy as np  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bleuprint.metrics.moverscore import impl, transport  # noqa: E402


@st.composite
def problems(draw, balanced=True):
    n, m = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    mass = st.integers(0, 4).map(float) | st.floats(0, 4, allow_nan=False, width=32)
    a = np.array(draw(st.lists(mass, min_size=n, max_size=n)))
    b = np.array(draw(st.lists(mass, min_size=m, max_size=m)))
    a[0] += 1.0
    b[-1] += 1.0
    cost = np.array(draw(st.lists(st.lists(st.integers(0, 5).map(float) | st.floats(0, 5, width=32),
                                           min_size=m, max_size=m), min_size=n, max_size=n)))
    if balanced:
        a, b = a / a.sum(), b / b.sum()
    return a, b, cost


@settings(max_examples=150, deadline=None)
@given(problems())
def test_balanced_equals_pot(problem):
    a, b, cost = problem
    expected = ot.emd2(a, b, cost, check_marginals=False)
    assert abs(float(transport.transport_cost(a.tolist(), b.tolist(), cost.tolist())) - expected) <= 1e-12
    assert abs(impl.transport(a, b, cost) - expected) <= 1e-12


@settings(max_examples=100, deadline=None)
@given(problems(balanced=False))
def test_unequal_masses_equal_pyemd_emd_hat(problem):
    """pyemd's EMD-hat on the (n + m)-bin layout MoverScore v1 uses (first histogram on
    the first n bins, second on the last m), penalty the largest cost; its POT backend
    solves the partial problem in float64."""
    pyemd = pytest.importorskip("pyemd")
    a, b, cost = problem
    n, m = cost.shape
    full = np.zeros((n + m, n + m))
    full[:n, n:] = cost
    full[n:, :n] = cost.T
    c1 = np.concatenate([a, np.zeros(m)])
    c2 = np.concatenate([np.zeros(n), b])
    penalty = float(full.max())
    expected = pyemd.emd(c1, c2, full, backend="pot")
    got = float(transport.emd_hat(a.tolist(), b.tolist(), cost.tolist(), penalty))
    assert abs(got - expected) <= 1e-12 * max(1.0, expected)
