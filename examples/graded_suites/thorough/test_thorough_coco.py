"""A thorough oracle test suite for CIDEr-D and coco BLEU (as pycocoevalcap 1.2 computes
them on tokenized captions), in the style of test_thorough.py: every expected number is
worked out by hand in the docstring, from the definitions; the metrics are reached through
``bleuprint.spec.corpus_score`` and ``sentence_scores``.

CIDEr-D (scale 0-10): N images; df(g) = number of images whose references contain g;
w(g) = count * (log N - log max(1, df)); per order n = 1..4 the clipped cosine
sum min(w_h, w_r) w_r / (|h| |r|) (0 when a norm is 0) times exp(-delta^2 / 72), delta the
difference of the captions' bigram counts; an image: 10 x (mean over the 4 orders of the
sums over references) / references; the corpus: the mean over images.

coco BLEU (0-1): with small = 1e-9, tiny = 1e-15, BLEU-n = (prod_k (m_k + tiny) / (t_k +
small))^(1/n), times exp(1 - 1/ratio) when ratio = (c + tiny) / (r + small) < 1, r the
closest reference length (ties to the shorter). Tolerance 1e-12 unless stated (the
epsilons' effects are ~1e-10, so 1e-9 would not see them).
"""

import math

import pytest

from bleuprint.spec import corpus_score, sentence_scores, sentence_stats
from bleuprint.core.value import metric as configured

TOL = 1e-12
LOG2, LOG3 = math.log(2), math.log(3)


def cider(hyps, refs):
    return corpus_score("cider", hyps, refs)


def cider_images(hyps, refs):
    """Each image's CIDEr-D with the corpus's context: the rows of the corpus."""
    return sentence_stats("cider", hyps, refs)[:, 0].tolist()


def coco_bleu(hyps, refs, order=4):
    return corpus_score(configured("coco_bleu", order=order), hyps, refs)


# -- CIDEr-D --------------------------------------------------------------------------------


def test_image_alone_scores_zero():
    """One image: N = 1, every reference n-gram has df 1, so every weight is log 1 - log 1
    = 0 (and a hypothesis n-gram the references lack has df 0, weight log 1 - log 1 = 0
    too): every norm is 0, every similarity 0. A perfect caption alone scores 0."""
    assert cider(["a man riding a horse"], [["a man riding a horse"]]) == 0.0


def test_df_comes_from_the_references():
    """Image 1: 'x' against ['x']; image 2: 'x' against ['y']. N = 2; df from the
    references: x 1, y 1, so w(x) = log 2. Image 1, order 1: min(log 2, log 2) log 2 /
    (log 2 log 2) = 1; orders 2-4 have no n-gram (0); no bigrams, penalty 1: 10 x 1/4 =
    2.5. Image 2: no common n-gram: 0. Corpus 1.25. (df from the hypotheses would give x
    df 2, weight 0, and 0.)"""
    assert cider(["x", "x"], [["x"], ["y"]]) == pytest.approx(1.25, abs=TOL)


def test_raw_counts_not_normalised():
    """Image 1: 'x x' against ['x']; image 2: 'y' against ['y']; N = 2, df(x) = df(y) = 1.
    Order 1: w_h(x) = 2 log 2 (raw count 2), w_r(x) = log 2: min = log 2, dot log^2 2,
    over norms 2 log 2 x log 2: 1/2. Order 2: the reference has no bigram (0). Bigrams 1
    vs 0: penalty exp(-1/72). Image 1: 10 x (0.5 exp(-1/72)) / 4 = 1.25 exp(-1/72);
    image 2: 2.5 (as above). Corpus (1.25 exp(-1/72) + 2.5) / 2. (tf divided by length
    would make w_h(x) = log 2 and order 1 = 1.)"""
    expected = (1.25 * math.exp(-1 / 72) + 2.5) / 2
    assert cider(["x x", "y"], [["x"], ["y"]]) == pytest.approx(expected, abs=TOL)


def test_clipping_of_repeated_words():
    """The same corpus seen through image 1's row: min(w_h, w_r) = min(2 log 2, log 2) =
    log 2, so the order-1 cosine is 1/2, not the plain cosine 2 log^2 2 / (2 log 2 log 2)
    = 1: image 1 scores 1.25 exp(-1/72)."""
    assert cider_images(["x x", "y"], [["x"], ["y"]])[0] == pytest.approx(1.25 * math.exp(-1 / 72), abs=TOL)


