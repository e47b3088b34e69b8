"""The three worked examples of section 3 of the course module, by hand.

Every expected value below is computed from the definitions (section 2 of the module,
``bleuprint/spec`` docstrings) and the computation is written out in the docstring;
none of them was printed by our code. Floats are compared with an absolute tolerance of
1e-9 on the 0-100 scale (``TOL``); exact equality where the arithmetic is exact.

Which test kills which planted fault (the pitfalls of section 5; mutants s01..s17).
Each fault was considered against these tests; the first test named is the one written
for it, the others fail as well. The map was checked by planting each fault in a scratch
copy of bleuprint.spec and running these seven files (every fault made them fail).

  s01 matches not clipped by the reference counts
      -> test_bleu_definition.py::test_clipping ("the the the the" vs "the cat": m1 = 1,
         not 4; and the max-over-references bound, not the sum)
  s02 brevity penalty against the shortest reference
      -> test_bleu_definition.py::test_closest_reference_length (hyp 4 tokens, refs of
         2 and 5 tokens: r = 5, BLEU = 100 e^-0.25, not 100),
         test_bleu_definition.py::test_references_are_per_hypothesis (r = 5 of refs 2, 5)
  s03 brevity penalty applied to long hypotheses too
      -> test_bleu_definition.py::test_brevity_penalty (c = 6 > r = 4 keeps BP = 1)
  s04 corpus BLEU as the mean of sentence BLEUs
      -> test_bleu_definition.py::test_corpus_pools_statistics (61.80 pooled, 67.68
         averaged), test_bleu_definition.py::test_references_are_per_hypothesis,
         test_corpus_api.py::test_bleu_row_sums_score_like_corpus_bleu
  s05 a bare string accepted as the references of one hypothesis
      -> test_bleu_definition.py::test_references_are_per_hypothesis (TypeError),
         test_validation.py::test_validation[bare-str-*]
  s06 sacreBLEU's stream layout (refs[k][i]) instead of refs[i][k]
      -> test_bleu_definition.py::test_references_are_per_hypothesis (2 x 2 layout that
         scores 100 per hypothesis and 0 transposed; variable reference counts)
  s07 arithmetic mean of the precisions
      -> test_hand_example_bleu (46.25 instead of 37.99), and every BLEU value below
  s08 no smoothing (a zero precision zeroes the score)
      -> test_hand_example_bleu (0 instead of 37.99),
         test_bleu_definition.py::test_smoothing_and_zero_orders
  s09 a different tokenizer (3.14 split in three)
      -> test_tokenizers_hand.py::test_13a_keeps_numbers_whole_and_splits_punctuation,
         test_tokenizers_hand.py::test_bleu_counts_13a_tokens (c = 4, not 6)
  s10 case-insensitive BLEU
      -> test_bleu_definition.py::test_case_counts ("The cat" vs "the cat": m1 = 1)
  s11 chrF keeping white space
      -> test_chrf_definition.py::test_chrf_ignores_white_space_and_forgives_inflection
         ("a b" vs "ab" is 100, not 100 * 5/11)
  s12 chrF with beta not squared
      -> test_chrf_definition.py::test_chrf_beta_weights_recall (beta = 2 and 3),
         test_hand_example_chrf (100 * 69/95 instead of 100 * 115/167)
  s13 chrF as the mean of the per-order F scores
      -> test_hand_example_chrf (68.64 instead of 68.86)
  s14 chrF keeping the last reference instead of the best
      -> test_chrf_definition.py::test_chrf_uses_the_best_reference
  s15 chrF over character orders 1..n-1 only
      -> test_chrf_definition.py::test_chrf_counts_every_order_up_to_n
         (100 * 617/840 with order 6, 100 * 1641/2100 without)
  s16 exact match ignoring case
      -> test_exact_match.py::test_exact_match_is_strict_inside ("Paris" vs "paris")
  s17 exact match without the strip
      -> test_hand_example_exact_match (" 2021-05-04\\n"),
         test_exact_match.py::test_exact_match_is_strict_inside
"""

from __future__ import annotations

import pytest

from bleuprint import spec

#: Absolute tolerance on the 0-100 scale.
TOL = 1e-9


def close(expected: float):
    return pytest.approx(expected, rel=0, abs=TOL)


