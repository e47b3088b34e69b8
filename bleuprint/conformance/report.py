"""The conformance report as JSON (schema ``bleuprint_conformance_report_v1``,
``schemas/bleuprint_conformance_report_v1.json``; ``docs/how-to/conformance.md``) and the
files of a report folder: ``conformance.json``, ``index.html``, ``badges/*.svg``,
``schemas/`` and ``history/`` (``history``).

The schema is versioned like bleuprint's other public formats: a later version adds and
never removes or renames, and says what it added."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

REPORT_SCHEMA = "bleuprint_conformance_report_v1"
SCHEMA_FILE = REPORT_SCHEMA + ".json"
JSON_NAME = "conformance.json"
PAGE_NAME = "index.html"


def load_schema() -> dict:
    return json.loads(resources.files(__package__).joinpath("schemas", SCHEMA_FILE).read_text(encoding="utf-8"))


def vectors_summary(files: dict, source: str) -> dict:
    """``{"source", "numberOfFiles", "numberOfTests", "byClass"}`` of the vectors run."""
    from .vectors import CLASSES, vector_class

    by_class = dict.fromkeys(CLASSES, 0)
    for document in files.values():
        for group in document["testGroups"]:
            for test in group["tests"]:
                by_class[vector_class(test)] += 1
    return {"source": source, "numberOfFiles": len(files), "numberOfTests": sum(by_class.values()),
            "byClass": by_class}


def document(generated: str, vectors: dict, examples: int, seed: int, implementations: list,
             not_installed: list, not_started: list, fault_notes: dict) -> dict:
    """The report (module doc); each entry gets its badge's path (``badge.file_name``)."""
    from .. import __version__
    from .badge import entry_names

    for implementation in implementations:
        implementation["checked"] = generated
        for entry, name in zip(implementation["entries"], entry_names(implementation)):
            entry["badge"] = name
    used = {f for i in implementations for e in i["entries"]
            for f in [*(x for o in e["failures"] for x in o["faults"]), *(s["id"] for s in e["suggestedFaults"]),
                      *((e["fuzz"] or {}).get("faults") or [])]}
    return {"schema": REPORT_SCHEMA, "bleuprintVersion": __version__, "generated": generated,
            "vectors": vectors, "fuzz": {"examples": examples, "seed": seed},
            "implementations": implementations, "notInstalled": not_installed, "notStarted": not_started,
            "faults": {f: fault_notes[f] for f in sorted(used) if f in fault_notes},
            "history": [], "changes": []}


def json_ready(value):
    """``value`` with every float that is not finite written as the audit report writes it
    (the strings ``"NaN"``, ``"Infinity"``, ``"-Infinity"``): a library's NaN in a fuzz
    finding must not make the report a file that strict JSON readers refuse."""
    from ..audit.report import json_number

    if isinstance(value, dict):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(item) for item in value]
    return json_number(value)


def dumps(data: dict) -> str:
    return json.dumps(json_ready(data), indent=1, ensure_ascii=False, sort_keys=False, allow_nan=False) + "\n"


def write(out, data: dict) -> Path:
    """Write the report folder ``out`` (module doc): the history first read (the reports
    older than this one), then this report's JSON (also into the history), the schema,
    the badges and the page. Returns the page's path. OSError when it cannot be written."""
    from . import history, page
    from .badge import svg, value_text

    out = Path(out)
    (out / "badges").mkdir(parents=True, exist_ok=True)
    (out / "schemas").mkdir(exist_ok=True)
    (out / history.FOLDER).mkdir(exist_ok=True)
    before = history.earlier(out, data["generated"])
    data["history"] = [{"file": item["file"], "generated": item["generated"]} for item in before]
    data["changes"] = history.changes(before[0]["document"] if before else None, data)
    text = dumps(data)
    (out / JSON_NAME).write_text(text, encoding="utf-8")
    (out / history.FOLDER / f"{history.stamp(data['generated'])}.json").write_text(text, encoding="utf-8")
    (out / "schemas" / SCHEMA_FILE).write_text(dumps(load_schema()), encoding="utf-8")
    for implementation in data["implementations"]:
        for entry in implementation["entries"]:
            (out / entry["badge"]).write_text(svg(f"bleuprint {entry['metric']}", value_text(entry), entry["status"]), encoding="utf-8")
    (out / PAGE_NAME).write_text(page.render(data), encoding="utf-8")
    return out / PAGE_NAME
