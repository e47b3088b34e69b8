"""``bleuprint.strategies.metric_options``: a strategy of option dictionaries for every
registered metric, drawn only from values the metric accepts, and (where derived from the
options' data by ``options_from_data``) producing every choice, both booleans, absent
options and None.

Frequencies are measured as ``test_strategy_quality.py`` does: a fixed number of
derandomized draws (generate phase only, no database), each rate compared with a minimum
set at about half of the rate measured when the test was written (stated in the test).
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings

from bleuprint import spec
from bleuprint.core import Metric, Option, get_metric, metric_names, register, unregister
from bleuprint.strategies import UNBOUNDED_INT_SPAN, metric_options, metric_values, options_from_data
from bleuprint.strategies import strategy_hooks
from bleuprint.verify_hooks import verify_hooks
from bleuprint.core.options import find_option, option_names
from bleuprint.spec.inputs import input_hooks

#: A corpus small enough for a hundred draws per metric in well under a second.
HYPS = ["the cat sat", "a b"]
REFS = [["the cat sat down", "cat"], ["a b c"]]


class Knobs(Metric):
    """A test metric with one option of each kind: its row is ``[words of hyp, 1]``, its
    score ``weight * words + floor`` (floor None counts as 0). Each function checks its
    options with the options' own rule (``Option.check``), so a value outside the data
    raises."""

    name = "knobs_test"
    title = "a metric with options of every kind"
    scale = 1
    options = (
        Option("mode", str, "a", "one of three modes", stage="stats", choices=("a", "b", "c")),
        Option("flag", bool, False, "a flag", stage="stats"),
        Option("order", int, 2, "an order without a maximum", stage="stats", minimum=1),
        Option("weight", float, 0.5, "a weight in [0, 1]", stage="score", minimum=0, maximum=1),
        Option("floor", float, None, "an optional floor", stage="score", nullable=True, minimum=0),
        Option("label", str, "x", "free text", stage="stats"),
    )

    def segment_stats(self, hyp, refs, mode="a", flag=False, order=2, label="x") -> list:
        for name, value in (("mode", mode), ("flag", flag), ("order", order), ("label", label)):
            find_option(self, name).check(value)
        return [len(hyp.split()), 1]

    def score(self, combined, n_segments, weight=0.5, floor=None) -> float:
        find_option(self, "weight").check(weight)
        find_option(self, "floor").check(floor)
        return weight * combined[0] + (floor or 0)


@pytest.fixture(scope="module", autouse=True)
def knobs():
    metric = register(Knobs())
    yield metric
    unregister(metric.name)


def _fixed_draws(max_examples: int):
    return settings(max_examples=max_examples, derandomize=True, database=None, phases=[Phase.generate],
                    deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", [*metric_names(), Knobs.name])
def test_every_metric_strategy_draws_options_its_one_call_scoring_accepts(name):
    """The spec's one call (``sentence_stats`` then ``score_from_stats`` of the column
    sums) takes every drawn dictionary without an exception and gives a finite score."""

    import random

    definition = get_metric(name)
    # a metric without references, or whose segments are not text, scores its own corpus
    text = definition.references and input_hooks(definition).segment_kind == "text"
    hyps, refs = strategy_hooks(definition).fit_corpus((HYPS, REFS)) if text else verify_hooks(definition).generated_corpus(random.Random(0))

    @_fixed_draws(100)
    @given(metric_values(name))
    def accepted(value):
        assert value.name == name  # made, so every drawn option name is one of the metric's
        stats = spec.sentence_stats(value, hyps, refs)
        assert math.isfinite(spec.score_from_stats(value, stats.sum(axis=0), len(hyps)))

    accepted()


@pytest.mark.parametrize("name", ["bleu", "chrf"])
def test_bleu_and_chrf_keep_their_hand_tuned_strategies(name):
    """``bleu_options`` and ``chrf_options`` give every option in every draw (a derived
    strategy leaves options out, and for chrF would draw n = 0 with word_order = 0)."""

    @_fixed_draws(50)
    @given(metric_options(name))
    def complete(options):
        assert set(options) == option_names(get_metric(name))

    complete()


def test_derived_values_stay_within_the_data():
    """Every drawn value passes its ``Option.check``; the int without a maximum stays
    within ``UNBOUNDED_INT_SPAN`` of its minimum, and reaches that cap."""
    strategy = metric_options(Knobs.name)

    @_fixed_draws(200)
    @given(strategy)
    def within(options):
        assert set(options) <= option_names(Knobs())
        for key, value in options.items():
            find_option(Knobs(), key).check(value)
        order = options.get("order", 1)
        assert order >= 1 and order <= 1 + UNBOUNDED_INT_SPAN

    within()
    assert find(strategy, lambda d: d.get("order") == 1 + UNBOUNDED_INT_SPAN, settings=_fixed_draws(500))


#: (feature, predicate, minimum rate): every choice, both booleans, None, absent options.
FEATURES = {
    "mode a": (lambda d: d.get("mode") == "a", 0.15),
    "mode b": (lambda d: d.get("mode") == "b", 0.08),
    "mode c": (lambda d: d.get("mode") == "c", 0.08),
    "flag True": (lambda d: d.get("flag") is True, 0.1),
    "flag False": (lambda d: d.get("flag") is False, 0.2),
    "flag absent": (lambda d: "flag" not in d, 0.15),
    "floor None": (lambda d: "floor" in d and d["floor"] is None, 0.2),
    "floor a number": (lambda d: d.get("floor") is not None, 0.15),
    "order above the default": (lambda d: d.get("order", 0) > 2, 0.1),
}


@pytest.fixture(scope="module")
def rates():
    """The rate of each feature over 400 derandomized draws of the derived strategy.
    Measured when written (Hypothesis 6.170): mode a/b/c 0.33/0.17/0.18, flag
    True/False/absent 0.21/0.46/0.33, floor None 0.45, floor a number 0.30, order above
    2 0.24."""
    hits, seen = Counter(), []

    @_fixed_draws(400)
    @given(metric_options(Knobs.name))
    def record(options):
        seen.append(options)
        for feature, (holds, _) in FEATURES.items():
            hits[feature] += bool(holds(options))

    record()
    assert len(seen) >= 360, f"only {len(seen)} of 400 draws were generated"
    return {feature: hits[feature] / len(seen) for feature in FEATURES}


@pytest.mark.parametrize("feature", list(FEATURES))
def test_derived_strategy_produces_each_choice_and_both_booleans(rates, feature):
    assert rates[feature] >= FEATURES[feature][1], f"{feature}: {rates[feature]:.3f}"


def test_derived_strategy_can_leave_every_option_out():
    """Each option is optional: the empty dictionary (every default) is drawn too."""
    assert find(metric_options(Knobs.name), lambda d: d == {}, settings=_fixed_draws(500)) == {}


def test_unknown_metric_and_bad_options_are_refused():
    with pytest.raises(ValueError, match="unknown metric 'no_such_metric'"):
        metric_options("no_such_metric")
    with pytest.raises(TypeError, match="metric must be a str"):
        metric_options(None)
    with pytest.raises(TypeError, match="options must be Option objects, got str"):
        options_from_data(["tokenize"])
