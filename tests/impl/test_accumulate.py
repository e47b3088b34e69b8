"""Streaming and sharded accumulation (bleuprint.impl.accumulate).

The claim: a corpus fed to an ``Accumulator`` in batches of any sizes, or split into
shards in any way (not only contiguous) that are accumulated separately and merged in
any order, has statistics *equal* to the column sums of the spec's per-sentence
statistics (integers; tolerance 0) and a score *equal* (tolerance 0) to the metric's
one-call function of ``bleuprint.impl`` on the whole corpus, and within 1e-9 (0..100
scale) of the spec's one-call function. Pickling and the JSON form round-trip exactly.
"""

from __future__ import annotations

import functools
import json
import pickle

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint import impl, spec
from bleuprint.impl.accumulate import FORMAT, Accumulator, accumulate
from bleuprint.strategies import bleu_options, chrf_options, corpora
from bleuprint.core.value import metric as configured

TOLERANCE = 1e-9  # absolute, 0..100 scale, against the spec only

ONE_CALL = {
    "bleu": (impl.corpus_bleu, spec.corpus_bleu),
    "chrf": (impl.chrf, spec.chrf),
    "exact_match": (impl.exact_match, spec.exact_match),
}


def metric_cases():
    """(metric, (hyps, refs), options) for the three metrics."""
    bleu = bleu_options().flatmap(
        lambda o: st.tuples(st.just("bleu"), corpora(tokenize=o["tokenize"]), st.just(o)))
    chrf = st.tuples(st.just("chrf"), corpora(), chrf_options())
    exact = st.tuples(st.just("exact_match"), corpora(), st.just({}))
    return st.one_of(bleu, chrf, exact)


def spec_column_sums(metric, hyps, refs, options) -> np.ndarray:
    return spec.sentence_stats(configured(metric, **options), hyps, refs).sum(axis=0).astype(np.int64)


def assert_equals_one_call(accumulator, metric, hyps, refs, options):
    fast, slow = ONE_CALL[metric]
    assert accumulator.n_sentences == len(hyps)
    assert accumulator.stats.dtype == np.int64
    assert np.array_equal(accumulator.stats, spec_column_sums(metric, hyps, refs, options))
    assert accumulator.score() == fast(hyps, refs, **options)
    assert abs(accumulator.score() - slow(hyps, refs, **options)) <= TOLERANCE


@given(metric_cases(), st.data())
def test_batches_of_any_sizes_equal_one_call(case, data):
    metric, (hyps, refs), options = case
    cuts = sorted(data.draw(st.lists(st.integers(0, len(hyps)), max_size=4), label="cuts"))
    bounds = [0, *cuts, len(hyps)]
    accumulator = Accumulator(configured(metric, **options))
    for start, stop in zip(bounds, bounds[1:]):  # empty batches included
        accumulator.add(hyps[start:stop], refs[start:stop])
    assert_equals_one_call(accumulator, metric, hyps, refs, options)


@given(metric_cases(), st.data())
def test_shards_in_any_split_merged_in_any_order_equal_one_call(case, data):
    metric, (hyps, refs), options = case
    n_shards = data.draw(st.integers(1, 4), label="shards")
    owner = data.draw(st.lists(st.integers(0, n_shards - 1), min_size=len(hyps), max_size=len(hyps)),
                      label="owner of each sentence")
    shards = []
    for k in range(n_shards):
        mine = [i for i in range(len(hyps)) if owner[i] == k]
        shards.append(Accumulator(configured(metric, **options)).add([hyps[i] for i in mine], [refs[i] for i in mine]))
    order = data.draw(st.permutations(range(n_shards)), label="merge order")
    merged = functools.reduce(lambda a, b: a.merge(b), [shards[k] for k in order])
    assert_equals_one_call(merged, metric, hyps, refs, options)
    assert merged == Accumulator(configured(metric, **options)).add(hyps, refs)


@given(metric_cases())
# Found on the way (an impl chrF regression on corpora without any word): chrF+ of "" vs "".
@example(("chrf", ([""], [[""]]), {"n": 6, "beta": 2, "word_order": 1, "lowercase": False,
                                    "whitespace": False, "eps_smoothing": False}))
