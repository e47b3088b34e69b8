"""Perplexity and cross-entropy (``bleuprint.metrics.perplexity``): hand examples from the
definitions (torchmetrics' Perplexity: exp(total NLL / token count); HF evaluate's
mean_perplexity: the mean of sentence perplexities), computed in each docstring, and a
cross-check against numpy's independent computation (``numpy.exp(-mean)``) written here.
torchmetrics is not installed (it needs torch): its definition is the hand computation.
Within 1e-12 relative unless stated."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bleuprint import spec
from bleuprint.core import get_metric
from bleuprint.core.value import metric as configured
from bleuprint.spec.inputs import input_hooks

REL = 1e-12
SEED = [list(np.log([0.5, 0.25, 0.8])), list(np.log([0.9, 0.6]))]


def test_seed_example():
    """Seed 004: log of 0.5 0.25 0.8 | 0.9 0.6. Pooled: the product is 0.054 over 5 tokens,
    CE = -ln(0.054) / 5 = 2.918771 / 5 = 0.583754 nats = 0.842179 bits; PPL = 0.054^(-1/5)
    = 1.792756 (torchmetrics: exp(2.918771 / 5))."""
    assert spec.cross_entropy(SEED) == pytest.approx(-math.log(0.054) / 5, rel=REL)
    assert spec.cross_entropy(SEED, base="2") == pytest.approx(-math.log2(0.054) / 5, rel=REL)
    assert spec.perplexity(SEED) == pytest.approx(0.054 ** (-1 / 5), rel=REL)


def test_pooled_is_not_the_sentence_mean():
    """[[-0.5], [-1, -1, -1]]: pooled CE = 3.5 / 4 = 0.875, PPL = e^0.875 = 2.398875;
    sentence mean (HF mean_perplexity) = (e^0.5 + e^1) / 2 = (1.648721 + 2.718282) / 2 =
    2.183501; sentence-mean CE = (0.5 + 1) / 2 = 0.75."""
    corpus = [[-0.5], [-1.0, -1.0, -1.0]]
    assert spec.perplexity(corpus) == pytest.approx(math.exp(0.875), rel=REL)
    assert spec.perplexity(corpus, variant="sentence-mean") == pytest.approx((math.exp(0.5) + math.e) / 2, rel=REL)
    assert spec.cross_entropy(corpus, variant="sentence-mean") == pytest.approx(0.75, rel=REL)


def test_registered_rows_pool_tokens():
    """The registered metric sums rows [digits of S_i, N_i]: S = 0.5 + 3 = 3.5, N = 4, so
    e^0.875 again (rows weighing sentences equally would give e^0.75 = 2.117); the
    count column of the second row is 3."""
    corpus = [[-0.5], [-1.0, -1.0, -1.0]]
    rows = spec.sentence_stats("perplexity", corpus, None).astype(int).tolist()
    assert [row[-1] for row in rows] == [1, 3]
    assert spec.corpus_score("perplexity", corpus, None) == pytest.approx(math.exp(0.875), rel=REL)
    assert spec.corpus_score(configured("cross_entropy", base="2"), corpus, None) == pytest.approx(0.875 / math.log(2),
                                                                                                rel=REL)


def test_perplexity_is_e_to_the_nats():
    """[[-1]]: CE 1 nat, PPL e = 2.718281828 (2^1 = 2 would mix the bases)."""
    assert spec.perplexity([[-1.0]]) == pytest.approx(math.e, rel=REL)


def test_bits_are_nats_over_ln2():
    """[[-1]]: 1 nat = 1 / ln 2 = 1.442695 bits (times ln 2 would give 0.693)."""
    assert spec.cross_entropy([[-1.0]], base="2") == pytest.approx(1 / math.log(2), rel=REL)


def test_probability_one_gives_perplexity_one():
    """log p = 0 (and -0.0) everywhere: CE 0, PPL 1, in every variant."""
    for variant in ("pooled", "sentence-mean"):
        assert spec.perplexity([[0.0, -0.0], [0.0]], variant=variant) == 1.0
        assert spec.cross_entropy([[0.0, -0.0], [0.0]], variant=variant) == 0.0


def test_the_sum_is_exactly_rounded():
    """[[-1e16, -1], [-1]]: the exact S is 1e16 + 2 = 10000000000000002, a float64; a
    left-to-right float sum loses each 1 (the spacing at 1e16 is 2) and gives 1e16. CE =
    (1e16 + 2) / 3, exactly as fsum; the registered rows give the same bits in one call,
    shard by shard, and in the other order."""
    corpus = [[-1e16, -1.0], [-1.0]]
    expected = math.fsum([1e16, 1.0, 1.0]) / 3
    assert math.fsum([1e16, 1.0, 1.0]) == 10000000000000002.0 and (1e16 + 1.0) + 1.0 == 1e16
    assert spec.cross_entropy(corpus) == expected
    rows = spec.sentence_stats("cross_entropy", corpus, None).astype(int).tolist()
    summed = [a + b for a, b in zip(*rows)]
    assert spec.score_from_stats("cross_entropy", summed, 2) == expected
    assert spec.cross_entropy(corpus[::-1]) == expected


def test_tiny_magnitudes_survive():
    """[[-1e-300, -5e-324]]: S = 1e-300 + 5e-324 rounds to 1e-300 (fsum), CE = 5e-301."""
    assert spec.cross_entropy([[-1e-300, -5e-324]]) == math.fsum([1e-300, 5e-324]) / 2


@pytest.mark.parametrize("bad, error, match", [
    ([[0.5, -1.0]], ValueError, r"logprobs\[0\]\[0\] is 0.5 > 0: a log-probability above 0"),
    ([[-1.0], [float("nan")]], ValueError, r"logprobs\[1\]\[0\] is NaN"),
    ([[-math.inf]], ValueError, "probability 0"),
    ([[math.inf]], ValueError, "above 0"),
    ([[]], ValueError, "empty"),
    ([], ValueError, "empty"),
    ([[True]], TypeError, "must be a number"),
    ([["-1"]], TypeError, "must be a number"),
    (["-1 -2"], TypeError, "sequence of log-probabilities"),
    ("x", TypeError, "sequence of sentences"),
    ([[-800.0]], None, None),
])
def test_bad_input_is_refused(bad, error, match):
    """Each refusal names the sentence and token. [[-800]]: CE 800 nats is fine, but e^800
    exceeds float64: perplexity refuses it (never inf)."""
    if error is None:
        assert spec.cross_entropy(bad) == 800.0
        with pytest.raises(ValueError, match="exceeds float64"):
            spec.perplexity(bad)
        return
    with pytest.raises(error, match=match):
        spec.cross_entropy(bad)
    with pytest.raises(error, match=match):
        spec.perplexity(bad)


def test_options_are_checked():
    with pytest.raises(ValueError, match="base"):
        spec.cross_entropy([[-1.0]], base="10")
    with pytest.raises(ValueError, match="variant"):
        spec.perplexity([[-1.0]], variant="mean")
    with pytest.raises(TypeError, match="takes no references"):
        spec.corpus_score("perplexity", [[-1.0]], [["x"]])


def test_read_segment():
    metric = get_metric("perplexity")
    assert input_hooks(metric).read_segment("-0.5\t-1  0") == [-0.5, -1.0, 0.0]
    with pytest.raises(ValueError, match="field 2 'x'"):
        input_hooks(metric).read_segment("-0.5 x")
    with pytest.raises(ValueError, match="empty line"):
        input_hooks(metric).read_segment("   ")
    with pytest.raises(ValueError, match="above 0"):
        input_hooks(metric).read_segment("0.5")


@pytest.mark.parametrize("seed", range(5))
def test_agrees_with_numpy(seed):
    """numpy's computation, independent of the spec: exp(-mean of the concatenated
    log-probabilities), mean of exp(-mean) per sentence (1e-12 relative: numpy's pairwise
    sum may differ from fsum in the last bits)."""
    rng = np.random.default_rng(seed)
    corpus = [list(np.log(rng.uniform(1e-6, 1.0, size=rng.integers(1, 30)))) for _ in range(8)]
    flat = np.concatenate(corpus)
    assert spec.perplexity(corpus) == pytest.approx(float(np.exp(-flat.mean())), rel=REL)
    assert spec.cross_entropy(corpus, base="2") == pytest.approx(float(-flat.mean() / np.log(2)), rel=REL)
    mean = float(np.mean([np.exp(-np.mean(s)) for s in corpus]))
    assert spec.perplexity(corpus, variant="sentence-mean") == pytest.approx(mean, rel=REL)
    for name, options in (("perplexity", {}), ("cross_entropy", {"base": "2"}),
                          ("perplexity", {"variant": "sentence-mean"})):
        expected = (spec.perplexity if name == "perplexity" else spec.cross_entropy)(corpus, **options)
        assert spec.corpus_score(configured(name, **options), corpus, None) == expected
