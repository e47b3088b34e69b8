"""Write sacreBLEU's test-set table as bleuprint's package data:
``python -m bleuprint.oracles.testsets`` (``--check`` compares instead of writing).

``bleuprint score -t`` reads test sets that sacreBLEU has already downloaded into its cache
(``bleuprint.cli.testset_cache``); it never imports sacreBLEU, so the facts it needs come
from this file, ``bleuprint/cli/sacrebleu_testsets.json``, generated here from
sacreBLEU's own table (``sacrebleu.dataset.DATASETS`` and ``SUBSETS``), never typed by hand:

    {"name": "sacrebleu_testsets", "command", "versions": {"sacrebleu"},
     "sets": {NAME: {"kind", "description", "citation", "langpairs", "refs"}, ...},
     "subsets": {NAME: {DOCID: "COUNTRY-DOMAIN[-COUNTRY]"}}}

* ``sets`` keeps sacreBLEU's order (its ``--list`` sorts; its ``-l`` listing and its error
  message do not). ``kind`` is the class that reads the set: ``wmt_xml`` (one XML file per
  pair, WMT 2021 on), ``fake_sgml`` (WMT's SGML before 2021), ``wmt_addition`` (the same,
  plain-text references), ``iwslt_xml``, ``plain_text``, ``tsv``.
* ``langpairs``: a pair's raw files, as sacreBLEU lists them (relative to ``SET/raw``; a
  ``tsv`` entry may start with the column, ``1:file``; a ``wmt_xml`` entry may be
  ``{"path", "refs"}``, overriding the set's ``refs``, the translators scored against).
* ``citation`` is None where sacreBLEU has none; ``subsets`` is sacreBLEU's document
  annotation (``--subset`` on wmt18 and wmt19).

The URLs and checksums are left out: bleuprint downloads nothing. ``tests/compat/
test_testsets.py`` rebuilds the document and compares it with the stored file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

COMMAND = "python -m bleuprint.oracles.testsets"
DATA_FILE = Path(__file__).resolve().parents[1] / "cli" / "sacrebleu_testsets.json"

#: sacreBLEU's dataset classes by name, and the kind bleuprint calls each.
KINDS = {"WMTXMLDataset": "wmt_xml", "FakeSGMLDataset": "fake_sgml", "WMTAdditionDataset": "wmt_addition",
         "IWSLTXMLDataset": "iwslt_xml", "PlainTextDataset": "plain_text", "TSVDataset": "tsv"}


def build_document() -> dict:
    """The document (module doc) from the installed sacreBLEU."""
    from .sacrebleu_oracle import require_sacrebleu

    sacrebleu = require_sacrebleu()
    from sacrebleu.dataset import DATASETS, SUBSETS

    sets = {}
    for name, dataset in DATASETS.items():
        kind = KINDS[type(dataset).__name__]  # a new class is a KeyError: teach bleuprint to read it first
        unknown = set(dataset.kwargs) - {"refs"}
        if unknown:
            raise ValueError(f"{name}: sacreBLEU's entry has fields bleuprint does not read: {sorted(unknown)}")
        sets[name] = {"kind": kind, "description": dataset.description, "citation": dataset.citation,
                      "langpairs": dataset.langpairs, "refs": dataset.kwargs.get("refs")}
    return {"name": "sacrebleu_testsets", "command": COMMAND, "versions": {"sacrebleu": sacrebleu.__version__},
            "sets": sets, "subsets": SUBSETS}


def render(document: dict) -> str:
    """The exact text written (one set per line, so that a new sacreBLEU's changes read as a diff)."""
    lines = ["{", f' "name": {json.dumps(document["name"])},', f' "command": {json.dumps(document["command"])},',
             f' "versions": {json.dumps(document["versions"])},', ' "sets": {']
    items = list(document["sets"].items())
    for i, (name, entry) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"  {json.dumps(name)}: {json.dumps(entry, ensure_ascii=False)}{comma}")
    lines += [" },", f' "subsets": {json.dumps(document["subsets"], ensure_ascii=False, sort_keys=True)}', "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA_FILE, help="output file")
    parser.add_argument("--check", action="store_true", help="compare with the stored file, write nothing")
    args = parser.parse_args(argv)
    document = build_document()
    text = render(document)
    assert json.loads(text) == json.loads(json.dumps(document))
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'up to date' if same else 'DIFFERS'} ({len(document['sets'])} test sets)")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    print(f"{args.out}: {len(document['sets'])} test sets, {len(text.encode('utf-8'))} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
