"""MoverScore's segments as the registered metric reads them (pure Python, the spec
layer): a segment is a tokens x dimensions float array, or ``{"embeddings": rows, "idf":
weights}`` with one IDF weight (>= 0, not all 0) per token; without ``idf`` every token
weighs 1. ``refs[i]`` is a list of exactly one such segment (MoverScore scores one
reference per hypothesis). A segment's row is its score split into ``[x+, x-]`` (v1 and
pypi-v2 can be negative), the corpus score the mean ``(x+ - x-) / n``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...spec.arrays import check_segment_keys
from . import spec as S
from .arrays import check_matrix

KEYS = ("embeddings", "idf")


def check_segment(x, what: str) -> tuple[list, list | None]:
    """``(rows, weights or None)`` of one segment (module doc), checked; TypeError or
    ValueError naming ``what``."""
    if isinstance(x, Mapping):
        check_segment_keys(x, what, KEYS)
        rows = check_matrix(x["embeddings"], f"{what}['embeddings']")
        weights = None if x.get("idf") is None else S.check_weights(x["idf"], f"{what}['idf']", len(rows))
        return rows, weights
    return check_matrix(x, what), None


def check_corpus(hyps, refs) -> tuple[list, list]:
    """The corpus checked: ``hyps[i]`` a segment, ``refs[i]`` a list of exactly one segment
    of the same dimension; the segments as given (plain lists where they were arrays)."""
    if refs is None:
        raise TypeError("moverscore needs references: refs is None")
    hyps, refs = list(hyps), list(refs)
    if len(hyps) != len(refs):
        raise ValueError(f"mismatched lengths: {len(hyps)} hypotheses, {len(refs)} reference lists")
    out_h, out_r = [], []
    for i, (h, group) in enumerate(zip(hyps, refs)):
        if isinstance(group, (str, bytes, Mapping)) or not hasattr(group, "__len__") or len(group) != 1:
            raise ValueError(f"refs[{i}] must be a list of exactly one reference segment")
        ref = list(group)[0]
        h_rows, _ = check_segment(h, f"hyps[{i}]")
        r_rows, _ = check_segment(ref, f"refs[{i}][0]")
        if len(r_rows[0]) != len(h_rows[0]):
            raise ValueError(f"dimension mismatch in segment {i}: hyps[{i}] has {len(h_rows[0])} dimensions, "
                             f"refs[{i}][0] has {len(r_rows[0])}")
        out_h.append(_plain(h))
        out_r.append((_plain(ref),))
    return out_h, out_r


def _plain(x):
    if isinstance(x, Mapping):
        return {key: _plain(value) for key, value in x.items()}
    return x.tolist() if hasattr(x, "tolist") else x


def segment_value(hyp, ref, variant: str = "v1") -> float:
    """The pair's score (``spec.pair_score``) of two segments; WMD refuses IDF weights."""
    variant = S.check_variant(variant)
    h_rows, h_w = check_segment(hyp, "hyp")
    r_rows, r_w = check_segment(ref, "ref")
    if len(r_rows[0]) != len(h_rows[0]):
        raise ValueError(f"dimension mismatch: hyp has {len(h_rows[0])} dimensions, ref has {len(r_rows[0])}")
    if variant == "wmd" and (h_w is not None or r_w is not None):
        raise TypeError("variant 'wmd' takes no IDF weights: its masses are the words' frequencies")
    h_w = [1.0] * len(h_rows) if h_w is None else h_w
    r_w = [1.0] * len(r_rows) if r_w is None else r_w
    return S.pair_score(h_rows, r_rows, h_w, r_w, variant)


def segment_row(hyp, ref, variant: str = "v1") -> list[float]:
    """``[x+, x-]``: the pair's score split into non-negative parts."""
    value = segment_value(hyp, ref, variant)
    return [value if value > 0 else 0.0, -value if value < 0 else 0.0]


def mean_from_row(values: list, n_segments: int) -> float:
    """``(x+ - x-) / n`` of summed rows."""
    return (values[0] - values[1]) / n_segments
