"""How often self-BLEU's corpus strategy (``bleuprint.metrics.self_bleu.strategies``)
produces its hard cases, over 300 derandomized draws (the measure of
``test_strategy_quality.py``). Minima: duplicate outputs 40%, an empty (or white-space
only) output 25%, two different outputs of equal 13a length (closest-length ties) 40%,
a one-token output 30%, non-ASCII text 20%, unusual white space 15%, a corpus of exactly
two outputs 10%, and a zero-match pair (two non-empty outputs sharing no token) 40%."""

from __future__ import annotations

import pytest

from bleuprint.metrics.bleu.spec import bleu_tokens
from bleuprint.metrics.self_bleu.strategies import self_bleu_corpora

from test_strategy_quality import measure


def _lengths(outputs):
    return [len(bleu_tokens(o)) for o in outputs]


def _length_tie(outputs):
    distinct = list(dict.fromkeys(outputs))
    lengths = _lengths(distinct)
    return len(set(lengths)) < len(lengths)


def _zero_match(outputs):
    toks = [set(o.split()) for o in outputs if o.split()]
    return any(not (a & b) for i, a in enumerate(toks) for b in toks[i + 1:])


FEATURES = {
    "duplicates": (lambda outs: len(set(outs)) < len(outs), 0.40),
    "empty output": (lambda outs: any(not o.strip() for o in outs), 0.25),
    "length tie": (_length_tie, 0.40),
    "one token": (lambda outs: any(len(o.split()) == 1 for o in outs), 0.30),
    "non-ASCII": (lambda outs: any(any(ord(c) > 127 and not c.isspace() for c in o) for o in outs), 0.20),
    "unusual white space": (lambda outs: any(any(c.isspace() and c != " " for c in o) or "  " in o for o in outs),
                            0.15),
    "two outputs": (lambda outs: len(outs) == 2, 0.10),
    "zero-match pair": (_zero_match, 0.40),
}


@pytest.fixture(scope="module")
def rates():
    return measure(self_bleu_corpora().map(lambda corpus: corpus[0]), 300,
                   {name: holds for name, (holds, _) in FEATURES.items()})


@pytest.mark.parametrize("feature", list(FEATURES))
def test_self_bleu_corpora_produce_each_hard_case(rates, feature):
    assert rates[feature] >= FEATURES[feature][1], f"{feature}: {rates[feature]:.2f}"
