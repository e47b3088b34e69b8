"""Hypothesis strategies of model_score's inputs (a tool layer: the metric's
``corpus_strategy`` imports it when asked)."""

from __future__ import annotations


def corpora(max_segments: int = 8):
    """``(hyps, None)`` corpora of 1..``max_segments`` finite scores: exact binary fractions
    or any float of moderate size, both signs."""
    from hypothesis import strategies as st

    from ...strategies import weighted

    score = weighted((3, st.integers(-1024, 1024).map(lambda k: k / 256)),
                     (2, st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)))
    return st.lists(score, min_size=1, max_size=max_segments).map(lambda hyps: (hyps, None))


def corpus_strategy(definition):
    """The corpora the tools draw for model_score (``bleuprint.strategies``)."""
    return corpora()
