"""``bleuprint verify``: its subcommand and handler; the checks, rows and table are
``bleuprint.verify``'s."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from . import verify_port
from .metric_choice import add_metric_argument, chosen_metrics, missing_data
from ..verify import SCORE_TOLERANCE, SUBJECTS, format_table, mutants_row, run


def add_parser(commands) -> None:
    verify = commands.add_parser(
        "verify",
        help="check the metrics against the oracles (hand examples, goldens, live sacreBLEU)",
        description="Check bleuprint against the hand-computed examples, the bundled sacreBLEU "
        "goldens, and live sacreBLEU (2.5.1 or 2.6.0) when it is installed. Exit status 1 on any mismatch.",
    )
    verify.add_argument("--subject", nargs="+", choices=list(SUBJECTS), default=list(SUBJECTS),
                        help="which implementation(s) to check (default: all)")
    verify.add_argument("--no-live", action="store_true", help="do not call sacreBLEU even if it is installed")
    verify.add_argument("--ted-systems", default="1", metavar="N|all",
                        help="how many ted-ende systems to score live (default 1; 'all' for 13)")
    verify.add_argument("--json", metavar="PATH", help="also write the rows as JSON (with --port: the report; "
                        "'-' prints only the JSON)")
    verify.add_argument("--with-mutants", action="store_true",
                        help="also run the project's tests against every planted mutant (a few minutes)")
    add_metric_argument(verify, "cases")
    verify_port.add_arguments(verify)
    verify.set_defaults(handler=main)


def main(args) -> int:
    """The handler of ``bleuprint verify`` (``args`` from the CLI parser)."""
    if getattr(args, "port", None) is not None:  # another program, through the port protocol
        return verify_port.main(args)
    if getattr(args, "vectors", None) is not None or getattr(args, "timeout", None) is not None:
        from . import build_parser

        build_parser().error("--vectors and --timeout are options of --port")
    if args.ted_systems != "all" and not args.ted_systems.isdigit():
        from . import build_parser

        build_parser().error("--ted-systems takes a whole number or 'all'")
    if getattr(args, "with_mutants", False):  # the project's tests, before minutes of checks
        from . import missing_test_package

        if missing_test_package("verify --with-mutants", "pytest", "hypothesis"):
            return 2
    try:
        metrics = chosen_metrics(getattr(args, "metric", None))
    except ValueError as error:
        print(f"bleuprint: verify: {error}", file=sys.stderr)
        return 2
    for name in metrics or ():  # a metric named whose data is missing here: refused, not left half-checked
        reason = missing_data(name)
        if reason:
            print(f"bleuprint: verify: cannot verify {name} here: {reason}", file=sys.stderr)
            return 1
    started = time.perf_counter()
    ted_systems = None if args.ted_systems == "all" else int(args.ted_systems)
    rows, notes = run(args.subject, live=not args.no_live, ted_systems=ted_systems, metrics=metrics)
    if getattr(args, "with_mutants", False):
        rows.append(mutants_row())
    print(format_table(rows))
    total = sum(r.cases for r in rows)
    equal = sum(r.equal for r in rows)
    for note in notes:
        print(f"note: {note}")
    bad = [r for r in rows if not r.ok]
    for row in bad:
        for failure in row.failures[:5]:
            print(f"MISMATCH {row.subject} {row.metric} [{row.oracle}] {failure}")
    elapsed = time.perf_counter() - started
    print(f"{equal} of {total} cases equal (scores within {SCORE_TOLERANCE:g}, statistics exact) in {elapsed:.1f} s")
    if args.json:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in rows], indent=1), encoding="utf-8")
    return 1 if bad else 0
