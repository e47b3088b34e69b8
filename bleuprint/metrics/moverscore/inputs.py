"""MoverScore's hooks of the inputs tool (``bleuprint.spec.inputs``): its probe segments and
how ``bleuprint score`` reads a line."""

from __future__ import annotations

from . import segments as G


def probe_corpus(definition):
    """One one-token hypothesis against itself."""
    return [[[1.0]]], [[[[1.0]]]]


def read_segment(definition, line: str):
    """A line of JSON: a tokens x dimensions array, or ``{"embeddings": ..., "idf": ...}``."""
    import json

    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg}): a line holds one segment's token vectors") from None
    G.check_segment(value, "the line")
    return value
