"""The dated history of conformance reports: every run's JSON is also written to
``OUT/history/YYYY-MM-DDTHH-MM-SSZ.json`` (UTC; colons left out so that every file
system takes the name), and the page lists those files and the changes between the last
two runs, so that a change between two runs is visible (an implementation that stopped
conforming, a vector that started failing)."""

from __future__ import annotations

import json
from pathlib import Path

FOLDER = "history"


def stamp(generated: str) -> str:
    """``2026-12-06T13:40:00Z`` -> ``2026-12-06T13-40-00Z``."""
    return generated.replace(":", "-")


def earlier(out: Path, generated: str) -> list[dict]:
    """``[{"file", "generated"}]`` of the reports in ``out/history`` older than
    ``generated``, newest first (unreadable files left out)."""
    found = []
    for path in sorted((out / FOLDER).glob("*.json"), reverse=True):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("generated", "") < generated:
            found.append({"file": f"{FOLDER}/{path.name}", "generated": data["generated"], "document": data})
    return found


def _key(implementation: dict, entry: dict) -> str:
    return f"{implementation['name']} {entry['metric']}" + (f" {entry['call']}" if entry["call"] else "")


def _summary(document: dict) -> dict:
    from .badge import value_text

    import collections
    import json

    out = {}
    for implementation in document["implementations"]:
        keys = [_key(implementation, entry) for entry in implementation["entries"]]
        shared = {key for key, count in collections.Counter(keys).items() if count > 1}
        for key, entry in zip(keys, implementation["entries"]):
            if key in shared:  # one call claimed at several configurations (ROUGE's types)
                key += " " + json.dumps(entry["options"], sort_keys=True, ensure_ascii=False)
            failing = {f["id"] for f in entry["failures"]}
            out[key] = (implementation["version"], entry["status"], value_text(entry), failing)
    return out


def _order(vector_id: str) -> tuple:
    """``FILE#tcId`` by file, then by the number (``#2`` before ``#10``)."""
    name, _, number = vector_id.rpartition("#")
    return (name, int(number)) if number.isdigit() else (vector_id, 0)


def changes(previous: dict | None, current: dict) -> list[dict]:
    """What changed from ``previous`` to ``current`` (two report documents), per entry:
    ``[{"entry", "before", "after", "newFailures", "fixed"}]``; entries new or gone are
    shown with ``before`` or ``after`` null."""
    if previous is None:
        return []
    old, new = _summary(previous), _summary(current)
    found = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a is not None and b is not None and a[:3] == b[:3] and a[3] == b[3]:
            continue
        found.append({"entry": key,
                      "before": None if a is None else f"{a[1]} {a[2]} (version {a[0]})",
                      "after": None if b is None else f"{b[1]} {b[2]} (version {b[0]})",
                      "newFailures": sorted((b[3] if b else set()) - (a[3] if a else set()), key=_order),
                      "fixed": sorted((a[3] if a else set()) - (b[3] if b else set()), key=_order)})
    return found
