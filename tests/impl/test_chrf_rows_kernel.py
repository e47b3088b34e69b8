"""The compiled ``chrf_rows`` kernel (``csrc/ngrams.c``) against ``bleuprint.metrics.chrf.spec``.

``chrf_rows`` counts each sentence's n-grams order by order in a table of its own, only at
the positions whose shorter n-gram occurs on both sides, and numbers chrF++'s words per
sentence (a reference word the hypothesis lacks gets an id no hypothesis n-gram has).
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
