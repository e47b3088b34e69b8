"""Hypothesis strategies of BERTScore's inputs: corpora of token embeddings (exact
multiples of 1/64, plus arbitrary floats of moderate size), with token ids from a small
vocabulary (so IDF has shared tokens) and special positions, and its options."""

from __future__ import annotations

from hypothesis import strategies as st

from ...strategies import weighted
from .cases import CLS, SEP, VOCABULARY

COORDINATE = weighted((3, st.integers(-128, 128).map(lambda k: k / 64)),
                      (2, st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)))


@st.composite
def sequence(draw, dims: int, specials: bool):
    tokens = draw(st.integers(1, 6))
    vectors = draw(st.lists(st.lists(COORDINATE, min_size=dims, max_size=dims).filter(any),
                            min_size=tokens, max_size=tokens))
    ids = draw(st.lists(st.sampled_from(VOCABULARY), min_size=tokens, max_size=tokens))
    special = []
    if specials and tokens >= 3:
        ids[0], ids[-1] = CLS, SEP
        special = [0, tokens - 1]
    return {"embeddings": vectors, "ids": ids, "special": special}


@st.composite
def corpora(draw, max_segments: int = 4):
    """``(hyps, refs)``: 1..``max_segments`` segments of 1..3 references, one dimension
    (1..6) for the corpus."""
    dims = draw(st.integers(1, 6))
    specials = draw(st.booleans())
    n = draw(st.integers(1, max_segments))
    hyps = [draw(sequence(dims, specials)) for _ in range(n)]
    refs = [draw(st.lists(sequence(dims, specials), min_size=1, max_size=3)) for _ in range(n)]
    return hyps, refs


def options():
    """Option dicts of ``bertscore`` for the generic tests, which expect a score of any
    corpus: no baseline (it needs a file) and no idf (a corpus of one reference gives every
    reference token idf ln(2/2) = 0, which the definition refuses; idf has its own tests)."""
    return st.fixed_dictionaries({}, optional={"multi_ref": st.sampled_from(("max", "best-f"))})


def corpus_strategy(definition):
    return corpora()


def option_strategy(definition):
    return options()
