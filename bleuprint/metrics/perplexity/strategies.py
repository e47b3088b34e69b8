"""Hypothesis strategies of perplexity's inputs: corpora of sentences of log-probabilities
rich in the hard cases (0.0 and -0.0, -1e-300 and subnormals, very negative values, one-token
sentences, sentences of very different lengths), measured by
tests/quality/test_distinct_perplexity_quality.py."""

from __future__ import annotations

from hypothesis import strategies as st

from ...strategies import weighted

HARD = (0.0, -0.0, -1e-300, -5e-324, -3e-16, -1e-3, -700.0, -1e4, -1e300)


def logprob(wide: bool = True):
    """One log-probability <= 0: ordinary values, the hard ones, and any non-positive float
    (``wide``; else at least -700, so that every perplexity is within float64)."""
    hard = HARD if wide else tuple(x for x in HARD if x >= -700)
    anything = st.floats(max_value=0.0, allow_nan=False, allow_infinity=False) if wide else st.floats(-700.0, 0.0)
    return weighted((5, st.floats(-20.0, 0.0)), (3, st.sampled_from(hard)), (2, anything))


def sentence(wide: bool = True):
    return weighted((2, st.lists(logprob(wide), min_size=1, max_size=1)),
                    (5, st.lists(logprob(wide), min_size=1, max_size=12)))


def logprob_corpora(wide: bool = True):
    """``(sentences, None)`` corpora of 1..6 sentences. ``wide``: magnitudes up to 1e308,
    where sums and perplexities overflow and are refused (the differential tests compare
    the refusals); ``wide=False`` (``bleuprint.strategies.corpus_strategy``, for the generic tests that
    expect a score): every value at least -700."""
    return st.tuples(st.lists(sentence(wide), min_size=1, max_size=6), st.none())


def logprob_options(name: str):
    """Option dicts of ``perplexity`` or ``cross_entropy``."""
    variant = st.sampled_from(("pooled", "sentence-mean"))
    if name == "perplexity":
        return st.fixed_dictionaries({}, optional={"variant": variant})
    return st.fixed_dictionaries({}, optional={"variant": variant, "base": st.sampled_from(("e", "2"))})


def corpus_strategy(definition):
    return logprob_corpora(wide=False)


def option_strategy(definition):
    return logprob_options(definition.name)
