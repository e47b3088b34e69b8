"""Vectors of statistics computed from given scores, not from segments: COMET's compare
statistics (``model_score_compare.json``: ``bleuprint.metrics.model_score.comet_spec``),
the WMT metrics task's meta-evaluation statistics (``metaeval_statistics.json``:
``bleuprint.metaeval.spec``) and MAUVE from histograms (``mauve_statistics.json``:
``bleuprint.metrics.mauve.spec``, a pair of functions rather than a registered metric), schema ``bleuprint_statistics_vectors_v2.json``.

A test names a spec function (its group's ``function``), gives its keyword arguments
(``args``), its class (``must-pass``: every test is valid, and none reproduces an accident of
an implementation) and the result (``expected``), as JSON: tuples become arrays, a dict of system
pairs ``{(i, j): p}`` an array of ``[i, j, p]``, a dataclass an object. Whole numbers equal
exactly; other numbers within ``scoreTolerance``. The expected values are the spec's; the
spec's are checked against COMET's, mt-metrics-eval's and mauve-text's own code by the goldens
(``tests/spec/test_comet_compare_goldens.py``, ``tests/metaeval``, ``tests/spec/test_mauve_definition.py``). Each planted mutant of
those conventions fails at least one of these tests (the adequacy pass of ``bleuprint
vectors export`` flags it).
"""

from __future__ import annotations

import dataclasses
import importlib
import math

from .build import MUST_PASS

#: Version 2 is version 1 with each test's ``class`` (as every other vector file has);
#: files of generator 1.0.0 (v1) are still read.
STATISTICS_SCHEMA = "bleuprint_statistics_vectors_v2.json"
STATISTICS_SCHEMAS = (STATISTICS_SCHEMA, "bleuprint_statistics_vectors_v1.json")
GENERATOR_VERSION = "1.1.0"
SCORE_TOLERANCE = 1e-9

HEADER = [
    "Test vectors of statistics computed from given scores (not from segments), generated from",
    "bleuprint's specification, whose values the goldens hold to COMET's and mt-metrics-eval's code.",
    "Each testGroup names a function; each test gives its keyword arguments (args) and its result",
    "(expected): tuples as arrays, {(i, j): p} as [[i, j, p], ...], a record as an object.",
    "Whole numbers equal exactly, other numbers within scoreTolerance; null is null.",
]

COMET = "bleuprint.metrics.model_score.comet_spec"
METAEVAL = "bleuprint.metaeval.spec"
MAUVE = "bleuprint.metrics.mauve.spec"

_GOLD = [[0.0, -1.0, -5.0, 0.0, -2.0, -1.0], [-1.0, -1.0, 0.0, -25.0, 0.0, -5.0], [0.0, 0.0, -1.0, -2.0, -1.0, 0.0]]
_METRIC = [[0.9, 0.7, 0.5, 0.9, 0.6, 0.8], [0.8, 0.7, 0.9, 0.1, 0.95, 0.6], [0.9, 0.85, 0.7, 0.6, 0.7, 0.9]]
_METRIC2 = [[0.7, 0.8, 0.4, 0.9, 0.5, 0.6], [0.9, 0.6, 0.8, 0.2, 0.7, 0.7], [0.95, 0.9, 0.6, 0.5, 0.8, 0.85]]
#: _METRIC with a few cells moved: close to it (the pairs test's p-value between 0 and 1).
_METRIC3 = [[0.9, 0.7, 0.5, 0.85, 0.6, 0.8], [0.8, 0.75, 0.9, 0.1, 0.6, 0.6], [0.9, 0.85, 0.6, 0.6, 0.7, 0.95]]
_TWENTY = {"a": [((k * 37) % 11) / 13 + 0.1 for k in range(20)], "b": [((k * 17) % 7) / 9 for k in range(20)]}
_FORTY = {"a": [k / 7 + 0.3 for k in range(40)], "b": [k / 9 for k in range(40)]}

