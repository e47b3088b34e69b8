"""embedding_similarity's hooks of the inputs tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...spec.inputs import check_not_empty
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


segment_kind = "embedding"
max_references = 1


def check_inputs(definition, hyps, refs) -> tuple[list, list]:
    """``hyps[i]`` a vector, ``refs[i]`` a list of exactly one vector of its dimension."""
    if refs is None:
        raise TypeError("embedding_similarity needs references: refs is None")
    hyps, refs = list(hyps), list(refs)
    check_not_empty(hyps)  # the protocol runs it first too; stated where the corpus is read
    if len(hyps) != len(refs):
        raise ValueError(f"mismatched lengths: {len(hyps)} hypotheses, {len(refs)} reference lists")
    out_h, out_r = [], []
    for i, (h, group) in enumerate(zip(hyps, refs)):
        if isinstance(group, (str, bytes)) or not hasattr(group, "__len__") or len(group) != 1:
            raise ValueError(f"refs[{i}] must be a list of exactly one reference embedding")
        vector = S.check_vector(h, f"hyps[{i}]")
        ref = S.check_vector(list(group)[0], f"refs[{i}][0]")
        if len(ref) != len(vector):
            raise ValueError(f"dimension mismatch in segment {i}: hyps[{i}] has {len(vector)} dimensions, "
                             f"refs[{i}][0] has {len(ref)}")
        out_h.append(vector)
        out_r.append((ref,))
    return out_h, out_r
