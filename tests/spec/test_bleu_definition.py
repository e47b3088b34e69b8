"""BLEU's definition, case by case, with every expected value computed by hand.

Definition (section 2.2 of the course module; Papineni et al. 2002; sacreBLEU
2.5.1 ``metrics/bleu.py`` for smoothing, effective order and the zero rules):
statistics [c, r, m_1..m_N, t_1..t_N]; p_n = m_n / t_n; BP = 1 if c >= r else
e^(1 - r/c); BLEU = 100 BP exp(mean of log p_n). The docstrings write each computation
out; the expected numbers were not printed by our code. Floats: absolute tolerance 1e-9
on the 0-100 scale (``TOL``); ``==`` where the arithmetic is exact (0.0, and the perfect
score exp(log 100), derived below). Which planted fault each test kills is listed at the
top of ``test_hand_examples.py``.
"""

from __future__ import annotations

import math

import pytest

from bleuprint import spec

#: Absolute tolerance on the 0-100 scale.
TOL = 1e-9

#: The hand example of section 3 (see test_hand_examples.py::test_hand_example_bleu):
#: statistics [6, 6, 5, 3, 1, 0, 6, 5, 4, 3], i.e. p = 5/6, 3/5, 1/4 and no 4-gram match.
HAND_HYP = "the cat sat on the mat"
HAND_REF = "the cat is on the mat"


def close(expected: float):
    return pytest.approx(expected, rel=0, abs=TOL)


# --- the course's list (section 4) -----------------------------------------------------


def test_clipping():
    """A hypothesis n-gram matches at most as often as it occurs in one reference.

    h = "the the the the", r = "the cat": c = 4, r = 2.
      n = 1: the x4 (t1 = 4); the reference has "the" once: m1 = min(4, 1) = 1
             (unclipped it would be 4, a perfect unigram precision).
      n = 2: "the the" x3 (t2 = 3); the reference has only "the cat": m2 = 0.
      n = 3, 4: t3 = 2, t4 = 1, m = 0.
    Stats [4, 2, 1, 0, 0, 0, 4, 3, 2, 1]. BP = 1 (c >= r). Precisions with exp
    smoothing: p1 = 1/4; zero orders j = 1, 2, 3: p2 = 1/(2*3) = 1/6, p3 = 1/(4*2) = 1/8,
    p4 = 1/(8*1) = 1/8. BLEU = 100 (1/4 * 1/6 * 1/8 * 1/8)^(1/4) = 100 (1/1536)^(1/4).

    Several references: the bound is the largest count in any ONE reference, not the sum.
    Refs "the cat" and "the the mat": the bound for "the" is max(1, 2) = 2, so m1 = 2
    (a sum would give 3); "the the" occurs once in the second reference, so
    m2 = min(3, 1) = 1; m3 = m4 = 0. Lengths 2 and 3: 3 is closest to c = 4.
    Stats [4, 3, 2, 1, 0, 0, 4, 3, 2, 1].
    """
    stats = spec.bleu_stats("the the the the", ["the cat"])
    assert stats == [4, 2, 1, 0, 0, 0, 4, 3, 2, 1]
    assert spec.corpus_bleu(["the the the the"], [["the cat"]]) == close(100 * (1 / 1536) ** 0.25)
    assert spec.bleu_stats("the the the the", ["the cat", "the the mat"]) == [4, 3, 2, 1, 0, 0, 4, 3, 2, 1]


