"""Hypothesis strategies of distinct-n's inputs: corpora of outputs rich in the hard cases
(empty outputs, outputs shorter than n, one-token outputs, repeated n-grams within an
output and across outputs, punctuation, non-ASCII tokens, unusual white space), measured
by tests/quality/test_distinct_perplexity_quality.py."""

from __future__ import annotations

from hypothesis import strategies as st

from ...strategies import sentences, weighted

#: A small vocabulary, so that n-grams repeat within and across outputs.
WORDS = ("a", "b", "the", "cat", "ü", "猫", ",", "a.", "B")
SPACES = (" ", " ", " ", "  ", "\t", "\n", "\u3000", "\u00a0", "\u2009")


@st.composite
def repetitive_output(draw):
    """An output of 0..8 tokens from a tiny vocabulary joined by assorted white space
    (so repeats are frequent), sometimes with leading or trailing space."""
    words = draw(st.lists(st.sampled_from(WORDS), max_size=8))
    if draw(st.integers(0, 3)):  # one separator for the whole output
        line = draw(st.sampled_from(SPACES)).join(words)
    else:  # a separator of its own after each token
        line = "".join(word + draw(st.sampled_from(SPACES)) for word in words).rstrip(" ")
    return draw(st.sampled_from(("", "", " ", "\t"))) + line + draw(st.sampled_from(("", "", " ")))


def outputs():
    """One output: mostly repetitive ones, some empty or one-token, some of the project's
    general hard sentences."""
    return weighted(
        (8, repetitive_output()),
        (2, st.sampled_from(("", " ", "a", "猫", "a a", "a a a a"))),
        (3, sentences()),
    )


def distinct_corpora():
    """``(outputs, None)`` corpora of 1..8 outputs, sometimes with an output repeated
    (n-grams shared across outputs)."""

    @st.composite
    def corpus(draw):
        hyps = draw(st.lists(outputs(), min_size=1, max_size=8))
        if len(hyps) > 1 and draw(st.booleans()):
            hyps[-1] = hyps[0]
        return hyps, None

    return corpus()


def distinct_options():
    """``{"n": k}`` dicts: 1..4 mostly (the orders users ask for), sometimes up to 10, or
    the default."""
    return st.one_of(st.just({}), st.builds(lambda n: {"n": n}, weighted((6, st.integers(1, 4)),
                                                                         (1, st.integers(5, 10)))))


def option_strategy(definition):
    return distinct_options()


def corpus_strategy(definition):
    return distinct_corpora()
