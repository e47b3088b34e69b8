"""chrF's option strategy: keyword dictionaries of chrF's options that reach its hard
cases often (word-only chrF, chrF++, every beta, white space kept, eps smoothing), for
``option_strategy`` and ``bleuprint.strategies.chrf_options``."""

from __future__ import annotations

from hypothesis import strategies as st

from ...strategies import weighted


@st.composite
def chrf_options(draw, max_n: int = 6, max_word_order: int = 2):
    """Keyword options of ``bleuprint.spec.chrf``: ``n`` (character order 1..``max_n``,
    6 most often; or, one draw in six, 0 with ``word_order`` >= 1: a word-only chrF,
    sacreBLEU's ``char_order=0``), ``beta`` (1, 2 or 3), ``word_order``
    (0..``max_word_order``: chrF, chrF+, chrF++), ``lowercase``, ``whitespace`` and
    ``eps_smoothing``."""
    word_only = max_word_order >= 1 and draw(weighted((5, st.just(False)), (1, st.just(True))))
    n = 0 if word_only else draw(weighted((2, st.just(6)), (2, st.integers(1, max_n))))
    return {
        "n": n,
        "beta": draw(st.sampled_from((2, 1, 3))),
        "word_order": draw(st.integers(1 if word_only else 0, max_word_order)),
        "lowercase": draw(st.booleans()),
        "whitespace": draw(st.booleans()),
        "eps_smoothing": draw(st.booleans()),
    }


def option_strategy(definition):
    """The hand-tuned ``bleuprint.strategies.chrf_options`` (n = 0 only with a word
    order, beta 1..3)."""
    return chrf_options()
