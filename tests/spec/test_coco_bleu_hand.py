"""coco BLEU's statistics and refusals, by hand (the scores' hand computations are in
examples/graded_suites/thorough/test_thorough_coco.py, pycocoevalcap's numbers in
tests/spec/test_coco_goldens.py). Statistics exact; scores ``==`` where the docstring
writes the spec's operations out."""

from __future__ import annotations

import math

import pytest

from bleuprint import impl, spec
from bleuprint.metrics.coco_bleu import impl as bleu_impl
from bleuprint.metrics.coco_bleu import spec as bleu_spec
from bleuprint.core.value import metric as configured


def test_row_by_hand():
    """'a a b c' against ['a b', 'a a a b c d e']: testlen 4; lengths 2 and 7, |2 - 4| = 2
    < 3: reflen 2; guess (4, 3, 2, 1); unigrams a 2 (max in one reference: 3), b 1, c 1:
    4; bigrams aa (1 in the second), ab, bc: 3; trigrams aab, abc: 2; 4-gram aabc: 1."""
    row = [4, 2, 4, 3, 2, 1, 4, 3, 2, 1]
    assert bleu_spec.coco_bleu_stats("a a b c", ["a b", "a a a b c d e"]) == row
    assert bleu_impl.coco_bleu_stats_matrix(["a a b c"], [["a b", "a a a b c d e"]]).tolist() == [row]


def test_corpus_reflen_is_the_sum_of_each_images_closest_length():
    """Images 'a b c' (references of 1 and 4 words: closest 4) and 'a' (references of 1 and
    3: closest 1): the corpus reflen is 4 + 1 = 5, not the closest to the total."""
    hyps, refs = ["a b c", "a"], [["x", "a b c d"], ["a", "a b c"]]
    rows = [bleu_spec.coco_bleu_stats(h, r) for h, r in zip(hyps, refs)]
    assert [row[1] for row in rows] == [4, 1]
    ratio = (4 + 1e-15) / (5 + 1e-9)
    expected = (4 + 1e-15) / (4 + 1e-9) * math.exp(1 - 1 / ratio)
    assert bleu_spec.coco_bleu(hyps, refs, order=1) == expected == bleu_impl.coco_bleu(hyps, refs, order=1)


def test_parts_list_bleu_1_to_order():
    """The registered metric's parts: BLEU-1..order of the statistics, the last being the
    score."""
    from bleuprint.core import get_metric

    row = bleu_spec.coco_bleu_stats("a b c d", ["a b c d"])
    parts = get_metric("coco_bleu").parts(row, 1, order=4)
    assert parts["bleu"] == [bleu_spec.coco_bleu_from_stats(row, k) for k in (1, 2, 3, 4)]
    assert parts["bleu"][3] == spec.corpus_score("coco_bleu", ["a b c d"], [["a b c d"]])


@pytest.mark.parametrize("order, error", [(0, ValueError), (5, ValueError), (True, TypeError), (2.0, TypeError),
                                          ("4", TypeError)])
def test_bad_order_is_refused(order, error):
    for function in (bleu_spec.coco_bleu, bleu_impl.coco_bleu):
        with pytest.raises(error, match="order"):
            function(["a"], [["a"]], order)
    with pytest.raises((TypeError, ValueError)):
        impl.corpus_score(configured("coco_bleu", order=order), ["a"], [["a"]])


@pytest.mark.parametrize("stats, error", [
    ([1, 1, 1, 0, 0, 0, 2, 0, 0, 0], ValueError),      # more matches than n-grams
    ([1, 1, 1, 0, 0, 0, 1, 0, 0], ValueError),         # 9 entries
    ([-1, 1, 1, 0, 0, 0, 1, 0, 0, 0], ValueError),
    ([1.5, 1, 1, 0, 0, 0, 1, 0, 0, 0], ValueError),    # a fractional count
    ([float("nan"), 1, 1, 0, 0, 0, 1, 0, 0, 0], ValueError),
    (["1", 1, 1, 0, 0, 0, 1, 0, 0, 0], TypeError),
])
def test_bad_statistics_are_refused(stats, error):
    with pytest.raises(error):
        bleu_spec.coco_bleu_from_stats(stats)


@pytest.mark.parametrize("hyps, refs, error", [
    ("a b", [["a"]], TypeError), (["a"], [[]], ValueError), (["a", "b"], [["a"]], ValueError),
    ([None], [["a"]], TypeError), (["a"], ["a"], TypeError), (["a"], [[3]], TypeError),
])
def test_bad_corpora_are_refused(hyps, refs, error):
    for function in (bleu_spec.coco_bleu, bleu_impl.coco_bleu):
        with pytest.raises(error):
            function(hyps, refs)