def test_closest_reference_length():
    """r is the length of the reference closest to c; on a tie, the shorter one.

    * h = "a b c d" (c = 4), refs "a b" (2) and "a b c d e" (5): distances 2 and 1, so
      r = 5, the LONGER reference, in either order of the references. Matches come from
      "a b c d e": m = [4, 3, 2, 1] = t. Stats [4, 5, 4, 3, 2, 1, 4, 3, 2, 1].
      All p_n = 1, BP = e^(1 - 5/4) = e^(-1/4): BLEU = 100 e^(-0.25) = 77.88...
      (against the shortest reference, r = 2, BP would be 1 and BLEU 100).
    * Tie: h = "a b c" (c = 3), refs "x y" (2) and "x y z w" (4): distance 1 each, so
      r = 2, the shorter, whichever comes first.
    * Four references of 9, 2, 6 and 4 tokens for a 5-token hypothesis: 6 and 4 are both
      at distance 1, so r = 4.
    """
    for refs in (["a b", "a b c d e"], ["a b c d e", "a b"]):
        assert spec.bleu_stats("a b c d", refs) == [4, 5, 4, 3, 2, 1, 4, 3, 2, 1]
        assert spec.corpus_bleu(["a b c d"], [refs]) == close(100 * math.exp(-0.25))
    for refs in (["x y", "x y z w"], ["x y z w", "x y"]):
        assert spec.bleu_stats("a b c", refs)[:2] == [3, 2]
    refs = ["q q q q q q q q q", "q q", "q q q q q q", "q q q q"]
    assert spec.bleu_stats("a b c d e", refs)[:2] == [5, 4]


def test_brevity_penalty():
    """BP = e^(1 - r/c) when c < r, and 1 when c >= r.

    * Short: h = "a b c d" (4), r = "a b c d e f" (6): every hypothesis n-gram matches,
      stats [4, 6, 4, 3, 2, 1, 4, 3, 2, 1], p_n = 1, BLEU = 100 e^(1 - 6/4) = 100 e^(-0.5)
      = 60.653...
    * Long: h = "a b c d e f" (6), r = "a b c d" (4): m = [4, 3, 2, 1], t = [6, 5, 4, 3],
      stats [6, 4, 4, 3, 2, 1, 6, 5, 4, 3]; p = 4/6, 3/5, 2/4, 1/3, product
      (2/3)(3/5)(1/2)(1/3) = 1/15; BP = 1, so BLEU = 100 (1/15)^(1/4) = 50.81...
      (a penalty on long output, e^(1 - 4/6) or e^(1 - 6/4), would change it).
    * From statistics alone: [10, 20, 10, 9, 8, 7, 10, 9, 8, 7] has p_n = 1 and
      BP = e^(1 - 20/10) = 1/e: BLEU = 100/e; the same with c = 30 > r = 20 gives 100.
    """
    assert spec.bleu_stats("a b c d", ["a b c d e f"]) == [4, 6, 4, 3, 2, 1, 4, 3, 2, 1]
    assert spec.corpus_bleu(["a b c d"], [["a b c d e f"]]) == close(100 * math.exp(-0.5))
    assert spec.bleu_stats("a b c d e f", ["a b c d"]) == [6, 4, 4, 3, 2, 1, 6, 5, 4, 3]
    assert spec.corpus_bleu(["a b c d e f"], [["a b c d"]]) == close(100 * (1 / 15) ** 0.25)
    assert spec.bleu_from_stats([10, 20, 10, 9, 8, 7, 10, 9, 8, 7]) == close(100 / math.e)
    assert spec.bleu_from_stats([30, 20, 30, 29, 28, 27, 30, 29, 28, 27]) == close(100.0)


