"""What one run of ``bleuprint score`` is asked to do, read once at the entry.

``ScoreRequest`` holds the parsed flags as plain values (argparse's names: ``num_refs``,
``bleu_tokenize``, ``testset_test_set``...), with what the entry settles before anything
else runs: the sacreBLEU version (``--sacrebleu-version``, else the default rule), ``-f``
after ``$SACREBLEU_FORMAT`` (which overrides it, as in sacreBLEU), and whether the output
is coloured. It is frozen: every later stage reads the same values, and none changes them
for the next one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .score_arguments import OUTPUT_FORMATS


@dataclass(frozen=True)
class ScoreRequest:
    """The flags of one run (``flags``, by argparse's names, read as attributes:
    ``request.num_refs``) and whether standard output is coloured (``colour``)."""

    flags: Mapping = field(default_factory=dict)
    colour: bool = False

    def __getattr__(self, name: str):
        flags = self.__dict__.get("flags", {})
        if name in flags:
            return flags[name]
        raise AttributeError(f"bleuprint score has no flag {name!r}")

    @property
    def output_format(self) -> str:
        """The form of the printed results: ``-f``, except text with ``--detail`` (sacreBLEU:
        the details would break the JSON)."""
        return "text" if self.testset_detail and self.format == "json" else self.format


def score_request(args, sacrebleu_version: str, terminal: bool, environ=os.environ) -> ScoreRequest:
    """The request that parsed ``args`` make, under ``sacrebleu_version``; ``terminal``:
    whether standard output is a terminal (colours are drawn only there, never with
    ``NO_COLOR`` or ``--no-color``)."""
    flags = dict(vars(args), sacrebleu_version=sacrebleu_version)
    if environ.get("SACREBLEU_FORMAT", "").lower() in OUTPUT_FORMATS:
        flags["format"] = environ["SACREBLEU_FORMAT"].lower()
    colour = bool(terminal and not environ.get("NO_COLOR") and not flags.get("no_color"))
    return ScoreRequest(MappingProxyType(flags), colour)
