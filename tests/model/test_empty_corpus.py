"""The empty corpus: one rule for every registered metric (issue 33, item 2).

A corpus without a segment has no score: every metric refuses it, on every route, with
the same error: ``ValueError("empty corpus: <argument> has no sentences")``. The rule is
``check_not_empty``; the model applies it before a metric's own ``rows`` and
``stats_matrix`` (``Metric``) and the inputs' protocol before every ``check_inputs``
(``bleuprint.spec.inputs``), so a metric that overrides them (Meteor
1.5's rows from its kernel, SQuAD's questions, perplexity's log-probabilities) cannot
skip it. Before the fix ``bleuprint.meteor([], [])`` and ``bleuprint.spec.meteor([], [])``
returned 0.0, impl's ``sentence_scores("meteor", [], [])`` an empty array, and SQuAD,
perplexity and the lesson's metrics raised messages of their own.

The test walks the registry: every metric, both layers, the generic corpus score, sentence
scores and statistics functions, and the metric's one-call functions (``layer_functions``'
corpus function and each of its ``api_names``).
"""

from __future__ import annotations

import inspect
import re

import pytest

import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import Metric, Shape, get_metric, metric_names, register, unregister
from bleuprint.core.registry import metric_api_names
from bleuprint.verify_hooks import verify_hooks
from bleuprint.spec.inputs import INPUTS, input_hooks

#: The one message: the rule's wording, with the argument's name.
EMPTY = re.compile(r"^empty corpus: \w+ has no sentences$")

LAYERS = {"spec": spec, "impl": impl}


def empty_refs(metric: Metric):
    """The references of an empty corpus: an empty list, or None for a metric without."""
    return [] if metric.references else None


def generic_routes(layer_name: str):
    layer = LAYERS[layer_name]
    routes = {
        "corpus_score": layer.corpus_score,
        "sentence_scores": layer.sentence_scores,
        "sentence_scores(parts=True)": lambda m, h, r: layer.sentence_scores(m, h, r, parts=True),
        "sentence_stats": layer.sentence_stats,
    }
    if layer_name == "impl":
        routes["stats_matrix"] = impl.stats_matrix
    return routes


def one_call_routes(metric: Metric, layer_name: str):
    """The metric's own one-call functions of ``layer``: ``layer_functions``' corpus
    function (``f(hyps, refs)``) and each exported ``api_names`` function (``f(hyps,
    refs)``, or ``f(hyps)`` for a metric without references)."""
    layer = LAYERS[layer_name]
    routes = {}
    corpus = verify_hooks(metric).layer_functions(layer).get("corpus")
    if corpus is not None:
        routes["layer_functions corpus"] = lambda: corpus([], empty_refs(metric))
    for api_name in metric_api_names(metric.name)[0]:
        function = getattr(layer, api_name)
        if not callable(function):
            continue  # a constant (BLEU's SMOOTH_DEFAULTS)
        if next(iter(inspect.signature(function).parameters)) in ("hyp", "stats", "line"):
            continue  # one segment's statistics (wer_stats), a score of statistics, a tokenizer: no corpus
        if metric.references:
            routes[api_name] = lambda function=function: function([], [])
        else:
            routes[api_name] = lambda function=function: function([])
    return routes


def cases():
    for name in metric_names():
        for layer_name in LAYERS:
            for route in generic_routes(layer_name):
                yield pytest.param(name, layer_name, route, id=f"{name}-{layer_name}-{route}")


@pytest.mark.parametrize("name, layer_name, route", list(cases()))
def test_every_generic_route_refuses_an_empty_corpus(name, layer_name, route):
    metric = get_metric(name)
    function = generic_routes(layer_name)[route]
    with pytest.raises(ValueError) as raised:
        function(name, [], empty_refs(metric))
    assert EMPTY.match(str(raised.value)), str(raised.value)


def one_call_cases():
    for name in metric_names():
        for layer_name in LAYERS:
            for route in one_call_routes(get_metric(name), layer_name):
                yield pytest.param(name, layer_name, route, id=f"{name}-{layer_name}-{route}")


@pytest.mark.parametrize("name, layer_name, route", list(one_call_cases()))
def test_every_one_call_function_refuses_an_empty_corpus(name, layer_name, route):
    call = one_call_routes(get_metric(name), layer_name)[route]
    with pytest.raises(ValueError) as raised:
        call()
    assert EMPTY.match(str(raised.value)), str(raised.value)


def test_meteor_one_call_functions_named_in_the_issue():
    """The issue's calls, spelled as a user writes them (the jar's EVAL of no segment
    answered 0.0 before)."""
    import bleuprint

    for call in (lambda: bleuprint.meteor([], []), lambda: spec.meteor([], []),
                 lambda: impl.sentence_scores("meteor", [], [])):
        with pytest.raises(ValueError, match=EMPTY):
            call()


class Unguarded(Metric):
    """A metric that overrides every input entry point and never looks at the corpus's
    size: its rows of an empty corpus are an empty list, its matrix 0 x 1, and its
    score of them would be 0/0 read as 0. The model must refuse the empty corpus anyway."""

    name = "unguarded_empty_test"
    title = "tokens per segment"
    shape = Shape.SUM

    def stats_matrix(self, hyps, refs, context=None, **stats_options):
        import numpy as np

        return np.array([[len(h.split())] for h in hyps], dtype=np.int64).reshape(len(hyps), 1)

    def segment_stats(self, hyp, refs):
        return [len(hyp.split())]

    def score(self, combined, n_segments):
        return combined[0] / n_segments if n_segments else 0.0


INPUTS.tune(Unguarded, check_inputs=lambda definition, hyps, refs: (list(hyps), [list(r) for r in refs]),
            rows=lambda definition, hyps, refs, context=None, **stats_options: [[len(h.split())] for h in hyps])


@pytest.fixture
def unguarded():
    metric = register(Unguarded())
    yield metric
    unregister(metric.name)


@pytest.mark.parametrize("layer_name", list(LAYERS))
def test_the_model_applies_the_rule_to_a_metric_that_overrides_every_entry_point(unguarded, layer_name):
    for route, function in generic_routes(layer_name).items():
        with pytest.raises(ValueError, match=EMPTY):
            function(unguarded.name, [], [])
    for method in (input_hooks(unguarded).check_inputs, input_hooks(unguarded).rows, unguarded.stats_matrix):
        with pytest.raises(ValueError, match=EMPTY):
            method([], [])
    # A non-empty corpus still goes through the metric's own code: 3 tokens, 1 segment.
    assert impl.corpus_score(unguarded.name, ["a b c"], [["x"]]) == 3.0
