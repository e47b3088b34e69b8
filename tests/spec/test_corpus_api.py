"""The metric-generic statistics API, by hand: ``sentence_stats`` gives an N x S float64
matrix, one row of sufficient statistics per sentence; ``score_from_stats`` scores a sum
of rows (section 2.4 of the course module: a corpus score is a function of the
column sums, which is what a bootstrap over sentences resamples).

Every row and score is derived by hand in the docstrings (the same examples as the
definition tests). Floats: absolute tolerance 1e-9 on the 0-100 scale (``TOL``); exact
equality for exact match and for the statistics, which are small whole numbers.
"""

from __future__ import annotations

import numpy as np
import pytest

from bleuprint import spec
from bleuprint.core.value import metric as configured

#: Absolute tolerance on the 0-100 scale.
TOL = 1e-9


def close(expected: float):
    return pytest.approx(expected, rel=0, abs=TOL)


def test_exact_match_rows_sum_to_the_score():
    """Section 3 exact-match example: rows [1.0], [1.0], [0.0] (the second matches through
    the strip); the column sum 2 over n = 3 sentences gives 2/3, as ``exact_match``.
    A row counted twice ([1] + [1] over 2 sentences) is still 1.0."""
    hyps = ["2021-05-03", " 2021-05-04\n", "2021-5-3"]
    refs = ["2021-05-03", "2021-05-04", "2021-05-03"]
    rows = spec.sentence_stats("exact_match", hyps, refs)
    assert rows.dtype == np.float64 and rows.shape == (3, 1)
    assert rows.tolist() == [[1.0], [1.0], [0.0]]
    assert spec.score_from_stats("exact_match", rows.sum(axis=0), 3) == 2 / 3
    assert spec.score_from_stats("exact_match", rows.sum(axis=0), 3) == spec.exact_match(hyps, refs)
    assert spec.score_from_stats("exact_match", rows[0] + rows[0], 2) == 1.0


def test_bleu_row_sums_score_like_corpus_bleu():
    """The two-sentence corpus of test_bleu_definition.py::test_corpus_pools_statistics.

    Rows: "the cat sat down" | "the cat sat down" -> [4, 4, 4, 3, 2, 1, 4, 3, 2, 1];
    "the dog sat down" | "the cat sat down" -> [4, 4, 3, 1, 0, 0, 4, 3, 2, 1].
    Shape 2 x 10 (2 + 2 * 4 columns). Column sums [8, 8, 7, 4, 2, 1, 8, 6, 4, 2]:
    p = 7/8, 4/6, 2/4, 1/2, BP = 1: 100 (7/48)^(1/4), which is corpus BLEU; the mean of
    the rows' own scores, (100 + 25 sqrt 2)/2 = 67.68, is not.
    With max_ngram_order = 1 the rows are [4, 4, 4, 4] and [4, 4, 3, 4]: sums
    [8, 8, 7, 8], score 100 * 7/8.
    """
    hyps = ["the cat sat down", "the dog sat down"]
    refs = [["the cat sat down"], ["the cat sat down"]]
    rows = spec.sentence_stats("bleu", hyps, refs)
    assert rows.dtype == np.float64 and rows.shape == (2, 10)
    assert rows.tolist() == [[4, 4, 4, 3, 2, 1, 4, 3, 2, 1], [4, 4, 3, 1, 0, 0, 4, 3, 2, 1]]
    pooled = 100 * (7 / 48) ** 0.25
    assert spec.score_from_stats("bleu", rows.sum(axis=0), 2) == close(pooled)
    assert spec.corpus_bleu(hyps, refs) == close(pooled)
    rows1 = spec.sentence_stats(configured("bleu", max_ngram_order=1), hyps, refs)
    assert rows1.tolist() == [[4, 4, 4, 4], [4, 4, 3, 4]]
    assert spec.score_from_stats("bleu", rows1.sum(axis=0), 2) == close(100 * 7 / 8)


