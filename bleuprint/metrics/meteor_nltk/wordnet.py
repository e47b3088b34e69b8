"""A literal reader of the WordNet 3.0 database files, for what nltk 3.10.4's
``meteor_score`` asks of WordNet: the synonyms of a word,

    set(chain.from_iterable(
        (l.name() for l in s.lemmas() if l.name().find("_") < 0)
        for s in wordnet.synsets(word)))

(``nltk/translate/meteor_score.py``, ``_enum_wordnetsyn_match``). ``WordNet(path)``
reads ``index.{noun,verb,adj,adv}``, ``{noun,verb,adj,adv}.exc`` and
``data.{noun,verb,adj,adv}`` (the Princeton format, ``wndb(5WN)``) and reproduces
``WordNetCorpusReader.synsets(lemma)`` with no part of speech
(``nltk/corpus/reader/wordnet.py``), step by step:

* ``lemma.lower()`` (Python's full Unicode lowering, as nltk does);
* for each part of speech of ``POS_LIST`` = noun, verb, adjective, adverb, in that
  order (``synsets``), the base forms of ``_morphy(lemma, pos)``: if the word is a key
  of that part's exception list (``*.exc``; the adjective list also serves the
  satellites), the candidates are its listed base forms, and the detachment rules are
  *not* tried; otherwise the candidates are the results of applying each rule of
  ``MORPHOLOGICAL_SUBSTITUTIONS[pos]`` whose suffix the word ends with, once (not
  recursively). The word itself comes first, then the candidates; kept are those that
  the index lists for that part of speech, each once, in that order;
* for each kept form, its synset offsets in the index line's order, each read from the
  data file of that part of speech: a synset found under several forms or parts of
  speech appears once per time (nltk's list has the repeats).

The index files give every adjective, head or satellite, the part of speech ``a``; nltk
marks the satellites as ``s`` by scanning ``data.adj`` (``_scan_satellites``) and fills
a second list per adjective with them, but ``synsets`` without a part of speech walks
``POS_LIST``, which has no ``s``, so satellites come only through ``a`` and that list
never counts here. A synset's part of speech is the one written in its data line
(``s`` for a satellite), as ``Synset.pos()``.

A lemma's name is the data line's word with its adjective syntactic marker (``(a)``,
``(p)``, ``(ip)``) removed and its case kept (``Canis_familiaris``); words with ``_``
are multi-word lemmas, which meteor drops. Multi-word and hyphenated tokens are looked
up as written: ``"ice cream"`` finds nothing (the index writes ``ice_cream``), digits
are ordinary characters, and the empty string has no synsets.

Loading reads the four index files and four exception lists fully and keeps the data
files as bytes (about 22 MB), from which a synset's line is cut at its offset when
asked: 1 to 2 s. Nothing computed is cached.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

#: nltk's ``POS_LIST`` (the order ``synsets`` walks).
POS_LIST = ("n", "v", "a", "r")
#: The file suffix of each part of speech (nltk's ``_FILEMAP``).
FILE_SUFFIX = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
#: nltk's ``MORPHOLOGICAL_SUBSTITUTIONS`` (old suffix, new suffix), tried in this order.
SUBSTITUTIONS = {
    "n": (("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"),
          ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
          ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
#: The files the reader needs (nltk's reader also opens lexnames, index.sense, cntlist.rev).
NEEDED_FILES = tuple(
    f"{kind}.{FILE_SUFFIX[pos]}" for kind in ("index", "data") for pos in POS_LIST
) + tuple(f"{FILE_SUFFIX[pos]}.exc" for pos in POS_LIST)
INSTALL_HINT = (
    "install it with: python -m bleuprint.metrics.meteor_nltk.install_wordnet DIR "
    "(then export NLTK_DATA=DIR, or pass DIR or set BLEUPRINT_WORDNET=DIR)")

# A lemma's trailing syntactic marker, as nltk's _synset_from_pos_and_line splits it off.
_MARKER = re.compile(r"(.*?)(\([^()]*\))?$")


def nltk_data_roots() -> list[Path]:
    """The folders ``nltk.data.path`` holds by default (nltk/data.py), in its order:
    the ``NLTK_DATA`` entries, ``~/nltk_data``, then the system folders."""
    roots = [Path(os.path.expanduser(d)) for d in os.environ.get("NLTK_DATA", "").split(os.pathsep) if d]
    if "APPENGINE_RUNTIME" not in os.environ and os.path.expanduser("~/") != "~/":
        roots.append(Path(os.path.expanduser("~/nltk_data")))
    prefix = sys.prefix
    roots += [Path(prefix, "nltk_data"), Path(prefix, "share", "nltk_data"), Path(prefix, "lib", "nltk_data")]
    if os.name == "nt":
        roots += [Path(os.environ.get("APPDATA", "C:\\"), "nltk_data"),
                  Path(r"C:\nltk_data"), Path(r"D:\nltk_data"), Path(r"E:\nltk_data")]
    else:
        roots += [Path("/usr/share/nltk_data"), Path("/usr/local/share/nltk_data"),
                  Path("/usr/lib/nltk_data"), Path("/usr/local/lib/nltk_data")]
    return roots


def _holds_wordnet(folder: Path) -> bool:
    return all((folder / name).is_file() for name in NEEDED_FILES)


def _resolve(folder: Path) -> Path | None:
    """``folder`` itself or ``folder/corpora/wordnet``, whichever holds the files."""
    for candidate in (folder, folder / "corpora" / "wordnet"):
        if _holds_wordnet(candidate):
            return candidate
    return None


def find_wordnet(path: str | os.PathLike | None = None) -> Path:
    """The folder holding the WordNet 3.0 files: ``path`` if given (the folder itself or
    an NLTK_DATA-style root with ``corpora/wordnet/``), else ``$BLEUPRINT_WORDNET``, else
    the first of nltk's data folders (``nltk_data_roots``) with ``corpora/wordnet/``.
    An explicit path or variable that does not hold the files is an error, not skipped.
    nltk's zipped ``corpora/wordnet.zip`` is not read: unzip it in place."""
    if path is not None:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"WordNet path must be a str or path, not {type(path).__name__}")
        sources = [(Path(path), "the given path")]
    elif os.environ.get("BLEUPRINT_WORDNET"):
        sources = [(Path(os.environ["BLEUPRINT_WORDNET"]), "BLEUPRINT_WORDNET")]
    else:
        sources = []
    for folder, origin in sources:
        found = _resolve(folder.expanduser())
        if found is None:
            raise ValueError(
                f"{origin} {folder} holds no WordNet 3.0 (expected the files "
                f"{', '.join(NEEDED_FILES)} in it or in its corpora/wordnet/); {INSTALL_HINT}")
        return found
    searched = nltk_data_roots()
    for root in searched:
        candidate = root / "corpora" / "wordnet"
        if _holds_wordnet(candidate):
            return candidate
    raise ValueError(
        "WordNet 3.0 not found: nltk's METEOR needs its files "
        f"({', '.join(NEEDED_FILES)}) in a folder given explicitly, in $BLEUPRINT_WORDNET, "
        f"or in corpora/wordnet/ under one of {', '.join(map(str, searched))}; {INSTALL_HINT}")


