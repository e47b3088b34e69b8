"""BERTScore's hooks of the vectors (``bleuprint.vectors.hooks``): its segments are
token embeddings, so its corpora and its interval pool are its own (drawn by ``cases``),
and no shared invalid input (text) applies to it."""

from __future__ import annotations

from . import cases


def vector_corpora(definition) -> list:
    """Two corpora by hand, then three generated with ids and [CLS]/[SEP] positions."""
    from ...vectors.corpora import Corpus, generated_corpora

    return generated_corpora("bertscore", [
        Corpus("bertscore: a one-token hypothesis against itself (P = R = F = 1)", ("ZeroMatches",),
               [[[1.0, 0.0]]], [[[[1.0, 0.0]]]]),
        Corpus("bertscore: every cosine negative (P, R and F negative: no floor at 0)", ("ZeroMatches",),
               [[[1.0, 0.5], [0.5, 1.0]]], [[[[-1.0, -0.25], [-0.5, -1.0]]]])],
        cases.generated_corpus, note=" (ids and specials)")


def interval_pool(definition) -> list[tuple]:
    from ...vectors.corpora import negation_pool

    return negation_pool(cases.vector, seed=7)


def invalid_vector_corpora(definition) -> list:
    return []
