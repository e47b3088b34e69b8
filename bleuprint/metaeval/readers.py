"""Reading mt-metrics-eval's score files: ``.seg.score`` and ``.sys.score``.

The format (mt-metrics-eval ``data.py``, ``ReadScoreFile``): one line per score, two
whitespace-separated fields, the system's name and the score, or ``None`` where there is
no score (a human score file's unrated segments); a system's segment scores are its lines
in file order. A ``.sys.score`` file has one line per system. Human score files (MQM, DA,
ESA: ``{lp}.mqm.seg.score``) are the same format.

Every problem is a ``ScoreFileError`` (a ValueError) whose message is one line naming the
file and, where there is one, the line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path


class ScoreFileError(ValueError):
    """A score file that cannot be read as mt-metrics-eval's format; the message names the
    file and the line."""


@dataclass(frozen=True)
class ScoreFile:
    """One file's scores: ``level`` (``"seg"`` or ``"sys"``) and ``scores`` (system -> list
    of scores, ``None`` for a missing one; one score per system at system level), systems
    in the order they first appear."""

    path: str
    level: str
    scores: dict

    @property
    def systems(self) -> list[str]:
        return list(self.scores)

    @property
    def name(self) -> str:
        """The file name without ``.seg.score`` / ``.sys.score``."""
        name = Path(self.path).name
        for suffix in (".seg.score", ".sys.score"):
            if name.endswith(suffix):
                return name[: -len(suffix)]
        return name


def parse_score(field: str, where: str) -> float:
    """A score's text as a finite float; ``ScoreFileError`` naming ``where`` (``path:line``)
    otherwise."""
    try:
        value = float(field)
    except ValueError:
        raise ScoreFileError(f"{where}: score {field!r} is not a number") from None
    if not math.isfinite(value):
        raise ScoreFileError(f"{where}: score {field!r} is not finite")
    return value


def level_of(path) -> str:
    """``"sys"`` for a ``.sys.score`` file, ``"seg"`` otherwise."""
    return "sys" if str(path).endswith(".sys.score") else "seg"


def read_score_file(path, allow_missing: bool = True, level: str | None = None) -> ScoreFile:
    """Read one score file. ``allow_missing=False`` refuses ``None`` scores (a metric's file);
    ``level`` overrides the one the name gives. Segment files must give every system the
    same number of segments."""
    path = str(path)
    level = level or level_of(path)
    if level not in ("seg", "sys"):
        raise ValueError(f"level must be 'seg' or 'sys', got {level!r}")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScoreFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ScoreFileError(f"{path}: not UTF-8 text") from None
    scores: dict[str, list] = {}
    first_line: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            raise ScoreFileError(f"{path}:{number}: empty line (expected 'SYSTEM SCORE')")
        fields = line.split()
        if len(fields) != 2:
            raise ScoreFileError(f"{path}:{number}: expected 2 fields 'SYSTEM SCORE', found {len(fields)}")
        system, field = fields
        if field == "None":
            if not allow_missing:
                raise ScoreFileError(f"{path}:{number}: system {system} has no score (None); a metric must score "
                                     "every segment")
            value = None
        else:
            value = parse_score(field, f"{path}:{number}")
        if level == "sys" and system in scores:
            raise ScoreFileError(f"{path}:{number}: system {system} already has a score on line {first_line[system]}")
        first_line.setdefault(system, number)
        scores.setdefault(system, []).append(value)
    if not scores:
        raise ScoreFileError(f"{path}: no scores")
    if level == "seg":
        counts = {system: len(values) for system, values in scores.items()}
        first = next(iter(counts))
        for system, count in counts.items():
            if count != counts[first]:
                raise ScoreFileError(f"{path}:{first_line[system]}: system {system} has {count} segment scores, "
                                     f"system {first} has {counts[first]}")
    return ScoreFile(path, level, scores)
