"""A thorough oracle test suite for the lesson family of seed 003 (an example for the
grader): its tokenizer ``\\w+`` on lowercased text, exact match after strip, token F1,
BLEU-4 with add-one smoothing on every order, ROUGE-L F1 and the pooled corpus BLEU. Every
expected number is worked out by hand in the docstring; scores on 0-1, within 1e-9.
"""

import pytest

from bleuprint.spec import corpus_score

TOL = 1e-9


def one(metric, prediction, targets):
    return corpus_score(metric, [prediction], [targets])


def test_bleu4_adds_one_on_every_order():
    """'a b c d' against 'a b c e': matches 3/4, 2/3, 1/2, 0/1; add-one on all four orders
    gives 4/5, 3/4, 2/3, 1/2, product 1/5; c = r = 4, BP = 1: (1/5) ** (1/4). Unigrams left
    unsmoothed (nltk's method2, sacreBLEU's add-k) would give (3/16) ** (1/4)."""
    assert one("lesson_bleu4", "a b c d", ["a b c e"]) == pytest.approx((1 / 5) ** 0.25, abs=TOL)


def test_bleu4_clips_a_repeated_phrase():
    """'the the the the' against 'the cat': 'the' counts once (clipped): 1/4 -> 2/5; no
    bigram, trigram or 4-gram matches: 0/3, 0/2, 0/1 -> 1/4, 1/3, 1/2; product 1/60; c = 4 >
    r = 2, BP = 1: (1/60) ** (1/4) (unclipped, 4/4 -> 1 would give (1/24) ** (1/4))."""
    assert one("lesson_bleu4", "the the the the", ["the cat"]) == pytest.approx((1 / 60) ** 0.25, abs=TOL)


def test_f1_counts_a_multiset():
    """'the the cat' against 'the cat': overlap min(2, 1) + min(1, 1) = 2; P = 2/3, R = 1,
    F1 = 2 * (2/3) / (5/3) = 0.8 (on sets it would be 1)."""
    assert one("lesson_f1", "the the cat", ["the cat"]) == pytest.approx(0.8, abs=TOL)


def test_tokenizer_keeps_unicode_word_characters():
    """'café au' against 'caf au': tokens [café, au] and [caf, au], overlap 1: P = R = 1/2,
    F1 = 0.5 (an ASCII tokenizer would split 'café' into 'caf' and match both: 1)."""
    assert one("lesson_f1", "café au", ["caf au"]) == pytest.approx(0.5, abs=TOL)


def test_exact_match_strips_and_nothing_else():
    """' Paris ' equals 'Paris' after strip: 1. 'Paris.' is not 'Paris' (no punctuation
    removal, no lowercasing): 0."""
    assert one("lesson_exact_match", " Paris ", ["Paris"]) == pytest.approx(1.0, abs=TOL)
    assert one("lesson_exact_match", "Paris.", ["Paris"]) == pytest.approx(0.0, abs=TOL)


def test_accuracy_scores_an_empty_target_list_zero():
    """Two examples: 'Paris' against ['Paris'] is 1, anything against [] is 0: mean 0.5."""
    assert corpus_score("lesson_accuracy", ["Paris", "x"], [["Paris"], []]) == pytest.approx(0.5, abs=TOL)


def test_rouge_l_keeps_word_order():
    """'b a' against 'a b': the LCS has one token, P = R = 1/2, F1 = 0.5 (a bag-of-words
    overlap would give 1)."""
    assert one("lesson_rouge_l", "b a", ["a b"]) == pytest.approx(0.5, abs=TOL)


def test_pooled_bleu_takes_the_closest_target_length():
    """'a b c d' against 'a b c e e' (5 tokens) and 'a b c d' (4): every n-gram of the
    prediction is in the second target: 4/4, 3/3, 2/2, 1/1, add-one keeps each 1; r is the
    closest length, 4 = c: BP = 1 and BLEU 1 (the longest, 5, would give exp(1 - 5/4))."""
    assert one("lesson_corpus_bleu", "a b c d", ["a b c e e", "a b c d"]) == pytest.approx(1.0, abs=TOL)
