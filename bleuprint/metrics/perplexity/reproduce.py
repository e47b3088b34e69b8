"""Perplexity's and cross-entropy's reproduce hooks (``bleuprint.reproduce.hooks``)."""

from __future__ import annotations


def value_range(definition) -> tuple:
    """Log-probabilities <= 0: a cross-entropy >= 0 without a bound above (perplexity's >= 1)."""
    from . import Perplexity

    return (1.0, None) if isinstance(definition, Perplexity) else (0.0, None)
