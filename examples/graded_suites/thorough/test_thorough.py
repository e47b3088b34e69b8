"""A thorough oracle test suite for exact match, BLEU and chrF (an example for the grader).

Every expected number is worked out by hand in the docstring, from the definitions; the
functions under test come from ``bleuprint.spec``. Scores are compared within 1e-9 on the
0-100 scale.
"""

import math

import pytest

import numpy as np

from bleuprint.spec import (
    bleu_stats,
    chrf,
    corpus_bleu,
    exact_match,
    metric_ci,
    percentile_indices,
    sentence_bleu,
    sentence_ter,
    signature,
    ter,
    ter_stats,
    tokenize_13a,
    tokenize_char,
    tokenize_intl,
    tokenize_zh,
)
from bleuprint.core.value import metric as configured

TOL = 1e-9
HYP, REF = "the cat sat on the mat", "the cat is on the mat"


def test_worked_example_bleu():
    """1-grams 5/6, 2-grams 3/5, 3-grams 1/4, 4-grams 0/3 smoothed (exp) to 1/(2*3);
    c = r = 6, BP = 1; BLEU = 100 * (5/6 * 3/5 * 1/4 * 1/6) ** (1/4) = 100 * (1/48) ** (1/4)."""
    assert bleu_stats(HYP, [REF]) == [6, 6, 5, 3, 1, 0, 6, 5, 4, 3]
    assert corpus_bleu([HYP], [[REF]]) == pytest.approx(100 * (1 / 48) ** 0.25, abs=TOL)


def test_clipping():
    """'the' occurs 4 times in the hypothesis but once in the reference: 1 unigram match."""
    assert bleu_stats("the the the the", ["the cat"])[2] == 1


def test_closest_reference_length():
    """c = 3: references of 1 and 4 tokens are 2 and 1 away, so r = 4 (not the shortest);
    references of 4 and 2 tokens are both 1 away, so r = 2 (the shorter), in either order."""
    assert bleu_stats("a b c", ["a", "a b c d"])[1] == 4
    assert bleu_stats("a b c", ["a b c d", "a b"])[1] == 2
    assert bleu_stats("a b c", ["a b", "a b c d"])[1] == 2


def test_brevity_penalty_both_ways():
    """Short: 'a b c' against 'a b c d' with effective order (3 orders, all precisions 100):
    100 * exp(1 - 4/3). Long: 'a b c d e f' against 'a b c d' at order 1: p1 = 4/6, BP = 1."""
    assert sentence_bleu("a b c", ["a b c d"]) == pytest.approx(100 * math.exp(1 - 4 / 3), abs=TOL)
    assert corpus_bleu(["a b c d e f"], [["a b c d"]], max_ngram_order=1) == pytest.approx(100 * 4 / 6, abs=TOL)


def test_corpus_pools_statistics():
    """'the cat sat down' against itself: m = t = [4, 3, 2, 1]; 'the dog sat down' against
    'the cat sat down': m = [3, 1, 0, 0], t = [4, 3, 2, 1]. Pooled m = [7, 4, 2, 1],
    t = [8, 6, 4, 2]: 100 * (7/8 * 4/6 * 2/4 * 1/2) ** (1/4) = 100 * (7/48) ** (1/4), not the
    mean of the sentence scores."""
    hyps = ["the cat sat down", "the dog sat down"]
    refs = [["the cat sat down"], ["the cat sat down"]]
    assert corpus_bleu(hyps, refs) == pytest.approx(100 * (7 / 48) ** 0.25, abs=TOL)


def test_references_are_per_hypothesis():
    """refs[i] belongs to hyps[i]: 'a b' vs 'a b' and 'x y' vs 'c d' at order 2 pool to
    m = [2, 1], t = [4, 2]: 100 * (1/2 * 1/2) ** (1/2) = 50. A bare string is refused."""
    assert corpus_bleu(["a b", "x y"], [["a b"], ["c d"]], max_ngram_order=2) == pytest.approx(50.0, abs=TOL)
    with pytest.raises(TypeError):
        bleu_stats("a b", "a b")


def test_13a_keeps_numbers_whole():
    """13a keeps 3.14 whole, but splits the final period (the line is padded)."""
    assert tokenize_13a("pi is 3.14.") == "pi is 3.14 ."


