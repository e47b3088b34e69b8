"""The Accumulator and shards for distinct-n (UNION: shards share the combined context and
merge by union) and perplexity / cross-entropy (exact integer rows: any split gives the
bits of one call)."""

from __future__ import annotations

import math

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import get_metric
from bleuprint.core.value import metric as configured

LOGPROBS = [[-1e16, -1.0], [-1.0], [-0.3, -5e-324], [-700.0, -1e-300, -2.5], [-0.0]]


def test_perplexity_batches_give_the_bits_of_one_call():
    """Batches [0:2], [2:3], [3:5] merged: the summed digits are the exact total, so the
    score is fsum(every -log p) / N exactly, here (1e16 + 2 + 0.3 + 5e-324 + 702.5 + 1e-300)
    rounded once, over 9 tokens; a left-to-right float sum would lose the 1s."""
    mild = [[-1.0, -1e-16], [-1.0], [-0.3, -5e-324], [-7.0, -1e-300, -2.5], [-0.0]]
    for name, options, corpus in (("cross_entropy", {"base": "2"}, LOGPROBS), ("cross_entropy", {}, LOGPROBS),
                                  ("cross_entropy", {"variant": "sentence-mean"}, LOGPROBS),
                                  ("perplexity", {}, mild), ("perplexity", {"variant": "sentence-mean"}, mild)):
        parts = [impl.Accumulator(configured(name, **options)).add(corpus[a:b]) for a, b in ((0, 2), (2, 3), (3, 5))]
        merged = parts[0].merge(parts[1]).merge(parts[2])
        one_call = (spec.cross_entropy if name == "cross_entropy" else spec.perplexity)(corpus, **options)
        assert merged.score() == one_call == impl.corpus_score(configured(name, **options), corpus, None)
    expected = math.fsum([1e16, 1.0, 1.0, 0.3, 5e-324, 700.0, 1e-300, 2.5]) / 9
    assert impl.Accumulator("cross_entropy").add(LOGPROBS[:3]).add(LOGPROBS[3:]).score() == expected


def test_distinct_shards_merge_by_union():
    """Shards ["a b a", "a b"] and ["b c", "a b"] with the combined context (ab, ba, bc):
    merged 3 distinct of 5 bigrams = 0.6, the one-call value (the shards alone: 2/3 and
    2/2; adding their distinct counts would give 4/5)."""
    metric = get_metric("distinct_n")
    first, second = ["a b a", "a b"], ["b c", "a b"]
    context = metric.combine_contexts(metric.corpus_context(first, None), metric.corpus_context(second, None))
    a = impl.Accumulator("distinct_n", context=context).add(first)
    b = impl.Accumulator("distinct_n", context=context).add(second)
    assert a.merge(b).score() == 0.6 == spec.distinct_n(first + second)
    mean = impl.Accumulator("distinct_n_mean").add(first).merge(impl.Accumulator("distinct_n_mean").add(second))
    assert mean.score() == spec.distinct_n(first + second, variant="sentence-mean") == 1.0
