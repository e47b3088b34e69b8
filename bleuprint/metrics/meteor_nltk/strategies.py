"""meteor_nltk's hooks of the strategies tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import wordnet_available


def option_strategy(definition):
    """alpha, beta, gamma drawn within their ranges; ``synonyms`` True only where WordNet
    is found; never a ``wordnet`` location (it is the machine's, not data)."""
    from hypothesis import strategies as st

    unit = st.floats(0.0, 1.0, allow_nan=False)
    syn = st.booleans() if wordnet_available() else st.just(False)
    return st.fixed_dictionaries({}, optional={"fmean_alpha": unit, "beta": st.floats(0.0, 8.0, allow_nan=False),
                                               "gamma": unit, "synonyms": syn})
