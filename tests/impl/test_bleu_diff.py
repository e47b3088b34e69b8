"""Differential tests: bleuprint.metrics.bleu.impl against bleuprint.metrics.bleu.spec.

Expected values come from the spec (itself checked against sacreBLEU 2.5.1 elsewhere).
Statistics must be exactly equal (integers): every row of ``bleu_stats_matrix`` equals
``spec.bleu_stats`` of that sentence. Scores must agree within 1e-9 on the 0..100 scale;
``bleu_from_stats`` follows the spec's order of floating-point operations, so for equal
statistics it is checked for bit-identity (``==``).
"""

from __future__ import annotations


import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.metrics.bleu import impl
from bleuprint.metrics.bleu import spec
from bleuprint.strategies import bleu_options, corpora, references, sentences

#: Every test runs with the compiled kernels and with numpy only (tests/impl/conftest.py).
pytestmark = pytest.mark.usefixtures("kernels")

TOLERANCE = 1e-9  # on the 0..100 scale


def _stats_options(options):
    return {k: options[k] for k in ("lowercase", "max_ngram_order")}


def _score_options(options):
    return {k: options[k] for k in ("lowercase", "smooth_method", "smooth_value", "max_ngram_order", "effective_order")}


@given(corpus=corpora(), options=bleu_options())
@example(
    corpus=(["the cat the cat", "a"], [["the the cat", "cat the cat the"], ["", "a"]]),
    options={"tokenize": "13a", "lowercase": False, "smooth_method": "exp", "smooth_value": None,
             "max_ngram_order": 10, "effective_order": False},
)
def test_matrix_rows_equal_spec_stats(corpus, options):
    """Row i of bleu_stats_matrix == spec.bleu_stats(hyps[i], refs[i]) exactly, and the
    matrix is int64 of shape (N, 2 + 2*order)."""
    hyps, refs = corpus
    tokenize = options["tokenize"]
    matrix = impl.bleu_stats_matrix(hyps, refs, tokenize, **_stats_options(options))
    assert matrix.dtype == np.int64
    assert matrix.shape == (len(hyps), 2 + 2 * options["max_ngram_order"])
    expected = [spec.bleu_stats(h, r, tokenize, **_stats_options(options)) for h, r in zip(hyps, refs)]
    assert matrix.tolist() == expected


@st.composite
def multi_system_corpora(draw):
    """Several "systems" scored against the same references, concatenated (the layout of
    a multi-system benchmark): references repeat across sentences, and some hypotheses
    repeat too (a system copying another, or an empty output)."""
    base_hyps, base_refs = draw(corpora(max_size=5))
    hyps, refs = list(base_hyps), [list(r) for r in base_refs]
    for _ in range(draw(st.integers(1, 3))):
        for h, r in zip(base_hyps, base_refs):
            hyps.append(draw(st.one_of(st.just(h), st.just(""), sentences())))
            refs.append(list(r))
    return hyps, refs


@given(corpus=multi_system_corpora(), options=bleu_options())
@example(corpus=(["a b", "a b", "a c", ""], [["a b c"], ["a b c"], ["a b c"], ["a b c"]]),
         options={"tokenize": "13a", "lowercase": False, "smooth_method": "exp", "smooth_value": None,
                  "max_ngram_order": 4, "effective_order": False})
def test_shared_references_rows_equal_spec(corpus, options):
    """Rows stay exact when references (and whole sentences) repeat across the corpus."""
    hyps, refs = corpus
    tokenize = options["tokenize"]
    matrix = impl.bleu_stats_matrix(hyps, refs, tokenize, **_stats_options(options))
    expected = [spec.bleu_stats(h, r, tokenize, **_stats_options(options)) for h, r in zip(hyps, refs)]
    assert matrix.tolist() == expected


@given(corpus=multi_system_corpora(), options=bleu_options(), chunk=st.integers(1, 40))
def test_rows_equal_spec_when_counted_in_small_chunks(corpus, options, chunk):
    """bleu_stats_matrix counts sentences in chunks of about ``_CHUNK`` entries; with tiny
    chunks (1..40 entries) the rows must still equal the spec's."""
    hyps, refs = corpus
    tokenize = options["tokenize"]
    saved = impl._CHUNK
    impl._CHUNK = chunk
    try:
        matrix = impl.bleu_stats_matrix(hyps, refs, tokenize, **_stats_options(options))
    finally:
        impl._CHUNK = saved
    expected = [spec.bleu_stats(h, r, tokenize, **_stats_options(options)) for h, r in zip(hyps, refs)]
    assert matrix.tolist() == expected


@given(corpus=corpora(), options=bleu_options())
def test_corpus_bleu_equals_spec(corpus, options):
    """corpus_bleu within 1e-9 of spec.corpus_bleu for every option."""
    hyps, refs = corpus
    got = impl.corpus_bleu(hyps, refs, **options)
    want = spec.corpus_bleu(hyps, refs, **options)
    assert abs(got - want) <= TOLERANCE


@given(data=st.data(), options=bleu_options())
def test_sentence_bleu_and_stats_equal_spec(data, options):
    """sentence_bleu within 1e-9, and bleu_stats exactly equal, for one hypothesis."""
    hyp = data.draw(sentences())
    refs = data.draw(references(hyp, tokenize=options["tokenize"]))
    assert impl.bleu_stats(hyp, refs, options["tokenize"], **_stats_options(options)) == spec.bleu_stats(
        hyp, refs, options["tokenize"], **_stats_options(options)
    )
    got = impl.sentence_bleu(hyp, refs, **options)
    want = spec.sentence_bleu(hyp, refs, **options)
    assert abs(got - want) <= TOLERANCE
    # Without effective_order the default applies (True for sentence_bleu).
    rest = {k: v for k, v in options.items() if k != "effective_order"}
    assert abs(impl.sentence_bleu(hyp, refs, **rest) - spec.sentence_bleu(hyp, refs, **rest)) <= TOLERANCE