def test_smoothing_and_zero_orders():
    """exp smoothing: the j-th zero-match order n gets p_n = 1 / (2^j t_n); but no match at
    all gives 0, and an order with no hypothesis n-gram (t_n = 0) gives 0 without
    effective order.

    * h = "a x b y c", r = "a b c d e": unigrams a, b, c match (m1 = 3); no hypothesis
      bigram (a x, x b, b y, y c) is in the reference: stats [5, 5, 3, 0, 0, 0, 5, 4, 3, 2].
      p1 = 3/5; zero orders j = 1, 2, 3: p2 = 1/(2*4) = 1/8, p3 = 1/(4*3) = 1/12,
      p4 = 1/(8*2) = 1/16. Product 3/(5*8*12*16) = 1/2560: BLEU = 100 (1/2560)^(1/4)
      = 14.06...
    * j counts zero orders only: stats [5, 5, 2, 0, 1, 0, 5, 4, 3, 2] give p1 = 2/5,
      p2 = 1/(2*4) = 1/8 (j = 1), p3 = 1/3, p4 = 1/(4*2) = 1/8 (j = 2). Product 1/480:
      BLEU = 100 (1/480)^(1/4).
    * The hand example (p4 smoothed to 1/6): 100 (1/48)^(1/4); without smoothing 0.
    * No match at all: h = "a b c d", r = "w x y z": stats [4, 4, 0, 0, 0, 0, 4, 3, 2, 1];
      the score is exactly 0.0 (smoothing every order would have given a positive number:
      1/8, 1/12, 1/16, 1/16).
    * h = r = "a b c": stats [3, 3, 3, 2, 1, 0, 3, 2, 1, 0]; t4 = 0 stops the loop and p4
      stays 0, log 0 is a huge negative number: BLEU = 0.0 although every n-gram matches.
    """
    assert spec.bleu_stats("a x b y c", ["a b c d e"]) == [5, 5, 3, 0, 0, 0, 5, 4, 3, 2]
    assert spec.corpus_bleu(["a x b y c"], [["a b c d e"]]) == close(100 * (1 / 2560) ** 0.25)
    assert spec.bleu_from_stats([5, 5, 2, 0, 1, 0, 5, 4, 3, 2]) == close(100 * (1 / 480) ** 0.25)
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]]) == close(100 * (1 / 48) ** 0.25)
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]], smooth_method="none") == 0.0
    assert spec.bleu_stats("a b c d", ["w x y z"]) == [4, 4, 0, 0, 0, 0, 4, 3, 2, 1]
    assert spec.corpus_bleu(["a b c d"], [["w x y z"]]) == 0.0
    assert spec.bleu_stats("a b c", ["a b c"]) == [3, 3, 3, 2, 1, 0, 3, 2, 1, 0]
    assert spec.corpus_bleu(["a b c"], [["a b c"]]) == 0.0


def test_corpus_pools_statistics():
    """Corpus BLEU is BLEU of the summed statistics, not the mean of sentence BLEUs.

    Sentence 1: h = r = "the cat sat down": stats [4, 4, 4, 3, 2, 1, 4, 3, 2, 1], BLEU 100.
    Sentence 2: h = "the dog sat down", r = "the cat sat down":
      unigrams the, dog, sat, down: the, sat, down match, m1 = 3;
      bigrams the dog, dog sat, sat down: only "sat down", m2 = 1;
      trigrams the dog sat, dog sat down: none; 4-gram: none.
      Stats [4, 4, 3, 1, 0, 0, 4, 3, 2, 1]; p1 = 3/4, p2 = 1/3, p3 = 1/(2*2) = 1/4 (j = 1),
      p4 = 1/(4*1) = 1/4 (j = 2); product 1/64; BLEU = 100 (1/64)^(1/4) = 100/(2 sqrt 2)
      = 25 sqrt 2 = 35.355...
    Pooled: [8, 8, 7, 4, 2, 1, 8, 6, 4, 2]; BP = 1; p = 7/8, 4/6, 2/4, 1/2; product
      7/8 * 2/3 * 1/2 * 1/2 = 7/48; corpus BLEU = 100 (7/48)^(1/4) = 61.80...
    Mean of the sentence BLEUs: (100 + 25 sqrt 2) / 2 = 67.68... (every order has
    hypothesis n-grams, so sentence_bleu's effective order changes nothing here).
    """
    hyps = ["the cat sat down", "the dog sat down"]
    refs = [["the cat sat down"], ["the cat sat down"]]
    assert spec.bleu_stats(hyps[0], refs[0]) == [4, 4, 4, 3, 2, 1, 4, 3, 2, 1]
    assert spec.bleu_stats(hyps[1], refs[1]) == [4, 4, 3, 1, 0, 0, 4, 3, 2, 1]
    pooled = 100 * (7 / 48) ** 0.25
    averaged = (100 + 25 * math.sqrt(2)) / 2
    assert spec.corpus_bleu(hyps, refs) == close(pooled)
    sentence_scores = [spec.sentence_bleu(h, r) for h, r in zip(hyps, refs)]
    assert sentence_scores == [close(100.0), close(25 * math.sqrt(2))]
    assert sum(sentence_scores) / 2 == close(averaged)
    assert averaged - pooled > 5


