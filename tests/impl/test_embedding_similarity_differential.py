"""Embedding similarity's impl (numpy, float64) against its spec (fsum, hypot), with
Hypothesis.

Tolerance: the spec's sums are exactly rounded, impl's are numpy's over unit (cosine) or
scaled (Euclidean) vectors of d <= 8 terms: cosines within ``1e-14`` absolute (a few
ulps of 1), distances within ``1e-14`` relative; both layers refuse the same inputs with
the same exception type.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.metrics.embedding_similarity import impl as I
from bleuprint.metrics.embedding_similarity import spec as S
from bleuprint.metrics.embedding_similarity.strategies import corpora

TOL = 1e-14

COORDINATE = st.one_of(st.integers(-256, 256).map(lambda k: k / 128),
                       st.floats(-1e300, 1e300, allow_nan=False, allow_infinity=False),
                       st.sampled_from([0.0, 5e-324, -1e-310, 1e-200]))


@st.composite
def arrays(draw):
    n, d = draw(st.integers(1, 5)), draw(st.integers(1, 8))
    row = st.lists(COORDINATE, min_size=d, max_size=d)
    return draw(st.lists(row, min_size=n, max_size=n)), draw(st.lists(row, min_size=n, max_size=n))


def _outcome(function, *args, **kwargs):
    try:
        return "ok", list(function(*args, **kwargs))
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)


@given(pair=arrays(), measure=st.sampled_from(S.MEASURES), as_array=st.booleans())
def test_impl_equals_spec(pair, measure, as_array):
    """Every row's value (module doc: the tolerance), on lists and on numpy arrays, and the
    same refusals (zero vectors for the cosine, distances beyond float64)."""
    a, b = pair
    kind, expected = _outcome(S.embedding_similarity, a, b, measure)
    args = (np.array(a), np.array(b)) if as_array else (a, b)
    got_kind, got = _outcome(I.embedding_similarity, *args, metric=measure)
    assert got_kind == kind, (got, expected)
    if kind != "ok":
        return
    for g, e in zip(got, expected):
        if measure == "cosine":
            assert abs(g - e) <= TOL
        else:
            assert abs(g - e) <= TOL * e


@given(corpus=corpora(), measure=st.sampled_from(S.MEASURES))
def test_registered_corpus_scores_agree(corpus, measure):
    """The registered metric's corpus score: impl within 1e-12 times the largest
    coordinate magnitude (at least 1) of the spec's (the mean of values of that scale;
    numpy's row sums against Python's)."""
    hyps, refs = corpus
    expected = spec.corpus_score("embedding_similarity", hyps, refs, measure=measure)
    got = impl.corpus_score("embedding_similarity", hyps, refs, measure=measure)
    scale = max([1.0] + [abs(x) for h in hyps for x in h] + [abs(x) for r in refs for x in r[0]])
    assert abs(got - expected) <= 1e-12 * scale