def test_hand_example_bleu():
    """Section 3: h = "the cat sat on the mat", r = "the cat is on the mat".

    13a leaves these lowercase words as they are: c = 6 tokens, r = 6 tokens, BP = 1.

    n = 1: the x2, cat, sat, on, mat (t1 = 6); the reference has the x2, cat, is, on,
           mat, so the x2, cat, on, mat match: m1 = 5 (sat does not).
    n = 2: the cat, cat sat, sat on, on the, the mat (t2 = 5); the reference's bigrams
           are the cat, cat is, is on, on the, the mat: m2 = 3.
    n = 3: the cat sat, cat sat on, sat on the, on the mat (t3 = 4); only "on the mat"
           is in the reference (the cat is, cat is on, is on the, on the mat): m3 = 1.
    n = 4: the cat sat on, cat sat on the, sat on the mat (t4 = 3); the reference has
           the cat is on, cat is on the, is on the mat: m4 = 0.

    Statistics [c, r, m1..m4, t1..t4] = [6, 6, 5, 3, 1, 0, 6, 5, 4, 3].

    Precisions: p1 = 5/6, p2 = 3/5, p3 = 1/4; p4 has no match, and it is the first
    (j = 1) zero-match order, so exp smoothing gives p4 = 1 / (2^1 * t4) = 1/6.
    BLEU = 100 * BP * (5/6 * 3/5 * 1/4 * 1/6) ** (1/4) = 100 * (1/48) ** (1/4)
         = 37.9917843...
    (The arithmetic mean of the same precisions would be 100 * (5/6 + 3/5 + 1/4 + 1/6)/4
    = 46.25; no smoothing would give 0.)
    """
    hyp, ref = "the cat sat on the mat", "the cat is on the mat"
    stats = spec.bleu_stats(hyp, [ref])
    assert stats == [6, 6, 5, 3, 1, 0, 6, 5, 4, 3]
    expected = 100 * (1 / 48) ** 0.25
    assert spec.bleu_from_stats(stats) == close(expected)
    assert spec.corpus_bleu([hyp], [[ref]]) == close(expected)
    # All four orders have hypothesis n-grams, so effective order changes nothing.
    assert spec.sentence_bleu(hyp, [ref]) == close(expected)
    # The course module's figure, 37.991784, is this value rounded to 6 decimals.
    assert abs(spec.corpus_bleu([hyp], [[ref]]) - 37.991784) < 1e-6


def test_hand_example_chrf():
    """Section 3: h = "cat", r = "cats", chrF with n = 6, beta = 2.

    Per order k, [hyp n-grams, ref n-grams, matches]:
      k = 1: c, a, t | c, a, t, s            -> [3, 4, 3]  P = 1, R = 3/4
      k = 2: ca, at  | ca, at, ts            -> [2, 3, 2]  P = 1, R = 2/3
      k = 3: cat     | cat, ats              -> [1, 2, 1]  P = 1, R = 1/2
      k = 4: (none)  | cats                  -> [0, 1, 0]  skipped (no hyp 4-gram)
      k = 5, 6: neither side has one         -> [0, 0, 0]  skipped
    Averages over the orders where both counts are positive (k = 1..3):
      P = 1, R = (3/4 + 2/3 + 1/2) / 3 = (27 + 24 + 18) / 36 / 3 = 23/36.
    chrF = 100 * (1 + 4) P R / (4 P + R) = 100 * (115/36) / (167/36) = 100 * 115/167
         = 68.8622754...
    With beta not squared: 100 * 3 R / (2 + R) = 100 * 69/95 = 72.63.
    The mean of the per-order F (5 P R / (4 P + R) = 15/19, 5/7, 5/9) would be 68.64.
    """
    stats = spec.chrf_stats("cat", ["cats"])
    assert stats == [3, 4, 3, 2, 3, 2, 1, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    expected = 100 * 115 / 167
    assert spec.chrf_from_stats(stats) == close(expected)
    assert spec.chrf(["cat"], [["cats"]]) == close(expected)
    assert spec.sentence_chrf("cat", ["cats"]) == close(expected)


def test_hand_example_exact_match():
    """Section 3: hypotheses "2021-05-03", " 2021-05-04\\n", "2021-5-3" against
    "2021-05-03", "2021-05-04", "2021-05-03".

    1st: equal. 2nd: equal after removing the white space at both ends (the leading space
    and the trailing newline). 3rd: "2021-5-3" != "2021-05-03" (5 is not 05).
    EM = 2/3, computed as 2 / 3 in floating point, so the equality is exact.
    """
    hyps = ["2021-05-03", " 2021-05-04\n", "2021-5-3"]
    refs = ["2021-05-03", "2021-05-04", "2021-05-03"]
    assert spec.exact_match(hyps, refs) == 2 / 3
    # Each sentence on its own: 1, 1 (only through the strip), 0.
    assert [spec.exact_match([h], [r]) for h, r in zip(hyps, refs)] == [1.0, 1.0, 0.0]
