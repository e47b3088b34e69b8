"""``bleuprint verify --port COMMAND``: run a port through protocol 1 and print the report
(the work is ``bleuprint.ports``'s). Exit status 0 only when nothing failed, errored, timed
out or went untried and every metric name the port lists is bleuprint's; 1 otherwise, or
when the port cannot be started; 2 for bad arguments."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def add_arguments(verify) -> None:
    """The port options of ``bleuprint verify``."""
    verify.add_argument("--port", metavar="COMMAND",
                        help="verify another program instead: start COMMAND and speak port protocol 1 with it "
                        "(docs/port-protocol.md); the other options above are then not used")
    verify.add_argument("--vectors", metavar="DIR", help="with --port: the vector files to send (default: cases "
                        "built from the registry for the metrics the port lists)")
    verify.add_argument("--timeout", metavar="S", type=float, default=None,
                        help="with --port: seconds to wait for each answer (default 10)")


def main(args) -> int:
    from ..ports import DEFAULT_TIMEOUT, PortError, verify_port
    from . import build_parser

    timeout = DEFAULT_TIMEOUT if args.timeout is None else args.timeout
    if not timeout > 0:
        build_parser().error("--timeout takes a positive number of seconds")
    if args.vectors is not None and not Path(args.vectors).is_dir():
        build_parser().error(f"--vectors: no directory {args.vectors!r}")
    try:
        report, notes = verify_port(args.port, vectors=args.vectors, timeout=timeout)
    except PortError as exc:
        print(f"bleuprint: port {args.port!r}: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:  # a vector file without the expected layout
        print(f"bleuprint: {exc}", file=sys.stderr)
        return 2
    data = report.to_json()
    data["messages"] = notes
    if args.json == "-":
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print(report.to_text())
        for note in notes:
            print(f"note: {note}")
        if args.json:
            Path(args.json).write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0 if report.ok else 1
