"""Meteor 1.5's synonym dictionary (``edu.cmu.meteor.aligner.SynonymDictionary``), read at
run time from the jar's own ``synonym/english.exceptions`` and ``synonym/english.synsets``
(the ``.relations`` file is not loaded by the jar either).

* exceptions: pairs of lines, a base form then the irregular forms it has
  (``aardwolf`` / ``aardwolves``); a form may list several bases, in file order;
* synsets: pairs of lines, a word then its synset numbers; a word listed twice keeps its
  last line (``Hashtable.put``);
* ``stem_synsets(word)``: the synsets of the word's exception bases if it has any, else of
  ``morph(word)``: WordNet 3's detachment rules (suffix, ending) tried in order, the first
  whose result is a known word wins; words ending in "ss" or of at most 2 characters
  are returned unchanged; a word ending in "ful" only gets "ful" appended to a result,
  which cannot happen (no rule's suffix ends in "l"), so such words give "".
"""

from __future__ import annotations

#: WordNet 3's morphology rules as SynonymDictionary lists them (nouns, verbs, adjectives)
_RULES = (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y"),
          ("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
          ("ing", ""),
          ("er", ""), ("est", ""), ("er", "e"), ("est", "e"))

from .normalize import java_tokens  # noqa: E402  (StringTokenizer's split)


def java_lines(text: str) -> list:
    """``BufferedReader.readLine`` over a whole text: lines end at \\n, \\r or \\r\\n."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


class SynonymDictionary:
    def __init__(self, exceptions: bytes, synsets: bytes):
        self.word_to_bases: dict = {}
        lines = java_lines(exceptions.decode("utf-8", "replace"))
        for k in range(0, len(lines) - 1, 2):
            base = lines[k]
            for form in java_tokens(lines[k + 1]):
                self.word_to_bases.setdefault(form, []).append(base)
        self.word_to_synsets: dict = {}
        lines = java_lines(synsets.decode("utf-8", "replace"))
        for k in range(0, len(lines) - 1, 2):
            self.word_to_synsets[lines[k]] = frozenset(int(t) for t in java_tokens(lines[k + 1]))

    def synsets(self, word: str) -> frozenset:
        """``getSynSets``."""
        return self.word_to_synsets.get(word, frozenset())

    def stem_synsets(self, word: str) -> frozenset:
        """``getStemSynSets``."""
        bases = self.word_to_bases.get(word)
        if bases is not None:
            out = set()
            for base in bases:
                out |= self.synsets(base)
            return frozenset(out)
        return self.synsets(self.morph(word))

    def morph(self, word: str) -> str:
        """``morph``. Lengths are Java's (UTF-16 units); the suffixes are ASCII, so
        Python's slicing removes the same characters."""
        end = "ful" if word.endswith("ful") else ""
        if word.endswith("ss") or len(word.encode("utf-16-le", "surrogatepass")) // 2 <= 2:
            return word
        for suffix, ending in _RULES:
            # the jar's `retval != tmp` is an object comparison: true exactly when the
            # suffix matched (a new string was built)
            if word.endswith(suffix):
                candidate = word[: len(word) - len(suffix)] + ending
                if candidate in self.word_to_synsets:
                    return candidate + end
        return ""
