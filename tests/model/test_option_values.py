"""A configured metric's option values are checked once, when the value is made, against
the options' data (``Option.check``; issue #34, item 1), and the data says exactly what
the metric's own functions accept, so that the check refuses nothing they accept.

For every option of every registered metric:

* every value the data allows (the default, each choice, the values the vector families
  vary it through, verify's configurations) is accepted by the value, unchanged;
* every value the data forbids (another type, an unknown choice, beyond the range,
  ``None`` where it is not allowed: ``bleuprint.vectors.families.forbidden_values``) is
  run through the spec's own functions without the value (the inputs' protocol's ``rows`` and ``score``
  on the metric's first vector corpus): where the spec accepts it (``gram=10``), the
  value accepts it too; where the spec refuses it, making the value raises the spec's
  class of error (TypeError or ValueError, as the vector files record it) naming the
  option, before any scoring. A flag read for its truth (``Option.truthy``: sacreBLEU's
  ``lowercase="yes"``, BERTScore's ``idf=None``) accepts every value."""

from __future__ import annotations

import copy

import pytest

import bleuprint
from bleuprint.core import get_metric, metric_names
from bleuprint.core.options import options_for_score, options_for_stats
from bleuprint.spec.corpus import as_numbers
from bleuprint.spec.inputs import input_hooks
from bleuprint.vectors.families import allowed_values, forbidden_values
from bleuprint.vectors.hooks import vector_hooks
from bleuprint.verify_hooks import verify_hooks


def _spec_refusal(definition, options: dict):
    """None if the spec's own functions, called without a configured value, accept
    ``options`` on the metric's first vector corpus, else the class of their refusal."""
    corpus = vector_hooks(definition).vector_corpora()[0]
    try:
        rows = input_hooks(definition).rows(copy.deepcopy(corpus.hyps), copy.deepcopy(corpus.refs),
                                            **options_for_stats(definition, options))
        summed = as_numbers([sum(column) for column in zip(*rows)])
        definition.score(summed, len(rows), **options_for_score(definition, options))
    except (TypeError, ValueError) as error:
        return TypeError if isinstance(error, TypeError) else ValueError
    return None


@pytest.mark.parametrize("name", metric_names())
def test_the_value_accepts_every_value_the_data_allows(name):
    definition = get_metric(name)
    for option in definition.options:
        for value in [option.default, *allowed_values(option), *(option.choices or ())]:
            assert definition(**{option.name: value}).options == {option.name: value}
    for options, _ in verify_hooks(definition).verify_configurations():
        assert bleuprint.metric(name, **options).options == dict(options)
    for _, family in vector_hooks(definition).vector_families():
        for options in family:
            if not options.get("__invalid__"):
                assert definition(**options).options == options


#: Forbidden values that the value refuses with another class than the spec's functions,
#: and why: BERTScore's spec first refuses a ``baseline_layer`` given without a baseline
#: (ValueError, whatever the layer); the value sees first that 1.5 is not a layer (an int).
OTHER_CLASS = {("bertscore", "baseline_layer", "1.5"): TypeError}


@pytest.mark.parametrize("name", metric_names())
def test_the_value_refuses_what_the_spec_refuses_and_nothing_else(name):
    definition = get_metric(name)
    for option in definition.options:
        for value in forbidden_values(option):
            given = {option.name: value}
            refusal = _spec_refusal(definition, given)
            if refusal is None or option.truthy:  # a flag's every value is read for its truth
                assert definition(**given).options == given, (option.name, value)
            else:  # the same class as the spec's (the vectors record it), but where named
                expected = OTHER_CLASS.get((name, option.name, repr(value)), refusal)
                with pytest.raises(expected, match=option.name):
                    definition(**given)
                with pytest.raises(expected, match=option.name):
                    bleuprint.metric(name, **given)


def test_a_wrong_value_is_refused_when_the_value_is_made():
    """Not at scoring: making the value raises, before any corpus is seen (chrF's ``n`` is
    an int >= 0; BLEU's ``tokenize`` one of its tokenizers)."""
    with pytest.raises(TypeError, match="n must be an int"):
        bleuprint.metric("chrf", n=1.5)
    with pytest.raises(ValueError, match="unknown tokenizer 'no-such'"):
        get_metric("bleu")(tokenize="no-such")
    with pytest.raises(ValueError, match="n must be >= 0"):
        bleuprint.metric("chrf", word_order=2).replace(n=-1)


def test_sacrebleu_flags_are_read_for_their_truth():
    """sacreBLEU reads ``lowercase=1`` or ``"yes"`` as true (its own ``BLEU(lowercase=...)``),
    and bleuprint's spec does too: the value keeps them, and they score as ``True``."""
    from bleuprint import spec

    hyps, refs = ["The Cat sat"], [["the cat sat"]]
    assert spec.corpus_score(bleuprint.metric("bleu", lowercase="yes"), hyps, refs) == \
        spec.corpus_score(bleuprint.metric("bleu", lowercase=True), hyps, refs)
