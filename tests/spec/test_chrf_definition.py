"""chrF and chrF++'s definition, case by case, with every expected value computed by hand.

Definition (section 2.3 of the course module; Popovic 2015, 2017; sacreBLEU
2.5.1 ``metrics/chrf.py``): white space removed, character n-grams of orders 1..n
(n = 6), per order [hyp n-grams, ref n-grams, clipped matches] with the hypothesis count
set to 0 when the reference has no n-gram of that order; P and R averaged over the
orders where both counts are positive;
chrF = 100 (1 + beta^2) P R / (beta^2 P + R), beta = 2; several references: the one with
the best sentence chrF, the first on a tie. The docstrings write each computation out;
no expected number was printed by our code. Floats: absolute tolerance 1e-9 on the 0-100
scale (``TOL``). Which planted fault each test kills is listed at the top of
``test_hand_examples.py``.
"""

from __future__ import annotations

import pytest

from bleuprint import spec

#: Absolute tolerance on the 0-100 scale.
TOL = 1e-9

#: Statistics of the section 3 example, h = "cat" against r = "cats" (derived in
#: test_hand_examples.py::test_hand_example_chrf): P = 1, R = 23/36.
CAT_VS_CATS = [3, 4, 3, 2, 3, 2, 1, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]


def close(expected: float):
    return pytest.approx(expected, rel=0, abs=TOL)


def test_chrf_ignores_white_space_and_forgives_inflection():
    """White space is removed before counting; "cats" still shares most of "cat".

    * h = "a b", r = "ab": without white space both are "ab". Order 1: a, b on both
      sides, [2, 2, 2]; order 2: "ab", [1, 1, 1]; orders 3..6: the reference has none,
      [0, 0, 0]. P = R = 1: chrF = 100 * 5 / (4 + 1) = 100. (Keeping the space would give
      100 * 5/11, see test_chrf_whitespace_option.) Same with white space in the reference.
    * h = "cats", r = "cat" (the section 3 example reversed): order 1: c, a, t, s vs
      c, a, t: [4, 3, 3]; order 2: ca, at, ts vs ca, at: [3, 2, 2]; order 3: cat, ats vs
      cat: [2, 1, 1]; order 4: the reference has no 4-gram, so [0, 0, 0]; orders 5, 6:
      [0, 0, 0]. P = (3/4 + 2/3 + 1/2)/3 = 23/36, R = 1:
      chrF = 100 * 5 (23/36) / (4 * 23/36 + 1) = 100 * 115/128 = 89.84375.
      BLEU sees no word in common ("cats" != "cat"): 0.0.
    """
    stats_ab = [2, 2, 2, 1, 1, 1] + [0] * 12
    assert spec.chrf_stats("a b", ["ab"]) == stats_ab
    assert spec.chrf_stats("ab", ["a  b\t"]) == stats_ab
    assert spec.chrf(["a b"], [["ab"]]) == close(100.0)
    assert spec.chrf(["the cat"], [["thecat"]]) == close(100.0)
    assert spec.chrf_stats("cats", ["cat"]) == [4, 3, 3, 3, 2, 2, 2, 1, 1] + [0] * 9
    assert spec.chrf(["cats"], [["cat"]]) == close(100 * 115 / 128)
    assert spec.corpus_bleu(["cats"], [["cat"]]) == 0.0


def test_chrf_beta_weights_recall():
    """Recall weighs beta^2 times as much as precision; beta is a parameter.

    Section 3 example h = "cat", r = "cats": P = 1, R = 23/36.
      beta = 2: 5 R / (4 + R) = (115/36) / (167/36) = 115/167 -> 68.86...
      beta = 1: 2 R / (1 + R) = (46/36) / (59/36) = 46/59 -> 77.97...
      beta = 3: 10 R / (9 + R) = (230/36) / (347/36) = 230/347 -> 66.28...
    (With beta not squared: beta = 2 gives 3 R / (2 + R) = 69/95, beta = 3 gives
    4 R / (3 + R) = 92/131.)
    Reversed, h = "cats", r = "cat": P = 23/36, R = 1. With beta = 1 F is symmetric:
    2 (23/36) / (23/36 + 1) = 46/59 again; with beta = 2 missing characters (low recall,
    68.86) cost more than extra ones (low precision, 100 * 115/128 = 89.84).
    """
    assert spec.chrf(["cat"], [["cats"]]) == close(100 * 115 / 167)
    assert spec.chrf(["cat"], [["cats"]], beta=1) == close(100 * 46 / 59)
    assert spec.chrf(["cat"], [["cats"]], beta=3) == close(100 * 230 / 347)
    assert spec.chrf_from_stats(CAT_VS_CATS, beta=3) == close(100 * 230 / 347)
    assert spec.chrf(["cats"], [["cat"]], beta=1) == close(100 * 46 / 59)
    assert spec.chrf(["cats"], [["cat"]]) > spec.chrf(["cat"], [["cats"]])


