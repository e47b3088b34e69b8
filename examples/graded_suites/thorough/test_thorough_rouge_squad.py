"""A thorough oracle test suite for ROUGE (as rouge-score 0.1.2) and SQuAD EM/F1 (an example
for the grader), in the style of test_thorough.py: every expected number is worked out by
hand in the docstring, from the definitions; the metrics are reached through
``bleuprint.spec.corpus_score``. ROUGE is on a 0-1 scale, SQuAD on 0-100; within 1e-9.

ROUGE's tokenizer: lowercase, every character other than [a-z0-9] is a separator, and with
stemming, tokens longer than 3 characters go through nltk's Porter stemmer. P = overlap /
prediction tokens, R = overlap / target tokens, F = 2PR / (P + R). Several targets: the one
with the highest F, per ROUGE type, the first on ties.
"""

import pytest

from bleuprint.spec import corpus_score
from bleuprint.core.value import metric as configured

TOL = 1e-9


def rouge(prediction, targets, **options):
    return corpus_score(configured("rouge", **options), [prediction], [targets])


def test_non_ascii_letters_are_dropped():
    """rouge-score keeps only [a-z0-9] runs: '我们的中国' has no token, so even against itself
    P = R = F = 0 (a Unicode tokenizer would give 1)."""
    assert rouge("我们的中国", ["我们的中国"]) == pytest.approx(0.0, abs=TOL)


def test_f_is_plain_f1():
    """'a' against 'a b c d': overlap 1, P = 1/1, R = 1/4, F = 2 * 1 * 0.25 / 1.25 = 0.4
    (not an F-beta)."""
    assert rouge("a", ["a b c d"]) == pytest.approx(0.4, abs=TOL)


def test_best_target_per_type():
    """'a b c e' against 'a b c d' and 'a c b e'. ROUGE-1: 3 of 4 against the first (F 0.75),
    4 of 4 against the second (F 1): the second. ROUGE-2: bigrams ab bc ce; the first has
    ab bc cd (2 of 3, F 2/3), the second ac cb be (0): the first, F 2/3. Chosen per type, so
    ROUGE-2 is 2/3, not the 0 of ROUGE-1's best target."""
    assert rouge("a b c e", ["a b c d", "a c b e"], rouge_type="rouge1") == pytest.approx(1.0, abs=TOL)
    assert rouge("a b c e", ["a b c d", "a c b e"], rouge_type="rouge2") == pytest.approx(2 / 3, abs=TOL)


def test_ties_go_to_the_first_target():
    """'a b' against 'a b c d' (P 1, R 1/2, F 2/3) and 'a' (P 1/2, R 1, F 2/3): equal F, the
    first is kept, so the precision is 1 (the second would give 1/2)."""
    assert rouge("a b", ["a b c d", "a"], measure="precision") == pytest.approx(1.0, abs=TOL)


def test_lsum_unions_lcs_over_lines():
    """'d e f\\na b c' against 'a b c\\nd e f'. ROUGE-L on the whole token sequences: the LCS
    of d e f a b c and a b c d e f has 3 tokens, P = R = F = 0.5. ROUGE-Lsum: each target
    line's union LCS with the prediction lines covers it (3 + 3 hits of 6): P = R = F = 1."""
    assert rouge("d e f\na b c", ["a b c\nd e f"], rouge_type="rougeL") == pytest.approx(0.5, abs=TOL)
    assert rouge("d e f\na b c", ["a b c\nd e f"], rouge_type="rougeLsum") == pytest.approx(1.0, abs=TOL)


def test_lsum_back_trace_goes_up_on_ties():
    """Target 'c c', prediction lines 'c b' and 'c' (n = 3, m = 2). The LCS of target c c
    with c b is one c; reading the table back from the end, target c vs b differ and the two
    neighbours tie (1 and 1): rouge-score moves up (in the target), so the LCS matches target
    position 0. With line 'c' it matches target position 1. The union {0, 1} gives 2 hits:
    P = 2/3, R = 1, F = 0.8 (moving left on the tie gives position 1 twice: 1 hit, F 0.4)."""
    assert rouge("c b\nc", ["c c"], rouge_type="rougeLsum") == pytest.approx(0.8, abs=TOL)


def test_short_tokens_are_not_stemmed():
    """With stemming, 'was' (3 characters) is left alone: 'was' against 'wa' shares nothing,
    F = 0 (Porter would make 'was' into 'wa')."""
    assert rouge("was", ["wa"], use_stemmer=True) == pytest.approx(0.0, abs=TOL)


def test_porter_step_1c_is_nltks():
    """nltk's step 1c turns a final y into i only after a consonant that is not the word's
    first letter: 'enjoy' keeps its y ('o' is a vowel), so 'enjoy' against 'enjoi' shares
    nothing, F = 0 (the paper's (*v*) Y -> I would give 'enjoi' and F = 1)."""
    assert rouge("enjoy", ["enjoi"], use_stemmer=True) == pytest.approx(0.0, abs=TOL)


def test_squad_punctuation_goes_before_articles():
    """'an-apple' against 'apple': lowercase, punctuation removed ('anapple'), then the
    articles a/an/the as whole words (none left): 'anapple' != 'apple', EM 0. Articles
    first would strip 'an' from 'an-apple' and match."""
    assert corpus_score(configured("squad", value="exact"), ["an-apple"], [["apple"]]) == pytest.approx(0.0, abs=TOL)


def test_squad_v2_empty_against_empty_is_f1_one():
    """v2.0: a question with no gold answer is scored against ''; 'the' normalises to ''.
    Empty against empty: F1 = 1 (v2.0's rule; v1.1's token overlap would give 0): 100."""
    assert corpus_score(configured("squad", version="2.0"), ["the"], [[]]) == pytest.approx(100.0, abs=TOL)


def test_squad_v1_missing_prediction_counts_zero():
    """v1.1: the second question has no prediction: it scores 0 and stays in the
    denominator: F1 = 100 * (1 + 0) / 2 = 50 (skipping it would give 100)."""
    assert corpus_score("squad", ["x", None], [["x"], ["y"]]) == pytest.approx(50.0, abs=TOL)
