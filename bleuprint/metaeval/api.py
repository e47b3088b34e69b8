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
from ..spec.inputs import input_hooks

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
             kendall_like_threshold: float = spec.KENDALL_LIKE_THRESHOLD, fast: bool = True,
             significance: dict | None = None) -> dict:
    """``{"systems", "segments", "conventions", "metrics": {name: {statistic: value}}}``.

    ``human_seg``: system -> segment scores (``None`` where unrated); ``human_sys``: system ->
    ``[score]`` (optional; else the means of ``human_seg``). ``metrics``: name -> ``{"seg":
    {system: scores}, "sys": {system: [score]}}`` (either level may be absent). A statistic
    that the given levels cannot give is left out; a NaN (a constant vector) is ``None``.

    ``significance``: the tests between metrics, as ``significance_conventions`` states them
    (``{}`` for the task's defaults); the report then has ``"significance"``
    (``significance_report``): PERM-BOTH for pairwise accuracy, Pearson and soft pairwise
    accuracy, the permutation test over pairs for ``acc23`` (WMT23/WMT24's)."""
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

    results, matrices = {}, {}
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
        matrices.setdefault("sys", {})[name] = [[v] for v in sys_]
        if seg is not None:
            matrices.setdefault("seg", {})[name] = seg
    report = {
        "systems": systems,
        "segments": width,
        "conventions": {"average_by": average_by, "num_permutations": num_permutations, "seed": seed,
                        "kendall_like_threshold": kendall_like_threshold, "tie_search_sample_rate": 1.0},
        "metrics": results,
    }
    if significance is not None:
        conventions = significance_conventions(significance)
        gold_sys_matrix = [[g] for g in gold_sys]
        tests = {}
        present = [i for i, g in enumerate(gold_sys) if g is not None]
        if len(present) == len(gold_sys):  # PERM-BOTH pairs systems by position: every system rated
            tests["pairwise_accuracy"] = significance_report(
                gold_sys_matrix, matrices["sys"], {n: r["pairwise_accuracy"] for n, r in results.items()},
                "accuracy", "none", conventions, fast, groups=[len(gold_sys)])
            tests["pearson_sys"] = significance_report(
                gold_sys_matrix, matrices["sys"], {n: r["pearson_sys"] for n, r in results.items()},
                "pearson", "none", conventions, fast, williams=True)
        if gold is not None and len(matrices.get("seg", {})) >= 2:
            tests["soft_pairwise_accuracy"] = significance_report(
                gold, matrices["seg"], {n: results[n]["soft_pairwise_accuracy"] for n in matrices["seg"]},
                "pce", "none", conventions, fast, num_systems=len(gold))
            tests["pearson_seg"] = significance_report(
                gold, matrices["seg"], {n: results[n]["pearson_seg"] for n in matrices["seg"]},
                "pearson", average_by, conventions, fast, williams=True)
            tests["acc23"] = significance_report(
                gold, matrices["seg"], {n: results[n]["acc23"] for n in matrices["seg"]},
                "acc23", average_by, conventions, fast)
        report["significance"] = {"conventions": conventions, "tests": tests}
    return report


#: PERM-BOTH's conventions when a task runs it (mt-metrics-eval ``tasks.Task``: k 1000, blocks
#: of 100, early stopping below 0.02 or above 0.5, significance at 0.05). ``seed``: the seed of
#: numpy's global generator, which mt-metrics-eval never sets (its matrix is reproduced after
#: ``numpy.random.seed(seed)``); bleuprint always seeds, so its matrix is reproducible.
SIGNIFICANCE_DEFAULTS = {"test": "perm-both", "k": spec.PERM_BOTH_K, "block_size": 100,
                         "early_min": spec.PERM_BOTH_EARLY_MIN, "early_max": spec.PERM_BOTH_EARLY_MAX,
                         "seed": 1, "pval": 0.05}


def significance_conventions(given: dict) -> dict:
    """``SIGNIFICANCE_DEFAULTS`` updated with ``given``; ValueError for an unknown key or a
    value out of range."""
    unknown = sorted(set(given) - set(SIGNIFICANCE_DEFAULTS))
    if unknown:
        raise ValueError(f"significance: unknown setting(s) {', '.join(unknown)}")
    out = {**SIGNIFICANCE_DEFAULTS, **given}
    if out["test"] != "perm-both":
        raise ValueError(f"significance: test {out['test']!r}: only 'perm-both' (Williams' is reported beside it)")
    for key in ("k", "block_size"):
        if isinstance(out[key], bool) or not isinstance(out[key], int) or out[key] < 1:
            raise ValueError(f"significance: {key} must be a whole number of at least 1, got {out[key]!r}")
    if not isinstance(out["seed"], int) or isinstance(out["seed"], bool) or not 0 <= out["seed"] < 2 ** 32:
        raise ValueError(f"significance: seed must be a whole number in [0, 2**32), got {out['seed']!r}")
    for key in ("early_min", "early_max", "pval"):
        if not 0 <= out[key] <= 1:
            raise ValueError(f"significance: {key} must be in [0, 1], got {out[key]!r}")
    return out


