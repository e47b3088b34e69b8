"""impl's SQuAD rows equal the spec's (Hypothesis differential test)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from bleuprint.core import get_metric
from bleuprint.metrics.squad import impl, spec

PIECES = st.sampled_from(["the", "a", "an", "The", "an-apple", "apple", "U.S.", "us", "“x”", "x", "é", "a.b",
                          "", " ", "\t", "-", "théa", "1,0", "AN"])
ANSWER = st.lists(PIECES, max_size=5).map(" ".join) | st.text(max_size=12)
CORPUS = st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.lists(st.none() | ANSWER, min_size=n, max_size=n),
    st.lists(st.lists(ANSWER, max_size=3), min_size=n, max_size=n)))


@settings(max_examples=300, deadline=None)
@given(CORPUS, st.sampled_from(spec.VERSIONS), st.sampled_from(spec.VALUES))
def test_impl_equals_spec(corpus, version, value):
    hyps, refs = corpus
    if version == "1.1":
        refs = [r or ["x"] for r in refs]
    rows = [spec.question_scores(h, r, version) for h, r in zip(hyps, refs)]
    assert impl.squad_rows(hyps, refs, version) == rows
    assert np.array_equal(get_metric("squad").stats_matrix(hyps, refs, version=version), np.array(rows, float))
    try:
        expected = spec.squad(hyps, refs, version, value)
    except ValueError:
        expected = "error"
    try:
        got = impl.squad(hyps, refs, version, value)
    except ValueError:
        got = "error"
    assert got == expected
