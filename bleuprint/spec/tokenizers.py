"""BLEU's tokenizers, as sacreBLEU 2.5.1 defines them.

Each tokenizer maps a line to a string whose tokens are separated by white space; BLEU
then takes ``output.split()``. Python's ``str.split()`` with no argument splits on every
character for which ``str.isspace()`` is true: besides space, tab and newline this
includes U+001C..U+001F, U+0085, NBSP (U+00A0), U+2000..U+200A, U+2028/U+2029,
U+202F, U+205F and U+3000 (but not the zero-width space U+200B). sacreBLEU relies on that
split, so these characters separate tokens here too.

Sources: sacreBLEU 2.5.1 ``tokenizers/tokenizer_13a.py``, ``tokenizer_re.py``,
``tokenizer_intl.py``, ``tokenizer_zh.py``, ``tokenizer_char.py``, ``tokenizer_none.py``
(behaviour read, not code copied); mteval-v13a.pl and mteval-v14.pl for the rules'
origin.

The caller (BLEU) lowercases and right-strips a line *before* it reaches a tokenizer.

The ``intl`` rules need the ``regex`` module's Unicode properties; it is a C extension,
imported when ``tokenize_intl`` first runs, so that the rest of the specification loads
no compiled code beyond the standard library's.
"""

from __future__ import annotations

import functools
import re

from .inputs import check_choice, check_text
from .tokenizers_mecab import MECAB_TOKENIZERS, mecab_signature, tokenize_mecab
from .tokenizers_spm import SPM_TOKENIZERS, spm_signature, tokenize_spm

#: The built-in tokenizers, in sacreBLEU's spelling: the five that need nothing outside
#: bleuprint (what strategies, ``bleuprint reproduce``'s search and verify's real-corpus
#: configurations iterate over).
TOKENIZERS = ("13a", "none", "intl", "zh", "char")

#: Every tokenizer name BLEU's ``tokenize`` option accepts (its choices): the built-in
#: ones, then those that call an outside library (``tokenizers_mecab``: MeCab and its
#: dictionaries) or need a model file (``tokenizers_spm``: SentencePiece).
BLEU_TOKENIZERS = TOKENIZERS + MECAB_TOKENIZERS + SPM_TOKENIZERS

#: The tokenizers that need something outside bleuprint (a package, a model file).
OUTSIDE_TOKENIZERS = MECAB_TOKENIZERS + SPM_TOKENIZERS

#: The tokenizers a later sacreBLEU added, with the version that added them (sacreBLEU
#: 2.6.0's ``spBLEU-1K``); every other one is in 2.5.1.
ADDED_IN = {"spBLEU-1K": "2.6.0"}


def collapse_white_space(line: str) -> str:
    """Drop leading and trailing white space and join the tokens with one space:
    ``' '.join(line.split())`` (Unicode white space, as ``str.split()`` sees it)."""
    return " ".join(line.split())


# The four "regexp" rules of mteval-v13a, shared by the 13a and zh tokenizers. Each is one
# global, left-to-right, non-overlapping substitution, applied in this order.
_MTEVAL_RULES = (
    # R1: space around ASCII punctuation and symbols, except ' , - . (which get rules of
    # their own): the ranges 0x7B-0x7E, 0x5B-0x60, 0x20-0x26, 0x28-0x2B, 0x3A-0x40 and '/'.
    (re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])"), r" \1 "),
    # R2: a period or comma after a character that is not an ASCII digit is split off.
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
    # R3: a period or comma before a character that is not an ASCII digit is split off.
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),
    # R4: a dash after an ASCII digit is split off (10-12 -> 10 - 12, e-mail stays).
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
)


def mteval_rules() -> tuple:
    """The four mteval-v13a rules R1..R4 as ``(compiled pattern, replacement)`` pairs, in
    their order (for a port fault that changes one regex class of them)."""
    return _MTEVAL_RULES


