"""MoverScore and Word Mover's Distance, the fast version (numpy): the same definitions
as ``spec`` (its docstring), the ground costs as matrix products and the transport
problem by the same transportation simplex in float64 (``transport``), checked against
the spec's exact rational solver by Hypothesis (scores within 1e-9).
"""

from __future__ import annotations

import numpy as np

from . import spec as S


def transport(supply: np.ndarray, demand: np.ndarray, cost: np.ndarray) -> float:
    """The least cost of moving min(sum a, sum b) (``spec.transport``'s problem), by the
    transportation simplex in float64: least-cost initial basis, u-v potentials, the most
    negative reduced cost entering (Bland's rule after n + m degenerate pivots in a row, so
    it cannot cycle), reduced costs above -1e-12 times the largest |cost| taken as 0."""
    rows = np.flatnonzero(supply > 0)
    cols = np.flatnonzero(demand > 0)
    if rows.size == 0 or cols.size == 0:
        return 0.0
    a = supply[rows].astype(np.float64)
    b = demand[cols].astype(np.float64)
    c = cost[np.ix_(rows, cols)].astype(np.float64)
    gap = a.sum() - b.sum()
    if gap > 0:
        b = np.append(b, gap)
        c = np.hstack([c, np.zeros((len(a), 1))])
    elif gap < 0:
        a = np.append(a, -gap)
        c = np.vstack([c, np.zeros((1, len(b)))])
    n, m = c.shape
    flow = np.zeros((n, m))
    adj = [set() for _ in range(n + m)]  # the basis tree: row i is node i, column j node n + j
    s, d = a.copy(), b.copy()
    # Initial basis by the least-cost rule: cells in ascending cost (row-major on ties),
    # each allocation crossing out exactly one line (its row when the row is used up and
    # another row is left, else its column), so the n + m - 1 cells form a spanning tree.
    row_open = np.ones(n, dtype=bool)
    col_open = np.ones(m, dtype=bool)
    rows_left, cols_left = n, m
    for k in np.argsort(c, axis=None, kind="stable").tolist():
        if rows_left + cols_left == 1:
            break
        i, j = divmod(k, m)
        if not (row_open[i] and col_open[j]):
            continue
        q = max(min(s[i], d[j]), 0.0)
        flow[i, j] = q
        adj[i].add(n + j)
        adj[n + j].add(i)
        s[i] -= q
        d[j] -= q
        if (s[i] <= d[j] and rows_left > 1) or cols_left == 1:
            row_open[i] = False
            rows_left -= 1
        else:
            col_open[j] = False
            cols_left -= 1
    tol = 1e-12 * max(1.0, float(np.abs(c).max()))
    cl = c.tolist()
    degenerate = 0
    for _ in range(50 * (n + m) * (n + m) + 1000):
        u, v = _potentials(adj, cl, n, m)
        reduced = c - u[:, None] - v[None, :]
        if degenerate > n + m:  # Bland's rule after a run of degenerate pivots: no cycling
            candidates = np.flatnonzero(reduced.ravel() < -tol)
            if candidates.size == 0:
                break
            k = int(candidates[0])
        else:  # Dantzig's rule: the most negative reduced cost
            k = int(np.argmin(reduced))
            if reduced.flat[k] >= -tol:
                break
        i0, j0 = divmod(k, m)
        cells = _cycle(adj, n, i0, j0)
        minus = cells[0::2]
        plus = cells[1::2]
        values = [flow[x] for x in minus]
        theta = min(values)
        leaving = min(x for x, f in zip(minus, values) if f == theta)
        degenerate = degenerate + 1 if theta == 0 else 0
        for x in minus:
            flow[x] -= theta
        for x in plus:
            flow[x] += theta
        flow[leaving] = 0.0
        adj[leaving[0]].discard(n + leaving[1])
        adj[n + leaving[1]].discard(leaving[0])
        adj[i0].add(n + j0)
        adj[n + j0].add(i0)
        flow[i0, j0] = theta
    else:  # pragma: no cover (Bland's rule terminates)
        raise RuntimeError("the transportation simplex did not converge")
    return float(np.sum(flow * c))


def _potentials(adj, cl, n, m):
    pot = [None] * (n + m)
    pot[0] = 0.0
    stack = [0]
    while stack:
        node = stack.pop()
        for other in adj[node]:
            if pot[other] is None:
                pot[other] = cl[node][other - n] - pot[node] if node < n else cl[other][node - n] - pot[node]
                stack.append(other)
    return np.array(pot[:n]), np.array(pot[n:])


