"""impl's SQuAD rows equal the spec's (Hypothesis differential test), through the C kernel
(csrc/squad.c) and through the Python fallback. The pieces include what a C port of the
normaliser gets wrong: a lowercase mapping to two characters ("İ"), underscores and
non-ASCII digits and letters as word characters beside articles ("_a", "a٣", "aé"), the
separators str.split() knows besides space and tab ("\u2028", "\x1c", "\x85")."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from bleuprint.core import get_metric
from bleuprint.metrics.squad import impl, spec

PIECES = st.sampled_from(["the", "a", "an", "The", "an-apple", "apple", "U.S.", "us", "“x”", "x", "é", "a.b",
                          "", " ", "\t", "-", "théa", "1,0", "AN",
                          "İ", "_a", "a_", "a٣", "aé", "éthe", "\u2028", "\x1c", "\x85", "\u00a0the", "ǅ", "A.N",
                          "the-the", "a" * 3])
ANSWER = st.lists(PIECES, max_size=5).map(" ".join) | st.text(max_size=12)
CORPUS = st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.lists(st.none() | ANSWER, min_size=n, max_size=n),
    st.lists(st.lists(ANSWER, max_size=3), min_size=n, max_size=n)))


@settings(deadline=None)  # examples: the project's profile (tests/conftest.py)
@given(CORPUS, st.sampled_from(spec.VERSIONS), st.sampled_from(spec.VALUES), st.booleans())
def test_impl_equals_spec(corpus, version, value, kernel):
    from bleuprint.impl import native

    saved = native.squad
    if not kernel:
        native.squad = None
    try:
        _check(corpus, version, value)
    finally:
        native.squad = saved


def _check(corpus, version, value):
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
