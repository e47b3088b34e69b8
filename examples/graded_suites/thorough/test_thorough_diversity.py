"""A thorough test suite for distinct-n and perplexity / cross-entropy (an example for the
grader), in the style of test_thorough.py: every expected number is worked out by hand in
the docstring from the definitions; the metrics are reached through ``bleuprint.spec``.
Within 1e-9.

distinct-n (Li et al. 2016): white-space tokens; corpus variant = distinct n-grams of all
outputs / all n-grams; sentence-mean = mean of each output's own ratio, an output without
an n-gram counting 0. Perplexity (pooled, torchmetrics): exp(sum of -log p over every token
/ number of tokens); cross-entropy the exponent, in nats or bits (/ ln 2).
"""

import math

import pytest

from bleuprint.spec import corpus_score, cross_entropy, distinct_n, perplexity

TOL = 1e-9


def test_distinct_corpus_is_the_union():
    """["a b a", "a b a"], n=2: bigrams ab ba | ab ba: 2 distinct of 4 = 0.5 (the mean of the
    outputs' ratios would be 1)."""
    assert distinct_n(["a b a", "a b a"], n=2) == pytest.approx(0.5, abs=TOL)


def test_distinct_registered_corpus_score():
    """The registered distinct_n on ["x y", "x y"]: 1 distinct bigram of 2 = 0.5."""
    assert corpus_score("distinct_n", ["x y", "x y"], None) == pytest.approx(0.5, abs=TOL)


def test_distinct_divides_by_ngrams():
    """["a b c d"], n=3: trigrams abc, bcd: 2 of 2 = 1 (2 of 4 tokens would be 0.5)."""
    assert distinct_n(["a b c d"], n=3) == pytest.approx(1.0, abs=TOL)


def test_distinct_splits_on_any_white_space():
    """"a\\tb\\na b", n=1: tokens a b a b: 2 of 4 = 0.5."""
    assert distinct_n(["a\tb\na b"], n=1) == pytest.approx(0.5, abs=TOL)


def test_distinct_mean_counts_short_outputs():
    """["p q", "r"], n=2, sentence mean: 1 and 0 (no bigram): 0.5."""
    assert distinct_n(["p q", "r"], n=2, variant="sentence-mean") == pytest.approx(0.5, abs=TOL)


def test_perplexity_pools_tokens():
    """[[-2], [-1, -1, -1, -1]]: 6 nats over 5 tokens = 1.2, PPL e^1.2 = 3.320117 (the mean
    of sentence perplexities would be (e^2 + e^1) / 2 = 5.053)."""
    assert perplexity([[-2.0], [-1.0] * 4]) == pytest.approx(math.exp(1.2), abs=TOL)


def test_registered_perplexity_pools_tokens():
    """The registered perplexity on the same corpus: e^1.2."""
    assert corpus_score("perplexity", [[-2.0], [-1.0] * 4], None) == pytest.approx(math.exp(1.2), abs=TOL)


def test_perplexity_base_e():
    """[[-2]]: e^2 = 7.389056 (2^2 = 4 would mix the bases)."""
    assert perplexity([[-2.0]]) == pytest.approx(math.exp(2), abs=TOL)


def test_cross_entropy_bits():
    """[[-2]]: 2 nats = 2 / ln 2 = 2.885390 bits."""
    assert cross_entropy([[-2.0]], base="2") == pytest.approx(2 / math.log(2), abs=TOL)


def test_positive_log_probability_refused():
    """log p = 0.1 means p > 1: refused."""
    with pytest.raises(ValueError):
        cross_entropy([[0.1]])
