"""Writing the vector files: every document of ``build_files``, the JSON Schemas they
follow (copied into ``DIR/schemas/``) and ``index.json`` (each file's metric, family,
number of tests and SHA-256 of its bytes). The same registry always writes the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path

from .build import FILE_SCHEMA, GENERATOR_VERSION, INDEX_SCHEMA, build_files, dumps

SCHEMAS = (FILE_SCHEMA, INDEX_SCHEMA)


def load_schema(name: str) -> dict:
    """The shipped JSON Schema ``name`` (``bleuprint/vectors/schemas/NAME``)."""
    if name not in SCHEMAS:
        raise ValueError(f"unknown vector schema {name!r}: expected one of {', '.join(SCHEMAS)}")
    return json.loads(resources.files(__package__).joinpath("schemas", name).read_text(encoding="utf-8"))


def index_document(texts: dict, files: dict) -> dict:
    """The index of ``{file name: text}`` written from ``{file name: document}``."""
    from .. import __version__

    entries = [{"file": name, "schema": files[name]["schema"], "metric": files[name]["metric"],
                "family": files[name]["family"], "numberOfTests": files[name]["numberOfTests"],
                "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()} for name, text in texts.items()]
    return {"schema": INDEX_SCHEMA, "bleuprintVersion": __version__, "generatorVersion": GENERATOR_VERSION,
            "numberOfFiles": len(entries), "numberOfTests": sum(e["numberOfTests"] for e in entries),
            "files": entries}


def export(directory, files: dict | None = None) -> dict:
    """Write ``files`` (default ``build_files()``), the schemas and ``index.json`` into
    ``directory`` (created with its parents); returns the index. OSError when it cannot
    be written."""
    files = build_files() if files is None else files
    root = Path(directory)
    root.mkdir(parents=True, exist_ok=True)
    (root / "schemas").mkdir(exist_ok=True)
    texts = {name: dumps(document) for name, document in files.items()}
    for name, text in texts.items():
        (root / name).write_text(text, encoding="utf-8")
    for name in SCHEMAS:
        (root / "schemas" / name).write_text(dumps(load_schema(name)), encoding="utf-8")
    index = index_document(texts, files)
    (root / "index.json").write_text(dumps(index), encoding="utf-8")
    return index
