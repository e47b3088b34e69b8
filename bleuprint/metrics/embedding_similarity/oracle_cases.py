"""Embedding similarity's golden cases from scipy and scikit-learn (read only by the
generator and verify): ``python -m bleuprint.oracles.generate embedding_similarity``.

Each case is two N x d arrays ``a`` and ``b`` and, per row pair:

* scipy ``spatial.distance``: ``cosine`` (a distance, 1 - similarity; clipped to [0, 2]),
  ``euclidean``, ``cityblock`` (Manhattan), on the rows as float64;
* scikit-learn ``metrics.pairwise``: ``cosine_similarity``, ``euclidean_distances``,
  ``manhattan_distances`` of the one-row arrays, in the case's ``dtype``.

Kinds: ``float64`` (seeded embeddings, some near-parallel and near-equal rows), ``float32``
(the same values rounded to float32, scored by both libraries on float32 arrays, which
both keep in float32 for these functions but scikit-learn's Manhattan; and under
``widened`` on the same values as float64 arrays),
``zero`` (a zero row: scipy's cosine NaN, written as the string "nan"; scikit-learn's 0.0).
"""

from __future__ import annotations

import math
import random
import warnings

SCIPY_VERSION, SKLEARN_VERSION = "1.17.1", "1.9.1"


def _require():
    from importlib.metadata import version

    for dist, pin in (("scipy", SCIPY_VERSION), ("scikit-learn", SKLEARN_VERSION)):
        if version(dist) != pin:
            raise RuntimeError(f"the embedding_similarity goldens need {dist}=={pin}, found {version(dist)}")
    from scipy.spatial import distance
    from sklearn.metrics import pairwise

    return distance, pairwise


def _number(x: float):
    return "nan" if math.isnan(x) else float(x)


def oracle_values(a: list, b: list, dtype: str) -> dict:
    import numpy as np

    distance, pairwise = _require()
    x, y = np.array(a, dtype=dtype), np.array(b, dtype=dtype)
    out = {"scipy_cosine_distance": [], "scipy_euclidean": [], "scipy_cityblock": [], "sklearn_cosine_similarity": [],
           "sklearn_euclidean": [], "sklearn_manhattan": []}
    for u, v in zip(x, y):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            out["scipy_cosine_distance"].append(_number(distance.cosine(u, v)))
        out["scipy_euclidean"].append(_number(distance.euclidean(u, v)))
        out["scipy_cityblock"].append(_number(distance.cityblock(u, v)))
        out["sklearn_cosine_similarity"].append(_number(pairwise.cosine_similarity(u[None], v[None])[0, 0]))
        out["sklearn_euclidean"].append(_number(pairwise.euclidean_distances(u[None], v[None])[0, 0]))
        out["sklearn_manhattan"].append(_number(pairwise.manhattan_distances(u[None], v[None])[0, 0]))
    return out


def _arrays(rng, n: int, dims: int) -> tuple[list, list]:
    a, b = [], []
    for _ in range(n):
        u = [rng.uniform(-3, 3) for _ in range(dims)]
        kind = rng.random()
        if kind < 0.3:  # nearly parallel
            v = [x * rng.uniform(0.5, 2) + rng.uniform(-1e-4, 1e-4) for x in u]
        elif kind < 0.5:  # nearly equal
            v = [x + rng.uniform(-1e-3, 1e-3) for x in u]
        else:
            v = [rng.uniform(-3, 3) for _ in range(dims)]
        a.append(u)
        b.append(v)
    return a, b


def _float32(values: list) -> list:
    import numpy as np

    return np.array(values, dtype=np.float32).astype(np.float64).tolist()


def build_cases() -> list[dict]:
    rng = random.Random(35)
    cases = []
    for k, (n, dims) in enumerate(((4, 1), (6, 3), (8, 16), (3, 384))):
        a, b = _arrays(rng, n, dims)
        cases.append({"id": f"float64-{k}", "kind": "float64", "dtype": "float64", "a": a, "b": b,
                      **oracle_values(a, b, "float64")})
        a32, b32 = _float32(a), _float32(b)
        cases.append({"id": f"float32-{k}", "kind": "float32", "dtype": "float32", "a": a32, "b": b32,
                      **oracle_values(a32, b32, "float32"), "widened": oracle_values(a32, b32, "float64")})
    a, b = [[0.0, 0.0, 0.0], [1.0, 2.0, 3.0]], [[1.0, -1.0, 0.5], [0.0, 0.0, 0.0]]
    cases.append({"id": "zero", "kind": "zero", "dtype": "float64", "a": a, "b": b, **oracle_values(a, b, "float64")})
    return cases