def test_length_penalty_counts_bigrams():
    """Image 1: 'x x x' against ['x']; image 2: 'y' against ['y']. Order 1: w_h(x) =
    3 log 2, w_r(x) = log 2: clipped dot log^2 2 over 3 log^2 2 = 1/3; the reference has
    no bigram or trigram (0). Lengths in bigrams: 2 and 0, penalty exp(-4/72). Image 1:
    10 x (1/3) exp(-4/72) / 4 = (5/6) exp(-1/18). (Counting the n-grams of every order,
    6 and 1, would give exp(-25/72).)"""
    rows = cider_images(["x x x", "y"], [["x"], ["y"]])
    assert rows[0] == pytest.approx(5 / 6 * math.exp(-1 / 18), abs=TOL)


def test_length_penalty_counts_bigram_tokens():
    """The same image: 'x x x' has 2 bigram tokens but 1 distinct bigram; the length is the
    token count, 2 (a distinct count, 1, would give exp(-1/72) instead of exp(-4/72))."""
    rows = cider_images(["x x x", "y"], [["x"], ["y"]])
    assert rows[0] != pytest.approx(5 / 6 * math.exp(-1 / 72), abs=1e-6)
    assert rows[0] == pytest.approx(5 / 6 * math.exp(-4 / 72), abs=TOL)


def test_perfect_three_word_caption_scores_7_5():
    """Image 1: 'a b c' against ['a b c']; image 2: 'd' against ['d']; N = 2, every df 1,
    every weight log 2. Image 1: orders 1-3 have cosine 1, order 4 has no n-gram (0),
    equal lengths: 10 x 3/4 = 7.5 (not 10). Image 2: 10 x 1/4 = 2.5. Corpus 5."""
    assert cider_images(["a b c", "d"], [["a b c"], ["d"]]) == pytest.approx([7.5, 2.5], abs=TOL)
    assert cider(["a b c", "d"], [["a b c"], ["d"]]) == pytest.approx(5.0, abs=TOL)


def test_mean_over_references():
    """Image 1: 'x' against ['x', 'z']; image 2: 'y' against ['y']; N = 2, df 1 each.
    Image 1: the first reference gives order 1 cosine 1, the second 0; summed per order
    (1, 0, 0, 0), mean over orders 1/4, over 2 references 1/8, times 10: 1.25. Image 2:
    2.5."""
    assert cider_images(["x", "y"], [["x", "z"], ["y"]]) == pytest.approx([1.25, 2.5], abs=TOL)


def test_idf_is_log_n_minus_log_df():
    """Three images: 'x' against ['x y'], 'y' against ['y'], 'z' against ['z']. df: x 1,
    y 2, 'x y' 1, z 1; N = 3: w(x) = log 3, w(y) = log 3 - log 2 = log 1.5. Image 1,
    order 1: hypothesis (x: log 3), reference (x: log 3, y: log 1.5): dot log^2 3 over
    log 3 x sqrt(log^2 3 + log^2 1.5) = log 3 / sqrt(log^2 3 + log^2 1.5); order 2: the
    hypothesis has no bigram (0); bigrams 0 vs 1: penalty exp(-1/72). Image 1:
    10/4 x that x exp(-1/72)."""
    cos = LOG3 / math.sqrt(LOG3 ** 2 + math.log(1.5) ** 2)
    rows = cider_images(["x", "y", "z"], [["x y"], ["y"], ["z"]])
    assert rows[0] == pytest.approx(2.5 * cos * math.exp(-1 / 72), abs=TOL)


def test_adding_an_image_changes_every_score():
    """'x' against ['x'] and 'y' against ['y']: 2.5 each (N = 2). A third image 'x'
    against ['x w'] raises df(x) to 2: image 1's only weight becomes log 3 - log 2 (still
    cosine 1: 2.5), image 2's becomes log 3 (2.5), but the corpus changes and image 3
    gets order 1: w(x) = log 1.5 vs reference (log 1.5, log 3): cosine log 1.5 /
    sqrt(log^2 1.5 + log^2 3), penalty exp(-1/72)."""
    assert cider(["x", "y"], [["x"], ["y"]]) == pytest.approx(2.5, abs=TOL)
    cos = math.log(1.5) / math.sqrt(math.log(1.5) ** 2 + LOG3 ** 2)
    rows = cider_images(["x", "y", "x"], [["x"], ["y"], ["x w"]])
    assert rows == pytest.approx([2.5, 2.5, 2.5 * cos * math.exp(-1 / 72)], abs=TOL)