def test_chrf_uses_the_best_reference():
    """A sentence keeps the statistics of its best reference (the first on a tie).

    * h = "cat", refs "cats" and "dog". Against "dog": no character in common, order 1
      [3, 3, 0], order 2 [2, 2, 0], order 3 [1, 1, 0], then zeros: P = R = 0, chrF 0.
      Against "cats": 100 * 115/167. The best is "cats", wherever "dog" is placed: the
      statistics are CAT_VS_CATS and the score 100 * 115/167 (keeping the last reference
      would give 0 with "dog" last; averaging the two would lower it).
    * Tie, with n = 1 (so that the arithmetic is exact in binary): h = "abcdefgh" (8
      characters); "a" gives [8, 1, 1]: P = 1/8, R = 1, F = 5 (1/8) / (4/8 + 1) = 5/12;
      "abxy" gives [8, 4, 2] (a and b match): P = 1/4, R = 1/2,
      F = 5 (1/8) / (1 + 1/2) = 5/12. Both sides compute 0.625 / 1.5 in floating point, the
      same double, so this is a true tie: the first reference's statistics are kept.
    """
    for refs in (["cats", "dog"], ["dog", "cats"]):
        assert spec.chrf_stats("cat", refs) == CAT_VS_CATS
        assert spec.chrf(["cat"], [refs]) == close(100 * 115 / 167)
    assert spec.chrf_stats("cat", ["dog"]) == [3, 3, 0, 2, 2, 0, 1, 1, 0] + [0] * 9
    assert spec.chrf(["cat"], [["dog"]]) == 0.0
    assert spec.chrf_stats("abcdefgh", ["a", "abxy"], n=1) == [8, 1, 1]
    assert spec.chrf_stats("abcdefgh", ["abxy", "a"], n=1) == [8, 4, 2]
    assert spec.chrf(["abcdefgh"], [["a", "abxy"]], n=1) == close(100 * 5 / 12)


def test_chrf_counts_every_order_up_to_n():
    """Orders 1..n are all counted, n = 6 included.

    h = "abcdefg", r = "abcdefx" (7 characters each, the last one differs). Order k has
    8 - k n-grams on each side, and the 7 - k of them that do not reach the last
    character match: [7, 7, 6], [6, 6, 5], [5, 5, 4], [4, 4, 3], [3, 3, 2], [2, 2, 1].
    P_k = R_k = (7 - k)/(8 - k): 6/7, 5/6, 4/5, 3/4, 2/3, 1/2. With P = R, F = P, so
    chrF = 100 * (6/7 + 5/6 + 4/5 + 3/4 + 2/3 + 1/2) / 6
         = 100 * (360 + 350 + 336 + 315 + 280 + 210) / 420 / 6 = 100 * 1851/2520
         = 100 * 617/840 = 73.45...
    (orders 1..5 only: 100 * 1641/2100 = 78.14). With n = 1: [7, 7, 6], 100 * 6/7.
    """
    stats = [7, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1]
    assert spec.chrf_stats("abcdefg", ["abcdefx"]) == stats
    assert spec.chrf(["abcdefg"], [["abcdefx"]]) == close(100 * 617 / 840)
    assert spec.chrf_from_stats(stats) == close(100 * 617 / 840)
    assert spec.chrf_stats("abcdefg", ["abcdefx"], n=1) == [7, 7, 6]
    assert spec.chrf(["abcdefg"], [["abcdefx"]], n=1) == close(100 * 6 / 7)


def test_chrf_is_case_sensitive():
    """h = "A", r = "a": order 1 [1, 1, 0], P = R = 0: chrF 0.0. Lowercased: [1, 1, 1],
    P = R = 1: 100."""
    assert spec.chrf(["A"], [["a"]]) == 0.0
    assert spec.chrf_stats("A", ["a"], lowercase=True) == [1, 1, 1] + [0] * 15
    assert spec.chrf(["A"], [["a"]], lowercase=True) == close(100.0)


