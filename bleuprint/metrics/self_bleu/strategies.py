"""self-BLEU's Hypothesis strategies (``option_strategy`` and
``corpus_strategy``): sets of outputs that reach its hard cases often.

A corpus is ``(outputs, None)`` (reference-free). The outputs are drawn from
``bleuprint.strategies.sentences`` (empty lines, white space only, one character,
punctuation, non-ASCII, unusual white space) and, with high weight, from a small shared
vocabulary so that outputs overlap; then copies of earlier outputs are inserted
(duplicates: an output's copy is among its references), and sometimes an output of the
same token count as another (closest-length ties). Sizes 2..8 (one output is refused by
the definition; ``tests/spec/test_self_bleu_hand.py`` tests it).
"""

from __future__ import annotations

from hypothesis import strategies as st

from ...strategies import sentences, weighted
from .spec import VARIANTS

SMALL_VOCABULARY = ("a", "b", "c", "the", "cat", ".", ",", "caf\u00e9", "\u4e2d")


@st.composite
def _small(draw):
    """2..6 tokens of ``SMALL_VOCABULARY`` joined by a space (often by other white space)."""
    words = draw(st.lists(st.sampled_from(SMALL_VOCABULARY), min_size=0, max_size=6))
    glue = draw(weighted((6, st.just(" ")), (1, st.sampled_from(("  ", "\t", "\u00a0", "\u3000")))))
    return glue.join(words)


@st.composite
def self_bleu_outputs(draw, min_size: int = 2, max_size: int = 8):
    """A list of outputs (module doc)."""
    line = weighted((3, _small()), (2, sentences()))
    outputs = draw(st.lists(line, min_size=1, max_size=max_size))
    copies = draw(weighted((2, st.just(0)), (3, st.integers(1, 3))))
    for _ in range(copies):
        if len(outputs) >= max_size:
            break
        source = draw(st.sampled_from(outputs))
        outputs.insert(draw(st.integers(0, len(outputs))), source)
    while len(outputs) < min_size:
        outputs.append(draw(st.sampled_from(outputs + [""])))
    return outputs


def self_bleu_corpora():
    """``(outputs, None)`` corpora for the generic tests."""
    return self_bleu_outputs().map(lambda outputs: (outputs, None))


def self_bleu_options():
    """``variant`` (either) and ``gram`` (None most often, else 1..5)."""
    return st.fixed_dictionaries({
        "variant": st.sampled_from(VARIANTS),
        "gram": weighted((3, st.none()), (2, st.integers(1, 5))),
    })


def option_strategy(definition):
    return self_bleu_options()


def corpus_strategy(definition):
    return self_bleu_corpora()
