"""impl.moverscore against spec.moverscore (exact rational transport) with Hypothesis:
scores within 1e-9 (the float64 simplex's rounding against the exact optimum; observed
below 1e-12)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bleuprint.metrics.moverscore import impl, spec

coordinate = st.integers(-4, 4).map(float) | st.floats(-3, 3, allow_nan=False, allow_infinity=False, width=32)


@st.composite
def pairs(draw):
    d = draw(st.integers(1, 4))
    n, m = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    hyp = draw(st.lists(st.lists(coordinate, min_size=d, max_size=d), min_size=n, max_size=n))
    ref = draw(st.lists(st.lists(coordinate, min_size=d, max_size=d), min_size=m, max_size=m))
    weight = st.integers(0, 3).map(float) | st.floats(0, 3, allow_nan=False, width=32)
    hw = draw(st.lists(weight, min_size=n, max_size=n))
    rw = draw(st.lists(weight, min_size=m, max_size=m))
    hw[0] += 1.0
    rw[-1] += 1.0
    return hyp, ref, hw, rw


@settings(max_examples=150, deadline=None)
@given(pairs(), st.sampled_from(spec.VARIANTS))
def test_impl_equals_spec(pair, variant):
    hyp, ref, hw, rw = pair
    idf = (None, None) if variant == "wmd" else ([hw], [rw])
    expected = spec.moverscore([hyp], [ref], variant, *idf)
    got = impl.moverscore([np.array(hyp)], [np.array(ref)], variant, *idf)
    assert abs(got[0] - expected[0]) <= 1e-9
    fast = impl.moverscore([np.array(hyp)], [np.array(ref)], variant,
                           *(None if w is None else [np.array(w[0])] for w in idf))
    assert fast == got


@pytest.mark.parametrize("bad", [
    np.array([[True, False]]),                 # bools: refused by the spec's check
    np.array([[1.0, np.nan]]),
    np.zeros((0, 2)),
    np.array([1.0, 2.0]),                      # one dimension, not tokens x dimensions
])
def test_numpy_inputs_refused_as_the_spec_refuses(bad):
    """The fast path hands anything it does not accept to the spec's checks: the same
    exception and message."""
    ref = [np.array([[1.0, 0.0]])]
    with pytest.raises((TypeError, ValueError)) as expected:
        spec.moverscore([bad], ref)
    with pytest.raises(expected.type) as got:
        impl.moverscore([bad], ref)
    assert str(got.value) == str(expected.value)
