"""BERTScore's impl (its C kernel where built, numpy otherwise) against its spec (pure
Python), with Hypothesis, and against the goldens of bert_score; the kernel against the
numpy path.

Tolerance: none. The spec sums left to right from 0.0 and impl performs the same float64
operations in the same order, one vectorised step per term, so P, R and F are compared
with ``==`` (bit for bit), as are the refusals (type and message).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bleuprint.impl as impl
from bleuprint.metrics.bertscore import impl as I
from bleuprint.metrics.bertscore import spec as S
from bleuprint.metrics.bertscore.strategies import corpora
from bleuprint.oracles.goldens import load_goldens
from bleuprint.spec.corpus import segment_rows
from bleuprint.core.value import metric


def _outcome(function, *args, **kwargs):
    try:
        return "ok", [tuple(map(float, row)) for row in function(*args, **kwargs)]
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)


def _as_arrays(segment, dtype):
    if isinstance(segment, dict):
        return {**segment, "embeddings": np.array(segment["embeddings"], dtype=dtype)}
    return np.array(segment, dtype=dtype)


@given(corpus=corpora(), idf=st.booleans(), multi_ref=st.sampled_from(S.MULTI_REF),
       dtype=st.sampled_from([None, np.float64, np.float32]))
def test_impl_equals_spec_bit_for_bit(corpus, idf, multi_ref, dtype):
    """Every segment's P, R and F, and the same refusals where the spec refuses (idf
    weights summing to 0); the embeddings given as lists, or as float64 or float32 numpy
    arrays to impl (its vectorised input check) while the spec reads the same values."""
    hyps, refs = corpus
    if dtype is not None:
        hyps = [_as_arrays(h, dtype) for h in hyps]
        refs = [[_as_arrays(r, dtype) for r in group] for group in refs]
    spec_hyps = [_as_arrays(h, np.float64).tolist() if not isinstance(h, dict) else h for h in hyps]
    expected = _outcome(S.bertscore_segments, spec_hyps, refs, idf=idf, multi_ref=multi_ref)
    assert _outcome(I.bertscore_segments, hyps, refs, idf=idf, multi_ref=multi_ref) == expected


@given(corpus=corpora(), multi_ref=st.sampled_from(S.MULTI_REF), dtype=st.sampled_from([np.float64, np.float32]),
       bad=st.sampled_from([None, None, float("nan"), float("inf"), -float("inf"), 0.0]), where=st.integers(0, 10 ** 6),
       fortran=st.booleans())
def test_plain_arrays_equal_spec_bit_for_bit(corpus, multi_ref, dtype, bad, where, fortran):
    """A corpus of plain float32 or float64 arrays (no ids, no special positions) is scored
    in one call of the compiled kernel, which normalises and checks the rows itself
    (``impl._plain_prf``): its P, R and F are the spec's bits, and a NaN, an infinity or a
    zero vector planted in one row gets the spec's refusal (the spec reads the same values,
    as lists). The hypotheses are float64 or float32 (the references the other where
    ``fortran``), in column-major order where ``fortran`` (copied to rows by impl)."""
    from bleuprint.impl import native

    hyps, refs = corpus
    order, h_dtype = ("F", np.float64 if dtype is np.float32 else np.float32) if fortran else ("C", dtype)
    hyps = [np.array(h["embeddings"], dtype=h_dtype, order=order) for h in hyps]
    refs = [[np.array(r["embeddings"], dtype=dtype) for r in group] for group in refs]
    segments = [*hyps, *(r for group in refs for r in group)]
    if bad is not None:
        segment = segments[where % len(segments)]
        row = segment[where % len(segment)]
        if bad == 0.0:
            row[:] = 0.0
        else:
            row[where % len(row)] = bad
    spec_hyps = [h.tolist() for h in hyps]
    spec_refs = [[r.tolist() for r in group] for group in refs]
    expected = _outcome(S.bertscore_segments, spec_hyps, spec_refs, multi_ref=multi_ref)
    if bad is not None:
        assert expected[0] != "ok"
    elif expected[0] == "ok" and native.bertscore is not None:  # (a float32 row may underflow to 0: refused)
        assert I._plain_prf(hyps, refs, multi_ref) is not None  # the one-call path is the one tested
    assert _outcome(I.bertscore_segments, hyps, refs, multi_ref=multi_ref) == expected


@given(corpus=corpora(), idf=st.booleans(), multi_ref=st.sampled_from(S.MULTI_REF))
def test_kernel_equals_numpy_bit_for_bit(corpus, idf, multi_ref):
    """The compiled matching (``bleuprint.impl.native.bertscore``) and the numpy path give
    the same bits (the test above holds whichever is loaded to the spec)."""
    from bleuprint.impl import native

    hyps, refs = corpus
    kernel = native.bertscore
    if kernel is None:
        pytest.skip("the BERTScore kernel is not built (tests/impl/test_native.py fails then)")
    with_kernel = _outcome(I.bertscore_segments, hyps, refs, idf=idf, multi_ref=multi_ref)
    native.bertscore = None
    try:
        assert _outcome(I.bertscore_segments, hyps, refs, idf=idf, multi_ref=multi_ref) == with_kernel
    finally:
        native.bertscore = kernel


@given(corpus=corpora(), multi_ref=st.sampled_from(S.MULTI_REF))
def test_registered_rows_equal_spec(corpus, multi_ref):
    """The registered metric's statistics rows: impl's ``stats_matrix`` is the spec's rows."""
    hyps, refs = corpus
    spec_rows = segment_rows(metric("bertscore", multi_ref=multi_ref), hyps, refs)
    impl_rows = impl.stats_matrix(metric("bertscore", multi_ref=multi_ref), hyps, refs)
    assert impl_rows.tolist() == spec_rows


