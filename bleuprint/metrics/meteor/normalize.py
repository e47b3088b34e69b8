"""Meteor 1.5's ``-norm`` for English: ``edu.cmu.meteor.util.Normalizer.normalizeLine``
with punctuation kept (``-norm`` is ``NORMALIZE_KEEP_PUNCT``), then ``String.toLowerCase``
and ``StringTokenizer``'s split (``MeteorScorer.getMeteorStats``, ``Alignment.tokenize``).

The normaliser is the jar's reading of the Moses tokenizer (rev 3612, nonbreaking
prefixes of rev 3881) plus its own additions: quotes and dashes unified, a dash between
two word characters dropped (``U.S.-based`` -> ``U.S. based``), dots dropped from mixed
abbreviations (``U.S.`` -> ``US``). The steps, in the jar's order:

1. the line wrapped in spaces; every character that is not a word character (``ALNUM``),
   ASCII white space, ``.``, ``'``, `````, ``,``, ``-``, ``‘`` or ``’`` wrapped in spaces;
2. runs of two or more dots escaped (``DOTMULTI``, ``DOTDOTMULTI``) so step 7 leaves them;
3. a comma split off unless it has an ASCII digit on both sides;
4. ````` ``‘`` ``’`` become ``'``; ``“`` ``”`` and ``''`` become `` " ``;
5. ``–`` becomes ``-``, then ``--`` becomes ``-`` (left to right, not repeated);
6. a ``-`` between a word character (or ``.``) and a word character becomes a space
   (matches do not overlap: ``a-b-c`` -> ``a b-c``);
7. English apostrophes: split off, kept on the right word (``don't`` -> ``don 't``,
   ``1990's`` -> ``1990 's``);
8. words split at ASCII white space; a word ending in ``.`` keeps it when the word
   before the dot holds a dot and a letter (the dots are then all dropped), when that
   prefix is a listed nonbreaking prefix, when the next word starts with ``a-z``, or when
   the prefix is numeric-only and the next word starts with a digit; otherwise the dot is
   split off;
9. the escapes undone; the line's Unicode spaces (U+00A0, U+2000-U+200A, U+202F,
   U+205F, U+3000) collapsed to one space; Java's ``trim`` (every character <= U+0020
   off both ends).

Java's ``\\s``, ``\\p{Digit}`` and ``\\p{Lower}`` are ASCII-only here (the jar compiles
its patterns without ``UNICODE_CHARACTER_CLASS``), so the Python patterns below spell
them out. A Unicode space that step 9 does not list (U+0085, U+1680, U+2028) is wrapped
in spaces by step 1 and stays: it is a token of its own.
"""

from __future__ import annotations

import re

#: The jar's letters (``Normalizer.alpha``): Latin-1 and Latin Extended-A letters,
#: Cyrillic, Cyrillic Supplement, Cyrillic Extended-B and phonetic extensions.
ALPHA = "A-Za-z\u0160\u017d\u0161\u017e\u0178\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017e" \
        "\u0400-\u04ff\u0500-\u0527\ua640-\ua66e\ua67e-\ua697\u1d00-\u1d7f"
ALNUM = "0-9" + ALPHA
#: Java's ``\\s`` without UNICODE_CHARACTER_CLASS.
JAVA_SPACE = " \t\n\x0b\f\r"

SEP_OTHER = re.compile("([^" + ALNUM + JAVA_SPACE + r".'`,\-\u2018\u2019])")
MULTI_DOT = re.compile(r"\.([.]+)")
MULTI_DOT2 = re.compile(r"DOTMULTI\.([^.])")
COMMA = re.compile(r"([^0-9]),([^0-9])")
COMMA2 = re.compile(r"([0-9]),([^0-9])")
COMMA3 = re.compile(r"([^0-9]),([0-9])")
QUOTE = re.compile("([`\u2018\u2019])")
DOUBLE_QUOTE = re.compile("([\u201c\u201d]|'')")
RM_DASH = re.compile("([" + ALNUM + r".])-([" + ALNUM + "])")
CONT_EN = re.compile("([^" + ALPHA + "])'([^" + ALPHA + "])")
CONT_EN2 = re.compile("([^" + ALPHA + "0-9])'([" + ALPHA + "])")
CONT_EN3 = re.compile("([" + ALPHA + "])'([^" + ALPHA + "])")
CONT_EN4 = re.compile("([" + ALPHA + "])'([" + ALPHA + "])")
CONT_EN5 = re.compile("([0-9])'([s])")
WHITE = re.compile("[ \u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\u00a0]+")
LETTER = re.compile("[" + ALPHA + "]")
LOWER_START = re.compile("[a-z]")
DIGITS_START = re.compile("[0-9]+")

_TOKEN_SPACE = str.maketrans({"\t": " ", "\n": " ", "\r": " ", "\f": " "})


