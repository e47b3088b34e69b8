"""Hypothesis strategies of MoverScore's inputs (a tool layer: the strategies' protocol
imports it when asked): corpora of token vectors (multiples of 1/16, or any float of
moderate size), one reference a segment, without IDF weights so that every variant (WMD
too) takes them."""

from __future__ import annotations


def corpora(max_segments: int = 4):
    from hypothesis import strategies as st

    from ...strategies import weighted

    coordinate = weighted((3, st.integers(-32, 32).map(lambda k: k / 16)),
                          (2, st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)))

    @st.composite
    def corpus(draw):
        dims = draw(st.integers(1, 4))
        rows = st.lists(st.lists(coordinate, min_size=dims, max_size=dims).filter(any), min_size=1, max_size=4)
        n = draw(st.integers(1, max_segments))
        return draw(st.lists(rows, min_size=n, max_size=n)), [[draw(rows)] for _ in range(n)]

    return corpus()


def corpus_strategy(definition):
    return corpora()