def significance_report(gold, matrices: dict, values: dict, correlation: str, average_by: str, conventions: dict,
                        fast: bool = True, groups=None, williams: bool = False, num_systems: int | None = None) -> dict:
    """One statistic's tests between metrics: ``{"order", "values", "ranks", "perm_both",
    "williams"?}``: the metrics ranked as the task ranks them (``spec.metric_order``), the
    upper triangle of PERM-BOTH's p-values row by row (``perm_both[i][j - i - 1]`` tests
    whether ``order[j]`` is at least as good as ``order[i]``), the significance clusters
    (``spec.assign_ranks`` at ``pval``) and, for Pearson, Williams' p-values in the same
    layout. For ``correlation='acc23'`` the test is the permutation test over pairs
    (``spec.perm_pairs_matrix``, WMT23/WMT24's ``perm_test='pairs'``) and its p-values are
    ``"perm_pairs"`` instead of ``"perm_both"``. Metrics whose statistic is NaN are left out."""
    m = _module(fast)
    key = "perm_pairs" if correlation == "acc23" else "perm_both"
    values = {n: v for n, v in values.items() if v is not None}
    order = m.metric_order(values)
    if len(order) < 2:
        return {"order": order, "values": [values[n] for n in order], "ranks": [1] * len(order), key: []}
    if correlation == "acc23":
        matrix = m.perm_pairs_matrix(gold, {n: matrices[n] for n in order}, order, "acc23", average_by,
                                     conventions["k"], conventions["seed"], conventions["block_size"],
                                     conventions["early_min"], conventions["early_max"])
    else:
        matrix = m.perm_both_matrix(gold, {n: matrices[n] for n in order}, order, correlation, average_by,
                                    conventions["k"], conventions["seed"], conventions["block_size"],
                                    conventions["early_min"], conventions["early_max"], groups=groups,
                                    num_systems=num_systems)
    out = {"order": order, "values": [values[n] for n in order], "ranks": m.assign_ranks(matrix, conventions["pval"]),
           key: [row[i + 1:] for i, row in enumerate(matrix)][:-1]}
    if williams:
        w = m.williams_matrix(gold, {n: matrices[n] for n in order}, order, average_by)
        out["williams"] = [[_nan_to_none(float(v)) for v in row[i + 1:]] for i, row in enumerate(w)][:-1]
    return out


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


def evaluate_language_pairs(language_pairs: dict, average_by: str = "item",
                            num_permutations: int = spec.PCE_PERMUTATIONS, seed: int = spec.PCE_SEED,
                            kendall_like_threshold: float = spec.KENDALL_LIKE_THRESHOLD, fast: bool = True,
                            significance: dict | None = None) -> dict:
    """Several language pairs, each evaluated by ``evaluate`` and pooled as the WMT metrics task
    pools them: ``{"language_pairs": {lp: evaluate's report}, "pooled": {...}}``.

    ``language_pairs``: lp -> ``evaluate``'s keyword arguments (``human_seg``, ``human_sys``,
    ``metrics``). A metric is pooled when every language pair has it. ``pooled``:

    * ``pairwise_accuracy``: {metric: agreeing system pairs of every language pair over all
      their pairs} (WMT22/WMT23's system-level ranking; ``pooled_pairwise_accuracy``); with
      ``significance``, its PERM-BOTH matrix over the concatenated system scores, each
      language pair's pairs counted within it (mt-metrics-eval
      ``data.CompareMetricsWithGlobalAccuracy``);
    * ``wmt24_average``: {metric: the WMT24 task set's average}: over the language pairs in
      sorted order, soft pairwise accuracy (system level) and acc23 (segment level), each
      task weighted 1 / (2 x language pairs) and summed in that order (mt-metrics-eval
      ``tasks.WMT24`` and ``TaskSetResults.AverageCorrs``: both statistics already lie in
      [0, 1], so its rescaling leaves them as they are); only when every language pair gives
      both."""
    if not language_pairs:
        raise ValueError("no language pairs")
    reports = {}
    for lp, inputs in language_pairs.items():
        try:
            reports[lp] = evaluate(**inputs, average_by=average_by, num_permutations=num_permutations, seed=seed,
                                   kendall_like_threshold=kendall_like_threshold, fast=fast,
                                   significance=significance)
        except ValueError as error:
            raise ValueError(f"{lp}: {error}") from None
    common = [n for n in next(iter(reports.values()))["metrics"] if all(n in r["metrics"] for r in reports.values())]
    pooled: dict = {"metrics": common}
    if not common:
        return {"language_pairs": reports, "pooled": pooled}
    groups_sys, gold_cat, metric_cat = [], [], {n: [] for n in common}
    pairs = {}
    for lp, inputs in language_pairs.items():
        report = reports[lp]
        systems = report["systems"]
        gold = _human_system_scores(inputs, systems)
        sys_scores = {n: _metric_system_scores(inputs["metrics"][n], systems) for n in common}
        pairs[lp] = ({s: g for s, g in zip(systems, gold)}, {n: dict(zip(systems, v)) for n, v in sys_scores.items()})
        rated = [i for i, g in enumerate(gold) if g is not None]
        groups_sys.append(len(rated))
        gold_cat += [[gold[i]] for i in rated]
        for n in common:
            metric_cat[n] += [[sys_scores[n][i]] for i in rated]
    pooled["pairwise_accuracy"] = pooled_pairwise_accuracy(pairs, fast)
    tasks = [(lp, key) for lp in sorted(reports) for key in ("soft_pairwise_accuracy", "acc23")]
    if all(key in reports[lp]["metrics"][n] and reports[lp]["metrics"][n][key] is not None
           for lp, key in tasks for n in common):
        weight = 1 / len(tasks)
        pooled["wmt24_average"] = {n: sum((reports[lp]["metrics"][n][key] - 0) / (1 - 0) * weight for lp, key in tasks)
                                   for n in common}
    if significance is not None:
        conventions = significance_conventions(significance)
        pooled["significance"] = {"conventions": conventions, "tests": {"pairwise_accuracy": significance_report(
            gold_cat, metric_cat, pooled["pairwise_accuracy"], "accuracy", "none", conventions, fast,
            groups=groups_sys)}}
    return {"language_pairs": reports, "pooled": pooled}


