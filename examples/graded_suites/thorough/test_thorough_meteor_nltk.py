"""A thorough oracle test suite for METEOR as nltk 3.10.4's meteor_score computes it (an
example for the grader), in the style of test_thorough.py: every expected number is worked
out by hand in the docstring; the metric is reached through ``bleuprint.spec.corpus_score``
(synonyms off, so no WordNet is needed) and, for the synonym stage, through the spec's
``pair_score`` with a synonym table. Scale 1; within 1e-9.

Words are ``str.split()`` tokens, lowercased. m matches, P = m / |hyp|, R = m / |ref|,
Fmean = P R / (0.9 P + 0.1 R), penalty = 0.5 (chunks / m)^3 always applied, score
(1 - penalty) Fmean; the best reference; the corpus value the mean of the segments'.
"""

import pytest

from bleuprint.metrics.meteor_nltk.spec import pair_score
from bleuprint.spec import corpus_score
from bleuprint.core.value import metric as configured

TOL = 1e-9


def meteor(hyps, refs, **options):
    return corpus_score(configured("meteor_nltk", synonyms=False, **options), hyps, refs)


def test_identical_sentence_is_penalised():
    """6 identical words: one chunk, penalty 0.5 / 216; score 431/432."""
    assert meteor(["a b c d e f"], [["a b c d e f"]]) == pytest.approx(431 / 432, abs=TOL)


def test_greedy_order_from_the_end():
    """'a b' vs 'a b a': 'b' takes position 1, then 'a' the highest free one, 2: two chunks,
    frag 1, penalty 1/2; P 1, R 2/3, Fmean 20/29; score 10/29."""
    assert meteor(["a b"], [["a b a"]]) == pytest.approx(10 / 29, abs=TOL)


def test_precision_and_recall_weights():
    """'a b c' vs 'a b x y': m 2 in one chunk, P 2/3, R 1/2, Fmean (1/3) / 0.65 = 20/39,
    penalty 1/16; score 25/52. With the jar's 0.85 / 0.2 / 0.6 it would differ."""
    assert meteor(["a b c"], [["a b x y"]]) == pytest.approx(25 / 52, abs=TOL)


def test_best_reference_and_mean():
    """'a b c' against 'x' scores 0, against itself 1 - 0.5/27 = 53/54 (the best); a second
    segment with no match: the corpus mean 53/108."""
    assert meteor(["a b c", "p"], [["x", "a b c"], ["q"]]) == pytest.approx(53 / 108, abs=TOL)


def test_synonym_stage_sees_stems():
    """nltk's synonym stage looks up the stemmed word: 'happy' becomes 'happi', so a table
    linking 'happy' to 'glad' gives no match (0); 'dog' -> 'hound' matches: 1/2."""
    table = {"happy": frozenset({"glad"}), "dog": frozenset({"hound"})}

    def synonyms(word):
        return table.get(word, frozenset())

    assert pair_score(["happy"], ["glad"], synonyms) == 0.0
    assert pair_score(["dog"], ["hound"], synonyms) == pytest.approx(0.5, abs=TOL)
