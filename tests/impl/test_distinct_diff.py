"""impl == spec for distinct-n (Hypothesis: ``bleuprint.metrics.distinct.strategies``,
rich in empty and short outputs, repeats and unusual white space): the one-call values are
equal (the same float64 divisions and fsum), and the registered metrics' rows are equal."""

from __future__ import annotations

from hypothesis import example, given, strategies as st

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.metrics.distinct.strategies import distinct_corpora
from bleuprint.core.value import metric as configured

ORDERS = st.integers(1, 5)


@given(distinct_corpora(), ORDERS, st.sampled_from(("corpus", "sentence-mean")))
@example((["a b a", "a b a", "b c"], None), 2, "corpus")
@example((["", " "], None), 1, "sentence-mean")
def test_impl_equals_spec(corpus, n, variant):
    """The one-call values, the registered metrics' rows and the UNION corpus score."""
    outputs, refs = corpus
    assert impl.distinct_n(outputs, n, variant) == spec.distinct_n(outputs, n, variant)
    for name in ("distinct_n", "distinct_n_mean"):
        assert impl.sentence_stats(configured(name, n=n), outputs, refs).tolist() == \
            spec.sentence_stats(configured(name, n=n), outputs, refs).tolist()
    assert impl.corpus_score(configured("distinct_n", n=n), outputs, refs) == spec.distinct_n(outputs, n)


def test_high_orders_on_a_larger_corpus():
    """5-grams of 800 outputs over 9,000 distinct tokens."""
    outputs = [" ".join(f"w{(i * 7 + k) % 9000}" for k in range(12)) for i in range(800)]
    assert impl.distinct_n(outputs, 5) == spec.distinct_n(outputs, 5)
    assert impl.distinct_n(outputs, 5, "sentence-mean") == spec.distinct_n(outputs, 5, "sentence-mean")