def test_references_are_per_hypothesis():
    """refs[i] is the list of references of hyps[i]; counts may vary; a bare string fails.

    * 2 x 2: hyps "a b c d", "e f g h"; refs [["w x y z", "a b c d"], ["e f g h", "p q r s"]].
      Per hypothesis each has its exact copy among its references: stats
      [4, 4, 4, 3, 2, 1, 4, 3, 2, 1] twice, BLEU 100. Read as sacreBLEU's streams
      (refs[k][i]), hyp 1 would get "w x y z", "e f g h" and hyp 2 "a b c d", "p q r s":
      no match at all, 0.
    * Variable counts: hyps "a b c d", "e f g h", "i j k l" with 1, 3 and 2 references:
      [["a b c d"], ["x", "e f g h", "y y"], ["i j", "i j k l m"]].
      s1 = [4, 4, 4, 3, 2, 1, 4, 3, 2, 1]; s2: lengths 1, 4, 2, closest 4,
      s2 = [4, 4, 4, 3, 2, 1, 4, 3, 2, 1]; s3: lengths 2, 5 at distances 2, 1, so r = 5,
      all n-grams in "i j k l m": s3 = [4, 5, 4, 3, 2, 1, 4, 3, 2, 1].
      Pooled [12, 13, 12, 9, 6, 3, 12, 9, 6, 3]: p_n = 1, BP = e^(1 - 13/12):
      BLEU = 100 e^(-1/12) = 92.00... (the mean of the sentence BLEUs would be
      (200 + 100 e^(-1/4)) / 3 = 92.63...).
    * A bare string in place of a list of references (each character would become a
      reference) is a TypeError, for BLEU and chrF, corpus and sentence.
    """
    hyps = ["a b c d", "e f g h"]
    refs = [["w x y z", "a b c d"], ["e f g h", "p q r s"]]
    assert [spec.bleu_stats(h, r) for h, r in zip(hyps, refs)] == [[4, 4, 4, 3, 2, 1, 4, 3, 2, 1]] * 2
    assert spec.corpus_bleu(hyps, refs) == close(100.0)

    hyps = ["a b c d", "e f g h", "i j k l"]
    refs = [["a b c d"], ["x", "e f g h", "y y"], ["i j", "i j k l m"]]
    assert [spec.bleu_stats(h, r) for h, r in zip(hyps, refs)] == [
        [4, 4, 4, 3, 2, 1, 4, 3, 2, 1],
        [4, 4, 4, 3, 2, 1, 4, 3, 2, 1],
        [4, 5, 4, 3, 2, 1, 4, 3, 2, 1],
    ]
    assert spec.corpus_bleu(hyps, refs) == close(100 * math.exp(-1 / 12))

    with pytest.raises(TypeError, match="bare str"):
        spec.corpus_bleu(["a b"], ["a b"])
    with pytest.raises(TypeError, match="bare str"):
        spec.bleu_stats("a b", "a b")
    with pytest.raises(TypeError, match="bare str"):
        spec.sentence_bleu("a b", "a b")
    with pytest.raises(TypeError, match="bare str"):
        spec.chrf(["a b"], ["a b"])
    with pytest.raises(TypeError, match="bare str"):
        spec.chrf_stats("a b", "a b")


