"""BLEU's five tokenizers, fast: whole-corpus passes instead of one call per line.

The definitions are those of ``bleuprint.spec.tokenizers`` (sacreBLEU 2.5.1's ``13a``,
``none``, ``intl``, ``zh`` and ``char``); this module must give the same output for every
line, which ``tests/impl/test_tokenizers_diff.py`` checks against the spec.

How a corpus is tokenized in few passes
---------------------------------------
The lines are joined with a separator character ``sep``: a private-use code point
(U+E000 upwards) that occurs in none of the lines. Every rule of every tokenizer is a
``str.replace`` of a pattern without ``sep``, or a regular-expression substitution whose
matches are one or two *adjacent* characters drawn from classes that do not contain
``sep`` (the classes written ``[^0-9]`` and ``\\P{N}`` in the spec are compiled here as
"not a digit and not ``sep``"). So no match can contain or straddle a separator, the
scanner restarts at every line start exactly as on the lone line, and one substitution over
the joined text equals the per-line substitutions joined with ``sep``. The separator is
not white space, so per-line steps that look at white space (13a's newline rules, the
ends of a line) are done per line before joining, or do not see it; afterwards ``sep`` is
padded with spaces so that ``split()`` returns it as a token of its own, which marks the
line boundaries.

Per-line steps stay per line: BLEU's ``lower()`` and ``rstrip()``, zh's ``strip()``, and
13a's padding with a space at each end of the line.
"""

from __future__ import annotations

import functools
import re

import numpy as np
import regex

from ..spec.inputs import check_choice, check_text
from ..spec.tokenizers import TOKENIZERS, ZH_RANGES

__all__ = [
    "TOKENIZERS",
    "bleu_token_ids",
    "tokenize",
    "tokenize_13a",
    "tokenize_char",
    "tokenize_corpus",
    "tokenize_intl",
    "tokenize_none",
    "tokenize_zh",
]

_SEP_CANDIDATES = range(0xE000, 0xF900)  # the BMP private-use area


def _pick_separator(text: str) -> str | None:
    """The first private-use character absent from ``text`` (None if all occur)."""
    for code in _SEP_CANDIDATES:
        if chr(code) not in text:
            return chr(code)
    return None


# --- the rules, compiled for one separator ---------------------------------------------

# R1 of mteval-v13a: ASCII punctuation and symbols except ' , - . get a space each side.
_R1 = re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])")


def _zh_code_ranges() -> list[tuple[int, int]]:
    """``ZH_RANGES`` as inclusive code-point ranges for *one* character ``ch``.

    The spec tests ``start <= ch <= end`` on strings, and two bounds are two characters
    long (sacreBLEU's malformed 5-digit escapes). For a one-character ``ch``:
    ``ch >= start`` holds iff ``ch > start[0]``, or ``ch == start[0]`` and ``start`` is
    that single character; ``ch <= end`` holds iff ``ch <= end[0]`` (a proper prefix
    sorts first). The test suite checks the result against the spec on every code point.
    """
    out = []
    for start, end in ZH_RANGES:
        low = ord(start[0]) + (1 if len(start) > 1 else 0)
        high = ord(end[0])
        if low <= high:
            out.append((low, high))
    return out


def _class_of(ranges: list[tuple[int, int]]) -> str:
    return "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges)


_ZH_CLASS = _class_of(_zh_code_ranges())
_ZH_SPACE = re.compile(f"([{_ZH_CLASS}])")


@functools.lru_cache(maxsize=8)
def _rules(sep: str | None):
    """The regex rules of the mteval family (13a, zh) and of intl, with ``sep`` (if
    any) taken out of every negated class."""
    s = "" if sep is None else f"\\U{ord(sep):08x}"
    mteval = (
        (_R1, r" \1 "),
        (re.compile(f"([^0-9{s}])([\\.,])"), r"\1 \2 "),
        (re.compile(f"([\\.,])([^0-9{s}])"), r" \1 \2"),
        (re.compile(r"([0-9])(-)"), r"\1 \2 "),
    )
    intl = (
        (regex.compile(f"([^\\p{{N}}{s}])(\\p{{P}})"), r"\1 \2 "),
        (regex.compile(f"(\\p{{P}})([^\\p{{N}}{s}])"), r" \1 \2"),
        (regex.compile(r"(\p{S})"), r" \1 "),
    )
    return mteval, intl


