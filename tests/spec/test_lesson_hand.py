"""The lesson of seed 003 (``bleuprint.metrics.lesson.spec``): hand computations written out
in each docstring, the lesson's own edge cases (empty prediction, empty reference, empty
target list, no shared tokens, exact match, repeated-phrase clipping), its smoothing
against nltk's and sacreBLEU's, and the errors for bad input. Floats within 1e-12 unless
an assertion is exact (``==``)."""

from __future__ import annotations

import math

import pytest

from bleuprint import spec as bspec
from bleuprint.metrics.lesson import spec as L

TOL = 1e-12


def test_tokenizer_is_unicode_word_runs():
    """``\\w+`` on lowercased text, Unicode: "Café_au lait, ÜBER-naïve 東京!" -> café_au,
    lait, über, naïve, 東京 (underscore is a word character, the hyphen and punctuation are
    not). So F1("café au", "caf au"): tokens {café, au} and {caf, au}, overlap 1, P = R =
    1/2, F1 = 0.5 (an ASCII-only tokenizer would see caf, au twice and give 1.0)."""
    assert L.tokenize("Café_au lait, ÜBER-naïve 東京!") == ["café_au", "lait", "über", "naïve", "東京"]
    assert L.tokenize("It's 1,000 U.S.") == ["it", "s", "1", "000", "u", "s"]
    assert L.f1_score("café au", "caf au") == 0.5


def test_exact_match_hand_examples():
    """Stripped strings, nothing else: "Paris." vs "Paris" 0 (punctuation counts);
    " Paris\\n" vs "Paris" 1 (stripped); "paris" vs "Paris" 0 (case counts); any target may
    match: "b" vs ["a", " b "] 1; an empty target list 0; "  " vs [""] 1. Accuracy is the
    same function."""
    cases = [("Paris.", ["Paris"], 0.0), (" Paris\n", ["Paris"], 1.0), ("paris", ["Paris"], 0.0),
             ("b", ["a", " b "], 1.0), ("x", [], 0.0), ("  ", [""], 1.0)]
    for prediction, targets, expected in cases:
        assert L.exact_match(prediction, targets) == expected
        assert L.accuracy(prediction, targets) == expected
        assert L.score("exact_match", prediction, targets) == expected
        assert L.score("accuracy", prediction, targets) == expected


def test_f1_repeated_tokens_are_a_multiset():
    """F1("the the cat", "the cat"): overlap min(2, 1) + min(1, 1) = 2, P = 2/3, R = 2/2,
    F1 = 2 (2/3)(1) / (2/3 + 1) = 0.8 (on sets it would be 1.0). F1("the cat sat", "the cat
    is here"): overlap 2, P = 2/3, R = 2/4, F1 = 2 (1/3) / (7/6) = 4/7."""
    assert L.f1_score("the the cat", "the cat") == pytest.approx(0.8, abs=TOL)
    assert L.f1_score("the cat sat", "the cat is here") == pytest.approx(4 / 7, abs=TOL)


def test_f1_best_target_and_empty_rules():
    """Best over targets: F1("a b", ["c", "a b c"]) = max(0, 2 (1)(2/3) / (5/3) = 0.8) = 0.8.
    Empty rules (the SQuAD-style rule chosen, spec doc): no tokens on one side 0.0, on
    both sides 1.0 ("..." and "!" have no tokens)."""
    assert L.score("f1", "a b", ["c", "a b c"]) == pytest.approx(0.8, abs=TOL)
    assert L.f1_score("", "a b") == 0.0
    assert L.f1_score("a b", "") == 0.0
    assert L.f1_score("", "") == 1.0
    assert L.f1_score("...", "!") == 1.0


def test_add_one_on_every_order_hand_example():
    """bleu4("a b c d", "a b c e"): c = r = 4, BP = exp(1 - 4/4) = 1.
    n=1: matches a, b, c = 3 of 4 -> (3+1)/(4+1) = 4/5; n=2: ab, bc = 2 of 3 -> 3/4;
    n=3: abc = 1 of 2 -> 2/3; n=4: 0 of 1 -> 1/2.
    BLEU = (4/5 * 3/4 * 2/3 * 1/2)^(1/4) = (1/5)^(1/4) = 0.66874030497642...
    With unigrams unsmoothed (p_1 = 3/4): (3/4 * 3/4 * 2/3 * 1/2)^(1/4) = (3/16)^(1/4)
    = 0.65803700647624..."""
    assert L.bleu4("a b c d", "a b c e") == pytest.approx(0.2 ** 0.25, abs=TOL)
    assert L.bleu4("a b c d", "a b c e") != pytest.approx((3 / 16) ** 0.25, abs=1e-6)


