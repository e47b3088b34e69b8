"""impl's lesson metrics equal the spec's (Hypothesis differential tests; exact equality:
impl ends in the spec's own floating-point functions). Examples per test: the project's
profile (tests/conftest.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, strategies as st

from bleuprint.core import get_metric
from bleuprint.impl import native
from bleuprint.metrics.lesson import impl, spec as L

PIECES = st.sampled_from(["the", "The", "cat", "a", "b", "a b", "Café", "café", "東京", "x_y", "it's", "...",
                          "", " ", "\t", "\n", "1,000", "Ångström", "the the", "ß", "İ", "ΟΔΟΣ", "ΣΑ", "a\x00b"])
TEXT = st.lists(PIECES, max_size=12).map(" ".join) | st.text(max_size=10)
CORPUS = st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(TEXT, min_size=n, max_size=n), st.lists(st.lists(TEXT, max_size=3), min_size=n, max_size=n)))


@given(CORPUS)
def test_impl_scores_equal_spec(corpus):
    hyps, refs = corpus
    for name in L.METRIC_NAMES:
        expected = [L.score(name, h, r) for h, r in zip(hyps, refs)]
        assert impl.lesson_values(name, hyps, refs) == expected
        assert impl.lesson_corpus_mean(name, hyps, refs) == L.corpus_mean(name, hyps, refs)


@given(CORPUS)
def test_impl_pooled_bleu_equals_spec(corpus):
    hyps, refs = corpus
    refs = [r or [""] for r in refs]
    rows = [L.corpus_bleu_row(h, r) for h, r in zip(hyps, refs)]
    assert impl.corpus_bleu_matrix(hyps, refs).tolist() == rows
    assert get_metric("lesson_corpus_bleu").stats_matrix(hyps, refs).tolist() == rows
    assert impl.lesson_corpus_bleu(hyps, refs) == L.corpus_bleu(hyps, refs)


@given(CORPUS)
def test_without_the_kernel_too(corpus):
    """The pure-Python route (no compiled kernel: findall tokens, the spec's n-gram counts,
    the bit-parallel LCS) gives the same values and rows."""
    hyps, refs = corpus
    saved = native.ngrams, native.lesson
    native.ngrams = native.lesson = None
    try:
        for name in ("bleu_4", "rouge_l", "f1"):
            assert impl.lesson_values(name, hyps, refs) == [L.score(name, h, r) for h, r in zip(hyps, refs)]
        full = [r or ["x"] for r in refs]
        assert impl.corpus_bleu_matrix(hyps, full).tolist() == [L.corpus_bleu_row(h, r) for h, r in zip(hyps, full)]
    finally:
        native.ngrams, native.lesson = saved


def test_lesson_kernel_is_built():
    """The family's kernel (csrc/lesson.c) builds with the others (python setup.py build_ext)."""
    assert native.lesson is not None, "bleuprint.impl._lesson did not build or import"


def test_lcs_on_long_lines():
    """Lines of 150 tokens (more than one machine word of bits for the bit-parallel route),
    with and without the kernel, against the table."""
    import random

    rng = random.Random(17)
    pairs = [(" ".join(rng.choice("abcde") for _ in range(150)),
              " ".join(rng.choice("abcdef") for _ in range(rng.randint(1, 200)))) for _ in range(10)]
    expected = [L.rouge_l(a, b) for a, b in pairs]
    hyps, refs = [a for a, _ in pairs], [[b] for _, b in pairs]
    assert impl.lesson_values("rouge_l", hyps, refs) == expected
    saved, native.lesson = native.lesson, None
    try:
        assert impl.lesson_values("rouge_l", hyps, refs) == expected
    finally:
        native.lesson = saved


def test_metric_matrices_are_the_spec_rows():
    hyps, refs = ["Paris.", "the the cat", ""], [["Paris"], ["the cat", "cat"], []]
    for name in ("lesson_exact_match", "lesson_f1", "lesson_bleu4", "lesson_rouge_l", "lesson_accuracy"):
        metric = get_metric(name)
        rows = [metric.segment_stats(h, r) for h, r in zip(hyps, refs)]
        assert np.array_equal(metric.stats_matrix(hyps, refs), np.array(rows))


