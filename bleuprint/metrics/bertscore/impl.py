"""BERTScore from supplied token embeddings, fast: the definitions of
``bleuprint.metrics.bertscore.spec`` on numpy float64 arrays.

Per pair: the unit vectors of both sequences (``x / sqrt(sum x^2)``), the cosine matrix as
one matrix product, the row and column maxima, and the weighted sums as dot products. The
inputs are checked by the spec's checks (the same messages). The float64 sums here are
BLAS's and numpy's (not exactly rounded), so P and R differ from the spec's by a few ulps
of the cosines: ``tests/impl/test_bertscore_differential.py`` states the tolerance.
"""

from __future__ import annotations

import math

import numpy as np

from . import spec as S


def _array(segment) -> np.ndarray:
    return np.asarray(segment.vectors, dtype=np.float64)


def _units(x: np.ndarray) -> np.ndarray:
    """Each row over its norm; rows are first divided by their largest magnitude, so that
    squares neither overflow nor underflow (the spec's ``math.hypot``)."""
    y = x / np.abs(x).max(axis=1, keepdims=True)
    return y / np.sqrt(np.einsum("ij,ij->i", y, y))[:, None]


def _weights(segment, table, idf_of: dict | None, what: str) -> np.ndarray:
    n = len(segment.vectors)
    if table is None:
        raw = np.ones(n)
    else:
        if segment.ids is None:
            raise ValueError(f"idf needs token ids: {what} has none (give {{'embeddings': ..., 'ids': ...}})")
        m = table[0]
        raw = np.array([idf_of.get(t, math.log(m + 1)) for t in segment.ids], dtype=np.float64)
    if segment.special:
        raw[list(segment.special)] = 0.0
    total = raw.sum()
    if total == 0:
        raise ValueError(f"{what}: every token weight is 0 (all tokens special, or idf 0 for every token: "
                         f"with idf, a token in every reference weighs ln(1) = 0)")
    return raw / total


def _idf_of(table) -> dict | None:
    if table is None:
        return None
    m = table[0]
    return {t: math.log((m + 1) / (df + 1)) for t, df in table[1]}


def _segment_prf(hyp, refs, table, idf_of, multi_ref, what, cache) -> tuple:
    h = _units(_array(hyp))
    wh = _weights(hyp, table, idf_of, f"{what}, reference 0 (hypothesis)")
    scores = []
    for k, ref in enumerate(refs):
        key = id(ref)
        if key not in cache:
            cache[key] = (_units(_array(ref)), _weights(ref, table, idf_of, f"{what}, reference {k} (reference)"))
        r, wr = cache[key]
        cos = h @ r.T
        p = float(wh @ cos.max(axis=1))
        rec = float(wr @ cos.max(axis=0))
        scores.append((p, rec, S.f1(p, rec)))
    if multi_ref == "max":
        return tuple(max(s[k] for s in scores) for k in range(3))
    best = max(s[2] for s in scores)
    return next(s for s in scores if s[2] == best)


def prf_matrix(hyps, refs, table=None, multi_ref: str = "max") -> np.ndarray:
    """An N x 3 float64 array of every segment's (P, R, F), unrescaled; inputs checked."""
    multi_ref = S.check_multi_ref(multi_ref)
    hyps, refs = S.check_corpus(hyps, refs)
    idf_of = _idf_of(table)
    cache: dict = {}
    out = np.empty((len(hyps), 3), dtype=np.float64)
    for i, (h, rs) in enumerate(zip(hyps, refs)):
        out[i] = _segment_prf(h, rs, table, idf_of, multi_ref, f"segment {i}", cache)
    return out


def row_matrix(prf: np.ndarray) -> np.ndarray:
    """``spec.segment_row`` of every (P, R, F) row: N x 6 ``[P+, P-, R+, R-, F+, F-]``."""
    out = np.zeros((prf.shape[0], 6), dtype=np.float64)
    out[:, 0::2] = np.where(prf > 0, prf, 0.0)
    out[:, 1::2] = np.where(prf < 0, -prf, 0.0)
    return out


def bertscore_segments(hyps, refs, idf: bool = False, multi_ref: str = "max", baseline=None,
                       baseline_layer=None) -> np.ndarray:
    """``spec.bertscore_segments`` as an N x 3 array (P, R, F)."""
    if not isinstance(idf, bool):
        raise TypeError(f"idf must be a bool, got {type(idf).__name__}")
    base = S.check_baseline(baseline, baseline_layer)
    checked_hyps, checked_refs = S.check_corpus(hyps, refs)
    table = S.idf_table(checked_refs) if idf else None
    prf = prf_matrix(checked_hyps, checked_refs, table, multi_ref)
    if base is not None:
        b = np.array(base, dtype=np.float64)
        prf = (prf - b) / (1 - b)
    return prf


def bertscore(hyps, refs, idf: bool = False, multi_ref: str = "max", baseline=None, baseline_layer=None) -> dict:
    """``spec.bertscore``: per-segment arrays and their means."""
    prf = bertscore_segments(hyps, refs, idf, multi_ref, baseline, baseline_layer)
    out = {name: prf[:, k] for k, name in enumerate(("precision", "recall", "f1"))}
    for k, name in enumerate(("precision", "recall", "f1")):
        out[name + "_mean"] = float(prf[:, k].mean())
    return out