def apply_mteval_rules(line: str) -> str:
    """Apply the four mteval-v13a rules R1..R4 in order, then collapse white space.

    Together R2 and R3 keep a period or comma whole only between two ASCII digits
    (``3.14``, ``1,000``).
    """
    for pattern, replacement in _MTEVAL_RULES:
        line = pattern.sub(replacement, line)
    return collapse_white_space(line)


def tokenize_13a(line: str) -> str:
    """sacreBLEU's default tokenizer ``13a`` (mteval-v13a.pl).

    1. Remove every ``<skipped>``; remove ``-`` + newline (a word broken at a line end);
       turn the remaining newlines into spaces.
    2. Only when the line contains ``&``: unescape ``&quot;``, ``&amp;``, ``&lt;``, ``&gt;``
       in that order, one after the other (so ``&amp;lt;`` ends as ``<``).
    3. Pad the line with one space on each side (so a final period is split even after
       a digit: ``1999.`` -> ``1999 .``).
    4. Apply the rules R1..R4 (``apply_mteval_rules``) and collapse white space.

    Example: ``"It's 3.14, e.g. 1,000-2,000."`` -> ``"It's 3.14 , e . g . 1,000 - 2,000 ."``.
    Non-ASCII punctuation (curly quotes, dashes) is never split.
    """
    check_text(line, "line")
    line = line.replace("<skipped>", "")
    line = line.replace("-\n", "")
    line = line.replace("\n", " ")
    if "&" in line:
        line = line.replace("&quot;", '"')
        line = line.replace("&amp;", "&")
        line = line.replace("&lt;", "<")
        line = line.replace("&gt;", ">")
    return apply_mteval_rules(" " + line + " ")


def tokenize_none(line: str) -> str:
    """The ``none`` tokenizer: the line as it is; BLEU splits it on white space."""
    return check_text(line, "line")


#: mteval-v14's "international" rules as (pattern, replacement), patterns for the `regex`
#: module's Unicode properties: \p{P} punctuation, \P{N} anything that is not a number,
#: \p{S} symbols.
INTL_RULES = (
    (r"(\P{N})(\p{P})", r"\1 \2 "),
    (r"(\p{P})(\P{N})", r" \1 \2"),
    (r"(\p{S})", r" \1 "),
)


@functools.cache
def intl_rules() -> tuple:
    """``INTL_RULES`` with each pattern compiled by the ``regex`` module, which is
    imported here, on first use (module doc: a C extension)."""
    import regex

    return tuple((regex.compile(pattern), replacement) for pattern, replacement in INTL_RULES)


def tokenize_intl(line: str) -> str:
    """The ``intl`` tokenizer (mteval-v14.pl ``--international-tokenization``).

    Three global substitutions in order, then collapse white space:

    1. a non-number followed by punctuation: space after the non-number and the mark;
    2. punctuation followed by a non-number: space before the mark and after it;
    3. every symbol gets a space on each side.

    No padding and no entity unescaping, so punctuation between two digits, or after a
    digit at the very end of the line, stays attached: ``1999.`` stays ``1999.``,
    ``$5.00!`` -> ``$ 5.00!``, ``don't`` -> ``don ' t``. The character classes are those of
    the installed ``regex`` module's Unicode version (not Python's ``unicodedata``), as in
    sacreBLEU.
    """
    check_text(line, "line")
    for pattern, replacement in intl_rules():
        line = pattern.sub(replacement, line)
    return collapse_white_space(line)


