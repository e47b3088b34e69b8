"""sacreBLEU's test sets, read from its local cache: bleuprint downloads nothing.

sacreBLEU 2.5.1 (``sacrebleu/dataset``, ``sacrebleu/utils.py``; behaviour read, not code
copied) keeps a test set in ``$SACREBLEU/SET`` (default ``~/.sacrebleu``):

* ``SET/raw/``: the downloaded archive (``SET.BASENAME`` with ``/`` in SET made ``_``)
  and what it unpacked, e.g. ``raw/test/newstest2017-ende-src.en.sgm``;
* ``SET/SET.PAIR.FIELD`` (``/`` in SET made ``_``, ``:`` in FIELD made ``-``): one line
  per segment of each field of a language pair, written when the set is first used. The
  fields: ``src`` and ``ref`` (or ``ref:0``, ``ref:1``... for several references), then
  ``docid``, ``genre``, ``origlang`` for WMT's SGML sets (not wmt08); ``src``, ``ref``
  for plain-text and TSV sets; for WMT's XML sets (2021 on) ``src``, ``ref:TRANSLATOR``
  per translator, ``docid``, ``origlang``, one field per system, and ``domain`` when the
  documents have one, read from the raw XML each time they are asked for.

The table of sets (names, descriptions, citations, language pairs, raw files, the XML
sets' translators, wmt18/19's document annotation) is package data generated from
sacreBLEU's own table (``python -m bleuprint.oracles.testsets``): ``DATA_FILE``.

What is read, as sacreBLEU reads it: the references of ``-t SET -l PAIR`` are the
``ref*`` fields (for an XML set, those of its chosen translators); ``--origlang`` and
``--subset`` keep the segments of the documents they select, from the raw ``.sgm`` or
``.xml`` file of the pair (an SGML set's ``--subset`` from sacreBLEU's annotation,
``country:`` selecting a country). A file that is not there is never fetched:
``NotInCache`` names the files, the folder and the sacreBLEU command that fetches them.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parent / "sacrebleu_testsets.json"

#: The pattern sacreBLEU substitutes on an SGML ``<doc`` line to read an attribute (a
#: line without the attribute stays whole: it then matches no language).
_SGML_ATTRIBUTE = '.* {}="([^"]+)".*\n'


class TestSetError(ValueError):
    """A test set, language pair or field that does not exist, or a file that cannot be read."""


class NotInCache(TestSetError):
    """Files of a test set that are not in sacreBLEU's cache (bleuprint downloads nothing)."""

    def __init__(self, test_set: "TestSet", pair: str | None, missing: list[str]):
        self.test_set, self.pair, self.missing = test_set, pair, missing
        shown = [os.path.relpath(path, test_set.outdir) for path in missing]
        command = f"sacrebleu --download {test_set.name}" + (f" -l {pair}" if pair else "")
        super().__init__(
            f"test set {test_set.name}{f' ({pair})' if pair else ''} is not in sacreBLEU's cache: looked for "
            f"{', '.join(shown)} in {test_set.outdir}; bleuprint downloads nothing: '{command}' fetches it "
            f"(or set $SACREBLEU to the folder that holds it)")


@lru_cache(maxsize=1)
def _data() -> dict:
    with open(DATA_FILE, encoding="utf-8") as handle:
        return json.load(handle)


def sacrebleu_version() -> str:
    """The sacreBLEU version the table was generated from."""
    return _data()["versions"]["sacrebleu"]


def cache_dir() -> str:
    """sacreBLEU's cache: ``$SACREBLEU``, else ``~/.sacrebleu``."""
    return os.environ.get("SACREBLEU", os.path.join(os.path.expanduser("~"), ".sacrebleu"))


def names() -> list[str]:
    """Every test set, in sacreBLEU's table order."""
    return list(_data()["sets"])


def get(name: str) -> "TestSet":
    entry = _data()["sets"].get(name)
    if entry is None:
        raise TestSetError(f"Unknown test set {name!r}")
    return TestSet(name, entry, _data()["subsets"].get(name))


def for_langpair(pair: str) -> list[str]:
    """The sets with ``pair`` in either direction, in table order (sacreBLEU's ``--list -l``)."""
    source, target = pair.split("-")[:2]
    return [name for name, entry in _data()["sets"].items()
            if f"{source}-{target}" in entry["langpairs"] or f"{target}-{source}" in entry["langpairs"]]


def read_lines(path: str, encoding: str = "utf-8") -> list[str]:
    """A cache file's lines, right-stripped (split at ``\\n`` only, as sacreBLEU)."""
    with open(path, encoding=encoding, newline="\n") as handle:
        return [line.rstrip() for line in handle]


