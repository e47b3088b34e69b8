"""Issue #21 item 1: a corpus scored on Dask is the in-process number, bit for bit, for
every shape of statistics, whatever the partitioning and the shape of the reduction tree.

Each example cuts a Hypothesis corpus into Dask bag partitions at points Hypothesis
chooses (empty partitions included), scores it with ``bleuprint.dask`` on Dask's
synchronous scheduler (the same graph a cluster runs: map, tree reduction with
``split_every`` children a node, score on the client), with batches inside a partition of
a size Hypothesis chooses too, and compares with one process:

* the statistics and the sentence count equal those of one ``Accumulator`` fed the whole
  corpus at once (exact ints and Fractions), and the score is that Accumulator's score,
  bit for bit (tolerance 0);
* the score equals the one-call ``bleuprint.impl.corpus_score`` bit for bit for metrics
  whose statistics are whole numbers; for those with fractional columns (TER's average
  reference length, ROUGE's and CIDEr-D's values) the one-call function adds floats in
  row order, so there the tolerance is 1e-9 on the metric's scale
  (``bleuprint.impl.accumulate``'s documented bound).

Shapes: SUM (bleu, chrf++, ter, perplexity's non-text segments), MEAN (exact_match,
rouge, model_score's numbers), CORPUS_PASS (cider, self_bleu: contexts combined across partitions first), UNION
(distinct_n: the sorted item index of the whole corpus).
"""

from __future__ import annotations

import dask
import dask.bag as db
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bleuprint.impl as impl
from bleuprint.core import Shape, get_metric
from bleuprint.dask import accumulate, contexts
from bleuprint.core.value import metric as configured
from bleuprint.strategies import strategy_hooks
from bleuprint.core.options import options_for_stats
from bleuprint.spec.inputs import corpus_references, input_hooks
from bleuprint.core.metric import needs_context

#: (metric, options): at least one metric of every shape, with and without references,
#: text and non-text segments, whole and fractional statistics.
CASES = [
    ("bleu", {}),
    ("chrf", {"word_order": 2}),
    ("ter", {}),
    ("perplexity", {}),
    ("exact_match", {}),
    ("rouge", {"rouge_type": "rougeL"}),
    ("cider", {}),
    ("self_bleu", {}),
    ("distinct_n", {"n": 2}),
    ("model_score", {}),
]


def test_the_cases_cover_every_shape():
    assert {get_metric(name).shape for name, _ in CASES} == set(Shape)


def _bag(hyps, refs, cuts):
    """The corpus as a bag whose partitions are the slices between ``cuts`` (sorted
    positions, repeats giving empty partitions)."""
    edges = [0, *cuts, len(hyps)]
    elements = list(zip(hyps, refs)) if refs is not None else list(hyps)
    parts = [elements[a:b] for a, b in zip(edges, edges[1:])]
    return db.from_delayed([dask.delayed(list)(part) for part in parts])


@st.composite
def partitioned(draw, metric):
    definition = get_metric(metric)
    hyps, refs = strategy_hooks(definition).fit_corpus(draw(strategy_hooks(definition).corpus_strategy()))
    hyps, refs = list(hyps), (None if refs is None else [list(r) for r in refs])
    if len(hyps) < input_hooks(definition).min_segments:
        hyps, refs = hyps * input_hooks(definition).min_segments, (None if refs is None else refs * input_hooks(definition).min_segments)
    cuts = sorted(draw(st.lists(st.integers(0, len(hyps)), max_size=6)))
    return hyps, refs, cuts, draw(st.integers(2, 5)), draw(st.integers(1, 4))


@pytest.mark.parametrize("metric,options", CASES, ids=[name for name, _ in CASES])
@settings(max_examples=20)
@given(data=st.data())
def test_any_partitioning_gives_the_in_process_number(metric, options, data):
    hyps, refs, cuts, split_every, batch = data.draw(partitioned(metric))
    definition = get_metric(metric)
    bag = _bag(hyps, refs, cuts)
    merged = accumulate(bag, [configured(metric, **options)], scheduler="sync", split_every=split_every,
                        batch=batch)[metric]

    if needs_context(definition):
        checked_hyps, checked_refs = input_hooks(definition).check_inputs(hyps, refs)
        whole_context = definition.corpus_context(checked_hyps, corpus_references(definition, checked_refs),
                                                  **options_for_stats(definition, options))
        assert contexts(bag, [configured(metric, **options)], scheduler="sync", split_every=split_every,
                        batch=batch)[metric] == whole_context
        one = impl.Accumulator(configured(metric, **options), context=whole_context).add(hyps, refs)
    else:
        one = impl.Accumulator(configured(metric, **options)).add(hyps, refs)
    assert merged == one  # metric, options, count and the exact sums
    assert merged.n_sentences == len(hyps)
    assert merged.score() == one.score()

    one_call = impl.corpus_score(configured(metric, **options), hyps, refs)
    if definition.fractional_columns:
        assert abs(merged.score() - one_call) <= 1e-9
    else:
        assert merged.score() == one_call


def test_several_metrics_share_one_read_and_each_is_exact():
    """bleu, ter and distinct-n (a union: its context pass first) in one call over three
    partitions: each equals its own one-process value."""
    hyps = ["the cat sat on the mat", "a b a b", "", "x y z", "the the the"]
    refs = [["the cat is on the mat"], ["a b"], ["x"], ["x y"], ["the"]]
    bag = _bag(hyps, refs, [1, 3])
    merged = accumulate(bag, ["bleu", "ter", configured("distinct_n", n=1)], scheduler="sync", split_every=2)
    assert merged["bleu"].score() == impl.corpus_score("bleu", hyps, refs)
    assert merged["ter"].score() == impl.corpus_score("ter", hyps, refs)
    # distinct-1 by hand: 10 distinct words (the cat sat on mat a b x y z) of 6+4+0+3+3 = 16 tokens.
    assert merged["distinct_n"].score() == impl.corpus_score(configured("distinct_n", n=1), hyps) == 10 / 16
