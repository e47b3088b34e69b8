"""distinct-n (``bleuprint.metrics.distinct``): hand examples, computed in each docstring
from the definition (Li et al. 2016; white-space tokens, n-grams = windows of n tokens),
and a cross-check against a second, independent computation written here
(``collections.Counter`` over ``zip`` windows). No oracle package exists. Within 1e-12
(the values are single float64 divisions)."""

from __future__ import annotations

from collections import Counter

import pytest

from bleuprint import spec
from bleuprint.core.value import metric as configured
from bleuprint.spec.inputs import input_hooks

TOL = 1e-12


def test_corpus_variant_is_the_union():
    """["a b a", "a b a", "b c"], n=2: bigrams (a b)(b a) | (a b)(b a) | (b c): 5 in all,
    distinct {ab, ba, bc}: 3, so 3/5 = 0.6. The mean of the outputs' own ratios would be
    (2/2 + 2/2 + 1/1) / 3 = 1.0."""
    outputs = ["a b a", "a b a", "b c"]
    assert spec.distinct_n(outputs) == pytest.approx(0.6, abs=TOL)
    assert spec.distinct_n(outputs, 2, "sentence-mean") == pytest.approx(1.0, abs=TOL)


def test_denominator_is_ngrams():
    """["a b c"], n=2: bigrams ab, bc: 2 distinct of 2 = 1.0 (by tokens it would be 2/3)."""
    assert spec.distinct_n(["a b c"], n=2) == pytest.approx(1.0, abs=TOL)


def test_white_space_tokens():
    """"a\\tb a b", n=1: str.split gives a, b, a, b: 2 distinct of 4 = 0.5 (split on a space
    only would give "a\\tb", "a", "b": 3 of 3). Case and punctuation are kept: "A a a." has
    3 distinct unigrams of 3."""
    assert spec.distinct_n(["a\tb a b"], n=1) == pytest.approx(0.5, abs=TOL)
    assert spec.distinct_n(["A a a."], n=1) == pytest.approx(1.0, abs=TOL)
    assert spec.distinct_n(["a\u3000a\u00a0b"], n=1) == pytest.approx(2 / 3, abs=TOL)


def test_union_rows_and_score():
    """The registered corpus variant (UNION): ["a b", "a b"], n=2. Context (("a", "b"),);
    rows [1, 1] and [1, 1]; the sum [2, 2] has 1 non-zero item column of 2 bigrams: 0.5
    (counting each output's set would give 2/2)."""
    assert spec.sentence_stats("distinct_n", ["a b", "a b"], None).tolist() == [[1, 1], [1, 1]]
    assert spec.corpus_score("distinct_n", ["a b", "a b"], None) == pytest.approx(0.5, abs=TOL)


def test_sentence_mean_counts_short_outputs():
    """["a b", ""], n=2, sentence mean: "a b" has 1 of 1 (1.0), "" has no bigram (0.0) and
    still counts: (1 + 0) / 2 = 0.5; the registered distinct_n_mean agrees."""
    assert spec.distinct_n(["a b", ""], 2, "sentence-mean") == pytest.approx(0.5, abs=TOL)
    assert spec.corpus_score("distinct_n_mean", ["a b", ""], None) == pytest.approx(0.5, abs=TOL)


def test_no_ngram_at_all_is_zero():
    """["a", "", "b"], n=2: no output has 2 tokens, 0 bigrams: 0/0 is 0 in both variants
    (never NaN)."""
    for variant in ("corpus", "sentence-mean"):
        assert spec.distinct_n(["a", "", "b"], 2, variant) == 0.0
    assert spec.corpus_score("distinct_n", ["a", "", "b"], None) == 0.0


def test_shard_contexts_merge_by_union():
    """Shards ["a b a"] and ["a b", "b c"], n=2: contexts {ab, ba} and {ab, bc} merge to
    (ab, ba, bc); the rows under it sum to [4 bigrams (2 + 1 + 1), ab 2,
    ba 1, bc 1]: 3 distinct of 4 = 0.75, the value of the whole corpus in one call."""
    from bleuprint.core import get_metric

    metric = get_metric("distinct_n")
    context = metric.combine_contexts(metric.corpus_context(["a b a"], None, n=2),
                                      metric.corpus_context(["a b", "b c"], None, n=2))
    assert context == (("a", "b"), ("b", "a"), ("b", "c"))
    rows = input_hooks(metric).rows(["a b a", "a b", "b c"], None, context=context)
    assert [sum(c) for c in zip(*rows)] == [4, 2, 1, 1]
    assert spec.distinct_n(["a b a", "a b", "b c"]) == pytest.approx(0.75, abs=TOL)


@pytest.mark.parametrize("bad, error, match", [
    (dict(outputs=[], n=2), ValueError, "empty"),
    (dict(outputs="a b", n=2), TypeError, "bare str"),
    (dict(outputs=["a", 3], n=2), TypeError, r"hyps\[1\]"),
    (dict(outputs=["a"], n=0), ValueError, "n"),
    (dict(outputs=["a"], n=True), TypeError, "n must be an int"),
    (dict(outputs=["a"], n=11), ValueError, "at most 10"),
    (dict(outputs=["a"], n=2, variant="mean"), ValueError, "variant"),
])
def test_bad_input_is_refused(bad, error, match):
    with pytest.raises(error, match=match):
        spec.distinct_n(**bad)


def test_references_are_refused():
    with pytest.raises(TypeError, match="takes no references"):
        spec.corpus_score("distinct_n", ["a b"], [["a b"]])


def _independent(outputs, n):
    """A second computation: Counter over zip windows, written without the spec."""
    grams = Counter()
    ratios = []
    for output in outputs:
        words = output.split()
        mine = Counter(zip(*(words[k:] for k in range(n))))
        grams.update(mine)
        ratios.append(len(mine) / sum(mine.values()) if mine else 0.0)
    corpus = len(grams) / sum(grams.values()) if grams else 0.0
    return corpus, sum(ratios) / len(ratios)


@pytest.mark.parametrize("outputs", [
    ["the cat sat on the mat", "the cat ran", "", "a a a a"],
    ["猫 が 猫 が 猫", "ü\tü ü", " x  y x y  "],
    ["one"], ["a b c d e f g", "g f e d c b a", "a b c"],
])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_agrees_with_an_independent_computation(outputs, n):
    corpus, mean = _independent(outputs, n)
    assert spec.distinct_n(outputs, n, "corpus") == pytest.approx(corpus, abs=TOL)
    assert spec.distinct_n(outputs, n, "sentence-mean") == pytest.approx(mean, abs=TOL)
    assert spec.corpus_score(configured("distinct_n", n=n), outputs, None) == pytest.approx(corpus, abs=TOL)
    assert spec.corpus_score(configured("distinct_n_mean", n=n), outputs, None) == pytest.approx(mean, abs=TOL)
