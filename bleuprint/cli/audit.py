"""``bleuprint audit TARGET``: audit a metric library against the spec (``bleuprint.audit``).

TARGET is a built-in adapter (``bleuprint.audit.adapters``; ``all`` for every one), any
Python callable (``path/to/file.py:function`` or ``module:function``, with ``--as METRIC``,
``--scale``, ``--level``, ``--option NAME=VALUE``, ``--swap``), or, with ``--port
COMMAND``, a program speaking the port protocol (no TARGET then). The Markdown report goes
to standard output (``--markdown PATH`` writes it to a file too), the JSON report to
``--json PATH`` (``-``: standard output, instead of the Markdown); progress goes to
standard error. ``--case JSON`` compares one input (``{"hyps": [...], "refs": [[...]]}``)
instead of searching: the replay of a class.

Exit status: 0 when every audited subject is exact (a library that is not installed is
reported with its pip command and does not change the status), 1 when a difference was
found (or a subject failed), 2 for bad arguments (one ``bleuprint: audit: ...`` line).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from ..core.options import find_option, option_names


class UsageError(ValueError):
    pass


def add_parser(commands) -> None:
    from ..audit.run import DEFAULT_EXAMPLES, DEFAULT_SEED

    audit = commands.add_parser(
        "audit", help="audit a metric library against the spec: find, shrink and explain its differences",
        description="Check a library's metric on real text, hunt for divergences with Hypothesis, shrink "
        "each to a minimal input, and explain it by the nearby configuration that matches (docs/audit.md).")
    audit.add_argument("targets", metavar="TARGET", nargs="*",
                       help="a built-in adapter ('all' for every one), path/to/file.py:function or module:function")
    audit.add_argument("--metric", metavar="M", action="append", default=None,
                       help="audit only this metric or subject name (repeatable); with --port: the metric")
    audit.add_argument("--examples", metavar="N", default=str(DEFAULT_EXAMPLES),
                       help=f"examples to draw per subject (default {DEFAULT_EXAMPLES})")
    audit.add_argument("--seed", metavar="S", default=str(DEFAULT_SEED), help=f"Hypothesis seed (default {DEFAULT_SEED})")
    audit.add_argument("--json", metavar="PATH", help="write the JSON report (bleuprint_audit_report_v1); '-' prints it")
    audit.add_argument("--markdown", metavar="PATH", help="also write the Markdown report to PATH")
    audit.add_argument("--as", dest="as_metric", metavar="METRIC", help="a callable target: the metric it computes")
    audit.add_argument("--scale", metavar="X", default=None, help="a callable target: its top of scale (1 or 100; "
                       "default the metric's)")
    audit.add_argument("--level", choices=("corpus", "sentence"), default="corpus",
                       help="a callable target: corpus f(hyps, refs) or sentence f(hypothesis, references)")
    audit.add_argument("--swap", action="store_true", help="a callable target takes the references first")
    audit.add_argument("--option", metavar="NAME=VALUE", action="append", default=[],
                       help="the bleuprint option the target claims (repeatable)")
    audit.add_argument("--port", metavar="COMMAND", help="audit a port (docs/port-protocol.md) instead of a TARGET")
    audit.add_argument("--case", metavar="JSON", help="compare this one input instead of searching (a replay)")
    audit.add_argument("--tolerance", metavar="T", default=None,
                       help="relative tolerance of the comparisons (default 1e-9; numeric noise found raises it)")
    audit.add_argument("--max-refs", metavar="K", default=None,
                       help="give the library at most K references a segment (1 for libraries taking one)")
    audit.set_defaults(handler=main)

    def error(message):  # one line, not argparse's usage block
        print(f"bleuprint: audit: {message}", file=sys.stderr)
        raise SystemExit(2)

    audit.error = error
    parse_known = audit.parse_known_args

    def parse_known_args(args=None, namespace=None):  # unknown options: the same one line
        namespace, extras = parse_known(args, namespace)
        if extras:
            error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras

    audit.parse_known_args = parse_known_args


def _whole(text: str, what: str, low: int) -> int:
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise UsageError(f"{what} takes a whole number >= {low}, got {text!r}") from None
    if value < low:
        raise UsageError(f"{what} takes a whole number >= {low}, got {text!r}")
    return value


def _tolerance(text) -> float:
    from ..audit.classify import TOLERANCE

    if text is None:
        return TOLERANCE
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"--tolerance takes a number in [0, 1), got {text!r}") from None
    if not 0 <= value < 1:
        raise UsageError(f"--tolerance takes a number in [0, 1), got {text!r}")
    return value


def _options(metric: str, words: list) -> dict:
    from ..core import get_metric

    definition = get_metric(metric)
    options = {}
    for word in words:
        name, sep, text = word.partition("=")
        if not sep or not name:
            raise UsageError(f"--option takes NAME=VALUE, got {word!r}")
        if name not in option_names(definition):
            raise UsageError(f"{metric} has no option {name!r} (it has {', '.join(o.name for o in definition.options)})")
        try:
            options[name] = find_option(definition, name).parse(text)
        except (TypeError, ValueError) as exc:
            raise UsageError(str(exc)) from None
    return options


def _metric_name(name: str | None, what: str) -> str:
    from ..core import metric_names

    if not name:
        raise UsageError(f"{what} needs the metric it computes (--as METRIC or --metric METRIC)")
    if name not in metric_names():
        raise UsageError(f"unknown metric {name!r} (bleuprint has {', '.join(metric_names())})")
    return name


def subjects_of(args, progress) -> tuple[list, list]:
    """(subjects to audit, results of targets not installed) from the arguments."""
    from ..audit import adapters
    from ..audit.run import not_installed
    from ..audit.subject import NotInstalled, subject_from_callable, subject_from_port
    from ..ports.protocol import PortError

    if args.port and args.targets:
        raise UsageError("give either TARGET or --port COMMAND, not both")
    if not args.port and not args.targets:
        raise UsageError("give a TARGET (a built-in adapter, path/to/file.py:function, module:function) "
                         "or --port COMMAND")
    subjects, missing = [], []
    if args.port:
        metric = _metric_name(args.as_metric or (args.metric[0] if args.metric and len(args.metric) == 1 else None),
                              "--port")
        try:
            subjects.append(subject_from_port(args.port, metric, _options(metric, args.option)))
        except PortError as exc:
            raise UsageError(f"port {args.port!r}: {exc}") from None
        return subjects, missing
    targets = list(args.targets)
    if "all" in targets:
        targets = [t for t in targets if t != "all"] + adapters.names()
    for target in targets:
        if ":" in target and (target not in adapters.ADAPTERS):
            metric = _metric_name(args.as_metric, target)
            scale = args.scale
            if scale is None:
                from ..core import get_metric

                scale = float(get_metric(metric).scale)
            else:
                try:
                    scale = float(scale)
                except ValueError:
                    raise UsageError(f"--scale takes a positive number, got {args.scale!r}") from None
                if not scale > 0:
                    raise UsageError(f"--scale takes a positive number, got {args.scale!r}")
            try:
                subjects.append(subject_from_callable(target, metric, scale=scale, level=args.level,
                                                      options=_options(metric, args.option), swap=args.swap))
            except (TypeError, ValueError) as exc:
                raise UsageError(str(exc)) from None
            continue
        try:
            found = adapters.load(target)
        except NotInstalled as exc:
            progress(f"audit: {target}: not installed: {exc.pip}")
            missing.append(not_installed(exc.library, exc.pip))
            continue
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if args.metric:
            found = [s for s in found if s.metric in args.metric or s.name in args.metric]
            if not found:
                progress(f"audit: {target}: no subject for {', '.join(args.metric)}")
        subjects.extend(found)
    return subjects, missing


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def replay_case(subject, text: str, tolerance: float | None = None) -> int:
    from ..audit.classify import same
    from ..audit.search import Comparer

    try:
        case = json.loads(text)
        hyps, refs = case["hyps"], case["refs"]
        if not (isinstance(hyps, list) and isinstance(refs, list) and len(hyps) == len(refs)):
            raise ValueError
    except (ValueError, KeyError, TypeError):
        raise UsageError('--case takes JSON {"hyps": [...], "refs": [[...], ...]} with one list of references '
                         'a hypothesis') from None
    comparer = Comparer(subject)
    outcome = comparer.compare(hyps, refs)
    if outcome is None:
        raise UsageError("bleuprint's spec refuses this input, so there is nothing to compare")
    library = "raises " + outcome.error if outcome.library is None else f"{outcome.raw!r} (0-{subject.scale:g})"
    equal = same(outcome.library, outcome.spec, outcome.tolerance if tolerance is None
                 else max(tolerance, subject.tolerance or 0.0))  # a float32 library's declared rounding
    print(f"{subject.name}: bleuprint {outcome.spec!r}; library {library}: " + ("equal" if equal else "DIFFERENT"))
    return 0 if equal else 1


def main(args) -> int:
    from ..audit import report
    from ..audit.run import audit

    try:
        examples = _whole(args.examples, "--examples", 1)
        seed = _whole(args.seed, "--seed", 0)
        subjects, missing = subjects_of(args, _progress)
        tolerance = _tolerance(args.tolerance)
        if args.max_refs is not None:
            import dataclasses

            most = _whole(args.max_refs, "--max-refs", 1)
            subjects = [dataclasses.replace(s, max_refs=most if s.max_refs is None else min(s.max_refs, most),
                                            min_refs=min(s.min_refs, most)) for s in subjects]
        if args.case is not None:
            if len(subjects) != 1:
                raise UsageError("--case replays one subject: choose one with --metric")
            return replay_case(subjects[0], args.case, tolerance)
    except UsageError as exc:
        print(f"bleuprint: audit: {exc}", file=sys.stderr)
        return 2
    results = [audit(s, examples=examples, seed=seed, progress=_progress, tolerance=tolerance)
               for s in subjects] + missing
    data = report.to_json(results, seed=seed, examples=examples)
    markdown = report.to_markdown(results)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    try:
        if args.json and args.json != "-":
            Path(args.json).write_text(text + "\n", encoding="utf-8")
        if args.markdown:
            Path(args.markdown).write_text(markdown, encoding="utf-8")
    except OSError as exc:
        print(f"bleuprint: audit: cannot write the report: {exc.strerror or exc}", file=sys.stderr)
        return 2
    sys.stdout.write(text + "\n" if args.json == "-" else markdown)
    return 1 if any(r.status in ("differs", "error") for r in results) else 0