def _sub_all(rules, text: str) -> str:
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def _unescape_13a(text: str) -> str:
    """13a steps 1-2 (``<skipped>``, ``-`` + newline, newline, entities).

    The spec unescapes only when the line contains ``&``; without ``&`` none of the four
    entity patterns can occur, so testing the joined text instead is the same."""
    text = text.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in text:
        text = text.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return text


def _joined_output(lines: list[str], name: str, sep: str | None) -> str:
    """The tokenizer ``name`` (not ``char``) applied to every line, the outputs joined by
    `` sep `` and white space not collapsed. ``sep`` occurs in no line; it may be None
    when there is a single line."""
    if sep is None and len(lines) != 1:
        raise ValueError("a separator is needed to join several lines")
    glue = "" if sep is None else sep
    mteval, intl = _rules(sep)
    if name == "none":
        text = glue.join(lines)
    elif name == "13a":
        # The padding is per line: " line1 " sep " line2 " ...
        text = _sub_all(mteval, " " + _unescape_13a((" " + glue + " ").join(lines)) + " ")
    elif name == "zh":
        text = glue.join([line.strip() for line in lines])
        text = _sub_all(mteval, _ZH_SPACE.sub(r" \1 ", text))
    elif name == "intl":
        text = _sub_all(intl, glue.join(lines))
    else:  # pragma: no cover - guarded by the callers
        raise ValueError(name)
    return text if sep is None else text.replace(sep, " " + sep + " ")


# --- per-line API (the spec's functions) -----------------------------------------------


def _one_line(line: str, name: str) -> str:
    return " ".join(_joined_output([line], name, None).split())


def tokenize_13a(line: str) -> str:
    """sacreBLEU's default tokenizer ``13a``; see ``bleuprint.spec.tokenizers.tokenize_13a``."""
    return _one_line(check_text(line, "line"), "13a")


def tokenize_none(line: str) -> str:
    """The ``none`` tokenizer: the line unchanged."""
    return check_text(line, "line")


def tokenize_intl(line: str) -> str:
    """The ``intl`` tokenizer; see ``bleuprint.spec.tokenizers.tokenize_intl``."""
    return _one_line(check_text(line, "line"), "intl")


def tokenize_zh(line: str) -> str:
    """The ``zh`` tokenizer, with sacreBLEU's malformed ranges; see
    ``bleuprint.spec.tokenizers.tokenize_zh``."""
    return _one_line(check_text(line, "line"), "zh")


def tokenize_char(line: str) -> str:
    """The ``char`` tokenizer: the code points of the line separated by spaces."""
    return " ".join(check_text(line, "line"))


_BY_NAME = {
    "13a": tokenize_13a,
    "none": tokenize_none,
    "intl": tokenize_intl,
    "zh": tokenize_zh,
    "char": tokenize_char,
}


def tokenize(line: str, name: str = "13a") -> str:
    """Tokenize ``line`` with the tokenizer called ``name`` (one of ``TOKENIZERS``)."""
    check_choice(name, TOKENIZERS, "tokenizer")
    return _BY_NAME[name](line)


# --- corpus API --------------------------------------------------------------------------


def _prepared(lines: list[str], lowercase: bool) -> list[str]:
    """BLEU's per-line preprocessing: ``lower()`` (optional) and then ``rstrip()``."""
    if lowercase:
        return [line.lower().rstrip() for line in lines]
    return [line.rstrip() for line in lines]


# Code points for which str.isspace() is true: all below U+3001.
_SPACE_TABLE = np.array([chr(c).isspace() for c in range(0x3001)], dtype=bool)


def _char_token_ids(lines: list[str]) -> tuple[np.ndarray, np.ndarray, int]:
    """char tokenizer on prepared lines: every non-white-space code point is a token."""
    text = "".join(lines)
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.int64)
    space = np.zeros(len(codes), dtype=bool)
    low = codes < len(_SPACE_TABLE)
    space[low] = _SPACE_TABLE[codes[low]]
    keep = ~space
    line_of = np.repeat(np.arange(len(lines)), [len(line) for line in lines])
    lengths = np.bincount(line_of[keep], minlength=len(lines)).astype(np.int64)
    codes = codes[keep]
    # Dense ids (code points in increasing order) keep the id space small.
    present = np.zeros(0x110000, dtype=bool)
    present[codes] = True
    dense = np.cumsum(present) - 1
    return dense[codes], lengths, int(dense[-1]) + 2


