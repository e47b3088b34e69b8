"""The ``bleuprint`` command line: ``verify``, ``mutants``, ``score`` and ``reproduce``.

Every parser is built with ``allow_abbrev=False``: argparse's prefix matching would take
sacreBLEU's ``-t`` (its test-set option) for ``-tok`` and score with another tokenizer.
"""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bleuprint",
        description="An executable, auditable reference for text-generation metrics, exact to sacreBLEU 2.5.1.",
    )
    parser.add_argument("--version", "-V", action=VersionAction, text=version_line)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    from .verify import SUBJECTS

    verify = commands.add_parser(
        "verify",
        help="check the metrics against the oracles (hand examples, goldens, live sacreBLEU)",
        description="Check bleuprint against the hand-computed examples, the bundled sacreBLEU "
        "goldens, and live sacreBLEU 2.5.1 when it is installed. Exit status 1 on any mismatch.",
    )
    verify.add_argument("--subject", nargs="+", choices=list(SUBJECTS), default=list(SUBJECTS),
                        help="which implementation(s) to check (default: all)")
    verify.add_argument("--no-live", action="store_true", help="do not call sacreBLEU even if it is installed")
    verify.add_argument("--ted-systems", default="1", metavar="N|all",
                        help="how many ted-ende systems to score live (default 1; 'all' for 13)")
    verify.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    verify.add_argument("--with-mutants", action="store_true",
                        help="also run the project's tests against every planted mutant (a few minutes)")

    mutants = commands.add_parser("mutants", help="planted mutants of the spec: kill matrix and grading")
    actions = mutants.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    actions.required = True
    actions.add_parser("list", help="list the planted mutants")
    run = actions.add_parser("run", help="run the project's tests against every mutant and print the kill matrix")
    run.add_argument("tests", nargs="*", default=None, help="pytest arguments (default: the project's tests)")
    run.add_argument("--json", metavar="PATH", help="write the full matrix as JSON")
    run.add_argument("--stryker", metavar="PATH", help="write a mutation-testing-report-schema (Stryker) report")
    run.add_argument("--only", nargs="+", metavar="ID", help="only these mutants")
    run.add_argument("--jobs", type=int, default=None, metavar="N",
                     help="worker processes, each taking a share of the mutants (default: cores, at most 2)")
    grade = actions.add_parser("grade", help="grade an outside test suite against the mutants (course rule)")
    grade.add_argument("path", help="a test file or directory; its tests import the API from bleuprint.spec")
    grade.add_argument("--json", metavar="PATH", help="write the grade and matrix as JSON")

    from . import reproduce, score_cli  # each adds its subcommand, with set_defaults(handler=...)

    score_cli.add_parser(commands)
    reproduce.add_parser(commands)
    return parser


class _Parser(argparse.ArgumentParser):
    """The parser of every subcommand: no prefix matching of long options (module doc)."""

    def __init__(self, *args, **kwargs):
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def _get_option_tuples(self, option_string):
        # Python 3.10 and 3.11 still match single-dash prefixes (-t for -tok) when
        # allow_abbrev is off; keep only a one-letter option joined to its value (-b5).
        return [found for found in super()._get_option_tuples(option_string) if found[1] == option_string[:2]]


class VersionAction(argparse.Action):
    """``--version``: prints its text on standard output as written (argparse's own action
    re-wraps it onto one line) and exits with status 0."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, text=None, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or "print the version and exit")
        self.text = text

    def __call__(self, parser, namespace, values, option_string=None):
        sys.stdout.write(self.text() + "\n")
        parser.exit(0)


def bleuprint_version() -> str:
    """``bleuprint.__version__``: the installed distribution's version (pyproject.toml is
    its one source)."""
    from . import __version__

    return __version__


def version_line() -> str:
    from .spec.signature import SACREBLEU_VERSION

    return f"bleuprint {bleuprint_version()} (exact to sacreBLEU {SACREBLEU_VERSION})"


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "verify":
        if args.ted_systems != "all" and not args.ted_systems.isdigit():
            build_parser().error("--ted-systems takes a whole number or 'all'")
        from .verify import main as verify_main

        return verify_main(args)
    if args.command == "mutants":
        from .mutants.cli import main as mutants_main

        return mutants_main(args)
    if getattr(args, "handler", None) is not None:
        return args.handler(args)
    return 2  # pragma: no cover (argparse requires a command)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
