"""``bleuprint meta-eval``: rank metrics against human scores as the WMT metrics task does.

    bleuprint meta-eval --human en-de.mqm.seg.score --metric-scores BLEU.seg.score COMET.seg.score [-f json]
    bleuprint meta-eval --human en-de.mqm.seg.score --metric bleu chrf ter --hyps-dir outputs/ --refs ref.txt
    bleuprint meta-eval --data wmt23 --gold mqm [--lp en-de zh-en] [--metric bleu chrf] [--significance]

The statistics are ``bleuprint.metaeval``'s (``api.evaluate`` / ``evaluate_language_pairs``);
this module only parses the command line, so building the parser imports nothing of them:
the files are read and the statistics computed (numpy loaded) only when the subcommand runs.

``--data DIR`` reads mt-metrics-eval's layout of one test set (``DIR/human-scores/{lp}.{gold}.
{seg,sys}.score``, ``DIR/metric-scores/{lp}/{METRIC}-{REF}.{seg,sys}.score``,
``DIR/system-outputs/{lp}/{SYSTEM}.txt``, ``DIR/references/{lp}.{REF}.txt``), evaluates each
language pair and pools them (docs/meta-eval.md).

The JSON report (``-f json``) is a public format, version 3 (docs/meta-eval.md): version 1's
keys, plus ``"significance"`` when ``--significance`` is given (version 3: with acc23's test,
whose p-values are ``"perm_pairs"``), and, with ``--data``, one such
report per language pair under ``"language_pairs"`` and the pooled statistics under ``"pooled"``.
A metric's name is its file name without ``.seg.score`` / ``.sys.score`` (with ``--data``, also
without ``-REF``); a ``.seg.score`` and a ``.sys.score`` of the same name are one metric at both
levels. A statistic the given levels cannot give is absent; null is a NaN (a constant vector).
"""

from __future__ import annotations

import sys

FORMAT = "bleuprint-meta-eval"
VERSION = 3
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
    parser.add_argument("--human", default=None, help="human segment scores (.seg.score; MQM, DA, ESA), or a "
                                                      ".sys.score file for system-level statistics only")
    parser.add_argument("--human-sys", default=None, help="human system scores (.sys.score), if not the means "
                                                          "of --human's segments")
    parser.add_argument("--metric-scores", "-m", nargs="+", default=[], metavar="FILE",
                        help="metric score files (.seg.score and/or .sys.score; one metric per name), or a learned "
                             "metric's segment scores in model_score's formats (COMET's JSON, TSV system/segment "
                             "id/score, one score a line: the metric named by the file without its extension)")
    parser.add_argument("--lower-is-better", nargs="+", default=[], metavar="NAME",
                        help="metrics of --metric-scores whose scores are better lower (MetricX, error counts): "
                             "negated, as every statistic takes higher as better (mt-metrics-eval's files are "
                             "negated already)")
    parser.add_argument("--metric", nargs="+", default=[], metavar="NAME",
                        help="registered metrics to compute with bleuprint (default options) from --hyps-dir and "
                             "--refs, or from --data's system outputs and references")
    parser.add_argument("--hyps-dir", default=None, metavar="DIR",
                        help="system outputs for --metric: one SYSTEM.txt per system, one segment per line")
    parser.add_argument("--refs", nargs="+", default=[], metavar="FILE", help="reference files for --metric")
    parser.add_argument("--data", default=None, metavar="DIR",
                        help="a test set in mt-metrics-eval's layout: every language pair, then pooled")
    parser.add_argument("--gold", default=None, help="with --data: the human scores' name ({lp}.GOLD.seg.score; "
                                                     "needed when there are several)")
    parser.add_argument("--lp", nargs="+", default=None, help="with --data: these language pairs (default: all)")
    parser.add_argument("--ref", default=None, help="with --data: the reference (references/{lp}.REF.txt, "
                                                    "metric files NAME-REF; needed when there are several)")
    parser.add_argument("--mqm-tsv", nargs="+", default=[], metavar="FILE",
                        help="Google's WMT MQM annotation files (github.com/google/wmt-mqm-human-evaluation): "
                             "human scores, system outputs and the reference at once; several are pooled")
    parser.add_argument("--mqm-ref", default=None, metavar="SYSTEM",
                        help="with --mqm-tsv: the human translation used as reference (default: the one "
                             "named ref, ref-*, Human-*)")
    parser.add_argument("--average-by", choices=AVERAGE_BY, default="item",
                        help="how segment-level statistics are averaged (default: item, as WMT23/24)")
    parser.add_argument("--permutations", type=int, default=1000, help="soft pairwise accuracy's permutations")
    parser.add_argument("--seed", type=int, default=4, help="soft pairwise accuracy's seed (mt-metrics-eval: 4)")
    parser.add_argument("--kendall-like-threshold", type=float, default=25.0,
                        help="WMT20 Kendall-like's human-score threshold (25, for DA's 0-100 scale)")
    parser.add_argument("--significance", action="store_true",
                        help="PERM-BOTH (and Williams') tests between metrics, the permutation test over "
                             "pairs for acc23, with significance ranks")
    parser.add_argument("--k", type=int, default=1000,
                        help="resamples of PERM-BOTH and of the pairs test (default 1000)")
    parser.add_argument("--block-size", type=int, default=100,
                        help="early-stopping block of both tests (default 100, as mt-metrics-eval's tasks)")
    parser.add_argument("--sig-seed", type=int, default=1,
                        help="seed of the tests' one random stream (mt-metrics-eval: numpy.random.seed)")
    parser.add_argument("--pval", type=float, default=0.05, help="significance level of the ranks (0.05)")
    parser.add_argument("--spec", action="store_true", help="compute with the literal spec (slow) instead of impl")
    parser.add_argument("--format", "-f", choices=["text", "json"], default="text")
    parser.set_defaults(handler=main)


