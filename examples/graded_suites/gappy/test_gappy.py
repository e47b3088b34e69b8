"""A plausible but gappy test suite (an example for the grader).

Its tests are right, but it never repeats a word, never gives a sentence two references,
and never pads a line with white space, so clipping, the closest reference length, the
best chrF reference and exact match's strip go untested. Scores within 1e-9.
"""

import pytest

from bleuprint.spec import chrf, corpus_bleu, exact_match

TOL = 1e-9


def test_worked_example_bleu():
    """1-grams 5/6, 2-grams 3/5, 3-grams 1/4, 4-grams smoothed to 1/6; BP = 1:
    100 * (1/48) ** (1/4)."""
    assert corpus_bleu(["the cat sat on the mat"], [["the cat is on the mat"]]) == pytest.approx(
        100 * (1 / 48) ** 0.25, abs=TOL)


def test_perfect_match():
    """Every precision is 100: exp(log 100)."""
    assert corpus_bleu(["a b c d"], [["a b c d"]]) == pytest.approx(100.0, abs=TOL)


def test_worked_example_chrf():
    """'cat' vs 'cats': 100 * 115/167."""
    assert chrf(["cat"], [["cats"]]) == pytest.approx(100 * 115 / 167, abs=TOL)


def test_exact_match_case():
    """'Paris' is not 'paris'; 'Oslo' is 'Oslo': 1/2."""
    assert exact_match(["Paris", "Oslo"], ["paris", "Oslo"]) == pytest.approx(0.5, abs=TOL)
