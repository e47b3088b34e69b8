"""The ``bleuprint`` command line: ``verify``, ``mutants``, ``score``, ``reproduce``, ``vectors``, ``fuzz``, ``audit``, ``conformance`` and ``meta-eval``.

One module per command (``bleuprint.cli.verify``, ``.mutants``, ``.score``, ``.reproduce``, ``.vectors``;
a metric's own command, such as ``squad``, in the module its ``bleuprint.cli.hooks.cli_module`` names),
each with ``add_parser(commands)``, which adds its subcommand and sets its handler; the
work is done by the libraries they call (``bleuprint.verify``, ``bleuprint.mutants``,
``bleuprint.compat``, ``bleuprint.reproduce``).

Every parser is built with ``allow_abbrev=False``: argparse's prefix matching would take
sacreBLEU's ``-t`` (its test-set option) for ``-tok`` and score with another tokenizer.
"""

from __future__ import annotations

import argparse
import sys


#: The shared subcommands, in the order ``--help`` lists them: name -> the module (of this
#: package) whose ``add_parser`` adds it.
COMMANDS = {"verify": "verify", "mutants": "mutants", "score": "score", "reproduce": "reproduce",
            "vectors": "vectors", "fuzz": "fuzz", "audit": "audit", "conformance": "conformance",
            "meta-eval": "meta_eval"}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``bleuprint`` parser: every subcommand (the shared ones, then the metrics' own in
    registry order); or, given ``command``, one of ``COMMANDS``, that subcommand alone, so
    that ``bleuprint score`` imports neither the other commands' modules (Hypothesis,
    reproduce's search, the ports, ...) nor every metric to find their subcommands. The
    subcommand's parser is the same either way, and so is what it parses."""
    parser = Parser(
        prog="bleuprint",
        description="An executable, auditable reference for text-generation metrics, exact to sacreBLEU 2.5.1 and 2.6.0.",
    )
    parser.add_argument("--version", "-V", action=VersionAction, text=version_line)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True

    import importlib

    # each module adds its subcommand (set_defaults(handler=...)); meta_eval's imports only
    # argparse's needs: bleuprint.metaeval (numpy) loads when it runs
    for name, module in COMMANDS.items():
        if command is None or name == command:
            importlib.import_module(f"{__name__}.{module}").add_parser(commands)
    if command is not None:
        return parser

    from ..core import get_metric, metric_names
    from .hooks import cli_hooks

    for name in metric_names():  # then the metrics' own subcommands (cli_module), in registry order
        module = cli_hooks(get_metric(name)).cli_module
        if module:
            importlib.import_module(module).add_parser(commands)
    return parser


class Parser(argparse.ArgumentParser):
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
    from .. import __version__

    return __version__


def version_line() -> str:
    """``bleuprint X (exact to sacreBLEU 2.5.1 and 2.6.0)``: the versions it reproduces."""
    from ..spec.sacrebleu_versions import SUPPORTED_VERSIONS

    return f"bleuprint {bleuprint_version()} (exact to sacreBLEU {' and '.join(SUPPORTED_VERSIONS)})"


#: The test-only packages some commands need (never run-time dependencies: numpy and regex
#: are): module name -> the name users know it by.
TEST_ONLY_PACKAGES = {"hypothesis": "Hypothesis", "pytest": "pytest"}


def missing_test_package(command: str, *modules: str) -> int:
    """0 when every one of ``modules`` (keys of ``TEST_ONLY_PACKAGES``) can be imported;
    else one line on standard error, ``bleuprint COMMAND needs Hypothesis: pip install
    'bleuprint[test]'``, and exit status 2 to return. Called first by the handlers of the
    commands that need a test-only package (``fuzz``, ``mutants run``, ...), so that a
    plain install (``pip install bleuprint``) gets that line, not a traceback."""
    import importlib.util

    for module in modules:
        if importlib.util.find_spec(module) is None:
            print(f"bleuprint {command} needs {TEST_ONLY_PACKAGES[module]}: pip install 'bleuprint[test]'",
                  file=sys.stderr)
            return 2
    return 0


def refused(message: str, status: int) -> int:
    """``bleuprint: MESSAGE`` on standard error, and ``status`` to return: how a handler
    says in one line why it stops (bad arguments, a port that cannot be run, a report that
    cannot be written)."""
    print(f"bleuprint: {message}", file=sys.stderr)
    return status


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``). A shared command named
    first is parsed by a parser of that command alone (``build_parser``)."""
    words = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(words[0] if words and words[0] in COMMANDS else None).parse_args(words)
    return args.handler(args)
