"""rouge's hooks of the command line (``bleuprint.cli.hooks``)."""

from __future__ import annotations

from .names import NAMED_OPTIONS

#: ``-m rouge1 rouge2 rougeL rougeLsum`` (or ``ROUGE-L-R``, ...) name rouge's type and measure.
named_options = NAMED_OPTIONS
