"""Interval and paired-test vectors (issue 14): one file per registered metric.

``interval_files()`` returns ``{"NAME_intervals.json": document}`` for every metric of the
registry (``bleuprint.core.metric_names``), schema ``bleuprint_interval_vectors_v1.json``.
Each test group has a ``kind`` and every parameter written out (the metric's options with
their defaults filled in, and the interval's ``parameters``):

* ``bootstrap-indices``: the bootstrap percentile interval with the resamples *given*
  (``resamples[k]`` lists the 0-based segment indices of resample k), so a port needs no
  numpy PCG64; expected: the segments' statistics, the corpus score, every resample's
  score, the order statistics used and the interval (``spec.intervals.bootstrap_with_indices``).
* ``bootstrap-seed``: the same from ``numpy.random.default_rng(seed)``, sacreBLEU's
  ``SACREBLEU_SEED`` draw (``spec.intervals.bootstrap``), for ports that reproduce it.
* ``paired-bs-indices`` / ``paired-bs-seed``: the paired bootstrap test of 1-2 systems
  against a baseline (``spec.significance.paired_bootstrap_with_indices`` /
  ``paired_bootstrap``): p-values, means and half-widths.
* ``paired-ar-masks`` / ``paired-ar-seed``: paired approximate randomization with the
  trials given (``takeBaseline[t][i]``) or from the seed
  (``paired_approximate_randomization_with_masks`` / ``paired_approximate_randomization``).

Expected values are computed by the spec (``expected_values``); ``evaluate_test`` computes
them again and compares, so a planted mutant of the spec shows as a difference. Only the
*inputs* are written here (the corpora, the given resamples and trials: drawn with
``random.Random``, stable across versions). The seed groups are checked against sacreBLEU
by ``bleuprint.oracles.vectors_check.check_interval_files``; this module imports no oracle.
The metric's options of every group come from ``bleuprint.vectors.hooks.interval_options``.
"""

from __future__ import annotations

import copy
import json
import random

from ..core import get_metric, metric_names
from .corpora import INTERVAL_POOL as _POOL
from .hooks import vector_hooks
from ..core.options import option_defaults
from ..spec.inputs import input_hooks

#: The schema of an interval vector file (``bleuprint/vectors/schemas/``), by level: level 1,
#: text with references; level 2 adds null refs (a metric without references) and lines
#: that are arrays of numbers (the inputs protocol's ``segment_kind``); level 3 adds segments of token
#: embeddings (arrays of arrays of numbers: BERTScore) and references that are not text
#: (embedding similarity's vectors); level 4 adds lines that are numbers (a model's score
#: of a segment: model_score). Each level is written only for the metrics that need it.
#: Generator 1.1.0 writes them as v5-v8 (each test's ``class``); the files of 1.0.0 are
#: still read: levels 1-3 as v1-v3 and level 4 as v4 (v4 was taken by the numbers before
#: the classes came, so the classes start at v5: a version number means one schema).
INTERVAL_SCHEMA = "bleuprint_interval_vectors_v5.json"
INTERVAL_SCHEMA_V2 = "bleuprint_interval_vectors_v6.json"
INTERVAL_SCHEMA_V3 = "bleuprint_interval_vectors_v7.json"
INTERVAL_SCHEMA_V4 = "bleuprint_interval_vectors_v8.json"
OLD_INTERVAL_SCHEMAS = tuple(f"bleuprint_interval_vectors_v{v}.json" for v in (1, 2, 3, 4))
INTERVAL_SCHEMAS = (INTERVAL_SCHEMA, INTERVAL_SCHEMA_V2, INTERVAL_SCHEMA_V3, INTERVAL_SCHEMA_V4) + OLD_INTERVAL_SCHEMAS


def interval_schema(pool: list, shared: bool = False) -> str:
    """The earliest schema level that holds ``pool``'s segments (``bleuprint.vectors.hooks.interval_pool``):
    level 1 for text with references, level 4 for lines that are numbers, level 2 for
    references left out or lines of numbers with text references, else level 3."""
    if shared:
        return INTERVAL_SCHEMA
    lines = [line for segment in pool for line in segment[:3]]
    refs = [] if pool[0][3] is None else [ref for segment in pool for ref in segment[3]]
    if pool[0][3] is not None and all(isinstance(line, str) for line in lines):
        return INTERVAL_SCHEMA
    if any(isinstance(line, (int, float)) and not isinstance(line, bool) for line in lines):
        return INTERVAL_SCHEMA_V4
    flat = all(isinstance(line, str) or all(not isinstance(x, (list, tuple)) for x in line) for line in lines)
    if flat and all(isinstance(ref, str) for ref in refs):
        return INTERVAL_SCHEMA_V2
    return INTERVAL_SCHEMA_V3
