"""The compiled ``chrf_rows`` kernel (``csrc/ngrams.c``) against ``bleuprint.metrics.chrf.spec``.

``chrf_rows`` numbers each sentence's characters (and chrF++'s words) as bytes, a
reference unit the hypothesis lacks getting a byte no hypothesis unit has, and counts all
orders up to 6 in one radix-sorted array of 6-byte keys; with more than 254 distinct units
in the hypothesis, or orders past 6, it counts order by order in a table of the sentence's
own, only at the positions whose shorter n-gram occurs on both sides.
Its rows are one per reference, so the test compares them with ``spec.chrf_stats`` of the
hypothesis against that single reference: every reference's row is checked, not only the
best one's. The route through ``chrf_stats_matrix`` is checked by ``test_chrf_diff``
(whose kernel paths now take ``chrf_rows``); the older ``chrf_units`` + ``ngram_matches``
route (``_ROWS_KERNEL = False``) is checked here against the spec too.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bleuprint import spec
from bleuprint.impl import native
from bleuprint.strategies import chrf_options, corpora

fast = importlib.import_module("bleuprint.metrics.chrf.impl")
spec_chrf = importlib.import_module("bleuprint.metrics.chrf.spec")

pytestmark = pytest.mark.skipif(native.ngrams is None, reason="the compiled kernels are not built")

PUNCT = "".join(sorted(spec_chrf.ASCII_PUNCTUATION))


def kernel_rows(hyps, refs, n, word_order, whitespace, a=0, b=None):
    b = len(hyps) if b is None else b
    found = native.ngrams.chrf_rows(hyps, refs, a, b, n, word_order, whitespace, PUNCT)
    return np.frombuffer(found, np.int64).reshape(-1, 3 * (n + word_order)).tolist()


def spec_rows(hyps, refs, n, word_order, whitespace, a=0, b=None):
    b = len(hyps) if b is None else b
    return [spec.chrf_stats(hyps[i], [ref], n, word_order=word_order, whitespace=whitespace)
            for i in range(a, b) for ref in refs[i]]


@given(corpus=corpora(), options=chrf_options(max_n=7, max_word_order=3), data=st.data())
@example(corpus=(["aaaa b", "abab"], [["aa", "aaaaaa b b"], ["babab", "ab", ""]]),
         options={"n": 3, "word_order": 2, "whitespace": False}, data=None)
@settings(max_examples=150)
def test_every_reference_row_equals_the_spec(corpus, options, data):
    """Each reference's [hyp, ref, matches] per order, for a sentence range of the corpus.
    The example: "aaaa" against "aa" clips the unigram matches at 2 and the bigram matches
    at 1 (hand count: hyp "aa" x3, ref "aa" x1); against "aaaaaa b b" the hypothesis count
    (4 a's) clips; "abab" against "" has no reference n-gram, so all its counts are 0."""
    hyps, refs = corpus
    n, word_order, whitespace = options["n"], options["word_order"], options["whitespace"]
    if options.get("lowercase"):
        hyps = [h.lower() for h in hyps]
        refs = [[r.lower() for r in rs] for rs in refs]
    a, b = 0, len(hyps)
    if data is not None:
        a = data.draw(st.integers(0, len(hyps)))
        b = data.draw(st.integers(a, len(hyps)))
    assert kernel_rows(hyps, refs, n, word_order, whitespace, a, b) == spec_rows(hyps, refs, n, word_order,
                                                                                whitespace, a, b)


def test_long_repetitive_lines_and_many_distinct_characters():
    """Lines longer than any small table, with long repeats (many equal n-grams of every
    order, so the clipping and the prefix chains are exercised at length), astral and
    CJK characters, white space kept and dropped."""
    rng = np.random.default_rng(5)
    alphabet = list("ab ") + [chr(0x4E00 + i) for i in range(300)] + ["\U0001F600", "\u3000", "."]
    hyps, refs = [], []
    for size in (1, 7, 64, 300, 2000):
        for letters in (2, 3, len(alphabet)):
            hyps.append("".join(rng.choice(alphabet[:letters], size)))
            refs.append(["".join(rng.choice(alphabet[:letters], size + 3)), hyps[-1][::-1], hyps[-1] * 2])
    for whitespace in (False, True):
        for n, word_order in ((6, 0), (6, 2), (0, 3), (9, 1)):
            assert kernel_rows(hyps, refs, n, word_order, whitespace) == spec_rows(hyps, refs, n, word_order,
                                                                                  whitespace)


def test_past_254_distinct_hypothesis_characters_the_table_route_counts():
    """The sorted-keys route numbers a hypothesis' distinct characters as the bytes 1..254
    (255 is every reference character the hypothesis lacks); a hypothesis with more
    takes the hash-table route, and a sentence after it is numbered afresh. Around the
    bound (253..256 distinct, characters below and above U+0100, and many code points in
    the map of the large ones, so its probes collide), with references that share part
    of the alphabet, repeat it, and add characters of their own."""
    rng = np.random.default_rng(11)
    alphabet = [chr(0x21 + i) for i in range(94)] + [chr(0xC0 + i) for i in range(64)]
    alphabet += [chr(0x4E00 + 37 * i) for i in range(150)] + ["\U0001F600", "\U00020000"]
    hyps, refs = [], []
    for distinct in (253, 254, 255, 256, 300, 5):
        letters = list(rng.choice(alphabet, distinct, replace=False))
        hyp = "".join(letters) + "".join(rng.choice(letters, 40))
        hyps.append(hyp)
        refs.append([hyp[::-1], "".join(rng.choice(letters[: distinct // 2] + alphabet[-40:], 200)),
                     hyp[100:] + hyp[:50] + "\u0100\u0101 \uffff", ""])
    assert len(set(hyps[1])) == 254 and len(set(hyps[2])) == 255
    for whitespace in (False, True):
        for n, word_order in ((6, 0), (6, 2), (3, 0), (1, 1)):
            assert kernel_rows(hyps, refs, n, word_order, whitespace) == spec_rows(hyps, refs, n, word_order,
                                                                                  whitespace)


def test_lines_longer_than_six_with_repeated_ngrams():
    """Periodic lines (periods 1..8, so every order has n-grams repeated on both sides,
    runs of equal keys longer than one, and k-grams of one line equal to the other's only
    up to some order) and lines that agree up to a cut (the keys there are cut short by
    the line end: a k-gram cut short must not equal a full one). Hand count of the first
    pair, "aaaaaaaa" against "aaaaa": order k has 9 - k and 6 - k k-grams, all equal, so
    6 - k matches for k <= 5; at k = 6 the reference has none, and then the hypothesis
    count is 0 too (spec.chrf.order_stats)."""
    hyps, refs = ["aaaaaaaa"], [["aaaaa"]]
    for period in range(1, 9):
        unit = "abcdefgh"[:period]
        for size in (7, 13, 40):
            hyps.append((unit * size)[:size])
            refs.append([(unit * 9)[: size + period], (unit[::-1] * 9)[:size], unit * 2 + "x" + unit,
                         (unit * size)[: size - 1]])
    hyps += ["abcdefghij", "xyzabc", "ab ab ab ab"]
    refs += [["abcdefg", "bcdefghij", "abcdefghijabcdefghij"], ["abc", "xyza"], ["abab", "b a b a b a"]]
    assert kernel_rows(hyps[:1], refs[:1], 6, 0, False) == [[8, 5, 5, 7, 4, 4, 6, 3, 3, 5, 2, 2, 4, 1, 1, 0, 0, 0]]
    for whitespace in (False, True):
        for n, word_order in ((6, 0), (4, 2), (2, 0), (5, 6), (7, 0)):
            assert kernel_rows(hyps, refs, n, word_order, whitespace) == spec_rows(hyps, refs, n, word_order,
                                                                                  whitespace)


@given(hyp=st.text("abc \u00e9\u4e00\U0001F600", max_size=40), ref=st.text("abcd \u00e9\u4e01\U0001F600", max_size=40),
       n=st.integers(1, 7), word_order=st.integers(0, 3), whitespace=st.booleans())
@settings(max_examples=150)
def test_long_lines_over_small_alphabets_equal_the_spec(hyp, ref, n, word_order, whitespace):
    """Lines of up to 40 characters over 6 (the reference: 7) letters, so n-grams of every
    order repeat; letters below U+0100, above it and astral; the reference with letters of
    its own."""
    assert kernel_rows([hyp], [[ref, hyp]], n, word_order, whitespace) == spec_rows([hyp], [[ref, hyp]], n,
                                                                                  word_order, whitespace)


def test_inputs_that_are_not_plain_lists_of_str_give_none():
    """The kernel reads plain lists of str only and says so with None (the caller then
    takes its checked route); the statistics matrix still equals the spec's."""
    assert native.ngrams.chrf_rows(["a"], [("a",)], 0, 1, 6, 0, False, PUNCT) is None
    assert native.ngrams.chrf_rows(["a"], [[]], 0, 1, 6, 0, False, PUNCT) is None
    assert native.ngrams.chrf_rows(["a"], [[b"a"]], 0, 1, 6, 0, False, PUNCT) is None

    class Text(str):
        pass

    assert native.ngrams.chrf_rows([Text("a")], [["a"]], 0, 1, 6, 0, False, PUNCT) is None
    got = fast.chrf_stats_matrix([Text("a b")], [("a b", "b")], word_order=2).tolist()
    assert got == [spec.chrf_stats("a b", ["a b", "b"], word_order=2)]
    with pytest.raises(ValueError):
        native.ngrams.chrf_rows(["a"], [["a"]], 0, 2, 6, 0, False, PUNCT)


@pytest.mark.parametrize("rows_kernel", (True, False))
@given(corpus=corpora(), options=chrf_options(max_n=7, max_word_order=3))
@settings(max_examples=40)
def test_both_kernel_routes_of_the_matrix_equal_the_spec(rows_kernel, corpus, options):
    """``chrf_stats_matrix`` by ``chrf_rows`` and by the older ``chrf_units`` +
    ``ngram_matches`` route, with the sentences split over threads in parts of one."""
    hyps, refs = corpus
    saved = fast._ROWS_KERNEL, native.THREADS, native.SPLIT_MIN_SENTENCES
    fast._ROWS_KERNEL, native.THREADS, native.SPLIT_MIN_SENTENCES = rows_kernel, 3, 1
    try:
        got = fast.chrf_stats_matrix(hyps, refs, **options).tolist()
    finally:
        fast._ROWS_KERNEL, native.THREADS, native.SPLIT_MIN_SENTENCES = saved
    assert got == [spec.chrf_stats(h, r, **options) for h, r in zip(hyps, refs)]