def test_chrf_plus_plus_word_ngrams():
    """chrF++ (word_order = 2) adds word unigrams and bigrams after the character orders.
    A word token of two or more characters loses at most one ASCII punctuation mark,
    the last character first: "(hi)" -> "(hi", ")".

    h = "(hi)", r = "(hi )".
    Characters (white space removed, both "(hi)"): [4, 4, 4], [3, 3, 3], [2, 2, 2],
    [1, 1, 1], then the reference has no 5- or 6-gram: [0, 0, 0] twice.
    Words: h -> "(hi", ")"; r: "(hi" ends with a letter and starts with "(", so
    -> "(", "hi"; ")" is one character and stays: r -> "(", "hi", ")".
      word unigrams: h {(hi, )}, r {(, hi, )}: [2, 3, 1] (")" matches);
      word bigrams: h {"(hi )"}, r {"( hi", "hi )"}: [1, 2, 0].
    Averages over the 6 orders with both counts positive (chars 1..4, words 1, 2):
      P = (1 + 1 + 1 + 1 + 1/2 + 0)/6 = 3/4, R = (1 + 1 + 1 + 1 + 1/3 + 0)/6 = 13/18.
    chrF++ = 100 * 5 (3/4)(13/18) / (3 + 13/18) = 100 * (195/72) / (67/18)
           = 100 * 195/268 = 72.76...
    Plain chrF of the same pair is 100 (characters identical).
    """
    stats = [4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 3, 1, 1, 2, 0]
    assert spec.chrf_stats("(hi)", ["(hi )"], word_order=2) == stats
    assert spec.chrf(["(hi)"], [["(hi )"]], word_order=2) == close(100 * 195 / 268)
    assert spec.chrf_from_stats(stats, word_order=2) == close(100 * 195 / 268)
    assert spec.chrf(["(hi)"], [["(hi )"]]) == close(100.0)


def test_word_only_chrf():
    """n = 0 (sacreBLEU's ``char_order=0``) with word_order = 2: no character order, the
    statistics are those of the word orders alone, [unigrams, bigrams], and are scored as
    any orders are.

    Sentence 1: h = "the cat sat on the mat.", r = "the cat is on the mat.". Words (the
    final "." split off): h the, cat, sat, on, the, mat, . ; r the, cat, is, on, the, mat, .
    Unigrams: 7 and 7, matches the x2, cat, on, mat, "." = 6: [7, 7, 6]. Bigrams: h "the
    cat", "cat sat", "sat on", "on the", "the mat", "mat ."; r "the cat", "cat is", "is on",
    "on the", "the mat", "mat ."; 4 shared: [6, 6, 4]. P = R = (6/7 + 4/6)/2 = 16/21, and
    with P = R the F score is P: 100 * 16/21.
    Sentence 2: h = "hello", r = "hi there": unigrams [1, 2, 0]; h has no bigram, r one:
    [0, 1, 0]. Only order 1 has both counts positive, and P = R = 0 there: 0.0.
    Corpus: [8, 9, 6, 6, 7, 4]: P = (6/8 + 4/6)/2 = 17/24, R = (6/9 + 4/7)/2 = 13/21;
    chrF = 100 * 5 (17/24)(13/21) / (4 * 17/24 + 13/21) = 100 * (1105/504) / (145/42)
    = 100 * 221/348 = 63.50...
    eps smoothing, mean of the per-order F: F1 = 5 (3/4)(2/3) / (3 + 2/3) = 15/22,
    F2 = 5 (2/3)(4/7) / (8/3 + 4/7) = 10/17: 100 * (15/22 + 10/17)/2 = 100 * 475/748.
    White space kept or not changes nothing here: there is no character n-gram.
    """
    hyps = ["the cat sat on the mat.", "hello"]
    refs = [["the cat is on the mat."], ["hi there"]]
    assert spec.chrf_stats(hyps[0], refs[0], n=0, word_order=2) == [7, 7, 6, 6, 6, 4]
    assert spec.chrf_stats(hyps[1], refs[1], n=0, word_order=2) == [1, 2, 0, 0, 1, 0]
    assert spec.sentence_chrf(hyps[0], refs[0], n=0, word_order=2) == close(100 * 16 / 21)
    assert spec.sentence_chrf(hyps[1], refs[1], n=0, word_order=2) == 0.0
    assert spec.chrf(hyps, refs, n=0, word_order=2) == close(100 * 221 / 348)
    assert spec.chrf_from_stats([8, 9, 6, 6, 7, 4], n=0, word_order=2) == close(100 * 221 / 348)
    assert spec.chrf(hyps, refs, n=0, word_order=2, whitespace=True) == close(100 * 221 / 348)
    assert spec.chrf(hyps, refs, n=0, word_order=2, eps_smoothing=True) == close(100 * 475 / 748)


