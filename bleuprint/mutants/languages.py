"""How other programming languages see text: the primitives the port faults
(``bleuprint.mutants.port_faults``) are written with.

Each is a plain Python function that behaves as the named language's standard library
does, so that a port written in that language can be imitated in the spec:

* white space: ``PYTHON_SPACE`` is what ``str.isspace()`` (and so ``str.split()``,
  ``str.strip()`` and ``re``'s ``\\s``) sees: U+0009-U+000D, U+001C-U+001F, space,
  U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
  ``UNICODE_WHITE_SPACE`` is the Unicode property White_Space, which Go's
  ``unicode.IsSpace`` (``strings.Fields``, ``strings.TrimSpace``), Rust's
  ``char::is_whitespace`` (``split_whitespace``, ``trim``) and .NET's
  ``char.IsWhiteSpace`` test: Python's set without U+001C-U+001F. ``JS_SPACE`` is
  ECMAScript's ``\\s`` and ``String.prototype.trim``: WhiteSpace and LineTerminator
  (ECMA-262 sections 12.2 and 12.3), which adds U+FEFF and lacks U+001C-U+001F and
  U+0085. ``ASCII_SPACE`` is C's ``isspace`` in the C locale, POSIX ``[[:space:]]`` and
  the ``\\s`` of Java's and Go's regular expressions: space and U+0009-U+000D.
* what a character is: Python's strings are sequences of code points; JavaScript's,
  Java's, C#'s and Dart's of UTF-16 code units (an astral character is two, a surrogate
  pair); C's, Go's (``len``, indexing) and Rust's (``len``, ``as_bytes``) of UTF-8 bytes;
  Swift's ``String`` and Elixir's ``String.length`` of extended grapheme clusters
  (Unicode UAX #29, here the ``regex`` module's ``\\X``).
* lower-casing: Python's ``str.lower()`` applies the full mappings of Unicode's
  SpecialCasing (``İ`` -> ``i̇``, two code points; a final capital sigma -> ``ς``). Go's
  ``strings.ToLower`` and .NET's ``ToLowerInvariant`` apply the simple one-to-one mapping
  of each code point (``İ`` -> ``i``, every sigma -> ``σ``); C's ``tolower`` and Lua's
  ``string.lower`` change only A-Z; case folding (Python's ``casefold``, ICU's
  ``foldCase``) turns ``ß`` into ``ss``.

Sources: the Python, ECMA-262, Go (``unicode``, ``strings``), Rust (``char``) and .NET
documentation of the functions named; Unicode's PropList.txt (White_Space) and
SpecialCasing.txt.
"""

from __future__ import annotations

import unicodedata

#: ``str.isspace()``'s characters (none is above U+3000).
PYTHON_SPACE = frozenset(chr(c) for c in range(0x3001) if chr(c).isspace())
#: Unicode's White_Space property: Go, Rust, .NET.
UNICODE_WHITE_SPACE = PYTHON_SPACE - frozenset("\x1c\x1d\x1e\x1f")
#: ECMAScript's ``\s`` and ``trim()``.
JS_SPACE = (UNICODE_WHITE_SPACE - {"\x85"}) | {"\ufeff"}
#: C's ``isspace`` (C locale), POSIX, the ``\s`` of Java's and Go's regular expressions.
ASCII_SPACE = frozenset(" \t\n\v\f\r")

#: Where a character that Python takes for white space, and the language does not, is
#: parked while the spec's own code runs (Supplementary Private Use Area-A: no case, no
#: category a tokenizer splits on).
_PARK = 0xF0000


class WhiteSpace:
    """A language's set of white-space characters, and a bijection of strings that makes
    Python's ``str.split``/``str.strip``/``re``'s ``\\s`` behave as that language's on
    the image: each character Python takes for white space and the language does not is
    parked in the private use area (``_PARK`` + its code point); each one the language
    takes for white space and Python does not is sent to one of the freed characters
    (Python white space the language lacks), so it separates and is stripped as the
    language does. ``unmap`` undoes it on anything the spec returns."""

    def __init__(self, name: str, chars: frozenset):
        self.name, self.chars = name, frozenset(chars)
        lacking = sorted(PYTHON_SPACE - self.chars)
        extra = sorted(self.chars - PYTHON_SPACE)
        if len(extra) > len(lacking):
            raise ValueError(f"{name}: more extra white space than characters to carry it")
        forward = {ord(c): chr(_PARK + ord(c)) for c in lacking}
        forward.update({ord(c): lacking[i] for i, c in enumerate(extra)})
        self._forward = forward
        self._backward = {ord(v): chr(k) for k, v in forward.items()}

    def map(self, text):
        return text.translate(self._forward) if isinstance(text, str) else text

    def unmap(self, value):
        """``value`` (a string, or lists, tuples and dict keys of them) mapped back."""
        if isinstance(value, str):
            return value.translate(self._backward)
        if isinstance(value, (list, tuple)):
            return type(value)(self.unmap(v) for v in value)
        if isinstance(value, dict):
            return type(value)({self.unmap(k): v for k, v in value.items()})
        return value

    def strip(self, text: str) -> str:
        return text.strip("".join(sorted(self.chars)))

    def split(self, text: str) -> list[str]:
        return self.unmap(self.map(text).split())


GO_RUST_SPACE = WhiteSpace("Unicode White_Space (Go unicode.IsSpace, Rust char::is_whitespace)",
                           UNICODE_WHITE_SPACE)
JAVASCRIPT_SPACE = WhiteSpace("JavaScript \\s and trim()", JS_SPACE)
C_SPACE = WhiteSpace("ASCII white space (C isspace, Java and Go regex \\s)", ASCII_SPACE)


# --- what a character is ---------------------------------------------------------------------

def utf16_units(text: str) -> list[str]:
    """The UTF-16 code units of ``text``, each as a one-character string (an astral
    character gives its two surrogates)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2)]


def utf8_bytes(text: str) -> list[str]:
    """The UTF-8 bytes of ``text``, each as a one-character string: an ASCII byte as
    itself, a byte of a multi-byte sequence as a private-use character (so no byte of
    ``é`` is taken for U+0085 or NBSP)."""
    return [chr(b) if b < 0x80 else chr(_PARK + 0x8000 + b) for b in text.encode("utf-8", "surrogatepass")]


def grapheme_clusters(text: str) -> list[str]:
    """The extended grapheme clusters of ``text`` (``regex``'s ``\\X``)."""
    import regex

    return regex.findall(r"\X", text)


# --- lower-casing ----------------------------------------------------------------------------

def simple_lower(text: str) -> str:
    """Each code point's simple lowercase mapping, without context (Go, .NET invariant):
    ``İ`` -> ``i``, every ``Σ`` -> ``σ``. Python's full mapping differs only for U+0130
    (two code points) and the final sigma (a context rule)."""
    return "".join("i" if ch == "\u0130" else ch.lower() for ch in text)


def ascii_lower(text: str) -> str:
    """Only A-Z lowered (C's ``tolower`` in the C locale, Lua's ``string.lower``)."""
    return text.translate({c: c + 32 for c in range(65, 91)})


def case_fold(text: str) -> str:
    """Full case folding (Python's ``casefold``, ICU's ``foldCase``): ``ß`` -> ``ss``."""
    return text.casefold()


def is_unicode_punctuation(ch: str) -> bool:
    """Unicode general category P* (Go's ``unicode.IsPunct``, JavaScript's ``\\p{P}``)."""
    return unicodedata.category(ch).startswith("P")
