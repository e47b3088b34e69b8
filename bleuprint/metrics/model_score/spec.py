"""Scores a model gave each segment (COMET, BLEURT, MetricX, an LLM judge), the literal
definition of the ``model_score`` metric.

A segment is one number: the score some learned metric gave one output (read from that
metric's own output files: ``bleuprint.metrics.model_score.files``). Nothing is computed
from text; what bleuprint adds is everything around the numbers (the system score, its
bootstrap interval, the paired tests, the reports), through the metric model.

* A segment's score is a finite real number (not a bool): ``check_score``.
* Its statistics row is ``[x+, x-]``, the score split into non-negative parts
  (``x+ = x`` if ``x > 0`` else 0, ``x- = -x`` if ``x < 0`` else 0), since a statistic is
  never negative (``bleuprint.spec.inputs.check_statistic``) and COMET's and MetricX's
  scores may be.
* The system score is the mean of the segment scores: ``(S+ - S-) / N`` for summed rows
  ``[S+, S-]`` of N segments, a Python float (double precision). That is how COMET's
  ``comet-score`` reports a system (``sum(scores) / len(scores)``, ``comet/cli/score.py``
  in unbabel-comet 2.2.7) and how mt-metrics-eval averages a ``.seg.score`` file into a
  system score. Sums of rows follow the generic tools' order (row after row); in a
  sacreBLEU-style bootstrap the resampled rows are summed in float32 as sacreBLEU sums every
  metric's statistics (``bleuprint.spec.intervals``), and the float32 sums are then scored
  in double precision.
* ``direction``: whether a higher score is better (COMET, BLEURT) or a lower one (MetricX,
  an error count). It does not change the number; it is what meta-evaluation and the tests'
  reports read (``bleuprint.core.value.higher_is_better``).
"""

from __future__ import annotations

import math
import numbers

from ...spec.inputs import check_choice, check_not_empty, check_statistic

DIRECTIONS = ("higher", "lower")


def check_direction(direction: object) -> str:
    return check_choice(direction, DIRECTIONS, "direction")


def check_score(value: object, what: str) -> float:
    """A segment's score: a real number (int, float, numpy number; not bool), finite."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a number (a segment's score), got {type(value).__name__}")
    value = float(value)
    if math.isnan(value) or math.isinf(value):
        raise ValueError(f"{what} is {value!r}: a segment's score must be finite")
    return value


def check_scores(scores: object, what: str = "hyps") -> list[float]:
    """A system's segment scores: a non-empty sequence of ``check_score`` numbers."""
    if isinstance(scores, (str, bytes)) or not hasattr(scores, "__len__"):
        raise TypeError(f"{what} must be a sequence of segment scores (numbers), got {type(scores).__name__}")
    values = list(scores.tolist()) if hasattr(scores, "tolist") else list(scores)
    check_not_empty(values, what)
    return [check_score(v, f"{what}[{i}]") for i, v in enumerate(values)]


def segment_row(score: float) -> list[float]:
    """``[x+, x-]`` of one segment's score (module doc)."""
    x = check_score(score, "the segment's score")
    return [x if x > 0 else 0.0, -x if x < 0 else 0.0]


def mean_from_row(combined, n_segments: int) -> float:
    """``(S+ - S-) / N``: the mean of the summed rows' scores, in double precision."""
    if len(combined) != 2:
        raise ValueError(f"model_score statistics have 2 columns (x+, x-), got {len(combined)}")
    positive, negative = (check_statistic(x, f"summed[{k}]", whole=False) for k, x in enumerate(combined))
    return (float(positive) - float(negative)) / n_segments


def model_score(scores, direction: str = "higher") -> float:
    """The system score of one system's segment scores: their mean (module doc)."""
    check_direction(direction)
    values = check_scores(scores, "scores")
    rows = [segment_row(x) for x in values]
    return mean_from_row([sum(r[0] for r in rows), sum(r[1] for r in rows)], len(rows))


# -- comparing systems: the conventions, by name ---------------------------------------------

#: The conventions ``compare_scores`` knows: sacreBLEU's paired bootstrap and approximate
#: randomisation (``bleuprint.spec.significance``, 1,000 / 10,000 resamples, seed 12345) and
#: COMET's ``comet-compare`` (``comet_spec``: 300 splits of 40 %, seed 1).
CONVENTIONS = ("sacrebleu-bs", "sacrebleu-ar", "comet")
#: Resamples and seed of each convention; None: sacreBLEU's seed, ``spec.significance.DEFAULT_SEED``
#: (read when a report is made: importing it here would close an import circle through the registry).
DEFAULTS = {"sacrebleu-bs": (1000, None), "sacrebleu-ar": (10000, None), "comet": (300, 1)}


def comet_compare(systems, num_splits: int = 300, sample_ratio: float = 0.4, seed: int = 1) -> list:
    """COMET's ``comet-compare`` statistics for every pair of ``systems`` (name -> segment
    scores): ``comet_spec.comet_compare``."""
    from .comet_spec import comet_compare as run

    return run(systems, num_splits, sample_ratio, seed)


def comparison_report(convention: str, systems, n, seed, sample_ratio: float, layer) -> dict:
    """``compare_scores`` of a layer (``bleuprint.spec`` or ``bleuprint.impl``) and its
    ``comet_compare``."""
    import dataclasses

    check_choice(convention, CONVENTIONS, "convention")
    from ...spec.significance import DEFAULT_SEED

    default_n, default_seed = DEFAULTS[convention]
    default_seed = DEFAULT_SEED if default_seed is None else default_seed
    n = default_n if n is None else n
    seed = default_seed if seed is None else seed
    if convention == "comet":
        pairs = layer.comet_compare(systems, n, sample_ratio, seed)
        return {"convention": convention, "num_splits": n, "sample_ratio": sample_ratio, "seed": seed,
                "pairs": [dataclasses.asdict(pair) for pair in pairs]}
    if hasattr(systems, "__len__") and not isinstance(systems, (str, bytes)):
        check_not_empty(systems, "systems")
    if not hasattr(systems, "items") or len(systems) < 2:
        raise ValueError("comparing needs a mapping of at least two systems (the first is the baseline)")
    names = list(systems)
    run = layer.paired_bootstrap if convention == "sacrebleu-bs" else layer.paired_approximate_randomization
    result = run("model_score", list(systems[names[0]]), {name: list(systems[name]) for name in names[1:]}, None,
                 n=n, seed=seed)
    rows = {names[0]: result.baseline, **result.systems}
    return {"convention": convention, "n": n, "seed": seed, "baseline": names[0],
            "systems": {name: dataclasses.asdict(row) for name, row in rows.items()}}


def compare_scores(systems, convention: str = "sacrebleu-bs", n: int | None = None, seed: int | None = None,
                   sample_ratio: float = 0.4) -> dict:
    """Compare systems (name -> segment scores, the first the baseline for sacreBLEU's tests)
    by the convention named (``CONVENTIONS``), a JSON-ready report. ``n``: resamples (bs),
    trials (ar) or splits (comet); ``seed``: the convention's own by default (12345, 12345,
    1); ``sample_ratio``: COMET's split size (0.4)."""
    from ... import spec

    return comparison_report(convention, systems, n, seed, sample_ratio, spec)
