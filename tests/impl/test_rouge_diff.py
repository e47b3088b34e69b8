"""bleuprint.metrics.rouge.impl against bleuprint.metrics.rouge.spec (the differential
test): every row ``[P, R, F]`` *equal* (``==``, float for float: equal F values must tie
in both, so that the same target is chosen), corpus values equal.

Texts are drawn from a small vocabulary (so that n-grams, LCS ties and repeated tokens
are common) mixed with separators that matter to rouge-score's tokenizer (newlines for
Lsum, \\r, punctuation, non-ASCII letters, the Kelvin sign, digits, underscore).
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.metrics.rouge import impl, spec

PIECES = ["a", "b", "c", "A", "B", "ab", "1", "x9", "é", "ü", "\u212a", "_", "'", "-", ".", "我", " ", " ", " ",
          "\n", "\n", "\r", "\t", "\u00a0"]

texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)
segments = st.tuples(texts, st.lists(texts, min_size=1, max_size=3))
corpora = st.lists(segments, min_size=1, max_size=5)


@given(corpora, st.sampled_from(spec.ROUGE_TYPES))
@example([("a b c\nd e f", ["d e f\na b c"])], "rougeLsum")
@example([("b a\na b", ["a b a b", "b a"])], "rougeLsum")
@example([("a b c e", ["a b c d", "a c b e"])], "rouge2")
def test_impl_rows_equal_spec_rows(corpus, rouge_type):
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    expected = [spec.rouge_stats(h, r, rouge_type) for h, r in zip(hyps, refs)]
    assert impl.rouge_stats_matrix(hyps, refs, rouge_type).tolist() == expected


@given(corpora, st.sampled_from(spec.ROUGE_TYPES), st.sampled_from(spec.MEASURES))
def test_impl_corpus_value_equals_spec(corpus, rouge_type, measure):
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    assert impl.rouge(hyps, refs, rouge_type, measure) == spec.rouge(hyps, refs, rouge_type, measure)


@given(st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=70),
       st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=70))
def test_bit_parallel_lcs_equals_the_table(a, b):
    """impl's bit-parallel LCS length against the spec's table, beyond one 64-bit word."""
    assert impl._lcs_length(a, b) == (spec.lcs_table(a, b)[-1][-1] if a and b else 0)


@given(st.lists(st.sampled_from(["a", "b", "c"]), max_size=12), st.lists(st.sampled_from(["a", "b", "c"]), max_size=12))
@example(["a", "b"], ["b", "a"])
def test_lsum_back_trace_equals_the_spec(a, b):
    """impl's own back-trace picks the same LCS as the spec's (the tie rule), as a set of
    target positions (the order does not matter to the union)."""
    assert sorted(impl._lcs_positions(a, b)) == spec.lcs_positions(a, b)


STEM_PIECES = ["running", "runs", "Run", "cats", "cat", "was", "happy", "happiness", "relational", "agreed",
               "studies", "dying", "news", "yyyy", "1990s", "caf\u00e9s", " ", " ", " ", "\n", ".", "-"]
stem_texts = st.lists(st.sampled_from(STEM_PIECES), max_size=16).map("".join)
stem_corpora = st.lists(st.tuples(stem_texts, st.lists(stem_texts, min_size=1, max_size=3)), min_size=1, max_size=4)


@given(stem_corpora, st.sampled_from(spec.ROUGE_TYPES))
@example([("cats running\nwas", ["cat runs\nwa"])], "rougeLsum")
def test_impl_rows_equal_spec_rows_with_stemming(corpus, rouge_type):
    """With ``use_stemmer=True``: impl's stem dict and the spec's per-token stems give equal
    rows, on words that Porter changes (and short ones it must not touch)."""
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    expected = [spec.rouge_stats(h, r, rouge_type, True) for h, r in zip(hyps, refs)]
    assert impl.rouge_stats_matrix(hyps, refs, rouge_type, True).tolist() == expected