#: The version of this generator (the layout of the documents it writes); 1.1.0: each test's
#: ``class`` (every interval test is ``must-pass``).
GENERATOR_VERSION = "1.1.0"
#: Absolute tolerance on scores, means, half-widths (metric's scale); p-values and integers exact.
SCORE_TOLERANCE = 1e-9
#: Seed of the given resamples and trials (``random.Random``).
INPUT_SEED = 1414

HEADER = [
    "Bootstrap confidence intervals and paired significance tests of a bleuprint metric, as",
    "sacreBLEU 2.5.1 computes them (--confidence, --paired-bs, --paired-ar), generated from",
    "bleuprint's specification; the seed groups are checked against sacreBLEU at generation.",
    "hyps (or baseline and each of systems) is the list of N hypotheses; refs[i] the references of segment i.",
    "Each testGroup has a kind, every metric option (options) and every interval parameter (parameters).",
    "Indices are 0-based into the N segments. resamples[k] is resample k: N segment indices, with",
    "repetition; its statistics are the rows stats[resamples[k][0]], stats[resamples[k][1]], ... summed",
    "in that order (in float32 unless parameters.exact), and its score is the metric's score of that sum.",
    "expected.scores[k] is the score of resample k. The scores are sorted ascending (stable);",
    "lowerIndex = floor(nBoot * alpha / 2), upperIndex = nBoot - 1 - lowerIndex (0-based order",
    "statistics, no interpolation); lower/upper are the sorted scores there, mean the mean of the",
    "scores (rounded to float32 when the scores are), halfWidth = (upper - lower) / 2 (sacreBLEU's ci).",
    "Seed groups: resamples = numpy.random.default_rng(seed).choice(N, size=(nBoot, N), replace=True).",
    "Paired bootstrap: baseline and every system are resampled with the same resamples;",
    "d_k = |sys_k - base_k|; pValue = (#{k : d_k - mean(d) > |score_sys - score_base|} + 1) / (n + 1),",
    "computed in the scores' dtype (float32 if every score is float32); mean and ci of each row use",
    "numpy's mean and the order statistics n // 40 and n - n // 40 - 1.",
    "Paired approximate randomization: in trial t pseudo-system A takes the baseline's segment i where",
    "takeBaseline[t][i] is true and the system's otherwise, B the other; sums are exact;",
    "pValue = (#{t : |score(A_t) - score(B_t)| > |score_sys - score_base|} + 1) / (n + 1).",
    "Seed groups: takeBaseline = numpy.random.default_rng(seed).integers(2, size=(n, N), dtype=bool),",
    "a fresh generator for each system.",
    "Scores, means, half-widths within an absolute scoreTolerance; integers and p-values exactly.",
    "A test is identified by (file, specVersion, tcId).",
]


def _note(kind: str, description: str, effect: str, mutants=()) -> dict:
    return {"kind": kind, "description": description, "effect": effect, "mutants": list(mutants)}


