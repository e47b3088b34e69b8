"""perplexity's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def interval_pool(definition) -> list[tuple]:
    """Six sentences (log-probabilities, a better model's, a worse model's, None)."""
    from .cases import interval_pool

    return interval_pool()


def vector_corpora(definition) -> list:
    from .cases import logprob_corpora

    return logprob_corpora()
