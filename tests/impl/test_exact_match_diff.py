"""bleuprint.metrics.exact_match.impl against bleuprint.metrics.exact_match.spec (the differential test).

Exact match is a ratio of two integers, so the scores must be *equal* (tolerance 0), and
the per-sentence statistics equal entry by entry. Bad input must raise the same
exception type with the same message as the spec.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint import impl, spec
from bleuprint.strategies import corpora, sentences


@st.composite
def exact_match_corpora(draw):
    """A corpus in which each sentence's references are given either as a list or, for
    about a third of them, as one bare string (exact match accepts both). Matches are
    frequent: ``corpora()`` derives most references from the hypothesis (copies, case
    changes, edits), and a hypothesis is sometimes padded with white space, which exact
    match strips."""
    hyps, refs = draw(corpora())
    pads = st.sampled_from(("", " ", "\n", "\t ", "\u3000", "\xa0"))
    hyps = [draw(pads) + h + draw(pads) if draw(st.booleans()) else h for h in hyps]
    refs = [r[0] if draw(st.integers(0, 2)) == 0 else r for r in refs]
    return hyps, refs


@given(exact_match_corpora())
@example((["a"], ["a"]))
@example(([" a b\n"], [["x", "a b"]]))
@example((["a  b"], [["a b"]]))  # inner white space counts: no match
def test_exact_match_equals_spec(corpus):
    hyps, refs = corpus
    assert impl.exact_match(hyps, refs) == spec.exact_match(hyps, refs)


@given(exact_match_corpora())
def test_exact_match_matrix_equals_spec_sentence_stats(corpus):
    hyps, refs = corpus
    got = impl.exact_match_matrix(hyps, refs)
    want = spec.sentence_stats("exact_match", hyps, refs)
    assert got.dtype == np.int64 and got.shape == (len(hyps), 1)
    assert np.array_equal(got, want)


@given(st.lists(sentences(), min_size=1, max_size=6))
def test_hypotheses_against_themselves_all_match(hyps):
    """A corpus scored against itself has EM = 1 (hand computation: every h.strip()
    equals itself), in impl as in spec."""
    assert impl.exact_match(hyps, hyps) == spec.exact_match(hyps, hyps) == 1.0


BAD_INPUTS = [
    pytest.param("a", ["a"], id="hyps-bare-str"),
    pytest.param([], [], id="empty-corpus"),
    pytest.param(["a", 3], ["a", "b"], id="hyp-not-str"),
    pytest.param(None, ["a"], id="hyps-none"),
    pytest.param(["a"], "a", id="refs-bare-str"),
    pytest.param(["a"], None, id="refs-none"),
    pytest.param(["a", "b"], ["a"], id="mismatched-lengths"),
    pytest.param(["a"], [[]], id="empty-reference-list"),
    pytest.param(["a", "b"], ["a", ["b", 7]], id="reference-not-str"),
    pytest.param(["a", "b"], ["a", 7], id="reference-entry-not-str-or-list"),
    pytest.param(["a", "b"], [["a"], {"b"}], id="reference-set"),
    pytest.param([3], [5], id="both-wrong: hyps checked first"),
]


@pytest.mark.parametrize(("hyps", "refs"), BAD_INPUTS)
def test_bad_input_raises_like_spec(hyps, refs):
    with pytest.raises((TypeError, ValueError)) as expected:
        spec.exact_match(hyps, refs)
    with pytest.raises(expected.type) as actual:
        impl.exact_match(hyps, refs)
    assert str(actual.value) == str(expected.value)


class _Text(str):
    """A str subclass: accepted as text by the spec (``isinstance`` checks)."""


@pytest.mark.parametrize(("hyps", "refs"), [
    pytest.param(["a", "b"], [[_Text("a")], ["x", _Text(" b ")]], id="str-subclass-in-lists"),
    pytest.param([_Text("a "), "b"], [_Text("a"), ["b"]], id="str-subclass-bare"),
    pytest.param(["a", "b", "c"], [("a",), ["x", "b"], ["c", "c"]], id="tuple-and-duplicate-references"),
])
def test_unusual_but_valid_reference_shapes_match_spec(hyps, refs):
    assert impl.exact_match(hyps, refs) == spec.exact_match(hyps, refs)