class TestSet:
    """One test set of the table and its place in the cache (module doc)."""

    def __init__(self, name: str, entry: dict, subsets: dict | None):
        self.name = name
        self.kind = entry["kind"]
        self.description = entry["description"]
        self.citation = entry["citation"]
        self.langpairs = entry["langpairs"]
        self.refs = entry["refs"] or []
        self.subsets = subsets
        self.outdir = os.path.join(cache_dir(), name)
        self.rawdir = os.path.join(self.outdir, "raw")

    def check_pair(self, pair: str) -> None:
        if pair not in self.langpairs:
            raise TestSetError(f"No such language pair {pair!r} in {self.name} (it has {', '.join(self.langpairs)})")

    def raw_file(self, pair: str) -> str:
        """The pair's raw file (the first one listed: the source, or the XML file)."""
        entry = self.langpairs[pair]
        return os.path.join(self.rawdir, entry["path"] if isinstance(entry, dict) else entry[0])

    def txt_path(self, pair: str, field: str) -> str:
        return os.path.join(self.outdir, f"{self.name.replace('/', '_')}.{pair}.{field.replace(':', '-')}")

    def _xml_fields(self, pair: str) -> dict:
        raw = self.raw_file(pair)
        if not os.path.exists(raw):
            raise NotInCache(self, pair, [raw])
        return unwrap_wmt_xml(raw)

    def fieldnames(self, pair: str) -> list[str]:
        """The fields of ``pair`` (module doc); an XML set's from its raw file."""
        self.check_pair(pair)
        if self.kind == "wmt_xml":
            return list(self._xml_fields(pair))
        if self.kind in ("plain_text", "tsv"):
            return ["src", "ref"]
        files = self.langpairs[pair]
        fields = ["src"] + (["ref"] if len(files) == 2 else [f"ref:{i}" for i in range(len(files) - 1)])
        return fields + ([] if self.name.startswith("wmt08") else ["docid", "genre", "origlang"])

    def files(self, pair: str, fields: list[str] | None = None) -> list[str]:
        """The cache files of ``fields`` (default: all) of ``pair``; ``NotInCache`` when
        any of the pair's files is missing (sacreBLEU would then fetch the set)."""
        every = self.fieldnames(pair)
        missing = [self.txt_path(pair, field) for field in every if not os.path.exists(self.txt_path(pair, field))]
        if missing:
            raise NotInCache(self, pair, missing)
        return [self.txt_path(pair, field) for field in (every if fields is None else fields)]

    def reference_fields(self, pair: str) -> list[str]:
        """The fields scored against: ``ref*``, or for an XML set its translators' (the
        pair's own ``refs`` where it lists them, else the set's)."""
        fields = self.fieldnames(pair)
        if self.kind != "wmt_xml":
            return [field for field in fields if field.startswith("ref")]
        entry = self.langpairs[pair]
        chosen = entry.get("refs", self.refs) if isinstance(entry, dict) else self.refs
        allowed = [f"ref:{translator}" if translator else "ref" for translator in chosen]
        return [field for field in fields if field in allowed]

    def in_cache(self, pair: str) -> bool:
        try:
            self.files(pair)
        except NotInCache:
            return False
        return True

    # ------------------------------------------------------------------ document metadata

    def _raw_sgml(self, pair: str) -> str:
        raw = self.raw_file(pair)
        if not raw.endswith(".sgm"):
            raise TestSetError(f"--origlang and --subset need a WMT .xml or .sgm file; {self.name} ({pair}) has "
                               f"{os.path.relpath(raw, self.rawdir)}")
        if not os.path.exists(raw):
            raise NotInCache(self, pair, [raw])
        return raw

    def keep(self, pair: str, origlang: str | None, subset: str | None) -> list[bool]:
        """For each segment of ``pair``, whether ``--origlang`` and ``--subset`` keep it:
        the document's original language equals ``origlang`` (or differs from it after
        ``non-``), and ``subset``, a regular expression, is found in its domain (XML) or
        in sacreBLEU's annotation of it (SGML; ``country:`` prefix dropped)."""
        if subset is not None and subset.startswith("country:"):
            subset = subset[len("country:"):]

        def origlang_keeps(value: str) -> bool:
            if origlang is None:
                return True
            if origlang.startswith("non-"):
                return value != origlang[4:]
            return value == origlang

        if self.kind == "wmt_xml":
            fields = self._xml_fields(pair)
            domains = fields.get("domain", [None] * len(fields["origlang"]))
            return [origlang_keeps(lang) and (subset is None or (domain is not None and re.search(subset, domain)
                                                                  is not None))
                    for lang, domain in zip(fields["origlang"], domains)]
        raw = self._raw_sgml(pair)
        tags = {}
        if subset is not None:
            if self.subsets is None:
                raise TestSetError(f"No subset annotation available for test set {self.name}")
            tags = self.subsets
        keep, include = [], False
        with open(raw, encoding="utf-8", newline="\n") as handle:
            for line in handle:
                if line.startswith("<doc "):
                    include = origlang_keeps(re.sub(_SGML_ATTRIBUTE.format("origlang"), r"\1", line))
                    if subset is not None:
                        docid = re.sub(_SGML_ATTRIBUTE.format("docid"), r"\1", line)
                        if not re.search(subset, tags.get(docid, "")):
                            include = False
                if line.startswith("<seg "):
                    keep.append(include)
        return keep

    def origlangs(self, pair: str) -> list[str]:
        """The original languages of the pair's documents, sorted (``--detail``)."""
        if self.kind == "wmt_xml":
            return sorted(set(self._xml_fields(pair)["origlang"]))
        raw = self.raw_file(pair)
        if not raw.endswith(".sgm"):
            return []
        found = set()
        with open(self._raw_sgml(pair), encoding="utf-8", newline="\n") as handle:
            for line in handle:
                if line.startswith("<doc "):
                    found.add(re.sub(_SGML_ATTRIBUTE.format("origlang"), r"\1", line))
        return sorted(found)

    def subset_names(self, pair: str) -> list[str]:
        """The domains of an XML set's documents, or ``country:C`` and the domains of
        sacreBLEU's annotation of an SGML set, sorted (``--detail``)."""
        if self.kind == "wmt_xml":
            fields = self._xml_fields(pair)
            return sorted(set(fields["domain"])) if "domain" in fields else []
        if self.subsets is None:
            return []
        values = self.subsets.values()
        return sorted({"country:" + v.split("-")[0] for v in values} | {v.split("-")[1] for v in values})