def test_chrf_row_sums_score_like_corpus_chrf():
    """The corpus of test_chrf_definition.py::test_chrf_corpus_pools_statistics.

    Rows (18 columns, 3 per order 1..6): "cat" | "cats" ->
    [3, 4, 3, 2, 3, 2, 1, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]; "a" | "b" -> [1, 1, 0] then 0s.
    Sums: [4, 5, 3], [2, 3, 2], [1, 2, 1], [0, 1, 0], zeros. P = (3/4 + 1 + 1)/3 = 11/12,
    R = (3/5 + 2/3 + 1/2)/3 = 53/90; chrF = 100 * 5 P R / (4 P + R) = 100 * 2915/4596.
    chrF++ (word_order = 2) rows have 3 * (6 + 2) = 24 columns.
    """
    hyps = ["cat", "a"]
    refs = [["cats"], ["b"]]
    rows = spec.sentence_stats("chrf", hyps, refs)
    assert rows.dtype == np.float64 and rows.shape == (2, 18)
    assert rows.tolist() == [[3, 4, 3, 2, 3, 2, 1, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0], [1, 1, 0] + [0] * 15]
    assert spec.score_from_stats("chrf", rows.sum(axis=0), 2) == close(100 * 2915 / 4596)
    assert spec.chrf(hyps, refs) == close(100 * 2915 / 4596)
    assert spec.sentence_stats(configured("chrf", word_order=2), hyps, refs).shape == (2, 24)


def test_a_sentence_counted_twice_changes_a_smoothed_score():
    """Smoothing is not scale-invariant, so a row drawn twice in a resample need not score
    like the row alone (seed section 2.4).

    BLEU, section 3 example: row [6, 6, 5, 3, 1, 0, 6, 5, 4, 3] alone scores
    100 (5/6 * 3/5 * 1/4 * 1/6)^(1/4) = 100 (1/48)^(1/4) = 37.99. Twice:
    [12, 12, 10, 6, 2, 0, 12, 10, 8, 6]: p1 = 10/12, p2 = 6/10, p3 = 2/8 are unchanged,
    but the zero order is smoothed to 1/(2 * t4) = 1/(2 * 6) = 1/12 instead of 1/6:
    100 (5/6 * 3/5 * 1/4 * 1/12)^(1/4) = 100 (1/96)^(1/4) = 31.95.
    Without a zero order nothing changes: "a b c d e" | "a b c d" gives
    [5, 4, 4, 3, 2, 1, 5, 4, 3, 2], p = 4/5, 3/4, 2/3, 1/2 alone and twice:
    100 (1/5)^(1/4) both times. chrF is a function of ratios only: the section 3 chrF row
    twice still gives 100 * 115/167.
    """
    row = spec.sentence_stats("bleu", ["the cat sat on the mat"], [["the cat is on the mat"]])[0]
    assert row.tolist() == [6, 6, 5, 3, 1, 0, 6, 5, 4, 3]
    assert spec.score_from_stats("bleu", row, 1) == close(100 * (1 / 48) ** 0.25)
    assert spec.score_from_stats("bleu", row + row, 2) == close(100 * (1 / 96) ** 0.25)

    row = spec.sentence_stats("bleu", ["a b c d e"], [["a b c d"]])[0]
    assert row.tolist() == [5, 4, 4, 3, 2, 1, 5, 4, 3, 2]
    assert spec.score_from_stats("bleu", row, 1) == close(100 * 0.2**0.25)
    assert spec.score_from_stats("bleu", row + row, 2) == close(100 * 0.2**0.25)

    row = spec.sentence_stats("chrf", ["cat"], [["cats"]])[0]
    assert spec.score_from_stats("chrf", row + row, 2) == close(100 * 115 / 167)


def test_score_from_stats_takes_the_metric_options():
    """Options reach the score: the section 3 BLEU row with floor smoothing (p4 = 0.1/3)
    scores 100 (1/240)^(1/4) (see test_bleu_definition.py::test_floor_smoothing), with
    no smoothing 0.0; the section 3 chrF row with beta = 1 scores 100 * 46/59."""
    row = np.array([6, 6, 5, 3, 1, 0, 6, 5, 4, 3], dtype=np.float64)
    assert spec.score_from_stats(configured("bleu", smooth_method="floor"), row, 1) == close(100 * (1 / 240) ** 0.25)
    assert spec.score_from_stats(configured("bleu", smooth_method="none"), row, 1) == 0.0
    chrf_row = np.array([3, 4, 3, 2, 3, 2, 1, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0], dtype=np.float64)
    assert spec.score_from_stats(configured("chrf", beta=1), chrf_row, 1) == close(100 * 46 / 59)
