"""Killing tests for the course module L4.5 (``tinyllm.eval.seqmetrics``): one per planted
mutant s01-s18, each written as a student can write it, in the course's contract, on the
smallest readable input, asserting integer statistics or a score whose value is derived by
hand in the docstring (never a float printed by an implementation).

Each docstring's first lines are read by ``bleuprint.mutants.hints``: ``Kills:`` the
mutant, ``Pitfall:`` the course's pitfall, ``Input:`` the input that tells the fault apart.
Scores are compared within 1e-9 on the 0..100 scale (the project's tolerance).
"""

import numpy as np
import pytest

from tinyllm.eval.seqmetrics import (bleu_from_stats, bleu_stats, chrf, chrf_stats, corpus_bleu, exact_match,
                                     metric_ci, sentence_stats, tokenize_13a)


def test_clipping():
    """Kills: s01
    Pitfall: 1. counting n-gram matches without clipping
    Input: bleu_stats("the the the the", ["the cat"])

    "the" occurs 4 times in the hypothesis but once in the reference, so m_1 = min(4, 1) = 1;
    no bigram "the the" in the reference, so m_2 = m_3 = m_4 = 0. c = 4, r = 2, and the
    hypothesis has t_n = 4, 3, 2, 1 n-grams."""
    assert bleu_stats("the the the the", ["the cat"]) == [4, 2, 1, 0, 0, 0, 4, 3, 2, 1]


def test_closest_reference_length_is_the_longer_one():
    """Kills: s02
    Pitfall: 2. brevity penalty against the shortest reference
    Input: bleu_stats("the cat sat", ["the", "the cat sat on"])

    c = 3; the references have 1 and 4 tokens, |3 - 1| = 2 and |3 - 4| = 1, so the closest
    is the longer one: r = 4 (the shortest would give 1)."""
    assert bleu_stats("the cat sat", ["the", "the cat sat on"])[:2] == [3, 4]


def test_no_brevity_penalty_for_a_long_hypothesis():
    """Kills: s03
    Pitfall: 2. brevity penalty applied to long hypotheses
    Input: corpus_bleu(["the cat sat on"], [["the cat sat on the mat", "a dog ran"]])

    c = 4; the references have 6 and 3 tokens, |4 - 6| = 2 > |4 - 3| = 1, so r = 3 < c and
    BP = 1. Every n-gram of the hypothesis is in the first reference, so p_1..p_4 = 4/4,
    3/3, 2/2, 1/1 and BLEU = 100 * 1 * (1 * 1 * 1 * 1)^(1/4) = 100 (a penalty
    e^(1 - 3/4) would move it)."""
    hyps, refs = ["the cat sat on"], [["the cat sat on the mat", "a dog ran"]]
    assert bleu_stats(hyps[0], refs[0]) == [4, 3, 4, 3, 2, 1, 4, 3, 2, 1]
    assert corpus_bleu(hyps, refs) == pytest.approx(100.0, abs=1e-9)


def test_corpus_pools_statistics():
    """Kills: s04
    Pitfall: 3. corpus BLEU as the mean of sentence BLEUs
    Input: corpus_bleu(["the cat sat on", "a b c"], [["the cat sat on"], ["x y z"]])

    Sentence 1 matches fully: [4, 4, 4, 3, 2, 1, 4, 3, 2, 1] (BLEU 100). Sentence 2 matches
    nothing: [3, 3, 0, 0, 0, 0, 3, 2, 1, 0] (BLEU 0), so the mean of sentence BLEUs is 50.
    Pooled: c = r = 7, m = 4, 3, 2, 1 and t = 7, 5, 3, 1, so
    BLEU = 100 * (4/7 * 3/5 * 2/3 * 1/1)^(1/4) = 100 * (8/35)^(1/4)."""
    assert corpus_bleu(["the cat sat on", "a b c"], [["the cat sat on"], ["x y z"]]) == pytest.approx(
        100 * (8 / 35) ** 0.25, abs=1e-9)


def test_a_bare_string_of_references_is_refused():
    """Kills: s05
    Pitfall: 4. the wrong reference layout: a bare string
    Input: bleu_stats("the cat", "the cat")

    refs is the list of references of one hypothesis; a bare string would make each
    character a reference, so the contract raises TypeError."""
    with pytest.raises(TypeError):
        bleu_stats("the cat", "the cat")


