"""The paired tests (spec and impl) read what is particular to a metric from the metric, not
from its name (issue #13 item 2): an option whose name is the tests' own ``n`` is the
metric's, bound in the metric's value (``bleuprint.metric``, issue #34), a fractional column is
kept fractional in the approximate-randomization trials (``fractional_columns``), and a
metric whose paired test departs from its plain score says so in the paired tests'
protocol: ``paired_trial_score`` (spec) and ``paired_trial_scores`` (impl). The metrics
are defined in this file.

``AverageRecall``: a segment's row is ``[m, L]``, m the hypothesis words of at least
``n`` characters that occur in its references (clipped by their counts in all the
references together), L the average length in words of the segment's references (fractional:
references of 0 and 1 words average 0.5); the score is 100 * sum(m) / sum(L), 0.0 when
sum(L) = 0.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, Option, register, unregister
from bleuprint.core.value import metric as configured
from bleuprint.spec.significance import PAIRED, paired_trial_score, paired_trial_scores


class AverageRecall(Metric):
    name = "average_recall_test"
    title = "word recall against the average reference length"
    fractional_columns = (1,)
    options = (Option("n", int, 1, "count only words of at least n characters", stage="stats", minimum=1),)

    def segment_stats(self, hyp: str, refs: list, n: int = 1) -> list:
        ref_counts = Counter(w for ref in refs for w in ref.split() if len(w) >= n)
        hyp_counts = Counter(w for w in hyp.split() if len(w) >= n)
        matches = sum(min(c, ref_counts[w]) for w, c in hyp_counts.items())
        return [matches, sum(len(r.split()) for r in refs) / len(refs)]

    def score(self, combined: list, n_segments: int) -> float:
        matches, length = combined
        return 100 * matches / length if length > 0 else 0.0


class TripledTrials(AverageRecall):
    """``AverageRecall`` whose paired test scores a trial three times its plain score (a
    stand-in for a metric whose paired test departs from its plain score, as BLEU's add-k
    does)."""

    name = "tripled_trials_test"


PAIRED.tune(TripledTrials,
            paired_trial_score=lambda definition, combined, n_segments, **options:
            3 * paired_trial_score(definition, combined, n_segments, **options),
            paired_trial_scores=lambda definition, sums, n_segments, **options:
            3 * paired_trial_scores(definition, sums, n_segments, **options))


@pytest.fixture(scope="module", autouse=True)
def registered():
    metrics = [register(AverageRecall()), register(TripledTrials())]
    yield metrics
    for metric in metrics:
        unregister(metric.name)


# Two segments, each with references of 0 and 1 words (L = 0.5 each). The baseline matches
# the first segment's word, the system the second's.
REFS = [["", "ab"], ["", "cd"]]
BASELINE = ["ab", "xy"]
SYSTEM = ["xy", "cd"]
TRIALS = 1000


def _p_values(metric, baseline=BASELINE, system=SYSTEM):
    return [layer.paired_approximate_randomization(metric, baseline, [system], REFS, n=TRIALS, seed=7
                                                   ).systems[0].p_value for layer in (spec, impl)]


def test_fractional_columns_stay_fractional_in_the_trials():
    """By hand: rows are [1, 0.5], [0, 0.5] (baseline) and [0, 0.5], [1, 0.5] (system):
    both corpora score 100 * 1 / 1 = 100, so the observed difference is 0. A trial that
    swaps exactly one segment gives pseudo-systems [2, 1] (200) and [0, 1] (0), a
    difference of 200 > 0; swapping both or neither gives 100 against 100. About half the
    1,000 trials swap exactly one (binomial, p = 1/2), so p = (c + 1) / 1001 is near 0.5.
    With L truncated to whole numbers (0), every trial scores 0 against 0 and p would be
    1 / 1001. Spec and impl give the same p-value."""
    got_spec, got_impl = _p_values("average_recall_test")
    assert got_spec == got_impl
    assert 0.4 < got_spec < 0.6


def test_the_metrics_paired_trial_score_is_used_in_both_layers():
    """By hand: baseline rows [1, 0.5], [1, 0.5] (score 200), system rows [1, 0.5],
    [0, 0.5] (score 100): the observed difference is 100. The first segment is the same
    in both, so every trial gives pseudo-systems [2, 1] and [1, 1], plain scores 200 and
    100, a difference of 100, never above 100: p = 1 / 1001 with the plain score (checked
    with ``AverageRecall``). ``TripledTrials`` scores trials 600 and 300, a difference of
    300 > 100 in every trial: p = 1001 / 1001 = 1.0, in both layers."""
    baseline, system = ["ab", "cd"], ["ab", "xy"]
    assert _p_values("average_recall_test", baseline, system) == [1 / 1001, 1 / 1001]
    assert _p_values("tripled_trials_test", baseline, system) == [1.0, 1.0]


def test_an_option_named_n_is_the_metrics_and_the_tests_n_is_the_trials():
    """The tests' ``n`` is the number of trials; ``AverageRecall``'s option ``n`` travels in
    the metric's value, so both are given at once. With the option n=3 no word ("ab",
    "cd", "xy") counts: every score is 0, and both tests give p = 1 / (trials + 1) with
    their own n=100 trials. The old alias (``min_length``) is gone: the value refuses it
    as any unknown option (TypeError naming it), for this metric as for TER."""
    for layer in (spec, impl):
        three = configured("average_recall_test", n=3)
        bs = layer.paired_bootstrap(three, BASELINE, [SYSTEM], REFS, n=100, seed=7)
        assert bs.baseline.score == 0.0 and bs.systems[0].p_value == 1 / 101 and bs.n == 100
        ar = layer.paired_approximate_randomization(three, BASELINE, [SYSTEM], REFS, n=100, seed=7)
        assert ar.systems[0].p_value == 1 / 101 and ar.n == 100
    for name in ("average_recall_test", "ter"):
        with pytest.raises(TypeError, match="min_length"):
            configured(name, min_length=2)


def test_the_tests_on_statistics_matrices_equal_the_tests_on_text():
    """``paired_bootstrap_stats`` / ``paired_approximate_randomization_stats`` (what compat
    calls) on the matrices of ``sentence_stats`` give the text functions' results, in
    both layers."""
    for layer in (spec, impl):
        bl = layer.sentence_stats("average_recall_test", BASELINE, REFS)
        sysm = layer.sentence_stats("average_recall_test", SYSTEM, REFS)
        for text, stats, n in ((layer.paired_bootstrap, layer.paired_bootstrap_stats, 200),
                               (layer.paired_approximate_randomization, layer.paired_approximate_randomization_stats,
                                300)):
            assert stats("average_recall_test", bl, {"sys": sysm}, n=n, seed=3) == text(
                "average_recall_test", BASELINE, {"sys": SYSTEM}, REFS, n=n, seed=3)
