"""Bootstrap intervals checked against hand computations (bleuprint.spec.intervals).

Expected values come from the definitions worked out in the docstrings; the only thing
taken from a library is numpy's draw of the resample indices (``Generator.choice``),
which is the definition of which resamples are drawn. Tolerances: 1e-9 on the 0-100
scale in exact mode and for sacreBLEU's float32 numbers compared with themselves; 1e-4
where a float32 score is compared with the exact closed form (float32 precisions carry a
relative error of about 1e-7).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from bleuprint.spec import intervals
from bleuprint.spec.intervals import bootstrap, bootstrap_stats, metric_ci, percentile_indices
from bleuprint.core.value import metric as configured

# Two sentences, one reference each (exp smoothing, 13a, N = 4).
#   s0: "the cat sat on the mat" vs "the cat is on the mat": [6, 6, 5, 3, 1, 0, 6, 5, 4, 3]
#       (the worked example of the course module, section 3).
#   s1: "a dog" vs "a dog": [2, 2, 2, 1, 0, 0, 2, 1, 0, 0] (no 3-gram, no 4-gram).
TWO_HYPS = ["the cat sat on the mat", "a dog"]
TWO_REFS = [["the cat is on the mat"], ["a dog"]]

# With N = 2 there are 4 ordered resamples (i, j); their summed statistics and BLEU:
#   (0, 0): [12, 12, 10, 6, 2, 0, 12, 10, 8, 6]: p = 10/12, 6/10, 2/8, smoothed 1/(2*6);
#           product 1/96, BLEU = 100 * (1/96)^(1/4) = 31.947...
#           (s0 alone scores 100 * (1/48)^(1/4) = 37.99: smoothing is not scale-invariant.)
#   (0, 1) and (1, 0): [8, 8, 7, 4, 1, 0, 8, 6, 4, 3]: p = 7/8, 4/6, 1/4, smoothed 1/(2*3);
#           product 7/288, BLEU = 100 * (7/288)^(1/4) = 39.484... (= the corpus score)
#   (1, 1): [4, 4, 4, 2, 0, 0, 4, 2, 0, 0]: no trigram at all (t_3 = 0): the precision loop
#           stops and without effective order the score is 0.0.
RESAMPLE_BLEU = {
    (0, 0): 100 * (1 / 96) ** 0.25,
    (0, 1): 100 * (7 / 288) ** 0.25,
    (1, 0): 100 * (7 / 288) ** 0.25,
    (1, 1): 0.0,
}


def _hand_interval(idx: np.ndarray, table: dict, alpha: float = 0.05):
    """Scores from the hand table for numpy's resamples, then the percentile rule."""
    scores = [table[tuple(int(i) for i in row)] for row in idx]
    ordered = sorted(scores)
    lower = math.floor(len(scores) * Fraction(str(alpha)) / 2)
    return scores, ordered[lower], ordered[len(scores) - 1 - lower]


@pytest.mark.parametrize("seed", [12345, 1, 777])
@pytest.mark.parametrize("n_boot", [4, 1000])
def test_two_sentence_corpus_every_resample_by_hand(seed, n_boot):
    """Each resample's score is the hand value of its (i, j) pair; the interval is the
    order statistics of those values, e.g. for n_boot = 1000: [sorted[25], sorted[974]]
    (about a quarter of the resamples are (1, 1), so lo is 0.0, and half are (0, 1) or
    (1, 0), the largest value, so hi is 39.484...). For n_boot = 4: lower index
    floor(4 * 0.05 / 2) = 0, so [min, max]. Exact mode, to 1e-9."""
    idx = np.random.default_rng(seed).choice(2, size=(n_boot, 2), replace=True)
    scores, lo, hi = _hand_interval(idx, RESAMPLE_BLEU)
    result = bootstrap("bleu", TWO_HYPS, TWO_REFS, n_boot, rng=np.random.default_rng(seed), exact=True)
    assert result.score == pytest.approx(100 * (7 / 288) ** 0.25, abs=1e-9)
    assert np.allclose(result.scores, scores, rtol=0, atol=1e-9)
    assert result.lo == pytest.approx(lo, abs=1e-9)
    assert result.hi == pytest.approx(hi, abs=1e-9)
    assert result.mean == pytest.approx(sum(scores) / n_boot, abs=1e-9)
    assert result.half_width == pytest.approx((hi - lo) / 2, abs=1e-9)
    assert metric_ci("bleu", TWO_HYPS, TWO_REFS, n_boot, rng=np.random.default_rng(seed), exact=True) == (
        result.score, result.lo, result.hi)


