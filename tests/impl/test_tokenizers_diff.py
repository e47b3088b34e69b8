"""Differential tests: bleuprint.impl.tokenizers against bleuprint.spec.tokenizers.

Expected values come from the spec (itself checked against sacreBLEU 2.5.1 in
tests/spec and tests/oracles). Outputs are strings or token lists and must be equal.

The corpus tokenizers join lines with a private-use separator and run each rule once over
the joined text; the traps of that design get their own examples: line breaks and other
Python white space (13a's ``-\\n`` rule is per line), ``&`` entities and ``<skipped>``
next to line ends, punctuation at line starts and ends (the rules look at neighbours), the
separator character itself inside a line, and upper case letters whose lowercase differs
in length.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.impl import tokenizers as impl
from bleuprint.spec import tokenizers as spec
from bleuprint.metrics.bleu.spec import bleu_tokens
from bleuprint.strategies import sentences

#: Every test runs with the compiled kernels and with numpy only (tests/impl/conftest.py).
pytestmark = pytest.mark.usefixtures("kernels")

# Lines made of the characters the rules care about, glued in any order.
_HARD_CHARS = (
    " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u2000\u200a\u200b\u2028\u2029\u202f\u3000"
    ".,-'\"&;<>!?/$%@:()[]{}~`^_|\\+=*#0123456789aZ\u00e9\u0130\u03a3\u00df"
    "\u4e2d\u2010\u2192\u2001\u2a6d\u2a6e\u2f81\u2fa1\uff0c\u3002\u201c\u2014\u00bf"
    "\ue000\ue001\x00\x01\x7f\U00020000\U0001F600\u0660\u00b2"
)
_PIECES = (
    "&amp;", "&lt;", "&gt;", "&quot;", "&amp;lt;", "<skipped>", "-\n", "\n-", "3.14", "1,000",
    "10-12", "...", "e.g.", "1999.", ".5", "\u2028\n", "ΑΣ", "ΑΣ.", "3...4", "1.,.2", "7..", "0-",
)
hard_lines = st.lists(
    st.one_of(st.sampled_from(_HARD_CHARS), st.sampled_from(_PIECES)), max_size=12
).map("".join)
any_lines = st.one_of(sentences(), hard_lines, st.text(max_size=12))

_TRAP_LINES = [
    "",
    " ",
    "foo-\nbar",
    "foo-",
    "\nbar",
    "x\ry\x1cz\x1d\x1e\x1fw\x85v\xa0u\u2028t\u2029s",
    "&amp;lt; &quot;x&quot; a&b &AMP;",
    "<skip<skipped>ped> <skipped>",
    ".,start",
    "end,.",
    "3.14, e.g. 1,000-2,000.",
    "1999.",
    "\ue000 separator \ue001",
    "\u4e2d\u6587\u3002end.",
    "  leading and trailing  ",
    "\u0130STANBUL \u03a3\u039f\u03a3",
]


@pytest.mark.parametrize("name", spec.TOKENIZERS)
@given(line=any_lines)
@example(line="foo-\nbar")
@example(line=".x")
@example(line="a.\u2028.b")
@example(line="\ue000.")
@example(line="3...4")  # a run of three periods between digits: "3 . . .4"
@example(line="1.,.2 7.. 2-")
def test_each_tokenizer_equals_spec_per_line(name, line):
    """impl.tokenize(line, name) == spec.tokenize(line, name), and the named function too."""
    assert impl.tokenize(line, name) == spec.tokenize(line, name)
    assert getattr(impl, f"tokenize_{name}")(line) == getattr(spec, f"tokenize_{name}")(line)


@pytest.mark.parametrize("name", spec.TOKENIZERS)
@given(lines=st.lists(any_lines, max_size=8), lowercase=st.booleans())
@example(lines=["end-", "\nstart"], lowercase=False)
@example(lines=["a.", ".b", "1", ".5"], lowercase=False)
@example(lines=["x\ue000y", "\ue000", "\ue001."], lowercase=True)
@example(lines=["\x00.", "\x01", "-\x7f1"], lowercase=False)  # the first candidates taken
@example(lines=["ΑΣ", "Α"], lowercase=True)
@example(lines=["-x", "1"], lowercase=False)  # zh: hyphen first in the corpus, digit last
def test_corpus_tokens_equal_spec_bleu_tokens(name, lines, lowercase):
    """tokenize_corpus gives, for every line, the spec's BLEU tokens (lower, rstrip,
    tokenizer, split); bleu_token_ids gives ids equal exactly where the tokens are equal."""
    expected = [bleu_tokens(line, name, lowercase) for line in lines]
    assert impl.tokenize_corpus(lines, name, lowercase) == expected
    ids, lengths, bound = impl.bleu_token_ids(lines, name, lowercase)
    assert lengths.tolist() == [len(tokens) for tokens in expected]
    flat = [token for tokens in expected for token in tokens]
    assert len(ids) == len(flat)
    assert ids.min(initial=0) >= 0 and ids.max(initial=0) < bound
    first_id = {}
    for token, i in zip(flat, ids.tolist()):
        assert first_id.setdefault(token, i) == i
    assert len(set(first_id.values())) == len(first_id)


@pytest.mark.parametrize("name", spec.TOKENIZERS)
def test_trap_lines_as_one_corpus(name):
    """All the trap lines of the module docstring in one corpus, with and without
    lowercasing, so that each sits next to each other at least once."""
    lines = _TRAP_LINES + _TRAP_LINES[::-1]
    for lowercase in (False, True):
        expected = [bleu_tokens(line, name, lowercase) for line in lines]
        assert impl.tokenize_corpus(lines, name, lowercase) == expected


@pytest.mark.parametrize("name", spec.TOKENIZERS)
def test_every_separator_taken(name):
    """When one line holds every candidate separator (ASCII controls, the private-use
    area) none is free: the line-by-line fallback must still give the spec's tokens."""
    crowded = "".join(chr(c) for c in impl._SEP_CANDIDATES) + " a.b, 3.14 \u4e2d!"
    lines = [crowded, "x.", ".y", "1-2"]
    expected = [bleu_tokens(line, name) for line in lines]
    assert impl.tokenize_corpus(lines, name) == expected
    assert impl.bleu_token_ids(lines, name)[1].tolist() == [len(t) for t in expected]