def _cycle(adj, n, i0, j0):
    """The basis tree's path from column j0 to row i0, as cells (alternately -, +)."""
    start, goal = n + j0, i0
    parent = {start: None}
    queue = [start]
    for node in queue:
        if node == goal:
            break
        for other in adj[node]:
            if other not in parent:
                parent[other] = node
                queue.append(other)
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    return [(b, a - n) if a >= n else (a, b - n) for a, b in zip(path, path[1:])]


def _scaled(x: np.ndarray, eps: float) -> np.ndarray:
    return x / (np.sqrt(np.einsum("ij,ij->i", x, x))[:, None] + eps)


def _squared(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.einsum("ij,ij->i", x, x)[:, None] + np.einsum("ij,ij->i", y, y)[None, :] - 2.0 * (x @ y.T)


def pair_score(hyp: np.ndarray, ref: np.ndarray, hyp_w: np.ndarray, ref_w: np.ndarray, variant: str) -> float:
    """One pair's score (``spec.pair_score``)."""
    if variant == "wmd":
        diff = ref[:, None, :] - hyp[None, :, :]
        cost = np.sqrt(np.einsum("ijk,ijk->ij", diff, diff))
        return transport(np.full(len(ref), 1.0 / len(ref)), np.full(len(hyp), 1.0 / len(hyp)), cost)
    if variant == "v1":
        stacked = _scaled(np.vstack([ref, hyp]), 1e-6)
        full = np.maximum(_squared(stacked, stacked), 0.0)
        cost = full[: len(ref), len(ref):]
        a = ref_w / (ref_w.sum() + 1e-5)
        b = hyp_w / (hyp_w.sum() + 1e-5)
        return 1.0 - (transport(a, b, cost) + abs(a.sum() - b.sum()) * float(full.max()))
    rs, hs = _scaled(ref, 1e-30), _scaled(hyp, 1e-30)
    cost = np.sqrt(np.maximum(_squared(rs, hs), 1e-30))
    total = transport(ref_w / (ref_w.sum() + 1e-30), hyp_w / (hyp_w.sum() + 1e-30), cost)
    return 1.0 - total if variant == "pypi-v2" else 1.0 / (1.0 + total)


def _numeric(value, ndim: int):
    """``value`` as float64 when it is already a numpy array of numbers (not bool) with
    ``ndim`` dimensions, none of them empty, all finite; else None (the spec's checks
    then decide, and name what is wrong)."""
    if not isinstance(value, np.ndarray) or value.dtype.kind not in "fiu" or value.ndim != ndim or 0 in value.shape:
        return None
    array = value.astype(np.float64)
    return array if np.isfinite(array).all() else None


def _fast_pairs(hyps, refs, hyp_idf, ref_idf, variant):
    """The pairs as float64 arrays when every segment is a numpy array that passes the
    spec's checks (the same conditions, vectorised); None otherwise."""
    if variant not in S.VARIANTS or not isinstance(hyps, (list, tuple)) or not isinstance(refs, (list, tuple)):
        return None
    if not hyps or len(hyps) != len(refs) or (variant == "wmd" and (hyp_idf is not None or ref_idf is not None)):
        return None
    idfs = []
    for idf in (hyp_idf, ref_idf):
        if idf is not None and (not isinstance(idf, (list, tuple)) or len(idf) != len(hyps)):
            return None
        idfs.append(idf)
    out = []
    for i, (h, r) in enumerate(zip(hyps, refs)):
        h, r = _numeric(h, 2), _numeric(r, 2)
        if h is None or r is None or h.shape[1] != r.shape[1]:
            return None
        weights = []
        for idf, rows in zip(idfs, (h, r)):
            if idf is None:
                weights.append(np.ones(len(rows)))
                continue
            w = _numeric(idf[i], 1)
            if w is None or len(w) != len(rows) or (w < 0).any() or not w.any():
                return None
            weights.append(w)
        out.append((h, r, weights[0], weights[1]))
    return out


def moverscore(hyps, refs, variant: str = "v1", hyp_idf=None, ref_idf=None) -> list[float]:
    """``spec.moverscore``, fast: numpy arrays that pass the checks go straight to numpy;
    anything else through the spec's checks (which name what is wrong)."""
    pairs = _fast_pairs(hyps, refs, hyp_idf, ref_idf, variant)
    if pairs is None:
        variant, checked = S.check_pairs(hyps, refs, hyp_idf, ref_idf, variant)
        pairs = [(np.array(h), np.array(r), np.array(hw), np.array(rw)) for h, r, hw, rw in checked]
    return [pair_score(h, r, hw, rw, variant) for h, r, hw, rw in pairs]