def test_chrf_whitespace_option():
    """``whitespace=True`` counts white space characters, and chrF never strips a line.

    * h = "a b", r = "ab". Order 1: h a, " ", b (3), r a, b (2), matches a, b: [3, 2, 2].
      Order 2: h "a ", " b" (2), r "ab" (1), no match: [2, 1, 0]. Order 3: the reference
      has none: [0, 0, 0]; orders 4..6 likewise. Orders 1, 2 count:
      P = (2/3 + 0)/2 = 1/3, R = (1 + 0)/2 = 1/2;
      chrF = 100 * 5 (1/6) / (4/3 + 1/2) = 100 * (5/6) / (11/6) = 100 * 5/11 = 45.45...
    * h = "a " (trailing space), r = "a": order 1: [2, 1, 1]; order 2: the reference has
      none: [0, 0, 0]. P = 1/2, R = 1: 100 * 5 (1/2) / (2 + 1) = 100 * 5/6. Without the
      option the space is removed: 100.
    """
    assert spec.chrf_stats("a b", ["ab"], whitespace=True) == [3, 2, 2, 2, 1, 0] + [0] * 12
    assert spec.chrf(["a b"], [["ab"]], whitespace=True) == close(100 * 5 / 11)
    assert spec.chrf_stats("a ", ["a"], whitespace=True) == [2, 1, 1] + [0] * 15
    assert spec.chrf(["a "], [["a"]], whitespace=True) == close(100 * 5 / 6)
    assert spec.chrf(["a "], [["a"]]) == close(100.0)


def test_chrf_eps_smoothing():
    """``eps_smoothing=True``: the mean of the per-order F over all n orders, with 1e-16
    standing in for an undefined P, R or F.

    h = r = "c": order 1 [1, 1, 1], P = R = 1, F = 5 / (4 + 1) = 1. Orders 2..6: [0, 0, 0],
    so P = R = 1e-16, the denominator 4e-16 + 1e-16 > 0, F = 5e-32 / 5e-16 = 1e-16.
    chrF = 100 (1 + 5e-16) / 6 = 100/6 + 8e-15 = 16.666... (within 1e-9 of 100/6).
    The default (effective order) averages P and R over order 1 only: 100.
    h = "a", r = "b": order 1 [1, 1, 0] has P = R = 0 and a zero denominator, so
    F = 1e-16; with the five empty orders, 100 * 6e-16 / 6 = 1e-14 (about 0); the
    default gives exactly 0.0.
    """
    assert spec.chrf(["c"], [["c"]], eps_smoothing=True) == close(100 / 6)
    assert spec.chrf(["c"], [["c"]]) == close(100.0)
    assert spec.chrf(["a"], [["b"]], eps_smoothing=True) == close(0.0)
    assert spec.chrf(["a"], [["b"]]) == 0.0


def test_chrf_order_missing_from_the_reference_does_not_count_hypothesis_ngrams():
    """When the reference has no n-gram of an order, the hypothesis n-grams of that order
    are not counted (hypothesis count 0), even at corpus level.

    Corpus h = "abc", "xyz" with references "" and "xyz".
    Sentence 1: the empty reference has no n-gram of any order, so all 18 numbers are 0.
    Sentence 2: [3, 3, 3], [2, 2, 2], [1, 1, 1], then zeros.
    Pooled = sentence 2: P = R = 1 over orders 1..3: chrF = 100.
    (Counting "abc"'s n-grams would pool [6, 3, 3], [4, 2, 2], [2, 1, 1]: P = 1/2, R = 1,
    chrF = 100 * 5 (1/2) / (2 + 1) = 100 * 5/6.)
    """
    assert spec.chrf_stats("abc", [""]) == [0] * 18
    assert spec.chrf_stats("xyz", ["xyz"]) == [3, 3, 3, 2, 2, 2, 1, 1, 1] + [0] * 9
    assert spec.chrf(["abc", "xyz"], [[""], ["xyz"]]) == close(100.0)


def test_chrf_corpus_pools_statistics():
    """Corpus chrF is chrF of the summed statistics, not the mean of sentence chrFs.

    h = "cat", r = "cats" (CAT_VS_CATS, sentence chrF 100 * 115/167) and h = "a",
    r = "b" ([1, 1, 0] then zeros, sentence chrF 0).
    Pooled: order 1 [4, 5, 3], order 2 [2, 3, 2], order 3 [1, 2, 1], order 4 [0, 1, 0]:
      P = (3/4 + 1 + 1)/3 = 11/12, R = (3/5 + 2/3 + 1/2)/3 = (18 + 20 + 15)/30/3 = 53/90.
      chrF = 100 * 5 (11/12)(53/90) / (4 * 11/12 + 53/90)
           = 100 * (583/216) / (990/270 + 159/270) = 100 * (583/216) / (1149/270)
           = 100 * 583 * 270 / (216 * 1149) = 100 * 2915/4596 = 63.42...
    Mean of the sentence scores: 100 * 115/167 / 2 = 34.43.
    """
    pooled = 100 * 2915 / 4596
    assert spec.chrf(["cat", "a"], [["cats"], ["b"]]) == close(pooled)
    mean = (spec.sentence_chrf("cat", ["cats"]) + spec.sentence_chrf("a", ["b"])) / 2
    assert mean == close(100 * 115 / 167 / 2)


