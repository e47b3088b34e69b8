"""The vectors a conformance run sends, with their classes.

A vector's class follows JSONTestSuite's three kinds: ``must-pass`` (the implementation
must give the expected score), ``must-refuse`` (it must refuse the input: an ``error``
answer through the port protocol, an exception from a library) and
``implementation-defined`` (bleuprint's answer is one defensible choice; a different one
is reported, never counted against conformance). A vector file says so in each test's
``class``; the files written before that field existed say it through ``result``
(``invalid``: must-refuse, else must-pass), which ``vector_class`` falls back on.

The vectors are read from an exported directory (``bleuprint vectors export DIR``) or
built now for the metrics asked for, with the mutation pass that adds the flags of the
mutants (and port faults) each vector catches (``bleuprint.vectors.export.measure``).
"""

from __future__ import annotations

import json
from pathlib import Path

CLASSES = ("must-pass", "must-refuse", "implementation-defined")
#: The classes whose failures make an implementation non-conforming.
BINDING = ("must-pass", "must-refuse")


def vector_class(test: dict) -> str:
    """The class of one test of a vector file (module doc)."""
    declared = test.get("class")
    if declared in CLASSES:
        return declared
    return "must-refuse" if test.get("result") == "invalid" else "must-pass"


def read_directory(directory) -> dict:
    """``{file name: document}`` of the metric vector files in ``directory`` (its
    ``index.json`` lists them; the interval files and the core suite are not read).
    ValueError naming what is missing."""
    from ..vectors.build import FILE_SCHEMAS

    root = Path(directory)
    if not root.is_dir():
        raise ValueError(f"no vector directory {str(root)!r}")
    files = {}
    for path in sorted(root.glob("*.json")):
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"{path}: cannot read it as JSON ({exc})") from None
        if isinstance(document, dict) and document.get("schema") in FILE_SCHEMAS:
            files[path.name] = document
    if not files:
        raise ValueError(f"no metric vector file in {str(root)!r} (bleuprint vectors export DIR writes them)")
    return files


def build(metrics) -> dict:
    """The metric vector files of ``metrics`` (names), built now with the mutation pass's
    flags, as ``bleuprint vectors export --metric`` writes them."""
    from ..vectors.build import FILE_SCHEMAS
    from ..vectors.export import all_files, measure

    files = all_files(list(metrics))
    flagged = measure(files, metrics=list(metrics))["files"]
    return {name: document for name, document in flagged.items() if document.get("schema") in FILE_SCHEMAS}


def fault_flags(document: dict) -> set:
    """The flags of ``document`` that name a fault: a planted mutant of the spec (note kind
    ``mutant``) or a catalogued port fault (note kind ``port-fault``, or an id ``pfNN``)."""
    import re

    found = set()
    for flag, note in (document.get("notes") or {}).items():
        kind = note.get("kind") if isinstance(note, dict) else ""
        if kind in ("mutant", "port-fault", "port_fault") or re.fullmatch(r"pf\d+", flag):
            found.add(flag)
    return found


def fault_notes(files: dict) -> dict:
    """``{fault flag: one line}`` over every file (the fault and the pitfall it stands for)."""
    notes = {}
    for document in files.values():
        for flag in fault_flags(document):
            note = document["notes"][flag]
            if isinstance(note, dict):
                text = note.get("description", "") + (f"; {note['effect']}" if note.get("effect") else "")
            else:
                text = str(note)
            notes.setdefault(flag, text)
    return notes


def tests_of(files: dict, metric: str):
    """``(vector id, class, group options, test, fault flags of its file)`` of every test of
    ``metric``'s files, in file and tcId order."""
    for name, document in files.items():
        if document.get("metric") != metric:
            continue
        faults = fault_flags(document)
        for group in document["testGroups"]:
            for test in group["tests"]:
                yield f"{name}#{test['tcId']}", vector_class(test), group["options"], test, faults