def test_case_counts():
    """BLEU is case-sensitive by default; ``lowercase=True`` folds case first.

    h = "The cat", r = "the cat": "The" != "the", "cat" matches: m1 = 1; the bigram
    "The cat" is not "the cat": m2 = 0. Stats [2, 2, 1, 0, 0, 0, 2, 1, 0, 0].
    Sentence BLEU (effective order: orders 1 and 2 have hypothesis n-grams): p1 = 1/2,
    p2 = 1/(2*1) = 1/2 (exp, j = 1): 100 (1/4)^(1/2) = 50.
    Lowercased: stats [2, 2, 2, 1, 0, 0, 2, 1, 0, 0], p1 = p2 = 1: 100.
    """
    assert spec.bleu_stats("The cat", ["the cat"]) == [2, 2, 1, 0, 0, 0, 2, 1, 0, 0]
    assert spec.sentence_bleu("The cat", ["the cat"]) == close(50.0)
    assert spec.bleu_stats("The cat", ["the cat"], lowercase=True) == [2, 2, 2, 1, 0, 0, 2, 1, 0, 0]
    assert spec.sentence_bleu("The cat", ["the cat"], lowercase=True) == close(100.0)


# --- BLEU features beyond the course ----------------------------------------------------


def test_floor_smoothing():
    """floor: a zero-match order gets p_n = v / t_n (default v = 0.1), for every such order
    alike (no doubling).

    * Hand example, p4 = 0.1/3: product 5/6 * 3/5 * 1/4 * 1/30 = 1/240,
      BLEU = 100 (1/240)^(1/4) = 25.4...; with v = 0.3, p4 = 0.1 and the product is 1/80.
    * h = "a x b y c", r = "a b c d e" (stats [5, 5, 3, 0, 0, 0, 5, 4, 3, 2]), v = 0.1:
      p = 3/5, 0.1/4, 0.1/3, 0.1/2; product 3/5 * 0.001/24 = 1/40000;
      BLEU = 100 / 40000^(1/4) = 100 / sqrt(200) = sqrt(50) = 7.0710678...
      With v = 0.5: p = 3/5, 1/8, 1/6, 1/4; product 1/320; BLEU = 100 (1/320)^(1/4).
    """
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]], smooth_method="floor") == close(100 * (1 / 240) ** 0.25)
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]], smooth_method="floor", smooth_value=0.3) == close(
        100 * (1 / 80) ** 0.25
    )
    assert spec.corpus_bleu(["a x b y c"], [["a b c d e"]], smooth_method="floor") == close(math.sqrt(50))
    assert spec.bleu_from_stats([5, 5, 3, 0, 0, 0, 5, 4, 3, 2], smooth_method="floor", smooth_value=0.5) == close(
        100 * (1 / 320) ** 0.25
    )


def test_add_k_smoothing():
    """add-k: k is added to m_n and t_n of every order n >= 2 (default k = 1), BEFORE the
    test for an order without hypothesis n-grams.

    * Hand example, k = 1: m = [5, 4, 2, 1], t = [6, 6, 5, 4]; p = 5/6, 4/6, 2/5, 1/4;
      product (5*4*2*1)/(6*6*5*4) = 40/720 = 1/18; BLEU = 100 (1/18)^(1/4).
      k = 2: m = [5, 5, 3, 2], t = [6, 7, 6, 5]; product (5*5*3*2)/(6*7*6*5) = 150/1260
      = 5/42; BLEU = 100 (5/42)^(1/4).
    * h = r = "a b": stats [2, 2, 2, 1, 0, 0, 2, 1, 0, 0]. With k = 1: p1 = 2/2,
      p2 = (1+1)/(1+1), p3 = (0+1)/(0+1), p4 = (0+1)/(0+1), all 1: BLEU 100 (orders 3 and
      4 get 100 %). exp smoothing stops at t3 = 0: 0.0.
    * h = "a x b y c", r = "a b c d e" (m = [3, 0, 0, 0], t = [5, 4, 3, 2]), k = 1:
      p = 3/5, 1/5, 1/4, 1/3; product 1/100; BLEU = 100 / 10^(1/2) = 31.62...
    """
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]], smooth_method="add-k") == close(100 * (1 / 18) ** 0.25)
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]], smooth_method="add-k", smooth_value=2) == close(
        100 * (5 / 42) ** 0.25
    )
    assert spec.corpus_bleu(["a b"], [["a b"]], smooth_method="add-k") == close(100.0)
    assert spec.corpus_bleu(["a b"], [["a b"]]) == 0.0
    assert spec.corpus_bleu(["a x b y c"], [["a b c d e"]], smooth_method="add-k") == close(100 / math.sqrt(10))