def test_add_one_differs_from_nltk_method2_and_sacrebleu_add_k():
    """The same pair as above: nltk's method2 (Lin and Och's add-one, orders 2..4 only) and
    sacreBLEU's add-k with k = 1 (orders 2..4 only) both give (3/16)^(1/4) = 0.658037...,
    the lesson's add-one on all four orders (1/5)^(1/4) = 0.668740... sacreBLEU is given
    the lesson's tokens joined by spaces with tokenize="none" and scores on 0..100."""
    nltk_bleu = pytest.importorskip("nltk.translate.bleu_score", reason="nltk 3.10.4 (test extra) shows method2")
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 (test extra) shows add-k")
    hyp, ref = L.tokenize("a b c d"), L.tokenize("a b c e")
    method2 = nltk_bleu.sentence_bleu([ref], hyp, smoothing_function=nltk_bleu.SmoothingFunction().method2)
    add_k = sacrebleu.sentence_bleu(" ".join(hyp), [" ".join(ref)], smooth_method="add-k", smooth_value=1,
                                    tokenize="none").score / 100
    ours = L.bleu4("a b c d", "a b c e")
    assert method2 == pytest.approx((3 / 16) ** 0.25, abs=TOL)
    assert add_k == pytest.approx((3 / 16) ** 0.25, abs=1e-9)
    assert ours == pytest.approx(0.2 ** 0.25, abs=TOL)
    assert abs(ours - method2) > 0.01 and abs(ours - add_k) > 0.01


def test_bleu4_repeated_phrase_is_clipped():
    """bleu4("the the the the", "the cat"): c = 4 > r = 2, BP = 1. n=1: "the" 4 times,
    clipped to its reference count 1 -> (1+1)/(4+1) = 2/5; n=2: 0 of 3 -> 1/4; n=3: 0 of
    2 -> 1/3; n=4: 0 of 1 -> 1/2. BLEU = (2/5 * 1/4 * 1/3 * 1/2)^(1/4) = (1/60)^(1/4)
    = 0.359304... (unclipped, p_1 = 5/5, it would be (1/24)^(1/4) = 0.4518)."""
    assert L.bleu4("the the the the", "the cat") == pytest.approx((1 / 60) ** 0.25, abs=TOL)
    assert L.modified_precision_counts(["the"] * 4, [["the", "cat"]], 1) == (1, 4)


def test_bleu4_lesson_edge_cases():
    """Empty prediction 0.0 and empty reference 0.0 (the choice: BP undefined at c = 0,
    nothing to match). No shared tokens: "a b c d" vs "w x y z", every m_n = 0, p = 1/5,
    1/4, 1/3, 1/2, BP = 1: (1/120)^(1/4) = 0.302137... (add-one keeps it above 0).
    Exact match: every p_n = (t_n+1)/(t_n+1) = 1, BP 1: 1.0, also for 2 tokens (orders 3
    and 4 have t_n = 0: 1/1). Brevity: "a b" vs "a b c d": p = 3/3, 2/2, 1/1, 1/1, BP =
    exp(1 - 4/2) = e^-1. Max over targets: ["x", "a b"] for "a b" gives 1.0."""
    assert L.bleu4("", "a b") == 0.0
    assert L.bleu4("a b", "") == 0.0
    assert L.bleu4("a b c d", "w x y z") == pytest.approx((1 / 120) ** 0.25, abs=TOL)
    assert L.bleu4("the cat sat on the mat", "The cat sat on the mat.") == 1.0
    assert L.bleu4("hello there", "hello there") == 1.0
    assert L.bleu4("a b", "a b c d") == pytest.approx(math.exp(-1), abs=TOL)
    assert L.score("bleu_4", "a b", ["x", "a b"]) == 1.0


def test_rouge_l_hand_examples():
    """ROUGE-L F1: "b a" vs "a b": LCS 1, P = R = 1/2, F = 0.5 (order matters: a unigram
    overlap would give 1.0). "the cat sat on the mat" vs "the cat is on the mat": LCS
    "the cat on the mat" = 5, P = R = 5/6, F = 5/6. "a b c d e" vs "a c e": LCS 3, P =
    3/5, R = 1, F = 2 (3/5) / (8/5) = 3/4. Empty prediction, empty reference, no shared
    token: 0.0. F_beta with beta = 2 on the last pair: 5 (3/5)(1) / (1 + 4 (3/5)) = 15/17."""
    assert L.rouge_l("b a", "a b") == 0.5
    assert L.rouge_l("the cat sat on the mat", "the cat is on the mat") == pytest.approx(5 / 6, abs=TOL)
    assert L.rouge_l("a b c d e", "a c e") == pytest.approx(0.75, abs=TOL)
    assert L.rouge_l("", "a") == L.rouge_l("a", "") == L.rouge_l("a", "b") == 0.0
    assert L.rouge_l("a b c d e", "a c e", beta=2.0) == pytest.approx(15 / 17, abs=TOL)
    assert L.lcs_length(list("abcbdab"), list("bdcaba")) == 4