#: ``(file, metric, family, module, [(function, [(comment, args), ...]), ...])``.
FILES = [
    ("model_score_compare.json", "model_score", "compare", COMET, [
        ("comet_compare", [
            ("two systems of 20 segments, 3 splits of 8", {"systems": _TWENTY, "num_splits": 3, "sample_ratio": 0.4,
                                                           "seed": 1}),
            ("a difference of exactly float32(0.001) wins, just below it ties",
             {"systems": {"x": [0.001, 0.5009999, 0.25], "y": [0.0, 0.5, 0.25]}, "num_splits": 10,
              "sample_ratio": 0.4, "seed": 3}),
            ("4 segments: a split of int(4 x 0.4) = 1", {"systems": {"a": [0.1, 0.9, 0.4, 0.2], "b": [0.5] * 4},
                                                         "num_splits": 20, "sample_ratio": 0.4, "seed": 1}),
            ("one split: numpy sums the column pairwise", {"systems": _FORTY, "num_splits": 1, "sample_ratio": 1.0,
                                                           "seed": 1}),
            ("three systems, COMET 1.x's seed", {"systems": {"a": [0.1, 0.5, 0.3, 0.8, 0.6], "b": [0.2, 0.4, 0.35, 0.7, 0.6],
                                                             "c": [0.0, 0.6, 0.2, 0.9, 0.5]},
                                                 "num_splits": 7, "sample_ratio": 0.4, "seed": 12}),
        ]),
    ]),
    ("metaeval_statistics.json", "", "metaeval", METAEVAL, [
        ("kendall_like_counts", [
            ("a gold difference equal to the threshold counts (>=)", {"gold": [1.0, 1.0, 3.0], "metric": [0.1, 0.2, 0.3],
                                                                      "threshold": 0.0}),
            ("WMT20's threshold 25", {"gold": [0.0, 30.0, 25.0, 60.0], "metric": [0.4, 0.3, 0.2, 0.1],
                                      "threshold": 25.0}),
        ]),
        ("kendall_like", [
            ("averaged by item, weighted by counted pairs", {"gold": [[30.0, 0.0], [0.0, 50.0], [60.0, 0.0]],
                                                             "metric": [[0.1, 0.3], [0.2, 0.1], [0.3, 0.2]],
                                                             "average_by": "item", "threshold": 25.0}),
        ]),
        ("pairwise_p_values", [
            ("scores equal in float32", {"seg_scores": [[1.0 + 2.0 ** -30], [1.0]], "num_permutations": 50, "seed": 4}),
            ("three systems, one shared sign matrix", {"seg_scores": _GOLD, "num_permutations": 100, "seed": 4}),
        ]),
        ("soft_pairwise_accuracy", [
            ("three systems of six segments", {"gold": _GOLD, "metric": _METRIC, "num_permutations": 100, "seed": 4}),
        ]),
        ("tie_calibrated", [
            ("the tie threshold search of acc23", {"gold": [[0.0], [0.0], [-1.0]], "metric": [[0.5], [0.51], [0.2]],
                                                   "variant": "acc23", "average_by": "item"}),
            ("by item over six items", {"gold": _GOLD, "metric": _METRIC, "variant": "acc23", "average_by": "item"}),
        ]),
        ("kendall", [
            ("Kendall's tau-b by item", {"gold": _GOLD, "metric": _METRIC, "variant": "b", "average_by": "item"}),
        ]),
        ("perm_both", [
            ("PERM-BOTH with early stopping in blocks of 10", {"gold": _GOLD, "metric1": _METRIC, "metric2": _METRIC,
                                                               "correlation": "pearson", "average_by": "none", "k": 40,
                                                               "seed": 3, "block_size": 10}),
            ("two metrics, Pearson", {"gold": _GOLD, "metric1": _METRIC, "metric2": _METRIC2, "correlation": "pearson",
                                      "average_by": "none", "k": 50, "seed": 1, "block_size": 10}),
        ]),
        ("perm_pairs", [
            ("acc23's test over pairs, identical metrics: every round counts (>=)",
             {"gold": _GOLD, "metric1": _METRIC, "metric2": _METRIC, "variant": "acc23", "average_by": "item", "k": 20,
              "seed": 3, "block_size": 10}),
            ("rounds that never count: no early stopping, all k rounds",
             {"gold": _GOLD, "metric1": _METRIC2, "metric2": _METRIC, "variant": "acc23", "average_by": "item",
              "k": 40, "seed": 3, "block_size": 10}),
            ("close metrics, each with its own tie threshold; n x n draws a vector",
             {"gold": _GOLD, "metric1": _METRIC3, "metric2": _METRIC, "variant": "acc23", "average_by": "item",
              "k": 200, "seed": 3, "block_size": 1000}),
        ]),
    ]),
    ("mauve_statistics.json", "", "mauve", MAUVE, [
        ("mauve_from_histograms", [
            ("two histograms over three buckets, every bucket on both sides", {"p_hist": [3, 1, 2], "q_hist": [1, 2, 3]}),
            ("one-sided buckets: each adds a quarter of its mass to the frontier integral",
             {"p_hist": [1, 0, 2], "q_hist": [0, 1, 3], "curve_points": 5}),
            ("disjoint histograms", {"p_hist": [1, 0], "q_hist": [0, 1], "curve_points": 3}),
            ("a scaling factor of 2 and add-one smoothing", {"p_hist": [5, 0, 1], "q_hist": [2, 2, 2],
                                                             "scaling_factor": 2.0, "curve_points": 4,
                                                             "smoothing": 1.0}),
        ]),
    ]),
]


