"""Hypothesis strategies of embedding similarity's inputs (a tool layer: the metric's
``corpus_strategy`` imports it when asked)."""

from __future__ import annotations

from ...spec.inputs import fit_references


def corpora(max_segments: int = 6):
    """Hypothesis ``(hyps, refs)`` corpora: one dimension (1..8) a corpus, coordinates
    exact multiples of 1/128 or any float of moderate size, no zero vector."""
    from hypothesis import strategies as st

    from ...strategies import weighted

    coordinate = weighted((3, st.integers(-256, 256).map(lambda k: k / 128)),
                          (2, st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)))

    @st.composite
    def corpus(draw):
        dims = draw(st.integers(1, 8))
        vector = st.lists(coordinate, min_size=dims, max_size=dims).filter(any)
        n = draw(st.integers(1, max_segments))
        hyps = draw(st.lists(vector, min_size=n, max_size=n))
        refs = [[draw(vector)] for _ in range(n)]
        return hyps, refs

    return corpus()


def corpus_strategy(definition):
    return corpora()


def fit_corpus(definition, corpus: tuple) -> tuple:
    hyps, refs = corpus
    return hyps, fit_references(definition, refs)
