"""meteor's hooks of the strategies tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import carried_corpus
from ... import strategies as defaults


def corpus_strategy(definition):
    """The model's corpora for the generic tests, with what the jar's stdio protocol
    cannot carry taken out (``carried``)."""
    return defaults.corpus_strategy(definition).map(carried_corpus)


def fit_corpus(definition, corpus: tuple) -> tuple:
    return carried_corpus(defaults.fit_corpus(definition, corpus))
