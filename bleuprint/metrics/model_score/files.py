"""Segment scores from the files learned metrics write: ``read_scores`` (one file) and
``read_systems`` (several, their systems' segment counts checked against each other).

Formats (``fmt``; ``"auto"`` tells them apart by the text, ``detect_format``):

* ``lines``: one score per line, one system per file (what ``comet-score`` writes when its
  per-segment scores are kept one a line; ``bleuprint score -m model_score -i FILE``). The
  system is named by the file.
* ``comet-json``: COMET's JSON (unbabel-comet 2.2.7, read in ``comet/cli/score.py`` and
  ``comet/cli/compare.py``): ``comet-score --to_json`` writes ``{translation file: [{"src",
  "mt", "ref"?, "COMET": score}, ...]}``; ``comet-compare --to_json`` writes ``{"model",
  "statistical_results", "source", "translations": [{"name", "mt", "scores"}]}``. Both are
  read; the systems are the translation files' names.
* ``tsv``: ``system<TAB>segment id<TAB>score`` a line; the segment ids of each system must be
  distinct whole numbers, and every system must have the same set of ids; a system's scores
  are ordered by id.
* ``mtme``: google-research/mt-metrics-eval's ``*.seg.score`` / ``*.sys.score`` (``system
  score`` a line, white-space separated; a system's segments in file order), read by
  ``bleuprint.metaeval.readers`` with no ``None`` score allowed (a metric scores every
  segment). A ``.sys.score`` file gives each system one score.

Every problem is a ``ScoreFileError`` (a ValueError) whose message is one line naming the
file and, where there is one, the line (``path:line: ...``); systems whose segment counts
differ (within a file or across files) are refused that way, naming the first line of the
system that differs, as mt-metrics-eval's ``converters/verify_scores_file.py`` checks a
scores file.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from ...metaeval.readers import ScoreFileError, parse_score, read_score_file

FORMATS = ("auto", "lines", "comet-json", "tsv", "mtme")


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScoreFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ScoreFileError(f"{path}: not UTF-8 text") from None


def detect_format(path: str, text: str) -> str:
    """``comet-json`` for a ``.json`` name or a text that starts with ``{``; ``mtme`` for a
    ``.seg.score`` / ``.sys.score`` name; else by the first line's fields: 1 ``lines``, 2
    ``mtme``, 3 ``tsv`` (tab-separated)."""
    name = str(path)
    if name.endswith(".json") or text.lstrip().startswith("{"):
        return "comet-json"
    if name.endswith((".seg.score", ".sys.score")):
        return "mtme"
    first = text.splitlines()[0] if text.strip() else ""
    if "\t" in first and len(first.split("\t")) == 3:
        return "tsv"
    fields = len(first.split())
    if fields == 2:
        return "mtme"
    if fields <= 1:
        return "lines"
    raise ScoreFileError(f"{path}:1: cannot tell the format: {fields} fields (expected a score, 'SYSTEM SCORE' "
                         f"or 'SYSTEM<TAB>SEGMENT<TAB>SCORE')")


def _lines(path: str, text: str) -> tuple[dict, dict]:
    scores = []
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if len(fields) != 1:
            raise ScoreFileError(f"{path}:{number}: expected one score a line, found {len(fields)} fields")
        scores.append(parse_score(fields[0], f"{path}:{number}"))
    if not scores:
        raise ScoreFileError(f"{path}: no scores")
    return {path: scores}, {path: 1}


def _json_number(value, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ScoreFileError(f"{where}: score {value!r} is not a number")
    if not math.isfinite(float(value)):
        raise ScoreFileError(f"{where}: score {value!r} is not finite")
    return float(value)


def _comet_json(path: str, text: str) -> tuple[dict, dict]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScoreFileError(f"{path}:{error.lineno}: not JSON: {error.msg}") from None
    if not isinstance(data, dict) or not data:
        raise ScoreFileError(f"{path}: expected a JSON object (comet-score's or comet-compare's --to_json)")
    scores = {}
    if "translations" in data and isinstance(data["translations"], list):  # comet-compare
        for k, system in enumerate(data["translations"]):
            if not isinstance(system, dict) or "name" not in system or not isinstance(system.get("scores"), list):
                raise ScoreFileError(f"{path}: translations[{k}] has no 'name' and 'scores' list")
            name = str(system["name"])
            if name in scores:
                raise ScoreFileError(f"{path}: translations[{k}]: system {name} appears twice")
            scores[name] = [_json_number(v, f"{path}: translations[{k}].scores[{i}]")
                            for i, v in enumerate(system["scores"])]
    else:  # comet-score: {file: [segment, ...]}
        for name, segments in data.items():
            if not isinstance(segments, list):
                raise ScoreFileError(f"{path}: {name!r} is not a list of segments")
            values = []
            for i, segment in enumerate(segments):
                if not isinstance(segment, dict) or "COMET" not in segment:
                    raise ScoreFileError(f"{path}: {name!r}[{i}] has no 'COMET' score")
                values.append(_json_number(segment["COMET"], f"{path}: {name!r}[{i}].COMET"))
            scores[name] = values
    for name, values in scores.items():
        if not values:
            raise ScoreFileError(f"{path}: system {name} has no scores")
    return scores, {name: 0 for name in scores}


def _tsv(path: str, text: str) -> tuple[dict, dict]:
    by_id: dict[str, dict] = {}
    first_line: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split("\t")
        if len(fields) != 3:
            raise ScoreFileError(f"{path}:{number}: expected 3 tab-separated fields 'SYSTEM SEGMENT SCORE', "
                                 f"found {len(fields)}")
        system, segment, score = (f.strip() for f in fields)
        try:
            segment_id = int(segment)
        except ValueError:
            raise ScoreFileError(f"{path}:{number}: segment id {segment!r} is not a whole number") from None
        first_line.setdefault(system, number)
        ids = by_id.setdefault(system, {})
        if segment_id in ids:
            raise ScoreFileError(f"{path}:{number}: system {system} has segment {segment_id} twice")
        ids[segment_id] = parse_score(score, f"{path}:{number}")
    if not by_id:
        raise ScoreFileError(f"{path}: no scores")
    first = next(iter(by_id))
    for system, ids in by_id.items():
        if set(ids) != set(by_id[first]):
            missing = sorted(set(by_id[first]) - set(ids)) or sorted(set(ids) - set(by_id[first]))
            raise ScoreFileError(f"{path}:{first_line[system]}: system {system} has {len(ids)} segments, system "
                                 f"{first} has {len(by_id[first])} (segment {missing[0]} differs)")
    return {system: [ids[k] for k in sorted(ids)] for system, ids in by_id.items()}, first_line


def _mtme(path: str, text: str) -> tuple[dict, dict]:
    scores = read_score_file(path, allow_missing=False).scores
    first_line, number = {}, 0
    for number, line in enumerate(text.splitlines(), 1):
        first_line.setdefault(line.split()[0], number)
    return scores, first_line


READERS = {"lines": _lines, "comet-json": _comet_json, "tsv": _tsv, "mtme": _mtme}


def read_scores_located(path, fmt: str = "auto") -> tuple[dict, dict]:
    """``read_scores`` and, per system, the line where it starts (0: not known, JSON)."""
    path = str(path)
    if fmt not in FORMATS:
        raise ValueError(f"unknown score file format {fmt!r}: expected one of {', '.join(FORMATS)}")
    text = _read_text(path)
    if not text.strip():
        raise ScoreFileError(f"{path}: no scores")
    return READERS[detect_format(path, text) if fmt == "auto" else fmt](path, text)


def read_scores(path, fmt: str = "auto") -> dict:
    """One file's systems: ``{system: [segment scores]}``, in the file's order (module doc)."""
    return read_scores_located(path, fmt)[0]


def read_systems(paths, fmt: str = "auto") -> dict:
    """The systems of every file in ``paths`` (module doc), in order: ``{system: [scores]}``.
    A system named twice, or one whose number of segments differs from the first
    system's, is a ``ScoreFileError`` naming its file and first line."""
    out, origin = {}, {}
    for path in paths:
        scores, lines = read_scores_located(path, fmt)
        for system, values in scores.items():
            where = f"{path}:{lines[system]}" if lines.get(system) else str(path)
            if system in out:
                raise ScoreFileError(f"{where}: system {system} already read from {origin[system]}")
            if out:
                first = next(iter(out))
                if len(values) != len(out[first]):
                    raise ScoreFileError(f"{where}: system {system} has {len(values)} segment scores, system {first} "
                                         f"({origin[first]}) has {len(out[first])}")
            out[system], origin[system] = values, where
    if not out:
        raise ScoreFileError("no score files given")
    return out
