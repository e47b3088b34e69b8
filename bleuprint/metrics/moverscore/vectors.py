"""MoverScore's hooks of the vectors (``bleuprint.vectors.hooks``): its segments are token
vectors, so its corpora and its interval pool are its own (``cases``), and no shared
invalid input (text) applies to it. Every variant gets a family (the defaults' varying
``variant``)."""

from __future__ import annotations

from . import cases


def vector_corpora(definition) -> list:
    return cases.vector_corpora()


def interval_pool(definition) -> list[tuple]:
    return cases.interval_pool()


def invalid_vector_corpora(definition) -> list:
    return []
