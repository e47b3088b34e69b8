"""Meteor 1.5's spec on cases worked out by hand (bleuprint.metrics.meteor.spec).

Parameters (the jar's ``-l en`` defaults): alpha 0.85, beta 0.2, gamma 0.6, delta 0.75,
stage weights exact 1.0, stem 0.6, synonym 0.8, paraphrase 0.6. With all words of both
sides matched exactly, P = R = 1 and Fmean = 1, so the score is 1 - penalty. Function
words used below (the jar's function/english.words): "the", "on", "of", "a"; "cat",
"sat", "mat", "dog", "cats" are content words. Scores within 1e-12; statistics exact.
The row is the jar's SCORE line (23 numbers: lengths, function words, per stage hyp/ref
content then hyp/ref function matches, chunks, matched words).
"""

from __future__ import annotations

import math

import pytest

from bleuprint.metrics.meteor import eval_row, score, spec, METEOR

Z4 = [0, 0, 0, 0]


def test_identical_sentence_scores_one():
    """Six words, all matched exactly in one chunk: the no-penalty rule gives frag 0, so
    the score is Fmean = 1 exactly (with the penalty it would be 1 - 0.6 (1/6)^0.2)."""
    stats = spec.meteor_segment_stats("the cat sat on the mat", ["the cat sat on the mat"])
    assert stats == [6, 6, 3, 3, 3, 3, 3, 3] + Z4 * 3 + [1, 6, 6]
    assert spec.meteor_sentence("the cat sat on the mat", ["the cat sat on the mat"]) == 1.0


def test_two_chunk_case_by_hand():
    """"on the mat the cat sat" against "the cat sat on the mat": every word matched
    exactly, "the cat sat" and "on the mat" swapped: 2 chunks. P = R = 1;
    frag = 2 / ((6 + 6) / 2) = 1/3; score = 1 - 0.6 (1/3)^0.2 = 0.518358..."""
    stats = spec.meteor_segment_stats("on the mat the cat sat", ["the cat sat on the mat"])
    assert stats == [6, 6, 3, 3, 3, 3, 3, 3] + Z4 * 3 + [2, 6, 6]
    assert abs(spec.meteor_score_from_stats(stats) - (1 - 0.6 * (1 / 3) ** 0.2)) < 1e-12


def test_function_words_weigh_one_minus_delta():
    """"of the cat" against "the dog of": only the function words "of" and "the" match,
    in 2 chunks (reference order "the" -> hyp 1, then "of" -> hyp 0). Weighted length
    0.75 * 1 + 0.25 * 2 = 1.25 each side, weighted matches 0.25 * 2 = 0.5: P = R = 0.4,
    Fmean = 0.4; frag = 2 / 2 = 1, penalty 0.6: score 0.4 * 0.4 = 0.16. (As content
    words: P = R = 2/3.)"""
    stats = spec.meteor_segment_stats("of the cat", ["the dog of"])
    assert stats == [3, 3, 2, 2, 0, 0, 2, 2] + Z4 * 3 + [2, 2, 2]
    assert abs(spec.meteor_score_from_stats(stats) - 0.16) < 1e-12


def test_stem_weight():
    """"the cats" against "the cat": "the" exact (function), "cats"~"cat" by stem
    (content); all words matched in one chunk, so no penalty (the rule counts every
    stage). Weighted matches 1 * 0.6 * 0.75 + 1 * 1.0 * 0.25 = 0.7 over a weighted
    length 0.75 + 0.25 = 1: score 0.7."""
    stats = spec.meteor_segment_stats("the cats", ["the cat"])
    assert stats == [2, 2, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0] + Z4 * 2 + [1, 2, 2]
    assert abs(spec.meteor_score_from_stats(stats) - 0.7) < 1e-12


def test_corpus_from_summed_statistics():
    """Three segments: the identical 6-word pair (1.0), the 2-chunk pair above and "a dog"
    twice (1.0). EVAL sums the statistics, adding no chunks for the two one-chunk
    segments: 14 words a side, 7 function words, all matched, 2 chunks: P = R = 1,
    frag = 2 / 14: corpus 1 - 0.6 (1/7)^0.2 = 0.5934..., not the mean of the segment
    scores (1 + 0.518 + 1) / 3 = 0.839."""
    hyps = ["the cat sat on the mat", "on the mat the cat sat", "a dog"]
    refs = [["the cat sat on the mat"], ["the cat sat on the mat"], ["a dog"]]
    expected = 1 - 0.6 * (1 / 7) ** 0.2
    assert abs(spec.meteor(hyps, refs) - expected) < 1e-12
    rows = [eval_row(spec.meteor_segment_stats(h, r)) for h, r in zip(hyps, refs)]
    assert [row[-1] for row in rows] == [0, 2, 0]
    assert abs(METEOR.score([sum(c) for c in zip(*rows)], 3) - expected) < 1e-12
    mean = (1 + (1 - 0.6 * (1 / 3) ** 0.2) + 1) / 3
    assert abs(mean - expected) > 0.2


def test_best_reference_and_ties():
    """The first reference with the strictly highest score: "a b c" takes its identical
    second reference (1.0); "x" matches neither "a" nor "b c" (both 0) and keeps the
    first, whose length is 1 (and "a" a function word: [1, 1, 0, 1, 0...])."""
    assert spec.meteor_segment_stats("a b c", ["a b", "a b c"])[:2] == [3, 3]
    assert spec.meteor_sentence("a b c", ["a b", "a b c"]) == 1.0
    assert spec.meteor_segment_stats("x", ["a", "b c"]) == [1, 1, 0, 1] + [0] * 19


def test_empty_sides_score_zero():
    """An empty side gives 0/0 = NaN in the jar, scored 0."""
    assert spec.meteor_score_from_stats([0] * 23) == 0.0
    assert spec.meteor_sentence("", ["a dog"]) == 0.0
    assert spec.meteor_sentence("a dog", [""]) == 0.0
    assert score.corpus_score([[0] * 23]) == 0.0


def test_java_hash_is_string_hashcode():
    """Java's "Aa".hashCode() == "BB".hashCode() == 2112; "hello" is 99162322;
    "polygenelubricants" is -2^31 (Integer.MIN_VALUE)."""
    from bleuprint.metrics.meteor.align import java_hash

    assert java_hash("Aa") == java_hash("BB") == 2112
    assert java_hash("hello") == 99162322
    assert java_hash("polygenelubricants") == -2 ** 31
    assert math.isnan(score.jdiv(0.0, 0.0)) and score.jdiv(1.0, 0.0) == math.inf


@pytest.mark.parametrize("hyp, refs, error", [
    ("a ||| b", ["a"], ValueError), ("a", ["a\nb"], ValueError), ("a", [], ValueError),
    (1, ["a"], TypeError), ("a", "a", TypeError)])
def test_refusals(hyp, refs, error):
    with pytest.raises(error, match="Meteor"):
        spec.meteor_segment_stats(hyp, refs)


def test_stats_line_length_is_checked():
    with pytest.raises(ValueError, match="23"):
        spec.meteor_score_from_stats([1, 2, 3])