def test_no_smoothing():
    """none: a zero-match order makes the geometric mean 0.

    * Hand example (m4 = 0): 0.0.
    * h = "a x b y c", r = "a b c d e" (m2 = m3 = m4 = 0): 0.0.
    * h = "a b c d e", r = "a b c d" (every order matches; stats [5, 4, 4, 3, 2, 1, 5, 4, 3,
      2]): p = 4/5, 3/4, 2/3, 1/2, product 1/5, BP = 1: 100 (1/5)^(1/4), as with exp.
    """
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]], smooth_method="none") == 0.0
    assert spec.corpus_bleu(["a x b y c"], [["a b c d e"]], smooth_method="none") == 0.0
    for method in ("none", "exp"):
        assert spec.corpus_bleu(["a b c d e"], [["a b c d"]], smooth_method=method) == close(100 * 0.2**0.25)


def test_effective_order():
    """effective_order: the geometric mean runs over the orders that have hypothesis
    n-grams (t_n > 0), not over the orders with matches.

    * h = "the cat", r = "the cat sat": stats [2, 3, 2, 1, 0, 0, 2, 1, 0, 0]. Orders 1, 2:
      p1 = p2 = 1, BP = e^(1 - 3/2): BLEU = 100 e^(-1/2) = 60.65...; without effective
      order t3 = 0 gives 0.0.
    * h = "a b c", r = "a b x": stats [3, 3, 2, 1, 0, 0, 3, 2, 1, 0]. Orders 1..3:
      p1 = 2/3, p2 = 1/2, p3 has no match, smoothed to 1/(2*1) = 1/2 (j = 1);
      BLEU = 100 (2/3 * 1/2 * 1/2)^(1/3) = 100 (1/6)^(1/3) = 55.03...
      (a mean over the orders with matches only would be 100 (1/3)^(1/2) = 57.7).
    * sentence_bleu uses effective order by default, corpus_bleu does not.
    """
    assert spec.bleu_stats("the cat", ["the cat sat"]) == [2, 3, 2, 1, 0, 0, 2, 1, 0, 0]
    assert spec.corpus_bleu(["the cat"], [["the cat sat"]], effective_order=True) == close(100 * math.exp(-0.5))
    assert spec.sentence_bleu("the cat", ["the cat sat"]) == close(100 * math.exp(-0.5))
    assert spec.corpus_bleu(["the cat"], [["the cat sat"]]) == 0.0
    assert spec.sentence_bleu("the cat", ["the cat sat"], effective_order=False) == 0.0
    assert spec.bleu_stats("a b c", ["a b x"]) == [3, 3, 2, 1, 0, 0, 3, 2, 1, 0]
    assert spec.corpus_bleu(["a b c"], [["a b x"]], effective_order=True) == close(100 * (1 / 6) ** (1 / 3))


