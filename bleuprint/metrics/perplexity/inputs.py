"""perplexity's hooks of the inputs tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...spec.inputs import check_no_references
from . import spec as S


def probe_corpus(definition):
    """One sentence of one token of probability 1."""
    return [[0.0]], None


def read_segment(definition, line: str):
    """One line of ``bleuprint score -i FILE``: white-space separated floats."""
    fields = line.split()
    if not fields:
        raise ValueError("an empty line: a sentence needs at least one log-probability")
    values = []
    for k, field in enumerate(fields):
        try:
            values.append(float(field))
        except ValueError:
            raise ValueError(f"field {k + 1} {field!r} is not a number (a log-probability)") from None
    return S.check_logprobs(values, f"field list of the line")


segment_kind = "logprobs"


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    """Each segment a non-empty sequence of finite log-probabilities <= 0
    (``spec.check_sentences``); references refused."""
    check_no_references(definition, refs)
    sentences = S.check_sentences(hyps)
    return sentences, [() for _ in sentences]
