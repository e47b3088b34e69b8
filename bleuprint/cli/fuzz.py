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


def add_parser(commands) -> None:
    from ..ports.fuzz import DEFAULT_EXAMPLES, DEFAULT_SEED

    fuzz = commands.add_parser(
        "fuzz", help="fuzz a port (another implementation) against the spec with Hypothesis",
        description="Start COMMAND (a port, docs/port-protocol.md), draw options and corpora from "
        "bleuprint.strategies, compare every answer with bleuprint.spec, and shrink a disagreement "
        "through the port to a minimal input. The same seed reruns the same examples.")
    fuzz.add_argument("--port", metavar="COMMAND", required=True, help="the port to start (split like a shell)")
    fuzz.add_argument("--metric", metavar="M", required=True, help="the registered metric to fuzz")
    fuzz.add_argument("--examples", metavar="N", type=int, default=DEFAULT_EXAMPLES,
                      help=f"examples to draw (default {DEFAULT_EXAMPLES})")
    fuzz.add_argument("--seed", metavar="S", type=int, default=DEFAULT_SEED,
                      help=f"Hypothesis seed (default {DEFAULT_SEED})")
    fuzz.add_argument("--timeout", metavar="S", type=float, default=None,
                      help="seconds to wait for each answer (default 10)")
    fuzz.add_argument("--json", metavar="PATH", help="also write the result as JSON (bleuprint_fuzz_report_v2); "
                      "'-' prints only the JSON")
    fuzz.set_defaults(handler=main)


def main(args) -> int:
    from . import missing_test_package

    if missing_test_package("fuzz", "hypothesis"):
        return 2
    from ..ports import DEFAULT_TIMEOUT, PortError
    from ..ports.fuzz import FuzzUsageError, MetricNotListed, fuzz_port

    timeout = DEFAULT_TIMEOUT if args.timeout is None else args.timeout
    try:
        report = fuzz_port(args.port, args.metric, examples=args.examples, seed=args.seed, timeout=timeout)
    except FuzzUsageError as exc:
        print(f"bleuprint: fuzz: {exc}", file=sys.stderr)
        return 2
    except MetricNotListed as exc:
        print(f"bleuprint: port {args.port!r}: {exc}", file=sys.stderr)
        return 2
    except PortError as exc:
        print(f"bleuprint: port {args.port!r}: {exc}", file=sys.stderr)
        return 2
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
