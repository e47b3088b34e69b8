"""bleuprint.metrics.rouge.impl against bleuprint.metrics.rouge.spec (the differential
test): every row ``[P, R, F]`` *equal* (``==``, float for float: equal F values must tie
in both, so that the same target is chosen), corpus values equal.

Texts are drawn from a small vocabulary (so that n-grams, LCS ties and repeated tokens
are common) mixed with separators that matter to rouge-score's tokenizer (newlines for
Lsum, \\r, punctuation, non-ASCII letters, the Kelvin sign and U+0130 (the two non-ASCII
code points that ``str.lower`` turns into ASCII letters, which the compiled kernel reads
without lowering), digits, underscore).

With the compiled kernel (``bleuprint.impl._rouge``) these tests check it; the suite's
``BLEUPRINT_NO_NATIVE=1`` run checks the Python fallback, and
``test_kernel_equals_the_python_fallback`` compares the two directly.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.impl import native
from bleuprint.metrics.rouge import impl, spec

needs_kernel = pytest.mark.skipif(native.rouge is None, reason="the compiled ROUGE kernel is not built")

PIECES = ["a", "b", "c", "A", "B", "ab", "1", "x9", "é", "ü", "\u212a", "\u0130", "_", "'", "-", ".", "我", " ", " ", " ",
          "\n", "\n", "\r", "\t", "\u00a0"]

texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)
segments = st.tuples(texts, st.lists(texts, min_size=1, max_size=3))
corpora = st.lists(segments, min_size=1, max_size=5)


@given(corpora, st.sampled_from(spec.ROUGE_TYPES))
@example([("a b c\nd e f", ["d e f\na b c"])], "rougeLsum")
@example([("b a\na b", ["a b a b", "b a"])], "rougeLsum")
@example([("a b c e", ["a b c d", "a c b e"])], "rouge2")
@example([("a b", ["a b c d", "a"])], "rouge1")  # equal F (2/3), different P, R: the first target
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


# --- all types in one call, long texts, the kernel against the fallback -------------------

long_texts = st.lists(st.sampled_from(["a ", "b ", "c ", "d ", "a\n", "b\n"]), max_size=150).map("".join)


@given(st.lists(st.tuples(long_texts, st.lists(long_texts, min_size=1, max_size=2)), min_size=1, max_size=3))
@example([("a " * 70 + "b", ["b " + "a " * 70])])
def test_all_types_at_once_on_long_texts_equal_spec(corpus):
    """``rouge_rows`` with every type in one call equals the spec type by type, on texts of
    up to 150 tokens (the kernel's bit-parallel LCS spans up to three 64-bit words; the
    explicit example has 71 tokens, one LCS of 70 across the word boundary)."""
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    rows = impl.rouge_rows(hyps, refs, spec.ROUGE_TYPES)
    for k, rouge_type in enumerate(spec.ROUGE_TYPES):
        assert rows[:, k, :].tolist() == [spec.rouge_stats(h, r, rouge_type) for h, r in zip(hyps, refs)], rouge_type


#: 60 to 90 tokens "a"/"b": the binary digits of an integer (cheaper to draw than a long list).
two_letter_texts = st.integers(2**59, 2**90 - 1).map(lambda x: " ".join("ab"[int(d)] for d in bin(x)[2:]))


@given(two_letter_texts, two_letter_texts)
@example("b a a b b b b a b b a a b b a b b b a a a b b b b b b b a a a a a a a b b b a a a a a b b a a a b b b b a b"
         " b a b b b b", "b b a a a a a b a a a b b a a a b a a b b a b b b a a a b a a a b b a b a b a a a a a b b b"
         " b b a b b b b b a b a b a a a a a a b")
def test_rouge_l_beyond_one_word_equals_spec(hyp, ref):
    """ROUGE-L on 60 to 90 tokens of two letters: the kernel's carry from one 64-bit word
    to the next decides the LCS (the example failed with the carry dropped)."""
    assert impl.rouge_rows([hyp], [[ref]], ["rougeL"])[0].tolist() == [spec.rouge_stats(hyp, [ref], "rougeL")]


#: Texts over 600 words (w0 .. w599), up to 500 tokens: a target with more than 256
#: distinct tokens, where the kernel's ROUGE-2 leaves its table indexed by pairs of local
#: ids (at most 2**16 cells) for the hash table.
wide_texts = st.lists(st.integers(0, 599), min_size=0, max_size=500).map(lambda ws: " ".join(f"w{w}" for w in ws))


@given(wide_texts, wide_texts)
@example(" ".join(f"w{w}" for w in range(0, 300, 2)) + " w0 w1 w2", " ".join(f"w{w}" for w in range(300)))
def test_wide_alphabets_equal_spec(hyp, ref):
    """ROUGE-1, 2 and L of texts with up to 500 distinct tokens equal the spec (the
    example's target, the second text, has 300: the kernel counts its bigrams by hashing)."""
    rows = impl.rouge_rows([hyp], [[ref]], ["rouge1", "rouge2", "rougeL"])[0].tolist()
    assert rows == [spec.rouge_stats(hyp, [ref], t) for t in ("rouge1", "rouge2", "rougeL")]


#: Tokens of 1 to 20 letters sharing prefixes (the kernel's vocabulary compares the first 8
#: characters as one word, then the rest): equal and unequal tokens beyond 8 characters.
prefix_texts = st.lists(st.sampled_from(["abcdefgh", "abcdefghi", "abcdefghij", "abcdefgx", "abcdefghijklmnopqrst",
                                         "abcdefghijklmnopqrsu", "a", "ab", "Abcdefghi", "abcdefgh\n"]),
                        max_size=30).map(" ".join)


@given(prefix_texts, st.lists(prefix_texts, min_size=1, max_size=2))
def test_long_tokens_sharing_prefixes_equal_spec(hyp, refs):
    """Every type's row equals the spec's when tokens differ only after their eighth
    character (or in length)."""
    rows = impl.rouge_rows([hyp], [refs], spec.ROUGE_TYPES)[0].tolist()
    assert rows == [spec.rouge_stats(hyp, refs, t) for t in spec.ROUGE_TYPES]


def _toy_stem(word: str) -> str:
    """A stand-in for the Porter stemmer (its module is another change): drops a final
    "s", and turns "abab" into "a-b" (no longer a ``[a-z0-9]+`` run: rouge-score drops it)."""
    return "a-b" if word == "abab" else word[:-1] if word.endswith("s") else word


STEM_PIECES = ["abab", "cats", "cat", "bats", "bat", "as", "abs", "s", "\n", " ", " "]


@needs_kernel
@given(st.lists(st.tuples(st.lists(st.sampled_from(STEM_PIECES), max_size=14).map(" ".join),
                          st.lists(st.lists(st.sampled_from(STEM_PIECES), max_size=14).map(" ".join),
                                   min_size=1, max_size=2)), min_size=1, max_size=4),
       st.booleans())
@example([("abab cats\nabab", ["cat abab\ncats"])], True)
def test_kernel_equals_the_python_fallback(corpus, use_stemmer):
    """The kernel route (ids, stems mapped per distinct token, dropped tokens removed from
    the offsets) and the Python route (per-token stemming of each line) give equal rows,
    with a toy stemmer in place of ``porter.stem`` (``_toy_stem``); without stemming both
    must also equal the spec."""
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    saved_stemmer, saved_kernel = impl._stemmer, native.rouge
    impl._stemmer = lambda: _toy_stem
    try:
        fast = impl.rouge_rows(hyps, refs, spec.ROUGE_TYPES, use_stemmer)
        native.rouge = None
        slow = impl.rouge_rows(hyps, refs, spec.ROUGE_TYPES, use_stemmer)
    finally:
        impl._stemmer, native.rouge = saved_stemmer, saved_kernel
    assert fast.tolist() == slow.tolist()
    if not use_stemmer:
        assert fast[:, 0, :].tolist() == [spec.rouge_stats(h, r, "rouge1") for h, r in zip(hyps, refs)]


@needs_kernel
def test_a_split_over_threads_changes_nothing():
    """Segments cut into many parts (one segment each, several threads) give the rows of one
    call. The corpus: 40 segments of the small vocabulary, some with two targets."""
    rng = np.random.default_rng(17)
    words = np.array(["a", "b", "c", "d", "e", "\n"])
    text = lambda: " ".join(words[rng.integers(0, 6, rng.integers(0, 30))])  # noqa: E731
    hyps = [text() for _ in range(40)]
    refs = [[text() for _ in range(1 + k % 2)] for k in range(40)]
    whole = impl.rouge_rows(hyps, refs, spec.ROUGE_TYPES)
    saved = impl.SPLIT_MIN_SEGMENTS, native.THREADS
    impl.SPLIT_MIN_SEGMENTS, native.THREADS = 1, 3
    try:
        split = impl.rouge_rows(hyps, refs, spec.ROUGE_TYPES)
    finally:
        impl.SPLIT_MIN_SEGMENTS, native.THREADS = saved
    assert split.tolist() == whole.tolist()


@pytest.mark.parametrize("hyps, refs, error, words", [
    (["a"], "a", TypeError, "refs must be a sequence"),
    (["a"], ["a"], TypeError, "bare str"),
    (["a"], [[]], ValueError, "refs[0] is empty"),
    (["a", "b"], [["a"]], ValueError, "mismatched lengths"),
    (["a", 3], [["a"], ["b"]], TypeError, "hyps[1] must be a str"),
    (["a"], [["a", None]], TypeError, "refs[0][1] must be a str"),
])
def test_bad_corpora_are_refused_by_name(hyps, refs, error, words):
    with pytest.raises(error, match=re.escape(words)):
        impl.rouge_rows(hyps, refs, ["rouge1", "rougeLsum"])


@pytest.mark.parametrize("types, error, words", [
    ("rouge1", TypeError, "bare str"), ([], ValueError, "empty"), (["rouge0"], ValueError, "unknown rouge_type"),
])
def test_bad_types_are_refused(types, error, words):
    with pytest.raises(error, match=words):
        impl.rouge_rows(["a"], [["a"]], types)


def test_use_stemmer_must_be_a_bool():
    with pytest.raises(TypeError, match="use_stemmer must be a bool"):
        impl.rouge_rows(["a"], [["a"]], ["rouge1"], use_stemmer="yes")


PORTER_PIECES = ["running", "runs", "Run", "cats", "cat", "was", "happy", "happiness", "relational", "agreed",
               "studies", "dying", "news", "yyyy", "1990s", "caf\u00e9s", " ", " ", " ", "\n", ".", "-"]
stem_texts = st.lists(st.sampled_from(PORTER_PIECES), max_size=16).map("".join)
stem_corpora = st.lists(st.tuples(stem_texts, st.lists(stem_texts, min_size=1, max_size=3)), min_size=1, max_size=4)


@given(stem_corpora, st.sampled_from(spec.ROUGE_TYPES))
@example([("cats running\nwas", ["cat runs\nwa"])], "rougeLsum")
def test_impl_rows_equal_spec_rows_with_stemming(corpus, rouge_type):
    """With ``use_stemmer=True``: impl's stem dict and the spec's per-token stems give equal
    rows, on words that Porter changes (and short ones it must not touch)."""
    hyps, refs = [h for h, _ in corpus], [r for _, r in corpus]
    expected = [spec.rouge_stats(h, r, rouge_type, True) for h, r in zip(hyps, refs)]
    assert impl.rouge_stats_matrix(hyps, refs, rouge_type, True).tolist() == expected


@needs_kernel
@given(st.lists(st.tuples(st.sampled_from([0.0, -0.0, 0.5, 1.0, 1 / 3]), st.sampled_from([0.0, -0.0, 0.5, 1.0]),
                          st.sampled_from([0.0, 0.25, 2 / 3])), min_size=2, max_size=40), st.data())
@example([(-0.0, 0.0, 0.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), (0.5, 0.5, 0.5), (1.0, 1.0, 1.0), (1 / 3, 0.5, 0.25)],
         [1, 1])
def test_rows_dicts_shares_scores_not_dicts(triples, data):
    """``_rouge.rows_dicts`` (the dicts of ``score_batch``) gives, for three keys a segment,
    ``{key: Score(P, R, F)}`` equal, value by value and sign of zero included, to the ones
    built in Python, each segment its own dict (the immutable scores may be shared); the
    rows given as one buffer or as a list of consecutive parts (a split call's, some maybe
    empty) give the same dicts. Segment k is (triples[k], triples[-1 - k], triples[k - 1]),
    so a segment's keys often hold equal triples, or triples equal but for the sign of a
    zero, next to each other or not. In the example, segment 1 is ((0, 0, 0), (1, 1, 1),
    (-0, 0, 0)): its first and last differ in the sign of P only; segment 2 is ((0, 0, 0),
    (0.5, 0.5, 0.5), (0, 0, 0)): its first and last are equal, the middle one not."""
    from bleuprint.compat.rouge_score.scoring import Score

    keys = ("a", "b", "c")
    rows = np.asarray(triples, dtype=np.float64)
    segments = np.stack([rows, rows[::-1], np.roll(rows, 1, axis=0)], axis=1)  # segment, key, P R F
    want = [{k: Score(*map(float, segments[x, j])) for j, k in enumerate(keys)} for x in range(len(segments))]
    cuts = sorted(data.draw(st.lists(st.integers(0, len(segments)), max_size=3), label="cuts")) \
        if isinstance(data, st.DataObject) else data
    parts = [segments[a:b].tobytes() for a, b in zip([0, *cuts], [*cuts, len(segments)])]
    for given_rows in (segments.tobytes(), parts):
        got = native.rouge.rows_dicts(given_rows, keys, Score)
        assert got == want
        assert [[repr(v) for s in d.values() for v in s] for d in got] == \
            [[repr(v) for s in d.values() for v in s] for d in want]
        assert len({id(d) for d in got}) == len(got)
        assert all(type(s) is Score for d in got for s in d.values())


@needs_kernel
def test_rows_dicts_refuses_a_part_that_is_not_whole_rows_and_keys_that_are_not_str():
    from bleuprint.compat.rouge_score.scoring import Score

    with pytest.raises(ValueError, match="3 float64 per key per segment"):
        native.rouge.rows_dicts([bytes(48), bytes(40)], ("a", "b"), Score)
    with pytest.raises(TypeError, match=r"keys\[1\] must be a str, got int"):
        native.rouge.rows_dicts(bytes(48), ("a", 2), Score)


@needs_kernel
def test_a_part_checks_the_texts_it_reads():
    """A part of a split call reads only its segments' texts: a token id outside
    ``range(id_bound)`` in another segment's text is not its concern (its rows are the
    clean corpus's), one in its own texts is a ValueError, and so are token or sentence
    offsets of its texts that do not ascend. Corpus: segments ("a b", "b a") and
    ("b", "a b"); the ids of a, b are 0, 1, so rouge1 of segment 1 is P = 1/1, R = 1/2,
    F = 2/3 and rougeLsum the same (one line each)."""
    kernel = native.rouge
    ids, text_tok, sent_tok, text_sent, bound, _ = kernel.token_ids(["a b", "b a", "b", "a b"], False)
    ids = bytearray(ids)
    seg = np.array([0, 2, 4], dtype=np.int64)
    clean = np.frombuffer(kernel.rouge_rows(ids, text_tok, sent_tok, text_sent, seg, bound, [1, -1], 1, 2), np.float64)
    assert clean.tolist() == [1.0, 0.5, 2 / 3, 1.0, 0.5, 2 / 3]
    ids[0:4] = (99).to_bytes(4, "little")  # segment 0's first token
    assert np.frombuffer(kernel.rouge_rows(ids, text_tok, sent_tok, text_sent, seg, bound, [1, -1], 1, 2),
                         np.float64).tolist() == clean.tolist()
    with pytest.raises(ValueError, match="outside range"):
        kernel.rouge_rows(ids, text_tok, sent_tok, text_sent, seg, bound, [1, -1], 0, 1)
    descending = np.frombuffer(text_tok, np.int64).copy()
    descending[3] = descending[2] - 1  # text 3 would start before text 2
    with pytest.raises(ValueError, match="inconsistent text offsets"):
        kernel.rouge_rows(ids, descending, sent_tok, text_sent, seg, bound, [1, -1], 1, 2)
    outside = np.frombuffer(sent_tok, np.int64).copy()
    outside[-2] = outside[-1] + 1  # text 3's sentence would start past its tokens
    with pytest.raises(ValueError, match="inconsistent text offsets"):
        kernel.rouge_rows(ids, text_tok, outside, text_sent, seg, bound, [1, -1], 1, 2)
