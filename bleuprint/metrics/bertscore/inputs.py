"""bertscore's hooks of the inputs tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...spec.arrays import json_line
from . import spec as S


def probe_corpus(definition):
    """One one-token hypothesis against itself."""
    return [[[1.0]]], [[[[1.0]]]]


def read_segment(definition, line: str):
    """A line of JSON: a tokens x dimensions array, or the mapping form."""
    value = json_line(line, "one segment's token embeddings")
    S.check_segment(value, "the line")
    return value


segment_kind = "embeddings"


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    return S.check_corpus(hyps, refs)