#: flag -> note (the style of ``bleuprint.vectors.corpora.NOTES``); ``mutants``: the planted
#: mutants these tests are known to catch (``tests/vectors/test_interval_vectors.py`` checks it).
NOTES = {
    "ResampleIndices": _note("layout", "the resamples are given as 0-based segment indices",
                             "statistics averaged instead of pooled; indices read 1-based or transposed",
                             ["s18"]),
    "SeedOnly": _note("random", "only the seed is given: the port draws numpy's PCG64 resamples itself",
                      "another generator call (one choice per resample, integers instead of choice)", ["s18"]),
    "TrialMasks": _note("layout", "the approximate randomization trials are given as booleans",
                        "the baseline and system swapped; the mask read per system instead of shared"),
    "Bootstrap": _note("edge-case", "a bootstrap percentile interval of the corpus score",
                       "the percentile rule (alpha instead of alpha / 2), a mean of sentence scores",
                       ["s18", "f28"]),
    "AlphaNotDefault": _note("edge-case", "an alpha other than 0.05",
                             "sacreBLEU's fixed n // 40 used for every alpha", ["f28"]),
    "ExactArithmetic": _note("edge-case", "parameters.exact: sums in exact integers, scores in float64",
                             "float32 sums kept where exact arithmetic is asked"),
    "SacrebleuDefaultN": _note("random", "sacreBLEU's default of 1000 resamples",
                               "the order statistics 25 and 974 of 1000"),
    "PairedBootstrap": _note("edge-case", "paired bootstrap resampling against a baseline",
                             "the statistic not centred; different resamples for baseline and system",
                             ["f29"]),
    "ApproximateRandomization": _note("edge-case", "paired approximate randomization against a baseline",
                                      "a centred statistic; trial sums rounded in float32"),
    "SeveralSystems": _note("layout", "two systems compared with the same baseline",
                            "the resamples or trials not restarted from the seed for each system"),
    "SingleSegment": _note("edge-case", "a corpus of one segment: every resample is the corpus",
                           "a zero-width interval handled as an error"),
    "IdenticalSegments": _note("edge-case", "segments that are all the same pair",
                               "every resample scores the same"),
    "TiedResampleScores": _note("edge-case", "some resamples have exactly the same score",
                                "an unstable sort, or ties broken by value, picking other order statistics"),
    "CorpusPooling": _note("layout", "segments of different lengths",
                           "a resample scored as the mean of its sentence scores", ["s18"]),
    "NonAscii": _note("edge-case", "letters outside ASCII", "bytes counted instead of characters"),
}

def _corpus(comment: str, flags: tuple, picks: list, systems: int = 0, pool: list = _POOL) -> dict:
    """A corpus of the pool's segments ``picks``; with ``systems``, 1 or 2 systems: the
    first takes the better line of every other segment, the second the worse line of
    every third (others keep the baseline's line). A pool whose references are None
    (``bleuprint.vectors.hooks.interval_pool`` of a metric without references) gives refs None."""
    baseline = [pool[p][0] for p in picks]
    refs = None if pool[0][3] is None else [list(pool[p][3]) for p in picks]
    corpus = {"comment": comment, "flags": list(flags), "hyps": baseline, "refs": refs}
    if systems:
        rows = [[pool[p][1] if i % 2 == 0 else pool[p][0] for i, p in enumerate(picks)]]
        if systems > 1:
            rows.append([pool[p][2] if i % 3 == 1 else pool[p][1] for i, p in enumerate(picks)])
        corpus["systems"] = rows
    return corpus


def bootstrap_corpora(pool: list = _POOL) -> list[dict]:
    """The corpora of the bootstrap groups, N = 1 .. 6, of ``pool``'s segments."""
    return [
        _corpus("one segment: every resample is the corpus", ("SingleSegment",), [0], pool=pool),
        _corpus("two segments of different lengths", ("CorpusPooling",), [1, 0], pool=pool),
        _corpus("three segments", ("CorpusPooling",), [0, 1, 2], pool=pool),
        _corpus("four copies of the same segment", ("IdenticalSegments",), [3, 3, 3, 3], pool=pool),
        _corpus("five segments", ("CorpusPooling",), [0, 1, 2, 3, 4], pool=pool),
        _corpus("six segments, one in German", ("CorpusPooling", "NonAscii"), [5, 4, 3, 2, 1, 0], pool=pool),
    ]


def paired_corpora(pool: list = _POOL) -> list[dict]:
    """The corpora of the paired groups (corpora with systems) of ``pool``'s segments."""
    return [
        _corpus("three segments, one system", ("CorpusPooling",), [0, 1, 2], systems=1, pool=pool),
        _corpus("five segments, two systems", ("CorpusPooling", "SeveralSystems"), [0, 1, 2, 3, 4], systems=2,
                pool=pool),
        _corpus("six segments, two systems", ("CorpusPooling", "SeveralSystems", "NonAscii"), [5, 4, 3, 2, 1, 0],
                systems=2, pool=pool),
    ]


#: The corpora of the bootstrap groups and of the paired groups, of the shared pool.
BOOTSTRAP_CORPORA = bootstrap_corpora()
PAIRED_CORPORA = paired_corpora()


