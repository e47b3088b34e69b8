"""The MkDocs hook of the site (``mkdocs.yml``: ``hooks: [docsgen/hooks.py]``): adds the
generated reference pages (``docsgen.reference.pages``) to the files of every build and
their entries to the navigation, so that no generated page is ever committed."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # this checkout's bleuprint and docsgen, whatever is installed

from docsgen import reference  # noqa: E402

_GENERATED: dict[str, str] = {}


def on_config(config):
    """Generate the pages once per build and put them under the nav's "Reference" entry."""
    _GENERATED.clear()
    _GENERATED.update(reference.pages())
    for entry in config["nav"] or []:
        if isinstance(entry, dict) and "Reference" in entry:
            entry["Reference"] = list(entry["Reference"] or []) + reference.nav(_GENERATED)
            break
    else:
        raise ValueError("mkdocs.yml: the nav has no 'Reference' section for the generated pages")
    return config


def on_files(files, config):
    from mkdocs.structure.files import File

    for path, text in _GENERATED.items():
        files.append(File.generated(config, path, content=text))
    return files
