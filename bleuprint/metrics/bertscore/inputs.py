"""bertscore's hooks of the inputs tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from . import spec as S


def probe_corpus(definition):
    """One one-token hypothesis against itself."""
    return [[[1.0]]], [[[[1.0]]]]


def read_segment(definition, line: str):
    """A line of JSON: a tokens x dimensions array, or the mapping form."""
    import json

    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg}): a line holds one segment's token embeddings") from None
    S.check_segment(value, "the line")
    return value