def to_json(value):
    """A spec result as JSON data (module doc)."""
    if dataclasses.is_dataclass(value):
        return {k: to_json(v) for k, v in dataclasses.asdict(value).items()}
    if isinstance(value, dict):
        return [[*key, to_json(v)] if isinstance(key, tuple) else [key, to_json(v)] for key, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    return value


def call(module: str, function: str, args: dict):
    return to_json(getattr(importlib.import_module(module), function)(**args))


def difference(found, expected, where: str = "expected") -> str | None:
    """None when ``found`` is ``expected`` (whole numbers exactly, other numbers within the
    tolerance), else where and how they differ."""
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        return None if found == expected else f"{where}: {found!r} != {expected!r}"
    if isinstance(expected, int) and isinstance(found, int) and not isinstance(found, bool):
        return None if found == expected else f"{where}: {found!r} != {expected!r}"
    if isinstance(expected, (int, float)):
        if isinstance(found, bool) or not isinstance(found, (int, float)):
            return f"{where}: {found!r} is not a number"
        return None if abs(found - expected) <= SCORE_TOLERANCE else f"{where}: {found!r} != {expected!r}"
    if isinstance(expected, list):
        if not isinstance(found, list) or len(found) != len(expected):
            return f"{where}: {found!r} != {expected!r}"
        for k, (a, b) in enumerate(zip(found, expected)):
            message = difference(a, b, f"{where}[{k}]")
            if message:
                return message
        return None
    if isinstance(expected, dict):
        if not isinstance(found, dict) or set(found) != set(expected):
            return f"{where}: keys {sorted(found) if isinstance(found, dict) else found!r} != {sorted(expected)}"
        for key in expected:
            message = difference(found[key], expected[key], f"{where}.{key}")
            if message:
                return message
        return None
    return f"{where}: cannot compare {expected!r}"


def build_document(file: str) -> dict:
    (entry,) = [f for f in FILES if f[0] == file]
    _, metric, family, module, functions = entry
    groups, tc_id = [], 0
    for function, cases in functions:
        tests = []
        for comment, args in cases:
            tc_id += 1
            tests.append({"tcId": tc_id, "comment": comment, "flags": [], "args": args, "class": MUST_PASS,
                          "expected": call(module, function, args)})
        groups.append({"module": module, "function": function, "tests": tests})
    from .. import __version__

    return {"schema": STATISTICS_SCHEMA, "metric": metric, "family": family,
            "specVersion": {"bleuprint": __version__}, "generatorVersion": GENERATOR_VERSION,
            "numberOfTests": tc_id, "header": HEADER, "scoreTolerance": SCORE_TOLERANCE, "notes": {},
            "testGroups": groups}


def statistics_files(metrics=None, shared: bool | None = None) -> dict:
    """``{file name: document}``: every file for a whole export (``metrics`` None), else the
    files of the metrics named, and the files of no metric (the meta-evaluation's and
    MAUVE's) where ``shared`` (default: only in a whole export)."""
    shared = metrics is None if shared is None else shared
    return {file: build_document(file) for file, metric, *_ in FILES
            if metrics is None or (metric in metrics if metric else shared)}


def evaluate_test(document: dict, group: dict, test: dict) -> str | None:
    """None when the spec gives the test's expected result, else one line."""
    if group.get("module") not in (COMET, METAEVAL, MAUVE):
        return f"unknown module {group.get('module')!r}"
    return difference(call(group["module"], group["function"], test["args"]), test["expected"])
