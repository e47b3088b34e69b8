"""Golden fixtures of the meta-evaluation statistics, from google-research/mt-metrics-eval itself.

    python -m bleuprint.oracles.mtme_goldens --mtme PATH [--commit SHA] [--check]

``PATH`` is a checkout (or ``git archive``) of https://github.com/google-research/mt-metrics-eval
holding ``mt_metrics_eval/``; the generator imports its ``stats``, ``pce`` and
``tau_optimization`` (they need only numpy and scipy: ``pip install scipy``; never the PyPI
package named ``mt-metrics-eval``, an unrelated upload) and runs them on generated inputs.
The commit is read from the checkout's git, or given with ``--commit``, and recorded in the
fixture with the SHA-256 of the three files, numpy's, scipy's and Python's versions. The
output, ``goldens_mtme/metaeval.json``, is deterministic (inputs from a seeded
``random.Random``, the oracle's own seeds for its draws; JSON written sorted, floats
round-tripping exactly; NaN written as null).

Inputs (``build_inputs``): matrices of systems x segments of several kinds: MQM-like scores
on a dyadic grid (many ties, float32-exact), COMET-like scores in [0, 1] with 4 decimals
(float32-inexact), DA-like scores (for Kendall-like's threshold 25), small integers
(ties everywhere); few systems (2, 3) and many segments (up to 200); human scores with
``None`` cells. ``tests/metaeval`` compares ``bleuprint.metaeval.spec`` and ``impl`` with them.
Significance: PERM-BOTH (``stats.PermutationSigDiff``), the permutation test over pairs of
acc23 (``stats.PairwisePermutationSigDiff``, ``perm_pairs`` cases) and the matrices of
``data.py``'s ``CompareMetrics`` (with ``perm_test='pairs'`` for acc23, as WMT23/24 run it),
``CompareMetricsWithGlobalAccuracy`` and ``CompareMetricsWithPairwiseConfidenceError``.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import math
import platform
import random
import subprocess
import sys
from pathlib import Path

COMMAND = "python -m bleuprint.oracles.mtme_goldens --mtme PATH"
REPOSITORY = "google-research/mt-metrics-eval"
FILES = ("mt_metrics_eval/stats.py", "mt_metrics_eval/pce.py", "mt_metrics_eval/tau_optimization.py",
         "mt_metrics_eval/data.py")
OUT = Path(__file__).resolve().parent / "goldens_mtme" / "metaeval.json"

#: The values an MQM-like score takes (dyadic: exact in float32, so float32 sums are exact).
MQM_VALUES = (0.0, 0.0, 0.0, -1.0, -1.0, -2.0, -5.0, -5.0, -6.0, -10.0, -25.0, -0.125, -0.5)


# ---------------------------------------------------------------------------------------
# inputs


def _cell(rnd: random.Random, kind: str) -> float:
    if kind == "mqm":
        return rnd.choice(MQM_VALUES)
    if kind == "comet":
        return round(rnd.random(), 4)
    if kind == "da":
        return round(rnd.gauss(70.0, 20.0), 2)
    if kind == "int":
        return float(rnd.randint(0, 3))
    raise ValueError(kind)


def matrix(rnd: random.Random, systems: int, segments: int, kind: str, quality=None) -> list[list[float]]:
    """A systems x segments matrix; ``quality`` shifts each system (so rankings are not
    random)."""
    shift = quality or [0.0] * systems
    out = []
    for s in range(systems):
        row = []
        for _ in range(segments):
            value = _cell(rnd, kind)
            if kind in ("comet", "da") and shift[s]:
                value = round(value + shift[s], 4)
            row.append(value)
        out.append(row)
    return out


def noisy_copy(rnd: random.Random, gold, kind: str, noise: float) -> list[list[float]]:
    """A metric that follows ``gold`` (missing cells filled) with noise."""
    out = []
    for row in gold:
        new = []
        for v in row:
            base = 0.0 if v is None else v
            new.append(round(base / 25.0 + 1.0 + rnd.gauss(0.0, noise), 4) if kind == "comet"
                       else round(base + rnd.gauss(0.0, noise), 2))
        out.append(new)
    return out


def with_missing(rnd: random.Random, gold, fraction: float, whole_columns: bool) -> list[list]:
    """``gold`` with ``None`` in a ``fraction`` of its cells (whole segments when
    ``whole_columns``: every system unrated there, as MQM leaves segments out)."""
    out = [list(row) for row in gold]
    width = len(out[0])
    if whole_columns:
        for i in rnd.sample(range(width), max(1, int(fraction * width))):
            for row in out:
                row[i] = None
    else:
        for row in out:
            for i in range(width):
                if rnd.random() < fraction:
                    row[i] = None
    return out


def build_inputs() -> list[dict]:
    """The input sets: ``{"id", "gold", "metrics": [m1, m2]}``."""
    rnd = random.Random(36)
    sets = []

    def add(name, gold, metrics):
        sets.append({"id": name, "gold": gold, "metrics": metrics})

    g = matrix(rnd, 5, 30, "mqm")
    add("mqm-5x30", g, [matrix(rnd, 5, 30, "comet"), noisy_copy(rnd, g, "comet", 0.2)])
    g = matrix(rnd, 3, 200, "mqm")
    add("mqm-3x200", g, [noisy_copy(rnd, g, "mqm", 2.0), matrix(rnd, 3, 200, "mqm")])
    g = matrix(rnd, 2, 120, "comet", [0.0, 0.05])
    add("comet-2x120", g, [noisy_copy(rnd, g, "comet", 0.1), matrix(rnd, 2, 120, "comet")])
    g = matrix(rnd, 6, 25, "da", [0, 5, 10, 0, -5, 20])
    add("da-6x25", g, [noisy_copy(rnd, g, "da", 15.0), matrix(rnd, 6, 25, "da")])
    g = matrix(rnd, 4, 20, "int")
    add("int-4x20", g, [matrix(rnd, 4, 20, "int"), noisy_copy(rnd, g, "mqm", 0.0)])
    g = with_missing(rnd, matrix(rnd, 5, 40, "mqm"), 0.2, whole_columns=True)
    add("mqm-5x40-unrated-segments", g, [noisy_copy(rnd, g, "comet", 0.3), matrix(rnd, 5, 40, "comet")])
    g = with_missing(rnd, matrix(rnd, 4, 30, "da", [0, 10, 20, 30]), 0.15, whole_columns=False)
    add("da-4x30-missing-cells", g, [noisy_copy(rnd, g, "da", 10.0), matrix(rnd, 4, 30, "da")])
    g = matrix(rnd, 8, 12, "mqm")
    add("mqm-8x12", g, [noisy_copy(rnd, g, "mqm", 3.0), matrix(rnd, 8, 12, "int")])
    return sets


# ---------------------------------------------------------------------------------------
# running the oracle


def load_oracle(path) -> dict:
    """The three modules of the checkout at ``path``, imported from it."""
    root = Path(path).resolve()
    if not (root / "mt_metrics_eval" / "stats.py").is_file():
        raise SystemExit(f"{root}: no mt_metrics_eval/stats.py (give the root of a mt-metrics-eval checkout)")
    sys.path.insert(0, str(root))
    try:
        modules = {name: importlib.import_module(f"mt_metrics_eval.{name}") for name in ("stats", "pce", "tau_optimization")}
    finally:
        sys.path.remove(str(root))
    for module in modules.values():
        if not Path(module.__file__).resolve().is_relative_to(root):
            raise SystemExit(f"mt_metrics_eval was imported from {module.__file__}, not from {root}")
    return modules


def _flat(m):
    return [v for row in m for v in row]


def _num(value):
    """A JSON-ready number: an int stays an int (numpy's too), anything else a float; NaN is None."""
    import numbers

    if value is None:
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    value = float(value)
    return None if math.isnan(value) else value


def _upper(matrix) -> list:
    n = len(matrix)
    return [_num(matrix[i][j]) for i in range(n) for j in range(i + 1, n)]


def correlation_cases(oracle, inputs) -> list[dict]:
    stats = oracle["stats"]
    cases = []
    for data in inputs:
        gold, metric = data["gold"], data["metrics"][0]
        num_sys = len(gold)
        corr = stats.Correlation(num_sys, _flat(gold), _flat(metric))
        for average_by in ("none", "sys", "item"):
            base = {"input": data["id"], "average_by": average_by}
            for variant in ("b", "c", "23", "acc23"):
                cases.append({**base, "statistic": "kendall", "variant": variant, "epsilon": 0.0,
                              "value": _num(corr.KendallVariants(average_by, variant)[0])})
            for variant in ("23", "acc23"):
                epsilon = 0.05 if data["id"].startswith("comet") else 1.0
                cases.append({**base, "statistic": "kendall", "variant": variant, "epsilon": epsilon,
                              "value": _num(corr.KendallVariants(average_by, variant, epsilon)[0])})
            for threshold in (25.0, 1.0, 0.0):
                cases.append({**base, "statistic": "kendall_like", "threshold": threshold,
                              "value": _num(corr.KendallLike(average_by, threshold)[0])})
            cases.append({**base, "statistic": "pearson", "value": _num(corr.Pearson(average_by)[0])})
            for variant in ("acc23", "23"):
                best, threshold, result = stats.KendallWithTiesOpt(
                    _flat(gold), _flat(metric), variant, num_sys, average_by, 1.0)
                case = {**base, "statistic": "tie_calibrated", "variant": variant, "value": _num(best),
                        "threshold": _num(threshold), "num_thresholds": len(result.thresholds)}
                if len(result.taus) <= 400:
                    case["thresholds"] = [_num(t) for t in result.thresholds]
                    case["taus"] = [_num(t) for t in result.taus]
                else:  # every 37th, and the last: enough to pin the running sum down
                    picks = list(range(0, len(result.taus), 37)) + [len(result.taus) - 1]
                    case["picks"] = picks
                    case["thresholds_picked"] = [_num(result.thresholds[i]) for i in picks]
                    case["taus_picked"] = [_num(result.taus[i]) for i in picks]
                cases.append(case)
    return cases


def pce_cases(oracle, inputs) -> list[dict]:
    import numpy as np

    stats, pce = oracle["stats"], oracle["pce"]
    cases = []
    for data in inputs:
        gold = data["gold"]
        if any(v is None for row in gold for v in row) and len({sum(v is None for v in row) for row in gold}) != 1:
            continue  # the oracle's reshape cannot pair them: bleuprint refuses such input
        settings = [(1000, 4)] + ([(200, 11)] if data["id"] in ("mqm-5x30", "int-4x20") else [])
        for num_permutations, seed in settings:
            for index, metric in enumerate(data["metrics"]):
                has_none = any(v is None for row in gold for v in row)
                spa = stats.PairwiseConfidenceError(_flat(gold), _flat(metric), len(gold), num_permutations,
                                                    filter_nones=has_none)[0]
                kept_gold = [[v for v in row if v is not None] for row in gold]
                kept_metric = [[m for g, m in zip(grow, mrow) if g is not None] for grow, mrow in zip(gold, metric)]
                p_gold = pce.compute_pairwise_p_values(np.asarray(kept_gold, dtype=float), num_permutations, seed)
                p_metric = pce.compute_pairwise_p_values(np.asarray(kept_metric, dtype=float), num_permutations, seed)
                case = {"input": data["id"], "metric": index, "statistic": "soft_pairwise_accuracy",
                        "num_permutations": num_permutations, "seed": seed,
                        "p_gold": _upper(p_gold), "p_metric": _upper(p_metric),
                        "value": _num(pce.compute_one_minus_pce(p_gold, p_metric))}
                if seed == 4:
                    case["value_via_stats"] = _num(spa)
                cases.append(case)
    return cases


def agreement_cases(oracle) -> list[dict]:
    stats = oracle["stats"]
    rnd = random.Random(3601)
    cases = []
    for size in (2, 3, 5, 8, 15):
        groups = []
        for _ in range(rnd.choice((1, 2, 3))):
            gold = [rnd.choice((None, 1.0, 2.0, 2.0, 3.5, -1.0)) if size > 3 else rnd.choice((1.0, 2.0, 2.0))
                    for _ in range(size)]
            metric = [rnd.choice((0.5, 0.5, 0.75, 1.0)) for _ in range(size)]
            groups.append((gold, metric))
        agree = pairs = 0
        per_group = []
        for gold, metric in groups:
            a, p = stats.Agreement(gold, metric)
            per_group.append([int(a), int(p)])
            agree += a
            pairs += p
        cases.append({"statistic": "pairwise_accuracy", "groups": [[g, m] for g, m in groups],
                      "agreement": per_group, "value": _num(agree / pairs) if pairs else None})
    return cases


def williams_cases(oracle, inputs) -> list[dict]:
    import scipy.stats

    stats = oracle["stats"]
    cases = []
    for r12, r13, r23, n in ((0.9, 0.8, 0.7, 15), (0.5, 0.45, 0.9, 200), (0.3, 0.1, 0.2, 10), (-0.2, 0.4, 0.1, 1000),
                             (0.95, 0.2, 0.1, 5000), (0.7, 0.7, 0.5, 30), (0.99, 0.1, 0.05, 4000)):
        for one_sided in (True, False):
            cases.append({"statistic": "williams_test", "r12": r12, "r13": r13, "r23": r23, "n": n,
                          "one_sided": one_sided, "value": _num(stats.WilliamsTest(r12, r13, r23, n, one_sided))})
    for t, df in ((0.0, 5), (0.5, 3), (1.7, 12), (2.5, 40), (4.0, 7), (9.0, 2), (12.0, 1), (1.0, 1000.0), (6.0, 5000.0)):
        cases.append({"statistic": "t_sf", "t": t, "df": df, "value": _num(scipy.stats.t.sf(t, df))})
    for data in inputs:
        gold, (m1, m2) = data["gold"], data["metrics"]
        num_sys = len(gold)
        for average_by in ("none", "item"):
            corr_fcn = stats.AverageCorrelation(scipy.stats.pearsonr, num_sys, average_by)
            c1 = stats.Correlation(num_sys, _flat(gold), _flat(m1))
            c2 = stats.Correlation(num_sys, _flat(gold), _flat(m2))
            p, r1, r2 = stats.WilliamsSigDiff(c1, c2, corr_fcn)
            cases.append({"statistic": "williams", "input": data["id"], "average_by": average_by,
                          "value": _num(p), "r1": _num(r1), "r2": _num(r2)})
    return cases


def perm_both_cases(oracle, inputs) -> list[dict]:
    import numpy as np
    import scipy.stats

    stats = oracle["stats"]
    cases = []
    chosen = {"mqm-5x30": ("item", "pearson"), "comet-2x120": ("none", "pearson"), "da-6x25": ("none", "kendall"),
              "da-4x30-missing-cells": ("sys", "pearson"), "mqm-8x12": ("item", "kendall")}
    for data in inputs:
        if data["id"] not in chosen:
            continue
        average_by, correlation = chosen[data["id"]]
        gold, (m1, m2) = data["gold"], data["metrics"]
        num_sys = len(gold)
        c1 = stats.Correlation(num_sys, _flat(gold), _flat(m1))
        c2 = stats.Correlation(num_sys, _flat(gold), _flat(m2))
        for k, block, seed in ((200, 50, 5), (300, 1000, 17)):
            params = stats.PermutationSigDiffParams(block_size=block)
            np.random.seed(seed)
            if correlation == "pearson":
                p, delta, used, _ = stats.PermutationSigDiff(c1, c2, scipy.stats.pearsonr, average_by, k, params)
            else:
                p, delta, used, _ = stats.PermutationSigDiff(c1, c2, stats.KendallVariants, average_by, k, params,
                                                             variant="b")
            cases.append({"statistic": "perm_both", "input": data["id"], "average_by": average_by,
                          "correlation": correlation, "variant": "b", "k": k, "block_size": block, "seed": seed,
                          "value": _num(p), "delta": _num(delta), "k_used": int(used)})
    return cases


def perm_pairs_cases(oracle, inputs, sig_inputs) -> list[dict]:
    """The permutation test over pairs (``stats.PairwisePermutationSigDiff``, tie thresholds
    calibrated on every pair, ``sample_rate=1.0``) after ``numpy.random.seed(seed)``, with the
    thresholds ``stats.KendallWithTiesOpt`` finds: metric pairs far apart (``inputs``: p 0 or
    1, early stopping at the first block) and close (``sig_inputs``' noisy copies of the
    gold: p-values between, so the rounds' draws decide). ``metrics`` names the two metrics
    (an index in ``inputs``, a name in ``sig_inputs``), metric1 first. Inputs where some
    vector keeps a single rated cell are not chosen: the oracle divides by zero there."""
    import numpy as np

    stats = oracle["stats"]
    cases = []
    far = {"mqm-5x30": (("item", "acc23"), ("sys", "acc23")), "mqm-3x200": (("item", "acc23"),),
           "da-6x25": (("item", "acc23"), ("item", "23")), "int-4x20": (("item", "acc23"),),
           "mqm-5x40-unrated-segments": (("item", "acc23"),), "da-4x30-missing-cells": (("sys", "acc23"),),
           "mqm-8x12": (("none", "acc23"), ("item", "acc23"))}
    close = {"sig-mqm-5x24": ((("A", "B"), "item", "acc23"), (("B", "D"), "item", "acc23"),
                              (("A", "D"), "sys", "acc23"), (("B", "A"), "item", "23")),
             "sig-da-4x40": ((("m1", "m3"), "item", "acc23"), (("m3", "m2"), "item", "acc23"),
                             (("m1", "m3"), "none", "acc23"))}
    chosen = [(data, pair, average_by, variant) for data in inputs for pair in ((0, 1), (1, 0))
              for average_by, variant in far.get(data["id"], ())]
    chosen += [(data, pair, average_by, variant) for data in sig_inputs
               for pair, average_by, variant in close.get(data["id"], ())]
    settings = ((200, 50, 5), (300, 1000, 17), (400, 100, 23))
    for index, (data, pair, average_by, variant) in enumerate(chosen):
        gold = data["gold"]
        num_sys = len(gold)
        corrs = [stats.Correlation(num_sys, _flat(gold), _flat(data["metrics"][name])) for name in pair]
        epsilons = [float(stats.KendallWithTiesOpt(c.gold_scores, c.metric_scores, variant, num_sys, average_by,
                                                   1.0)[1]) for c in corrs]
        for k, block, seed in settings if data["id"].startswith("sig-") else settings[index % 2::2]:
            np.random.seed(seed)
            p, delta, used, _ = stats.PairwisePermutationSigDiff(
                corrs[0], corrs[1], variant, average_by, k, stats.PermutationSigDiffParams(block_size=block),
                sample_rate=1.0)
            cases.append({"statistic": "perm_pairs", "input": data["id"], "metrics": list(pair),
                          "average_by": average_by, "variant": variant, "k": k, "block_size": block, "seed": seed,
                          "epsilons": epsilons, "value": _num(p), "delta": _num(delta), "k_used": int(used)})
    return cases


def load_data_module(path):
    """mt-metrics-eval's ``data.py``, imported from the checkout with a stand-in for
    ``apache_beam`` (imported at its top, used only by ``parallel_file``, which the goldens
    never pass) and for ``dacite`` (imported by ``ratings.py``, used only to read rating files), so its own ``CompareMetrics``, ``CompareMetricsWithGlobalAccuracy``,
    ``ComputeSigMatrix`` and ``AssignRanks`` make the significance matrices."""
    import types

    root = Path(path).resolve()
    stubs = [name for name in ("apache_beam", "dacite") if name not in sys.modules]
    for name in stubs:
        sys.modules[name] = types.ModuleType(name)
    sys.path.insert(0, str(root))
    try:
        data = importlib.import_module("mt_metrics_eval.data")
    finally:
        sys.path.remove(str(root))
        for name in stubs:
            del sys.modules[name]
    if not Path(data.__file__).resolve().is_relative_to(root):
        raise SystemExit(f"mt_metrics_eval.data was imported from {data.__file__}, not from {root}")
    return data


class _SystemLevelEvalSet:
    """The few ``data.EvalSet`` members ``CompareMetricsWithGlobalAccuracy`` reads (through
    ``GetCorrelations`` at system level), holding given scores. Its ``Correlation`` lists the
    systems in the given order (the real one iterates a ``set`` of names, whose order changes
    with ``PYTHONHASHSEED``; bleuprint takes the human file's order: docs/meta-eval.md)."""

    def __init__(self, stats, systems, gold, metrics):
        self._stats, self._systems = stats, list(systems)
        self._scores = {"mqm": {s: [g] for s, g in zip(systems, gold)}}
        self._scores.update({name: {s: [v] for s, v in zip(systems, values)} for name, values in metrics.items()})
        self.levels, self.sys_names = {"sys"}, set(systems)
        self.human_sys_names, self.outlier_sys_names, self.primary_metrics = set(), set(), set()
        self.metric_names = list(metrics)

    def Scores(self, level, name):  # noqa: N802 (the oracle's names)
        return self._scores[name]

    def ParseMetricName(self, name):  # noqa: N802
        return name, set()

    def DisplayName(self, name, fmt="spreadsheet"):  # noqa: N802
        return name

    def Correlation(self, gold_scores, metric_scores, sys_names=None):  # noqa: N802
        chosen = [s for s in self._systems if s in set(sys_names)]
        return self._stats.Correlation(len(chosen), [v for s in chosen for v in gold_scores[s]],
                                       [v for s in chosen for v in metric_scores[s]])


def significance_inputs() -> list[dict]:
    """Inputs of the significance-matrix cases: one human matrix and four metrics each
    (``random.Random(3602)``, drawn after and apart from ``build_inputs``)."""
    rnd = random.Random(3602)
    sets = []
    g = with_missing(rnd, matrix(rnd, 5, 24, "mqm"), 0.15, whole_columns=True)
    sets.append({"id": "sig-mqm-5x24", "gold": g,
                 "metrics": {"A": noisy_copy(rnd, g, "comet", 0.15), "B": noisy_copy(rnd, g, "comet", 0.4),
                             "C": matrix(rnd, 5, 24, "comet"), "D": noisy_copy(rnd, g, "mqm", 1.5)}})
    g = matrix(rnd, 4, 40, "da", [0, 8, 16, 24])
    sets.append({"id": "sig-da-4x40", "gold": g,
                 "metrics": {"m1": noisy_copy(rnd, g, "da", 12.0), "m2": noisy_copy(rnd, g, "da", 25.0),
                             "m3": noisy_copy(rnd, g, "da", 12.0), "m4": matrix(rnd, 4, 40, "da")}})
    # system level, three language pairs of 4, 6 and 5 systems
    lps = []
    for size in (4, 6, 5):
        gold = [round(rnd.gauss(0, 3), 2) for _ in range(size)]
        lps.append({"systems": [f"sys{i}" for i in range(size)], "gold": gold,
                    "metrics": {name: [round(v + rnd.gauss(0, noise), 2) for v in gold]
                                for name, noise in (("good", 1.0), ("fair", 2.5), ("poor", 6.0), ("fair2", 2.5))}})
    sets.append({"id": "sig-sys-3lps", "language_pairs": lps})
    return sets


def significance_cases(path, oracle, sig_inputs) -> list[dict]:
    """PERM-BOTH significance matrices and ranks from the oracle's own ``data.CompareMetrics`` /
    ``CompareMetricsWithGlobalAccuracy`` / ``CompareMetricsWithPairwiseConfidenceError`` after
    ``numpy.random.seed(seed)``, and Williams'
    p-values of every pair in that order (``stats.WilliamsSigDiff``)."""
    import numpy as np
    import scipy.stats

    stats = oracle["stats"]
    data = load_data_module(path)
    cases = []

    def record(base, result, extra=None):
        ranked, sig = result[0], result[1]
        cases.append({**base, "statistic": "significance_matrix", "order": list(ranked),
                      "values": [_num(ranked[m][0]) for m in ranked], "ranks": [int(ranked[m][1]) for m in ranked],
                      "p": _upper(sig.tolist()), **(extra or {})})

    for item in sig_inputs:
        if "language_pairs" in item:
            evs_list = [_SystemLevelEvalSet(stats, lp["systems"], lp["gold"], lp["metrics"])
                        for lp in item["language_pairs"]]
            for k, block, seed in ((300, 100, 1), (1000, 1000, 2)):
                np.random.seed(seed)
                result = data.CompareMetricsWithGlobalAccuracy(
                    evs_list, [set()] * len(evs_list), [set()] * len(evs_list), False, False, "mqm", False, k=k,
                    psd=stats.PermutationSigDiffParams(block_size=block))
                record({"input": item["id"], "correlation": "accuracy", "level": "sys", "average_by": "none",
                        "k": k, "block_size": block, "seed": seed}, result)
            for index, lp in enumerate(item["language_pairs"]):  # Pearson at system level, one language pair
                corrs = {name: stats.Correlation(len(lp["gold"]), lp["gold"], values)
                         for name, values in lp["metrics"].items()}
                np.random.seed(10 + index)
                result = data.CompareMetrics(corrs, scipy.stats.pearsonr, "none", 500,
                                             stats.PermutationSigDiffParams(block_size=100))
                record({"input": item["id"], "language_pair": index, "correlation": "pearson", "level": "sys",
                        "average_by": "none", "k": 500, "block_size": 100, "seed": 10 + index}, result)
            continue
        gold, metrics = item["gold"], item["metrics"]
        num_sys = len(gold)
        corrs = {name: stats.Correlation(num_sys, _flat(gold), _flat(m)) for name, m in metrics.items()}
        for average_by, k, block, seed in (("item", 200, 50, 7), ("none", 1000, 100, 3), ("sys", 300, 1000, 5)):
            np.random.seed(seed)
            result = data.CompareMetrics(corrs, scipy.stats.pearsonr, average_by, k,
                                         stats.PermutationSigDiffParams(block_size=block))
            order = list(result[0])
            wrapper = stats.AverageCorrelation(scipy.stats.pearsonr, num_sys, average_by)
            williams = [_num(stats.WilliamsSigDiff(corrs[order[i]], corrs[order[j]], wrapper)[0])
                        for i in range(len(order)) for j in range(i + 1, len(order))]
            record({"input": item["id"], "correlation": "pearson", "level": "seg", "average_by": average_by,
                    "k": k, "block_size": block, "seed": seed}, result, {"williams": williams})
        for k, block, seed in ((200, 50, 11), (1000, 100, 12)):
            np.random.seed(seed)
            result = data.CompareMetrics(corrs, stats.KendallWithTiesOpt, "item", k,
                                         stats.PermutationSigDiffParams(block_size=block), perm_test="pairs",
                                         sample_rate=1.0)
            record({"input": item["id"], "correlation": "acc23", "level": "seg", "average_by": "item", "k": k,
                    "block_size": block, "seed": seed, "perm_test": "pairs"}, result)
        np.random.seed(9)
        result = data.CompareMetricsWithPairwiseConfidenceError(corrs, 100, stats.PermutationSigDiffParams(block_size=50))
        record({"input": item["id"], "correlation": "pce", "level": "sys", "average_by": "none", "k": 100,
                "block_size": 50, "seed": 9}, result)
    return cases


# ---------------------------------------------------------------------------------------
# the document


def checkout_commit(path) -> str | None:
    """The commit of a git checkout at ``path``, or None when it is not one."""
    try:
        out = subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip() or None


def build_document(path, commit: str | None = None) -> dict:
    import numpy
    import scipy

    commit = commit or checkout_commit(path)
    if not commit:
        raise SystemExit(f"{path} is not a git checkout: give the commit it holds with --commit")
    oracle = load_oracle(path)
    inputs = build_inputs()
    cases = (correlation_cases(oracle, inputs) + pce_cases(oracle, inputs) + agreement_cases(oracle)
             + williams_cases(oracle, inputs) + perm_both_cases(oracle, inputs))
    sig_inputs = significance_inputs()
    cases += perm_pairs_cases(oracle, inputs, sig_inputs)
    cases += significance_cases(path, oracle, sig_inputs)
    root = Path(path)
    return {
        "name": "metaeval",
        "command": COMMAND,
        "oracle": {"repository": REPOSITORY, "commit": commit,
                   "sha256": {f: hashlib.sha256((root / f).read_bytes()).hexdigest() for f in FILES}},
        "versions": {"numpy": numpy.__version__, "scipy": scipy.__version__, "python": platform.python_version()},
        "inputs": inputs,
        "significance_inputs": sig_inputs,
        "cases": cases,
    }


def golden_document() -> dict:
    """The stored fixture (package data; a fresh copy each call). Needs neither scipy nor the
    oracle."""
    from importlib import resources

    text = resources.files("bleuprint.oracles").joinpath("goldens_mtme/metaeval.json").read_text(encoding="utf-8")
    return json.loads(text)


def render(document: dict) -> str:
    return json.dumps(document, indent=1, sort_keys=True, allow_nan=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bleuprint.oracles.mtme_goldens", description=__doc__.splitlines()[0])
    parser.add_argument("--mtme", required=True, type=Path, help="root of a google-research/mt-metrics-eval checkout")
    parser.add_argument("--commit", help="the commit the checkout holds (read from its git when it is a clone)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare with the stored file, write nothing")
    args = parser.parse_args(argv)
    text = render(build_document(args.mtme, args.commit))
    cases = len(json.loads(text)["cases"])
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'up to date' if same else 'DIFFERS'} ({cases} cases)")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"{args.out}: {cases} cases, {len(text.encode('utf-8'))} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
