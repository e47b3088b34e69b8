"""bleuprint.impl.corpus (sentence_stats, score_from_stats) against bleuprint.spec.corpus.

* ``sentence_stats``: the N x S float64 matrices must be equal entry by entry (they hold
  integer counts; tolerance 0), for BLEU and chrF under every option the strategies
  draw, and for exact match.
* ``score_from_stats`` of the column sums: within 1e-9 of the spec on the 0..100 scale
  (exact match: equal, it is a ratio of integers).
* Bad input: the same exception type as the spec.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint import impl, spec
from bleuprint.strategies import bleu_options, chrf_options, corpora
from bleuprint.core.value import metric as configured

TOLERANCE = 1e-9  # absolute, on the 0..100 scale


def bleu_cases():
    """(corpus, options), the corpus' tied reference lengths measured with the tokenizer
    the options use."""
    return bleu_options().flatmap(lambda o: st.tuples(corpora(tokenize=o["tokenize"]), st.just(o)))


@given(bleu_cases())
def test_bleu_sentence_stats_and_score_match_spec(case):
    (hyps, refs), options = case
    want = spec.sentence_stats(configured("bleu", **options), hyps, refs)
    got = impl.sentence_stats(configured("bleu", **options), hyps, refs)
    assert got.dtype == np.float64 and got.shape == want.shape
    assert np.array_equal(got, want)
    want_score = spec.score_from_stats(configured("bleu", **options), want.sum(axis=0), len(hyps))
    got_score = impl.score_from_stats(configured("bleu", **options), got.sum(axis=0), len(hyps))
    assert abs(got_score - want_score) <= TOLERANCE


CHRF_DEFAULTS = {"n": 6, "beta": 2, "word_order": 0, "lowercase": False, "whitespace": False,
                 "eps_smoothing": False}


@given(corpora(), chrf_options())
# Found on the way (an impl chrF regression on corpora without any word): chrF+ of "" vs "".
@example(([""], [[""]]), {**CHRF_DEFAULTS, "word_order": 1})
def test_chrf_sentence_stats_and_score_match_spec(corpus, options):
    hyps, refs = corpus
    want = spec.sentence_stats(configured("chrf", **options), hyps, refs)
    got = impl.sentence_stats(configured("chrf", **options), hyps, refs)
    assert got.dtype == np.float64 and got.shape == want.shape
    assert np.array_equal(got, want)
    want_score = spec.score_from_stats(configured("chrf", **options), want.sum(axis=0), len(hyps))
    got_score = impl.score_from_stats(configured("chrf", **options), got.sum(axis=0), len(hyps))
    assert abs(got_score - want_score) <= TOLERANCE


@given(corpora())
def test_exact_match_sentence_stats_and_score_match_spec(corpus):
    hyps, refs = corpus
    want = spec.sentence_stats("exact_match", hyps, refs)
    got = impl.sentence_stats("exact_match", hyps, refs)
    assert got.dtype == np.float64 and np.array_equal(got, want)
    assert impl.score_from_stats("exact_match", got.sum(axis=0), len(hyps)) == spec.score_from_stats(
        "exact_match", want.sum(axis=0), len(hyps))


@given(bleu_cases())
def test_integer_stats_score_like_their_float_sum(case):
    """``stats_matrix`` (int64, impl only) holds the same counts as ``sentence_stats``, and
    its integer column sum scores the same as the float sum."""
    (hyps, refs), options = case
    ints = impl.stats_matrix(configured("bleu", **options), hyps, refs)
    assert ints.dtype == np.int64
    assert np.array_equal(ints, spec.sentence_stats(configured("bleu", **options), hyps, refs))
    assert impl.score_from_stats(configured("bleu", **options), ints.sum(axis=0), len(hyps)) == impl.score_from_stats(
        configured("bleu", **options), ints.sum(axis=0).astype(np.float64), len(hyps))


def test_score_from_stats_by_hand():
    """Hand computation. BLEU stats [c=4, r=4, m=4,3,2,1, t=4,3,2,1]: every precision is
    100 %, BP = 1, so BLEU = exp(log 100) = 100 up to rounding. chrF with n=1, beta=2 and
    stats [h=4, r=5, m=2]: P = 1/2, R = 2/5, F2 = 5 * 0.5 * 0.4 / (4 * 0.5 + 0.4) = 1/2.4,
    times 100 = 41.66...; exact match [3] over 4 sentences = 0.75."""
    assert abs(impl.score_from_stats("bleu", [4, 4, 4, 3, 2, 1, 4, 3, 2, 1], 1) - 100.0) <= TOLERANCE
    assert abs(impl.score_from_stats(configured("chrf", n=1), [4, 5, 2], 2) - 100 / 2.4) <= TOLERANCE
    assert impl.score_from_stats("exact_match", [3.0], 4) == 0.75


HYPS, REFS = ["the cat sat", "a dog"], [["the cat sat on the mat"], ["a dog", "the dog"]]

BAD_STATS_CALLS = [
    pytest.param("no_such_metric", HYPS, REFS, {}, id="unknown-metric"),
    pytest.param(3, HYPS, REFS, {}, id="metric-not-str"),
    pytest.param("bleu", HYPS, REFS, {"order": 4}, id="unknown-bleu-option"),
    pytest.param("chrf", HYPS, REFS, {"tokenize": "13a"}, id="bleu-option-for-chrf"),
    pytest.param("exact_match", HYPS, REFS, {"lowercase": True}, id="option-for-exact-match"),
    pytest.param("bleu", HYPS, REFS, {"tokenize": "moses"}, id="unknown-tokenizer"),
    pytest.param("bleu", HYPS, REFS, {"max_ngram_order": 0}, id="order-zero"),
    pytest.param("chrf", HYPS, REFS, {"n": 0}, id="chrf-n-zero"),
    pytest.param("chrf", HYPS, REFS, {"word_order": -1}, id="chrf-negative-word-order"),
    pytest.param("bleu", "the cat", REFS, {}, id="hyps-bare-str"),
    pytest.param("bleu", [], [], {}, id="empty-corpus"),
    pytest.param("bleu", HYPS, REFS[:1], {}, id="mismatched-lengths"),
    pytest.param("chrf", HYPS, ["the cat sat", "a dog"], {}, id="chrf-refs-bare-strings"),
    pytest.param("bleu", HYPS, [["x"], []], {}, id="empty-reference-list"),
    pytest.param("exact_match", HYPS, "a dog", {}, id="exact-match-refs-bare-str"),
    pytest.param("exact_match", HYPS, ["x"], {}, id="exact-match-mismatched"),
    pytest.param("exact_match", ["a", None], ["a", "b"], {}, id="exact-match-hyp-none"),
]


@pytest.mark.parametrize(("metric", "hyps", "refs", "options"), BAD_STATS_CALLS)
def test_sentence_stats_bad_input_raises_like_spec(metric, hyps, refs, options):
    with pytest.raises((TypeError, ValueError)) as expected:
        spec.sentence_stats(configured(metric, **options), hyps, refs)
    with pytest.raises(expected.type):
        impl.sentence_stats(configured(metric, **options), hyps, refs)


BAD_SCORE_CALLS = [
    pytest.param("bleu", [1, 1, 1, 1], 0, {}, id="zero-sentences"),
    pytest.param("bleu", [1, 1, 1, 1], 1.0, {}, id="sentences-not-int"),
    pytest.param("bleu", [1, 1, 1, 1], True, {}, id="sentences-bool"),
    pytest.param("bleu", [1, 1, 1], 1, {}, id="bleu-odd-length"),
    pytest.param("bleu", [1, 1, 1, 1], 1, {"max_ngram_order": 2}, id="bleu-order-disagrees"),
    pytest.param("bleu", [1, 1, 1, 1], 1, {"smooth_method": "add-one"}, id="unknown-smoothing"),
    pytest.param("bleu", [1, 1, 1, 1], 1, {"smooth_value": "1"}, id="smooth-value-str"),
    pytest.param("chrf", [1, 1, 1], 1, {}, id="chrf-wrong-length"),
    pytest.param("chrf", [1, 1, 1], 1, {"n": 1, "beta": "2"}, id="chrf-beta-str"),
    pytest.param("exact_match", [1, 1], 2, {}, id="exact-match-two-columns"),
    pytest.param("exact_match", [1], 1, {"n": 1}, id="exact-match-option"),
    pytest.param("bleu", "1111", 1, {}, id="stats-str"),
    pytest.param("no_such_metric", [1], 1, {}, id="unknown-metric"),
]


@pytest.mark.parametrize(("metric", "summed", "n_sentences", "options"), BAD_SCORE_CALLS)
def test_score_from_stats_bad_input_raises_like_spec(metric, summed, n_sentences, options):
    with pytest.raises((TypeError, ValueError)) as expected:
        spec.score_from_stats(configured(metric, **options), summed, n_sentences)
    with pytest.raises(expected.type) as actual:
        impl.score_from_stats(configured(metric, **options), summed, n_sentences)
    assert str(actual.value) == str(expected.value)
