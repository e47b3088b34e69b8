"""``--metric NAME...``: the metrics a command is restricted to (``vectors export``,
``verify``), each a registered name or alias, given as several names or the option
repeated."""

from __future__ import annotations

from ..verify_hooks import verify_hooks
from ..core.options import option_defaults


def add_metric_argument(parser, what: str) -> None:
    """Add ``--metric NAME...`` to ``parser`` (``what``: what it restricts, for the help)."""
    parser.add_argument("--metric", nargs="+", action="extend", metavar="NAME", default=None,
                        help=f"only these metrics' {what} (registered names; several names, or the option "
                             f"repeated; default: every metric)")


def chosen_metrics(names) -> list[str] | None:
    """The registered names of ``names`` (aliases resolved; each once, in the order given),
    or None for None (every metric). ValueError, one line naming every unknown name and
    the registered ones, for a name that is not registered."""
    if names is None:
        return None
    from ..core import get_metric, metric_names

    chosen, unknown = [], []
    for name in names:
        try:
            canonical = get_metric(name).name
        except ValueError:
            unknown.append(name)
            continue
        if canonical not in chosen:
            chosen.append(canonical)
    if unknown:
        raise ValueError(f"unknown metric{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}: "
                         f"expected one of {', '.join(metric_names())}")
    return chosen


def missing_data(name: str) -> str:
    """Why the registered metric ``name`` cannot be computed with its defaults on this
    machine ("" when it can): ``bleuprint.verify_hooks.missing_data`` (nltk's METEOR without WordNet)."""
    from ..core import get_metric

    definition = get_metric(name)
    return verify_hooks(definition).missing_data(option_defaults(definition))