def test_case_counts():
    """'The' is not 'the': only 'cat' matches."""
    assert bleu_stats("The cat", ["the cat"])[2] == 1


def test_no_match_scores_zero():
    """Nothing matches at any order: 0.0, whatever the smoothing."""
    assert corpus_bleu(["a b c d"], [["e f g h"]]) == 0.0


def test_effective_order():
    """'the cat' vs 'the cat sat': 2 orders, both 100; BP = exp(1 - 3/2).
    'a b c d e' vs 'a b x d e': p = 80, 50, 100/(2*3), 100/(4*2) (two exp-smoothed orders)."""
    assert sentence_bleu("the cat", ["the cat sat"]) == pytest.approx(100 * math.exp(-0.5), abs=TOL)
    expected = (80 * 50 * (100 / 6) * (100 / 8)) ** 0.25
    assert sentence_bleu("a b c d e", ["a b x d e"]) == pytest.approx(expected, abs=TOL)


def test_floor_and_add_k():
    """floor (0.1): the zero order gets 100 * 0.1 / 3. add-k (1): 'a b' vs 'a c':
    m = [1, 0+1, 0+1, 0+1], t = [2, 1+1, 0+1, 0+1]: p = 50, 50, 100, 100."""
    expected = 100 * (5 / 6 * 3 / 5 * 1 / 4 * 0.1 / 3) ** 0.25
    assert corpus_bleu([HYP], [[REF]], smooth_method="floor") == pytest.approx(expected, abs=TOL)
    assert sentence_bleu("a b", ["a c"], smooth_method="add-k") == pytest.approx(100 * 0.25 ** 0.25, abs=TOL)


def test_max_order():
    """At order 2: 100 * (5/6 * 3/5) ** (1/2) = 100 * (1/2) ** (1/2)."""
    assert corpus_bleu([HYP], [[REF]], max_ngram_order=2) == pytest.approx(100 * 0.5 ** 0.5, abs=TOL)


def test_worked_example_chrf():
    """'cat' vs 'cats': P = 1, R = (3/4 + 2/3 + 1/2)/3 = 23/36 over the 3 effective orders;
    chrF = 100 * 5 P R / (4 P + R) = 100 * 115/167."""
    assert chrf(["cat"], [["cats"]]) == pytest.approx(100 * 115 / 167, abs=TOL)


def test_chrf_ignores_white_space():
    """White space is removed before counting characters: 'a b c' and 'abc' are equal."""
    assert chrf(["a b c"], [["abc"]]) == pytest.approx(100.0, abs=TOL)


def test_chrf_whitespace_option_keeps_the_ends():
    """whitespace=True: ' a' has unigrams ' ', 'a' (P = 1/2, R = 1); the reference 'a' has
    no bigram, so that order is skipped: 100 * 5 * 1/2 / (4 * 1/2 + 1) = 250/3."""
    assert chrf([" a"], [["a"]], whitespace=True) == pytest.approx(250 / 3, abs=TOL)


def test_chrf_uses_the_best_reference():
    """A bad extra reference, first or last, does not lower a perfect match."""
    assert chrf(["cat"], [["cat", "dog"]]) == pytest.approx(100.0, abs=TOL)
    assert chrf(["cat"], [["dog", "cat"]]) == pytest.approx(100.0, abs=TOL)


def test_chrf_counts_order_six():
    """'abcdefg' vs 'abcdefh': order k has 8 - k n-grams on each side, 7 - k shared, so
    P_k = R_k = (7 - k)/(8 - k) for k = 1..6; the mean is (6/7 + 5/6 + 4/5 + 3/4 + 2/3 + 1/2)/6
    = 617/840, and with P = R the F score equals it."""
    assert chrf(["abcdefg"], [["abcdefh"]]) == pytest.approx(100 * 617 / 840, abs=TOL)


def test_chrf_options():
    """chrF++: 'hello.' is split into 'hello', '.', as 'hello .' is: 100. eps smoothing:
    'c' vs 'c' has one order with F = 1 and five with ~0: 100/6. An empty reference has no
    n-gram, so 'abc' against it counts nothing: the corpus is 'xyz' vs 'xyz': 100.
    lowercase: 'A b' equals 'a b'."""
    assert chrf(["hello."], [["hello ."]], word_order=2) == pytest.approx(100.0, abs=TOL)
    assert chrf(["c"], [["c"]], eps_smoothing=True) == pytest.approx(100 / 6, abs=TOL)
    assert chrf(["abc", "xyz"], [[""], ["xyz"]]) == pytest.approx(100.0, abs=TOL)
    assert chrf(["A b"], [["a b"]], lowercase=True) == pytest.approx(100.0, abs=TOL)
    assert chrf(["c"], [["c"]]) == pytest.approx(100.0, abs=TOL)


