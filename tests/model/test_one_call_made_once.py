"""The one-call functions of BLEU, chrF and TER (``corpus_bleu``, ``sentence_bleu``,
``chrf``, ``sentence_chrf``, ``ter``, ``sentence_ter``, and impl's ``bleu_stats`` and
``chrf_stats``) are declared once, in each folder's ``api.py``, and made for both layers
from the registered definition (``bleuprint.core.one_call``, issue 34 item 5).

They keep the signatures they had when each was written twice: the course contract's
``corpus_bleu(hyps, refs, tokenize="13a")`` and ``chrf(hyps, refs, n=6, beta=2)`` with the
options after them keyword-only, written out below as the hand-written functions had them
(names, kinds, defaults), so that a change of the ``Option`` data that would move them
fails here."""

from __future__ import annotations

import inspect

import pytest

import bleuprint
import bleuprint.impl as impl
from bleuprint import spec

P, K = inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY
BLEU = [("tokenize", P, "13a"), ("lowercase", K, False), ("smooth_method", K, "exp"), ("smooth_value", K, None),
        ("max_ngram_order", K, 4)]
CHRF = [("n", P, 6), ("beta", P, 2), ("word_order", K, 0), ("lowercase", K, False), ("whitespace", K, False),
        ("eps_smoothing", K, False)]
TER = [("normalized", K, False), ("no_punct", K, False), ("asian_support", K, False), ("case_sensitive", K, False)]
EMPTY = inspect.Parameter.empty

#: name -> the parameters of the function written by hand before (name, kind, default).
SIGNATURES = {
    "corpus_bleu": [("hyps", P, EMPTY), ("refs", P, EMPTY), *BLEU, ("effective_order", K, False)],
    "sentence_bleu": [("hyp", P, EMPTY), ("refs", P, EMPTY), *BLEU, ("effective_order", K, True)],
    "chrf": [("hyps", P, EMPTY), ("refs", P, EMPTY), *CHRF],
    "sentence_chrf": [("hyp", P, EMPTY), ("refs", P, EMPTY), *CHRF],
    "ter": [("hyps", P, EMPTY), ("refs", P, EMPTY), *TER],
    "sentence_ter": [("hyp", P, EMPTY), ("refs", P, EMPTY), *TER],
}
IMPL_STATS = {
    "bleu_stats": [("hyp", P, EMPTY), ("refs", P, EMPTY), ("tokenize", P, "13a"), ("lowercase", K, False),
                   ("max_ngram_order", K, 4)],
    "chrf_stats": [("hyp", P, EMPTY), ("refs", P, EMPTY), *CHRF],
}


def _parameters(function) -> list:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


@pytest.mark.parametrize("layer", [spec, impl, bleuprint], ids=["spec", "impl", "bleuprint"])
@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_the_signatures_are_the_hand_written_ones(layer, name):
    """Names, order, kinds and defaults (compared by type too: ``beta``'s default is the int
    2, as it was), a docstring, and a module that is the metric's own layer module."""
    function = getattr(layer, name)
    got = _parameters(function)
    assert [(n, k) for n, k, _ in got] == [(n, k) for n, k, _ in SIGNATURES[name]]
    assert [(type(d), d) for _, _, d in got] == [(type(d), d) for _, _, d in SIGNATURES[name]]
    assert function.__doc__ and function.__module__.startswith("bleuprint.metrics.")
    assert inspect.getsourcefile(function).endswith("api.py")


@pytest.mark.parametrize("name", sorted(IMPL_STATS))
def test_impls_statistics_functions_take_the_spec_functions_parameters(name):
    assert _parameters(getattr(impl, name)) == IMPL_STATS[name] == _parameters(getattr(spec, name))


def test_a_wrong_argument_is_pythons_own_type_error():
    """A real ``def``: a third positional option of chrf, or an unknown keyword, is the
    TypeError Python raises for any function, naming the function."""
    with pytest.raises(TypeError, match=r"chrf\(\) takes from 2 to 4 positional arguments but 5 were given"):
        spec.chrf(["a"], [["a"]], 6, 2, 0)
    with pytest.raises(TypeError, match=r"corpus_bleu\(\) got an unexpected keyword argument 'smoothing'"):
        impl.corpus_bleu(["a"], [["a"]], smoothing="exp")


def test_the_functions_are_the_metric_values_corpus_score():
    """By hand: "the cat sat" against "the cat sat on" has precisions 3/3, 2/2, 1/1 and no
    4-gram (0 of 0): corpus BLEU is 0.0 (exp smoothing lifts orders that have n-grams but
    no match, not an order without n-grams); sentence BLEU's effective order averages the
    three orders it has, 100 * exp(-1/3) (brevity penalty exp(1 - 4/3)) = 71.653...; each
    equals the generic corpus_score of the value with the same options (exactly: one path)."""
    hyps, refs = ["the cat sat"], [["the cat sat on"]]
    for layer in (spec, impl):
        assert layer.corpus_bleu(hyps, refs) == layer.corpus_score("bleu", hyps, refs) == 0.0
        sentence = layer.sentence_bleu(hyps[0], refs[0])
        assert abs(sentence - 100 * 2.718281828459045 ** (-1 / 3)) <= 1e-9
        assert sentence == layer.corpus_score(bleuprint.metric("bleu", effective_order=True), hyps, refs)
        assert layer.chrf(hyps, refs, 3, 1) == layer.corpus_score(bleuprint.metric("chrf", n=3, beta=1), hyps, refs)