def unwrap_wmt_xml(path: str) -> dict:
    """The fields of a WMT XML file (2021 on), each a list with one value per segment, in
    sacreBLEU's order: ``src``, ``ref:TRANSLATOR`` (``ref`` for a reference without one;
    the translators in the order of a set built from them, as sacreBLEU's), ``docid``,
    ``origlang``, one per system, then ``domain`` if the last document kept has one.

    Test-suite documents are skipped; a segment is kept when some reference of its
    document has a non-empty translation of it (a translator's missing segment is ``""``)."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        raise TestSetError(f"{path}: not readable as XML: {error}") from None
    sources = {doc.get("lang") for doc in root.findall(".//src")}
    targets = {doc.get("lang") for doc in root.findall(".//ref")}
    translators = set()
    for doc in root.findall(".//ref"):
        translators.add(doc.get("translator"))
    if len(sources) != 1 or len(targets) != 1:
        raise TestSetError(f"{path}: expected one source and one reference language, found {len(sources)} "
                           f"and {len(targets)}")

    def field(translator):
        return f"ref:{translator}" if translator else "ref"

    def segments(doc) -> dict:
        return {int(seg.get("id")): seg.text or "" for seg in doc.findall(".//seg")}

    src, docids, origlangs, domains = [], [], [], []
    refs = {field(translator): [] for translator in translators}
    systems: dict = {}
    seen_domain = False
    for doc in root.findall(".//doc"):
        if "testsuite" in doc.attrib:
            continue
        source = {int(seg.get("id")): seg.text for seg in doc.findall(".//src//seg")}
        by_translator = {ref.get("translator"): segments(ref) for ref in doc.findall(".//ref")}
        hyps = {hyp.get("system"): segments(hyp) for hyp in doc.findall(".//hyp")}
        for seg_id in sorted(source):
            if not any(sents.get(seg_id, "") for sents in by_translator.values()):
                continue
            for translator in translators:
                refs[field(translator)].append(by_translator.get(translator, {}).get(seg_id, ""))
            src.append(source[seg_id])
            for system, sents in hyps.items():
                systems.setdefault(system, []).append(sents[seg_id])
            docids.append(doc.attrib["id"])
            origlangs.append(doc.attrib["origlang"])
            domains.append(doc.get("domain"))
            seen_domain = doc.get("domain") is not None
    fields = {"src": src, **refs, "docid": docids, "origlang": origlangs, **systems}
    if seen_domain:
        fields["domain"] = domains
    return fields
