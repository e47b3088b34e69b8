"""embedding_similarity's hooks of the inputs tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import spec as S


def probe_corpus(definition):
    return [[1.0]], [[[1.0]]]


def read_segment(definition, line: str):
    """A line: the embedding's numbers separated by white space."""
    fields = line.split()
    try:
        values = [float(f) for f in fields]
    except ValueError:
        raise ValueError("a line holds one embedding: numbers separated by white space") from None
    return list(S.check_vector(values, "the line"))
