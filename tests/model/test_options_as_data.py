"""Every built-in metric's options, declared as data in its ``Metric``, agree with the
functions that implement it: the same names, in order, with the same defaults, and the
values each option's data allows or refuses are allowed or refused by the metric's own
one-call function (issue #13 item 1). ``inspect`` appears here, in a test, so that no
consumer needs it."""

from __future__ import annotations

import inspect

import pytest

from bleuprint import spec
from bleuprint.core import Metric, Option, get_metric, metric_names
from bleuprint.core.options import find_option, option_defaults

ONE_CALL = {"bleu": spec.corpus_bleu, "chrf": spec.chrf, "ter": spec.ter}


def test_the_built_in_metrics_are_registered_in_order():
    assert metric_names()[:4] == ("exact_match", "bleu", "chrf", "ter")
    assert all(isinstance(get_metric(name), Metric) for name in metric_names())


@pytest.mark.parametrize("name", sorted(ONE_CALL))
def test_options_match_the_one_call_function(name):
    metric = get_metric(name)
    parameters = inspect.signature(ONE_CALL[name]).parameters
    declared = {name: p.default for name, p in parameters.items() if name not in ("hyps", "refs")}
    assert [o.name for o in metric.options] == list(declared)
    assert option_defaults(metric) == declared


@pytest.mark.parametrize("name", sorted(ONE_CALL))
def test_each_stage_reads_only_the_options_its_function_takes(name):
    """An option marked for the statistics is a parameter of the per-segment function, one
    marked for the score a parameter of the from-stats function."""
    metric = get_metric(name)
    stats_function = {"bleu": spec.bleu_stats, "chrf": spec.chrf_stats, "ter": spec.ter_stats}[name]
    score_function = {"bleu": spec.bleu_from_stats, "chrf": spec.chrf_from_stats, "ter": spec.ter_from_stats}[name]
    stats_parameters = set(inspect.signature(stats_function).parameters)
    score_parameters = set(inspect.signature(score_function).parameters)
    for option in metric.options:
        assert (option.name in stats_parameters) == option.used_by_stats, option.name
        assert (option.name in score_parameters) == option.used_by_score, option.name


def _refused(function, **options) -> bool:
    try:
        function(["a b c"], [["a b c"]], **options)
    except (TypeError, ValueError):
        return True
    return False


@pytest.mark.parametrize("name", sorted(ONE_CALL))
def test_option_data_refuses_what_the_function_refuses(name):
    """For every option: a value of the wrong type, a value outside its choices or below
    its minimum, and None where it is not nullable, are refused both by ``Option.check``
    and by the one-call function; its default is accepted by both."""
    metric = get_metric(name)
    for option in metric.options:
        candidates = [option.default, None, "x" if option.kind is not str else 3]
        if option.choices:
            candidates.append("no-such-choice")
        if option.minimum is not None:
            candidates.append(option.kind(option.minimum) - 1)
        for value in candidates:
            try:
                option.check(value)
                allowed = True
            except (TypeError, ValueError):
                allowed = False
            if option.kind is bool and not isinstance(value, bool):
                continue  # the functions read a flag by its truth value (None too), as sacreBLEU does
            if name == "chrf" and option.name == "n" and value == 0:
                continue  # n=0 needs word_order >= 1 (checked with both options together)
            assert allowed == (not _refused(ONE_CALL[name], **{option.name: value})), (option.name, value)


def test_option_describes_itself_as_data():
    option = Option("k", int, 2, "an order", minimum=1)
    assert option.describe() == {"name": "k", "type": "int", "default": 2, "nullable": False, "stage": "both",
                                 "choices": None, "minimum": 1, "maximum": None, "doc": "an order"}
    with pytest.raises(ValueError, match="k must be >= 1"):
        option.check(0)
    with pytest.raises(TypeError, match="k must be an int"):
        option.check(True)
    with pytest.raises(ValueError, match="must be >= 1"):
        Option("k", int, 0, "a default outside its own range", minimum=1)


def test_outside_choices_are_accepted_but_never_generated():
    """``Option.outside``: choices that need a package or a file from outside bleuprint
    (BLEU's MeCab and SentencePiece tokenizers) are accepted by ``check``, but the values
    the tools generate from the data (vector families, port probes, option strategies)
    leave them out; an outside value must be a choice, and not the default."""
    from bleuprint.ports.probe import finite_values
    from bleuprint.vectors.families import allowed_values

    option = Option("tok", str, "a", "a tokenizer", choices=("a", "b", "c"), outside=("c",))
    assert option.check("c") == "c"
    assert option.generated_choices == ("a", "b")
    assert allowed_values(option) == ["b"] and finite_values(option) == ("a", "b")
    for bad in (("d",), ("a",)):
        with pytest.raises(ValueError, match="outside must be choices other than the default"):
            Option("tok", str, "a", "a tokenizer", choices=("a", "b", "c"), outside=bad)
    bleu = find_option(get_metric("bleu"), "tokenize")
    assert bleu.generated_choices == spec.TOKENIZERS == ("13a", "none", "intl", "zh", "char")
    assert set(bleu.choices) - set(bleu.generated_choices) == {"ja-mecab", "ko-mecab", "spm", "flores101",
                                                               "flores200", "spBLEU-1K"}