#: The groups: (kind, parameters, indices of the corpora, extra flags). Seed groups are kept
#: small (the whole suite is evaluated under every planted mutant).
BOOTSTRAP_GROUPS = [
    ("bootstrap-indices", {"nBoot": 20, "alpha": 0.05, "exact": False}, [0, 1, 2, 3, 4, 5], ()),
    ("bootstrap-indices", {"nBoot": 10, "alpha": 0.3, "exact": False}, [1, 2, 4], ("AlphaNotDefault",)),
    ("bootstrap-indices", {"nBoot": 12, "alpha": 0.05, "exact": True}, [2, 5], ("ExactArithmetic",)),
    ("bootstrap-seed", {"nBoot": 1000, "alpha": 0.05, "exact": False, "seed": 12345}, [2],
     ("SacrebleuDefaultN",)),
    ("bootstrap-seed", {"nBoot": 37, "alpha": 0.05, "exact": False, "seed": 1}, [0, 1, 3, 5], ()),
    ("bootstrap-seed", {"nBoot": 50, "alpha": 0.1, "exact": False, "seed": 777}, [4], ("AlphaNotDefault",)),
]
PAIRED_GROUPS = [
    ("paired-bs-indices", {"n": 20}, [0, 1], ()),
    ("paired-bs-seed", {"n": 200, "seed": 12345}, [1, 2], ()),
    ("paired-bs-seed", {"n": 100, "seed": 1}, [0], ()),
    ("paired-ar-masks", {"n": 16}, [0, 1], ()),
    ("paired-ar-seed", {"n": 200, "seed": 12345}, [1, 2], ()),
    ("paired-ar-seed", {"n": 100, "seed": 777}, [0], ()),
]
KIND_FLAGS = {
    "bootstrap-indices": ("Bootstrap", "ResampleIndices"),
    "bootstrap-seed": ("Bootstrap", "SeedOnly"),
    "paired-bs-indices": ("PairedBootstrap", "ResampleIndices"),
    "paired-bs-seed": ("PairedBootstrap", "SeedOnly"),
    "paired-ar-masks": ("ApproximateRandomization", "TrialMasks"),
    "paired-ar-seed": ("ApproximateRandomization", "SeedOnly"),
}


def given_resamples(rng: random.Random, n_sentences: int, n_boot: int) -> list[list[int]]:
    """The written resamples of an indices test: the corpus itself (0 .. N-1), segment 0
    N times, then ``random.Random`` draws with repetition (inputs, not expected values)."""
    out = [list(range(n_sentences)), [0] * n_sentences]
    while len(out) < n_boot:
        out.append([rng.randrange(n_sentences) for _ in range(n_sentences)])
    return out[:n_boot]


def given_masks(rng: random.Random, n_sentences: int, n: int) -> list[list[bool]]:
    """The written trials of a masks test: all baseline, all system, then fair coin flips."""
    out = [[True] * n_sentences, [False] * n_sentences]
    while len(out) < n:
        out.append([rng.random() < 0.5 for _ in range(n_sentences)])
    return out[:n]


def _rows(metric, hyps: list, refs: list) -> list[list]:
    from ..spec import corpus, intervals

    return intervals.statistics_rows(corpus.sentence_stats(metric, copy.deepcopy(hyps), copy.deepcopy(refs)))


def _interval(result, n_boot: int, alpha) -> dict:
    from ..spec import intervals

    lower, upper = intervals.percentile_indices(n_boot, alpha)
    return {"score": float(result.score), "lowerIndex": lower, "upperIndex": upper, "lower": float(result.lo),
            "upper": float(result.hi), "mean": float(result.mean), "halfWidth": float(result.half_width)}


def _row(result, with_p: bool) -> dict:
    row = {"score": float(result.score)}
    if with_p:
        row["pValue"] = float(result.p_value)
    if result.mean is not None:
        row.update(mean=float(result.mean), ci=float(result.ci))
    return row


