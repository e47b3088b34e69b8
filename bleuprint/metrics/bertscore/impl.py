"""BERTScore from supplied token embeddings, fast: the definitions of
``bleuprint.metrics.bertscore.spec`` on numpy float64 arrays, with the spec's bits.

The spec states its order of summation (left to right from 0.0), and impl performs the
same float64 operations in that order, one vectorised step per term: the unit vectors of
every token of the corpus at once (one step per dimension), then the cosine matrices of a
chunk of pairs padded to the chunk's longest sequences (one step per dimension:
``acc += h[:, :, k, None] * r[:, None, :, k]``), masked maxima, and the weighted sums
(one step per token). Each element sees the spec's multiplications and additions in the
spec's order, and numpy's elementwise operations round like Python's, so P, R and F are
bit-identical to the spec's (``tests/impl/test_bertscore_differential.py`` asserts ``==``).
Where the compiled kernel is loaded (``bleuprint.impl.native.bertscore``, built without
floating-point contraction) it does the matching pair by pair in C, the same operations in
the same order (the differential tests run with and without it). The inputs are checked by
the spec's checks (the same messages).
"""

from __future__ import annotations

import math

import numpy as np

from . import spec as S

#: The most cosines (pairs x hypothesis tokens x reference tokens) held at once: 2^16 (512 KB
#: a float64 array, so a chunk's per-dimension steps stay in cache; measured with
#: benchmarks/embedding_speed.py on 3,000 pairs of 128 dimensions: 0.61 s CPU, against 0.90 s
#: with 2^20 cells, 0.73 s with 2^18 and 0.78 s with 2^14).
CHUNK_CELLS = 1 << 16


def check_vectors(x, what: str):
    """``spec.check_vectors`` for a numeric 2-D numpy array in one vectorised pass (the
    array as float64, which holds float32 and smaller integers exactly); anything else, or
    an array that breaks a rule, goes through the spec's check (its messages)."""
    if isinstance(x, np.ndarray) and x.dtype.kind in "fiu" and x.ndim == 2 and x.shape[0] > 0 and x.shape[1] > 0:
        values = x.astype(np.float64)
        if np.isfinite(values).all() and (values != 0).any(axis=1).all():
            return values
    return S.check_vectors(x, what)


def check_corpus(hyps, refs) -> tuple[list, list]:
    """``spec.check_corpus`` with the vectorised ``check_vectors``."""
    return S.check_corpus(hyps, refs, check_vectors)


def unit_rows(x: np.ndarray) -> np.ndarray:
    """``spec.unit`` of every row: y = x / max|x|, then y / sqrt(sum of y_k^2 left to right)
    (by the compiled kernel where it is loaded: the same operations row by row)."""
    from ...impl import native

    if native.bertscore is not None:
        x = np.ascontiguousarray(x, dtype=np.float64)
        out = np.empty_like(x)
        native.bertscore.units(x, x.shape[1], out)
        return out
    y = x / np.abs(x).max(axis=1)[:, None]
    by_dim = np.ascontiguousarray(y.T)  # a dimension's values contiguous: the same operations, faster
    total = np.zeros(len(y))
    for k in range(y.shape[1]):
        total += by_dim[k] * by_dim[k]
    return y / np.sqrt(total)[:, None]


def _segment_units(segments: list) -> list[np.ndarray]:
    """The unit vectors of every segment, computed for all tokens of one dimension at once."""
    out: list = [None] * len(segments)
    by_dims: dict = {}
    for k, segment in enumerate(segments):
        by_dims.setdefault(segment.dims, []).append(k)
    for members in by_dims.values():
        stacked = unit_rows(np.concatenate([np.asarray(segments[k].vectors, dtype=np.float64) for k in members]))
        start = 0
        for k in members:
            n = len(segments[k].vectors)
            out[k] = stacked[start:start + n]
            start += n
    return out


