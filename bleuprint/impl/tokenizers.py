"""BLEU's five tokenizers, fast: whole-corpus passes instead of one call per line.

The definitions are those of ``bleuprint.spec.tokenizers`` (sacreBLEU 2.5.1's ``13a``,
``none``, ``intl``, ``zh`` and ``char``); this module must give the same output for every
line, which ``tests/impl/test_tokenizers_diff.py`` checks against the spec.

How a corpus is tokenized in few passes
---------------------------------------
Only distinct work is done per line: BLEU's ``lower()`` and ``rstrip()``, zh's
``strip()``. Then the lines are joined with a separator ``sep``, a non-white-space ASCII control
character or else a private-use code point, that occurs in none of them, and 13a's padding and string replacements
(``<skipped>``, ``-`` + newline, newline, entities) run once over the joined text: no
pattern contains ``sep``, so no replacement can straddle two lines.

The regular-expression rules are not run at all. Each only inserts spaces, so the output
tokens are the input's non-white-space characters cut at some *boundaries*; these are
computed with numpy from a table of character classes, with ``sep`` cut off on both sides
and treated as the edge of the text (it blocks every rule). Write P for the class of
rules R2/R3 (13a, zh: ``.`` and ``,``; intl: ``\\p{P}``), D for what those rules exclude
(``[0-9]``; intl: ``\\p{N}``), and call a character X when it is neither D nor ``sep``.
P characters are X. The boundaries are:

* white space (``str.isspace``, as ``split()``);
* both sides of every R1 character (13a, zh), zh character (zh) or ``\\p{S}`` (intl):
  these rules are per character and what they add (spaces) is X and not P, as are the
  characters themselves, so they change no later decision;
* both sides of a hyphen after an ASCII digit (R4, 13a and zh; R2/R3 never put a space
  between a digit and a hyphen, so the pair is adjacent in R4's input iff in the line);
* for a maximal run of P characters ``s[a..b]`` (length L) with neighbours ``l = s[a-1]``
  and ``r = s[b+1]``, "lx" = l exists and is X, "rx" likewise for r:

  - R2 (``(X)(P) -> \\1 \\2 ``) scans left to right: it pairs (l, a), (a+1, a+2), ... when
    lx, else (a, a+1), (a+2, a+3), ...; either way every gap inside the run is cut, and it
    puts a space after b iff b ends a pair: ``r2 = (lx == L is odd)``;
  - R3 (``(P)(X) -> \\1 \\2``) then sees no two adjacent P characters, so it tests each
    of them; it fires on every P followed by a space (all but b, and b when r2) or by an
    X, cutting before and after it;
  - hence: a cut inside every gap of the run; a cut after b iff ``r2 or rx``; a cut before
    a iff ``lx or L >= 2 or r2 or rx``.

``tests/impl/test_tokenizers_diff.py`` checks the result against the spec's substitutions
over Hypothesis lines and corpora, and the class tables over every code point.
"""

from __future__ import annotations

import functools

import numpy as np
import regex

from ..spec.inputs import check_choice, check_text
from ..spec.tokenizers import BLEU_TOKENIZERS, OUTSIDE_TOKENIZERS, TOKENIZERS
from ..spec.tokenizers import tokenize as spec_tokenize
from . import native
from .token_flags import BLOCK, D, DASH, KERNEL_MODES, P, SPLIT, WS, check_kernel_flags, rules_table
from .tokenizers_outside import outside_tokenized

