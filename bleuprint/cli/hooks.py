"""The command line's protocol (``bleuprint.hooks``): what ``bleuprint`` asks a metric
beside its scores, with the defaults. A metric tunes it in
``bleuprint/metrics/NAME/cli.py``."""

from __future__ import annotations

from types import MappingProxyType

from ..hooks import Protocol

#: The relative cost of one segment's statistics (impl BLEU = 1) with impl, and with
#: the spec (None: ``cost`` times the spec's usual slowdown); ``bleuprint score`` reads
#: them to decide on a progress bar and its chunks, nothing else does.
cost: int = 1
spec_cost: int | None = None
#: A module with ``add_parser(commands)`` adding this metric's own subcommand to the
#: ``bleuprint`` command line (``bleuprint squad``: the official scripts' interface), after
#: the shared ones; "" for none.
cli_module: str = ""
#: The names ``-m`` accepts for this metric beside its registry name and aliases, each in
#: lower case with the options it states (rouge: ``rougelsum``, ``rouge-2-r``); ``-m``
#: matches them in any case. None by default.
named_options = MappingProxyType({})


def split_system_file(definition, path: str) -> list:
    """``[(system, segments, first line)]`` of one ``bleuprint score -i`` file, for a metric
    that reads files of its own formats (model_score: COMET's JSON, TSV, ...), where one
    file may hold several systems. A metric that reads lines of text does not override it
    (``bleuprint.cli.score_files`` asks whether it does)."""
    raise NotImplementedError(f"{definition.name} reads lines of text, not files of its own formats")


def scale_for(definition, **options) -> int:
    """The scale of the score under ``options`` (100, 10 or 1): the metric's ``scale``,
    unless a variant reports on its oracle's other scale (self-BLEU's Texygen variant,
    0..1). ``bleuprint score`` prints a 0..1 score with 4 decimals, a 0..100 one with
    sacreBLEU's 1."""
    return definition.scale


CLI = Protocol("cli", "cli", {
    "cost": cost,
    "spec_cost": spec_cost,
    "cli_module": cli_module,
    "named_options": named_options,
    "split_system_file": split_system_file,
    "scale_for": scale_for,
})
cli_hooks = CLI.of
