"""A metric written once: ``UnigramRecall`` is defined entirely in this file and
registered; with no other edit it gets per-segment statistics and scores from the spec and
from impl, bootstrap intervals, paired tests and the Accumulator's merge across shards
(issue #13 item 4; the CLI, verify and mutants consumers follow).

The metric: a segment's row is ``[m, r]``, m the clipped unigram matches of the
white-space tokens against the reference with the most matches (the first on a tie) and
r that reference's length; the corpus score is 100 * sum(m) / sum(r) (0 when sum(r) = 0).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, register, unregister


class UnigramRecall(Metric):
    name = "unigram_recall_test"
    title = "clipped unigram recall against the best reference"

    def segment_stats(self, hyp: str, refs: list) -> list:
        hyp_counts = Counter(hyp.split())
        best = None
        for ref in refs:
            ref_counts = Counter(ref.split())
            matches = sum(min(c, hyp_counts[w]) for w, c in ref_counts.items())
            if best is None or matches > best[0]:
                best = [matches, len(ref.split())]
        return best

    def score(self, combined: list, n_segments: int) -> float:
        matches, length = combined
        return 100 * matches / length if length else 0.0


@pytest.fixture(scope="module", autouse=True)
def registered():
    metric = register(UnigramRecall())
    yield metric
    unregister(metric.name)


HYPS = ["the cat sat", "a dog", "hello there", ""]
REFS = [["the cat sat down", "cat"], ["the dog barked"], ["hello hello there"], ["x"]]


def test_statistics_and_score_in_both_layers():
    """Rows, by hand: "the cat sat" against "the cat sat down" has 3 matches of 4 words
    ("cat" alone has 1): [3, 4]; "a dog" against "the dog barked": [1, 3]; "hello there"
    against "hello hello there": hello min(2, 1) = 1 + there 1 = [2, 3]; "" against "x":
    [0, 1]. Sum [6, 11]: 100 * 6 / 11 = 54.5454...; exact (integer arithmetic)."""
    expected = [[3, 4], [1, 3], [2, 3], [0, 1]]
    for layer in (spec, impl):
        matrix = layer.sentence_stats("unigram_recall_test", HYPS, REFS)
        assert matrix.tolist() == expected
        assert layer.score_from_stats("unigram_recall_test", matrix.sum(axis=0), len(HYPS)) == 100 * 6 / 11


def test_unknown_option_and_bad_corpus_are_refused():
    with pytest.raises(TypeError, match="unknown option"):
        spec.sentence_stats("unigram_recall_test", HYPS, REFS, lowercase=True)
    with pytest.raises(ValueError, match="mismatched lengths"):
        impl.sentence_stats("unigram_recall_test", HYPS, REFS[:2])


def test_bootstrap_interval_spec_equals_impl():
    """Same seed, same resamples: the spec's and impl's intervals agree (float32 mode)."""
    spec_ci = spec.metric_ci("unigram_recall_test", HYPS, REFS, n_boot=50, rng=np.random.default_rng(7))
    impl_ci = impl.metric_ci("unigram_recall_test", HYPS, REFS, n_boot=50, rng=np.random.default_rng(7))
    assert spec_ci[0] == 100 * 6 / 11
    assert np.allclose(spec_ci, impl_ci, rtol=0, atol=1e-9)
    assert spec_ci[1] <= spec_ci[0] <= spec_ci[2]


def test_identical_segments_give_a_degenerate_interval():
    """Every resample of four copies of one segment is that segment four times: its score,
    100 * 4 * 3 / (4 * 4) = 75, so lo = hi = 75."""
    score, lo, hi = spec.metric_ci("unigram_recall_test", [HYPS[0]] * 4, [REFS[0]] * 4, n_boot=20,
                                   rng=np.random.default_rng(1), exact=True)
    assert score == lo == hi == 75.0


def test_paired_bootstrap_spec_equals_impl():
    other = ["the cat", "dog", "hello there", "x"]
    spec_result = spec.paired_bootstrap("unigram_recall_test", HYPS, [other], REFS, n=100, seed=12345)
    impl_result = impl.paired_bootstrap("unigram_recall_test", HYPS, [other], REFS, n=100, seed=12345)
    assert spec_result == impl_result


def test_accumulator_merges_shards_to_the_one_call_score():
    first = impl.Accumulator("unigram_recall_test").add(HYPS[:1], REFS[:1])
    second = impl.Accumulator("unigram_recall_test").add(HYPS[1:], REFS[1:])
    merged = first.merge(second)
    assert merged.n_sentences == 4 and merged.stats.tolist() == [6, 11]
    assert merged.score() == 100 * 6 / 11
