"""Read the golden fixtures (``goldens/<name>.json``) without needing sacreBLEU.

The fixtures are package data, found through ``importlib.resources`` so they load from
an installed wheel as well as from the source tree. Their layout is described in
``bleuprint.oracles.generate`` (file) and ``bleuprint.oracles.cases_common`` (case).
"""

from __future__ import annotations

import json
from importlib import resources

GOLDEN_NAMES = ("bleu", "chrf", "tokenizers")


def load_goldens(name: str) -> dict:
    """The whole fixture ``name`` (``"bleu"``, ``"chrf"``, ``"tokenizers"``; a trailing
    ``.json`` is accepted): ``{"name", "command", "versions", "cases"}``. A fresh copy on
    every call, so callers may modify it."""
    if not isinstance(name, str):
        raise TypeError(f"golden name must be a str, got {type(name).__name__}")
    stem = name[:-5] if name.endswith(".json") else name
    resource = resources.files("bleuprint.oracles").joinpath("goldens", f"{stem}.json")
    if not resource.is_file():
        raise ValueError(f"no golden fixture {name!r}: known ones are {', '.join(GOLDEN_NAMES)} "
                         f"(run python -m bleuprint.oracles.generate)")
    return json.loads(resource.read_text(encoding="utf-8"))


def golden_cases(name: str) -> list[dict]:
    """The list of cases of fixture ``name``."""
    return load_goldens(name)["cases"]
