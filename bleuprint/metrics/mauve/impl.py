"""MAUVE, the fast version (numpy): ``mauve_from_histograms`` exactly as ``spec`` (its
docstring), and the quantisation of features into the two histograms, which is
implementation-defined (``quantise``).

The quantisation, after mauve-text 0.4.0's ``cluster_feats`` (steps 1-3 are the same
operations; step 4 is this module's own k-means, not faiss's):

1. Stack Q's rows, then P's (Q first, as mauve-text), and scale each row to unit L2 norm.
2. PCA on all rows (centred, no whitening): the SVD of the centred data; keep the first
   d' components, d' = the first index where the cumulative explained-variance ratio
   reaches ``explained_variance`` (0.9), plus 1; project. (The components' signs do not
   matter below: a reflection keeps every distance.)
3. k buckets: ``num_buckets``, or "auto" = max(2, int(round(min(n_p, n_q) / 10))) with
   Python's ``round`` (banker's rounding: 25 -> 2, 35 -> 4), as mauve-text.
4. k-means (Lloyd), float64: ``kmeans_redo`` runs, each from k distinct rows drawn by
   ``numpy.random.default_rng(seed + 2)`` (one generator for all runs), at most
   ``kmeans_iterations`` assignment-update rounds, stopped when no label changes; a centroid
   becomes the mean of its rows (their sum as a matrix product, over their count); an empty
   bucket keeps its centroid; the run with the least sum of squared distances is kept
   (the first on a tie); each row goes to its nearest centroid (the lowest index on a tie).
5. The histograms count Q's and P's labels over the k buckets.

Where this differs from mauve-text, and where not (measured on 2,000 x 128 features a
side, ``benchmarks/embedding_speed.py``'s blobs, seed 25: mauve-text 0.8061, this 0.8233):
steps 1-3 are the same (7 components kept by both; the projections equal scikit-learn's
within 1.5e-14 after each component's sign), and faiss's k-means run on *this* module's
projection gives mauve-text's histograms and its MAUVE to the last bit
(``tests/impl/test_mauve_diff.py``). The whole difference is step 4: faiss (1.15.1)
draws its initial centroids with its own generator (``seed + 2``, another stream per
redo), works in float32 through BLAS, and splits a large cluster to refill an empty one;
this k-means draws with numpy's generator, works in float64 and keeps an empty bucket's
centroid. Both end in local optima of the same objective (here this one's is the lower:
sum of squared distances 4.944 against faiss's 4.964), so neither is wrong, but the buckets
differ. faiss's thread count (1 or 2) did not change its result here. The histograms'
part (``mauve_from_histograms``) is exact to its tolerance: on mauve-text's own histograms
it gives mauve-text's MAUVE to 0.0 here (within 1.1e-16 in the test's cases). The dependence on the row order (the
rows drawn as the initial centroids) and on which sample is P (the stacking order) is the
same in kind as mauve-text's; ``mauve_over_seeds`` reports the spread over seeds.
"""

from __future__ import annotations

import math

import numpy as np

from . import spec as S


