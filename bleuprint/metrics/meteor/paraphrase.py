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
"""

from __future__ import annotations

import zlib
from itertools import groupby
from operator import itemgetter

from .synonyms import java_lines, java_tokens


class ParaphraseTable:
    def __init__(self, path):
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
        self.table = table
        self.longest = max((k.count(" ") + 1 for k in table), default=0)

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