def test_references_are_per_hypothesis():
    """Kills: s06
    Pitfall: 4. the wrong reference layout: sacreBLEU's streams
    Input: sentence_stats("bleu", ["the cat", "a dog"], [["the cat", "the dog"], ["a dog"]])

    refs[i] holds the references of hyps[i] (2 for the first, 1 for the second). Each
    hypothesis has 2 tokens and matches its own first reference fully: c = r = 2,
    m = 2, 1, 0, 0 and t = 2, 1, 0, 0 for both rows."""
    rows = sentence_stats("bleu", ["the cat", "a dog"], [["the cat", "the dog"], ["a dog"]])
    assert rows.tolist() == [[2, 2, 2, 1, 0, 0, 2, 1, 0, 0]] * 2


def test_hand_example_bleu():
    """Kills: s07
    Pitfall: 5. arithmetic mean of precisions
    Input: bleu_from_stats([6, 6, 5, 3, 1, 0, 6, 5, 4, 3])

    The course's section 3: p = 5/6, 3/5, 1/4, and the zero 4-gram order smoothed to
    1/(2 * 3) = 1/6; BP = 1 (c = r = 6). BLEU = 100 * (5/6 * 3/5 * 1/4 * 1/6)^(1/4)
    = 100 * (1/48)^(1/4) (the geometric mean; the arithmetic one is far higher)."""
    stats = bleu_stats("the cat sat on the mat", ["the cat is on the mat"])
    assert stats == [6, 6, 5, 3, 1, 0, 6, 5, 4, 3]
    assert bleu_from_stats(stats) == pytest.approx(100 * (1 / 48) ** 0.25, abs=1e-9)


def test_smoothing_of_a_zero_order():
    """Kills: s08
    Pitfall: 5. no smoothing
    Input: bleu_from_stats([4, 4, 3, 2, 1, 0, 4, 3, 2, 1])

    "the cat sat on" against "the cat sat down": c = r = 4, m = 3, 2, 1, 0, t = 4, 3, 2, 1.
    The first zero order is smoothed to 1/(2^1 * t_4) = 1/2, so
    BLEU = 100 * (3/4 * 2/3 * 1/2 * 1/2)^(1/4) = 100 * (1/8)^(1/4) (without smoothing: 0)."""
    stats = bleu_stats("the cat sat on", ["the cat sat down"])
    assert stats == [4, 4, 3, 2, 1, 0, 4, 3, 2, 1]
    assert bleu_from_stats(stats) == pytest.approx(100 * (1 / 8) ** 0.25, abs=1e-9)


def test_13a_keeps_a_decimal_number_whole():
    """Kills: s09
    Pitfall: 6. a different tokenizer
    Input: tokenize_13a("pi is 3.14")

    13a splits a period except between two digits, so 3.14 stays one token."""
    assert tokenize_13a("pi is 3.14") == "pi is 3.14"


def test_case_counts():
    """Kills: s10
    Pitfall: 6. a different case rule
    Input: bleu_stats("The cat", ["the cat"])

    BLEU is case-sensitive by default: "The" does not match "the", so m_1 = 1 ("cat") and
    the bigram "The cat" does not match: m_2 = 0; c = r = 2, t = 2, 1, 0, 0."""
    assert bleu_stats("The cat", ["the cat"]) == [2, 2, 1, 0, 0, 0, 2, 1, 0, 0]


def test_chrf_ignores_white_space():
    """Kills: s11
    Pitfall: 7. chrF with white space kept
    Input: chrf_stats("a b", ["ab"])

    White space is removed, so both sides are "ab": order 1 has 2 n-grams each and 2
    matches, order 2 has 1, 1, 1, and orders 3 to 6 none."""
    assert chrf_stats("a b", ["ab"]) == [2, 2, 2, 1, 1, 1] + [0] * 12


def test_chrf_beta_weights_recall():
    """Kills: s12
    Pitfall: 7. beta not squared
    Input: chrf(["cat"], [["cats"]], beta=3)

    As in section 3, P = 1 and R = (3/4 + 2/3 + 1/2)/3 = 23/36. With beta = 3, beta^2 = 9:
    chrF = 100 * (1 + 9) * P * R / (9 * P + R) = 100 * (230/36) / (347/36) = 100 * 230/347."""
    assert chrf(["cat"], [["cats"]], beta=3) == pytest.approx(100 * 230 / 347, abs=1e-9)


