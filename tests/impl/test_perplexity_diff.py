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


# --- the superaccumulator (csrc/exactsum.c) on its own ------------------------------------------

from bleuprint.impl import native  # noqa: E402
from bleuprint.metrics.perplexity import impl as perplexity_impl  # noqa: E402
from bleuprint.metrics.perplexity import spec as perplexity_spec  # noqa: E402
from bleuprint.metrics.perplexity.strategies import sentence  # noqa: E402

needs_exactsum = pytest.mark.skipif(native.exactsum is None, reason="the compiled exact-sum kernel is not built")


@needs_exactsum
@given(st.lists(st.tuples(sentence(), st.booleans()), min_size=1, max_size=8))
@example([([-1.0, -2.0 ** -53], False)])                        # a midpoint: ties to even, 1.0
@example([([-1.0, -2.0 ** -53], True), ([-5e-324], False)])     # just above it: 1 + 2^-52
@example([([-1e308], True), ([-1e308], False)])                 # beyond float64: refused
@example([([-0.0, 0.0], True)])
def test_kernel_units_are_the_exact_sum(drawn):
    """The kernel's integer is the exact sum of -x in 2^-1074 units (the spec's ``units``,
    Python integers), for sentences given as float64 arrays or lists of floats; rounded
    once it is ``math.fsum`` (the spec's S), overflow refused as the spec refuses it."""
    sentences = [np.array(s, dtype=np.float64) if as_array else list(s) for s, as_array in drawn]
    units, tokens, bad = native.exactsum.nll_units(sentences)
    flat = [x for s, _ in drawn for x in s]
    assert (tokens, bad) == (len(flat), -1)
    assert int.from_bytes(units, "little") == sum(perplexity_spec.units(-x) for x in flat)
    outcome = _outcome(lambda: perplexity_impl._pooled_exact(sentences)[0])
    assert outcome == _outcome(lambda: perplexity_spec.fsum_checked(-x for x in flat))


def test_midpoints_round_to_even_and_tiny_terms_break_the_tie():
    """Hand computation: 1 + 2^-53 is the midpoint of 1 and 1 + 2^-52 (float64's spacing
    above 1 is 2^-52); the exactly rounded sum ties to even, 1.0 (S = 1.0, N = 2, CE 0.5).
    One more term of 2^-1074 puts the exact sum above the midpoint: S = 1 + 2^-52, and
    four terms of 2^-54 likewise (their exact sum is 2^-52), though adding them one at a
    time to 1.0 leaves 1.0 each time. The numpy one-liner's mean gets the second and third
    wrong."""
    assert perplexity_impl.cross_entropy([np.array([-1.0, -2.0 ** -53])]) == 1.0 / 2
    assert perplexity_impl.cross_entropy([np.array([-1.0, -2.0 ** -53]), [-5e-324]]) == (1 + 2.0 ** -52) / 3
    assert perplexity_impl.cross_entropy([[-1.0] + [-2.0 ** -54] * 4]) == (1 + 2.0 ** -52) / 5
    assert perplexity_impl.perplexity([[-1.0] + [-2.0 ** -54] * 4]) == math.exp((1 + 2.0 ** -52) / 5)


def test_kernel_and_general_path_agree(monkeypatch):
    """The same values with the kernel switched off (the general path's math.fsum)."""
    rng = np.random.default_rng(7)
    sentences = [-rng.exponential(3.0, size=n) * 10.0 ** rng.integers(-300, 300) for n in rng.integers(1, 40, 200)]
    sentences = [np.maximum(s, -1e300) for s in sentences]
    with_kernel = (perplexity_impl.cross_entropy(sentences), perplexity_impl.cross_entropy(sentences, base="2"))
    monkeypatch.setattr(native, "exactsum", None)
    assert (perplexity_impl.cross_entropy(sentences), perplexity_impl.cross_entropy(sentences, base="2")) == with_kernel
    assert with_kernel[0] == spec.cross_entropy([s.tolist() for s in sentences])
