"""Similarity and distance between sentence embeddings, fast: the definitions of
``bleuprint.metrics.embedding_similarity.spec`` on float64 numpy arrays (float32 inputs
widened first: the accumulation is float64, as the spec pins it). Rows are scaled by their
largest magnitude before any square, so no norm overflows or underflows (the spec's
``math.hypot``). Sums are numpy's, not exactly rounded: within a few ulps of the spec
(``tests/impl/test_embedding_similarity_differential.py``).
"""

from __future__ import annotations

import numpy as np

from . import spec as S


def _as_arrays(a, b) -> tuple[np.ndarray, np.ndarray]:
    """Both arrays as float64. Numeric numpy arrays of the same 2-D shape, non-empty and
    finite, are taken as they are; anything else (lists, where a bool or a string could
    hide among numbers, or a bad array) is checked by the spec's rules, with its messages."""
    plain = False
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype.kind in "fiu" and b.dtype.kind in "fiu":
        x, y = a.astype(np.float64), b.astype(np.float64)
        plain = (x.ndim == 2 and y.shape == x.shape and x.shape[0] > 0 and x.shape[1] > 0
                 and bool(np.isfinite(x).all()) and bool(np.isfinite(y).all()))
    if not plain:
        va, vb = S.check_pair_arrays(a, b)
        return np.array(va, dtype=np.float64), np.array(vb, dtype=np.float64)
    return x, y


def _norms(x: np.ndarray) -> np.ndarray:
    scale = np.abs(x).max(axis=1)
    safe = np.where(scale > 0, scale, 1.0)
    y = x / safe[:, None]
    return scale * np.sqrt(np.einsum("ij,ij->i", y, y))


def cosine_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    for name, rows in (("a", x), ("b", y)):
        zero = np.flatnonzero(~np.any(rows != 0, axis=1))
        if zero.size:
            i = int(zero[0])
            which = "first" if name == "a" else "second"
            raise ValueError(f"row {i} (a[{i}], b[{i}]) ({which}) is the zero vector: its cosine is undefined "
                             f"(scipy gives NaN, scikit-learn 0.0; bleuprint refuses)")
    scale_x = np.abs(x).max(axis=1, keepdims=True)
    scale_y = np.abs(y).max(axis=1, keepdims=True)
    ux, uy = x / scale_x, y / scale_y
    ux /= np.sqrt(np.einsum("ij,ij->i", ux, ux))[:, None]
    uy /= np.sqrt(np.einsum("ij,ij->i", uy, uy))[:, None]
    return np.einsum("ij,ij->i", ux, uy)


def _refuse_infinite(values: np.ndarray) -> np.ndarray:
    bad = np.flatnonzero(np.isinf(values))
    if bad.size:
        i = int(bad[0])
        raise ValueError(f"row {i} (a[{i}], b[{i}]): the distance exceeds float64")
    return values


def embedding_similarity(a, b, metric: str = "cosine") -> np.ndarray:
    """``spec.embedding_similarity`` as a float64 array of N values."""
    measure = S.check_measure(metric)
    x, y = _as_arrays(a, b)
    if measure == "cosine":
        return cosine_rows(x, y)
    with np.errstate(over="ignore", invalid="ignore"):
        diff = x - y
        if measure == "euclidean":
            return _refuse_infinite(_norms(diff))
        return _refuse_infinite(np.abs(diff).sum(axis=1))
