"""Embedding similarity's impl (numpy, float64) against its spec (fsum, hypot), with
Hypothesis.

Tolerance: none. Both sum left to right from 0.0 (impl one vectorised step per
dimension), so the values are compared with ``==``; both layers refuse the same inputs
with the same exception type and message.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.spec.corpus import segment_rows
from bleuprint.metrics.embedding_similarity import impl as I
from bleuprint.metrics.embedding_similarity import spec as S
from bleuprint.metrics.embedding_similarity.strategies import corpora
from bleuprint.core.value import metric

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
    """Every row's value, bit for bit, on lists and on numpy arrays, and the same
    refusals (zero vectors for the cosine, distances beyond float64)."""
    a, b = pair
    kind, expected = _outcome(S.embedding_similarity, a, b, measure)
    args = (np.array(a), np.array(b)) if as_array else (a, b)
    got_kind, got = _outcome(I.embedding_similarity, *args, metric=measure)
    assert (got_kind, got) == (kind, expected)


@given(corpus=corpora(), measure=st.sampled_from(S.MEASURES))
def test_registered_corpus_scores_agree(corpus, measure):
    """The registered metric: impl's statistics rows are the spec's (bit for bit), and the
    corpus score within 1e-12 times the largest row value (at least 1) of the spec's (the
    rows' column sums: numpy's against Python's)."""
    hyps, refs = corpus
    rows = segment_rows(metric("embedding_similarity", measure=measure), hyps, refs)
    assert impl.stats_matrix(metric("embedding_similarity", measure=measure), hyps, refs).tolist() == rows
    expected = spec.corpus_score(metric("embedding_similarity", measure=measure), hyps, refs)
    got = impl.corpus_score(metric("embedding_similarity", measure=measure), hyps, refs)
    assert abs(got - expected) <= 1e-12 * max([1.0] + [max(row) for row in rows])
