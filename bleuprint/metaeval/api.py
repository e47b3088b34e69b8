"""Meta-evaluation of metrics against human scores: every statistic for every metric.

``evaluate`` takes the human scores and any number of metrics' scores, each at segment level
(system -> one score per segment), at system level (system -> its score), or both, and
returns, per metric, the statistics the WMT metrics task reports (``bleuprint.metaeval.spec``
defines each one; ``impl`` computes them unless ``fast=False``):

* system level: ``pairwise_accuracy``, ``soft_pairwise_accuracy`` (needs segment scores on
  both sides), ``pearson_sys``;
* segment level, averaged by ``average_by`` (``"item"`` by default, as WMT23 and WMT24):
  ``acc23`` (with its tie threshold, ``acc23_threshold``), ``kendall_b``, ``kendall_c``,
  ``kendall_23``, ``kendall_like`` (WMT20's, threshold 25) and ``pearson_seg``.

System scores, where a metric has no system-level scores, are the mean of its segment
scores (a corpus-level metric such as BLEU should be given its own system scores); the human
system scores are the mean of each system's rated segments. The systems are those the
human scores rate, in the order they come; every metric must score each of them.

The order matters to one statistic: soft pairwise accuracy's p-values count ``>=``, so a
pair of systems whose permuted and observed differences tie exactly gives a different
p-value in the other order. mt-metrics-eval orders systems by a Python ``set`` of their
names (``data.EvalSet.Correlation``), which varies with ``PYTHONHASHSEED``; here the order
is the human file's, so the number is reproducible.
"""

from __future__ import annotations

import math

from . import spec

#: The statistics, in the order reports list them.
SYSTEM_STATISTICS = ("pairwise_accuracy", "soft_pairwise_accuracy", "pearson_sys")
SEGMENT_STATISTICS = ("acc23", "acc23_threshold", "kendall_b", "kendall_c", "kendall_23", "kendall_like",
                      "pearson_seg")
STATISTICS = SYSTEM_STATISTICS + SEGMENT_STATISTICS


def _module(fast: bool):
    if fast:
        from . import impl

        return impl
    return spec


def _nan_to_none(value):
    return None if isinstance(value, float) and math.isnan(value) else value


def human_systems(human_seg: dict | None, human_sys: dict | None) -> list[str]:
    """The systems the human scores rate (at least one score), in their order."""
    source = human_seg if human_seg is not None else human_sys
    if not source:
        raise ValueError("no human scores")
    return [name for name, values in source.items() if any(v is not None for v in values)]


def _metric_matrix(name: str, scores: dict, systems: list[str], width: int | None) -> list[list]:
    missing = [s for s in systems if s not in scores]
    if missing:
        raise ValueError(f"metric {name}: no scores for system(s) {', '.join(missing)} that the human scores rate")
    matrix = [list(scores[s]) for s in systems]
    if width is not None:
        for system, row in zip(systems, matrix):
            if len(row) != width:
                raise ValueError(f"metric {name}: system {system} has {len(row)} segment scores, "
                                 f"the human scores have {width}")
    return spec.check_matrix(matrix, f"metric {name}")