def _human_system_scores(inputs: dict, systems: list) -> list:
    if inputs.get("human_sys") is not None:
        return [inputs["human_sys"][s][0] for s in systems]
    return spec.system_scores([inputs["human_seg"][s] for s in systems])


def _metric_system_scores(levels: dict, systems: list) -> list:
    if levels.get("sys") is not None:
        return [float(levels["sys"][s][0]) for s in systems]
    return spec.system_scores([[float(v) for v in levels["seg"][s]] for s in systems])


def metric_scores(names, outputs: dict, references) -> dict:
    """Each registered metric's scores of the systems' outputs, computed by bleuprint with its
    default options: name -> ``{"seg": {system: per-segment scores}, "sys": {system: [corpus
    score]}}``, the form ``evaluate`` takes (``bleuprint.sentence_scores`` and
    ``bleuprint.corpus_score``: a system's score is the metric's own corpus score, as
    mt-metrics-eval's ``BLEU.sys.score`` is corpus BLEU, not a mean of segments). Scores of
    a metric that is better lower (``bleuprint.core.value.higher_is_better``, the
    metric's own data: TER, the error rates, perplexity) are negated.

    ``outputs``: system -> its segments (str); ``references``: a list of reference streams,
    each a list of one reference per segment."""
    import bleuprint
    from bleuprint.core.registry import get_metric
    from bleuprint.core.value import higher_is_better

    if not outputs:
        raise ValueError("no system outputs")
    streams = [list(stream) for stream in references]
    width = len(next(iter(outputs.values())))
    for system, lines in outputs.items():
        if len(lines) != width:
            raise ValueError(f"system {system} has {len(lines)} segments, {next(iter(outputs))} has {width}")
    for index, stream in enumerate(streams):
        if len(stream) != width:
            raise ValueError(f"reference {index + 1} has {len(stream)} segments, the system outputs have {width}")
    refs = [list(segment) for segment in zip(*streams)] if streams else None
    out = {}
    for name in names:
        definition = get_metric(name)
        if input_hooks(definition).segment_kind != "text" or input_hooks(definition).min_segments > 1:
            raise ValueError(f"metric {name}: meta-evaluation scores text outputs segment by segment; "
                             f"{name} does not")
        if definition.references and not refs:
            raise ValueError(f"metric {name} needs references")
        sign = 1.0 if higher_is_better(definition) else -1.0
        seg, sys_ = {}, {}
        for system, lines in outputs.items():
            given = refs if definition.references else None
            seg[system] = [sign * float(v) for v in bleuprint.sentence_scores(definition.name, lines, given)]
            sys_[system] = [sign * float(bleuprint.corpus_score(definition.name, lines, given))]
        out[definition.name] = {"seg": seg, "sys": sys_}
    return out
