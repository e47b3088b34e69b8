"""A weak student suite for the course module L4.5, written against the course's contract
(``tinyllm.eval.seqmetrics``): the three worked examples of section 3 and nothing else.
Every expected value is derived by hand in its docstring, as the course asks; the suite
passes, and still leaves most of the module's pitfalls untested."""

import pytest

from tinyllm.eval.seqmetrics import bleu_from_stats, bleu_stats, chrf, exact_match


def test_hand_example_bleu():
    """h = "the cat sat on the mat", r = "the cat is on the mat": c = r = 6; matches
    5, 3, 1, 0 of 6, 5, 4, 3 n-grams. The zero 4-gram order is smoothed to 1/(2 * 3), so
    BLEU = 100 * (5/6 * 3/5 * 1/4 * 1/6)^(1/4) = 100 * (1/48)^(1/4) (within 1e-9)."""
    stats = bleu_stats("the cat sat on the mat", ["the cat is on the mat"])
    assert stats == [6, 6, 5, 3, 1, 0, 6, 5, 4, 3]
    assert bleu_from_stats(stats) == pytest.approx(100 * (1 / 48) ** 0.25, abs=1e-9)


def test_hand_example_chrf():
    """h = "cat", r = "cats": P = 1, R = (3/4 + 2/3 + 1/2)/3 = 23/36, and
    chrF = 100 * 5 * P * R / (4 * P + R) = 100 * 115/167 (within 1e-9)."""
    assert chrf(["cat"], [["cats"]]) == pytest.approx(100 * 115 / 167, abs=1e-9)


def test_hand_example_exact_match():
    """The first pair matches, the second after stripping its ends, the third does not
    (5 is not 05): EM = 2/3."""
    hyps = ["2021-05-03", " 2021-05-04\n", "2021-5-3"]
    refs = ["2021-05-03", "2021-05-04", "2021-05-03"]
    assert exact_match(hyps, refs) == pytest.approx(2 / 3, abs=1e-12)
