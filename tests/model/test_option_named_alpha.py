"""A metric whose option is called ``alpha``, as EED's jump penalty is (torchmetrics'
``extended_edit_distance(..., alpha=2.0, ...)``): the option is the metric's everywhere,
and the interval's ``alpha`` stays the interval's (issue #34, items 1 and 7).

Before issue #34 the generic functions took a metric's options as loose keywords beside
their own parameters, so ``spec.metric_ci("eed", hyps, refs, alpha=0.5)`` read the 0.5 as
the interval's level and scored the metric at its default alpha, with no error (0.3322
where EED at alpha 0.5 is 0.2580); the paired tests, which have no ``alpha`` of their own,
sent the same word to the metric, and the vector export crashed. Now the metric and its
options are one value (``bleuprint.metric("penalised_match_test", alpha=0.5)``), and
every generic function takes that value and only its own parameters.

The metric, ``PenalisedMatch``, defined in this file only: a segment's row is ``[m, u]``,
m the hypothesis words found in its references (each word clipped by its largest count in
one reference), u the other hypothesis words; the score of summed rows is
``m / (m + alpha * u)`` (0.0 when that is 0), on the 0..1 scale; ``alpha`` (default 1.0:
plain word precision) weighs the unmatched words, a score-stage option.

By hand, on the corpus below: "the cat sat" against "the cat sat down" is [3, 0]; "a dog
barked loudly" against "the dog barked" is [2, 2] ("dog", "barked"). The sums are
[5, 2]: 5 / 7 = 0.714285... at the default alpha 1, 5 / (5 + 0.5 * 2) = 5 / 6 at
alpha 0.5. The system "the cat sat", "the dog barked" is [3, 0], [3, 0]: 6 / 6 = 1.0 at
any alpha.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import bleuprint
import bleuprint.impl as impl
from bleuprint import spec
from bleuprint.core import ConfiguredMetric, Metric, Option, register, unregister
from bleuprint.core.registry import hook_parameters
from bleuprint.vectors.hooks import VECTORS

TOLERANCE = 1e-12  # scores of a few small integers: exact to the last bits


class PenalisedMatch(Metric):
    name = "penalised_match_test"
    title = "matched words against unmatched ones weighed by alpha"
    scale = 1
    options = (Option("alpha", float, 1.0, "the weight of an unmatched hypothesis word", stage="score",
                      minimum=0.0),)

    def segment_stats(self, hyp: str, refs: list) -> list:
        words = hyp.split()
        found = 0
        for word in set(words):
            most = max(ref.split().count(word) for ref in refs)
            found += min(words.count(word), most)
        return [found, len(words) - found]

    def score(self, combined: list, n_segments: int, alpha: float = 1.0) -> float:
        matched, unmatched = combined
        total = matched + alpha * unmatched
        return matched / total if total else 0.0


VECTORS.tune(PenalisedMatch, interval_options=lambda metric: ({"alpha": 0.5},))
DEFINITION = PenalisedMatch()


@pytest.fixture(scope="module", autouse=True)
def registered():
    metric = register(DEFINITION)
    yield metric
    unregister(metric.name)


HYPS = ["the cat sat", "a dog barked loudly"]
REFS = [["the cat sat down"], ["the dog barked"]]
SYSTEM = ["the cat sat", "the dog barked"]
HALF = DEFINITION(alpha=0.5)  # the same value as bleuprint.metric("penalised_match_test", alpha=0.5)


def _by_hand(rows: list, alpha: float) -> float:
    matched, unmatched = (sum(column) for column in zip(*rows))
    return matched / (matched + alpha * unmatched)


def test_the_value_holds_the_option_checked_once():
    """The value is immutable, hashable, equal to the same metric with the same options
    (whichever way it was made), and its option names are checked against the data once,
    when it is made: an unknown name is refused there."""
    assert HALF == bleuprint.metric("penalised_match_test", alpha=0.5) == bleuprint.metric(HALF)
    assert HALF != PenalisedMatch()(alpha=0.5)  # another definition, registered nowhere
    assert HALF != bleuprint.metric("penalised_match_test")
    assert {HALF: 1}[spec.metric("penalised_match_test", alpha=0.5)] == 1
    assert isinstance(HALF, ConfiguredMetric) and HALF.options == {"alpha": 0.5}
    with pytest.raises(AttributeError):
        HALF.alpha = 1.0
    with pytest.raises(TypeError, match="unknown option.*jump"):
        bleuprint.metric("penalised_match_test", jump=2.0)


def test_corpus_and_sentence_scores_read_the_option():
    """5 / 6 at alpha 0.5, 5 / 7 at the default (module doc); sentence scores 3 / 3 and
    2 / (2 + 0.5 * 2) = 2 / 3; the Accumulator of the value gives the corpus score."""
    for layer in (spec, impl):
        assert abs(layer.corpus_score(HALF, HYPS, REFS) - 5 / 6) <= TOLERANCE
        assert abs(layer.corpus_score("penalised_match_test", HYPS, REFS) - 5 / 7) <= TOLERANCE
        assert np.allclose(layer.sentence_scores(HALF, HYPS, REFS), [1.0, 2 / 3], rtol=0, atol=TOLERANCE)
    assert abs(impl.Accumulator(HALF).add(HYPS, REFS).score() - 5 / 6) <= TOLERANCE


@pytest.mark.parametrize("layer", [spec, impl], ids=["spec", "impl"])
def test_metric_ci_takes_the_metrics_alpha_in_the_value_and_its_own_alpha_as_the_level(layer):
    """``metric_ci(HALF, ..., alpha=0.5)``: the score is the metric's at alpha 0.5 (5 / 6;
    the old keyword form gave 5 / 7 here), and the interval's 0.5 picks the order statistics
    floor(40 * 0.5 / 2) = 10 and 40 - 1 - 10 = 29 of the 40 sorted resample scores. The
    resample scores are computed here from the same draws (``default_rng(1).choice(2, (40, 2))``,
    the spec's recipe), each the score of its summed rows at alpha 0.5."""
    score, lo, hi = layer.metric_ci(HALF, HYPS, REFS, n_boot=40, alpha=0.5, rng=np.random.default_rng(1))
    rows = [[3, 0], [2, 2]]
    draws = np.random.default_rng(1).choice(2, size=(40, 2), replace=True)
    resampled = sorted(_by_hand([rows[i] for i in draw], 0.5) for draw in draws)
    assert abs(score - 5 / 6) <= TOLERANCE
    assert abs(lo - resampled[10]) <= 1e-6 and abs(hi - resampled[29]) <= 1e-6  # float32 sums, as sacreBLEU
    assert lo < hi  # the draws hold both kinds of resample: the level was not read as 0.05 nor the score's
    narrow = layer.metric_ci(HALF, HYPS, REFS, n_boot=40, alpha=0.5, rng=np.random.default_rng(1))
    wide = layer.metric_ci(HALF, HYPS, REFS, n_boot=40, alpha=0.05, rng=np.random.default_rng(1))
    assert narrow[0] == wide[0] and wide[1] <= narrow[1] and narrow[2] <= wide[2]


def test_the_paired_tests_take_the_metrics_alpha_in_the_value():
    """The baseline scores 5 / 6 at alpha 0.5 and the system 1.0; spec and impl agree on
    every number of both tests; their own ``n`` and ``seed`` stay theirs."""
    for test in ("paired_bootstrap", "paired_approximate_randomization"):
        results = [getattr(layer, test)(HALF, HYPS, [SYSTEM], REFS, n=100, seed=7) for layer in (spec, impl)]
        assert results[0] == results[1]
        assert abs(results[0].baseline.score - 5 / 6) <= TOLERANCE
        assert results[0].systems[0].score == 1.0 and results[0].n == 100 and results[0].seed == 7


def test_the_interval_vectors_take_the_option_and_the_level_apart():
    """The interval vector file of the metric (its ``interval_options``: alpha 0.5) is built,
    every group writes the metric's alpha in ``options`` and the interval's in
    ``parameters``, and every test checks against the spec (before issue #34 the export
    crashed on the two alphas)."""
    from bleuprint.vectors import intervals

    document = intervals.build_document(DEFINITION)
    assert document["testGroups"]
    for group in document["testGroups"]:
        assert group["options"] == {"alpha": 0.5}
        for test in group["tests"]:
            assert intervals.evaluate_test(document, group, test) is None
    bootstrap = next(g for g in document["testGroups"] if g["kind"].startswith("bootstrap"))
    assert "alpha" in bootstrap["parameters"]


def test_the_dask_score_takes_the_value():
    """The corpus on Dask (two partitions, the synchronous scheduler) gives 5 / 6."""
    db = pytest.importorskip("dask.bag")
    from bleuprint.dask import score

    bag = db.from_sequence(list(zip(HYPS, REFS)), npartitions=2)
    assert abs(score(bag, HALF, scheduler="sync") - 5 / 6) <= TOLERANCE


def _generic_functions() -> dict:
    """``{qualified name: callable}`` of every public function and class of the spec, impl
    and Dask packages whose first parameter is the metric: the generic functions and
    tools. Read from the modules, so a new one is covered without an edit here."""
    import importlib
    import pkgutil

    found = {}
    for package in ("bleuprint.spec", "bleuprint.impl", "bleuprint.dask", "bleuprint.vectors"):
        try:
            root = importlib.import_module(package)
        except ImportError:  # the dask extra absent
            continue
        names = [package] + [f"{package}.{m.name}" for m in pkgutil.iter_modules(root.__path__)]
        for module_name in names:
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                continue
            for name in getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")]):
                target = getattr(module, name, None)
                if not callable(target) or not getattr(target, "__module__", "").startswith("bleuprint."):
                    continue
                try:
                    parameters = list(inspect.signature(target).parameters.values())
                except (TypeError, ValueError):
                    continue
                # (the value's maker, ``bleuprint.metric(metric, /, **options)``, is the one
                # place options are given, after a positional-only metric)
                first = parameters[0] if parameters else None
                if first is not None and first.name == "metric" and first.kind is not first.POSITIONAL_ONLY:
                    found[f"{target.__module__}.{getattr(target, '__qualname__', name)}"] = target
    return found


def test_no_generic_function_takes_loose_options():
    """Every generic function (``_generic_functions``: found by its first parameter,
    ``metric``) takes the metric as one value and no ``**options`` beside its own
    parameters: an option of any name can then never be mistaken for one of them."""
    functions = _generic_functions()
    assert {"bleuprint.spec.intervals.metric_ci", "bleuprint.impl.significance.paired_bootstrap",
            "bleuprint.impl.accumulate.Accumulator", "bleuprint.spec.signature.signature"} <= set(functions)
    loose = [name for name, function in functions.items()
             if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in inspect.signature(function).parameters.values())]
    assert loose == []


