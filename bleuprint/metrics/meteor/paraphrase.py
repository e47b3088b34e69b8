"""Meteor 1.5's paraphrase table (``edu.cmu.meteor.aligner.ParaphraseTransducer``), read
at run time from ``data/paraphrase-en.gz`` beside the jar: entries of three lines, a
probability (ignored by the jar), a reference phrase and its paraphrase, each split by
``StringTokenizer``.

The jar keeps a trie of reference phrases; ``getPaths(words, start)`` walks it from
``words[start]`` and returns, for each length that ends a phrase, the paraphrases of that
phrase in file order (a pair listed twice is returned twice). A dict from the
space-joined phrase to its paraphrases, tried for every length up to the longest phrase,
gives the same answers in the same order (a prefix that is not in the trie has no longer
phrase either).

Parsing the table takes seconds, so ``load_table`` (what ``spec.load_resources`` calls)
keeps the parsed dict in the user's cache folder (``resources.cache_dir``, never shipped:
derived at run time from the user's own file) under a name made of the file's sha256,
the Python version and ``CACHE_VERSION`` (a changed file or Python gets a new name, a
reinstalled file the same; writing one deletes that Python's other, stale tables), in
``marshal``'s format (data only: loading it runs no code).
A cache file that cannot be read, or holds anything but such a dict, is rebuilt;
``BLEUPRINT_NO_CACHE=1`` keeps the table in memory only, as does a folder that cannot be
written.
"""

from __future__ import annotations

import gc
import marshal
import os
import sys
import zlib
from contextlib import contextmanager
from itertools import groupby
from operator import itemgetter

from .synonyms import java_lines, java_tokens

#: The version of the cached form (``load_table``): the dict ``ParaphraseTable.table``.
CACHE_VERSION = "spec-v1"


@contextmanager
def _no_collection():
    """The cyclic garbage collector paused (building or loading millions of lists and
    strings, none of which form a cycle, would otherwise start it again and again)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _is_table(value) -> bool:
    return type(value) is dict and all(type(key) is str for key in value) and all(
        type(entry) is list and all(type(par) is str for par in entry) for entry in value.values())


def load_table(path) -> "ParaphraseTable":
    """The table of ``path``: read from the cache when it holds this file's table, else
    parsed (and cached when possible); module doc."""
    from .resources import cache_and_prune, cache_dir, file_sha256

    if os.environ.get("BLEUPRINT_NO_CACHE", "") not in ("", "0"):
        return ParaphraseTable(path)
    python = f"py{sys.version_info[0]}{sys.version_info[1]}"
    name = f"meteor-paraphrase-{CACHE_VERSION}-{python}-{file_sha256(path)}.marshal"
    target = os.path.join(cache_dir(), name)
    try:
        with open(target, "rb") as f, _no_collection():
            table = marshal.loads(f.read())
        if _is_table(table):
            return ParaphraseTable(path, table=table)
    except (OSError, ValueError, EOFError, TypeError):
        pass  # absent, unreadable or damaged: parsed below
    parsed = ParaphraseTable(path)
    # another Python's table stays: marshal's format is that Python's
    cache_and_prune(target, marshal.dumps(parsed.table), f"meteor-paraphrase-spec-*-{python}-*.marshal")
    return parsed


class ParaphraseTable:
    def __init__(self, path, table: dict | None = None):
        """The table of the file ``path``; ``table``: its ``table`` already parsed (``load_table``)."""
        if table is None:
            with _no_collection():
                table = self._parse(path)
        self.table = table
        self.longest = max((k.count(" ") + 1 for k in table), default=0)

    @staticmethod
    def _parse(path) -> dict:
        with open(path, "rb") as f:
            data = zlib.decompress(f.read(), 31)  # the gzip container
        # Java's readLine and StringTokenizer agree with a plain split on "\n" and " "
        # unless the file holds \r, \t, \f or spaces that are not single separators
        plain = not any(mark in data for mark in (b"\r", b"\t", b"\f", b"  ", b"\n ", b" \n"))
        text = data.decode("utf-8", "replace")
        del data
        lines = text.split("\n") if plain else java_lines(text)
        del text
        if lines and lines[-1] == "":
            lines.pop()
        count = len(lines) // 3  # whole entries (a last partial entry is ignored)
        refs, pars = lines[1:3 * count:3], lines[2:3 * count:3]
        del lines
        if not plain:
            refs = [" ".join(java_tokens(r)) for r in refs]
            pars = [" ".join(java_tokens(p)) for p in pars]
        table: dict = {}
        # consecutive entries of one phrase are taken together; the file order is kept
        for ref, group in groupby(zip(refs, pars), key=itemgetter(0)):
            entry = table.get(ref)
            if entry is None:
                table[ref] = entry = []
            entry.extend(map(itemgetter(1), group))
        return table

    def paths(self, words: list, start: int):
        """``getReferencePaths``: (phrase length, paraphrase words) for every phrase of the
        table that starts at ``words[start]``, shorter phrases first."""
        out = []
        table = self.table
        for n in range(1, min(self.longest, len(words) - start) + 1):
            pars = table.get(" ".join(words[start:start + n]))
            if pars:
                for par in pars:
                    out.append((n, tuple(par.split(" ")) if par else ()))
        return out