def mauve_from_histograms(p_hist, q_hist, scaling_factor: float = 5.0, curve_points: int = 25,
                          smoothing: float = 0.0) -> dict:
    """``spec.mauve_from_histograms`` with numpy (the same checks, the same formulas)."""
    checked = S.check_histogram(p_hist, "p_hist"), S.check_histogram(q_hist, "q_hist")
    if len(checked[0]) != len(checked[1]):
        raise ValueError(f"p_hist has {len(checked[0])} buckets but q_hist has {len(checked[1])}: "
                         f"the same buckets are needed")
    c = S.check_number(scaling_factor, "scaling_factor")
    if c <= 0:
        raise ValueError(f"scaling_factor must be > 0, got {c!r}")
    if isinstance(curve_points, bool) or not isinstance(curve_points, int) or curve_points < 1:
        raise ValueError(f"curve_points must be a whole number >= 1, got {curve_points!r}")
    s = S.check_number(smoothing, "smoothing")
    if s < 0:
        raise ValueError(f"smoothing must be >= 0, got {s!r}")
    p, q = (np.array(h, dtype=np.float64) + s for h in checked)
    p, q = p / math.fsum(p), q / math.fsum(q)
    w = np.array(S.mixture_weights(curve_points))[:, None]
    r = w * p[None, :] + (1 - w) * q[None, :]
    curve = np.empty((curve_points + 2, 2))
    curve[0] = 0.0, np.inf
    curve[-1] = np.inf, 0.0
    curve[1:-1, 0] = _kl_rows(q, r)
    curve[1:-1, 1] = _kl_rows(p, r)
    curve = np.where(np.isinf(curve), 0.0, np.exp(-c * np.where(np.isinf(curve), 0.0, curve)))
    x, y = curve[:, 0], curve[:, 1]
    fi = S.frontier_integral(p.tolist(), q.tolist())
    return {"mauve": 0.5 * (_area(x, y, -1) + _area(y, x, 1)), "frontier_integral": fi,
            "divergence_curve": [tuple(pt) for pt in curve.tolist()], "p_hist": p.tolist(), "q_hist": q.tolist()}


def _kl_rows(a: np.ndarray, r: np.ndarray) -> np.ndarray:
    """KL(a || r_t) for every row r_t."""
    nz = a != 0
    out = np.empty(len(r))
    for t, row in enumerate(r):
        out[t] = math.inf if np.any(row[nz] == 0) else math.fsum((a[nz] * np.log(a[nz] / row[nz])).tolist())
    return out


def _area(a: np.ndarray, b: np.ndarray, ties: int) -> float:
    """``spec.area``: sorted by a, ties in the curve's order (+1) or its reverse (-1)."""
    order = np.lexsort((ties * np.arange(len(a)), a))
    a, b = a[order], b[order]
    return math.fsum((np.diff(a) * (b[1:] + b[:-1]) / 2.0).tolist())


# -- quantisation -------------------------------------------------------------------------


def check_features(features, what: str) -> np.ndarray:
    """A non-empty 2-D array of finite floats (ragged, NaN, inf refused, naming the row)."""
    try:
        array = np.asarray(features, dtype=np.float64)
    except (ValueError, TypeError):
        from ..moverscore.arrays import check_matrix

        check_matrix(features, what)  # names the ragged or non-numeric row
        raise
    if array.ndim != 2:
        raise ValueError(f"{what} must be a 2-D array (samples x dimensions), got {array.ndim} dimensions")
    if array.shape[0] == 0 or array.shape[1] == 0:
        raise ValueError(f"{what} has shape {array.shape}: no sample or no dimension")
    bad = np.argwhere(~np.isfinite(array))
    if bad.size:
        i, j = bad[0]
        raise ValueError(f"{what}[{i}][{j}] is {float(array[i, j])!r}: only finite numbers are accepted")  # spec.arrays
    return array


def auto_buckets(n_p: int, n_q: int) -> int:
    """mauve-text's "auto": max(2, int(round(min(n_p, n_q) / 10))), banker's rounding."""
    return max(2, int(round(min(n_p, n_q) / 10)))


def pca_project(data: np.ndarray, explained_variance: float) -> np.ndarray:
    """Step 2 of the module docstring."""
    centred = data - data.mean(axis=0)
    u, s, vt = np.linalg.svd(centred, full_matrices=False)
    var = s * s
    total = var.sum()
    if total == 0:
        return centred[:, :1] * 0.0
    ratio = np.cumsum(var / total)
    keep = int(np.argmax(ratio >= explained_variance)) + 1
    return centred @ vt[:keep].T


#: Rows of the distance matrix computed at once in ``kmeans_labels``: 256 rows x k
#: centroids stay in cache (measured with benchmarks/embedding_speed.py, 4,000 rows, 200
#: buckets: 0.23 s CPU, against 0.25 s with 512 rows and 0.27 s with all rows at once).
DISTANCE_ROWS = 256


