"""The ``MEAN`` shape through the same consumers: a metric whose corpus value is the mean
of per-segment values, defined in this file (issue #13 item 4).

``TokenF1`` (the lesson's token F1, in percent, best reference per segment): the mean
of per-segment values, not a pooled ratio. Statistics are summed exactly, so the row
holds the segment's F1 on a fixed whole-number scale, ``[round(10**6 * F1)]``, and the
score is ``100 * sum / (n_segments * 10**6)``; that rounding is part of this test
metric's definition.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, Shape, register, unregister

SCALE = 10**6


class TokenF1(Metric):
    name = "token_f1_test"
    title = "mean token F1 (white-space tokens, best reference)"
    shape = Shape.MEAN

    def segment_stats(self, hyp: str, refs: list) -> list:
        best = 0
        for ref in refs:
            h, r = Counter(hyp.split()), Counter(ref.split())
            overlap = sum((h & r).values())
            f1 = 0 if overlap == 0 else 2 * overlap / (sum(h.values()) + sum(r.values()))
            best = max(best, round(SCALE * f1))
        return [best]

    def score(self, combined: list, n_segments: int) -> float:
        return combined[0] / (n_segments * SCALE / 100)


@pytest.fixture(scope="module", autouse=True)
def registered():
    metric = register(TokenF1())
    yield metric
    unregister(metric.name)


HYPS = ["a b", "a b c d", "x"]
REFS = [["a b"], ["a b"], ["y", "x z"]]


def test_mean_of_segment_values_in_both_layers():
    """By hand: "a b"/"a b" F1 = 1 -> 10^6; "a b c d"/"a b": overlap 2, 2*2/(4+2) = 2/3 ->
    666667; "x" against "y": 0, against "x z": 2*1/(1+2) = 2/3 -> 666667 (best). Mean
    F1 = (10^6 + 2 * 666667) / 3 / 10^6 = 0.777778, i.e. 2333334 / 30000 = 77.7778 in
    percent (exact rational arithmetic on the rounded rows; float division once)."""
    for layer in (spec, impl):
        matrix = layer.sentence_stats("token_f1_test", HYPS, REFS)
        assert matrix.tolist() == [[1_000_000], [666_667], [666_667]]
        assert layer.score_from_stats("token_f1_test", matrix.sum(axis=0), 3) == 2_333_334 / 30_000


def test_mean_shape_intervals_paired_tests_and_shards():
    """The same number from an Accumulator over shards; spec and impl intervals and paired
    tests agree (scores within 1e-9 on the 0-100 scale)."""
    merged = impl.Accumulator("token_f1_test").add(HYPS[:2], REFS[:2]).merge(
        impl.Accumulator("token_f1_test").add(HYPS[2:], REFS[2:]))
    assert merged.score() == 2_333_334 / 30_000
    for exact in (False, True):
        a = spec.metric_ci("token_f1_test", HYPS, REFS, n_boot=40, rng=np.random.default_rng(3), exact=exact)
        b = impl.metric_ci("token_f1_test", HYPS, REFS, n_boot=40, rng=np.random.default_rng(3), exact=exact)
        assert np.allclose(a, b, rtol=0, atol=1e-9)
    other = ["a", "a b", "x z"]
    assert (spec.paired_bootstrap("token_f1_test", HYPS, [other], REFS, n=50, seed=1)
            == impl.paired_bootstrap("token_f1_test", HYPS, [other], REFS, n=50, seed=1))
