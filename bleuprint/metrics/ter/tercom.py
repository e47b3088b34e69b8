"""TER's own tokenizer: sacreBLEU 2.5.1's re-implementation of Tercom's normalizer.

TER does not use BLEU's tokenizers. sacreBLEU right-strips each line and hands it to its
``TercomTokenizer`` (signature ``tercom``), which by default only lowercases and
collapses white space; normalisation, punctuation removal and the Asian rules are
opt-in. The steps, in order (``tokenize_tercom``):

1. the empty string stays empty;
2. unless ``case_sensitive``: ``str.lower()`` -- *before* normalisation, so ``&QUOT;``
   becomes ``&quot;`` and is then unescaped;
3. if ``normalized``: ``normalize_western`` and then, with ``asian_support``,
   ``normalize_asian``;
4. if ``no_punct``: ``remove_punctuation`` and then, with ``asian_support``,
   ``remove_asian_punctuation``;
5. collapse white space: ``' '.join(line.split())``.

Sources: sacreBLEU 2.5.1 ``tokenizers/tokenizer_ter.py`` (behaviour read, not code
copied), itself after Tercom's ``src/ter/core/Normalizer.java`` (Snover et al. 2006,
github.com/jhclark/tercom); bleuprint's notes on sacreBLEU, section 5.1.
"""

from __future__ import annotations

import re

from ...spec.inputs import check_text

# The mteval-v13a rules as Tercom's normalizer applies them (same character sets as 13a's
# R1..R4, see tokenizers.py), kept separate because Tercom puts its possessive rule
# between R1 and R2 and does not collapse white space in between.
_PUNCTUATION_SPLIT = re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])")  # R1
_POSSESSIVE_BEFORE_SPACE = re.compile(r"'s ")
_POSSESSIVE_AT_END = re.compile(r"'s$")
_PERIOD_COMMA_AFTER_NON_DIGIT = re.compile(r"([^0-9])([\.,])")  # R2
_PERIOD_COMMA_BEFORE_NON_DIGIT = re.compile(r"([\.,])([^0-9])")  # R3
_DASH_AFTER_DIGIT = re.compile(r"([0-9])(-)")  # R4

#: Code point ranges whose characters ``normalize_asian`` splits off one by one, as four
#: successive substitutions (sacreBLEU's ranges, including its "3200-32FF Enclosed CJK"
#: written as U+3200..U+3F22, which also covers part of CJK Extension A).
ASIAN_CHARACTER_RANGES = (
    (("\u4e00", "\u9fff"), ("\u3400", "\u4dbf")),  # CJK Unified Ideographs, Extension A
    (("\u31c0", "\u31ef"), ("\u2e80", "\u2eff")),  # CJK Strokes, CJK Radicals Supplement
    (("\u3300", "\u33ff"), ("\uf900", "\ufaff"), ("\ufe30", "\ufe4f")),  # CJK compatibility
    (("\u3200", "\u3f22"),),  # sic
)

#: The three kana blocks of sacreBLEU's kana rules: Hiragana, Katakana, Katakana Phonetic
#: Extensions.
KANA_RANGES = (("\u3040", "\u309f"), ("\u30a0", "\u30ff"), ("\u31f0", "\u31ff"))

#: "Asian punctuation": U+3001, U+3002, U+3008..U+3011, U+3014..U+301F, U+FF61..U+FF65,
#: U+30FB.
ASIAN_PUNCTUATION = frozenset(
    "\u3001\u3002"
    + "".join(chr(c) for c in range(0x3008, 0x3011 + 1))
    + "".join(chr(c) for c in range(0x3014, 0x301F + 1))
    + "".join(chr(c) for c in range(0xFF61, 0xFF65 + 1))
    + "\u30fb"
)

#: Full-width punctuation: ． ， ？ ： ； ！ ＂ （ ）
FULL_WIDTH_PUNCTUATION = frozenset("\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09")

#: ASCII punctuation removed by ``no_punct``: . , ? : ; ! " ( )
PUNCTUATION = frozenset('.,?:;!"()')


def _in_ranges(ch: str, ranges) -> bool:
    return any(start <= ch <= end for start, end in ranges)


def _pad_characters(line: str, is_member) -> str:
    """One space on each side of every character for which ``is_member`` is true (one
    global substitution; the other characters are kept as they are)."""
    return "".join(f" {ch} " if is_member(ch) else ch for ch in line)


