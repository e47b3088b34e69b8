"""impl == spec for perplexity and cross-entropy (Hypothesis:
``bleuprint.metrics.perplexity.strategies``, rich in 0.0, -1e-300, subnormals, very
negative values and one-token sentences): equal values (both fsum), equal exact rows
(numpy's frexp digits against the spec's Python integers), the same refusals, and a
sharded sum of rows that scores to the same bits as one call."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import example, given, strategies as st

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.metrics.perplexity.strategies import logprob_corpora
from bleuprint.core.value import metric as configured

VARIANTS = st.sampled_from(("pooled", "sentence-mean"))


def _outcome(call):
    try:
        return ("value", call())
    except (TypeError, ValueError) as exc:
        return (type(exc).__name__, str(exc))


@given(logprob_corpora(), VARIANTS, st.sampled_from(("e", "2")))
@example(([[-1e16, -1.0], [-1.0]], None), "pooled", "e")
@example(([[-5e-324], [-1e300, -1e300]], None), "sentence-mean", "2")
@example(([[-800.0]], None), "pooled", "e")
@example(([[-710.0], [-7.455555407544462e+307, -1.0521375941078696e+308]], None), "sentence-mean", "e")  # shrunk
@example(([[-8.988465674311579e+307], [-8.98846567431158e+307]], None), "pooled", "e")  # shrunk: fsum overflow
def test_values_and_rows_equal(corpus, variant, base):
    sentences, refs = corpus
    assert _outcome(lambda: impl.perplexity(sentences, variant)) == _outcome(lambda: spec.perplexity(sentences, variant))
    assert _outcome(lambda: impl.cross_entropy(sentences, base, variant)) == \
        _outcome(lambda: spec.cross_entropy(sentences, base, variant))
    for name in ("perplexity", "cross_entropy"):
        a = _outcome(lambda: impl.sentence_stats(configured(name, variant=variant), sentences, refs).tolist())
        b = _outcome(lambda: spec.sentence_stats(configured(name, variant=variant), sentences, refs).tolist())
        assert a == b


@given(logprob_corpora(), st.integers(0, 6))
def test_shards_give_the_same_bits(corpus, cut):
    """Rows of two shards, summed as integers, score to exactly the one-call value."""
    sentences, _ = corpus
    cut = min(cut, len(sentences))
    parts = [p for p in (sentences[:cut], sentences[cut:]) if p]
    if _outcome(lambda: spec.cross_entropy(sentences))[0] != "value":
        return
    summed = sum(impl.sentence_stats("cross_entropy", p, None).astype(np.int64).sum(axis=0) for p in parts)
    assert impl.score_from_stats("cross_entropy", summed, len(sentences)) == spec.cross_entropy(sentences)


@pytest.mark.parametrize("bad", [[[0.5]], [[-1.0, math.nan]], [[-math.inf]], [[]], [], [[True, -1.0]], [["-1"]],
                                 [np.array([0.1])], [np.array([True])], "x"])
def test_same_refusals(bad):
    assert _outcome(lambda: impl.perplexity(bad)) == _outcome(lambda: spec.perplexity(bad))
    assert _outcome(lambda: impl.sentence_stats("perplexity", bad, None)) == \
        _outcome(lambda: spec.sentence_stats("perplexity", bad, None))


def test_numpy_sentences():
    sentences = [np.log(np.array([0.5, 0.25])), np.array([-1.0], dtype=np.float32)]
    assert impl.perplexity(sentences) == spec.perplexity(sentences)
