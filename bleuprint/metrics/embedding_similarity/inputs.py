"""embedding_similarity's hooks of the inputs tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import spec as S


def probe_corpus(definition):
    return [[1.0]], [[[1.0]]]


def read_segment(definition, line: str):
    """A line: the embedding's numbers separated by white space, or a JSON array."""
    if line.lstrip().startswith("["):
        import json

        try:
            values = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"not JSON ({error.msg}): a line holds one embedding") from None
    else:
        try:
            values = [float(f) for f in line.split()]
        except ValueError:
            raise ValueError("a line holds one embedding: numbers separated by white space, or a JSON "
                             "array") from None
    return list(S.check_vector(values, "the line"))
