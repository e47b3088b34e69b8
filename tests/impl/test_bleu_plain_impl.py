"""Differential tests: BLEU's numpy-free route (``bleuprint.metrics.bleu.plain_impl``, taken
by a small corpus) against impl's numpy route (``bleu_stats_matrix``, ``bleu_from_stats``).

The column sums must equal the matrix's column sums exactly (integers), and the score of
summed statistics must be the numpy route's bit for bit (the same kernel arithmetic), so
a corpus score does not depend on the route. The spec is the numpy route's reference
(``tests/impl/test_bleu_diff.py``)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.core import get_metric
from bleuprint.impl import corpus as impl_corpus
from bleuprint.impl import native
from bleuprint.metrics.bleu import impl, plain_impl as plain, spec
from bleuprint.strategies import bleu_options, corpora

BLEU = get_metric("bleu")

needs_kernels = pytest.mark.skipif(native.ngrams is None or native.resample is None,
                                   reason="the compiled kernels are not built")


def _stats_options(options):
    return {k: options[k] for k in ("tokenize", "lowercase", "max_ngram_order")}


def _score_options(options):
    return {k: options[k] for k in ("smooth_method", "smooth_value", "effective_order")}


@needs_kernels
@given(corpus=corpora(), options=bleu_options())
@example(corpus=(["the cat the cat", "a"], [["the the cat", "cat the cat the"], ["", "a"]]),
         options={"tokenize": "zh", "lowercase": True, "smooth_method": "exp", "smooth_value": None,
                  "max_ngram_order": 10, "effective_order": False})
def test_column_sums_equal_the_matrix_sums(corpus, options):
    """``corpus_sums`` == ``bleu_stats_matrix(...).sum(axis=0)`` exactly, as Python ints;
    None for intl only (its table needs ``regex``'s classes)."""
    hyps, refs = corpus
    got = plain.corpus_sums(BLEU, hyps, refs, **_stats_options(options))
    if options["tokenize"] == "intl":
        assert got is None
        return
    want = impl.bleu_stats_matrix(hyps, refs, **_stats_options(options)).sum(axis=0).tolist()
    assert got == want
    assert all(type(x) is int for x in got)


_count = st.integers(0, 2**40)
#: (matches, total) of one order: matches <= total.
_order = _count.flatmap(lambda total: st.tuples(st.integers(0, total), st.just(total)))
#: Statistics rows [c, r, m_1..m_N, t_1..t_N] of orders 1..8, counts up to 2**40.
stats_vectors = st.tuples(_count, _count, st.lists(_order, min_size=1, max_size=8)).map(
    lambda drawn: [drawn[0], drawn[1], *(m for m, _ in drawn[2]), *(t for _, t in drawn[2])])


@needs_kernels
@given(stats=stats_vectors, options=bleu_options())
@example(stats=[4, 4, 4, 3, 2, 1, 4, 3, 2, 1], options={"smooth_method": "exp", "smooth_value": None,
                                                         "effective_order": False})
@example(stats=[1, 1, 1, 0, 1, 0], options={"smooth_method": "floor", "smooth_value": 0.1, "effective_order": True})
@example(stats=[3, 5, 0, 0, 0, 3, 2, 1], options={"smooth_method": "add-k", "smooth_value": 1,
                                                   "effective_order": True})
def test_score_is_the_numpy_routes_bit_for_bit(stats, options):
    """``plain.score`` == ``impl.bleu_from_stats`` (``==``: the same kernel arithmetic on
    the same float64 row), for every smoothing the kernel scores; None for add-k, and for
    statistics that are not Python ints (the numpy route then scores them)."""
    kwargs = _score_options(options)
    got = plain.score(stats, **kwargs)
    if options["smooth_method"] == "add-k":
        assert got is None
    else:
        assert got == impl.bleu_from_stats(stats, **kwargs)
        assert got == spec.bleu_from_stats(stats, **kwargs)
    assert plain.score(np.array(stats, dtype=np.int64), **kwargs) is None


@needs_kernels
@given(corpus=corpora(), options=bleu_options())
def test_corpus_bleu_is_the_same_by_either_route(corpus, options, monkeypatch_module):
    """``corpus_bleu`` of a small corpus (the numpy-free route) == the corpus score from the
    statistics matrix (the route of a corpus past ``MAX_SEGMENTS``), bit for bit."""
    hyps, refs = corpus
    small = impl.corpus_bleu(hyps, refs, **options)
    monkeypatch_module.setattr(plain, "MAX_SEGMENTS", 0)
    try:
        assert plain.corpus_sums(BLEU, hyps, refs, **_stats_options(options)) is None
        assert impl.corpus_bleu(hyps, refs, **options) == small
    finally:
        monkeypatch_module.undo()


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.mark.parametrize("hyps,refs", [
    ("a b", [["a b"]]),
    ([], []),
    (["a"], [["a"], ["b"]]),
    (["a"], ["a"]),
    (["a"], [[]]),
    (["a"], [[None]]),
    ([3], [["a"]]),
    (("a",), [["a"]]),
    (["a"], None),
])
def test_inputs_that_are_not_plain_take_the_checked_route(hyps, refs):
    """What is not a plain, non-empty list of str with references gets None, so the numpy
    route's checks refuse it with the spec's message (``test_bleu_diff.test_errors_alike``)."""
    assert plain.corpus_sums(BLEU, hyps, refs) is None


def test_options_the_route_does_not_take_give_none():
    hyps, refs = ["a b"], [["a b"]]
    assert plain.corpus_sums(BLEU, hyps, refs, tokenize="13b") is None
    assert plain.corpus_sums(BLEU, hyps, refs, max_ngram_order=0) is None
    assert plain.corpus_sums(BLEU, hyps, refs, max_ngram_order=True) is None
    assert plain.corpus_sums(BLEU, hyps, refs, lowercase=1) is None
    assert plain.corpus_sums(BLEU, hyps * (plain.MAX_SEGMENTS + 1), refs * (plain.MAX_SEGMENTS + 1)) is None


def test_without_the_kernels_the_numpy_route_scores(monkeypatch):
    """No kernel, no numpy-free route: ``corpus_score`` falls back to the matrix."""
    hyps, refs = ["the cat sat on the mat"], [["the cat sat on a mat"]]
    want = impl.corpus_bleu(hyps, refs)
    monkeypatch.setattr(native, "ngrams", None)
    monkeypatch.setattr(native, "resample", None)
    assert plain.corpus_sums(BLEU, hyps, refs) is None
    assert plain.score([6, 6, 5, 3, 2, 1, 6, 5, 4, 3]) is None
    assert impl_corpus.corpus_score(BLEU(), hyps, refs) == want
