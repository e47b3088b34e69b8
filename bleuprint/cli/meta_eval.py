"""``bleuprint meta-eval``: rank metrics against human scores as the WMT metrics task does.

    bleuprint meta-eval --human en-de.mqm.seg.score --metric-scores BLEU.seg.score COMET.seg.score [-f json]

The statistics are ``bleuprint.metaeval``'s (``api.evaluate``); this module only parses the
command line, so building the parser imports nothing of them: the files are read and the
statistics computed (numpy loaded) only when the subcommand runs.

The JSON report (``-f json``) is a public format, version 1::

    {"format": "bleuprint-meta-eval", "version": 1,
     "human": PATH, "human_sys": PATH or null,
     "systems": [names, in the human file's order], "segments": N or null,
     "conventions": {"average_by", "num_permutations", "seed", "kendall_like_threshold",
                     "tie_search_sample_rate"},
     "oracle": "google-research/mt-metrics-eval 68a481a (stats.py, pce.py, tau_optimization.py)",
     "metrics": {name: {"files": [paths],
                        "pairwise_accuracy", "soft_pairwise_accuracy", "pearson_sys",
                        "acc23", "acc23_threshold", "kendall_b", "kendall_c", "kendall_23",
                        "kendall_like", "pearson_seg": number or null}}}

A metric's name is its file name without ``.seg.score`` / ``.sys.score``; a ``.seg.score``
and a ``.sys.score`` of the same name are one metric at both levels. A statistic the given
levels cannot give is absent; null is a NaN (a constant vector).
"""

from __future__ import annotations

import sys

FORMAT = "bleuprint-meta-eval"
VERSION = 1
ORACLE = "google-research/mt-metrics-eval 68a481a (stats.py, pce.py, tau_optimization.py)"
AVERAGE_BY = ("item", "sys", "none")

#: Table columns: (statistic, heading).
COLUMNS = (("pairwise_accuracy", "PA"), ("soft_pairwise_accuracy", "SPA"), ("pearson_sys", "r_sys"),
           ("acc23", "acc23"), ("acc23_threshold", "eps*"), ("kendall_b", "tau_b"), ("kendall_c", "tau_c"),
           ("kendall_23", "tau_23"), ("kendall_like", "tau_like"), ("pearson_seg", "r_seg"))


def add_parser(commands) -> None:
    parser = commands.add_parser(
        "meta-eval", help="meta-evaluate metrics against human scores (WMT metrics task statistics)",
        description="Compute the WMT metrics task's meta-evaluation statistics (pairwise accuracy, soft "
                    "pairwise accuracy, acc23 with tie calibration, Kendall's variants, Kendall-like, Pearson) "
                    "of each metric against human scores, exact to google-research/mt-metrics-eval. Files "
                    "are mt-metrics-eval's score files: 'SYSTEM SCORE' per line (None for an unrated segment).")
    parser.add_argument("--human", required=True, help="human segment scores (.seg.score; MQM, DA, ESA), or a "
                                                        ".sys.score file for system-level statistics only")
    parser.add_argument("--human-sys", default=None, help="human system scores (.sys.score), if not the means "
                                                          "of --human's segments")
    parser.add_argument("--metric-scores", "-m", nargs="+", required=True, metavar="FILE",
                        help="metric score files (.seg.score and/or .sys.score; one metric per name)")
    parser.add_argument("--average-by", choices=AVERAGE_BY, default="item",
                        help="how segment-level statistics are averaged (default: item, as WMT23/24)")
    parser.add_argument("--permutations", type=int, default=1000, help="soft pairwise accuracy's permutations")
    parser.add_argument("--seed", type=int, default=4, help="soft pairwise accuracy's seed (mt-metrics-eval: 4)")
    parser.add_argument("--kendall-like-threshold", type=float, default=25.0,
                        help="WMT20 Kendall-like's human-score threshold (25, for DA's 0-100 scale)")
    parser.add_argument("--spec", action="store_true", help="compute with the literal spec (slow) instead of impl")
    parser.add_argument("--format", "-f", choices=["text", "json"], default="text")
    parser.set_defaults(handler=main)


def metric_name(path: str) -> str:
    from pathlib import Path

    name = Path(path).name
    for suffix in (".seg.score", ".sys.score"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def load(args) -> tuple[dict, dict]:
    """``(inputs for api.evaluate, metric name -> files)``; ValueError on a bad file."""
    from ..metaeval.readers import read_score_file

    human = read_score_file(args.human)
    human_seg = human.scores if human.level == "seg" else None
    human_sys = human.scores if human.level == "sys" else None
    if args.human_sys:
        human_sys = read_score_file(args.human_sys, level="sys").scores
    metrics, files = {}, {}
    for path in args.metric_scores:
        scores = read_score_file(path, allow_missing=False)
        name = metric_name(path)
        levels = metrics.setdefault(name, {})
        if scores.level in levels:
            raise ValueError(f"{path}: metric {name} already has {scores.level}-level scores from "
                             f"{files[name][-1]}")
        levels[scores.level] = scores.scores
        files.setdefault(name, []).append(path)
    return {"human_seg": human_seg, "human_sys": human_sys, "metrics": metrics}, files


def render_text(report: dict) -> str:
    rows = report["metrics"]
    present = [(key, head) for key, head in COLUMNS if any(key in stats for stats in rows.values())]
    width = max([len("metric")] + [len(name) for name in rows])
    lines = [f"{len(report['systems'])} systems"
             + (f" x {report['segments']} segments" if report["segments"] else "")
             + f"; segment statistics averaged by {report['conventions']['average_by']}; "
               f"SPA: {report['conventions']['num_permutations']} permutations, seed {report['conventions']['seed']}",
             "metric".ljust(width) + "".join(f"  {head:>8}" for _, head in present)]
    for name, stats in rows.items():
        cells = []
        for key, _ in present:
            value = stats.get(key, "")
            cells.append(f"  {'-' if value is None else ('' if value == '' else f'{value:.4f}'):>8}")
        lines.append(name.ljust(width) + "".join(cells))
    return "\n".join(lines)


def run(args, stdout=None, stderr=None) -> int:
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    if args.permutations < 1:
        stderr.write("bleuprint meta-eval: --permutations must be at least 1\n")
        return 2
    try:
        from ..metaeval.api import evaluate

        inputs, files = load(args)
        report = evaluate(**inputs, average_by=args.average_by, num_permutations=args.permutations,
                          seed=args.seed, kendall_like_threshold=args.kendall_like_threshold,
                          fast=not args.spec)
    except (OSError, ValueError, TypeError) as error:
        stderr.write(f"bleuprint meta-eval: {error}\n")
        return 2
    if args.format == "json":
        import json

        document = {"format": FORMAT, "version": VERSION, "human": args.human, "human_sys": args.human_sys,
                    "systems": report["systems"], "segments": report["segments"],
                    "conventions": report["conventions"], "oracle": ORACLE,
                    "metrics": {name: {"files": files[name], **stats} for name, stats in report["metrics"].items()}}
        stdout.write(json.dumps(document, indent=1, allow_nan=False) + "\n")
    else:
        stdout.write(render_text(report) + "\n")
    return 0


def main(args) -> int:
    return run(args)