def _nearest(twice: np.ndarray, sq: np.ndarray, centroids: np.ndarray, buffer: np.ndarray):
    """Each row's nearest centroid (the lowest index on a tie) and its squared distance
    ``|x|^2 - 2 x.c + |c|^2``, a block of rows at a time (``buffer``: DISTANCE_ROWS x k);
    ``twice`` is 2x (exact), so each value is the one of the whole matrix at once."""
    n = len(twice)
    csq = np.einsum("ij,ij->i", centroids, centroids)[None, :]
    across = np.ascontiguousarray(centroids.T)
    labels = np.empty(n, dtype=np.intp)
    nearest = np.empty(n)
    for lo in range(0, n, len(buffer)):
        hi = min(n, lo + len(buffer))
        dist = buffer[:hi - lo]
        np.matmul(twice[lo:hi], across, out=dist)
        np.subtract(sq[lo:hi], dist, out=dist)
        np.add(dist, csq, out=dist)
        labels[lo:hi] = np.argmin(dist, axis=1)
        nearest[lo:hi] = dist[np.arange(hi - lo), labels[lo:hi]]
    return labels, nearest


def kmeans_labels(data: np.ndarray, k: int, seed: int, redo: int, iterations: int) -> np.ndarray:
    """Step 4 of the module docstring: the labels of the best of ``redo`` Lloyd runs
    (buffers made once: the distances a block of rows at a time, the membership matrix of
    the update cleared where the last labels set it)."""
    rng = np.random.default_rng(seed + 2)
    n = len(data)
    sq = np.einsum("ij,ij->i", data, data)[:, None]
    twice = 2.0 * data
    buffer = np.empty((min(n, DISTANCE_ROWS), k))
    member = np.zeros((k, n))
    rows = np.arange(n)
    best, best_cost = None, math.inf
    for _ in range(redo):
        centroids = data[rng.choice(n, size=k, replace=False)].copy()
        labels = None
        for _ in range(iterations):
            new = _nearest(twice, sq, centroids, buffer)[0]
            if labels is not None and np.array_equal(new, labels):
                break
            if labels is not None:
                member[labels, rows] = 0.0
            labels = new
            sizes = np.bincount(labels, minlength=k)
            member[labels, rows] = 1.0
            filled = sizes > 0
            centroids[filled] = (member @ data)[filled] / sizes[filled, None]
        if labels is not None:
            member[labels, rows] = 0.0
        labels, nearest = _nearest(twice, sq, centroids, buffer)
        cost = float(nearest.sum())
        if cost < best_cost:
            best, best_cost = labels, cost
    return best


def projected(p: np.ndarray, q: np.ndarray, explained_variance: float) -> np.ndarray:
    """Steps 1 and 2 of the module docstring on checked features: Q's rows then P's, each
    at unit L2 norm, projected on the principal components kept (ValueError naming a zero
    row)."""
    data = np.vstack([q, p])
    norms = np.sqrt(np.einsum("ij,ij->i", data, data))
    zero = np.flatnonzero(norms == 0)
    if zero.size:
        which, row = ("q_features", zero[0]) if zero[0] < len(q) else ("p_features", zero[0] - len(q))
        raise ValueError(f"{which} row {row} is the zero vector: it has no direction to normalise")
    return pca_project(data / norms[:, None], explained_variance)