def test_two_sentence_corpus_float32_mode_is_close_to_the_hand_values():
    """sacreBLEU's float32 arithmetic changes the resample scores only in the 7th digit
    here (all sums are small integers, exact in float32; only the precisions round)."""
    idx = np.random.default_rng(12345).choice(2, size=(1000, 2), replace=True)
    scores, lo, hi = _hand_interval(idx, RESAMPLE_BLEU)
    result = bootstrap("bleu", TWO_HYPS, TWO_REFS, 1000, rng=np.random.default_rng(12345))
    assert np.allclose(result.scores, scores, rtol=0, atol=1e-4)
    assert (result.lo, result.hi) == pytest.approx((lo, hi), abs=1e-4)
    assert lo == 0.0 and hi == pytest.approx(39.4844, abs=1e-4)


def test_pooled_bootstrap_differs_from_averaging_sentence_scores():
    """Pitfall 10: a bootstrap that averages sentence BLEUs measures another metric.
    Averaging: s0 alone 100 * (1/48)^(1/4) = 37.99, s1 alone 0.0, so (0, 0) -> 37.99,
    (0, 1) -> 19.00, (1, 1) -> 0; its upper end is 37.99. Pooling gives (0, 0) -> 31.95,
    (0, 1) -> 39.48: upper end 39.48. The means differ as well."""
    s0 = 100 * (1 / 48) ** 0.25
    averaged = {(0, 0): s0, (0, 1): s0 / 2, (1, 0): s0 / 2, (1, 1): 0.0}
    idx = np.random.default_rng(12345).choice(2, size=(1000, 2), replace=True)
    avg_scores, avg_lo, avg_hi = _hand_interval(idx, averaged)
    result = bootstrap("bleu", TWO_HYPS, TWO_REFS, 1000, rng=np.random.default_rng(12345), exact=True)
    assert avg_hi == pytest.approx(37.991784, abs=1e-6)
    assert result.hi == pytest.approx(39.484, abs=1e-3)
    assert abs(result.hi - avg_hi) > 1
    assert abs(result.mean - sum(avg_scores) / 1000) > 1


@pytest.mark.parametrize("metric,expected", [("bleu", 100.00000000000004), ("chrf", 100.0), ("exact_match", 1.0)])
@pytest.mark.parametrize("exact", [False, True])
def test_every_pair_matching_gives_a_degenerate_interval(metric, expected, exact):
    """Every hypothesis equals its reference, so every resample's statistics are all
    matches: BLEU exp(log 100) = 100.00000000000004 (every precision 100, BP 1), chrF
    100 * 5PR / (4P + R) with P = R = 1, exact match 1. lo = hi = score = mean, width 0."""
    hyps = ["the cat sat on the mat", "a dog ran home today", "x y z w v"]
    refs = [[h] for h in hyps]
    result = bootstrap(metric, hyps, refs, 100, rng=np.random.default_rng(5), exact=exact)
    assert result.score == result.lo == result.hi == result.mean == pytest.approx(expected, abs=1e-12)
    assert result.half_width == 0.0
    assert set(result.scores) == {result.score}


