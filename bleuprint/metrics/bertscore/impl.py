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
floating-point contraction) it does the normalisation and the matching pair by pair in C,
the same operations in the same order (the differential tests run with and without it).
The inputs are checked by the spec's checks (the same messages), except that a corpus of
plain float32 or float64 arrays without idf (what an encoder gives) goes to the kernel in
one call, as the arrays themselves, unchecked: the kernel checks every value as it reads it, and where it
refuses a row the corpus is checked by the spec's checks, which name the row
(``_plain_prf``).
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
    (numpy: the compiled kernel normalises inside its matching)."""
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


def _pair_scores(hyps, refs, h_weights, r_weights, pairs: list) -> np.ndarray:
    """(P, R, F) of every pair ``(hypothesis index, reference index)`` of checked segments: the compiled kernel
    where it is loaded (``bleuprint.impl.native.bertscore``: the same operations pair by
    pair) and every segment has the same dimension, else numpy a chunk at a time."""
    from ...impl import native

    if native.bertscore is not None and pairs and len({s.dims for s in [*hyps, *refs]}) == 1:
        return _kernel_scores(native.bertscore, hyps, refs, h_weights, r_weights, pairs)
    h_units, r_units = _segment_units(hyps), _segment_units(refs)
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


def _kernel_scores(kernel, hyps, refs, h_weights, r_weights, pairs: list) -> np.ndarray:
    """``_pair_scores`` by the compiled kernel, which normalises the rows itself: every
    segment's checked vectors stacked (float64), with each segment's first row and row
    count."""
    def stacked(segments, weights):
        lengths = np.array([len(s.vectors) for s in segments], dtype=np.int64)
        rows = np.array([v for s in segments for v in s.vectors], dtype=np.float64)
        return rows, np.ascontiguousarray(np.concatenate(weights), dtype=np.float64), _starts(lengths), lengths

    h, wh, h_start, h_len = stacked(hyps, h_weights)
    r, wr, r_start, r_len = stacked(refs, r_weights)
    pair_h = np.array([i for i, _ in pairs], dtype=np.int64)
    pair_r = np.array([j for _, j in pairs], dtype=np.int64)
    out = np.empty((len(pairs), 3), dtype=np.float64)
    if kernel.greedy(h, r, False, False, wh, wr, h_start, h_len, r_start, r_len, pair_h, pair_r, h.shape[1], out):
        raise AssertionError("checked vectors refused by the BERTScore kernel")  # the checks make this unreachable
    return out


def _starts(lengths: np.ndarray) -> np.ndarray:
    """Each segment's first row in the stacked rows (int64)."""
    starts = np.zeros(len(lengths), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    return starts


def _plain_arrays(segments) -> list | None:
    """The segments as C-contiguous arrays where they are all 2-D float32 or float64
    numpy arrays (either type, each its own) of one dimension, with at least one row and
    one column, else None (the spec's checks then run). Unchecked: the kernel refuses a
    row that is not finite or is the zero vector."""
    first = segments[0]
    if type(first) is not np.ndarray or first.ndim != 2 or first.shape[1] == 0:
        return None
    dims, kinds = first.shape[1], (np.float32, np.float64)
    if not all(type(x) is np.ndarray and x.dtype in kinds and x.ndim == 2 and x.shape[1] == dims and x.shape[0]
               for x in segments):
        return None
    return [x if x.flags.c_contiguous else np.ascontiguousarray(x) for x in segments]


def _plain_prf(hyps, refs, multi_ref: str) -> np.ndarray | None:
    """``prf_matrix`` without idf for a corpus of plain float32 or float64 arrays, by the
    compiled kernel in one call on the arrays themselves (no per-segment check, conversion
    or copy: the kernel checks every value as it reads it); None where the corpus is of
    another form, or the kernel refuses a row, so that ``prf_matrix`` checks it with the
    spec's checks (its messages)."""
    from ...impl import native

    if (native.bertscore is None or not isinstance(hyps, (list, tuple)) or not isinstance(refs, (list, tuple))
            or not hyps or len(hyps) != len(refs)
            or not all(isinstance(group, (list, tuple)) and group for group in refs)):
        return None
    counts = np.fromiter((len(group) for group in refs), dtype=np.int64, count=len(refs))
    h, r = _plain_arrays(hyps), _plain_arrays([ref for group in refs for ref in group])
    if h is None or r is None or h[0].shape[1] != r[0].shape[1]:
        return None
    out = np.empty((len(r), 3), dtype=np.float64)
    pair_h = np.repeat(np.arange(len(h), dtype=np.int64), counts)
    if native.bertscore.greedy_arrays(h, r, pair_h, h[0].shape[1], out):
        return None
    return _combine(out, counts, multi_ref)


def _combine(pair_rows: np.ndarray, counts, multi_ref: str) -> np.ndarray:
    """Each segment's (P, R, F) from its pairs' rows (``counts[i]`` consecutive rows a
    segment), by ``multi_ref`` (``spec.segment_prf``)."""
    counts = np.asarray(counts, dtype=np.int64)
    if (counts == 1).all():
        return pair_rows
    starts = _starts(counts)
    if multi_ref == "max":
        return np.maximum.reduceat(pair_rows, starts, axis=0)
    out = pair_rows[starts].copy()
    for i in np.flatnonzero(counts > 1):
        rows = pair_rows[starts[i]:starts[i] + counts[i]]
        out[i] = rows[int(np.argmax(rows[:, 2]))]  # argmax: the first of equal maxima
    return out


def prf_matrix(hyps, refs, table=None, multi_ref: str = "max") -> np.ndarray:
    """An N x 3 float64 array of every segment's (P, R, F), unrescaled; inputs checked."""
    if table is None and isinstance(multi_ref, str) and multi_ref in S.MULTI_REF:
        fast = _plain_prf(hyps, refs, multi_ref)
        if fast is not None:
            return fast
    hyps, refs = check_corpus(hyps, refs)
    multi_ref = S.check_multi_ref(multi_ref)  # after the corpus, as the spec checks them
    idf_of = None if table is None else {t: math.log((table[0] + 1) / (df + 1)) for t, df in table[1]}
    m = None if table is None else table[0]
    flat_refs = [ref for group in refs for ref in group]
    owner = [i for i, group in enumerate(refs) for _ in group]
    h_weights, r_weights = [], []
    for i, (h, group) in enumerate(zip(hyps, refs)):  # the spec's order, so the first refusal is the spec's
        h_weights.append(_weights(h, idf_of, m, f"segment {i}, reference 0 (hypothesis)"))
        for j, ref in enumerate(group):
            r_weights.append(_weights(ref, idf_of, m, f"segment {i}, reference {j} (reference)"))
    pair_rows = _pair_scores(hyps, flat_refs, h_weights, r_weights, list(zip(owner, range(len(flat_refs)))))
    return _combine(pair_rows, [len(group) for group in refs], multi_ref)


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
    table = None
    if idf:
        hyps, refs = check_corpus(hyps, refs)
        table = S.idf_table(refs)
    prf = prf_matrix(hyps, refs, table, multi_ref)
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
