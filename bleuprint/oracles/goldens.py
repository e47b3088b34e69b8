"""Read the golden fixtures (``goldens/<name>.json``) without needing sacreBLEU.

The fixtures are package data, found through ``importlib.resources`` so they load from
an installed wheel as well as from the source tree. Their layout is described in
``bleuprint.oracles.generate`` (file) and ``bleuprint.oracles.cases_common`` (case).
"""

from __future__ import annotations

import json
from importlib import resources


def _goldens_dir():
    return resources.files("bleuprint.oracles").joinpath("goldens")


def golden_names() -> tuple[str, ...]:
    """The names of the stored fixtures (``bleu``, ``chrf``, ``tokenizers``, ...), sorted."""
    return tuple(sorted(entry.name[:-5] for entry in _goldens_dir().iterdir() if entry.name.endswith(".json")))


def load_goldens(name: str) -> dict:
    """The whole fixture ``name`` (``"bleu"``, ``"chrf"``, ``"tokenizers"``; a trailing
    ``.json`` is accepted): ``{"name", "command", "versions", "cases"}``. A fresh copy on
    every call, so callers may modify it."""
    if not isinstance(name, str):
        raise TypeError(f"golden name must be a str, got {type(name).__name__}")
    stem = name[:-5] if name.endswith(".json") else name
    resource = _goldens_dir().joinpath(f"{stem}.json")
    if not resource.is_file():
        raise ValueError(f"no golden fixture {name!r}: known ones are {', '.join(golden_names())} "
                         f"(run python -m bleuprint.oracles.generate)")
    return json.loads(resource.read_text(encoding="utf-8"))


def golden_cases(name: str) -> list[dict]:
    """The list of cases of fixture ``name``."""
    return load_goldens(name)["cases"]