def _string_token_ids(lines: list[str], name: str) -> tuple[np.ndarray, np.ndarray, int, dict]:
    """Token ids (dense, by first occurrence) of prepared lines, the number of tokens of
    each line, the size of the id space and the vocabulary {token: id}."""
    if not lines:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), 1, {}
    sep = _pick_separator("".join(lines)) if len(lines) > 1 else None
    if sep is None and len(lines) > 1:
        # Pathological: every private-use character occurs somewhere. Line by line.
        token_lists = [_joined_output([line], name, None).split() for line in lines]
        tokens = [t for tl in token_lists for t in tl]
        vocab = dict(zip(dict.fromkeys(tokens), range(len(tokens))))
        ids = np.fromiter(map(vocab.__getitem__, tokens), np.int64, len(tokens))
        return ids, np.array([len(tl) for tl in token_lists], np.int64), len(vocab) + 1, vocab
    if sep is None:  # one line
        tokens = _joined_output(lines, name, None).split()
        vocab = dict(zip(dict.fromkeys(tokens), range(len(tokens))))
        ids = np.fromiter(map(vocab.__getitem__, tokens), np.int64, len(tokens))
        return ids, np.array([len(tokens)], np.int64), len(vocab) + 1, vocab
    tokens = _joined_output(lines, name, sep).split()
    vocab = dict.fromkeys(tokens)
    vocab[sep] = None  # present even for a single line
    vocab = dict(zip(vocab, range(len(vocab))))
    ids = np.fromiter(map(vocab.__getitem__, tokens), np.int64, len(tokens))
    sep_id = vocab.pop(sep)
    is_sep = ids == sep_id
    bounds = np.flatnonzero(is_sep)
    edges = np.concatenate(([-1], bounds, [len(ids)]))
    lengths = np.diff(edges) - 1
    return ids[~is_sep], lengths.astype(np.int64), len(vocab) + 1, vocab


def bleu_token_ids(lines: list[str], name: str = "13a", lowercase: bool = False):
    """BLEU's tokens of every line as integer ids: ``(ids, lengths, id_bound)``.

    Line ``i``'s tokens are ``ids[start_i : start_i + lengths[i]]`` with ``start`` the
    running sum of ``lengths``; equal tokens have equal ids, different tokens different
    ids, and every id is in ``range(id_bound)``. The tokens are those of
    ``bleuprint.spec.bleu.bleu_tokens``: optional ``lower()``, ``rstrip()``, tokenizer,
    ``split()``. ``lines`` is not validated here.
    """
    prepared = _prepared(lines, lowercase)
    if name == "char":
        return _char_token_ids(prepared)
    ids, lengths, bound, _ = _string_token_ids(prepared, name)
    return ids, lengths, bound


def tokenize_corpus(lines: list[str], name: str = "13a", lowercase: bool = False) -> list[list[str]]:
    """BLEU's token list of every line (``bleuprint.spec.bleu.bleu_tokens`` of each),
    computed in a few passes over the joined corpus."""
    if isinstance(lines, str) or not isinstance(lines, (list, tuple)):
        raise TypeError(f"lines must be a list of str, got {type(lines).__name__}")
    lines = [check_text(line, f"lines[{i}]") for i, line in enumerate(lines)]
    check_choice(name, TOKENIZERS, "tokenizer")
    prepared = _prepared(lines, lowercase)
    if name == "char":
        return [[ch for ch in line if not ch.isspace()] for line in prepared]
    ids, lengths, _, vocab = _string_token_ids(prepared, name)
    words = np.empty(len(vocab) + 1, dtype=object)
    for word, i in vocab.items():
        words[i] = word
    flat = words[ids].tolist()
    out, start = [], 0
    for length in lengths.tolist():
        out.append(flat[start : start + length])
        start += length
    return out
