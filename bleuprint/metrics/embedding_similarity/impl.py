"""Similarity and distance between sentence embeddings, fast: the definitions of
``bleuprint.metrics.embedding_similarity.spec`` on float64 numpy arrays (float32 inputs
widened first: the accumulation is float64, as the spec pins it). The spec sums left to
right; impl does the same, one vectorised step per dimension over all rows, so its values
are the spec's bits (``tests/impl/test_embedding_similarity_differential.py``: ``==``).
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


def _zero_rows(x: np.ndarray, y: np.ndarray) -> None:
    """The spec's refusal of the first zero vector (row order, a's before b's in a row)."""
    zero_x, zero_y = ~np.any(x != 0, axis=1), ~np.any(y != 0, axis=1)
    bad = np.flatnonzero(zero_x | zero_y)
    if bad.size:
        i = int(bad[0])
        which = "first" if zero_x[i] else "second"
        raise ValueError(f"row {i} (a[{i}], b[{i}]) ({which}) is the zero vector: its cosine is undefined "
                         f"(scipy gives NaN, scikit-learn 0.0; bleuprint refuses)")


def _sequential_sum(columns: np.ndarray) -> np.ndarray:
    """The sum of each row's values left to right from 0.0 (the spec's ``seq_sum``)."""
    total = np.zeros(columns.shape[0])
    for k in range(columns.shape[1]):
        total += columns[:, k]
    return total


def _units(x: np.ndarray) -> np.ndarray:
    y = x / np.abs(x).max(axis=1)[:, None]
    return y / np.sqrt(_sequential_sum(y * y))[:, None]


def cosine_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    _zero_rows(x, y)
    return _sequential_sum(_units(x) * _units(y))


def _refuse_infinite(values: np.ndarray) -> np.ndarray:
    bad = np.flatnonzero(np.isinf(values))
    if bad.size:
        i = int(bad[0])
        raise ValueError(f"row {i} (a[{i}], b[{i}]): the distance exceeds float64")
    return values


def _differences(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        d = x - y
    _refuse_infinite(np.where(np.isinf(d).any(axis=1), np.inf, 0.0))
    return d


def euclidean_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    d = _differences(x, y)
    m = np.abs(d).max(axis=1)
    safe = np.where(m > 0, m, 1.0)
    scaled = d / safe[:, None]
    with np.errstate(over="ignore"):
        values = np.where(m > 0, m * np.sqrt(_sequential_sum(scaled * scaled)), 0.0)
    return _refuse_infinite(values)


def manhattan_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return _refuse_infinite(_sequential_sum(np.abs(_differences(x, y))))


def embedding_similarity(a, b, metric: str = "cosine") -> np.ndarray:
    """``spec.embedding_similarity`` as a float64 array of N values (the spec's bits)."""
    measure = S.check_measure(metric)
    x, y = _as_arrays(a, b)
    return {"cosine": cosine_rows, "euclidean": euclidean_rows, "manhattan": manhattan_rows}[measure](x, y)