def test_pickle_and_json_round_trips_are_exact(case):
    metric, (hyps, refs), options = case
    accumulator = Accumulator(configured(metric, **options)).add(hyps, refs)
    assert_equals_one_call(accumulator, metric, hyps, refs, options)
    for copy in (pickle.loads(pickle.dumps(accumulator)),
                 Accumulator.from_dict(json.loads(json.dumps(accumulator.to_dict())))):
        assert copy == accumulator
        assert np.array_equal(copy.stats, accumulator.stats) and copy.n_sentences == accumulator.n_sentences
        assert copy.score() == accumulator.score()
        # A copy still accumulates: merging it with the original doubles every count.
        doubled = copy.merge(accumulator)
        assert np.array_equal(doubled.stats, 2 * accumulator.stats)


@given(metric_cases())
def test_merge_leaves_its_operands_unchanged(case):
    metric, (hyps, refs), options = case
    left = Accumulator(configured(metric, **options)).add(hyps, refs)
    right = Accumulator(configured(metric, **options)).add(hyps[:1], refs[:1])
    before = (left.to_dict(), right.to_dict())
    merged = left.merge(right)
    assert (left.to_dict(), right.to_dict()) == before
    assert merged.n_sentences == len(hyps) + 1


def _with_defaults(function, options):
    import inspect

    full = {k: p.default for k, p in inspect.signature(function).parameters.items() if k not in ("hyps", "refs")}
    full.update(options)
    return full


@given(st.one_of(
    st.tuples(st.just("bleu"), bleu_options(), bleu_options()),
    st.tuples(st.just("chrf"), chrf_options(), chrf_options()),
))
def test_merge_with_different_options_is_refused(case):
    metric, first, second = case
    function = ONE_CALL[metric][0]
    a, b = Accumulator(configured(metric, **first)), Accumulator(configured(metric, **second))
    if _with_defaults(function, first) == _with_defaults(function, second):
        assert a.merge(b) == a  # the same options: both empty, the merge is empty too
    else:
        with pytest.raises(ValueError, match="different options"):
            a.merge(b)


def test_defaults_given_or_omitted_are_the_same_options():
    """Options are compared with the defaults filled in: an explicit default is no
    difference."""
    a = Accumulator("bleu").add(["a b"], [["a b"]])
    b = Accumulator(configured("bleu", tokenize="13a", smooth_method="exp", max_ngram_order=4)).add(["a"], [["a"]])
    assert a.merge(b).n_sentences == 2


def test_merge_refuses_another_metric_or_object():
    with pytest.raises(ValueError, match="cannot merge"):
        Accumulator("bleu").merge(Accumulator("chrf"))
    with pytest.raises(TypeError):
        Accumulator("bleu").merge({"metric": "bleu"})


@pytest.mark.parametrize(("metric", "options"), [
    ("bleu", {"tokenize": "moses"}),
    ("bleu", {"max_ngram_order": 0}),
    ("bleu", {"smooth_method": "add-one"}),
    ("bleu", {"smooth_value": "0.1"}),
    ("bleu", {"order": 4}),
    ("chrf", {"n": 0}),
    ("chrf", {"word_order": -1}),
    ("chrf", {"beta": "2"}),
    ("exact_match", {"lowercase": True}),
])
def test_bad_options_are_refused_at_construction_like_one_call(metric, options):
    """The accumulator refuses, before any text, exactly what the one-call function
    refuses, with the same exception type."""
    with pytest.raises((TypeError, ValueError)) as expected:
        ONE_CALL[metric][1](["a b"], [["a b"]], **options)
    with pytest.raises(expected.type):
        Accumulator(configured(metric, **options))


def test_unknown_metric_is_refused():
    with pytest.raises(ValueError, match="unknown metric"):
        Accumulator("no_such_metric")


def test_score_of_nothing_is_refused_and_empty_batches_add_nothing():
    accumulator = Accumulator("chrf").add([], [])
    assert accumulator.n_sentences == 0
    with pytest.raises(ValueError, match="no sentences"):
        accumulator.score()
    with pytest.raises(ValueError, match="mismatched"):
        accumulator.add([], [["a"]])


