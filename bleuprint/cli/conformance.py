"""``bleuprint conformance``: the vectors (and a bounded fuzz) against any number of
implementations, ports and libraries, in one static report folder (the work is
``bleuprint.conformance``'s; ``docs/how-to/conformance.md``). Exit status 0 when every
entry run conforms (or was skipped), 1 when one fails or nothing could be run, 2 for bad
arguments."""

from __future__ import annotations

import sys

from .fuzz import add_fuzz_bounds

#: Fuzz examples per implementation and metric by default (a bounded fuzz beside the vectors).
EXAMPLES = 100


def add_parser(commands) -> None:
    parser = commands.add_parser(
        "conformance", help="run the vectors and a bounded fuzz against ports and libraries; write a static "
                            "report (JSON, HTML, SVG badges, dated history)")
    for flag, metavar, what in (
            ("--port", "COMMAND", "a program speaking port protocol 1 (docs/port-protocol.md)"),
            ("--library", "NAME", "a built-in audit adapter (bleuprint audit's names: nltk, torchmetrics, ...), or "
                                  "'all' for every one; one not installed here is reported so")):
        parser.add_argument(flag, metavar=metavar, action="append", default=[], help=f"{what}; repeat for several")
    parser.add_argument("--out", metavar="DIR", required=True,
                        help="the report folder: conformance.json, index.html, badges/, schemas/, history/ "
                             "(earlier reports there are kept and compared)")
    parser.add_argument("--vectors", metavar="DIR", default=None,
                        help="exported vector files to run (default: build them now for the metrics covered)")
    add_fuzz_bounds(parser, "fuzz examples per implementation and metric", EXAMPLES, no_fuzz=True)
    parser.set_defaults(handler=main)


def main(args) -> int:
    from . import build_parser, refused

    if args.examples < 0 or args.seed < 0:
        build_parser().error("--examples and --seed take whole numbers >= 0")
    if not args.timeout > 0:
        build_parser().error("--timeout takes a positive number of seconds")
    if not args.port and not args.library:
        build_parser().error("conformance: give at least one --port COMMAND or --library NAME")
    if args.examples and any(args.port + args.library):
        from . import missing_test_package

        if missing_test_package("conformance (its fuzz; or --examples 0)", "hypothesis"):
            return 2
    from ..audit.adapters import names

    libraries = []
    for name in args.library:
        chosen = names() if name == "all" else [name]
        for target in chosen:
            if target not in names():
                build_parser().error(f"--library: unknown adapter {target!r}: expected one of {', '.join(names())} or all")
            if target not in libraries:
                libraries.append(target)
    from ..conformance.run import conformance

    try:
        data = conformance(args.out, ports=args.port, libraries=libraries, vectors=args.vectors,
                           examples=args.examples, seed=args.seed, timeout=args.timeout,
                           progress=lambda text: print(text, file=sys.stderr))
    except ValueError as exc:
        return refused(f"conformance: {exc}", 2)
    except OSError as exc:
        return refused(f"conformance: cannot write the report to {args.out}: {exc.strerror or exc}", 1)
    print(summary(data, args.out))
    entries = [e for i in data["implementations"] for e in i["entries"]]
    return 0 if entries and all(e["status"] != "fails" for e in entries) else 1


def summary(data: dict, out: str) -> str:
    """One line per entry, then where the report is."""
    from ..conformance.entry import entry_labels

    lines = []
    for implementation in data["implementations"]:
        for entry, label in zip(implementation["entries"], entry_labels(implementation["entries"])):
            call = f" {label}" if label else ""
            counts = []
            for name, short in (("must-pass", "must-pass"), ("must-refuse", "must-refuse"),
                                ("implementation-defined", "implementation-defined")):
                found = entry["classes"][name]
                sent = sum(n for s, n in found.items() if s not in ("skipped", "untried"))
                if sent:
                    counts.append(f"{short} {found['passed']}/{sent}")
            fuzz = entry["fuzz"]
            if fuzz is not None:
                counts.append(f"fuzz: a disagreement at example {fuzz['ran']}" if fuzz["finding"]
                              else f"fuzz {fuzz['ran']} examples: agrees")
            lines.append(f"{implementation['name']} {implementation['version']}{call}: {entry['metric']} "
                         f"{entry['status']} ({', '.join(counts) or 'nothing sent'})")
    for item in data["notInstalled"]:
        lines.append(f"{item['name']}: not installed ({item['pip']})")
    for item in data["notStarted"]:
        lines.append(f"{item['source']}: not started ({item['error']})")
    lines.append(f"report: {out}/index.html ({len(data['history'])} earlier in {out}/history)")
    return "\n".join(lines)
