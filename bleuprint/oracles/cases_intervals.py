"""Golden bootstrap intervals and paired significance tests from sacreBLEU 2.5.1.

Three kinds of case (the ``kind`` field):

* ``bootstrap``: ``corpus_score(hyps, refs, n_bootstrap=n_boot)`` under
  ``SACREBLEU_SEED=seed`` -> ``score``, ``mean`` (μ) and ``ci`` (the half-width). sacreBLEU
  fixes alpha at 0.05. Seeds 12345 (sacreBLEU's default), 1 and 777; n_boot 1000 and 37
  (a small, odd one: lower index 37 // 40 = 0); BLEU (several smoothings), chrF, chrF++,
  chrF with eps smoothing, TER.
* ``bootstrap_stats``: sacreBLEU's resampling on a statistics matrix given directly, with
  column sums above 2^24 where float32 sums are no longer exact, and TER average lengths
  in thirds (inexact in float32, so the order of the additions matters); also every
  resample score (``scores``).
* ``paired``: ``PairedTest`` (``test`` = ``"bs"`` or ``"ar"``) of two or three systems
  against a baseline -> the baseline's row and one row per system (``score``,
  ``p_value``, ``mean``, ``ci``; None where sacreBLEU gives none).

``family`` is ``<kind>:<metric>`` (e.g. ``bootstrap:chrf``, ``paired-bs:bleu``), one
verifier row each. ``compare_with_goldens(subject)`` checks a subject (anything with
``bootstrap``, ``bootstrap_stats``, ``paired_bootstrap`` and
``paired_approximate_randomization``: ``bleuprint.spec``, ``bleuprint.impl``) against these
cases.

Corpora whose chrF/TER bootstrap makes sacreBLEU raise (a mixture of Python-float and
float32 resample scores; see ``bleuprint.spec.intervals``) are not drawn.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from .texts import corpus

SEED = 20261205

#: Scores, means, half-widths and p-values must agree within this (absolute).
TOLERANCE = 1e-9

_BOOTSTRAP_CONFIGS = [
    ("bleu", {}),
    ("bleu", {"smooth_method": "floor"}),
    ("bleu", {"smooth_method": "add-k", "smooth_value": 0.5}),
    ("bleu", {"smooth_method": "none", "effective_order": True, "lowercase": True}),
    ("chrf", {}),
    ("chrf", {"word_order": 2}),
    ("chrf", {"eps_smoothing": True, "beta": 1}),
    ("ter", {}),
    ("ter", {"case_sensitive": True}),
]

#: Statistics matrices crossing 2^24 (BLEU order 4, chrF n=2, TER with fractional lengths).
_BIG = 2**24
_STATS_CASES = [
    ("bleu", {}, [[_BIG, _BIG, _BIG - 3, _BIG - 7, _BIG - 11, _BIG - 20, _BIG, _BIG - 1, _BIG - 2, _BIG - 3],
                  [3, 4, 1, 1, 0, 0, 3, 2, 1, 0],
                  [5, 5, 5, 3, 2, 1, 5, 4, 3, 2]]),
    ("chrf", {"n": 2}, [[_BIG + 5, _BIG + 1, _BIG - 9, _BIG + 4, _BIG, _BIG - 17],
                        [7, 9, 3, 6, 8, 2],
                        [1, 1, 1, 0, 0, 0]]),
    ("ter", {}, [[3, 10 / 3], [1, 2.5], [0, 4 / 3], [5, 7.0]]),
    ("ter", {}, [[_BIG - 1, _BIG + 0.5], [1, 1.0], [2, 1.5]]),
    # 40 rows of thirds (three references): float32 sums of them round, so the order of
    # the additions (sacreBLEU's: row after row) shows in the last bits.
    ("ter", {}, [[(7 * i) % 13, ((5 * i) % 31 + 1) / 3] for i in range(40)]),
]


def _bootstrap_cases(rng: random.Random, oracles) -> list[dict]:
    cases = []
    number = 0
    for k, (metric, options) in enumerate(_BOOTSTRAP_CONFIGS):
        for seed, n_boot in ((12345, 1000), (1, 37), (777, 1000), (12345, 37)):
            while True:
                pool = ["plain", "german", "case"][(k + number) % 3]
                hyps, refs = corpus(rng, pool, sentences=(4, 16), nrefs=(1, 2) if metric == "ter" else (1, 3),
                                    length=(2, 12))
                try:
                    result = oracles.oracle_bootstrap(metric, hyps, refs, n_boot, seed, **options)
                except TypeError:  # sacreBLEU's mixed float/float32 mean: draw another corpus
                    continue
                break
            cases.append({
                "id": f"intervals/bootstrap:{metric}/{number:02d}",
                "kind": "bootstrap",
                "family": f"bootstrap:{metric}",
                "metric": metric,
                "options": dict(options),
                "hyps": hyps,
                "refs": refs,
                "n_boot": n_boot,
                "seed": seed,
                "score": result.score,
                "mean": result.mean,
                "ci": result.ci,
            })
            number += 1
    return cases


def _stats_cases(oracles) -> list[dict]:
    cases = []
    for number, (metric, options, stats) in enumerate(_STATS_CASES):
        for seed in (12345, 777):
            result = oracles.oracle_bootstrap_stats(metric, stats, 40, seed, **options)
            cases.append({
                "id": f"intervals/bootstrap_stats:{metric}/{len(cases):02d}",
                "kind": "bootstrap_stats",
                "family": f"bootstrap_stats:{metric}",
                "metric": metric,
                "options": dict(options),
                "stats": stats,
                "n_boot": 40,
                "seed": seed,
                "score": result.score,
                "mean": result.mean,
                "ci": result.ci,
                "scores": list(result.scores),
            })
    return cases


def _row(result) -> dict:
    return {"score": result.score, "p_value": result.p_value, "mean": result.mean, "ci": result.ci}


def _paired_cases(rng: random.Random, oracles) -> list[dict]:
    cases = []
    configs = [
        ("bleu", {}, "bs", 1000), ("bleu", {}, "ar", 10000), ("bleu", {"smooth_method": "add-k",
                                                                      "smooth_value": 0.5}, "ar", 300),
        ("chrf", {}, "bs", 1000), ("chrf", {"word_order": 2}, "ar", 1000), ("chrf", {"eps_smoothing": True}, "bs", 200),
        ("ter", {}, "bs", 200), ("ter", {}, "ar", 500),
    ]
    for k, (metric, options, test, n) in enumerate(configs):
        for seed in (12345, 1, 777):
            pool = ["plain", "german"][k % 2]
            baseline, refs = corpus(rng, pool, sentences=(5, 12), nrefs=(1, 2), length=(2, 10))
            systems = {}
            for j in range(2 + (seed == 1)):
                other, _ = corpus(rng, pool, sentences=len(baseline), length=(2, 10))
                keep = 0.3 + 0.25 * j
                systems[f"system-{j}"] = [b if rng.random() < keep else o for b, o in zip(baseline, other)]
            base_row, rows = oracles.oracle_paired(metric, baseline, systems, refs, test, n, seed, **options)
            cases.append({
                "id": f"intervals/paired-{test}:{metric}/{len(cases):02d}",
                "kind": "paired",
                "family": f"paired-{test}:{metric}",
                "metric": metric,
                "options": dict(options),
                "test": test,
                "n": n,
                "seed": seed,
                "baseline": baseline,
                "systems": systems,
                "refs": refs,
                "baseline_result": _row(base_row),
                "system_results": {name: _row(row) for name, row in rows.items()},
            })
    return cases


def build_cases() -> list[dict]:
    """Every interval golden case, in a fixed order (seeded corpora; fixed seeds)."""
    from . import sacrebleu_intervals

    rng = random.Random(SEED)
    return (_bootstrap_cases(rng, sacrebleu_intervals) + _stats_cases(sacrebleu_intervals)
            + _paired_cases(rng, sacrebleu_intervals))


# ----------------------------------------------------------------------------- checking


def _diff(expected, actual) -> float:
    if expected is None or actual is None:
        return 0.0 if expected is None and actual is None else math.inf
    if math.isnan(expected):  # sacreBLEU gave no number (it raised); nothing to compare
        return 0.0
    return abs(float(expected) - float(actual))


def compare_case(subject, case: dict) -> float:
    """The largest absolute difference between the golden ``case`` and ``subject``'s
    answer (score, mean, half-width; p-values and rows for paired cases; every resample
    score for ``bootstrap_stats`` cases). Raises what the subject raises."""
    import numpy as np

    from ..core.value import metric as configured

    metric = configured(case["metric"], **case["options"])
    if case["kind"] in ("bootstrap", "bootstrap_stats"):
        rng = np.random.default_rng(case["seed"])
        if case["kind"] == "bootstrap":
            result = subject.bootstrap(metric, case["hyps"], case["refs"], case["n_boot"], 0.05, rng)
        else:
            result = subject.bootstrap_stats(metric, case["stats"], case["n_boot"], 0.05, rng)
        diffs = [_diff(case["score"], result.score), _diff(case["mean"], result.mean),
                 _diff(case["ci"], result.half_width)]
        if case["kind"] == "bootstrap_stats":
            diffs += [_diff(a, b) for a, b in zip(case["scores"], result.scores)]
            diffs.append(0.0 if len(case["scores"]) == len(result.scores) else math.inf)
        return max(diffs)
    function = subject.paired_bootstrap if case["test"] == "bs" else subject.paired_approximate_randomization
    result = function(metric, case["baseline"], case["systems"], case["refs"], n=case["n"], seed=case["seed"])
    expected = [case["baseline_result"]] + list(case["system_results"].values())
    actual = [result.baseline] + list(result.systems.values())
    if len(expected) != len(actual):
        return math.inf
    return max(_diff(e[key], getattr(a, key)) for e, a in zip(expected, actual)
               for key in ("score", "p_value", "mean", "ci"))


@dataclass
class FamilyRow:
    """One verifier row: a family of interval cases against one subject."""

    family: str
    cases: int = 0
    equal: int = 0
    max_diff: float = 0.0
    failures: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.equal == self.cases


def compare_with_goldens(subject, cases: list[dict] | None = None) -> list[FamilyRow]:
    """Check ``subject`` against the interval goldens (``goldens/intervals.json`` unless
    ``cases`` is given): one ``FamilyRow`` per family, in first-seen order."""
    if cases is None:
        from .goldens import golden_cases

        cases = golden_cases("intervals")
    rows: dict[str, FamilyRow] = {}
    for case in cases:
        row = rows.setdefault(case["family"], FamilyRow(case["family"]))
        row.cases += 1
        try:
            diff = compare_case(subject, case)
        except Exception as error:  # a verifier reports, it does not stop
            row.failures.append(f"{case['id']}: {type(error).__name__}: {error}")
            continue
        row.max_diff = max(row.max_diff, diff)
        if diff <= TOLERANCE:
            row.equal += 1
        else:
            row.failures.append(f"{case['id']}: differs by {diff:.3g}")
    return list(rows.values())
