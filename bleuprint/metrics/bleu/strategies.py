"""BLEU's option strategy: keyword dictionaries of BLEU's options that reach its hard
cases often (every smoothing, with and without a value; orders other than 4; effective
order), for ``option_strategy`` and ``bleuprint.strategies.bleu_options``."""

from __future__ import annotations

from hypothesis import strategies as st

from ...spec.tokenizers import TOKENIZERS
from ...strategies import weighted


@st.composite
def bleu_options(draw, tokenizers=TOKENIZERS, max_orders: int = 6):
    """Keyword options of ``bleuprint.spec.corpus_bleu``: ``tokenize`` (one of
    ``tokenizers``), ``lowercase``, ``smooth_method`` (none, floor, add-k, exp),
    ``smooth_value`` (None, meaning the method's default, or a value: a floor in
    (0, 1], an add-k of 0, 0.5, 1, 1.5, 2 or 3, and sometimes a value that exp and none
    ignore), ``max_ngram_order`` (1..``max_orders``,
    4 most often) and ``effective_order``."""
    method = draw(st.sampled_from(("exp", "none", "floor", "add-k")))
    if method == "floor":
        value = draw(st.one_of(st.none(), st.sampled_from((0.1, 0.01, 0.5, 1, 1.0)),
                               st.floats(0.001, 1.0, allow_nan=False)))
    elif method == "add-k":
        value = draw(st.one_of(st.none(), st.sampled_from((0, 0.5, 1, 1.5, 2, 3))))
    else:
        # sacreBLEU ignores a value for exp and none (its signature shows none).
        value = draw(weighted((5, st.none()), (1, st.sampled_from((0.5, 2)))))
    return {
        "tokenize": draw(st.sampled_from(tuple(tokenizers))),
        "lowercase": draw(st.booleans()),
        "smooth_method": method,
        "smooth_value": value,
        "max_ngram_order": draw(weighted((3, st.just(4)), (2, st.integers(1, max_orders)))),
        "effective_order": draw(st.booleans()),
    }


def option_strategy(definition):
    """The hand-tuned ``bleuprint.strategies.bleu_options`` (smoothing values that fit
    the method, order 4 most often)."""
    return bleu_options()