def test_percentile_rule():
    """lower = floor(n * alpha / 2), upper = n - 1 - lower: sacreBLEU's n // 40 for
    alpha = 0.05 (1000 -> 25 and 974; 39 -> 0 and 38; 40 -> 1 and 38); other alphas
    taken as written in decimal (0.3 * 20 / 2 = 3 exactly, although the double 0.3 is
    slightly below 3/10)."""
    assert percentile_indices(1000) == (25, 974)
    assert percentile_indices(39) == (0, 38)
    assert percentile_indices(40) == (1, 38)
    assert percentile_indices(4) == (0, 3)
    assert percentile_indices(1) == (0, 0)
    for n in range(1, 2001):
        assert percentile_indices(n, 0.05) == (n // 40, n - n // 40 - 1)
    assert percentile_indices(1000, 0.1) == (50, 949)
    assert percentile_indices(20, 0.3) == (3, 16)
    assert percentile_indices(10, 0.5) == (2, 7)


def test_alpha_widens_and_narrows_the_interval():
    """Same resamples, alpha 0.5 picks inner order statistics (250, 749 of 1000):
    the interval is inside the 0.05 one."""
    hyps = ["the cat sat on the mat", "a dog", "the dog sat on a mat", "cats are here"]
    refs = [["the cat is on the mat"], ["a dog"], ["a dog sat on the mat"], ["the cats are here"]]
    wide = bootstrap("bleu", hyps, refs, 1000, 0.05, rng=np.random.default_rng(3))
    narrow = bootstrap("bleu", hyps, refs, 1000, 0.5, rng=np.random.default_rng(3))
    ordered = sorted(wide.scores)
    assert (narrow.lo, narrow.hi) == (ordered[250], ordered[749])
    assert (wide.lo, wide.hi) == (ordered[25], ordered[974])
    assert narrow.scores == wide.scores


def test_reproducible_and_rng_advanced():
    """The same seed gives the same interval; a generator is advanced by the call (one
    choice call), so reusing it gives another interval; seeds change the resamples."""
    hyps = ["the cat sat on the mat", "a dog", "the dog sat on a mat", "cats are here"]
    refs = [["the cat is on the mat"], ["a dog"], ["a dog sat on the mat"], ["the cats are here"]]
    first = bootstrap("chrf", hyps, refs, 200, rng=np.random.default_rng(9))
    again = bootstrap("chrf", hyps, refs, 200, rng=np.random.default_rng(9))
    assert first == again
    rng = np.random.default_rng(9)
    bootstrap("chrf", hyps, refs, 200, rng=rng)
    assert bootstrap("chrf", hyps, refs, 200, rng=rng).scores != first.scores
    assert bootstrap("chrf", hyps, refs, 200, rng=np.random.default_rng(10)).scores != first.scores


# Two statistics rows where float32 sums are not exact (BLEU, N = 4):
#   A = [2^24, 2^24, 2^24, 2^24-1, 2^24-2, 2^24-3, 2^24, 2^24-1, 2^24-2, 2^24-3] (all match)
#   B = [1, 1, 0, 0, 0, 0, 1, 0, 0, 0] (one unmatched token)
# (A, B): t_1 = 2^24 + 1, which float32 cannot hold: it rounds (to even) to 2^24, so in
# float32 p_1 = 100 * 2^24 / 2^24 = 100 and the score is 100.00000000000004, while exactly
# p_1 = 100 * 2^24 / (2^24 + 1) and BLEU = 100 * (2^24 / (2^24 + 1))^(1/4) = 99.9999985...
# (A, A): every sum is even and < 2^25, exact in float32: 100.00000000000004 in both modes.
# (B, B): no match at all: 0.0 in both.
_BIG = 2**24
BIG_STATS = [[_BIG, _BIG, _BIG, _BIG - 1, _BIG - 2, _BIG - 3, _BIG, _BIG - 1, _BIG - 2, _BIG - 3],
             [1, 1, 0, 0, 0, 0, 1, 0, 0, 0]]


def test_float32_and_exact_modes_differ_above_2_to_the_24():
    """The two modes on BIG_STATS (table above), resample by resample, to 1e-9."""
    exact_ab = 100 * (_BIG / (_BIG + 1)) ** 0.25
    assert 100 - exact_ab > 1e-6
    tables = {
        False: {(0, 0): 100.00000000000004, (0, 1): 100.00000000000004, (1, 0): 100.00000000000004, (1, 1): 0.0},
        True: {(0, 0): 100.00000000000004, (0, 1): exact_ab, (1, 0): exact_ab, (1, 1): 0.0},
    }
    idx = np.random.default_rng(12345).choice(2, size=(1000, 2), replace=True)
    results = {}
    for exact, table in tables.items():
        scores, lo, hi = _hand_interval(idx, table)
        result = bootstrap_stats("bleu", BIG_STATS, 1000, rng=np.random.default_rng(12345), exact=exact)
        assert np.allclose(result.scores, scores, rtol=0, atol=1e-9)
        assert (result.lo, result.hi) == pytest.approx((lo, hi), abs=1e-9)
        results[exact] = result
    mixed = sum(1 for row in idx if row[0] != row[1])  # the (A, B) and (B, A) resamples
    differing = sum(1 for a, b in zip(results[False].scores, results[True].scores) if a != b)
    assert differing == mixed > 0
    # (A, A) is the largest value in both modes, and about a quarter of the resamples.
    assert results[False].hi == results[True].hi == 100.00000000000004
    assert results[False].mean - results[True].mean == pytest.approx(
        mixed / 1000 * (100.00000000000004 - exact_ab), abs=1e-9)
    assert results[False].score == results[True].score == pytest.approx(exact_ab, abs=1e-9)


def test_validation():
    """A missing rng is a ValueError (an interval must be reproducible); wrong kinds are
    TypeErrors; bad values ValueErrors; the corpus is checked as for corpus scores."""
    hyps, refs = ["a b"], [["a b"]]
    with pytest.raises(ValueError, match="rng is required"):
        metric_ci("bleu", hyps, refs)
    with pytest.raises(TypeError, match="Generator"):
        metric_ci("bleu", hyps, refs, rng=np.random.RandomState(1))
    with pytest.raises(TypeError, match="Generator"):
        metric_ci("bleu", hyps, refs, rng=12345)
    rng = np.random.default_rng(1)
    with pytest.raises(ValueError, match="metric"):
        metric_ci("no_such_metric", hyps, refs, rng=rng)
    with pytest.raises(ValueError, match="n_boot"):
        metric_ci("bleu", hyps, refs, n_boot=0, rng=rng)
    with pytest.raises(TypeError, match="n_boot"):
        metric_ci("bleu", hyps, refs, n_boot=10.0, rng=rng)
    for alpha in (0, 1, -0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="alpha"):
            metric_ci("bleu", hyps, refs, alpha=alpha, rng=rng)
    with pytest.raises(TypeError, match="alpha"):
        metric_ci("bleu", hyps, refs, alpha="0.05", rng=rng)
    with pytest.raises(ValueError, match="mismatched lengths"):
        metric_ci("bleu", ["a", "b"], [["a"]], rng=rng)
    with pytest.raises(ValueError, match="empty corpus"):
        metric_ci("chrf", [], [], rng=rng)
    with pytest.raises(TypeError, match="bare str"):
        metric_ci("bleu", ["a"], ["a"], rng=rng)
    with pytest.raises(TypeError, match="unknown option"):
        metric_ci(configured("bleu", beta=3), hyps, refs, rng=rng)
    with pytest.raises(TypeError, match="exact"):
        bootstrap("bleu", hyps, refs, rng=rng, exact="yes")
    with pytest.raises(ValueError, match="non-negative"):
        bootstrap_stats("bleu", [[1, 1, -1, 0]], rng=rng)
    with pytest.raises(ValueError, match="N x S"):
        bootstrap_stats("bleu", [1, 1, 1, 1], rng=rng)
    assert intervals.check_rng(rng) is rng
