"""TER's tokenizer, fast: the results and errors of ``bleuprint.metrics.ter.tercom``.

The steps are the spec's (sacreBLEU 2.5.1 ``TercomTokenizer``): lowercase unless
``case_sensitive``; with ``normalized`` the western normalisation and, with
``asian_support``, the Asian one; with ``no_punct`` the removal of punctuation (and of
Asian punctuation with ``asian_support``); finally white space collapsed.

What differs is only how: the Asian padding is one regular-expression substitution over
the union of the spec's character sets instead of six passes (the spec's passes only add
spaces around the same characters, and white space is collapsed at the end, so the words
are the same; the kana rule never fires after the western normalisation, which starts the
line with a space), and punctuation is deleted with one ``str.translate``.
"""

from __future__ import annotations

import re

from ...spec.inputs import check_text
from .tercom import (
    ASIAN_CHARACTER_RANGES,
    ASIAN_PUNCTUATION,
    FULL_WIDTH_PUNCTUATION,
    PUNCTUATION,
)

__all__ = ["tokenize_tercom", "tercom_words"]

# The mteval-v13a rules in Tercom's order (spec.tercom_tokenizer.normalize_western).
_PUNCTUATION_SPLIT = re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])")
_POSSESSIVE_BEFORE_SPACE = re.compile(r"'s ")
_PERIOD_COMMA_AFTER_NON_DIGIT = re.compile(r"([^0-9])([\.,])")
_PERIOD_COMMA_BEFORE_NON_DIGIT = re.compile(r"([\.,])([^0-9])")
_DASH_AFTER_DIGIT = re.compile(r"([0-9])(-)")


def _character_class(ranges, characters) -> str:
    parts = [f"{re.escape(low)}-{re.escape(high)}" for group in ranges for low, high in group]
    parts += [re.escape(ch) for ch in sorted(characters)]
    return "[" + "".join(parts) + "]"


#: Every character that ``normalize_asian`` pads with spaces.
_ASIAN_PAD = re.compile(
    "(" + _character_class(ASIAN_CHARACTER_RANGES, ASIAN_PUNCTUATION | FULL_WIDTH_PUNCTUATION) + ")"
)
_DELETE_PUNCTUATION = str.maketrans("", "", "".join(sorted(PUNCTUATION)))
_DELETE_ASIAN_PUNCTUATION = str.maketrans("", "", "".join(sorted(ASIAN_PUNCTUATION | FULL_WIDTH_PUNCTUATION)))


def _normalize_western(line: str) -> str:
    line = line.replace("\n-", "").replace("\n", " ")
    line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    line = _PUNCTUATION_SPLIT.sub(r" \1 ", " " + line + " ")
    # The spec's "'s at the very end" rule cannot fire: the line now ends with a space.
    line = _POSSESSIVE_BEFORE_SPACE.sub(" 's ", line)
    line = _PERIOD_COMMA_AFTER_NON_DIGIT.sub(r"\1 \2 ", line)
    line = _PERIOD_COMMA_BEFORE_NON_DIGIT.sub(r" \1 \2", line)
    return _DASH_AFTER_DIGIT.sub(r"\1 \2 ", line)


def tercom_words(line: str, *, normalized=False, no_punct=False, asian_support=False,
                 case_sensitive=False) -> list[str]:
    """The words of ``line`` after the tokenizer (no check on ``line``): the spec's
    ``tokenize_tercom(line, ...).split()``."""
    if not case_sensitive:
        line = line.lower()
    if normalized:
        line = _normalize_western(line)
        if asian_support:
            line = _ASIAN_PAD.sub(r" \1 ", line)
    if no_punct:
        line = line.translate(_DELETE_PUNCTUATION)
        if asian_support:
            line = line.translate(_DELETE_ASIAN_PUNCTUATION)
    return line.split()


def tokenize_tercom(
    line: str,
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> str:
    """``spec.tercom_tokenizer.tokenize_tercom``: the line as Tercom's normalizer leaves
    it, words joined by single spaces."""
    check_text(line, "line")
    return " ".join(tercom_words(line, normalized=normalized, no_punct=no_punct,
                                 asian_support=asian_support, case_sensitive=case_sensitive))