class WordNet:
    """The WordNet 3.0 database at ``path`` (see ``find_wordnet``)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = find_wordnet(path)
        # lemma -> part of speech -> synset offsets (nltk's _lemma_pos_offset_map)
        self.index: dict[str, dict[str, tuple[int, ...]]] = {}
        # part of speech -> inflected form -> base forms (nltk's _exception_map)
        self.exceptions: dict[str, dict[str, tuple[str, ...]]] = {}
        self.data: dict[str, bytes] = {}
        for pos in POS_LIST:
            self._read_index(pos)
            self._read_exceptions(pos)
            self.data[pos] = (self.path / f"data.{FILE_SUFFIX[pos]}").read_bytes()

    def _read_index(self, pos: str) -> None:
        """An index line: lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt
        tagsense_cnt synset_offset...; lines starting with a space are the licence."""
        name = f"index.{FILE_SUFFIX[pos]}"
        text = (self.path / name).read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith(" ") or not line:
                continue
            fields = line.split()
            try:
                lemma, line_pos, n_synsets, n_pointers = fields[0], fields[1], int(fields[2]), int(fields[3])
                rest = fields[4 + n_pointers:]
                n_senses = int(rest[0])
                offsets = tuple(int(x) for x in rest[2:2 + n_synsets])
                if n_synsets <= 0 or n_senses != n_synsets or len(offsets) != n_synsets:
                    raise ValueError("synset count does not match the offsets")
            except (IndexError, ValueError) as error:
                raise ValueError(f"{self.path / name}, line {number}: malformed index line ({error})") from None
            self.index.setdefault(lemma, {})[line_pos] = offsets

    def _read_exceptions(self, pos: str) -> None:
        """An exception line: inflected form, then its base forms."""
        table: dict[str, tuple[str, ...]] = {}
        text = (self.path / f"{FILE_SUFFIX[pos]}.exc").read_text(encoding="utf-8")
        for line in text.splitlines():
            terms = line.split()
            if terms:
                table[terms[0]] = tuple(terms[1:])
        self.exceptions[pos] = table

    def morphy(self, form: str, pos: str) -> list[str]:
        """nltk's ``_morphy(form, pos)``: the word and its candidate base forms (the
        exception list's, or else one pass of the suffix rules) that the index lists
        under ``pos``, each once, the word first."""
        if form in self.exceptions[pos]:
            candidates = list(self.exceptions[pos][form])
        else:
            candidates = [form[: -len(old)] + new for old, new in SUBSTITUTIONS[pos] if form.endswith(old)]
        kept: list[str] = []
        for candidate in [form] + candidates:
            if pos in self.index.get(candidate, {}) and candidate not in kept:
                kept.append(candidate)
        return kept

    def synset_line(self, pos: str, offset: int) -> str:
        """The data line of the synset at byte ``offset`` of ``data.<pos>``."""
        data = self.data[pos]
        end = data.find(b"\n", offset)
        line = data[offset: len(data) if end < 0 else end].decode("utf-8")
        if line[:8] != f"{offset:08d}":
            raise ValueError(f"data.{FILE_SUFFIX[pos]} has no synset at offset {offset}: corrupt WordNet files?")
        return line

    def synset(self, pos: str, offset: int) -> tuple[str, int, tuple[str, ...]]:
        """(part of speech as the data line writes it, offset, lemma names). A data line:
        offset lex_filenum ss_type w_cnt(hex) [word lex_id(hex)]... ``|`` gloss."""
        fields = self.synset_line(pos, offset).split("|", 1)[0].split()
        n_words = int(fields[3], 16)
        words = fields[4: 4 + 2 * n_words: 2]
        names = tuple(_MARKER.match(word).group(1) for word in words)
        return fields[2], int(fields[0]), names

    def synsets(self, word: str) -> list[tuple[str, int, tuple[str, ...]]]:
        """nltk's ``wordnet.synsets(word)`` (no part of speech) as (pos, offset, lemma
        names) triples, in nltk's order, repeats included."""
        if not isinstance(word, str):
            raise TypeError(f"word must be a str, not {type(word).__name__}")
        lemma = word.lower()
        return [
            self.synset(pos, offset)
            for pos in POS_LIST
            for form in self.morphy(lemma, pos)
            for offset in self.index[form][pos]
        ]

    def synonyms(self, word: str) -> frozenset[str]:
        """The lemma names without ``_`` of all of ``word``'s synsets (meteor's set,
        before it adds the word itself)."""
        return frozenset(name for _, _, names in self.synsets(word) for name in names if "_" not in name)