# -- coco BLEU ------------------------------------------------------------------------------


def test_perfect_match_is_not_one():
    """'a b c d' against itself: t = (4, 3, 2, 1), m the same; BLEU-4 = (prod (m + 1e-15) /
    (m + 1e-9))^(1/4); ratio (4 + 1e-15) / (4 + 1e-9) < 1, so times exp(1 - 1/ratio):
    about 1 - 3.3e-10 (the famous 0.99999999967 of a longer caption), never 1. Exact:
    the spec performs these operations in this order."""
    p = 1.0
    for m in (4, 3, 2, 1):
        p *= (m + 1e-15) / (m + 1e-9)
    ratio = (4 + 1e-15) / (4 + 1e-9)
    expected = p ** 0.25 * math.exp(1 - 1 / ratio)
    value = coco_bleu(["a b c d"], [["a b c d"]])
    assert value == expected and value < 1.0


def test_order_without_ngrams_counts_one_millionth():
    """'a b' against ['a b c'], BLEU-3: t = (2, 1, 0), m = (2, 1, 0): the third factor is
    (0 + 1e-15) / (0 + 1e-9) = 1e-6, so BLEU-3 = (1 x 1 x 1e-6)^(1/3) = 0.01 (to 1e-9),
    times the brevity penalty exp(1 - 3/2) (c = 2, r = 3): about 0.0060653."""
    assert coco_bleu(["a b"], [["a b c"]], order=3) == pytest.approx(0.01 * math.exp(-0.5), abs=1e-9)


def test_closest_not_shortest_reference_length():
    """'a b c' against ['a', 'a b c d']: lengths 1 and 4, |1 - 3| = 2 > |4 - 3| = 1, so
    r = 4 (the shortest would be 1, no penalty). BLEU-1 = (3 + 1e-15)/(3 + 1e-9) x
    exp(1 - 1/ratio), ratio = (3 + 1e-15)/(4 + 1e-9): about exp(-1/3) = 0.7165."""
    ratio = (3 + 1e-15) / (4 + 1e-9)
    expected = (3 + 1e-15) / (3 + 1e-9) * math.exp(1 - 1 / ratio)
    assert coco_bleu(["a b c"], [["a", "a b c d"]], order=1) == pytest.approx(expected, abs=TOL)


def test_closest_length_tie_takes_the_shorter():
    """'a b c' against ['a b', 'a b c d']: |2 - 3| = |4 - 3|, the shorter (2) wins, so
    ratio > 1 and no penalty: BLEU-1 = (3 + 1e-15)/(3 + 1e-9) (the longer would give
    exp(-1/3) times that)."""
    assert coco_bleu(["a b c"], [["a b", "a b c d"]], order=1) == pytest.approx((3 + 1e-15) / (3 + 1e-9), abs=TOL)


def test_clipping_is_against_one_reference():
    """'a a a a' against ['a a', 'a a']: the largest count of 'a' in one reference is 2,
    so m_1 = 2 of t_1 = 4; r = 2 (both lengths 2), no penalty: BLEU-1 = (2 + 1e-15) /
    (4 + 1e-9), about 0.5 (summing the references' counts would give 1)."""
    assert coco_bleu(["a a a a"], [["a a", "a a"]], order=1) == pytest.approx((2 + 1e-15) / (4 + 1e-9), abs=TOL)


def test_corpus_pools_the_statistics():
    """'a b' against ['a b'] and 'c' against ['d']: pooled c = 3, r = 3, t_1 = 3, m_1 = 2:
    BLEU-1 = (2 + 1e-15)/(3 + 1e-9) x exp(1 - 1/ratio), ratio (3 + 1e-15)/(3 + 1e-9);
    the mean of the images' BLEU-1 (about 1 and 1e-15) would be about 0.5."""
    ratio = (3 + 1e-15) / (3 + 1e-9)
    expected = (2 + 1e-15) / (3 + 1e-9) * math.exp(1 - 1 / ratio)
    assert coco_bleu(["a b", "c"], [["a b"], ["d"]], order=1) == pytest.approx(expected, abs=TOL)
    per_image = sentence_scores(configured("coco_bleu", order=1), ["a b", "c"], [["a b"], ["d"]])
    assert per_image[1] == pytest.approx(0.0, abs=1e-9) and per_image[0] == pytest.approx(1.0, abs=1e-9)