def evaluate(human_seg: dict | None = None, metrics: dict | None = None, human_sys: dict | None = None,
             average_by: str = "item", num_permutations: int = spec.PCE_PERMUTATIONS, seed: int = spec.PCE_SEED,
             kendall_like_threshold: float = spec.KENDALL_LIKE_THRESHOLD, fast: bool = True) -> dict:
    """``{"systems", "segments", "conventions", "metrics": {name: {statistic: value}}}``.

    ``human_seg``: system -> segment scores (``None`` where unrated); ``human_sys``: system ->
    ``[score]`` (optional; else the means of ``human_seg``). ``metrics``: name -> ``{"seg":
    {system: scores}, "sys": {system: [score]}}`` (either level may be absent). A statistic
    that the given levels cannot give is left out; a NaN (a constant vector) is ``None``."""
    if average_by not in spec.AVERAGE_BY:
        raise ValueError(f"unknown average_by {average_by!r}: expected one of {', '.join(spec.AVERAGE_BY)}")
    if not metrics:
        raise ValueError("no metric scores")
    m = _module(fast)
    systems = human_systems(human_seg, human_sys)
    if len(systems) < 2:
        raise ValueError(f"meta-evaluation needs at least two systems with human scores, found {len(systems)}")
    gold = None
    if human_seg is not None:
        gold = spec.check_matrix([human_seg[s] for s in systems], "human scores", allow_none=True)
    if human_sys is not None:
        missing = [s for s in systems if s not in human_sys]
        if missing:
            raise ValueError(f"human system scores: no score for system(s) {', '.join(missing)}")
        gold_sys = [human_sys[s][0] for s in systems]
    else:
        gold_sys = spec.system_scores(gold)
    width = len(gold[0]) if gold is not None else None

    results = {}
    for name, levels in metrics.items():
        seg = sys_ = None
        if levels.get("seg") is not None:
            seg = _metric_matrix(name, levels["seg"], systems, width)
        if levels.get("sys") is not None:
            sys_ = [row[0] for row in _metric_matrix(name, levels["sys"], systems, None)]
        elif seg is not None:
            sys_ = spec.system_scores(seg)
        if seg is None and sys_ is None:
            raise ValueError(f"metric {name}: no scores")
        out = {}
        out["pairwise_accuracy"] = m.pairwise_accuracy([(gold_sys, sys_)])
        if gold is not None and seg is not None:
            out["soft_pairwise_accuracy"] = m.soft_pairwise_accuracy(gold, seg, num_permutations, seed)
        present = [(g, s) for g, s in zip(gold_sys, sys_) if g is not None]
        out["pearson_sys"] = m.pearson_averaged([[g for g, _ in present]], [[s for _, s in present]], "none")
        if gold is not None and seg is not None:
            best, threshold, _, _ = m.tie_calibrated(gold, seg, "acc23", average_by)
            out["acc23"], out["acc23_threshold"] = best, threshold
            for variant in ("b", "c", "23"):
                out[f"kendall_{variant}"] = m.kendall(gold, seg, variant, average_by)
            out["kendall_like"] = m.kendall_like(gold, seg, average_by, kendall_like_threshold)
            out["pearson_seg"] = m.pearson_averaged(gold, seg, average_by)
        results[name] = {k: _nan_to_none(float(v)) for k, v in out.items()}
    return {
        "systems": systems,
        "segments": width,
        "conventions": {"average_by": average_by, "num_permutations": num_permutations, "seed": seed,
                        "kendall_like_threshold": kendall_like_threshold, "tie_search_sample_rate": 1.0},
        "metrics": results,
    }


def pooled_pairwise_accuracy(language_pairs: dict, fast: bool = True) -> dict:
    """System-level pairwise accuracy pooled over language pairs, as WMT22/WMT23 rank metrics
    (mt-metrics-eval ``data.CompareMetricsWithGlobalAccuracy``): the agreeing system pairs of
    every language pair over all their pairs, per metric.

    ``language_pairs``: lp -> ``(human_sys, metrics_sys)``, ``human_sys`` system -> score
    (``None`` for an unrated system), ``metrics_sys`` metric -> {system -> score}. Each metric
    must score, in every language pair, the systems the humans rated there; only the metrics
    present in every language pair are ranked. Returns ``{metric: accuracy}``."""
    m = _module(fast)
    if not language_pairs:
        raise ValueError("no language pairs")
    names = set.intersection(*(set(metrics) for _, metrics in language_pairs.values()))
    if not names:
        raise ValueError("no metric has scores for every language pair")
    out = {}
    for name in sorted(names):
        groups = []
        for lp, (human, metrics) in language_pairs.items():
            systems = [s for s, v in human.items() if v is not None]
            missing = [s for s in systems if s not in metrics[name]]
            if missing:
                raise ValueError(f"{lp}: metric {name} has no score for system(s) {', '.join(missing)}")
            groups.append(([human[s] for s in systems], [metrics[name][s] for s in systems]))
        out[name] = m.pairwise_accuracy(groups)
    return out
