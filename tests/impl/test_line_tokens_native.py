"""Differential tests of the kernel's ``line_token_ids`` (``csrc/ngrams.c``) against
``bleuprint.metrics.bleu.spec.bleu_tokens``, and of ``line_index`` on corpora long enough
for its look-ahead (issue #16).

``line_token_ids`` takes BLEU's lines as they are and does their preparation itself:
``rstrip`` (zh: ``strip``), 13a's steps 1-2 on the lines that hold a newline, ``&`` or
``<`` (copied into a buffer of code points first), then one pass that cuts the tokens and
interns them in batches. The traps: the preparation (white space beyond ASCII at the
ends, entities that only appear after an earlier replacement), the same token in strings
of different widths (one of kind 1, one of kind 2 or 4: the interner must key both alike,
also for tokens too long to pack into a slot), and a vocabulary large enough to grow the
table and the arena. Expected tokens always come from the spec.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bleuprint.impl import native
from bleuprint.impl import tokenizers as impl
from bleuprint.metrics.bleu import impl as bleu
from bleuprint.metrics.bleu.spec import bleu_tokens
from bleuprint.spec.tokenizers import TOKENIZERS
from bleuprint.strategies import corpora, sentences

pytestmark = pytest.mark.skipif(native.ngrams is None, reason="the compiled kernels are not built")

_PIECES = (
    "&amp;", "&amp;amp;", "&amp;quot;", "&lt;", "&gt;", "&quot;", "&", "<", "<skipped>", "<skip<skipped>ped>",
    "-<skipped>\n", "-\n", "\n", "\n\n", "a-\n\nb", " ", "\t", "\x85", "\xa0", "\u2001", "\u3000", "3.14", "1,000",
    "10-12", "...", "e.g.", "1999.", ".5", "-", "\u4e2d", "\u00e9t\u00e9", "\U0001F600", "\ue000",
    "abcdefghijkl", "\u00e4\u00f6\u00fc\u00df\u00e4\u00f6\u00fc\u00df\u00e4", "x",
)
_lines = st.one_of(
    sentences(),
    st.lists(st.sampled_from(_PIECES), max_size=10).map("".join),
    st.text(max_size=16),
)


def _kernel_ids(lines: list[str], name: str):
    """``line_token_ids`` as ``impl.tokenizers`` calls it, the results as int64 arrays."""
    k = native.ngrams
    mode = getattr(k, impl._KERNEL_MODES[name])
    table = impl._kernel_table(name, ["".join(lines)]) if name in ("13a", "zh", "intl") else b""
    ids, lengths, bound = k.line_token_ids(lines, mode, table, name == "zh")
    return np.frombuffer(ids, np.int64), np.frombuffer(lengths, np.int64), bound


def _assert_same_partition(lines: list[str], name: str, ids, lengths, bound) -> None:
    """Token counts are the spec's, and ids are equal exactly where the spec's tokens are
    (char: the ids are the code points themselves)."""
    expected = [bleu_tokens(line, name) for line in lines]
    assert lengths.tolist() == [len(tokens) for tokens in expected]
    flat = [token for tokens in expected for token in tokens]
    assert len(ids) == len(flat)
    assert ids.min(initial=0) >= 0 and ids.max(initial=-1) < bound
    if name == "char":
        assert ids.tolist() == [ord(token) for token in flat]
        return
    first_id: dict[str, int] = {}
    for token, i in zip(flat, ids.tolist()):
        assert first_id.setdefault(token, i) == i, token
    assert len(set(first_id.values())) == len(first_id)
    assert sorted(first_id.values()) == list(range(len(first_id)))  # dense, in order of first occurrence


@pytest.mark.parametrize("name", TOKENIZERS)
@given(lines=st.lists(_lines, max_size=8))
@example(lines=["&amp;quot; &amp;amp;lt; <skip<skipped>ped>", "end-\n", "a-<skipped>\nb \u2001"])
@example(lines=[" \u2001 lead and trail\u3000\x85 ", "\u2001", ""])
@example(lines=["Tom &amp;", "a<skipped>", "x &gt;", "&lt;"])  # a pattern that ends the line
@example(lines=["abcdefghijkl x", "abcdefghijkl \u4e2d", "abcdefghijkl \U0001F600"])  # one token, three widths
@example(lines=["\u00e4\u00f6\u00fc\u00df\u00e4\u00f6\u00fc\u00df\u00e4 .", "\u00e4\u00f6\u00fc\u00df\u00e4\u00f6\u00fc\u00df\u00e4 \u4e2d"])
@example(lines=["0\u20010", "1-2 a.b, (x) 3..4 .5, 7. 3...4 5.....6"])  # wide white space among flagged characters
def test_line_token_ids_equal_spec_tokens(name, lines):
    """Every tokenizer: the kernel's ids and counts partition the spec's BLEU tokens."""
    _assert_same_partition(lines, name, *_kernel_ids(lines, name))


@pytest.mark.parametrize("name", ["13a", "none", "intl"])
def test_a_vocabulary_that_grows_the_table_and_the_arena(name):
    """20,000 distinct tokens of 12 characters (hashed, not packed; 240,000 characters,
    more than the arena's first 64 KB), each used three times in shuffled lines, some of
    them in strings of kind 2: ids equal exactly where the tokens are."""
    rng = np.random.default_rng(7)
    words = [f"w{i:011d}" for i in range(20000)]
    order = rng.permutation(np.repeat(np.arange(len(words)), 3)).tolist()
    lines = [" ".join(words[j] for j in order[a : a + 20]) for a in range(0, len(order), 20)]
    lines[::7] = [line + " \u4e2d" for line in lines[::7]]
    ids, lengths, bound = _kernel_ids(lines, name)
    _assert_same_partition(lines, name, ids, lengths, bound)
    assert bound == len(words) + 1  # and the one Chinese character


def test_refuses_what_is_not_a_list_of_str():
    k = native.ngrams
    table = impl._kernel_table("13a", [])
    with pytest.raises(TypeError):
        k.line_token_ids(("a b",), k.MODE_13A, table, False)
    with pytest.raises(TypeError, match="lines must hold str"):
        k.line_token_ids(["a b", b"c"], k.MODE_13A, table, False)
    with pytest.raises(ValueError, match="mode"):
        k.line_token_ids(["a b"], 9, table, False)
    with pytest.raises(ValueError, match="flag table"):
        k.line_token_ids(["a b"], k.MODE_RULES, b"\0" * 10, False)


@settings(max_examples=25)
@given(corpus=corpora(min_size=10, max_size=16, max_refs=2))
def test_line_index_with_look_ahead_equals_the_python_index(corpus):
    """``line_index`` fetches the slots of the lines eight sentences ahead; on corpora
    longer than that (repeated sentences and shared lines added), its distinct lines, ids
    and counts are still those of ``bleuprint.metrics.bleu.impl._line_index``."""
    hyps, refs = corpus
    hyps, refs = hyps + hyps[::3], refs + [tuple(r) for r in refs[::3]]
    lines, ids, counts = native.ngrams.line_index(hyps, refs)
    want_lines, want_ids, want_counts = bleu._line_index(hyps, refs)
    assert lines == want_lines
    assert np.frombuffer(ids, np.int64).tolist() == want_ids.tolist()
    assert np.frombuffer(counts, np.int64).tolist() == want_counts.tolist()