__all__ = [
    "BLEU_TOKENIZERS",
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

# Code points for which str.isspace() is true: all below U+3001.
_SPACE_TABLE = np.array([chr(c).isspace() for c in range(0x3001)], dtype=bool)

# Separator candidates: ASCII control characters that are not white space (they keep an
# ASCII corpus ASCII, which str.split and the token strings handle fastest), then the BMP
# private-use area. None of them is white space, a digit, punctuation or a symbol for any
# rule, or part of a 13a replacement pattern.
_SEP_CANDIDATES = (*range(0x00, 0x09), *range(0x0E, 0x1C), 0x7F, *range(0xE000, 0xF900))


def _pick_separator(text: str) -> str | None:
    """The first candidate separator absent from ``text`` (None if all occur)."""
    for code in _SEP_CANDIDATES:
        if chr(code) not in text:
            return chr(code)
    return None


# --- character classes, one table over all code points ------------------------------

_WS, _P, _D, _SPLIT, _DASH, _BLOCK = WS, P, D, SPLIT, DASH, BLOCK

#: The intl classes and the patterns that define them (sacreBLEU's tokenizer_intl).
_INTL_CLASSES = ((r"\p{P}", _P), (r"\p{N}", _D), (r"\p{S}", _SPLIT))

def _all_code_points() -> str:
    return np.arange(0x110000, dtype=np.uint32).tobytes().decode("utf-32-le", "surrogatepass")


def _positions(pattern, text: str) -> np.ndarray:
    return np.fromiter((m.start() for m in pattern.finditer(text)), np.int64)


def _table_prefix(name: str) -> np.ndarray:
    """The flags of the rules of 13a or zh (white space aside) below ``RULES_SIZE[name]``
    (``token_flags.rules_table``), as a writable array."""
    return np.frombuffer(rules_table(name), dtype=np.uint8).copy()


@functools.lru_cache(maxsize=None)
def _table(name: str) -> np.ndarray:
    """Flags of every code point for the rules of tokenizer ``name`` (13a, zh, intl):
    white space (``str.isspace``), the P of the period/comma rules, the D that blocks
    them, SPLIT (a space on each side), and the hyphen of rule R4."""
    table = np.zeros(0x110000, dtype=np.uint8)
    table[: len(_SPACE_TABLE)][_SPACE_TABLE] |= _WS
    if name == "intl":
        everything = _all_code_points()
        for pattern, flag in _INTL_CLASSES:
            table[_positions(regex.compile(pattern), everything)] |= flag
        return table
    rules = _table_prefix(name)
    table[: len(rules)] |= rules
    # A cut next to white space changes nothing, and white space is X for the period
    # rules whatever its flags: so white space (the space of R1, the spaces inside the zh
    # ranges) need not be visited.
    table[(table & _WS) != 0] &= ~np.uint8(_SPLIT)
    return table


def _cuts(text: str, name: str, sep: str | None) -> tuple[np.ndarray, np.ndarray]:
    """The code points of ``text`` and the sorted positions i where the rules of ``name``
    (13a, zh or intl; 13a's steps 1-3 already applied) put a token boundary between two
    non-white-space characters i - 1 and i. See the module docstring for why these are
    exactly the boundaries of the spec's substitutions. ``sep`` (if any) is cut off on
    both sides and blocks every rule.

    Only the characters that carry a rule (R1/zh/\\p{S} characters, P, hyphens, ``sep``) are
    visited; the full-length passes are the encoding, one table lookup and one scan."""
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    n = len(codes)
    table = _table(name)
    if sep is not None:
        table = table.copy()
        table[ord(sep)] = _SPLIT | _BLOCK
    flags = np.take(table, codes)
    marks = np.flatnonzero(flags & (_SPLIT | _P | _DASH))
    mark_flags = flags[marks]
    blocking = _D | _BLOCK  # neighbours that are not "X" for the period rules
    pieces = []

    split = marks[(mark_flags & _SPLIT) != 0]
    pieces += [split, split + 1]

    p_pos = marks[(mark_flags & _P) != 0]
    if len(p_pos):
        follows = p_pos[1:] == p_pos[:-1] + 1  # P right after P: same run
        pieces.append(p_pos[1:][follows])  # inside a run of P: every gap
        starts = p_pos[np.concatenate(([True], ~follows))]
        ends = p_pos[np.concatenate((~follows, [True]))]
        left_x = np.zeros(len(starts), dtype=bool)
        has = starts > 0
        left_x[has] = (flags[starts[has] - 1] & blocking) == 0
        right_x = np.zeros(len(ends), dtype=bool)
        has = ends < n - 1
        right_x[has] = (flags[ends[has] + 1] & blocking) == 0
        odd = ((ends - starts) & 1) == 0
        r2_after = left_x == odd
        after = r2_after | right_x
        before = left_x | (ends > starts) | after
        pieces += [starts[before], ends[after] + 1]

    if name != "intl":  # R4: a hyphen after an ASCII digit gets a space on each side
        dash = marks[(mark_flags & _DASH) != 0]
        dash = dash[dash > 0]
        dash = dash[(flags[dash - 1] & _D) != 0]
        pieces += [dash, dash + 1]

    cuts = np.concatenate(pieces)
    cuts = cuts[(cuts > 0) & (cuts < n)]
    cuts = cuts[((flags[cuts - 1] | flags[cuts]) & _WS) == 0]
    marked = np.zeros(n + 1, dtype=bool)
    marked[cuts] = True
    return codes, np.flatnonzero(marked)


def _spaced(text: str, name: str, sep: str | None) -> str:
    """``text`` with a space inserted at every cut of ``_cuts``: its ``split()`` is the
    tokenizer's output (``sep`` standing alone where it was)."""
    codes, where = _cuts(text, name, sep)
    if len(where) == 0:
        return text
    return np.insert(codes, where, 32).tobytes().decode("utf-32-le", "surrogatepass")


def _unescape_13a(text: str) -> str:
    """13a steps 1-2 (``<skipped>``, ``-`` + newline, newline, entities).

    The spec unescapes only when the line contains ``&``; without ``&`` none of the four
    entity patterns can occur, so testing the joined text instead is the same."""
    text = text.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in text:
        text = text.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return text


def _unpadded_text(lines: list[str], name: str, glue: str) -> str:
    """``lines`` joined by ``glue`` after the steps of tokenizer ``name`` that come before
    its rules, 13a's padding left out (13a: ``_unescape_13a``; zh: ``strip``). ``glue``
    passes through them unchanged: no replacement pattern contains a separator."""
    if name == "13a":
        return _unescape_13a(glue.join(lines))
    if name == "zh":
        return glue.join([line.strip() for line in lines])
    return glue.join(lines)


def _pre_rules(lines: list[str], name: str, sep: str | None) -> str:
    """The joined text the boundary rules of ``name`` work on: lines joined by ``sep``
    (13a: padded and unescaped first; zh: stripped first)."""
    if sep is None and len(lines) != 1:
        raise ValueError("a separator is needed to join several lines")
    glue = "" if sep is None else sep
    if name == "13a":  # the padding is per line: " line1 " sep " line2 " ...
        return " " + _unpadded_text(lines, name, " " + glue + " ") + " "
    return _unpadded_text(lines, name, glue)


def _joined_output(lines: list[str], name: str, sep: str | None) -> str:
    """The tokenizer ``name`` (not ``char``) applied to every line, the outputs joined by
    `` sep `` and white space not collapsed. ``sep`` occurs in no line; it may be None
    when there is a single line."""
    text = _pre_rules(lines, name, sep)
    if name == "none":
        return text if sep is None else text.replace(sep, " " + sep + " ")
    return _spaced(text, name, sep)


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
    """Tokenize ``line`` with the tokenizer called ``name`` (one of ``BLEU_TOKENIZERS``;
    MeCab and SentencePiece are the spec's calls of those libraries, which are the floor)."""
    check_choice(name, BLEU_TOKENIZERS, "tokenizer")
    if name in OUTSIDE_TOKENIZERS:
        return spec_tokenize(line, name)
    return _BY_NAME[name](line)


# --- corpus API --------------------------------------------------------------------------


def _prepared(lines: list[str], lowercase: bool) -> list[str]:
    """BLEU's per-line preprocessing: ``lower()`` (optional) and then ``rstrip()``."""
    if lowercase:
        return [line.lower().rstrip() for line in lines]
    return [line.rstrip() for line in lines]


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


def _ids_of(tokens: list[str]) -> tuple[np.ndarray, dict]:
    """Ids of ``tokens``: each token's id is the position of its first occurrence
    (one C-level pass of ``dict.setdefault``); and the dict {token: id}."""
    vocab: dict[str, int] = {}
    ids = np.fromiter(map(vocab.setdefault, tokens, range(len(tokens))), np.int64, len(tokens))
    return ids, vocab


def _compact(ids: np.ndarray, bound: int) -> tuple[np.ndarray, int]:
    """Renumber ids in ``range(bound)`` densely (order kept); returns (ids, new bound)."""
    present = np.zeros(bound + 1, dtype=bool)
    present[ids] = True
    dense = np.cumsum(present) - 1
    return dense[ids], max(int(dense[-1]) + 1, 1)


def _string_token_ids(lines: list[str], name: str) -> tuple[np.ndarray, np.ndarray, int, dict]:
    """Token ids of prepared lines (equal tokens, equal ids), the number of tokens of
    each line, a bound on the ids and the vocabulary {token: id}."""
    if not lines:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), 1, {}
    sep = _pick_separator("".join(lines)) if len(lines) > 1 else None
    if sep is None:
        # One line, or (pathological) every candidate separator occurs: line by line.
        token_lists = [_joined_output([line], name, None).split() for line in lines]
        tokens = [t for tl in token_lists for t in tl]
        ids, vocab = _ids_of(tokens)
        return ids, np.array([len(tl) for tl in token_lists], np.int64), len(tokens) + 1, vocab
    tokens = _joined_output(lines, name, sep).split()
    ids, vocab = _ids_of(tokens)
    sep_id = vocab.pop(sep)
    is_sep = ids == sep_id
    edges = np.concatenate(([-1], np.flatnonzero(is_sep), [len(ids)]))
    lengths = np.diff(edges) - 1
    return ids[~is_sep], lengths.astype(np.int64), len(tokens) + 1, vocab


