"""``bleuprint compare-scores FILE... --convention NAME``: systems' segment scores from a learned
metric's files (any format of ``files``), compared by the convention named
(``spec.compare_scores``: sacreBLEU's paired bootstrap or approximate randomisation, the first
system the baseline; COMET's ``comet-compare`` statistics for every pair). Prints the report as
JSON. Bad input: one line ``bleuprint compare-scores: error: ...`` on standard error and exit
status 2."""

from __future__ import annotations

import json
import sys

#: The command line's hooks (``bleuprint.cli.hooks``): this module adds ``compare-scores``,
#: and ``bleuprint score -i`` reads model_score's own file formats.
cli_module = "bleuprint.metrics.model_score.cli"


def split_system_file(definition, path: str) -> list[tuple[str, list[float], int]]:
    """The systems of one ``-i`` file, ``[(name, scores, first line)]`` (``files``, any
    format; line 0 where the format has none: JSON): a file of one score a line is one
    system named by the path."""
    from .files import read_scores_located

    scores, lines = read_scores_located(path)
    return [(name, values, lines.get(name, 0)) for name, values in scores.items()]


def add_parser(commands) -> None:
    parser = commands.add_parser(
        "compare-scores", help="compare systems' segment scores from a learned metric's files (COMET, BLEURT, "
                               "MetricX) by sacreBLEU's or COMET's convention",
        description="Read the systems' segment scores from FILEs (COMET's JSON, TSV system/segment id/score, "
                    "mt-metrics-eval's .seg.score, one score a line) and compare them by the convention named; "
                    "print the report (JSON).")
    parser.add_argument("files", nargs="+", metavar="FILE", help="score files; a file may hold several systems")
    parser.add_argument("--convention", choices=("sacrebleu-bs", "sacrebleu-ar", "comet"), default="sacrebleu-bs",
                        help="sacreBLEU's paired bootstrap (default) or approximate randomisation, the first system "
                             "the baseline; or COMET's comet-compare statistics of every pair")
    parser.add_argument("-n", type=int, default=None, metavar="N",
                        help="resamples (bs: 1000), trials (ar: 10000) or splits (comet: 300)")
    parser.add_argument("--seed", type=int, default=None, help="the convention's seed (12345, 12345, COMET 2.x's 1)")
    parser.add_argument("--sample-ratio", type=float, default=0.4, help="comet: a split's share of the segments")
    parser.add_argument("--impl", choices=("impl", "spec"), default="impl", help="the fast layer or the spec")
    parser.set_defaults(handler=main)


def run(args, stdout=None, stderr=None) -> int:
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    from . import files
    from .spec import comparison_report

    try:
        systems = files.read_systems(args.files)
        if args.impl == "spec":
            from ... import spec as layer
        else:
            from ... import impl as layer
        report = comparison_report(args.convention, systems, args.n, args.seed, args.sample_ratio, layer)
    except (ValueError, TypeError, OSError) as error:
        stderr.write(f"bleuprint compare-scores: error: {str(error).splitlines()[0]}\n")
        return 2
    stdout.write(json.dumps(report, indent=1) + "\n")
    return 0


def main(args) -> int:
    return run(args)
