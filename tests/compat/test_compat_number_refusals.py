"""Numbers that are not numbers (issue 12, item 6) through sacreBLEU's API shapes: where
sacreBLEU 2.5.1 returns NaN, inf or -33.33, or fails with ``math domain error``, on a
smoothing value or on statistics that are not counts, ``bleuprint.compat`` raises a
ValueError naming the argument (and the position). Each test first shows sacreBLEU's
behaviour, so that the difference is real; the last one shows that the legitimate edges
still give sacreBLEU's numbers (within 1e-9 on the 0-100 scale)."""

from __future__ import annotations

import math

import pytest

from bleuprint import compat

sacrebleu = pytest.importorskip("sacrebleu", reason="sacreBLEU 2.5.1 shows the behaviour that is refused")

NAN, INF = float("nan"), float("inf")
#: No trigram or 4-gram matches: floor smoothing applies.
HYPS, STREAMS = ["a b c d", "e f"], [["a b x y", "e g"]]
MESSAGE = "smooth_value must be a finite number >= 0"


@pytest.mark.parametrize("value", [NAN, INF, -1.0])
def test_smoothing_values_that_are_not_numbers(value):
    """sacreBLEU's floor smoothing scores NaN (NaN), inf (inf) or raises ``math domain
    error`` (-1: a negative precision). bleuprint refuses the value when the metric is
    built: ``BLEU(...)``, the functions ``corpus_bleu``, ``raw_corpus_bleu`` and
    ``sentence_bleu``, and ``BLEU.compute_bleu``, whatever the smoothing method."""
    try:
        theirs = sacrebleu.BLEU(smooth_method="floor", smooth_value=value).corpus_score(HYPS, STREAMS).score
    except ValueError as error:
        assert "math domain error" in str(error)
    else:
        assert math.isnan(theirs) or math.isinf(theirs)
    for method in ("floor", "add-k", "exp", "none"):
        with pytest.raises(ValueError, match=MESSAGE):
            compat.BLEU(smooth_method=method, smooth_value=value)
    with pytest.raises(ValueError, match=MESSAGE):
        compat.corpus_bleu(HYPS, STREAMS, smooth_method="floor", smooth_value=value)
    with pytest.raises(ValueError, match=MESSAGE):
        compat.raw_corpus_bleu(HYPS, STREAMS, smooth_value=value)
    with pytest.raises(ValueError, match=MESSAGE):
        compat.sentence_bleu(HYPS[0], [STREAMS[0][0]], smooth_method="add-k", smooth_value=value)
    with pytest.raises(ValueError, match=MESSAGE):
        compat.BLEU.compute_bleu([3, 1, 0, 0], [4, 3, 2, 1], 4, 5, smooth_method="floor", smooth_value=value)


def test_compute_bleu_refuses_counts_that_are_not_counts():
    """``BLEU.compute_bleu(correct, total, sys_len, ref_len)``: sacreBLEU raises ``math
    domain error`` on a negative unigram count, returns NaN on a NaN count, and 0.0 for
    more matches than n-grams; bleuprint names the argument and its position."""
    BLEU = sacrebleu.metrics.BLEU
    with pytest.raises(ValueError, match="math domain error"):
        BLEU.compute_bleu([-1, 1, 0, 0], [4, 3, 2, 1], 4, 5, smooth_method="exp")
    assert math.isnan(BLEU.compute_bleu([3, NAN, 0, 0], [4, 3, 2, 1], 4, 5, smooth_method="exp").score)
    cases = [
        (([-1, 1, 0, 0], [4, 3, 2, 1], 4, 5), r"correct\[0\] must be a finite number >= 0.*got -1"),
        (([3, NAN, 0, 0], [4, 3, 2, 1], 4, 5), r"correct\[1\] must be a finite number >= 0.*got nan"),
        (([3, 1, 0, 0], [4, 3, INF, 1], 4, 5), r"total\[2\] must be a finite number >= 0.*got inf"),
        (([3, 1, 0, 0], [4, 3, 2, 1], -4, 5), r"sys_len must be a finite number >= 0.*got -4"),
        (([3, 1, 0, 0], [4, 3, 2, 1], 4, NAN), r"ref_len must be a finite number >= 0"),
        (([3, 1, 0, 0], [4, 3, 2, 1], 4, 4.5), r"ref_len must be a whole number"),
        (([5, 1, 0, 0], [4, 3, 2, 1], 4, 5), r"correct\[0\] must not exceed total\[0\], got 5 > 4"),
    ]
    for args, message in cases:
        with pytest.raises(ValueError, match=message):
            compat.BLEU.compute_bleu(*args, smooth_method="exp")


def test_scores_from_statistics_refuse_them_too():
    """The score-from-statistics paths: sacreBLEU's TER scores [-1, 3] -33.33 and its chrF
    scores negative counts as if nothing were wrong; ``score_from_statistics`` of bleuprint's
    ``TER``, ``CHRF`` and ``BLEU`` refuses them."""
    assert sacrebleu.metrics.TER()._compute_score_from_stats([-1, 3]).score == pytest.approx(-100 / 3, abs=1e-9)
    assert math.isfinite(sacrebleu.metrics.CHRF()._compute_score_from_stats([1, -2, 1] * 6).score)
    with pytest.raises(ValueError, match=r"TER stats\[0\] must be a finite number >= 0.*got -1"):
        compat.TER().score_from_statistics([-1, 3])
    with pytest.raises(ValueError, match=r"stats\[1\] must be a finite number >= 0.*got -2"):
        compat.CHRF().score_from_statistics([1, -2, 1] * 6)
    with pytest.raises(ValueError, match=r"stats\[3\] must be a finite number >= 0.*got nan"):
        compat.BLEU().score_from_statistics([4, 5, 3, NAN, 0, 0, 4, 3, 2, 1])


@pytest.mark.parametrize("method, value", [("floor", 0), ("add-k", 0), ("floor", 1e-300), ("add-k", 1e-300),
                                           ("add-k", 0.5), ("exp", None)])
def test_legitimate_edges_give_sacrebleus_numbers(method, value):
    """Smoothing values of 0 and tiny ones, an empty reference (r = 0 for that segment),
    and TER's fractional average length (two references of 3 and 4 words: L = 3.5) are
    sacreBLEU inputs: the same scores (within 1e-9), the same ``compute_bleu``."""
    hyps, streams = ["the cat sat", "a dog", "x y z"], [["the cat sat down", "a dog", ""], ["the cat", "a cat", "x"]]
    want = sacrebleu.BLEU(smooth_method=method, smooth_value=value).corpus_score(hyps, streams)
    got = compat.BLEU(smooth_method=method, smooth_value=value).corpus_score(hyps, streams)
    assert abs(got.score - want.score) <= 1e-9
    want = sacrebleu.metrics.BLEU.compute_bleu([3, 1, 0, 0], [4, 3, 2, 1], 4, 0, smooth_method=method,
                                               smooth_value=value)
    got = compat.BLEU.compute_bleu([3, 1, 0, 0], [4, 3, 2, 1], 4, 0, smooth_method=method, smooth_value=value)
    assert abs(got.score - want.score) <= 1e-9 and got.counts == want.counts
    want = sacrebleu.TER().corpus_score(["a b c"], [["a b d"], ["a b c d"]]).score
    assert abs(compat.TER().corpus_score(["a b c"], [["a b d"], ["a b c d"]]).score - want) <= 1e-9