#: token_ids mode of the compiled kernel for each tokenizer (``csrc/ngrams.c``).
_KERNEL_MODES = KERNEL_MODES
_check_kernel_flags = check_kernel_flags


def _kernel_table(name: str, texts: list[str]) -> np.ndarray:
    """The flags the kernel needs for the characters of ``texts``: those of ``_table``
    except white space (the kernel tests ``Py_UNICODE_ISSPACE``), and possibly only a
    prefix of the code points (the kernel takes code points past the end as unflagged).

    13a's rules concern ASCII only, zh's end with its last range. For intl, the regular
    expression classes are evaluated on the distinct characters of ``texts`` only (a few
    hundred, where ``_table`` evaluates all 1,114,112 code points): the kernel reads the
    flags of no other character, and for these they are the ``regex`` module's own."""
    if name != "intl":
        return _table_prefix(name)
    present = np.zeros(0x110000, dtype=bool)
    for text in texts:
        present[np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)] = True
    points = np.flatnonzero(present)
    sample = points.astype(np.uint32).tobytes().decode("utf-32-le", "surrogatepass")
    table = np.zeros(0x110000, dtype=np.uint8)
    for pattern, flag in _INTL_CLASSES:
        table[points[_positions(regex.compile(pattern), sample)]] |= flag
    return table