def test_register_accepts_options_named_after_every_tool_parameter_and_refuses_the_hooks():
    """A metric with one option named after each parameter of every generic function
    (``alpha``, ``n``, ``seed``, ``rng``, ``n_boot``, ``parts``, ``groups``, ...) registers:
    the value carries them. The names the metric's own hooks take beside its options
    (``hook_parameters``: ``hyp``, ``refs``, ``context``, ...) are refused, each with a
    ValueError naming it, as are names that are not identifiers."""
    tool = {p for f in _generic_functions().values() for p in inspect.signature(f).parameters} - {"metric"}
    assert {"alpha", "n", "seed", "rng", "n_boot", "exact", "parts", "groups"} <= tool
    allowed = sorted((tool | {"metric"}) - hook_parameters())  # "metric": the maker's is positional-only

    class Everything(PenalisedMatch):
        name = "every_tool_parameter_test"
        options = tuple(Option(name, float, 1.0, "a name a tool also uses", stage="score") for name in allowed)

        def score(self, combined, n_segments, **options):
            return super().score(combined, n_segments, alpha=options["alpha"])

    register(Everything())
    try:
        every = bleuprint.metric("every_tool_parameter_test", **{name: 0.5 for name in allowed})
        assert abs(spec.metric_ci(every, HYPS, REFS, n_boot=10, alpha=0.1, rng=np.random.default_rng(0))[0]
                   - 5 / 6) <= TOLERANCE
    finally:
        unregister("every_tool_parameter_test")
    for name in sorted(hook_parameters()) + ["not-a-name", "class", "_private"]:
        class Clash(PenalisedMatch):
            options = (Option(name, float, 1.0, "a name a hook takes"),)
        Clash.name = f"clash_{name}_test"
        with pytest.raises(ValueError, match=repr(name).replace("-", r"\-")):
            register(Clash())