def normalize_western(line: str) -> str:
    """Tercom's general and "western" normalisation (the ``normalized`` option).

    1. remove every ``\\n-`` (a newline followed by a dash: the reverse of 13a's ``-\\n``);
    2. every remaining newline becomes a space;
    3. unescape ``&quot;`` -> ``"``, ``&amp;`` -> ``&``, ``&lt;`` -> ``<``, ``&gt;`` -> ``>``,
       one after the other (so ``&amp;lt;`` ends as ``<``);
    4. pad the line with one space on each side;
    5. R1: one space on each side of every ASCII punctuation or symbol character except
       ``' , - .`` (13a's set);
    6. possessives: ``'s`` followed by a space becomes `` 's `` (space before it); ``'s``
       at the very end becomes `` 's`` -- which never happens here, since the padding of
       step 4 puts a space at the end;
    7. R2: a period or comma after a non-digit is split off (``X.`` -> ``X . ``);
    8. R3: a period or comma before a non-digit is split off (``.X`` -> `` . X``);
    9. R4: a dash after a digit is split off (``1-`` -> ``1 - ``).

    Each step is one global, left-to-right, non-overlapping substitution. White space is
    not collapsed here. Example (after lowercasing): ``jim's car.`` -> ``jim 's car .``.
    """
    line = line.replace("\n-", "")
    line = line.replace("\n", " ")
    line = line.replace("&quot;", '"')
    line = line.replace("&amp;", "&")
    line = line.replace("&lt;", "<")
    line = line.replace("&gt;", ">")
    line = " " + line + " "
    line = _PUNCTUATION_SPLIT.sub(r" \1 ", line)
    line = _POSSESSIVE_BEFORE_SPACE.sub(" 's ", line)
    line = _POSSESSIVE_AT_END.sub(" 's", line)
    line = _PERIOD_COMMA_AFTER_NON_DIGIT.sub(r"\1 \2 ", line)
    line = _PERIOD_COMMA_BEFORE_NON_DIGIT.sub(r" \1 \2", line)
    line = _DASH_AFTER_DIGIT.sub(r"\1 \2 ", line)
    return line


def pad_whole_kana_line(line: str, block) -> str:
    """sacreBLEU's kana rule for one block: when the *whole* line (up to an optional
    final newline, which Python's ``$`` allows) is a run of characters of ``block``, put
    one space before and after it.

    sacreBLEU's pattern anchors both alternatives of its prefix at the start of the string
    and its look-ahead at the end or (impossibly, after a character) the start, so this is
    the only case in which it matches. It cannot happen in TER: ``normalize_asian`` only
    runs after ``normalize_western``, which pads the line with a leading space. The rule is
    kept so that the definition reads as sacreBLEU's does; it never changes a result.
    """
    body = line[:-1] if line.endswith("\n") else line
    if body and all(_in_ranges(ch, (block,)) for ch in body):
        return " " + body + " " + line[len(body):]
    return line


def normalize_asian(line: str) -> str:
    """The ``asian_support`` part of normalisation (after ``normalize_western``).

    1. four global substitutions, one per group of ``ASIAN_CHARACTER_RANGES``, each putting
       a space on each side of every character of its ranges (Chinese characters and
       Japanese kanji split down to characters; a character in two groups is padded twice,
       which only adds white space);
    2. the three kana rules (``pad_whole_kana_line``), which never fire in TER;
    3. a space on each side of every ``ASIAN_PUNCTUATION`` character, then of every
       ``FULL_WIDTH_PUNCTUATION`` character.

    Example: ``美众院公布对特`` -> ``美 众 院 公 布 对 特`` after collapsing; a run of
    hiragana next to kanji stays whole: ``りの拳銃を持`` -> ``りの 拳 銃 を 持``.
    """
    for ranges in ASIAN_CHARACTER_RANGES:
        line = _pad_characters(line, lambda ch, ranges=ranges: _in_ranges(ch, ranges))
    for block in KANA_RANGES:
        line = pad_whole_kana_line(line, block)
    line = _pad_characters(line, lambda ch: ch in ASIAN_PUNCTUATION)
    line = _pad_characters(line, lambda ch: ch in FULL_WIDTH_PUNCTUATION)
    return line


def remove_punctuation(line: str) -> str:
    """Delete every character of ``PUNCTUATION`` (``. , ? : ; ! " ( )``), wherever it is
    (``4.2`` -> ``42``)."""
    return "".join(ch for ch in line if ch not in PUNCTUATION)


def remove_asian_punctuation(line: str) -> str:
    """Delete every ``ASIAN_PUNCTUATION`` and ``FULL_WIDTH_PUNCTUATION`` character."""
    return "".join(ch for ch in line if ch not in ASIAN_PUNCTUATION and ch not in FULL_WIDTH_PUNCTUATION)


def tokenize_tercom(
    line: str,
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> str:
    """sacreBLEU's ``TercomTokenizer`` (see the module docstring for the five steps).

    ``asian_support`` has an effect only together with ``normalized`` and/or
    ``no_punct``. The caller (TER) right-strips the line first; this function does not.
    Examples: ``"Jim's car."`` -> ``"jim's car."`` (default); with ``normalized``,
    ``"jim 's car ."``; ``"A ; B ) C : D."`` with ``no_punct`` -> ``"a b c d"``.
    """
    check_text(line, "line")
    if not line:
        return ""
    if not case_sensitive:
        line = line.lower()
    if normalized:
        line = normalize_western(line)
        if asian_support:
            line = normalize_asian(line)
    if no_punct:
        line = remove_punctuation(line)
        if asian_support:
            line = remove_asian_punctuation(line)
    return " ".join(line.split())
