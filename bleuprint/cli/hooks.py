"""The command line's protocol (``bleuprint.hooks``): what ``bleuprint`` asks a metric
beside its scores, with the defaults. A metric tunes it in
``bleuprint/metrics/NAME/cli.py``."""

from __future__ import annotations

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

CLI = Protocol("cli", "cli", {
    "cost": cost,
    "spec_cost": spec_cost,
    "cli_module": cli_module,
})
cli_hooks = CLI.of