def test_chrf_words_split_every_ascii_punctuation_mark():
    """chrF++ splits one mark of Python's ``string.punctuation`` (the 32 ASCII marks, as
    sacreBLEU) off a word of two or more characters: last character first (x + mark ->
    x, mark), else the first (mark + x -> mark, x). Every one of the 32 marks, both ends."""
    import string

    from bleuprint.metrics.chrf.spec import chrf_words

    assert len(string.punctuation) == 32
    for mark in string.punctuation:
        assert chrf_words("x" + mark) == ["x", mark], mark
        assert chrf_words(mark + "x") == [mark, "x"], mark


def test_word_ngrams_are_joined_by_a_space():
    """Word-only chrF (n = 0, word_order = 2) of "ab c" against "a bc": unigrams ab, c
    against a, bc: [2, 2, 0]; bigrams "ab c" against "a bc": [1, 1, 0]. Joined without
    the space both bigrams would read "abc" and match."""
    assert spec.chrf_stats("ab c", ["a bc"], n=0, word_order=2) == [2, 2, 0, 1, 1, 0]


def test_chrf_parts_average_the_effective_orders():
    """chrf_parts: 100 * avgP and 100 * avgR over the orders with h > 0 and r > 0.

    * n = 2, stats [4, 5, 2, 0, 4, 0]: order 2 has h = 0, so only order 1 counts:
      P = 2/4 = 0.5, R = 2/5 = 0.4 -> 50.0 and 40.0.
    * defaults (n = 6, beta = 2, no words), each of 6 orders [2, 4, 1]: P = 1/2, R = 1/4 ->
      50.0 and 25.0.
    * n = 1, word_order = 1, [2, 2, 2, 4, 4, 1]: P = (2/2 + 1/4)/2 = 0.625, R the same ->
      62.5 and 62.5.
    * n = 1, [0, 3, 0]: no effective order -> 0.0 and 0.0.
    """
    from bleuprint.metrics.chrf.spec import chrf_parts

    assert chrf_parts([4, 5, 2, 0, 4, 0], n=2) == {"precision": 50.0, "recall": 40.0}
    assert chrf_parts([2, 4, 1] * 6) == {"precision": 50.0, "recall": 25.0}
    assert chrf_parts([2, 2, 2, 4, 4, 1], n=1, word_order=1) == {"precision": 62.5, "recall": 62.5}
    assert chrf_parts([0, 3, 0], n=1) == {"precision": 0.0, "recall": 0.0}


def test_chrf_helpers_defaults_and_edges():
    """Defaults of the helpers: char_ngram_counts drops white space ("a b", n = 1 -> a, b);
    check_chrf_stats expects n = 6 character orders and no word order (18 numbers).
    chrf_parts' effective orders need h > 0 and r > 0: [1, 1, 1] gives P = R = 1/1 -> 100.0
    each; [2, 0, 0] (no reference n-gram) is no effective order -> 0.0 and 0.0."""
    from collections import Counter

    from bleuprint.metrics.chrf.spec import char_ngram_counts, check_chrf_stats, chrf_parts

    assert char_ngram_counts("a b", 1) == Counter({"a": 1, "b": 1})
    assert check_chrf_stats([2, 4, 1] * 6) == [2, 4, 1] * 6
    assert chrf_parts([1, 1, 1], n=1) == {"precision": 100.0, "recall": 100.0}
    assert chrf_parts([2, 0, 0], n=1) == {"precision": 0.0, "recall": 0.0}


def test_an_order_without_reference_ngrams_is_not_effective():
    """chrf_from_stats, n = 2: order 1 [2, 4, 1] (P = 1/2, R = 1/4), order 2 [2, 0, 0]
    (hypothesis n-grams but none in the reference: not an effective order). Only order 1
    is averaged: chrF = 100 * 5 * (1/2)(1/4) / (4 * 1/2 + 1/4) = 100 * 0.625 / 2.25
    = 250/9."""
    from bleuprint.metrics.chrf.spec import chrf_from_stats

    assert abs(chrf_from_stats([2, 4, 1, 2, 0, 0], n=2) - 250 / 9) <= TOL