_counts = st.integers(0, 40)


@st.composite
def stats_vectors(draw):
    order = draw(st.integers(1, 6))
    totals = draw(st.lists(_counts, min_size=order, max_size=order))
    matches = [draw(st.integers(0, t)) for t in totals]
    return [draw(_counts), draw(_counts)] + matches + totals


@given(stats=stats_vectors(), options=bleu_options())
@example(stats=[4, 4, 4, 3, 2, 1, 4, 3, 2, 1], options={"smooth_method": "exp", "smooth_value": None, "effective_order": False})
@example(stats=[3, 5, 0, 0, 0, 3, 2, 1], options={"smooth_method": "add-k", "smooth_value": 1, "effective_order": True})
@example(stats=[1, 1, 1, 0, 1, 0], options={"smooth_method": "floor", "smooth_value": 0.1, "effective_order": False})
def test_bleu_from_stats_bit_identical(stats, options):
    """For the same statistics the score is the spec's, bit for bit (same float
    operations in the same order); also for a numpy row as input."""
    kwargs = {k: options[k] for k in ("smooth_method", "smooth_value", "effective_order")}
    want = spec.bleu_from_stats(stats, **kwargs)
    assert impl.bleu_from_stats(stats, **kwargs) == want
    assert impl.bleu_from_stats(np.array(stats, dtype=np.int64), **kwargs) == want
    assert stats == list(stats)  # input not modified (add-k adds to copies)


_BAD_CALLS = [
    lambda m: m.corpus_bleu("a b", [["a b"]]),
    lambda m: m.corpus_bleu([], []),
    lambda m: m.corpus_bleu(["a"], [["a"], ["b"]]),
    lambda m: m.corpus_bleu(["a"], ["a"]),
    lambda m: m.corpus_bleu(["a"], [[]]),
    lambda m: m.corpus_bleu(["a"], [[None]]),
    lambda m: m.corpus_bleu([3], [["a"]]),
    lambda m: m.corpus_bleu(["a"], [["a"]], "13b"),
    lambda m: m.corpus_bleu(["a"], [["a"]], tokenize=None),
    lambda m: m.corpus_bleu(["a"], [["a"]], smooth_method="add-one"),
    lambda m: m.corpus_bleu(["a"], [["a"]], smooth_value="0.1"),
    lambda m: m.corpus_bleu(["a"], [["a"]], max_ngram_order=0),
    lambda m: m.corpus_bleu(["a"], [["a"]], max_ngram_order=True),
    lambda m: m.corpus_bleu(["a"], [["a"]], max_ngram_order=2.0),
    lambda m: m.corpus_bleu(("a",), "a"),
    lambda m: m.corpus_bleu(["a"], None),
    lambda m: m.sentence_bleu("a", "a"),
    lambda m: m.sentence_bleu(None, ["a"]),
    lambda m: m.sentence_bleu("a", []),
    lambda m: m.sentence_bleu("a", ["a"], smooth_method="bogus"),
    lambda m: m.bleu_stats("a", "a"),
    lambda m: m.bleu_stats("a", ["a", 1]),
    lambda m: m.bleu_stats(b"a", ["a"]),
    lambda m: m.bleu_stats("a", ["a"], "none ", max_ngram_order=4),
    lambda m: m.bleu_stats("a", ["a"], max_ngram_order=-1),
    lambda m: m.bleu_from_stats([1, 2, 3]),
    lambda m: m.bleu_from_stats([1, 2, 3, 4, 5]),
    lambda m: m.bleu_from_stats("1234"),
    lambda m: m.bleu_from_stats(5),
    lambda m: m.bleu_from_stats([1, 1, 1, 1], max_ngram_order=2),
    lambda m: m.bleu_from_stats([1, 1, 1, 1], smooth_method="exp2"),
    lambda m: m.bleu_from_stats([1, 1, 1, 1], smooth_value=True),
]


@pytest.mark.parametrize("call", _BAD_CALLS)
def test_errors_alike(call):
    """Bad input raises the same exception type (TypeError or ValueError) in both."""
    with pytest.raises((TypeError, ValueError)) as expected:
        call(spec)
    with pytest.raises(expected.type):
        call(impl)


def test_matrix_refuses_bad_input_like_bleu_stats():
    with pytest.raises(TypeError):
        impl.bleu_stats_matrix(["a"], [["a"]], 13)
    with pytest.raises(ValueError):
        impl.bleu_stats_matrix(["a"], [["a"]], max_ngram_order=0)
    with pytest.raises(ValueError):
        impl.bleu_stats_matrix(["a", "b"], [["a"]])


@pytest.mark.parametrize("tokenize", spec.TOKENIZERS)
def test_real_corpus_rows_equal_spec(ted_ende, tokenize):
    """Two systems of ted-ende (529 segments each, with the reference repeated, and a
    second reference taken from a third system): rows equal, corpus score within 1e-9."""
    data = ted_ende
    systems = list(data["systems"].values())
    ref = data["references"][0]
    hyps = systems[0] + systems[1]
    refs = [[r] for r in ref] + [[r, other] for r, other in zip(ref, systems[2])]
    matrix = impl.bleu_stats_matrix(hyps, refs, tokenize, lowercase=tokenize == "intl")
    expected = [spec.bleu_stats(h, r, tokenize, lowercase=tokenize == "intl") for h, r in zip(hyps, refs)]
    assert matrix.tolist() == expected
    assert abs(impl.corpus_bleu(hyps, refs, tokenize) - spec.corpus_bleu(hyps, refs, tokenize)) <= TOLERANCE
