"""MoverScore's hooks of the inputs tool (``bleuprint.spec.inputs``): its probe segments and
how ``bleuprint score`` reads a line."""

from __future__ import annotations

from ...spec.arrays import json_line
from . import segments as G


def probe_corpus(definition):
    """One one-token hypothesis against itself."""
    return [[[1.0]]], [[[[1.0]]]]


def read_segment(definition, line: str):
    """A line of JSON: a tokens x dimensions array, or ``{"embeddings": ..., "idf": ...}``."""
    value = json_line(line, "one segment's token vectors")
    G.check_segment(value, "the line")
    return value


segment_kind = "embeddings"
max_references = 1


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    return G.check_corpus(hyps, refs)
