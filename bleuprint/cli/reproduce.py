"""``bleuprint reproduce``: its subcommand and handler; the claim, the search and the report
are ``bleuprint.reproduce``'s."""

from __future__ import annotations

import sys

from ..core import get_metric, metric_names
from ..reproduce import (MAX_SUBSETS, MAX_TER_PAIRS, audit, check_claim_range, parse_claim, render_json,
                         render_text)
from ..spec.sacrebleu_versions import SUPPORTED_VERSIONS, using_sacrebleu_version
from .score import UsageError, check_whole, read_references
from ..reproduce.hooks import reproduce_hooks


def add_parser(commands) -> None:
    parser = commands.add_parser(
        "reproduce", help="audit a published score: recompute it and search the configurations that give it",
        description="Recompute a claimed score under its sacreBLEU signature and list the configurations "
                    "(tokenizer, case, smoothing, orders, references, scale, aggregation) that reproduce it.")
    parser.add_argument("refs", nargs="+", help="reference file(s), one segment per line")
    parser.add_argument("--input", "-i", required=True, help="the system output (hypotheses), one per line")
    parser.add_argument("--claim", "-c", required=True,
                        help="the published score: a number (27.3), a metric's name and a number as papers print "
                             "them (BLEU 27.3, 27.30 BLEU (detok), BLEU: 27.3%%, BLEU = 27,3, chrF++ 58.4, ROUGE-L "
                             "0.55), a sacreBLEU line (BLEU|nrefs:1|... = 27.3 ...; 1.x: BLEU+case.mixed+... = 27.3) "
                             "or sacreBLEU's JSON")
    parser.add_argument("--signature", "-S", default=None, help="the sacreBLEU signature published with the score (2.x, long or short, or 1.x)")
    default = " and ".join(name for name in metric_names() if reproduce_hooks(get_metric(name)).searched_by_default)
    parser.add_argument("--metric", "-m", nargs="+", choices=metric_names(), default=None,
                        help=f"metrics to search (default: the claim's, else {default})")
    parser.add_argument("--num-refs", "-nr", type=int, default=1, help="tab-separated references per line")
    parser.add_argument("--top", type=int, default=20, help="how many reproducing configurations to list")
    parser.add_argument("--max-subsets", type=int, default=MAX_SUBSETS, help="cap on reference subsets searched")
    parser.add_argument("--max-ter-pairs", type=int, default=MAX_TER_PAIRS,
                        help="cap on TER work (pairs x option sets) before its options are cut")
    parser.add_argument("--format", "-f", choices=["text", "json"], default="text")
    parser.add_argument("--sacrebleu-version", choices=SUPPORTED_VERSIONS, default=None,
                        help="the sacreBLEU version of the signatures when the claim's names none (or one bleuprint "
                             "does not reproduce); a claim signed by 2.5.1 or 2.6.0 is recomputed as that version. "
                             "Default: the installed sacreBLEU's version when it is one of these, else 2.6.0")
    parser.set_defaults(handler=main)


def _read(path: str) -> list[str]:
    with open(path, encoding="utf-8", newline="\n") as handle:
        return [line.rstrip() for line in handle]


def run(args, stdout=None, stderr=None) -> int:
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        # status 2: 1 is a result here (the claim does not hold)
        check_whole(args.num_refs, "-nr/--num-refs", 1, None, " (tab-separated references a line)", 2)
        check_whole(args.top, "--top", 1, None, " (configurations listed)", 2)
        check_whole(args.max_subsets, "--max-subsets", 1, None, " (reference subsets searched)", 2)
        check_whole(args.max_ter_pairs, "--max-ter-pairs", 0, None, " (TER's pairs x option sets)", 2)
        streams = read_references(args.refs, args.num_refs, "utf-8")
        hyps = _read(args.input)
        if args.num_refs > 1:
            names = [f"{args.refs[0]}[{k + 1}]" for k in range(args.num_refs)]
        else:
            names = list(args.refs)
        claim = parse_claim(args.claim, args.signature, None)
        if claim.metric is None:  # a bare number: it must be a score of a metric searched
            check_claim_range(claim, args.metric or [name for name in metric_names()
                                                     if reproduce_hooks(get_metric(name)).searched_by_default])
        for warning in claim.warnings:
            stderr.write(f"bleuprint: warning: {warning}\n")
        with using_sacrebleu_version(getattr(args, "sacrebleu_version", None)):
            report = audit(hyps, streams, claim, metrics=args.metric, max_subsets=args.max_subsets,
                           max_ter_pairs=args.max_ter_pairs)
    except UsageError as error:
        stderr.write(f"bleuprint: {error}\n")
        return error.status
    except (OSError, ValueError, TypeError) as error:
        stderr.write(f"bleuprint: {error}\n")
        return 2
    render = render_json if args.format == "json" else render_text
    stdout.write(render(report, names, args.top) + "\n")
    if report.holds is not None:
        return 0 if report.holds else 1
    return 0 if report.matches else 1


def main(args) -> int:
    return run(args)