def test_zh_class_equals_spec_on_every_code_point():
    """The zh table's "space on each side" class is R1 plus spec.is_chinese_char
    (sacreBLEU's malformed ranges, compared as strings), on all 0x110000 code points,
    except white space (left out on purpose: a cut next to white space changes nothing);
    and R1 is exactly the ASCII characters the spec's R1 pattern matches, minus space."""
    zh = impl._table("zh")
    plain = impl._table("13a")
    impl_hits = set(np.flatnonzero((zh & impl._SPLIT) & ~(plain & impl._SPLIT)).tolist())
    spec_hits = {c for c in range(0x110000) if spec.is_chinese_char(chr(c)) and not chr(c).isspace()}
    assert impl_hits == spec_hits
    assert 0x2010 in impl_hits and 0x2001 not in impl_hits  # U+2001 is white space
    assert 0x2000 not in impl_hits and 0x20000 not in impl_hits
    r1 = spec._MTEVAL_RULES[0][0]
    expected_r1 = {c for c in range(128) if r1.fullmatch(chr(c)) and c != 0x20}
    assert set(np.flatnonzero(plain & impl._SPLIT).tolist()) == expected_r1


def test_intl_classes_equal_regex_on_every_code_point():
    """The intl table's classes are the regex module's \\p{P}, \\p{N}, \\p{S}, tested
    one code point at a time (the table is built by scanning all code points at once):
    every BMP code point and every 7th astral one."""
    import regex

    table = impl._table("intl")
    classes = {impl._P: regex.compile(r"\p{P}"), impl._D: regex.compile(r"\p{N}"), impl._SPLIT: regex.compile(r"\p{S}")}
    # Every BMP code point, and every 7th astral one (the builder is a single scan).
    for code in [*range(0x10000), *range(0x10000, 0x110000, 7)]:
        ch = chr(code)
        for flag, pattern in classes.items():
            assert bool(table[code] & flag) == bool(pattern.match(ch)), (hex(code), flag)


def test_space_table_equals_str_isspace():
    """The white-space table of the char tokenizer covers every code point for which
    str.isspace() is true (all are below U+3001)."""
    spaces = [c for c in range(0x110000) if chr(c).isspace()]
    assert max(spaces) < len(impl._SPACE_TABLE)
    assert np.flatnonzero(impl._SPACE_TABLE).tolist() == spaces


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.tokenize(None),
        lambda m: m.tokenize(b"bytes"),
        lambda m: m.tokenize("x", "bogus"),
        lambda m: m.tokenize("x", None),
        lambda m: m.tokenize_13a(3),
        lambda m: m.tokenize_none(3),
        lambda m: m.tokenize_intl(["x"]),
        lambda m: m.tokenize_zh(None),
        lambda m: m.tokenize_char(1.0),
    ],
)
def test_errors_alike(call):
    """Bad arguments raise the same exception type in impl and spec."""
    with pytest.raises((TypeError, ValueError)) as expected:
        call(spec)
    with pytest.raises(expected.type):
        call(impl)


def test_tokenize_corpus_refuses_bad_input():
    with pytest.raises(TypeError):
        impl.tokenize_corpus("a line", "13a")
    with pytest.raises(TypeError):
        impl.tokenize_corpus(["ok", 3], "13a")
    with pytest.raises(ValueError):
        impl.tokenize_corpus(["ok"], "13b")