def java_tokens(line: str) -> list[str]:
    """``java.util.StringTokenizer``'s default split: at space, tab, newline, carriage
    return and form feed only."""
    if "\t" in line or "\n" in line or "\r" in line or "\f" in line:
        line = line.translate(_TOKEN_SPACE)
    return [t for t in line.split(" ") if t]


def java_trim(text: str) -> str:
    """``String.trim``: every character <= U+0020 off both ends."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


#: The nonbreaking prefixes read from the jar, by the jar's location setting: a resource
#: loaded once per process (as the spec loads its other resources), not a computation.
_LOADED_PREFIXES: dict = {}


def _prefixes() -> dict:
    import os

    from .resources import ENV_VARIABLE, find_jar, nonbreaking_prefixes

    key = os.environ.get(ENV_VARIABLE)
    if key not in _LOADED_PREFIXES:
        _LOADED_PREFIXES[key] = nonbreaking_prefixes(find_jar())
    return _LOADED_PREFIXES[key]


def escape_multiple_dots(line: str) -> str:
    """Step 2: ``..`` and longer runs hidden from the dot rule of step 8."""
    line = MULTI_DOT.sub(r" DOTMULTI\1", line)
    while "DOTMULTI." in line:
        line = MULTI_DOT2.sub(r"DOTDOTMULTI \1", line)
        line = line.replace("DOTMULTI.", "DOTDOTMULTI")
    return line


def split_commas(line: str) -> str:
    """Step 3: a comma split off unless both its neighbours are ASCII digits."""
    line = COMMA.sub(r"\1 , \2", line)
    line = COMMA2.sub(r"\1 , \2", line)
    return COMMA3.sub(r"\1 , \2", line)


def unify_quotes_and_dashes(line: str) -> str:
    """Steps 4 and 5."""
    if "`" in line or "\u2018" in line or "\u2019" in line:
        line = QUOTE.sub("'", line)
    if "''" in line or "\u201c" in line or "\u201d" in line:
        line = DOUBLE_QUOTE.sub(' " ', line)
    return line.replace("\u2013", "-").replace("--", "-")


def split_english_apostrophes(line: str) -> str:
    """Step 7: Moses' English rule (contractions split to the right) plus ``1990's``."""
    line = CONT_EN.sub(r"\1 ' \2", line)
    line = CONT_EN2.sub(r"\1 ' \2", line)
    line = CONT_EN3.sub(r"\1 ' \2", line)
    line = CONT_EN4.sub(r"\1 '\2", line)
    return CONT_EN5.sub(r"\1 '\2", line)


def break_dots(words: list[str], prefixes: dict) -> str:
    """Step 8 over the white-space words; every word is followed by one space."""
    out = list(words)
    last = len(words) - 1
    for i, word in enumerate(words):
        if len(word) > 1 and word.endswith("."):
            following = words[i + 1] if i < last else None
            prefix = word[:-1]
            kind = prefixes.get(prefix)
            if "." in prefix and LETTER.search(prefix):
                out[i] = word.replace(".", "")
            elif kind == "any" or (following is not None and LOWER_START.match(following)):
                pass
            elif kind == "numeric" and following is not None and DIGITS_START.match(following):
                pass
            else:
                out[i] = prefix + " ."
    return " ".join(out) + " " if out else ""


def unescape_multiple_dots(line: str) -> str:
    while "DOTDOTMULTI" in line:
        line = line.replace("DOTDOTMULTI", "DOTMULTI.")
    return line.replace("DOTMULTI", ".")


def normalize_line(line: str, prefixes: dict | None = None) -> str:
    """``Normalizer.normalizeLine(line, LANG_EN, keepPunctuation=true)`` (module doc)."""
    if prefixes is None:
        prefixes = _prefixes()
    working = " " + line + " "
    working = SEP_OTHER.sub(r" \1 ", working)
    # each step below changes nothing in a line without its trigger character; the tests
    # (``in``) only skip work
    if ".." in working or "DOTMULTI." in working:
        working = escape_multiple_dots(working)
    if "," in working:
        working = split_commas(working)
    working = unify_quotes_and_dashes(working)
    if "-" in working:
        working = RM_DASH.sub(r"\1 \2", working)
    if "'" in working:
        working = split_english_apostrophes(working)
    working = break_dots(java_tokens(working), prefixes)
    if "DOTMULTI" in working:
        working = unescape_multiple_dots(working)
    return java_trim(WHITE.sub(" ", working))


def normalize(text: str, prefixes: dict | None = None) -> str:
    """The line the jar aligns for ``text`` under ``-norm``: normalised, then lowercased
    (``String.toLowerCase``; Python's ``str.lower`` applies the same Unicode rules,
    final sigma included)."""
    return normalize_line(text, prefixes).lower()


def tokens(text: str, prefixes: dict | None = None) -> list[str]:
    """The words the aligner sees for ``text``: ``normalize`` split as ``StringTokenizer``."""
    return java_tokens(normalize(text, prefixes))