def _weights(segment, idf_of, m: int | None, what: str) -> np.ndarray:
    """``spec.weights``: the same Python float operations (math.log, a left-to-right sum)."""
    if idf_of is not None and segment.ids is None:
        raise ValueError(f"idf needs token ids: {what} has none (give {{'embeddings': ..., 'ids': ...}})")
    raw = [0.0 if t in segment.special else (idf_of.get(segment.ids[t], math.log((m + 1) / 1)) if idf_of is not None
                                             else 1.0) for t in range(len(segment.vectors))]
    total = S.seq_sum(raw)
    if total == 0:
        raise ValueError(f"{what}: every token weight is 0 (all tokens special, or idf 0 for every token: "
                         f"with idf, a token in every reference weighs ln(1) = 0)")
    return np.array([w / total for w in raw], dtype=np.float64)


def _chunks(pairs: list, lengths_h: list, lengths_r: list):
    chunk, longest_h, longest_r = [], 0, 0
    for pair in pairs:
        h, r = lengths_h[pair[0]], lengths_r[pair[1]]
        grown_h, grown_r = max(longest_h, h), max(longest_r, r)
        if chunk and (len(chunk) + 1) * grown_h * grown_r > CHUNK_CELLS:
            yield chunk
            chunk, grown_h, grown_r = [], h, r
        chunk.append(pair)
        longest_h, longest_r = grown_h, grown_r
    if chunk:
        yield chunk


def _pair_scores(h_units, r_units, h_weights, r_weights, pairs: list) -> np.ndarray:
    """(P, R, F) of every pair ``(hypothesis index, reference index)``: the compiled kernel
    where it is loaded (``bleuprint.impl.native.bertscore``: the same operations pair by
    pair) and every segment has the same dimension, else numpy a chunk at a time."""
    from ...impl import native

    if native.bertscore is not None and pairs and len({u.shape[1] for u in [*h_units, *r_units]}) == 1:
        return _kernel_scores(native.bertscore, h_units, r_units, h_weights, r_weights, pairs)
    out = np.empty((len(pairs), 3), dtype=np.float64)
    lengths_h = [len(u) for u in h_units]
    lengths_r = [len(u) for u in r_units]
    done = 0
    for chunk in _chunks(pairs, lengths_h, lengths_r):
        b = len(chunk)
        nh = max(lengths_h[i] for i, _ in chunk)
        nr = max(lengths_r[j] for _, j in chunk)
        d = h_units[chunk[0][0]].shape[1]
        hs_by_dim = np.zeros((d, b, nh))  # dimension first: each step reads contiguous values
        rs_by_dim = np.zeros((d, b, nr))
        wh = np.zeros((b, nh))
        wr = np.zeros((b, nr))
        valid_h = np.zeros((b, nh), dtype=bool)
        valid_r = np.zeros((b, nr), dtype=bool)
        for k, (i, j) in enumerate(chunk):
            hs_by_dim[:, k, :lengths_h[i]] = h_units[i].T
            rs_by_dim[:, k, :lengths_r[j]] = r_units[j].T
            wh[k, :lengths_h[i]] = h_weights[i]
            wr[k, :lengths_r[j]] = r_weights[j]
            valid_h[k, :lengths_h[i]] = True
            valid_r[k, :lengths_r[j]] = True
        cos = np.zeros((b, nh, nr))
        term = np.empty((b, nh, nr))  # one buffer for every product: no temporary a step
        for k in range(d):
            np.multiply(hs_by_dim[k][:, :, None], rs_by_dim[k][:, None, :], out=term)
            np.add(cos, term, out=cos)
        cells = valid_h[:, :, None] & valid_r[:, None, :]
        cos = np.where(cells, cos, -np.inf)
        row_max = np.where(valid_h, cos.max(axis=2), 0.0)
        column_max = np.where(valid_r, cos.max(axis=1), 0.0)
        p = np.zeros(b)
        for t in range(nh):
            p += wh[:, t] * row_max[:, t]
        r = np.zeros(b)
        for t in range(nr):
            r += wr[:, t] * column_max[:, t]
        with np.errstate(divide="ignore", invalid="ignore"):
            f = np.where(p + r == 0, 0.0, 2 * p * r / (p + r))
        out[done:done + b] = np.stack([p, r, f], axis=1)
        done += b
    return out


