"""The ``comet_compare`` goldens from COMET's own code (read only by the generator):
``python -m bleuprint.oracles.generate comet_compare`` with unbabel-comet 2.2.7 importable
(it imports without a model; installed without its dependencies' CUDA wheels it needs
pytorch-lightning, jsonargparse 3.13.1, torchmetrics 0.10, entmax beside the CPU torch).

Each case: systems (name -> scores, as doubles; COMET casts them to float32), num_splits,
sample_ratio, seed, and what ``comet/cli/compare.py`` computes from them, run as
``compare_command`` runs it after the model: ``seed_everything(seed)``, then
``bootstrap_resampling`` and ``pairwise_bootstrap`` (their dicts, as they are), and
``scipy.stats.ttest_rel`` on each pair's float32 rows (``paired_t-test``), and the same test on
those rows widened to float64 (``t_test_float64``, what bleuprint's t-test computes). NaN is
written as the string "nan".
"""

from __future__ import annotations

import math
import random
from itertools import combinations

COMET_VERSION, SCIPY_VERSION = "2.2.7", "1.17.1"


def _require():
    from importlib.metadata import version

    for dist, pin in (("unbabel-comet", COMET_VERSION), ("scipy", SCIPY_VERSION)):
        if version(dist) != pin:
            raise RuntimeError(f"the comet_compare goldens need {dist}=={pin}, found {version(dist)}")
    from comet.cli import compare
    from scipy import stats

    return compare, stats


def _number(x) -> float | str:
    x = float(x)
    return "nan" if math.isnan(x) else x


def oracle_values(systems: dict, num_splits: int, sample_ratio: float, seed: int) -> list[dict]:
    import numpy as np

    compare, stats = _require()
    names = list(systems)
    seg_scores = np.array([systems[name] for name in names], dtype="float32")
    compare.seed_everything(seed, verbose=False)
    sys_scores = compare.bootstrap_resampling(seg_scores, sample_size=max(int(seg_scores.shape[1] * sample_ratio), 1),
                                              num_splits=num_splits)
    results = list(compare.pairwise_bootstrap(sys_scores, names))
    out = []
    for result, ((x_name, x), (y_name, y)) in zip(results, combinations(zip(names, seg_scores), 2)):
        assert (result["x_name"], result["y_name"]) == (x_name, y_name)
        with np.errstate(all="ignore"):
            t32 = stats.ttest_rel(x, y, alternative="two-sided")
            t64 = stats.ttest_rel(x.astype(np.float64), y.astype(np.float64), alternative="two-sided")
        out.append({"x_name": x_name, "y_name": y_name,
                    "bootstrap_resampling": {k: _number(v) for k, v in result["bootstrap_resampling"].items()},
                    "paired_t-test": {"statistic": _number(t32.statistic), "p_value": _number(t32.pvalue)},
                    "t_test_float64": {"statistic": _number(t64.statistic), "p_value": _number(t64.pvalue)}})
    return out


def _systems(rng, n_systems: int, n: int, kind: str) -> dict:
    base = [rng.uniform(-0.2, 1.0) for _ in range(n)]
    out = {}
    for k in range(n_systems):
        shift = rng.choice((0.0, 0.0005, 0.01, 0.05))
        if kind == "quantised":  # COMET scores printed with 4 decimals: many exact ties
            out[f"sys{k}"] = [round(x + rng.choice((-1, 0, 0, 1)) * 1e-4 + shift, 4) for x in base]
        elif kind == "metricx":
            out[f"sys{k}"] = [rng.uniform(0.0, 25.0) for _ in range(n)]
        else:
            out[f"sys{k}"] = [x + rng.gauss(0, 0.05) + shift for x in base]
    return out


def build_cases() -> list[dict]:
    rng = random.Random(36)
    plans = [  # (systems, segments, kind, num_splits, sample_ratio, seed)
        (2, 50, "gauss", 300, 0.4, 1), (3, 200, "gauss", 300, 0.4, 1), (2, 2000, "gauss", 300, 0.4, 1),
        (4, 120, "quantised", 300, 0.4, 1), (2, 37, "quantised", 300, 0.4, 12), (3, 64, "metricx", 300, 0.4, 12),
        (2, 5, "gauss", 300, 0.4, 1), (2, 3, "gauss", 300, 0.4, 1), (2, 1, "gauss", 300, 0.4, 1),
        (2, 300, "gauss", 1, 0.4, 1), (2, 400, "gauss", 2, 0.4, 1), (3, 90, "gauss", 50, 0.1, 7),
        (2, 80, "gauss", 17, 1.0, 123), (2, 20, "gauss", 10, 2.5, 2 ** 32 - 1),
    ]
    cases = []
    for k, (n_systems, n, kind, num_splits, ratio, seed) in enumerate(plans):
        systems = _systems(rng, n_systems, n, kind)
        cases.append({"id": f"{kind}-{k}", "systems": systems, "num_splits": num_splits, "sample_ratio": ratio,
                      "seed": seed, "pairs": oracle_values(systems, num_splits, ratio, seed)})
    # differences of exactly float32(EPS), and just below: a win, a tie (COMET: a tie below EPS)
    edge = {"x": [0.001, 0.5009999, 0.25], "y": [0.0, 0.5, 0.25]}
    cases.append({"id": "eps", "systems": edge, "num_splits": 40, "sample_ratio": 0.4, "seed": 3,
                  "pairs": oracle_values(edge, 40, 0.4, 3)})
    same = {"a": [0.5, 0.25, 0.75], "b": [0.5, 0.25, 0.75]}  # identical systems: the t-test is NaN
    cases.append({"id": "identical", "systems": same, "num_splits": 300, "sample_ratio": 0.4, "seed": 1,
                  "pairs": oracle_values(same, 300, 0.4, 1)})
    return cases
