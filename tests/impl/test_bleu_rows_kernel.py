"""The compiled ``bleu_rows`` kernel (``csrc/ngrams.c``) against ``bleuprint.metrics.bleu.spec``.

``bleu_rows`` reads each sentence straight off its str objects: BLEU's rstrip (zh: strip)
and 13a's steps 1-2, the cuts of ``line_token_ids``, the hypothesis' tokens numbered in
a small table of the sentence's own (a reference token the hypothesis lacks gets -1), the
clipped n-gram matches counted as ``ngram_matches`` counts them (largest count in one
reference, at most the hypothesis count) and the closest reference length (ties to the
shorter) written into the row. Every row must equal ``spec.bleu_stats`` exactly, for the
five tokenizers, lowercase, orders 1..6 and several references. ``test_bleu_diff`` checks
the route through ``bleu_stats_matrix``, which takes this kernel for corpora whose
hypotheses seldom repeat (``impl._FUSED_MIN_DISTINCT``).
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bleuprint.impl import native
from bleuprint.impl.tokenizers import kernel_line_args
from bleuprint.spec.tokenizers import TOKENIZERS
from bleuprint.strategies import SHARED_WORDS, corpora, sentences

fast = importlib.import_module("bleuprint.metrics.bleu.impl")
spec_bleu = importlib.import_module("bleuprint.metrics.bleu.spec")

pytestmark = pytest.mark.skipif(native.ngrams is None, reason="the compiled kernels are not built")


def kernel_rows(hyps, refs, tokenize, order, a=0, b=None):
    """The rows of ``bleu_rows`` for sentences a..b-1 (None if it refuses the inputs)."""
    b = len(hyps) if b is None else b
    texts = [*hyps, *(r for rs in refs for r in rs)] if tokenize == "intl" else ()
    found = native.ngrams.bleu_rows(hyps, refs, a, b, *kernel_line_args(tokenize, texts, native.ngrams), order)
    return None if found is None else np.frombuffer(found, np.int64).reshape(-1, 2 + 2 * order).tolist()


def spec_rows(hyps, refs, tokenize, order, lowercase=False, a=0, b=None):
    b = len(hyps) if b is None else b
    return [spec_bleu.bleu_stats(hyps[i], refs[i], tokenize, lowercase=lowercase, max_ngram_order=order)
            for i in range(a, b)]


@st.composite
def long_repeats(draw):
    """A sentence whose lines are long runs of a few words (tens to hundreds of tokens, most
    n-grams repeated many times: the clipping, the per-sentence tables' sizes), and
    references that repeat the same words a different number of times."""
    words = draw(st.lists(st.sampled_from(SHARED_WORDS + ("a", "&amp;", "3-4", "x.y", "中文")), min_size=1,
                          max_size=3, unique=True))

    def line():
        times = draw(st.integers(10, 120))
        return " ".join(draw(st.sampled_from(words)) if draw(st.booleans()) else words[k % len(words)]
                        for k in range(times))

    return line(), [line() for _ in range(draw(st.integers(1, 4)))]


@given(corpus=corpora(max_refs=4), tokenize=st.sampled_from(TOKENIZERS), lowercase=st.booleans(),
       order=st.integers(1, 6), data=st.data())
@example(corpus=(["the cat the cat", "a b-\nc &amp; d"], [["the the cat", "cat the cat the"], ["a bc & d", "a"]]),
         tokenize="13a", lowercase=False, order=2, data=None)
@settings(max_examples=150)
def test_rows_equal_the_spec(corpus, tokenize, lowercase, order, data):
    """Every row of a sentence range equals ``spec.bleu_stats``. The example, by hand:
    "the cat the cat" has unigrams the x2, cat x2 and bigrams "the cat" x2, "cat the" x1;
    "the the cat" holds the x2, cat x1, "the cat" x1; "cat the cat the" holds the x2, cat x2,
    "the cat" x1, "cat the" x2: m_1 = min(2, max(2, 2)) + min(2, max(1, 2)) = 4,
    m_2 = min(2, 1) + min(1, max(0, 2)) = 2; c = 4, r = 4 (the reference of length 4 is
    0 away, the other 1), t = [4, 3]: the row [4, 4, 4, 2, 4, 3]."""
    hyps, refs = corpus
    if lowercase:
        hyps = [h.lower() for h in hyps]
        refs = [[r.lower() for r in rs] for rs in refs]
    a, b = 0, len(hyps)
    if data is not None:
        a = data.draw(st.integers(0, len(hyps) - 1))
        b = data.draw(st.integers(a, len(hyps)))
    assert kernel_rows(hyps, refs, tokenize, order, a, b) == spec_rows(hyps, refs, tokenize, order, False, a, b)
    if data is None and tokenize == "13a" and order == 2:
        assert kernel_rows(hyps, refs, tokenize, order, 0, 1) == [[4, 4, 4, 2, 4, 3]]


@given(sentence=long_repeats(), tokenize=st.sampled_from(TOKENIZERS), order=st.integers(1, 6))
@example(sentence=("a a a a a a a a a a", ["a a a", "a a a a a a"]), tokenize="none", order=3)
@settings(max_examples=60)
def test_long_repeated_lines(sentence, tokenize, order):
    """Long lines of repeated words. The example, by hand: ten a's against three and six;
    m_n = min(10 - n + 1, max(3 - n + 1, 6 - n + 1)) = 6, 5, 4; c = 10, r = 6 (closest)."""
    hyp, refs = sentence
    rows = kernel_rows([hyp], [refs], tokenize, order)
    assert rows == spec_rows([hyp], [refs], tokenize, order)
    if sentence == ("a a a a a a a a a a", ["a a a", "a a a a a a"]):
        assert rows == [[10, 6, 6, 5, 4, 10, 9, 8]]


def test_closest_length_ties_go_to_the_shorter():
    """Hypothesis of 3 tokens, references of 2 and 4: both 1 away, r = 2 (the shorter),
    whichever comes first; m_1 = 3 ("a b c" against "a b c d")."""
    assert kernel_rows(["a b c"], [["a b c d", "a b"]], "13a", 1) == [[3, 2, 3, 3]]
    assert kernel_rows(["a b c"], [["a b", "a b c d"]], "13a", 1) == [[3, 2, 3, 3]]


def test_long_tokens():
    """Tokens of more than 8 characters are keyed by a hash (and compared in full on equal
    hashes): a reference token of the same length and a different text does not match
    (m_1 = 1, the shared "x" only), the same long token does (m_1 = 2)."""
    assert kernel_rows(["abcdefghijk x"], [["abcdefghijz x"]], "none", 1) == [[2, 2, 1, 2]]
    assert kernel_rows(["abcdefghijk x"], [["x abcdefghijk"]], "none", 2) == [[2, 2, 2, 0, 2, 1]]


def test_prepared_hypothesis_outlives_the_references():
    """13a's steps copy a line that holds an entity; the hypothesis' copy must survive the
    references' copies, since its long tokens are compared with them. "abcdefghijk &amp;"
    becomes "abcdefghijk &": tokens abcdefghijk and &, both in the reference
    "x &amp; abcdefghijk" (tokens x, &, abcdefghijk): m_1 = 2, c = 2, r = 3."""
    assert kernel_rows(["abcdefghijk &amp;"], [["x &amp; abcdefghijk"]], "13a", 1) == [[2, 3, 2, 2]]


@pytest.mark.parametrize("hyps, refs", [
    (["a", 3], [["a"], ["b"]]),          # a hypothesis that is not a str
    (["a"], [[]]),                       # no reference
    (["a"], [["a", b"b"]]),              # a reference that is not a str
    (["a"], ["a"]),                      # references not in a list
])
def test_refuses_what_is_not_plain(hyps, refs):
    """None (the caller takes the checked route, which raises the spec's errors)."""
    assert kernel_rows(hyps, refs, "13a", 4) is None


def test_tuple_references_are_plain():
    """A tuple of references counts as a list (``_check_corpus`` accepts both)."""
    assert kernel_rows(["a b"], [("a b", "b")], "13a", 2) == spec_rows(["a b"], [["a b", "b"]], "13a", 2)


def test_route_choice(monkeypatch):
    """``bleu_stats_matrix`` takes the kernel when few hypotheses repeat, the checked route
    otherwise, and both give the spec's rows (a corpus of 10 sentences with 5 distinct
    hypotheses: 50% < 90%)."""
    hyps = ["a b", "b a", "a a", "c", ""] * 2
    refs = [["a b a"], ["b"]] * 5
    assert fast._fused_rows(hyps, refs, "13a", False, 4) is None
    assert fast._fused_rows(hyps[:5], refs[:5], "13a", False, 4) is not None
    expected = spec_rows(hyps, refs, "13a", 4)
    assert fast.bleu_stats_matrix(hyps, refs).tolist() == expected
    monkeypatch.setattr(fast, "_FUSED_MIN_DISTINCT", 0)
    assert fast._fused_rows(hyps, refs, "13a", False, 4) is not None
    assert fast.bleu_stats_matrix(hyps, refs).tolist() == expected


@pytest.mark.parametrize("tokenize", TOKENIZERS)
def test_matrix_in_parts_on_threads(monkeypatch, tokenize):
    """Through ``bleu_stats_matrix`` (lowercase, 3 threads, parts of one sentence up): the
    parts' rows, one after another, are the spec's rows."""
    monkeypatch.setattr(native, "THREADS", 3)
    monkeypatch.setattr(native, "SPLIT_MIN_SENTENCES", 1)
    hyps = ["The Cat sat.", "Ein Haus-3 &amp; 中文字", "x" * 40, "", "a-1 b,c d.e"]
    refs = [["the cat sat ."], ["ein haus - 3 & 中文"], ["x" * 40, "x"], ["a"], ["A-1 b , c", "d.e"]]
    rows = fast._fused_rows(hyps, refs, tokenize, True, 3)
    assert rows is not None
    assert rows.tolist() == spec_rows(hyps, refs, tokenize, 3, lowercase=True)
    assert fast.bleu_stats_matrix(hyps, refs, tokenize, lowercase=True, max_ngram_order=3).tolist() == rows.tolist()


def test_bad_options_raise_the_checked_routes_errors():
    """Options the kernel does not take leave the errors to the checked route."""
    with pytest.raises(ValueError, match="tokenizer"):
        fast.bleu_stats_matrix(["a"], [["a"]], "13b")
    with pytest.raises((TypeError, ValueError), match="max_ngram_order"):
        fast.bleu_stats_matrix(["a"], [["a"]], max_ngram_order=0)