def _kernel_scores(kernel, h_units, r_units, h_weights, r_weights, pairs: list) -> np.ndarray:
    """``_pair_scores`` by the compiled kernel: every segment's rows stacked, with each
    segment's first row and row count."""
    def stacked(units, weights):
        lengths = np.array([len(u) for u in units], dtype=np.int64)
        starts = np.zeros(len(units), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        return (_rows_in_order(units, starts), np.ascontiguousarray(np.concatenate(weights), dtype=np.float64),
                starts, lengths)

    h, wh, h_start, h_len = stacked(h_units, h_weights)
    r, wr, r_start, r_len = stacked(r_units, r_weights)
    pair_h = np.array([i for i, _ in pairs], dtype=np.int64)
    pair_r = np.array([j for _, j in pairs], dtype=np.int64)
    out = np.empty((len(pairs), 3), dtype=np.float64)
    kernel.greedy(h, r, wh, wr, h_start, h_len, r_start, r_len, pair_h, pair_r, h.shape[1], out)
    return out


def _rows_in_order(units: list, starts: np.ndarray) -> np.ndarray:
    """The segments' unit vectors as one C-contiguous array: ``_segment_units``' own stacked
    array when the segments are its consecutive slices in order (one dimension: no copy),
    else their concatenation."""
    base = units[0].base
    if (isinstance(base, np.ndarray) and base.dtype == np.float64 and base.ndim == 2 and base.flags.c_contiguous
            and base.shape[0] == int(starts[-1]) + len(units[-1])):
        origin = base.__array_interface__["data"][0]
        row = base.strides[0]
        if all(u.base is base and u.__array_interface__["data"][0] == origin + int(start) * row
               for u, start in zip(units, starts)):
            return base
    return np.ascontiguousarray(np.concatenate(units), dtype=np.float64)


def prf_matrix(hyps, refs, table=None, multi_ref: str = "max") -> np.ndarray:
    """An N x 3 float64 array of every segment's (P, R, F), unrescaled; inputs checked."""
    multi_ref = S.check_multi_ref(multi_ref)
    hyps, refs = check_corpus(hyps, refs)
    idf_of = None if table is None else {t: math.log((table[0] + 1) / (df + 1)) for t, df in table[1]}
    m = None if table is None else table[0]
    flat_refs = [ref for group in refs for ref in group]
    owner = [i for i, group in enumerate(refs) for _ in group]
    h_weights, r_weights = [], []
    for i, (h, group) in enumerate(zip(hyps, refs)):  # the spec's order, so the first refusal is the spec's
        h_weights.append(_weights(h, idf_of, m, f"segment {i}, reference 0 (hypothesis)"))
        for j, ref in enumerate(group):
            r_weights.append(_weights(ref, idf_of, m, f"segment {i}, reference {j} (reference)"))
    h_units, r_units = _segment_units(hyps), _segment_units(flat_refs)
    pair_rows = _pair_scores(h_units, r_units, h_weights, r_weights, list(zip(owner, range(len(flat_refs)))))
    out = np.empty((len(hyps), 3), dtype=np.float64)
    start = 0
    for i, group in enumerate(refs):
        rows = pair_rows[start:start + len(group)]
        start += len(group)
        if multi_ref == "max":
            out[i] = rows.max(axis=0)
        else:
            out[i] = rows[int(np.argmax(rows[:, 2]))]  # argmax: the first of equal maxima
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
    checked_hyps, checked_refs = check_corpus(hyps, refs)
    table = S.idf_table(checked_refs) if idf else None
    prf = prf_matrix(checked_hyps, checked_refs, table, multi_ref)
    if base is not None:
        b = np.array(base, dtype=np.float64)
        prf = (prf - b) / (1 - b)
    return prf


def bertscore(hyps, refs, idf: bool = False, multi_ref: str = "max", baseline=None, baseline_layer=None) -> dict:
    """``spec.bertscore``: per-segment arrays and their means (``math.fsum / N``, as the spec)."""
    prf = bertscore_segments(hyps, refs, idf, multi_ref, baseline, baseline_layer)
    out = {name: prf[:, k] for k, name in enumerate(("precision", "recall", "f1"))}
    for k, name in enumerate(("precision", "recall", "f1")):
        out[name + "_mean"] = math.fsum(prf[:, k].tolist()) / len(prf)
    return out