def test_max_ngram_order():
    """max_ngram_order N sets the statistics length 2 + 2N and the orders of the mean.

    Hand example:
    * N = 1: stats [6, 6, 5, 6]; BLEU = 100 * 5/6 = 83.33...
    * N = 6: orders 5 and 6 add t5 = 2 ("the cat sat on the", "cat sat on the mat"),
      t6 = 1, no match: stats [6, 6, 5, 3, 1, 0, 0, 0, 6, 5, 4, 3, 2, 1]. Precisions 5/6,
      3/5, 1/4, then the zero orders j = 1, 2, 3: 1/(2*3) = 1/6, 1/(4*2) = 1/8,
      1/(8*1) = 1/8. Product 1/48 * 1/64 = 1/3072; BLEU = 100 (1/3072)^(1/6) = 26.3...
    """
    assert spec.bleu_stats(HAND_HYP, [HAND_REF], max_ngram_order=1) == [6, 6, 5, 6]
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]], max_ngram_order=1) == close(100 * 5 / 6)
    assert spec.bleu_from_stats([6, 6, 5, 6]) == close(100 * 5 / 6)
    stats6 = [6, 6, 5, 3, 1, 0, 0, 0, 6, 5, 4, 3, 2, 1]
    assert spec.bleu_stats(HAND_HYP, [HAND_REF], max_ngram_order=6) == stats6
    assert spec.corpus_bleu([HAND_HYP], [[HAND_REF]], max_ngram_order=6) == close(100 * (1 / 3072) ** (1 / 6))
    assert spec.bleu_from_stats(stats6) == close(100 * (1 / 3072) ** (1 / 6))


def test_lowercase_comes_before_the_tokenizer():
    """``lowercase=True`` lowercases the line before 13a, so "&AMP;" becomes the entity
    "&amp;" and is unescaped.

    h = "A &AMP; B", r = "a & b".
    * Mixed case: "&AMP;" is not an entity (13a's unescaping is case-sensitive); 13a
      splits off "&" and ";": tokens A, &, AMP, ;, B (c = 5); the reference's tokens are
      a, &, b (r = 3). Only "&" matches: stats [5, 3, 1, 0, 0, 0, 5, 4, 3, 2].
    * Lowercased: "a &amp; b" -> "a & b": tokens a, &, b on both sides:
      stats [3, 3, 3, 2, 1, 0, 3, 2, 1, 0]; sentence BLEU (effective order 3) = 100.
    """
    assert spec.bleu_stats("A &AMP; B", ["a & b"]) == [5, 3, 1, 0, 0, 0, 5, 4, 3, 2]
    assert spec.bleu_stats("A &AMP; B", ["a & b"], lowercase=True) == [3, 3, 3, 2, 1, 0, 3, 2, 1, 0]
    assert spec.sentence_bleu("A &AMP; B", ["a & b"], lowercase=True) == close(100.0)


def test_perfect_match_is_exp_of_log_100():
    """A perfect match scores exp(log 100) = 100.00000000000004, exactly as sacreBLEU.

    Every p_n is (100.0 * m_n) / t_n with m_n = t_n, which is exactly 100.0. With
    x = log(100.0) = 4.605170185988092 (a double; the true ln 100 is smaller by about
    4.3e-16), the left-to-right sum 0 + x + x + x + x is exact: 2x only changes the
    exponent, 3x needs one more bit than x and x's last significand bit is 0, and 4x is a
    power-of-two multiple. So sum/4 == x exactly and BLEU = BP * exp(x) = 1.0 * exp(x),
    which is 100 (1 + 4.3e-16) rounded to the nearest double: 100 + 3 * 2^-46
    = 100.00000000000004, not 100.0 (sacreBLEU issue #275).
    """
    line = "the cat sat on the mat"
    assert spec.corpus_bleu([line], [[line]]) == math.exp(math.log(100.0))
    assert spec.corpus_bleu([line], [[line]]) == 100.00000000000004


def test_empty_hypothesis():
    """An empty hypothesis has c = 0 and no n-grams.

    * h = "", r = "a b": stats [0, 2, 0, 0, 0, 0, 0, 0, 0, 0]; no match at all: 0.0.
    * In a corpus it still adds its reference length: hyps "", "a b c d" with refs
      "a b", "a b c d": pooled [0+4, 2+4, 4, 3, 2, 1, 4, 3, 2, 1] = [4, 6, 4, 3, 2, 1, 4, 3,
      2, 1]; p_n = 1, BP = e^(1 - 6/4): BLEU = 100 e^(-1/2).
    """
    assert spec.bleu_stats("", ["a b"]) == [0, 2, 0, 0, 0, 0, 0, 0, 0, 0]
    assert spec.corpus_bleu([""], [["a b"]]) == 0.0
    assert spec.corpus_bleu(["", "a b c d"], [["a b"], ["a b c d"]]) == close(100 * math.exp(-0.5))