# The (start, end) pairs sacreBLEU's zh tokenizer tests a character against, with Python's
# string ordering: start <= ch <= end. Two pairs were meant as astral ranges (U+20000-U+2A6D6
# and U+2F800-U+2FA1D) but were written as 5-hex-digit "\u" escapes, which Python reads as
# a 4-digit escape followed by a literal digit. They are reproduced as sacreBLEU 2.5.1 has
# them (sacreBLEU issue #298, open): the first one makes U+2001..U+2A6D "Chinese"
# (general punctuation, currency, arrows, maths, dingbats...), and no astral character is
# ever Chinese.
ZH_RANGES = (
    ("\u3400", "\u4db5"),
    ("\u4e00", "\u9fa5"),
    ("\u9fa6", "\u9fbb"),
    ("\uf900", "\ufa2d"),
    ("\ufa30", "\ufa6a"),
    ("\ufa70", "\ufad9"),
    ("\u2000" "0", "\u2a6d" "6"),  # meant U+20000..U+2A6D6; acts as U+2001..U+2A6D
    ("\u2f80" "0", "\u2fa1" "d"),  # meant U+2F800..U+2FA1D; acts as U+2F81..U+2FA1
    ("\uff00", "\uffef"),
    ("\u2e80", "\u2eff"),
    ("\u3000", "\u303f"),
    ("\u31c0", "\u31ef"),
    ("\u2f00", "\u2fdf"),
    ("\u2ff0", "\u2fff"),
    ("\u3100", "\u312f"),
    ("\u31a0", "\u31bf"),
    ("\ufe10", "\ufe1f"),
    ("\ufe30", "\ufe4f"),
    ("\u2600", "\u26ff"),
    ("\u2700", "\u27bf"),
    ("\u3200", "\u32ff"),
    ("\u3300", "\u33ff"),
)


def is_chinese_char(ch: str) -> bool:
    """True when ``start <= ch <= end`` (string comparison) for one pair of ``ZH_RANGES``."""
    return any(start <= ch <= end for start, end in ZH_RANGES)


def tokenize_zh(line: str) -> str:
    """The ``zh`` tokenizer (sacreBLEU's, after Shujian Huang's script).

    1. Strip white space at both ends.
    2. Put a space on each side of every "Chinese" character (``is_chinese_char``, with
       sacreBLEU's malformed ranges, see ``ZH_RANGES``).
    3. Apply the mteval rules R1..R4 and collapse white space, *without* 13a's padding and
       entity handling: ``1999.`` stays whole at the end of a line, ``end.`` -> ``end .``.
    """
    check_text(line, "line")
    line = line.strip()
    spaced = ""
    for ch in line:
        if is_chinese_char(ch):
            spaced += " " + ch + " "
        else:
            spaced += ch
    return apply_mteval_rules(spaced)


def tokenize_char(line: str) -> str:
    """The ``char`` tokenizer: every code point separated by a space; after BLEU's
    ``split()`` the tokens are the line's non-white-space characters."""
    check_text(line, "line")
    return " ".join(ch for ch in line)


def tokenize(line: str, name: str = "13a") -> str:
    """Tokenize ``line`` with the tokenizer called ``name`` (one of ``BLEU_TOKENIZERS``)."""
    check_choice(name, BLEU_TOKENIZERS, "tokenizer")
    if name in MECAB_TOKENIZERS:
        return tokenize_mecab(line, name)
    if name in SPM_TOKENIZERS:
        return tokenize_spm(line, name)
    return {
        "13a": tokenize_13a,
        "none": tokenize_none,
        "intl": tokenize_intl,
        "zh": tokenize_zh,
        "char": tokenize_char,
    }[name](line)


def tokenizer_signature(name: str) -> str:
    """The ``tok`` field of BLEU's signature for tokenizer ``name``: the name itself for
    the built-in ones, MeCab's version and dictionary for ``ja-mecab`` / ``ko-mecab``
    (``ja-mecab-0.996-IPA``; this loads MeCab), the model's name for SentencePiece
    (``spm`` signs ``flores101``)."""
    check_choice(name, BLEU_TOKENIZERS, "tokenizer")
    if name in MECAB_TOKENIZERS:
        return mecab_signature(name)
    if name in SPM_TOKENIZERS:
        return spm_signature(name)
    return name


def tokenizer_of_signature(field: str) -> str:
    """The tokenizer a signature's ``tok`` field names: the inverse of
    ``tokenizer_signature`` (``flores101`` is read as ``flores101``; a MeCab field as its
    tokenizer, whatever the version); the field itself when it names none."""
    for name in MECAB_TOKENIZERS:
        if field.startswith(name + "-"):
            return name
    return field
