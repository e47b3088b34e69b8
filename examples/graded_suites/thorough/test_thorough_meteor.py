"""A thorough oracle test suite for Meteor 1.5 (the jar of pycocoevalcap 1.2, -l en
-norm), in the style of test_thorough.py: every expected number is worked out by hand in
the docstring; the metric is reached through ``bleuprint.spec`` and the metric's spec.

Meteor 1.5: alpha 0.85, beta 0.2, gamma 0.6, delta 0.75; stage weights exact 1.0,
stem 0.6, synonym 0.8, paraphrase 0.6. Weighted length delta * content + (1 - delta) *
function words; weighted matches the same over matched words times the stage weight;
Fmean = 1 / ((1 - alpha) / P + alpha / R); frag = chunks / mean matched words, 0 when
every word of both sides is matched in one chunk; score Fmean (1 - gamma frag^beta). The
corpus: the score of the summed statistics. "the", "on", "of", "a" are function words.
"""

from bleuprint.metrics.meteor import spec as meteor_spec
from bleuprint.spec import corpus_score, sentence_stats

TOL = 1e-12


def meteor(hyps, refs):
    return corpus_score("meteor", hyps, refs)


def test_identical_sentence_scores_one():
    """All six words matched exactly in one chunk: no penalty, P = R = 1: 1.0."""
    assert meteor(["the cat sat on the mat"], [["the cat sat on the mat"]]) == 1.0


def test_two_chunks():
    """The two halves swapped: all matched, 2 chunks, frag = 2/6: 1 - 0.6 (1/3)^0.2."""
    value = meteor(["on the mat the cat sat"], [["the cat sat on the mat"]])
    assert abs(value - (1 - 0.6 * (1 / 3) ** 0.2)) < TOL


def test_function_words():
    """"of the cat" / "the dog of": "of", "the" matched (function), 2 chunks. P = R =
    0.25 * 2 / (0.75 + 0.25 * 2) = 0.4, frag 1: 0.4 * (1 - 0.6) = 0.16."""
    assert abs(meteor(["of the cat"], [["the dog of"]]) - 0.16) < TOL


def test_stem_weight():
    """"the cats" / "the cat": "the" exact, "cats" by stem, one chunk: 0.6 * 0.75 + 0.25 = 0.7."""
    assert abs(meteor(["the cats"], [["the cat"]]) - 0.7) < TOL


def test_greedy_is_not_enough():
    """"a b a" / "a a b": the beam finds "a b" in one chunk plus "a" (2 chunks, 3 words
    each side) where a greedy left-to-right choice gives 3 chunks... checked as the row's
    chunk count 2."""
    assert sentence_stats("meteor", ["a b a"], [["a a b"]])[0][20] == 2


def test_paraphrase():
    """"we have to act" / "we must act": the table pairs "we have to" with "we must": all
    words matched (paraphrase stage for 3 + 2 words), so no zero paraphrase columns."""
    row = sentence_stats("meteor", ["we have to act"], [["we must act"]])[0]
    assert row[16] + row[18] > 0


def test_best_reference_and_first_on_ties():
    """"a b c" takes its identical second reference (1.0); "x" scores 0 against "a" and
    "b c" and keeps the first (reference length 1)."""
    assert meteor(["a b c"], [["a b", "a b c"]]) == 1.0
    assert sentence_stats("meteor", ["x"], [["a", "b c"]])[0][1] == 1


def test_chunks_need_both_sides_contiguous():
    """"b a" / "a b": both matched but in swapped order: 2 chunks, frag 1: 1 - 0.6 = 0.4."""
    assert abs(meteor(["b a"], [["a b"]]) - 0.4) < TOL


def test_corpus_from_summed_statistics():
    """The identical pair, the swapped pair, "a dog" twice: summed, 14 words a side, all
    matched, chunks 0 + 2 + 0: 1 - 0.6 (1/7)^0.2 (not the mean 0.839)."""
    hyps = ["the cat sat on the mat", "on the mat the cat sat", "a dog"]
    refs = [["the cat sat on the mat"], ["the cat sat on the mat"], ["a dog"]]
    expected = 1 - 0.6 * (1 / 7) ** 0.2
    assert abs(meteor(hyps, refs) - expected) < TOL
    assert abs(meteor_spec.meteor(hyps, refs) - expected) < TOL