def test_empty_reference_can_be_the_closest():
    """An empty reference is a reference of length 0 and can be the closest.

    h = "a" (c = 1), refs "a b c d" (4) and "" (0): distances 3 and 1, so r = 0; the
    unigram "a" matches the first reference: stats [1, 0, 1, 0, 0, 0, 1, 0, 0, 0], in
    either order of the references.
    Sentence BLEU (effective order 1): BP = 1 (c >= r), p1 = 100.0, mean of one log is
    log(100.0) itself: exactly exp(log 100). (Ignoring the empty reference would give
    r = 4 and BP = e^(1 - 4) = 0.0498, BLEU 4.98.) Corpus BLEU without effective order
    stops at t2 = 0: 0.0.
    """
    for refs in (["a b c d", ""], ["", "a b c d"]):
        assert spec.bleu_stats("a", refs) == [1, 0, 1, 0, 0, 0, 1, 0, 0, 0]
        assert spec.sentence_bleu("a", refs) == math.exp(math.log(100.0))
        assert spec.corpus_bleu(["a"], [refs]) == 0.0


def test_brevity_penalty_at_its_edges():
    """BP = 1 when c >= r, so c = r = 0 (an empty hypothesis, empty references) gives 1.0;
    c = 0 < r gives 0.0 (exp(1 - r/0) has no value; sacreBLEU's rule); c = 2 < r = 4 gives
    exp(1 - 4/2) = exp(-1). The score hides these (no match, no score), the parts do not."""
    from bleuprint.metrics.bleu.spec import brevity_penalty

    assert brevity_penalty(0, 0) == 1.0
    assert brevity_penalty(0, 3) == 0.0
    assert abs(brevity_penalty(2, 4) - math.exp(-1)) <= 1e-15


def test_precisions_leave_their_inputs_alone():
    """add-k adds k = 1 to m_n and t_n for n >= 2, on copies: m = [1, 0], t = [2, 1] give
    p_1 = 100 * 1/2 = 50, p_2 = 100 * (0 + 1)/(1 + 1) = 50, two orders; the caller's lists
    still read [1, 0] and [2, 1]."""
    from bleuprint.metrics.bleu.spec import bleu_precisions

    matches, totals = [1, 0], [2, 1]
    assert bleu_precisions(matches, totals, "add-k") == ([50.0, 50.0], 2)
    assert (matches, totals) == ([1, 0], [2, 1])


def test_bleu_tokens_defaults_are_13a_and_case_kept():
    """bleu_tokens without options: 13a, no lowercasing: "The cat." -> The, cat, . (13a's
    padding splits the final period)."""
    from bleuprint.metrics.bleu.spec import bleu_tokens

    assert bleu_tokens("The cat.") == ["The", "cat", "."]


def test_precisions_defaults_are_exp_smoothing_without_effective_order():
    """bleu_precisions without options: exp smoothing, all N orders in the mean.
    m = [1, 0], t = [2, 2]: p_1 = 100 * 1/2 = 50; m_2 = 0 is the first zero order, j = 1:
    p_2 = 100 / (2^1 * 2) = 25; two orders. m = [1, 0], t = [2, 0]: the loop stops at
    t_2 = 0, p_2 stays 0 and, without effective order, the mean still has 2 orders."""
    from bleuprint.metrics.bleu.spec import bleu_precisions

    assert bleu_precisions([1, 0], [2, 2]) == ([50.0, 25.0], 2)
    assert bleu_precisions([1, 0], [2, 0]) == ([50.0, 0.0], 2)