def metric_name(path: str) -> str:
    from pathlib import Path

    name = Path(path).name
    for suffix in (".seg.score", ".sys.score"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return Path(path).stem if Path(path).suffix in (".json", ".tsv", ".txt") else name


def read_metric_file(path):
    """``(level, system -> scores)`` of a metric's file: mt-metrics-eval's ``.seg.score`` /
    ``.sys.score`` (``readers``), any other name in model_score's formats (segment level)."""
    from ..metaeval.readers import read_score_file

    if str(path).endswith((".seg.score", ".sys.score")):
        scores = read_score_file(path, allow_missing=False)
        return scores.level, scores.scores
    from ..metrics.model_score.files import read_scores

    return "seg", read_scores(path)


def negate(metrics: dict, names, files: dict) -> None:
    """``--lower-is-better``: the named metrics' scores negated at every level."""
    for name in names:
        if name not in metrics:
            raise ValueError(f"--lower-is-better {name}: no metric of that name among --metric-scores "
                             f"({', '.join(metrics) or 'none'})")
        metrics[name] = {level: {system: [-v for v in values] for system, values in scores.items()}
                         for level, scores in metrics[name].items()}


def load(args) -> tuple[dict, dict]:
    """``(inputs for api.evaluate, metric name -> files)``; ValueError on a bad file."""
    from ..metaeval.readers import read_score_file

    human = read_score_file(args.human)
    human_seg = human.scores if human.level == "seg" else None
    human_sys = human.scores if human.level == "sys" else None
    if args.human_sys:
        human_sys = read_score_file(args.human_sys, level="sys").scores
    metrics, files = {}, {}
    add_score_files(metrics, files, args.metric_scores)
    negate(metrics, args.lower_is_better, files)
    if args.metric:
        if not args.hyps_dir:
            raise ValueError("--metric needs --hyps-dir (and --refs for a metric with references)")
        add_computed(metrics, files, args.metric, read_outputs(args.hyps_dir), [read_lines(p) for p in args.refs],
                     args.hyps_dir)
    return {"human_seg": human_seg, "human_sys": human_sys, "metrics": metrics}, files


def add_score_files(metrics: dict, files: dict, paths, name_of=None) -> None:
    for path in paths:
        level, scores = read_metric_file(path)
        name = (name_of or metric_name)(path)
        levels = metrics.setdefault(name, {})
        if level in levels:
            raise ValueError(f"{path}: metric {name} already has {level}-level scores from {files[name][-1]}")
        levels[level] = scores
        files.setdefault(name, []).append(str(path))


def add_computed(metrics: dict, files: dict, names, outputs: dict, references: list, source: str) -> None:
    """bleuprint's own scores of ``names`` (``api.metric_scores``) beside the score files."""
    from ..metaeval.api import metric_scores

    for name, levels in metric_scores(names, outputs, references).items():
        if name in metrics:
            raise ValueError(f"--metric {name}: a score file already gives a metric named {name}")
        metrics[name] = levels
        files[name] = [f"computed by bleuprint from {source}"]


def read_lines(path) -> list[str]:
    from pathlib import Path

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not UTF-8 text") from None
    return text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")


def read_outputs(folder) -> dict:
    """System -> its segments: every ``SYSTEM.txt`` of ``folder``, one segment per line."""
    from pathlib import Path

    paths = sorted(Path(folder).glob("*.txt")) if Path(folder).is_dir() else []
    if not paths:
        raise ValueError(f"{folder}: no system outputs (SYSTEM.txt files)")
    return {path.stem: read_lines(path) for path in paths}


def load_data(args) -> tuple[dict, dict]:
    """mt-metrics-eval's layout of one test set: ``({lp: inputs}, {lp: {metric: files}})``."""
    from pathlib import Path

    from ..metaeval.readers import read_score_file

    root = Path(args.data)
    human_dir = root / "human-scores"
    if not human_dir.is_dir():
        raise ValueError(f"{root}: no human-scores/ folder (mt-metrics-eval's layout: docs/meta-eval.md)")
    found = {}
    for path in sorted(human_dir.glob("*.seg.score")) + sorted(human_dir.glob("*.sys.score")):
        parts = path.name.split(".")
        if len(parts) >= 4:
            found.setdefault(".".join(parts[1:-2]), set()).add(parts[0])
    if not found:
        raise ValueError(f"{human_dir}: no human score files ({{lp}}.{{gold}}.seg.score)")
    gold = args.gold
    if gold is None:
        if len(found) > 1:
            raise ValueError(f"{human_dir}: several human scores ({', '.join(sorted(found))}): choose one with --gold")
        gold = next(iter(found))
    if gold not in found:
        raise ValueError(f"{human_dir}: no human scores named {gold} (found: {', '.join(sorted(found))})")
    lps = args.lp or sorted(found[gold])
    language_pairs, files = {}, {}
    for lp in lps:
        seg, sys_ = human_dir / f"{lp}.{gold}.seg.score", human_dir / f"{lp}.{gold}.sys.score"
        if not seg.is_file() and not sys_.is_file():
            raise ValueError(f"{human_dir}: no {lp}.{gold}.seg.score or .sys.score")
        human_seg = read_score_file(seg).scores if seg.is_file() else None
        human_sys = read_score_file(sys_, level="sys").scores if sys_.is_file() else None
        metrics, lp_files = {}, {}
        folder = root / "metric-scores" / lp
        paths = sorted(folder.glob("*.seg.score")) + sorted(folder.glob("*.sys.score")) if folder.is_dir() else []
        chosen = []
        for path in paths:
            base, _, ref = metric_name(str(path)).rpartition("-")
            if base and (args.ref is None or ref in (args.ref, "src")):
                chosen.append(path)
        add_score_files(metrics, lp_files, chosen, lambda p: metric_name(p).rpartition("-")[0])
        if args.metric:
            refs = reference_files(root, lp, args.ref)
            add_computed(metrics, lp_files, args.metric, read_outputs(root / "system-outputs" / lp),
                         [read_lines(p) for p in refs], f"{root / 'system-outputs' / lp} and {', '.join(map(str, refs))}")
        if not metrics:
            raise ValueError(f"{lp}: no metric scores ({folder}) and no --metric")
        language_pairs[lp] = {"human_seg": human_seg, "human_sys": human_sys, "metrics": metrics}
        files[lp] = lp_files
    return language_pairs, files


def load_mqm(args, path) -> tuple[dict, dict]:
    """One Google WMT MQM file (``metaeval.wmt_mqm``): its human scores, and ``--metric``
    computed on its outputs against its reference (plus ``--metric-scores``)."""
    from ..metaeval.wmt_mqm import language_pair_inputs

    human_seg, texts, ref = language_pair_inputs(path, args.mqm_ref)
    metrics, files = {}, {}
    add_score_files(metrics, files, args.metric_scores)
    negate(metrics, args.lower_is_better, files)
    add_computed(metrics, files, args.metric, texts["outputs"], texts["references"], f"{path} (reference {ref})")
    return {"human_seg": human_seg, "human_sys": None, "metrics": metrics}, files


def reference_files(root, lp: str, ref: str | None) -> list:
    found = sorted((root / "references").glob(f"{lp}.*.txt"))
    if ref is not None:
        found = [p for p in found if p.name == f"{lp}.{ref}.txt"]
    if not found:
        raise ValueError(f"{root / 'references'}: no {lp}.{ref or 'REF'}.txt for --metric")
    if len(found) > 1:
        raise ValueError(f"{root / 'references'}: several references for {lp} "
                         f"({', '.join(p.name for p in found)}): choose one with --ref")
    return found


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
    if "significance" in report:
        lines += render_significance(report["significance"])
    return "\n".join(lines)


def render_significance(significance: dict) -> list[str]:
    c = significance["conventions"]
    pairs = " (acc23: permutation over pairs)" if "acc23" in significance["tests"] else ""
    lines = [f"significance: PERM-BOTH{pairs}, k {c['k']}, blocks of {c['block_size']}, seed {c['seed']}; "
             f"ranks at p <= {c['pval']}"]
    for statistic, test in significance["tests"].items():
        clusters: dict = {}
        for name, rank in zip(test["order"], test["ranks"]):
            clusters.setdefault(rank, []).append(name)
        lines.append(f"  {statistic}: " + "; ".join(f"{rank}: {', '.join(names)}" for rank, names in clusters.items()))
    return lines


def render_pooled(report: dict) -> str:
    lines = []
    for lp, lp_report in report["language_pairs"].items():
        lines += [f"== {lp}", render_text(lp_report)]
    pooled = report["pooled"]
    lines.append(f"== pooled over {', '.join(report['language_pairs'])}")
    names = pooled["metrics"]
    width = max([len("metric")] + [len(n) for n in names])
    heads = [("pairwise_accuracy", "PA"), ("wmt24_average", "WMT24avg")]
    heads = [(k, h) for k, h in heads if k in pooled]
    lines.append("metric".ljust(width) + "".join(f"  {h:>8}" for _, h in heads))
    for name in names:
        lines.append(name.ljust(width) + "".join(f"  {pooled[k][name]:>8.4f}" for k, _ in heads))
    if "significance" in pooled:
        lines += render_significance(pooled["significance"])
    return "\n".join(lines)


def run(args, stdout=None, stderr=None) -> int:
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    problem = None
    if args.permutations < 1:
        problem = "--permutations must be at least 1"
    elif args.significance and (args.k < 1 or args.block_size < 1):
        problem = "--k and --block-size must be at least 1"
    elif args.significance and not 0 <= args.sig_seed < 2 ** 32:
        problem = "--sig-seed must be in [0, 2**32)"
    elif args.significance and not 0 <= args.pval <= 1:
        problem = "--pval must be in [0, 1]"
    elif args.mqm_tsv and (args.data or args.human or args.human_sys or args.hyps_dir or args.refs):
        problem = "--mqm-tsv reads its own human scores, outputs and reference: drop --data, --human, " \
                  "--human-sys, --hyps-dir and --refs"
    elif args.mqm_tsv and not args.metric:
        problem = "--mqm-tsv needs --metric NAME... (the metrics to compute on its outputs)"
    elif args.mqm_ref and not args.mqm_tsv:
        problem = "--mqm-ref goes with --mqm-tsv"
    elif args.mqm_tsv and len(args.mqm_tsv) > 1 and args.metric_scores:
        problem = "--metric-scores goes with one --mqm-tsv file (several are language pairs)"
    elif args.data is None and args.human is None and not args.mqm_tsv:
        problem = "give --human (one language pair) or --data (a test set in mt-metrics-eval's layout)"
    elif args.data is not None and (args.human or args.human_sys or args.metric_scores or args.hyps_dir or args.refs):
        problem = "--data reads its own human scores, metric scores, outputs and references: drop --human, " \
                  "--human-sys, --metric-scores, --hyps-dir and --refs"
    elif args.data is None and (args.gold or args.lp or args.ref):
        problem = "--gold, --lp and --ref go with --data"
    elif args.data is None and not (args.metric_scores or args.metric):
        problem = "give --metric-scores FILE... or --metric NAME... (with --hyps-dir and --refs)"
    elif args.data is None and not args.mqm_tsv and args.metric and not args.hyps_dir:
        problem = "--metric needs --hyps-dir (and --refs for a metric with references)"
    elif args.lower_is_better and not args.metric_scores:
        problem = "--lower-is-better names metrics of --metric-scores"
    elif (args.hyps_dir or args.refs) and not args.metric:
        problem = "--hyps-dir and --refs are the inputs of --metric"
    if problem:
        stderr.write(f"bleuprint meta-eval: {problem}\n")
        return 2
    significance = ({"k": args.k, "block_size": args.block_size, "seed": args.sig_seed, "pval": args.pval}
                    if args.significance else None)
    options = dict(average_by=args.average_by, num_permutations=args.permutations, seed=args.seed,
                   kendall_like_threshold=args.kendall_like_threshold, fast=not args.spec, significance=significance)
    try:
        if args.mqm_tsv and len(args.mqm_tsv) == 1:
            from ..metaeval.api import evaluate

            inputs, files = load_mqm(args, args.mqm_tsv[0])
            report = evaluate(**inputs, **options)
        elif args.data is not None or args.mqm_tsv:
            from ..metaeval.api import evaluate_language_pairs

            if args.mqm_tsv:
                loaded = {metric_name(p).removesuffix(".tsv"): load_mqm(args, p) for p in args.mqm_tsv}
                language_pairs = {lp: inputs for lp, (inputs, _) in loaded.items()}
                files = {lp: f for lp, (_, f) in loaded.items()}
            else:
                language_pairs, files = load_data(args)
            report = evaluate_language_pairs(language_pairs, **options)
        else:
            from ..metaeval.api import evaluate

            inputs, files = load(args)
            report = evaluate(**inputs, **options)
    except (OSError, ValueError, TypeError) as error:
        stderr.write(f"bleuprint meta-eval: {error}\n")
        return 2
    if args.format == "json":
        import json

        if "language_pairs" in report:
            document = {"format": FORMAT, "version": VERSION, "data": args.data or args.mqm_tsv, "oracle": ORACLE,
                        "language_pairs": {lp: lp_document(r, files[lp]) for lp, r in report["language_pairs"].items()},
                        "pooled": report["pooled"]}
        else:
            document = {"format": FORMAT, "version": VERSION, "human": args.human or (args.mqm_tsv[0] if args.mqm_tsv else None), "human_sys": args.human_sys,
                        "oracle": ORACLE, **lp_document(report, files)}
        stdout.write(json.dumps(document, indent=1, allow_nan=False) + "\n")
    else:
        stdout.write((render_pooled(report) if "language_pairs" in report else render_text(report)) + "\n")
    return 0


def lp_document(report: dict, files: dict) -> dict:
    out = {"systems": report["systems"], "segments": report["segments"], "conventions": report["conventions"],
           "metrics": {name: {"files": files[name], **stats} for name, stats in report["metrics"].items()}}
    if "significance" in report:
        out["significance"] = report["significance"]
    return out


def main(args) -> int:
    return run(args)