def quantise(p_features, q_features, seed: int = 25, num_buckets="auto", explained_variance: float = 0.9,
             kmeans_redo: int = 5, kmeans_iterations: int = 500) -> tuple[np.ndarray, np.ndarray]:
    """The counts of P's and Q's rows in each of the k buckets (module docstring)."""
    p = check_features(p_features, "p_features")
    q = check_features(q_features, "q_features")
    if p.shape[1] != q.shape[1]:
        raise ValueError(f"p_features has {p.shape[1]} dimensions but q_features has {q.shape[1]}")
    if not 0 < explained_variance < 1:
        raise ValueError(f"explained_variance must be in (0, 1), got {explained_variance!r}")
    if num_buckets == "auto":
        k = auto_buckets(len(p), len(q))
    elif isinstance(num_buckets, bool) or not isinstance(num_buckets, int) or num_buckets < 1:
        raise ValueError(f"num_buckets must be 'auto' or a whole number >= 1, got {num_buckets!r}")
    else:
        k = num_buckets
    for name, value in (("seed", seed), ("kmeans_redo", kmeans_redo), ("kmeans_iterations", kmeans_iterations)):
        if isinstance(value, bool) or not isinstance(value, int) or (name != "seed" and value < 1) or value < 0:
            raise ValueError(f"{name} must be a whole number ({'>= 0' if name == 'seed' else '>= 1'}), got {value!r}")
    if k > len(p) + len(q):
        raise ValueError(f"{k} buckets for {len(p) + len(q)} samples: at most one bucket per sample")
    data = projected(p, q, explained_variance)
    labels = kmeans_labels(data, k, seed, kmeans_redo, kmeans_iterations)
    q_counts = np.bincount(labels[: len(q)], minlength=k)
    p_counts = np.bincount(labels[len(q):], minlength=k)
    return p_counts, q_counts


def mauve(p_features, q_features, seed: int = 25, num_buckets="auto", explained_variance: float = 0.9,
          kmeans_redo: int = 5, kmeans_iterations: int = 500, scaling_factor: float = 5.0,
          curve_points: int = 25) -> dict:
    """MAUVE of two samples of features (rows: samples, columns: dimensions, as the user's
    encoder gave them): ``quantise``, then ``mauve_from_histograms`` on the counts
    (``mauve``, ``frontier_integral``) and on the counts + 0.5 (``mauve_star``,
    ``frontier_integral_star``). Also ``p_hist``/``q_hist`` (normalised), ``p_counts``,
    ``q_counts``, ``num_buckets``, ``divergence_curve``."""
    p_counts, q_counts = quantise(p_features, q_features, seed, num_buckets, explained_variance, kmeans_redo,
                                  kmeans_iterations)
    plain = mauve_from_histograms(p_counts, q_counts, scaling_factor, curve_points)
    star = mauve_from_histograms(p_counts, q_counts, scaling_factor, curve_points, smoothing=0.5)
    return {"mauve": plain["mauve"], "frontier_integral": plain["frontier_integral"], "mauve_star": star["mauve"],
            "frontier_integral_star": star["frontier_integral"], "p_hist": plain["p_hist"], "q_hist": plain["q_hist"],
            "p_counts": p_counts.tolist(), "q_counts": q_counts.tolist(), "num_buckets": len(p_counts),
            "divergence_curve": plain["divergence_curve"]}


def mauve_over_seeds(p_features, q_features, seeds=(0, 1, 2, 3, 4), **options) -> dict:
    """``mauve`` under each k-means seed: ``{"mean", "sd", "min", "max", "values",
    "seeds"}`` of MAUVE (sd: the sample standard deviation, n - 1; 0 for one seed), and
    ``mauve_star_mean``/``mauve_star_sd`` likewise."""
    seeds = list(seeds)
    if not seeds:
        raise ValueError("seeds is empty: at least one k-means seed is needed")
    runs = [mauve(p_features, q_features, seed=s, **options) for s in seeds]
    out = {"seeds": seeds}
    for key, prefix in (("mauve", ""), ("mauve_star", "mauve_star_")):
        values = [r[key] for r in runs]
        mean = math.fsum(values) / len(values)
        sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
        out.update({prefix + "mean": mean, prefix + "sd": sd, prefix + "values": values})
        if not prefix:
            out.update({"min": min(values), "max": max(values)})
    return out