def test_chunks_of_pairs_do_not_change_a_pair(monkeypatch):
    """impl pads pairs into chunks; with one pair a chunk (a chunk budget of one cell) the
    values are the same bits as with every pair in one chunk."""
    import random

    from bleuprint.metrics.bertscore.cases import generated_corpus

    hyps, refs = generated_corpus(random.Random(3), lengths=(1, 4, 9))
    together = I.bertscore_segments(hyps, refs)
    monkeypatch.setattr(I, "CHUNK_CELLS", 1)
    assert I.bertscore_segments(hyps, refs).tolist() == together.tolist()
    assert together.tolist() == [list(row) for row in S.bertscore_segments(hyps, refs)]


TOL_ORACLE = 1e-5  # tests/spec/test_bertscore_oracle.py: float32 in bert_score


@pytest.mark.parametrize("case", [c for c in load_goldens("bertscore")["cases"] if c["kind"] == "alone"],
                         ids=lambda c: c["id"])
def test_impl_equals_bert_score_goldens(case):
    """impl within the oracle tolerance of bert_score's goldens (the spec's test states
    why 1e-5)."""
    got = I.bertscore_segments(case["hyps"], case["refs"], **case["options"])
    for k, name in enumerate(("precision", "recall", "f1")):
        assert np.max(np.abs(got[:, k] - np.array(case[name]))) <= TOL_ORACLE


def test_impl_refuses_like_the_spec():
    """A few bad inputs: impl raises the spec's exception with the spec's message."""
    for hyps, refs in [([[[1.0, 0.0], [1.0]]], [[[[1.0, 0.0]]]]), ([[[1.0, 0.0]]], [[[[1.0, 0.0, 0.0]]]]),
                       ([[[0.0, 0.0]]], [[[[1.0, 0.0]]]]), ([[[float("nan"), 0.0]]], [[[[1.0, 0.0]]]])]:
        assert _outcome(I.bertscore, hyps, refs) == _outcome(S.bertscore, hyps, refs)
        assert _outcome(I.bertscore, hyps, refs)[0] != "ok"