def _kernel_text(lines: list[str], name: str) -> tuple[str | None, str | None]:
    """A separator that occurs in none of ``lines`` (None for a single line) and the text
    the kernel reads: the lines joined by it, with 13a's steps 1-2 applied (the kernel pads
    each line itself, mode 13A) or zh's strip. A candidate is kept when the joined text
    holds it exactly ``len(lines) - 1`` times: one join and one count, no separate search.
    (None, None) when every candidate occurs."""
    if len(lines) == 1:
        return None, _unpadded_text(lines, name, "")
    for code in _SEP_CANDIDATES[:8]:
        text = _unpadded_text(lines, name, chr(code))
        if text.count(chr(code)) == len(lines) - 1:
            return chr(code), text
    sep = _pick_separator("".join(lines))
    return (None, None) if sep is None else (sep, _unpadded_text(lines, name, sep))


#: Lines handed to the kernel one string each (``_plain_lines``) when there are at most
#: this many: beyond, chunks of joined lines read faster than a million small strings.
_PLAIN_LINES_MAX = 100_000


def _plain_lines(lines: list[str], name: str) -> list[str] | None:
    """The kernel's strings when each prepared line can be given as it is (what
    ``_unpadded_text`` makes of one line): the lines themselves, zh's stripped; None for
    13a when some line holds what its steps 1-2 replace (``<skipped>``, a newline, an
    ``&``), which the joined chunks of ``_kernel_text`` handle, and for many lines."""
    if len(lines) > _PLAIN_LINES_MAX:
        return None
    if name == "13a":
        joined = "".join(lines)
        return None if "\n" in joined or "&" in joined or "<skipped>" in joined else lines
    if name == "zh":
        return [line.strip() for line in lines]
    return lines