def test_bad_batches_raise_like_one_call():
    accumulator = Accumulator("bleu")
    with pytest.raises(TypeError):
        accumulator.add("a b", [["a b"]])
    with pytest.raises(ValueError, match="mismatched"):
        accumulator.add(["a", "b"], [["a"]])
    with pytest.raises(TypeError):
        accumulator.add(["a"], ["a"])
    assert accumulator.n_sentences == 0  # a refused batch adds nothing


def test_accumulate_over_a_generator():
    """Hand computation: exact match over batches (["a", "b"] vs ["a", "c"]) and (["d"] vs
    ["d"]) matches 2 of 3 sentences: 2/3."""
    batches = ((h, r) for h, r in [(["a", "b"], [["a"], ["c"]]), (["d"], [["d"]])])
    accumulator = accumulate("exact_match", batches)
    assert accumulator.score() == 2 / 3 and accumulator.stats.tolist() == [2]


@pytest.mark.parametrize(("change", "error"), [
    ({"format": "other/9"}, ValueError),
    ({"stats": [1, 2]}, ValueError),
    ({"stats": [1, 2, -1, 0, 1, 1, 0, 0, 0, 0]}, ValueError),
    ({"stats": [1.5, 2, 1, 0, 1, 1, 0, 0, 0, 0]}, ValueError),
    ({"stats": "1,2"}, TypeError),
    ({"n_sentences": -1}, ValueError),
    ({"n_sentences": True}, ValueError),
    ({"options": {"tokenize": "moses"}}, ValueError),
    ({"options": None}, TypeError),
    ({"metric": "no_such_metric"}, ValueError),
])
def test_from_dict_checks_its_input(change, error):
    data = Accumulator("bleu").add(["a b c"], [["a b"]]).to_dict()
    assert data["format"] == FORMAT
    data.update(change)
    with pytest.raises(error):
        Accumulator.from_dict(data)


# --- add_all: one rouge_all pass for every ROUGE accumulator ------------------------------

rouge_texts = st.lists(st.sampled_from(["a", "b", "cats", "cat", "A", ".", " ", " ", "\n"]), max_size=12).map("".join)


@given(st.lists(st.tuples(rouge_texts, st.lists(rouge_texts, min_size=1, max_size=2)), min_size=1, max_size=4),
       st.lists(st.tuples(st.sampled_from(["rouge1", "rouge2", "rougeL", "rougeLsum"]), st.booleans()),
                min_size=1, max_size=5))
def test_add_all_equals_add_one_by_one(corpus, configurations):
    """``add_all`` leaves every accumulator (ROUGE types and stemming options mixed, with a
    BLEU one beside) equal (statistics, sentence count, score: tolerance 0) to the same
    accumulator fed by its own ``add``, over two batches."""
    from bleuprint.impl.accumulate import add_all

    def fresh():
        accs = [Accumulator(configured("rouge", rouge_type=t, use_stemmer=s)) for t, s in configurations]
        return accs + [Accumulator("bleu")]

    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    together, alone = fresh(), fresh()
    for batch in (slice(0, 2), slice(2, None)):
        add_all(together, hyps[batch], refs[batch])
        for accumulator in alone:
            accumulator.add(hyps[batch], refs[batch])
    assert together == alone
    assert [a.score() for a in together] == [a.score() for a in alone]


def test_add_all_tokenizes_once_per_stemming_option(monkeypatch):
    """Three unstemmed ROUGE types and two stemmed ones: two ``rouge_all`` calls (one per
    ``use_stemmer``), no per-type statistics call."""
    from bleuprint.impl.accumulate import add_all
    from bleuprint.metrics.rouge import impl as rouge_impl

    calls = []
    real = rouge_impl.rouge_all
    monkeypatch.setattr(rouge_impl, "rouge_all", lambda *a, **k: calls.append(k["use_stemmer"]) or real(*a, **k))
    accs = [Accumulator(configured("rouge", rouge_type=t, use_stemmer=s))
            for t, s in [("rouge1", False), ("rouge2", False), ("rougeL", False), ("rouge1", True), ("rougeLsum", True)]]
    monkeypatch.setattr(rouge_impl, "rouge_stats_matrix", lambda *a, **k: pytest.fail("a per-type call"))
    add_all(accs, ["the cats sat"], [["a cat sat"]])
    assert sorted(calls) == [False, True]
    assert [a.n_sentences for a in accs] == [1] * 5
