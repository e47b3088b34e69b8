"""bleuprint.metrics.self_bleu.impl (top-two counts per n-gram, sorted lengths) against
bleuprint.metrics.self_bleu.spec (each output against the other outputs, literally): every
row *equal* (``==``, float for float), corpus values equal, for both variants and orders
1..5, on the metric's own corpus strategy (duplicates, empty outputs, ties, punctuation,
non-ASCII, unusual white space: ``bleuprint.metrics.self_bleu.strategies``); then with the
context of a larger corpus (shards), and Texygen's first-500 rule on 500+ outputs."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.metrics.self_bleu import impl, spec
from bleuprint.metrics.self_bleu.strategies import self_bleu_options, self_bleu_outputs
from bleuprint.core.value import metric as configured


@given(self_bleu_outputs(), self_bleu_options())
@example(["a b c d", "a b c d", "w x y z"], {"variant": "evalsuite", "gram": None})  # the copies hold the max
@example(["a a", "a a", "a"], {"variant": "texygen", "gram": 1})  # max2 = max1 from two copies
@example(["a b c d", "a b c", "a b c d e"], {"variant": "texygen", "gram": None})  # length tie: the shorter
@example(["", "", "a"], {"variant": "evalsuite", "gram": 2})  # empty outputs, own length twice
@example(["a", "b c", "d e f g"], {"variant": "evalsuite", "gram": 4})  # own length once: nearest above
def test_rows_equal_the_spec(outputs, options):
    expected = spec.self_bleu_rows(outputs, **options)
    assert impl.self_bleu_matrix(outputs, **options).tolist() == expected
    assert impl.self_bleu(outputs, **options) == spec.self_bleu(outputs, **options)


@given(self_bleu_outputs(min_size=3), self_bleu_options(), st.integers(1, 7))
@example(["a b", "a b c", "a b", "x"], {"variant": "evalsuite", "gram": None}, 1)  # a one-output context
def test_shard_rows_with_the_whole_context_equal_the_spec(outputs, options, cut):
    cut = min(cut, len(outputs) - 1)
    context = Counter(outputs)
    for part in (outputs[:cut], outputs[cut:]):
        assert impl.self_bleu_matrix(part, context=context, **options).tolist() == \
            spec.self_bleu_rows(part, context=context, **options)
    # the second part against the first part's outputs alone (outputs not in the context
    # keep every context output as a reference; a member of a one-output context has none)
    foreign = Counter(outputs[:cut])
    try:
        expected = spec.self_bleu_rows(outputs[cut:], context=foreign, **options)
    except ValueError as exc:
        with pytest.raises(ValueError, match="at least two outputs"):
            impl.self_bleu_matrix(outputs[cut:], context=foreign, **options)
        assert "at least two outputs" in str(exc)
    else:
        assert impl.self_bleu_matrix(outputs[cut:], context=foreign, **options).tolist() == expected


def test_first_500_rule_on_a_long_corpus():
    """520 outputs over a small vocabulary: the rows past 500 are [0, 0] in both layers and
    the first 500 equal the spec's."""
    words = ["a", "b", "c", "d", "e"]
    outputs = [" ".join(words[(i * k) % 5] for k in range(1 + i % 6)) for i in range(520)]
    expected = spec.self_bleu_rows(outputs, "texygen")
    assert impl.self_bleu_matrix(outputs, "texygen").tolist() == expected
    assert expected[500:] == [[0.0, 0]] * 20


OUTPUTS = ["a b c d", "a b c d", "w x y z", "a b c e", "", "a b"]


def test_accumulator_over_shards_with_the_combined_context():
    """Two Accumulators on the combined context (Counter of all six outputs), merged, give
    the one-call value; without a context the Accumulator refuses (the rows read the
    whole corpus)."""
    import bleuprint.impl as bimpl
    from bleuprint.core import get_metric

    metric = get_metric("self_bleu")
    for variant in spec.VARIANTS:
        context = metric.combine_contexts(metric.corpus_context(OUTPUTS[:2], variant=variant),
                                          metric.corpus_context(OUTPUTS[2:], variant=variant))
        first = bimpl.Accumulator(configured("self_bleu", variant=variant), context=context).add(OUTPUTS[:2])
        second = bimpl.Accumulator(configured("self_bleu", variant=variant), context=context).add(OUTPUTS[2:])
        assert first.merge(second).score() == pytest.approx(spec.self_bleu(OUTPUTS, variant), abs=1e-12)
    with pytest.raises(ValueError, match="context"):
        bimpl.Accumulator("self_bleu")


def test_bootstrap_resamples_rows_scored_against_the_whole_corpus():
    """The interval resamples the rows computed once against the whole corpus (the
    CORPUS_PASS rule): spec and impl agree, and every resample score is a mean of those rows
    (so a resample drawing one copy of 'a b c d' twice still uses the row 100.00000000000004
    it has in the corpus, not a recomputed one)."""
    import numpy as np

    import bleuprint.impl as bimpl
    from bleuprint import spec as bspec

    a = bspec.bootstrap("self_bleu", OUTPUTS, None, n_boot=30, rng=np.random.default_rng(5), exact=True)
    b = bimpl.bootstrap("self_bleu", OUTPUTS, None, n_boot=30, rng=np.random.default_rng(5), exact=True)
    assert a.score == pytest.approx(spec.self_bleu(OUTPUTS), abs=1e-12)
    assert np.allclose([a.score, a.lo, a.hi, a.mean], [b.score, b.lo, b.hi, b.mean], rtol=0, atol=1e-9)
    rows = [row[0] for row in spec.self_bleu_rows(OUTPUTS)]
    assert min(rows) <= a.lo <= a.hi <= max(rows)