def expected_values(metric: str, kind: str, options: dict, parameters: dict, test: dict) -> dict:
    """The spec's answer to one test (its inputs: ``hyps``/``refs`` or ``baseline``/
    ``systems``/``refs``, and ``resamples`` or ``takeBaseline`` where the kind gives them),
    through the spec's public functions only. ``options`` are the metric's, bound into one
    value (``bleuprint.metric``): none of them is read as a parameter of the interval or the
    test (an option named ``alpha``, ``n`` or ``seed`` stays the metric's)."""
    import numpy as np

    from ..core.value import metric as configured
    from ..spec import intervals, significance

    metric = configured(metric, **options)
    if kind.startswith("bootstrap"):
        rows = _rows(metric, test["hyps"], test["refs"])
        alpha, exact = parameters["alpha"], parameters["exact"]
        if kind == "bootstrap-indices":
            result = intervals.bootstrap_with_indices(metric, rows, test["resamples"], alpha, exact=exact)
            return {"stats": rows, **_interval(result, parameters["nBoot"], alpha), "scores": list(result.scores)}
        result = intervals.bootstrap(metric, copy.deepcopy(test["hyps"]), copy.deepcopy(test["refs"]),
                                     parameters["nBoot"], alpha, np.random.default_rng(parameters["seed"]),
                                     exact=exact)
        return {"stats": rows, **_interval(result, parameters["nBoot"], alpha)}
    if kind.endswith("-seed"):
        run = significance.paired_bootstrap if kind == "paired-bs-seed" else \
            significance.paired_approximate_randomization
        result = run(metric, copy.deepcopy(test["baseline"]), copy.deepcopy(test["systems"]),
                     copy.deepcopy(test["refs"]), n=parameters["n"], seed=parameters["seed"])
    else:
        # the paired tests' own rows (a UNION metric's systems share one context)
        base, *systems = significance.system_rows(metric, copy.deepcopy([test["baseline"], *test["systems"]]),
                                                  copy.deepcopy(test["refs"]))
        if kind == "paired-bs-indices":
            result = significance.paired_bootstrap_with_indices(metric, base, systems, test["resamples"])
        else:
            result = significance.paired_approximate_randomization_with_masks(metric, base, systems,
                                                                              test["takeBaseline"])
    out = {"baseline": _row(result.baseline, False), "systems": [_row(r, True) for r in result.systems]}
    if kind == "paired-bs-indices":
        base_scores = intervals.resample_scores(metric, base, test["resamples"])
        out["baselineScores"] = [float(x) for x in base_scores]
        out["systemScores"] = [[float(x) for x in intervals.resample_scores(metric, rows, test["resamples"])]
                               for rows in systems]
    return out


def _json_ready(value, where: str):
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise RuntimeError(f"{where}: expected values that are not plain JSON data: {error}") from None


def _ties(expected: dict) -> bool:
    scores = expected.get("scores") or expected.get("baselineScores") or []
    return len(set(scores)) < len(scores)


def _tests(metric, kind, options, parameters, corpora, extra_flags, rng, tc_id) -> list[dict]:
    tests = []
    for corpus in corpora:
        tc_id += 1
        n_sentences = len(corpus["hyps"])
        test = {"tcId": tc_id, "comment": corpus["comment"],
                "flags": list(dict.fromkeys([*KIND_FLAGS[kind], *extra_flags, *corpus["flags"]]))}
        if kind.startswith("bootstrap"):
            test.update(hyps=corpus["hyps"], refs=corpus["refs"])
        else:
            test.update(baseline=corpus["hyps"], systems=corpus["systems"][:2], refs=corpus["refs"])
        if kind.endswith("-indices"):
            test["resamples"] = given_resamples(rng, n_sentences, parameters.get("nBoot", parameters.get("n")))
        if kind == "paired-ar-masks":
            test["takeBaseline"] = given_masks(rng, n_sentences, parameters["n"])
        expected = _json_ready(expected_values(metric, kind, options, parameters, test), f"{metric} {kind}")
        if _ties(expected) and "TiedResampleScores" not in test["flags"]:
            test["flags"].append("TiedResampleScores")
        test.update(expected=expected, result="valid", **{"class": "must-pass"})
        tests.append(test)
    return tests


