"""BERTScore's impl (numpy) against its spec (pure Python, fsum), with Hypothesis, and
against the goldens of bert_score.

Tolerance. The spec's sums are exactly rounded, impl's are BLAS's and numpy's, on unit
vectors: a cosine differs by a few ulps (about d * 2^-53 for d <= 6 dimensions), P and R
(weighted means of cosines) by as little: ``TOL_PR = 1e-12`` absolute. F = 2PR/(P+R) moves
by 2 (P^2 + R^2)/(P + R)^2 <= 2 kappa^2 times that, kappa = (|P| + |R|)/|P + R| (its
condition), so F is compared within ``TOL_PR * (1 + 2 kappa^2)``, kappa taken over the
segment's references; where |P + R| < 1e-9 for some reference (F = 0 exactly there, and
anything a few ulps away) only P and R are compared. ``best-f`` may pick another of two
references whose F differ by less than the tolerance: impl's row must then be the spec's
row of such a reference.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bleuprint.impl as impl
from bleuprint.spec.corpus import segment_rows
from bleuprint.metrics.bertscore import impl as I
from bleuprint.metrics.bertscore import spec as S
from bleuprint.metrics.bertscore.strategies import corpora
from bleuprint.oracles.goldens import load_goldens

TOL_PR = 1e-12


def _outcome(function, *args, **kwargs):
    try:
        return "ok", function(*args, **kwargs)
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)


def _check_segment(got, hyp, refs, table, multi_ref):
    pairs = [S.pair_prf(hyp, r, table) for r in refs]
    if any(abs(p + r) < 1e-9 for p, r, _ in pairs):
        candidates, tol_f = pairs, math.inf
    else:
        kappa = max((abs(p) + abs(r)) / abs(p + r) for p, r, _ in pairs)
        tol_f = TOL_PR * (1 + 2 * kappa ** 2)
        candidates = pairs
    if multi_ref == "max":
        expected = tuple(max(s[k] for s in pairs) for k in range(3))
        assert abs(got[0] - expected[0]) <= TOL_PR and abs(got[1] - expected[1]) <= TOL_PR
        assert tol_f == math.inf or abs(got[2] - expected[2]) <= tol_f
        return
    best = max(s[2] for s in pairs)
    near = [s for s in candidates if tol_f == math.inf or best - s[2] <= 2 * tol_f]
    assert any(abs(got[0] - s[0]) <= TOL_PR and abs(got[1] - s[1]) <= TOL_PR
               and (tol_f == math.inf or abs(got[2] - s[2]) <= tol_f) for s in near)


@given(corpus=corpora(), idf=st.booleans(), multi_ref=st.sampled_from(S.MULTI_REF))
def test_impl_equals_spec(corpus, idf, multi_ref):
    """Every segment's P, R and F (module doc: the tolerance), and the same refusals
    (type and message) where the spec refuses (idf weights summing to 0)."""
    hyps, refs = corpus
    kind, expected = _outcome(S.bertscore_segments, hyps, refs, idf=idf, multi_ref=multi_ref)
    got_kind, got = _outcome(I.bertscore_segments, hyps, refs, idf=idf, multi_ref=multi_ref)
    assert got_kind == kind, (got, expected)
    if kind != "ok":
        assert got == expected
        return
    checked_hyps, checked_refs = S.check_corpus(hyps, refs)
    table = S.idf_table(checked_refs) if idf else None
    for row, hyp, group in zip(got, checked_hyps, checked_refs):
        _check_segment(row, hyp, group, table, multi_ref)


@given(corpus=corpora(), multi_ref=st.sampled_from(S.MULTI_REF))
def test_registered_rows_and_scores_agree(corpus, multi_ref):
    """The registered metric: impl's statistics rows (``stats_matrix``) and sentence scores
    against the spec's rows (P and R parts within TOL_PR; F parts as above, by the spec's
    own check through the segment)."""
    hyps, refs = corpus
    spec_rows = np.array(segment_rows("bertscore", hyps, refs, multi_ref=multi_ref), dtype=np.float64)
    impl_rows = impl.stats_matrix("bertscore", hyps, refs, multi_ref=multi_ref)
    assert impl_rows.shape == spec_rows.shape == (len(hyps), 6)
    assert np.all(impl_rows >= 0)
    signed_spec = spec_rows[:, 0::2] - spec_rows[:, 1::2]
    signed_impl = impl_rows[:, 0::2] - impl_rows[:, 1::2]
    assert np.max(np.abs(signed_spec[:, :2] - signed_impl[:, :2])) <= TOL_PR
    checked_hyps, checked_refs = S.check_corpus(hyps, refs)
    for row, hyp, group in zip(signed_impl, checked_hyps, checked_refs):
        _check_segment(tuple(row), hyp, group, None, multi_ref)


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