def _kernel_tokens(lines: list[str], name: str, kernel, spans: bool = False):
    """The token ids of prepared lines by the compiled kernel's ``token_ids``, for
    ``tokenize_corpus``, which reads the token strings back from the spans (``bleu_token_ids``
    takes the kernel's ``line_token_ids`` instead: ``_kernel_line_tokens``). Each line is
    given as it is (``_plain_lines``) or in chunks of whole lines (``native.line_chunks``), each the
    text ``_kernel_text`` builds (as ``_pre_rules`` does, but 13a's padding left to the
    kernel): the kernel computes the boundaries line
    by line with the rules of ``_cuts`` and
    interns the tokens in order of first occurrence, one vocabulary for all chunks.
    Returns ``(ids, lengths, id_bound)``, with ``spans`` also the chunk texts and the
    (chunk, start, end) of every token; None when some chunk has no free separator."""
    _check_kernel_flags(kernel)
    mode = getattr(kernel, _KERNEL_MODES[name])
    texts = _plain_lines(lines, name)
    if texts is not None:  # each line its own string: no join, no separator
        seps = [-1] * len(texts)
        table = _kernel_table(name, ["".join(texts)]) if name in ("13a", "zh", "intl") else b""
    else:
        texts, seps = [], []
        for chunk in native.line_chunks(lines):
            sep, text = _kernel_text(chunk, name)
            if text is None:
                return None  # every candidate separator occurs (pathological): the numpy path
            texts.append(text)
            seps.append(-1 if sep is None else ord(sep))
        table = _kernel_table(name, texts) if name in ("13a", "zh", "intl") else b""
    ids, lengths, bound, where = kernel.token_ids(texts, seps, mode, table, spans)
    out = (np.frombuffer(ids, np.int64), np.frombuffer(lengths, np.int64), max(bound, 1))
    if spans:
        out += (texts, np.frombuffer(where, np.int64).reshape(-1, 3))
    return out


def _kernel_line_tokens(lines: list[str], name: str, kernel):
    """``bleu_token_ids`` of ``lines`` (lowercased already if asked) by the kernel's
    ``line_token_ids``, which takes each line as it is and does the preparation itself
    (``rstrip``; zh's ``strip``; 13a's steps 1-2 on the lines that hold a newline, ``&``
    or ``<``): no Python pass over the text, no joined copy of it."""
    ids, lengths, bound = kernel.line_token_ids(lines, *kernel_line_args(name, lines, kernel))
    return np.frombuffer(ids, np.int64), np.frombuffer(lengths, np.int64), max(bound, 1)


