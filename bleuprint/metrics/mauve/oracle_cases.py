"""The MAUVE golden cases (``python -m bleuprint.oracles.generate mauve``), from mauve-text
0.4.0's own functions (oracle code: the generator and the tests only):

* ``histograms``: seeded counts; mauve-text's ``get_divergence_curve_for_multinomials``,
  ``sklearn.metrics.auc`` on the argsorted points (as ``compute_mauve``) and
  ``get_fronter_integral``, on the normalised counts and on counts + 0.5 (MAUVE*). Cases
  whose curve has tied coordinates are left out: there mauve-text's area depends on
  numpy's unordered ``argsort`` (``spec``'s docstring), which a golden cannot pin.
* ``features``: seeded Gaussian features through ``compute_mauve`` (faiss on one thread):
  the histograms it returns, as counts, with its four numbers. The features are not
  stored; the case names the seed and shapes that regenerate them (``features``).
"""

from __future__ import annotations

import numpy as np

SCALING = 5
POINTS = 25


def features(seed: int, n_p: int, n_q: int, dim: int, shift: float, clusters: int):
    """P and Q: ``clusters`` Gaussian blobs in ``dim`` dimensions, Q's shifted by ``shift``."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=4.0, size=(clusters, dim))
    p = centres[rng.integers(0, clusters, n_p)] + rng.normal(size=(n_p, dim))
    q = centres[rng.integers(0, clusters, n_q)] + shift + rng.normal(size=(n_q, dim))
    return p, q


FEATURE_CASES = [(0, 300, 300, 32, 0.3, 6), (1, 200, 250, 16, 1.0, 4), (2, 120, 100, 8, 0.0, 3),
                 (3, 400, 300, 24, 2.0, 8), (4, 150, 150, 12, 0.5, 5)]


def _oracle(p, q):
    import importlib

    from sklearn.metrics import auc

    compute = importlib.import_module("mauve.compute_mauve")
    w = np.linspace(1e-6, 1 - 1e-6, POINTS)
    x, y = compute.get_divergence_curve_for_multinomials(p, q, w, SCALING).T
    i1, i2 = np.argsort(x), np.argsort(y)
    mauve = 0.5 * (auc(x[i1], y[i1]) + auc(y[i2], x[i2]))
    tied = len(set(x.tolist())) < len(x) or len(set(y.tolist())) < len(y)
    return float(mauve), float(compute.get_fronter_integral(p, q)), np.stack([x, y], 1).tolist(), tied


def build_cases() -> list[dict]:
    import faiss
    import mauve

    faiss.omp_set_num_threads(1)
    rng = np.random.default_rng(2021)
    cases = []
    for k in range(40):
        buckets = int(rng.integers(2, 30))
        P = rng.integers(0, 12, buckets).astype(float)
        Q = rng.integers(0, 12, buckets).astype(float)
        P[0] += 1
        Q[-1] += 1
        case = {"id": f"histograms-{k}", "kind": "histograms", "p_counts": P.tolist(), "q_counts": Q.tolist()}
        plain = _oracle(P / P.sum(), Q / Q.sum())
        star = _oracle((P + 0.5) / (P + 0.5).sum(), (Q + 0.5) / (Q + 0.5).sum())
        if plain[3] or star[3]:
            continue
        case.update({"mauve": plain[0], "frontier_integral": plain[1], "divergence_curve": plain[2],
                     "mauve_star": star[0], "frontier_integral_star": star[1]})
        cases.append(case)
    for seed, n_p, n_q, dim, shift, clusters in FEATURE_CASES:
        p, q = features(seed, n_p, n_q, dim, shift, clusters)
        out = mauve.compute_mauve(p_features=p, q_features=q, seed=seed + 10)
        cases.append({"id": f"features-{seed}", "kind": "features",
                      "features": {"seed": seed, "n_p": n_p, "n_q": n_q, "dim": dim, "shift": shift,
                                   "clusters": clusters}, "mauve_seed": seed + 10,
                      "p_counts": np.rint(out.p_hist * n_p).tolist(), "q_counts": np.rint(out.q_hist * n_q).tolist(),
                      "num_buckets": int(out.num_buckets), "mauve": float(out.mauve),
                      "frontier_integral": float(out.frontier_integral), "mauve_star": float(out.mauve_star),
                      "frontier_integral_star": float(out.frontier_integral_star)})
    return cases
