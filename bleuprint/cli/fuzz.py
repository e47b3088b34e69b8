"""``bleuprint fuzz --port COMMAND --metric M``: fuzz a port against the spec with
Hypothesis and print the minimal disagreement, its diagnosis and the replay command (the
work is ``bleuprint.ports.fuzz``'s). Exit status 0 when the port always agreed, 1 when a
disagreement was found, 2 for bad arguments or a port that cannot be started, does not
list the metric or skips it at its defaults (found by the probe before fuzzing). Every
problem is one ``bleuprint: ...`` line, never a traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def add_fuzz_bounds(parser, examples_help: str, examples: int, no_fuzz: bool = False) -> None:
    """``--examples N``, ``--seed S`` and ``--timeout S``: how many examples a fuzz of a
    port draws, from which Hypothesis seed, and how long the port may take to answer one
    request (``bleuprint fuzz``; ``bleuprint conformance``'s bounded fuzz, where ``no_fuzz``:
    ``--examples 0`` runs no fuzz)."""
    from ..ports import DEFAULT_TIMEOUT
    from ..ports.fuzz import DEFAULT_SEED

    zero = "; 0: no fuzz" if no_fuzz else ""
    parser.add_argument("--examples", metavar="N", type=int, default=examples,
                        help=f"{examples_help} (default {examples}{zero})")
    parser.add_argument("--seed", metavar="S", type=int, default=DEFAULT_SEED,
                        help=f"the fuzz's Hypothesis seed (default {DEFAULT_SEED})")
    parser.add_argument("--timeout", metavar="S", type=float, default=DEFAULT_TIMEOUT,
                        help=f"seconds a port may take to answer one request (default {DEFAULT_TIMEOUT:g})")


def add_parser(commands) -> None:
    from ..ports.fuzz import DEFAULT_EXAMPLES

    fuzz = commands.add_parser(
        "fuzz", help="fuzz a port (another implementation) against the spec with Hypothesis",
        description="Start COMMAND (a port, docs/port-protocol.md), draw options and corpora from "
        "bleuprint.strategies, compare every answer with bleuprint.spec, and shrink a disagreement "
        "through the port to a minimal input. The same seed reruns the same examples.")
    fuzz.add_argument("--port", metavar="COMMAND", required=True, help="the port to start (split like a shell)")
    fuzz.add_argument("--metric", metavar="M", required=True, help="the registered metric to fuzz")
    add_fuzz_bounds(fuzz, "examples to draw", DEFAULT_EXAMPLES)
    fuzz.add_argument("--json", metavar="PATH", help="also write the result as JSON (bleuprint_fuzz_report_v2); "
                      "'-' prints only the JSON")
    fuzz.set_defaults(handler=main)


def main(args) -> int:
    from . import missing_test_package, refused

    if missing_test_package("fuzz", "hypothesis"):
        return 2
    from ..ports import PortError
    from ..ports.fuzz import FuzzUsageError, fuzz_port

    try:
        report = fuzz_port(args.port, args.metric, examples=args.examples, seed=args.seed, timeout=args.timeout)
    except FuzzUsageError as exc:
        return refused(f"fuzz: {exc}", 2)
    except PortError as exc:  # MetricNotListed too
        return refused(f"port {args.port!r}: {exc}", 2)
    data = report.to_json()
    if args.json == "-":
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print(report.to_text())
        if args.json:
            try:
                Path(args.json).write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
            except OSError as exc:
                print(f"bleuprint: cannot write {args.json}: {exc.strerror or exc}", file=sys.stderr)
                return 2
    return 0 if report.ok else 1
