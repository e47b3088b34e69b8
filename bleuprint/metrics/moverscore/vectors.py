"""MoverScore's hooks of the vectors (``bleuprint.vectors.hooks``): its segments are token
vectors, so its corpora and its interval pool are its own (drawn by ``cases``), and no
shared invalid input (text) applies to it. Every variant gets a family (the defaults'
varying ``variant``)."""

from __future__ import annotations

from . import cases


def vector_corpora(definition) -> list:
    """Two corpora by hand, then three generated as plain arrays (every variant scores
    them, WMD too)."""
    from ...vectors.corpora import Corpus, generated_corpora

    return generated_corpora("moverscore", [
        Corpus("moverscore: a one-token hypothesis against itself", ("ZeroMatches",), [[[1.0, 0.0]]],
               [[[[1.0, 0.0]]]]),
        Corpus("moverscore: opposite tokens, unequal token counts", ("ZeroMatches",), [[[1.0, 0.5], [0.5, 1.0]]],
               [[[[-1.0, -0.5], [-0.5, -1.0], [0.0, 1.0]]]])],
        cases.generated_corpus)


def interval_pool(definition) -> list[tuple]:
    from ...vectors.corpora import negation_pool

    return negation_pool(cases.vector, seed=9)


def invalid_vector_corpora(definition) -> list:
    return []