def build_document(definition) -> dict:
    """The interval vector file of one registered metric (module doc)."""
    from .build import spec_version

    rng = random.Random(f"{INPUT_SEED}:{definition.name}")
    groups, tc_id = [], 0
    pool = vector_hooks(definition).interval_pool()
    shared = pool == _POOL
    tables = ((BOOTSTRAP_GROUPS, BOOTSTRAP_CORPORA if shared else bootstrap_corpora(pool)),
              (PAIRED_GROUPS, PAIRED_CORPORA if shared else paired_corpora(pool)))
    for given in vector_hooks(definition).interval_options():
        options = {**option_defaults(definition), **given}
        for table, corpora in tables:
            for kind, parameters, picks, flags in table:
                chosen = [corpora[i] for i in picks if len(corpora[i]["hyps"]) >= input_hooks(definition).min_segments]
                if not chosen:  # every corpus of the group is too small for the metric
                    continue
                tests = _tests(definition.name, kind, options, parameters, chosen, flags, rng, tc_id)
                tc_id += len(tests)
                groups.append({"kind": kind, "options": dict(options), "parameters": dict(parameters),
                               "tests": tests})
    used = sorted({flag for group in groups for test in group["tests"] for flag in test["flags"]})
    return {
        "schema": interval_schema(pool, shared),
        "metric": definition.name,
        "family": "intervals",
        "specVersion": spec_version(definition),
        "generatorVersion": GENERATOR_VERSION,
        "numberOfTests": tc_id,
        "header": list(HEADER),
        "scoreTolerance": SCORE_TOLERANCE,
        "notes": {flag: NOTES[flag] for flag in used},
        "testGroups": groups,
    }


def interval_files(metrics=None) -> dict:
    """``{file name: document}`` of the interval and paired-test vector files: one
    ``NAME_intervals.json`` per metric of ``metrics`` (names; default every registered
    metric), in registry order."""
    from .build import file_name

    return {file_name(name, "intervals"): build_document(get_metric(name)) for name in metrics or metric_names()}


def _difference(expected, found, where: str, tolerance: float) -> str | None:
    """The first difference between ``expected`` and ``found`` (JSON data), or None: ints
    and strings exactly, ``pValue`` exactly, other floats within ``tolerance``."""
    if isinstance(expected, dict):
        if not isinstance(found, dict) or set(expected) != set(found):
            return f"{where}: keys {sorted(expected)} != spec's {sorted(found) if isinstance(found, dict) else found!r}"
        for key in expected:
            difference = _difference(expected[key], found[key], f"{where}.{key}", tolerance)
            if difference:
                return difference
        return None
    if isinstance(expected, list):
        if not isinstance(found, list) or len(expected) != len(found):
            return f"{where}: {len(expected)} values != spec's {len(found) if isinstance(found, list) else found!r}"
        for i, (a, b) in enumerate(zip(expected, found)):
            difference = _difference(a, b, f"{where}[{i}]", tolerance)
            if difference:
                return difference
        return None
    exact = isinstance(expected, (int, str, bool)) or where.endswith(".pValue") or where.endswith("Index")
    if exact:
        same = type(expected) is type(found) and expected == found if isinstance(expected, (str, bool)) \
            else expected == found
    else:
        same = isinstance(found, (int, float)) and abs(found - expected) <= tolerance
    return None if same else f"{where}: {expected!r} != spec's {found!r}"


def stats_difference(document: dict, group: dict, test: dict) -> str | None:
    """The first difference in a bootstrap test's statistics alone (its ``stats``, the
    rows ``expected_values`` resamples), or None: a part of ``evaluate_test``'s comparison
    without the resampling, so a difference found here is one ``evaluate_test`` finds too
    (the kill matrix tries it first: ``bleuprint.vectors.adequacy._differs``)."""
    from ..core.value import metric as configured

    metric = configured(document["metric"], **group["options"])
    rows = _json_ready(_rows(metric, test["hyps"], test["refs"]), f"{document.get('metric')} tcId {test.get('tcId')}")
    return _difference(test["expected"]["stats"], rows, "expected.stats", document["scoreTolerance"])


def evaluate_test(document: dict, group: dict, test: dict) -> str | None:
    """Run one interval test through ``bleuprint.spec``: None when it gives the expected
    values, else a one-line description of the first difference."""
    where = f"{document.get('metric')} tcId {test.get('tcId')}"
    try:
        found = _json_ready(expected_values(document["metric"], group["kind"], group["options"],
                                            group["parameters"], test), where)
    except (TypeError, ValueError) as error:
        return f"{where}: the spec refused it: {type(error).__name__}: {error}"
    difference = _difference(test["expected"], found, "expected", document["scoreTolerance"])
    return None if difference is None else f"{where}: {difference}"