def _general_route(function, *args):
    """``function(*args)`` with the kernel's one-pass ``rows`` switched off (the routes of
    ``_Lines``: the kernel's word ids, the n-gram and LCS kernels)."""
    saved, impl.USE_ROWS = impl.USE_ROWS, False
    try:
        return function(*args)
    finally:
        impl.USE_ROWS = saved


@given(CORPUS)
@example((["ΟΔΟΣ ΣΑ", "a\x00b a"], [["οδος σα", "ΟΔΟΣ"], ["a b", "a\x00b"]]))  # final sigma, NUL in a line
@example((["İ x", "\u3000Paris\u3000", "the the cat"], [["i̇ x"], ["Paris"], ["the cat", "the the cat"]]))
@example((["Ä ÆØ µ ß", "Ä ÆØ µ ß"], [["ä æø µ ss"], []]))  # Latin-1 tables; a repeated line; no target
def test_one_pass_rows_equal_the_general_route(corpus):
    """The kernel's one pass over the corpus (``rows``: Latin-1 lines by its tables, others
    by str.lower, each distinct line once, the n-gram counts, F1's overlap, the LCS and
    math.fsum's correctly rounded sum in C) gives exactly the values of the general route
    (which the tests above hold to the spec), on lists and on tuples."""
    hyps, refs = corpus
    for name in L.METRIC_NAMES:
        want = _general_route(impl.lesson_values, name, hyps, refs)
        assert impl.lesson_values(name, hyps, refs) == want
        assert impl.lesson_values(name, tuple(hyps), tuple(tuple(r) for r in refs)) == want
        assert impl.lesson_matrix(name, hyps, refs)[:, 0].tolist() == want
    full = [r or [""] for r in refs]
    assert impl.corpus_bleu_matrix(hyps, full).tolist() == _general_route(impl.corpus_bleu_matrix, hyps, full).tolist()


def test_one_pass_rows_are_used_on_plain_lists():
    """The fast route is taken (not silently the general one) for lists and tuples of str,
    and declined for anything else."""
    rows = native.lesson.rows
    assert rows(1, ["a b"], [["a"]]) is not None
    assert rows(0, ("a",), (("a",),)) is not None
    assert rows(1, ["a"], [["a", 3]]) is None and rows(1, ["a"], ["a"]) is None
    assert rows(4, ["a"], [[]]) is None and rows(1, [], []) is None
    assert np.frombuffer(rows(2, ["the cat sat", ""], [["the cat sat"], ["x"]]), np.float64).tolist() == [1.0, 0.0]


@pytest.mark.parametrize("call, error, message", [
    (lambda: impl.lesson_values("f1", ["a", 3], [["a"], ["b"]]), TypeError, r"predictions\[1\] must be a str"),
    (lambda: impl.lesson_matrix("exact_match", ["a"], [["a", None]]), TypeError, r"targets\[0\]\[1\] must be a str"),
    (lambda: impl.lesson_values("rouge_l", ["a"], ["a"]), TypeError, "bare str"),
    (lambda: impl.lesson_values("bleu_4", ["a", "b"], [["a"]]), ValueError, "mismatched lengths"),
    (lambda: impl.lesson_values("f1", [], []), ValueError, "empty dataset"),
    (lambda: impl.corpus_bleu_matrix(["a"], [[]]), ValueError, r"targets\[0\] is empty"),
    (lambda: impl.lesson_matrix("bleu", ["a"], [["a"]]), ValueError, "unknown metric_name"),
])
def test_bad_input_past_the_kernel_gets_the_spec_errors(call, error, message):
    """Inputs the kernel declines go to the general route, which raises the spec's errors."""
    with pytest.raises(error, match=message):
        call()