def test_exact_match():
    """'Paris' is not 'paris' (case counts); ' Rome\\n' is 'Rome' once stripped; 'Oslo'
    matches: 2/3."""
    assert exact_match(["Paris", " Rome\n", "Oslo"], ["paris", "Rome", "Oslo"]) == pytest.approx(2 / 3, abs=TOL)


def test_other_tokenizers():
    """intl splits symbols (+, $); zh splits the em dash (sacreBLEU's range bug, #298);
    char keeps no spaces; 13a unescapes &quot;."""
    assert tokenize_intl("a+b costs $5") == "a + b costs $ 5"
    assert tokenize_zh("a\u2014b") == "a \u2014 b"
    assert tokenize_char("a b").split() == ["a", "b"]
    assert tokenize_13a("&quot;x&quot;") == '" x "'


def test_signatures():
    """sacreBLEU 2.5.1's documented signatures: chrF's eff is yes without eps smoothing;
    floor smoothing prints its value with two decimals."""
    assert signature("chrf") == "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.5.1"
    assert signature(configured("bleu", smooth_method="floor")) == \
        "nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[0.10]|version:2.5.1"


def test_bootstrap_pools_statistics():
    """Two sentences: s0 is the worked example, s1 'a dog' against itself. The four ordered
    resamples pool their statistics: (0, 0) -> 100 * (1/96) ** (1/4) = 31.95; (0, 1) and
    (1, 0) -> 100 * (7/288) ** (1/4) = 39.48 (the corpus score); (1, 1) has no trigram ->
    0.0. With 200 resamples, about a quarter are (1, 1) and half are mixed, so the order
    statistics 5 and 194 (alpha 0.05) are 0.0 and 39.48. Averaging sentence scores instead
    would top out at s0's own 37.99."""
    hyps = ["the cat sat on the mat", "a dog"]
    refs = [["the cat is on the mat"], ["a dog"]]
    score, lo, hi = metric_ci("bleu", hyps, refs, n_boot=200, rng=np.random.default_rng(12345), exact=True)
    assert score == pytest.approx(100 * (7 / 288) ** 0.25, abs=TOL)
    assert lo == pytest.approx(0.0, abs=TOL)
    assert hi == pytest.approx(100 * (7 / 288) ** 0.25, abs=TOL)


def test_percentile_rule():
    """1000 resamples, alpha 0.05: floor(1000 * 0.05 / 2) = 25 from each end: (25, 974)."""
    assert percentile_indices(1000, 0.05) == (25, 974)


def test_ter_direction_and_length():
    """'a b' against 'a b c d': two insertions over the reference's 4 words: [2, 4.0].
    Against '' and 'a b c': edits min(2, 1) = 1 over the average length (0 + 3)/2: [1, 1.5].
    Words against an empty reference: 100."""
    assert ter_stats("a b", ["a b c d"]) == [2, 4.0]
    assert ter_stats("a b", ["", "a b c"]) == [1, 1.5]
    assert ter(["a b"], [[""]]) == pytest.approx(100.0, abs=TOL)


def test_ter_shifts_ten_words():
    """w10..w19 w0..w9 against w0..w19: one shift of a 10-word block fixes everything:
    1 edit over 20 words = 5.0."""
    words = [f"w{i}" for i in range(20)]
    assert sentence_ter(" ".join(words[10:] + words[:10]), [" ".join(words)]) == pytest.approx(5.0, abs=TOL)


def test_ter_options():
    """normalized splits "Jim's car." into jim 's car . (0 edits); no_punct drops , and .;
    case_sensitive keeps 'A' apart from 'a' (1 edit of 2)."""
    assert ter(["Jim's car."], [["jim 's car ."]], normalized=True) == pytest.approx(0.0, abs=TOL)
    assert ter(["a , b ."], [["a b"]], no_punct=True) == pytest.approx(0.0, abs=TOL)
    assert ter(["A b"], [["a b"]], case_sensitive=True) == pytest.approx(50.0, abs=TOL)