def kernel_line_args(name: str, texts, kernel) -> tuple[int, object, bool]:
    """The arguments ``(mode, table, strip_left)`` of the kernel's per-line tokenizers
    (``line_token_ids``, ``bleu_rows``) for tokenizer ``name``; ``texts`` (str) hold every
    character the lines hold: intl's table is evaluated on those only."""
    _check_kernel_flags(kernel)
    mode = getattr(kernel, _KERNEL_MODES[name])
    if name == "intl":  # the classes of the characters that occur (the table only needs those)
        table = _kernel_table(name, ["".join(texts)])
    else:
        table = _kernel_table(name, []) if name in ("13a", "zh") else b""
    return mode, table, name == "zh"


def bleu_token_ids(lines: list[str], name: str = "13a", lowercase: bool = False):
    """BLEU's tokens of every line as integer ids: ``(ids, lengths, id_bound)``.

    Line ``i``'s tokens are ``ids[start_i : start_i + lengths[i]]`` with ``start`` the
    running sum of ``lengths``; equal tokens have equal ids, different tokens different
    ids, and every id is in ``range(id_bound)``. The tokens are those of
    ``bleuprint.metrics.bleu.spec.bleu_tokens``: optional ``lower()``, ``rstrip()``, tokenizer,
    ``split()``. ``lines`` is not validated here.

    The tokenizers of an outside library (MeCab, SentencePiece) give each distinct
    line's output (``tokenizers_outside.outside_tokenized``), whose tokens are then those
    of the ``none`` tokenizer.

    With the compiled kernel, the lines go to it as they are (``_kernel_line_tokens``: it
    strips them and applies 13a's replacements itself, measured 1.4 times as fast as the
    joined chunks of ``_kernel_tokens`` at 200,000 and at 1,000,000 lines); otherwise numpy's passes.
    """
    if name in OUTSIDE_TOKENIZERS:
        lines, name, lowercase = outside_tokenized(lines, name, lowercase), "none", False
    kernel = native.ngrams
    if kernel is not None:
        return _kernel_line_tokens([line.lower() for line in lines] if lowercase else lines, name, kernel)
    prepared = _prepared(lines, lowercase)
    if name == "char":
        return _char_token_ids(prepared)
    ids, lengths, bound, _ = _string_token_ids(prepared, name)
    ids, bound = _compact(ids, bound)
    return ids, lengths, bound


def tokenize_corpus(lines: list[str], name: str = "13a", lowercase: bool = False) -> list[list[str]]:
    """BLEU's token list of every line (``bleuprint.metrics.bleu.spec.bleu_tokens`` of each),
    computed in a few passes over the joined corpus."""
    if isinstance(lines, str) or not isinstance(lines, (list, tuple)):
        raise TypeError(f"lines must be a list of str, got {type(lines).__name__}")
    lines = [check_text(line, f"lines[{i}]") for i, line in enumerate(lines)]
    check_choice(name, BLEU_TOKENIZERS, "tokenizer")
    if name in OUTSIDE_TOKENIZERS:
        return [line.split() for line in outside_tokenized(lines, name, lowercase)]
    prepared = _prepared(lines, lowercase)
    kernel = native.ngrams
    done = None if kernel is None else _kernel_tokens(prepared, name, kernel, spans=True)
    if done is not None:
        _, lengths, _, texts, where = done
        flat = [texts[c][a:b] for c, a, b in where.tolist()]
        ends = np.cumsum(lengths).tolist()
        return [flat[b - n : b] for n, b in zip(lengths.tolist(), ends)]
    if name == "char":
        return [[ch for ch in line if not ch.isspace()] for line in prepared]
    ids, lengths, bound, vocab = _string_token_ids(prepared, name)
    words = np.empty(bound, dtype=object)
    words[list(vocab.values())] = list(vocab)
    flat = words[ids].tolist()
    out, start = [], 0
    for length in lengths.tolist():
        out.append(flat[start : start + length])
        start += length
    return out
