"""Numbers that are not numbers (issue 12, item 6): a statistic or a smoothing value that
is NaN, infinite, negative, fractional where it counts something, or more matches than
n-grams is refused with a ValueError (TypeError for a non-number) whose message names the
argument and the position, at every public entry of the specification that takes one.
sacreBLEU 2.5.1 returns a silent NaN, inf or -33.33 there, or fails with ``math domain
error`` (``test_sacrebleu_computes_silent_values_here`` shows it); that is one of the
deliberate differences. The rule and the reason for each refusal are in the docstrings
of ``bleuprint.spec.inputs.check_counts`` and ``check_smooth_value``.

The second half checks that the legitimate edges are still scored, and scored as
sacreBLEU scores them (live sacreBLEU, within 1e-9 on the 0-100 scale): smoothing values
of 0 and tiny ones, TER's fractional and zero reference lengths, zero counts, whole
float32 counts.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from bleuprint import spec
from bleuprint.core.value import metric as configured

NAN, INF = float("nan"), float("inf")
#: BLEU statistics [c, r, m_1..m_4, t_1..t_4] of a 4-word hypothesis against a 5-word
#: reference with 3, 1, 0, 0 matches (every order but the first two has none).
STATS = [4, 5, 3, 1, 0, 0, 4, 3, 2, 1]
#: chrF statistics (6 character orders, [hyp, ref, matches] each).
CHRF = [3, 4, 2] * 6
H, R = ["a b c d"], [["a b c d"]]
MESSAGE = r"must be a finite number >= 0"


def _with(stats, position, value):
    copy = list(stats)
    copy[position] = value
    return copy


# (id, call, exception, a regular expression the message must contain)
CASES = [
    # smooth_value: NaN, inf, negative, too large for 100 * v; for every method.
    *[(f"smooth-{method}-{label}",
       (lambda method=method, value=value: spec.bleu_from_stats(STATS, smooth_method=method, smooth_value=value)),
       ValueError, rf"smooth_value {MESSAGE}.*got {text}")
      for method in ("floor", "add-k", "exp", "none")
      for label, value, text in (("nan", NAN, "nan"), ("inf", INF, "inf"), ("neg", -1.0, "-1.0"),
                                 ("neg-int", -1, "-1"), ("huge", 1e307, "1e\\+307"))],
    ("smooth-corpus-bleu", lambda: spec.corpus_bleu(H, R, smooth_method="floor", smooth_value=NAN), ValueError,
     r"smooth_value .*got nan"),
    ("smooth-sentence-bleu", lambda: spec.sentence_bleu("a b", ["a b"], smooth_method="add-k", smooth_value=-0.5),
     ValueError, r"smooth_value .*got -0.5"),
    ("smooth-score-from-stats", lambda: spec.score_from_stats(configured("bleu", smooth_method="floor",
                                                                         smooth_value=INF), STATS, 1),
     ValueError, r"smooth_value .*inf"),
    ("smooth-metric-ci", lambda: spec.metric_ci(configured("bleu", smooth_method="floor", smooth_value=NAN), H, R,
                                                n_boot=5, rng=np.random.default_rng(1)), ValueError, r"smooth_value"),
    ("smooth-paired-bs", lambda: spec.paired_bootstrap(configured("bleu", smooth_method="add-k", smooth_value=-1), H,
                                                       [["a b c e"]], R, n=5), ValueError, r"smooth_value"),
    ("smooth-str", lambda: spec.bleu_from_stats(STATS, smooth_value="0.1"), TypeError,
     r"smooth_value must be a number"),
    # BLEU statistics: the negative and NaN counts, and the rest of the rule.
    ("bleu-neg-match", lambda: spec.bleu_from_stats(_with(STATS, 2, -1)), ValueError, rf"stats\[2\] {MESSAGE}.*-1"),
    ("bleu-nan-match", lambda: spec.bleu_from_stats(_with(STATS, 3, NAN)), ValueError, rf"stats\[3\] {MESSAGE}.*nan"),
    ("bleu-inf-total", lambda: spec.bleu_from_stats(_with(STATS, 9, INF)), ValueError, rf"stats\[9\] {MESSAGE}.*inf"),
    ("bleu-neg-sys-len", lambda: spec.bleu_from_stats(_with(STATS, 0, -4)), ValueError, rf"stats\[0\] {MESSAGE}"),
    ("bleu-nan-ref-len", lambda: spec.bleu_from_stats(_with(STATS, 1, NAN)), ValueError, rf"stats\[1\] {MESSAGE}"),
    ("bleu-huge-int", lambda: spec.bleu_from_stats(_with(STATS, 6, 10**400)), ValueError, rf"stats\[6\] {MESSAGE}"),
    ("bleu-above-2-53", lambda: spec.bleu_from_stats(_with(STATS, 6, 2**53 + 2)), ValueError, r"at most 2\*\*53"),
    ("bleu-fractional", lambda: spec.bleu_from_stats(_with(STATS, 1, 4.5)), ValueError,
     r"stats\[1\] must be a whole number.*4.5"),
    ("bleu-bool", lambda: spec.bleu_from_stats(_with(STATS, 2, True)), TypeError, r"stats\[2\] must be a number"),
    ("bleu-str", lambda: spec.bleu_from_stats(_with(STATS, 2, "3")), TypeError, r"stats\[2\] must be a number"),
    ("bleu-matches-above-total", lambda: spec.bleu_from_stats(_with(STATS, 3, 4)), ValueError,
     r"stats\[3\] must not exceed stats\[7\], got 4 > 3"),
    ("bleu-numpy-nan", lambda: spec.bleu_from_stats(np.array(_with(STATS, 4, NAN))), ValueError,
     rf"stats\[4\] {MESSAGE}.*got nan"),
    # chrF statistics.
    ("chrf-neg", lambda: spec.chrf_from_stats(_with(CHRF, 1, -2)), ValueError, rf"stats\[1\] {MESSAGE}.*-2"),
    ("chrf-nan", lambda: spec.chrf_from_stats(_with(CHRF, 5, NAN)), ValueError, rf"stats\[5\] {MESSAGE}"),
    ("chrf-fractional", lambda: spec.chrf_from_stats(_with(CHRF, 0, 2.5)), ValueError, r"stats\[0\] .*whole"),
    ("chrf-matches-above-hyp", lambda: spec.chrf_from_stats(_with(CHRF, 2, 4)), ValueError,
     r"stats\[2\] must not exceed stats\[0\], got 4 > 3"),
    ("chrf-matches-above-ref", lambda: spec.chrf_from_stats([5, 1, 2] + CHRF[3:]), ValueError,
     r"stats\[2\] must not exceed stats\[1\], got 2 > 1"),
    # TER statistics: the issue's [-1, 3].
    ("ter-neg-edits", lambda: spec.ter_from_stats([-1, 3]), ValueError, rf"TER stats\[0\] {MESSAGE}.*-1"),
    ("ter-nan-edits", lambda: spec.ter_from_stats([NAN, 3]), ValueError, rf"TER stats\[0\] {MESSAGE}"),
    ("ter-neg-length", lambda: spec.ter_from_stats([1, -3.5]), ValueError, rf"TER stats\[1\] {MESSAGE}"),
    ("ter-inf-length", lambda: spec.ter_from_stats([1, INF]), ValueError, rf"TER stats\[1\] {MESSAGE}"),
    ("ter-fractional-edits", lambda: spec.ter_from_stats([1.5, 3]), ValueError, r"TER stats\[0\] .*whole"),
    # score_from_stats, every metric: checked before its float64 conversion.
    ("sfs-bleu-neg", lambda: spec.score_from_stats("bleu", _with(STATS, 2, -1), 1), ValueError,
     rf"summed\[2\] {MESSAGE}"),
    ("sfs-bleu-int-above-2-53", lambda: spec.score_from_stats("bleu", _with(STATS, 6, 2**53 + 1), 1), ValueError,
     r"summed\[6\] .*at most 2\*\*53"),
    ("sfs-chrf-nan", lambda: spec.score_from_stats("chrf", _with(CHRF, 4, NAN), 1), ValueError,
     rf"summed\[4\] {MESSAGE}"),
    ("sfs-ter-neg", lambda: spec.score_from_stats("ter", [-1, 3], 1), ValueError, rf"summed\[0\] {MESSAGE}"),
    ("sfs-em-neg", lambda: spec.score_from_stats("exact_match", [-1.0], 3), ValueError, rf"summed\[0\] {MESSAGE}"),
    ("sfs-em-nan", lambda: spec.score_from_stats("exact_match", [NAN], 3), ValueError, rf"summed\[0\] {MESSAGE}"),
    ("sfs-em-above-n", lambda: spec.score_from_stats("exact_match", [4.0], 3), ValueError,
     r"summed\[0\] .*at most n_sentences=3, got 4"),
    ("sfs-em-fractional", lambda: spec.score_from_stats("exact_match", [1.5], 3), ValueError, r"whole"),
    # An interval from a statistics matrix whose corpus sum is no BLEU statistic.
    ("bootstrap-matches-above-total", lambda: spec.bootstrap_stats("bleu", [_with(STATS, 3, 4)], n_boot=5,
                                                                    rng=np.random.default_rng(1)), ValueError,
     r"stats\[3\] must not exceed stats\[7\]"),
]


@pytest.mark.parametrize("call, error, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_numbers_that_are_not_numbers_are_refused(call, error, message):
    """Each call raises the stated exception, with a message naming the argument, the
    position and the value."""
    with pytest.raises(error, match=message):
        call()


def test_sacrebleu_computes_silent_values_here():
    """The behaviour refused above, in sacreBLEU 2.5.1 (the issue's list): floor smoothing
    with ``smooth_value`` NaN gives NaN and inf gives inf, -1 raises ``math domain error``;
    TER of [-1, 3] is 100 * (-1 / 3) = -33.33...; a negative unigram count makes a negative
    precision (``math domain error``), a NaN count a NaN score. Fresh lists every time
    (sacreBLEU's add-k changes the caller's lists)."""
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 shows the behaviour that is refused")
    BLEU = sacrebleu.metrics.BLEU

    def compute(correct=(3, 1, 0, 0), total=(4, 3, 2, 1), sys_len=4, ref_len=5, **options):
        return BLEU.compute_bleu(list(correct), list(total), sys_len, ref_len, **options).score

    assert math.isnan(compute(smooth_method="floor", smooth_value=NAN))
    assert compute(smooth_method="floor", smooth_value=INF) == INF
    with pytest.raises(ValueError, match="math domain error"):
        compute(smooth_method="floor", smooth_value=-1.0)
    assert math.isnan(compute(smooth_method="add-k", smooth_value=INF))
    assert sacrebleu.metrics.TER()._compute_score_from_stats([-1, 3]).score == pytest.approx(-100 / 3, abs=1e-9)
    with pytest.raises(ValueError, match="math domain error"):
        compute(correct=(-1, 1, 0, 0), smooth_method="exp")
    assert math.isnan(compute(correct=(3, NAN, 0, 0), smooth_method="exp"))


# ------------------------------------------------------------------ legitimate edges

#: Absolute tolerance on the 0-100 scale.
TOL = 1e-9


def _sacrebleu_bleu(stats, smooth_method, smooth_value, effective_order=False):
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of the edge cases")
    order = (len(stats) - 2) // 2
    return sacrebleu.metrics.BLEU.compute_bleu(list(stats[2:2 + order]), list(stats[2 + order:]), stats[0], stats[1],
                                               smooth_method=smooth_method, smooth_value=smooth_value,
                                               effective_order=effective_order).score


EDGE_BLEU = [
    # smoothing values at the edge: 0 (the same as no smoothing, 0.0 here) and tiny ones
    (STATS, "floor", 0), (STATS, "floor", 0.0), (STATS, "add-k", 0), (STATS, "floor", 1e-300),
    (STATS, "add-k", 1e-300), (STATS, "floor", 5e-324), (STATS, "add-k", 0.5), (STATS, "floor", 2**53),
    # zero counts: an empty hypothesis (c = 0), empty references (r = 0), no match at all
    ([0, 5, 0, 0, 0, 0, 0, 0, 0, 0], "exp", None), ([4, 0, 3, 1, 0, 0, 4, 3, 2, 1], "exp", None),
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "add-k", 1), ([3, 3, 0, 0, 0, 0, 3, 2, 1, 0], "floor", None),
    ([3, 3, 3, 2, 1, 0, 3, 2, 1, 0], "add-k", 1e-300),
]


@pytest.mark.parametrize("stats, method, value", EDGE_BLEU)
def test_legitimate_bleu_edges_score_as_sacrebleu(stats, method, value):
    """Zero and tiny smoothing values and zero counts are statistics sacreBLEU can produce
    and score: the spec gives sacreBLEU's number (within 1e-9), with effective order and
    without."""
    for effective_order in (False, True):
        want = _sacrebleu_bleu(stats, method, value, effective_order)
        got = spec.bleu_from_stats(stats, smooth_method=method, smooth_value=value, effective_order=effective_order)
        assert math.isfinite(got) and abs(got - want) <= TOL, (got, want)
        bleu = configured("bleu", smooth_method=method, smooth_value=value, effective_order=effective_order)
        got = spec.score_from_stats(bleu, stats, 1)
        assert abs(got - want) <= TOL


@pytest.mark.parametrize("stats", [STATS, [123457, 123456, 99999, 54321, 22222, 11111, 123457, 120000, 110000, 100000]])
def test_whole_float32_counts_score_as_sacrebleu(stats):
    """The bootstrap's float32 sums are whole ``numpy.float32`` numbers: accepted, and scored
    in float32 as sacreBLEU scores a float32 resample (``BLEU._compute_score_from_stats``;
    within 1e-9)."""
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of the edge cases")
    float32 = [np.float32(x) for x in stats]
    want = sacrebleu.metrics.BLEU()._compute_score_from_stats(float32).score
    assert abs(spec.bleu_from_stats(float32) - want) <= TOL


@pytest.mark.parametrize("stats", [[2, 1.5], [3, 0.0], [0, 0.0], [0, 2.5], [7, 2], [1, 1 / 3]])
def test_legitimate_ter_edges_score_as_sacrebleu(stats):
    """TER's reference length is an average (fractional: 1.5, 1/3) and may be 0 (empty
    references: 100.0 with edits, 0.0 without); edits may exceed it (7 over 2 = 350).
    sacreBLEU's ``_compute_score_from_stats`` gives the number (within 1e-9)."""
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of the edge cases")
    want = sacrebleu.metrics.TER()._compute_score_from_stats(list(stats)).score
    assert abs(spec.ter_from_stats(stats) - want) <= TOL
    assert abs(spec.score_from_stats("ter", stats, 1) - want) <= TOL


@pytest.mark.parametrize("stats", [[0] * 18, [3, 0, 0] * 6, [0, 4, 0] * 6, [3, 4, 3] * 6, [4, 3, 3] + [0, 0, 0] * 5])
def test_legitimate_chrf_edges_score_as_sacrebleu(stats):
    """Zero counts (nothing at all, an empty reference, an empty hypothesis) and matches
    equal to the n-grams are chrF statistics: sacreBLEU's number (within 1e-9), with eps
    smoothing and without."""
    sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 is the oracle of the edge cases")
    for eps_smoothing in (False, True):
        want = sacrebleu.metrics.CHRF(eps_smoothing=eps_smoothing)._compute_score_from_stats(list(stats)).score
        assert abs(spec.chrf_from_stats(stats, eps_smoothing=eps_smoothing) - want) <= TOL
