"""The ``UNION`` shape: a metric whose corpus value counts the distinct items of the union
of the segments' sets (distinct-n), defined in this file (issue #13 items 1 and 4).

``DistinctWords``: the proportion of distinct hypothesis words among all hypothesis
words. The context is the sorted list of the corpus's distinct hypothesis words (the
column of each); a segment's row is ``[its word count, count of word 0, count of word 1,
...]``; the score of a sum is 100 * (non-zero word columns) / (word count), 0 for no
word. A union of sets is the support of the sum of their indicator rows, so shards,
resamples and batches are all sums, as for ``SUM``.
"""

from __future__ import annotations

import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, Shape, register, unregister


class DistinctWords(Metric):
    name = "distinct_words_test"
    title = "distinct hypothesis words over all hypothesis words"
    shape = Shape.UNION

    def corpus_context(self, hyps, refs):
        return tuple(sorted({word for hyp in hyps for word in hyp.split()}))

    def combine_contexts(self, first, second):
        return tuple(sorted(set(first) | set(second)))

    def segment_stats(self, hyp, refs, context) -> list:
        words = hyp.split()
        return [len(words)] + [words.count(item) for item in context]

    def score(self, combined, n_segments) -> float:
        total, counts = combined[0], combined[1:]
        return 100 * sum(1 for c in counts if c) / total if total else 0.0


@pytest.fixture(scope="module", autouse=True)
def registered():
    metric = register(DistinctWords())
    yield metric
    unregister(metric.name)


HYPS = ["a b a", "b c", "", "c c c"]
REFS = [["x"], ["x"], ["x"], ["x"]]


def test_rows_and_score_are_the_union():
    """Context (a, b, c). Rows: "a b a" -> [3, 2, 1, 0]; "b c" -> [2, 0, 1, 1]; "" ->
    [0, 0, 0, 0]; "c c c" -> [3, 0, 0, 3]. Sum [8, 2, 2, 4]: 3 distinct words of 8,
    100 * 3 / 8 = 37.5, where the mean of the segments' own proportions would be
    (2/3 + 1 + 0 + 1/3) / 4 = 50."""
    for layer in (spec, impl):
        matrix = layer.sentence_stats("distinct_words_test", HYPS, REFS)
        assert matrix.tolist() == [[3, 2, 1, 0], [2, 0, 1, 1], [0, 0, 0, 0], [3, 0, 0, 3]]
        assert layer.score_from_stats("distinct_words_test", matrix.sum(axis=0), 4) == 37.5


def test_shards_merge_by_union():
    """Shards "a b a", "b c" | "", "c c c": the first alone has {a, b, c} of 5 words, the
    second {c} of 3; merged with the combined context (a, b, c), 3 distinct of 8 = 37.5,
    not the sum of the shards' distinct counts (3 + 1 = 4 of 8 = 50)."""
    metric = DistinctWords()
    context = metric.combine_contexts(metric.corpus_context(HYPS[:2], REFS[:2]),
                                      metric.corpus_context(HYPS[2:], REFS[2:]))
    assert context == ("a", "b", "c")
    first = impl.Accumulator("distinct_words_test", context=context).add(HYPS[:2], REFS[:2])
    second = impl.Accumulator("distinct_words_test", context=context).add(HYPS[2:], REFS[2:])
    assert first.score() == 100 * 3 / 5
    assert first.merge(second).score() == 37.5
    with pytest.raises(ValueError, match="compute its context first"):
        impl.Accumulator("distinct_words_test")


def test_a_resample_counts_its_own_union():
    """A resample of segments 2 and 4 twice ("b c", "c c c", "b c", "c c c") has the
    union {b, c} of 10 words: 20.0. Every bootstrap resample's score is its union's size
    over its words, which the spec and impl compute alike (exact mode, 1e-9)."""
    matrix = spec.sentence_stats("distinct_words_test", HYPS, REFS)
    resample = matrix[[1, 3, 1, 3]].sum(axis=0)
    assert spec.score_from_stats("distinct_words_test", resample, 4) == 20.0
    a = spec.bootstrap("distinct_words_test", HYPS, REFS, n_boot=40, rng=np.random.default_rng(3), exact=True)
    b = impl.bootstrap("distinct_words_test", HYPS, REFS, n_boot=40, rng=np.random.default_rng(3), exact=True)
    assert a.score == b.score == 37.5
    assert np.allclose([a.lo, a.hi, a.mean], [b.lo, b.hi, b.mean], rtol=0, atol=1e-9)
    assert 0 <= a.lo <= a.hi <= 100