def test_empty_target_list_scores_zero():
    """The dispatcher: an empty target list is 0.0 for every metric name."""
    for name in L.METRIC_NAMES:
        assert L.score(name, "anything", []) == 0.0


def test_corpus_mean_is_the_mean_of_scores():
    """corpus_mean("f1", ["a b", "x", ""], [["a b"], [], ["y"]]) = (1 + 0 + 0) / 3; the
    registered metric gives the same."""
    preds, targets = ["a b", "x", ""], [["a b"], [], ["y"]]
    assert L.corpus_mean("f1", preds, targets) == pytest.approx(1 / 3, abs=TOL)
    assert bspec.corpus_score("lesson_f1", preds, targets) == pytest.approx(1 / 3, abs=TOL)


def test_corpus_bleu_hand_example():
    """Pooled: ("a b c d" vs "a b c e") rows m = 3,2,1,0, t = 4,3,2,1, c = r = 4; ("w x y z"
    vs "w x") m = 2,1,0,0, t = 4,3,2,1, c = 4, r = 2. Sums m = 5,3,1,0, t = 8,6,4,2, c = 8
    > r = 6 (BP 1): BLEU = (6/9 * 4/7 * 2/5 * 1/3)^(1/4) = (48/945)^(1/4) = 0.474736...,
    not the mean of the sentence scores ((1/5)^(1/4) + (1/20)^(1/4)) / 2 = 0.570...
    Closest target: "a b c d" against targets of 5 and 4 tokens takes r = 4: every n-gram
    matches the second, BLEU 1.0 (r = 5 would give BP exp(1 - 5/4))."""
    pooled = L.corpus_bleu(["a b c d", "w x y z"], [["a b c e"], ["w x"]])
    assert pooled == pytest.approx((48 / 945) ** 0.25, abs=TOL)
    assert L.corpus_bleu_row("w x y z", ["w x"]) == [2, 1, 0, 0, 4, 3, 2, 1, 4, 2]
    mean = (L.bleu4("a b c d", "a b c e") + L.bleu4("w x y z", "w x")) / 2
    assert mean == pytest.approx((0.2 ** 0.25 + 0.05 ** 0.25) / 2, abs=TOL)
    assert L.corpus_bleu(["a b c d"], [["a b c e e", "a b c d"]]) == 1.0
    assert bspec.corpus_score("lesson_corpus_bleu", ["a b c d", "w x y z"], [["a b c e"], ["w x"]]) == pooled


@pytest.mark.parametrize("call, error, message", [
    (lambda: L.score("f1", "x", "a target"), TypeError, "bare str"),
    (lambda: L.score("f1", "x", ["a", 3]), TypeError, r"targets\[1\] must be a str"),
    (lambda: L.score("f1", None, ["a"]), TypeError, "prediction must be a str"),
    (lambda: L.score("bleu", "x", ["a"]), ValueError, "unknown metric_name"),
    (lambda: L.score(3, "x", ["a"]), TypeError, "metric_name must be a str"),
    (lambda: L.corpus_mean("f1", ["a", "b"], [["a"]]), ValueError, "mismatched lengths"),
    (lambda: L.corpus_mean("f1", [], []), ValueError, "empty dataset"),
    (lambda: L.corpus_mean("f1", "ab", [["a"], ["b"]]), TypeError, "predictions must be a sequence"),
    (lambda: L.corpus_bleu(["a"], [[]]), ValueError, r"targets\[0\] is empty"),
    (lambda: bspec.corpus_score("lesson_f1", ["a"], ["a"]), TypeError, "bare str"),
    (lambda: bspec.corpus_score("lesson_rouge_l", ["a", "b"], [["a"]]), ValueError, "mismatched lengths"),
    (lambda: bspec.corpus_score("lesson_corpus_bleu", ["a"], [[]]), ValueError, "is empty"),
])
def test_bad_input_is_refused(call, error, message):
    """Bare strings as targets, non-strings, unknown names, mismatched lengths, an empty
    dataset and an empty target list for the pooled BLEU: each a clear error."""
    with pytest.raises(error, match=message):
        call()