def test_hand_example_chrf():
    """Kills: s13
    Pitfall: 7. per-order F averaged
    Input: chrf(["cat"], [["cats"]])

    The course's section 3: orders 1-3 have (hyp, ref, match) = (3, 4, 3), (2, 3, 2),
    (1, 2, 1); order 4 has no hypothesis n-gram and is skipped. P = 1,
    R = (3/4 + 2/3 + 1/2)/3 = 23/36 and chrF = 100 * 5 * P * R / (4 * P + R) = 100 * 115/167."""
    assert chrf_stats("cat", ["cats"]) == [3, 4, 3, 2, 3, 2, 1, 2, 1, 0, 1, 0] + [0] * 6
    assert chrf(["cat"], [["cats"]]) == pytest.approx(100 * 115 / 167, abs=1e-9)


def test_chrf_uses_the_best_reference():
    """Kills: s14
    Pitfall: 8. chrF keeping the last reference
    Input: chrf_stats("cat", ["cat", "dog"])

    "cat" matches the first reference fully (its chrF is 100) and shares nothing with "dog"
    (0), so the statistics are the first reference's: (3, 3, 3), (2, 2, 2), (1, 1, 1) for
    orders 1-3, and nothing above."""
    assert chrf_stats("cat", ["cat", "dog"]) == [3, 3, 3, 2, 2, 2, 1, 1, 1] + [0] * 9


def test_chrf_order_six():
    """Kills: s15
    Pitfall: 7. orders 1 to n-1
    Input: chrf_stats("kitten", ["kitten"])

    A 6-letter word has 7 - k n-grams of order k, each matched: (6, 6, 6), (5, 5, 5), ...,
    (1, 1, 1) for order 6, which only n = 6 orders count."""
    assert chrf_stats("kitten", ["kitten"]) == [6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1]


def test_exact_match_counts_case():
    """Kills: s16
    Pitfall: 9. exact match that ignores case
    Input: exact_match(["Paris"], ["paris"])

    "Paris" is not "paris": 0 of 1 hypotheses match."""
    assert exact_match(["Paris"], ["paris"]) == 0


def test_exact_match_strips_the_ends():
    """Kills: s17
    Pitfall: 9. exact match that does not strip
    Input: exact_match(["Paris\\n"], ["Paris"])

    A trailing newline is stripped before comparing: 1 of 1 hypotheses match."""
    assert exact_match(["Paris\n"], ["Paris"]) == 1


def test_interval_pools_each_resample():
    """Kills: s18
    Pitfall: 10. a bootstrap that averages sentence scores
    Input: metric_ci("chrf", ["cat", "a"], [["cats"], ["a"]], n_boot=1000, alpha=0.9, rng=default_rng(0))

    A resample of 2 sentences is one of (1, 1), (1, 2), (2, 1), (2, 2), with chances 1/4,
    1/2 and 1/4 for the two mixed ones together. Pooled, (1, 1) scores as "cat"/"cats"
    (100 * 115/167), (2, 2) as "a"/"a" (100), and a mixed one sums the statistics:
    (4, 5, 4), (2, 3, 2), (1, 2, 1), (0, 1, 0): P = 1, R = (4/5 + 2/3 + 1/2)/3 = 59/90,
    chrF = 100 * 5 * R / (4 + R) = 100 * 295/419. The 45th and 55th percentiles of 1000
    resamples fall among the mixed ones (about 250 to 750 of the sorted scores), so both
    ends are 100 * 295/419 (the mean of sentence scores would be (115/167 + 1)/2 * 100).
    The resampled scores are computed in float32, as sacreBLEU computes them, so the ends
    are compared within float32's precision (relative 1e-6)."""
    score, lo, hi = metric_ci("chrf", ["cat", "a"], [["cats"], ["a"]], n_boot=1000, alpha=0.9,
                              rng=np.random.default_rng(0))
    assert score == pytest.approx(100 * 295 / 419, abs=1e-9)
    assert lo == pytest.approx(100 * 295 / 419, rel=1e-6)
    assert hi == pytest.approx(100 * 295 / 419, rel=1e-6)
