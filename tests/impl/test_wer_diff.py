"""bleuprint.metrics.wer.impl against bleuprint.metrics.wer.spec (the differential test):
every row ``[H, S, D, I, N_ref, N_hyp]`` *equal*, every measure equal (``==``: the same
double operations on the same counts), the vectorised batch scorer equal to the spec's
scorer row by row.

With the compiled kernel (``bleuprint.impl._wer``) these check it; the suite's
``BLEUPRINT_NO_NATIVE=1`` run checks the Python fallback, and
``test_kernel_equals_the_python_fallback`` compares the two directly on long id lists.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.impl import native
from bleuprint.metrics.wer import impl, spec
from bleuprint.metrics.wer.strategies import corpora

needs_kernel = pytest.mark.skipif(native.wer is None, reason="the compiled WER kernel is not built")


@given(corpora(), st.sampled_from(spec.UNITS))
@example((["b c"], [["a b"]]), "words")          # tie: S 2
@example((["a b"], [["b c"]]), "words")          # the other way: H 1, D 1, I 1
@example((["b c c"], [["a b c"]]), "words")      # the affix step decides
@example((["a b", ""], [[""], ["\t \u3000"]]), "characters")
@example((["ab c"], [["ab  c"]]), "characters")
def test_impl_rows_equal_spec_rows(corpus, unit):
    hyps, refs = corpus
    expected = [spec.segment_row(h, r, unit) for h, r in zip(hyps, refs)]
    assert impl.counts_matrix(hyps, refs, unit).tolist() == expected


@given(corpora(), st.sampled_from(spec.MEASURES))
@example(([""], [[""]]), "wip")
@example((["a b", "c"], [[""], [" "]]), "wer")
def test_impl_corpus_value_equals_spec(corpus, measure):
    hyps, refs = corpus
    assert getattr(impl, measure)(hyps, refs) == getattr(spec, measure)(hyps, refs)


@given(corpora(max_size=6), st.lists(st.lists(st.integers(0, 5), max_size=6), min_size=1, max_size=4),
       st.sampled_from(spec.MEASURES))
@example(([""], [[""]]), [[0], []], "wip")
def test_batch_scores_equal_the_spec_scorer(corpus, resamples, measure):
    """Resample-like sums of a corpus's rows (indices drawn, wrapped to the corpus):
    numpy's batch scorer == the spec's scorer row by row (an empty draw is the zero row)."""
    hyps, refs = corpus
    rows = [spec.segment_row(h, r, spec.UNIT_OF[measure]) for h, r in zip(hyps, refs)]
    sums = np.array([[sum(rows[i % len(rows)][c] for i in draw) for c in range(6)] for draw in resamples],
                    dtype=np.int64)
    expected = [float(spec.measure_from_counts(row.tolist(), measure)) for row in sums]
    assert impl.wer_batch(sums, measure).tolist() == expected


@needs_kernel
@given(st.lists(st.integers(0, 3), max_size=90), st.lists(st.integers(0, 3), max_size=90))
@example([0, 1, 2], [1, 2, 2])
def test_kernel_equals_the_python_fallback(a, b):
    """The C back-trace and the Python one on id lists longer than a machine word."""
    out = native.wer.counts(np.array(a, np.int32), np.array([0, len(a)], np.int64),
                            np.array(b, np.int32), np.array([0, len(b)], np.int64), 0, 1)
    assert np.frombuffer(out, np.int64)[:4].tolist() == impl._python_counts(a, b) == list(spec.alignment_counts(a, b))


def test_lone_surrogates_and_astral_characters_are_one_element_each():
    """CER reads code points: a lone surrogate and an emoji are one character each, as in
    the spec (list(str))."""
    hyps, refs = ["\ud800x\U0001f600"], [["\ud800y\U0001f600"]]
    assert impl.counts_matrix(hyps, refs, "characters").tolist() == [spec.cer_stats(hyps[0], refs[0])]
    assert spec.cer_stats(hyps[0], refs[0]) == [2, 1, 0, 0, 3, 3]


def test_impl_refuses_what_the_spec_refuses():
    with pytest.raises(ValueError, match="exactly one reference"):
        impl.wer(["a"], [["a", "b"]])
    with pytest.raises(TypeError, match="compat.jiwer"):
        impl.cer(["a"], ["a"])
    with pytest.raises(TypeError):
        impl.wer(["a", 3], [["a"], ["b"]])
    with pytest.raises(ValueError):
        impl.counts_matrix(["a"], [["a"]], "letters")
