"""Intervals and paired tests of distinct-n and perplexity / cross-entropy (issue 18 item
3): a bootstrap over segments resamples rows (perplexity: SUM rows of exact digits and a
count; distinct_n_mean: MEAN rows; distinct_n: UNION rows, the model's rule: a resample's
union is the support of its summed rows). Each resample's score is checked against the
metric recomputed directly on the resampled corpus (exact mode: equal), and the paired
tests against a direct computation of their trials. impl equals the spec in both modes."""

from __future__ import annotations

import numpy as np
import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core.value import metric as configured

OUTPUTS = ["a b a", "a b a", "b c", "c d e", "", "a"]
LOGPROBS = [[-0.5], [-1.0, -1.0, -1.0], [-2.0, -0.1], [-3.0], [-0.3, -0.7], [-1e-300, -5.0]]
DIRECT = {
    "distinct_n": lambda xs: spec.distinct_n(xs, 2, "corpus"),
    "distinct_n_mean": lambda xs: spec.distinct_n(xs, 2, "sentence-mean"),
    "perplexity": lambda xs: spec.perplexity(xs),
    "cross_entropy": lambda xs: spec.cross_entropy(xs, base="2"),
}
OPTIONS = {"cross_entropy": {"base": "2"}}


def corpus_of(name):
    return OUTPUTS if name.startswith("distinct") else LOGPROBS


@pytest.mark.parametrize("name", sorted(DIRECT))
def test_each_resample_is_the_metric_of_the_resampled_corpus(name):
    """Exact mode, 25 resamples: score k equals the metric computed afresh on the segments
    of resample k (for distinct_n, the union of the resampled outputs' n-grams; perplexity
    pools the resampled tokens: the exact digits make it equal, not close)."""
    corpus = corpus_of(name)
    options = OPTIONS.get(name, {})
    idx = np.random.default_rng(7).integers(0, len(corpus), size=(25, len(corpus)))
    stats = spec.sentence_stats(configured(name, **options), corpus, None)
    from bleuprint.spec.intervals import bootstrap_with_indices

    result = bootstrap_with_indices(configured(name, **options), stats, idx, exact=True)
    assert list(result.scores) == [DIRECT[name]([corpus[i] for i in row]) for row in idx]


@pytest.mark.parametrize("exact", [True, False])
@pytest.mark.parametrize("name", sorted(DIRECT))
def test_impl_bootstrap_equals_spec(name, exact):
    corpus = corpus_of(name)
    options = OPTIONS.get(name, {})
    a = spec.bootstrap(configured(name, **options), corpus, None, n_boot=40, rng=np.random.default_rng(3), exact=exact)
    b = impl.bootstrap(configured(name, **options), corpus, None, n_boot=40, rng=np.random.default_rng(3), exact=exact)
    assert (a.score, a.lo, a.hi, a.mean, a.half_width) == (b.score, b.lo, b.hi, b.mean, b.half_width)
    assert a.scores == b.scores


def test_float32_mode_rounds_perplexity_digits_slightly():
    """bleuprint's default (sacreBLEU's float32 arithmetic, exact=False) converts each row
    to float32 first: perplexity's 32-bit digits lose their last bits, so a resample's
    value is within 1e-6 relative of the exact one (use exact=True for the exact value)."""
    a = spec.bootstrap("perplexity", LOGPROBS, None, n_boot=30, rng=np.random.default_rng(3))
    b = spec.bootstrap("perplexity", LOGPROBS, None, n_boot=30, rng=np.random.default_rng(3), exact=True)
    assert np.allclose(a.scores, b.scores, rtol=1e-6, atol=0)


BASELINE = ["a b", "a b", "a b", "b c", "c"]
SYSTEM = ["c d", "e f", "a b", "b c", "d d d"]


def test_distinct_paired_ar_swaps_outputs_under_one_context():
    """Approximate randomization on distinct_n: the systems' rows share one context (both
    systems' bigrams), so a trial's pseudo-systems are the union of the outputs it picks.
    Direct computation: the same trials (``default_rng(seed).integers(2, (n, N), bool)``),
    each pseudo-system scored by ``distinct_n`` on its mixed outputs, p = (#{|a - b| >
    observed} + 1) / (n + 1)."""
    n, seed = 60, 12345
    masks = np.random.default_rng(seed).integers(2, size=(n, len(BASELINE)), dtype=bool)
    observed = abs(spec.distinct_n(BASELINE) - spec.distinct_n(SYSTEM))
    diffs = []
    for mask in masks:
        a = [b if m else s for b, s, m in zip(BASELINE, SYSTEM, mask)]
        b = [s if m else b for b, s, m in zip(BASELINE, SYSTEM, mask)]
        diffs.append(abs(spec.distinct_n(a) - spec.distinct_n(b)))
    expected = (int(np.sum(np.array(diffs) > observed)) + 1) / (n + 1)
    for layer in (spec, impl):
        result = layer.paired_approximate_randomization("distinct_n", BASELINE, [SYSTEM], None, n=n, seed=seed)
        assert result.systems[0].p_value == expected
        assert result.baseline.score == spec.distinct_n(BASELINE)


@pytest.mark.parametrize("name", sorted(DIRECT))
def test_paired_bootstrap_impl_equals_spec(name):
    """Paired bootstrap: each system resampled with the same indices, scored on its own
    (distinct_n: its own union; the other system's items are zero columns)."""
    if name.startswith("distinct"):
        baseline, system = BASELINE, SYSTEM
    else:
        baseline, system = LOGPROBS, [[x / 2 for x in s] for s in LOGPROBS]
    options = OPTIONS.get(name, {})
    a = spec.paired_bootstrap(configured(name, **options), baseline, [system], None, n=50)
    b = impl.paired_bootstrap(configured(name, **options), baseline, [system], None, n=50)
    assert a.baseline.score == b.baseline.score == DIRECT[name](baseline)
    assert a.systems[0].score == b.systems[0].score == DIRECT[name](system)
    assert a.systems[0].p_value == b.systems[0].p_value
    assert a.baseline.mean == pytest.approx(b.baseline.mean, rel=1e-6)
