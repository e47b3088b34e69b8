"""bleuprint.metrics.wer.impl against bleuprint.metrics.wer.spec (the differential test):
every row ``[H, S, D, I, N_ref, N_hyp]`` *equal*, every measure equal (``==``: the same
double operations on the same counts), the vectorised batch scorer equal to the spec's
scorer row by row.

With the compiled kernel (``bleuprint.impl._wer``) these check it; the suite's
``BLEUPRINT_NO_NATIVE=1`` run checks the Python fallback, and
``test_kernel_equals_the_python_fallback`` compares the two directly on long id lists.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.impl import native
from bleuprint.metrics.wer import impl, spec
from bleuprint.metrics.wer.strategies import corpora

needs_kernel = pytest.mark.skipif(native.wer is None, reason="the compiled WER kernel is not built")


@given(corpora(), st.sampled_from(spec.UNITS))
@example((["b c"], [["a b"]]), "words")          # tie: S 2
@example((["a b"], [["b c"]]), "words")          # the other way: H 1, D 1, I 1
@example((["b c c"], [["a b c"]]), "words")      # the affix step decides
@example((["a b", ""], [[""], ["\t \u3000"]]), "characters")
@example((["ab c"], [["ab  c"]]), "characters")
def test_impl_rows_equal_spec_rows(corpus, unit):
    hyps, refs = corpus
    expected = [spec.segment_row(h, r, unit) for h, r in zip(hyps, refs)]
    assert impl.counts_matrix(hyps, refs, unit).tolist() == expected


@given(corpora(), st.sampled_from(spec.MEASURES))
@example(([""], [[""]]), "wip")
@example((["a b", "c"], [[""], [" "]]), "wer")
def test_impl_corpus_value_equals_spec(corpus, measure):
    hyps, refs = corpus
    assert getattr(impl, measure)(hyps, refs) == getattr(spec, measure)(hyps, refs)


@given(corpora(max_size=6), st.lists(st.lists(st.integers(0, 5), max_size=6), min_size=1, max_size=4),
       st.sampled_from(spec.MEASURES))
@example(([""], [[""]]), [[0], []], "wip")
def test_batch_scores_equal_the_spec_scorer(corpus, resamples, measure):
    """Resample-like sums of a corpus's rows (indices drawn, wrapped to the corpus):
    numpy's batch scorer == the spec's scorer row by row (an empty draw is the zero row)."""
    hyps, refs = corpus
    rows = [spec.segment_row(h, r, spec.UNIT_OF[measure]) for h, r in zip(hyps, refs)]
    sums = np.array([[sum(rows[i % len(rows)][c] for i in draw) for c in range(6)] for draw in resamples],
                    dtype=np.int64)
    expected = [float(spec.measure_from_counts(row.tolist(), measure)) for row in sums]
    assert impl.wer_batch(sums, measure).tolist() == expected


@needs_kernel
@given(st.lists(st.integers(0, 3), max_size=90), st.lists(st.integers(0, 3), max_size=90))
@example([0, 1, 2], [1, 2, 2])
def test_kernel_equals_the_python_fallback(a, b):
    """The C back-trace and the Python one on id lists longer than a machine word."""
    out = native.wer.counts(np.array(a, np.int32), np.array([0, len(a)], np.int64),
                            np.array(b, np.int32), np.array([0, len(b)], np.int64), 0, 1)
    assert np.frombuffer(out, np.int64)[:4].tolist() == impl._python_counts(a, b) == list(spec.alignment_counts(a, b))


def test_lone_surrogates_and_astral_characters_are_one_element_each():
    """CER reads code points: a lone surrogate and an emoji are one character each, as in
    the spec (list(str))."""
    hyps, refs = ["\ud800x\U0001f600"], [["\ud800y\U0001f600"]]
    assert impl.counts_matrix(hyps, refs, "characters").tolist() == [spec.cer_stats(hyps[0], refs[0])]
    assert spec.cer_stats(hyps[0], refs[0]) == [2, 1, 0, 0, 3, 3]


def test_impl_refuses_what_the_spec_refuses():
    with pytest.raises(ValueError, match="exactly one reference"):
        impl.wer(["a"], [["a", "b"]])
    with pytest.raises(TypeError, match="compat.jiwer"):
        impl.cer(["a"], ["a"])
    with pytest.raises(TypeError):
        impl.wer(["a", 3], [["a"], ["b"]])
    with pytest.raises(ValueError):
        impl.counts_matrix(["a"], [["a"]], "letters")


# --- the bit-parallel kernel against the spec on its own: splits, bands, word and character scans ---

def _kernel(name, a, b, *extra):
    out = getattr(native.wer, name)(np.array(a, np.int32), np.array([0, len(a)], np.int64),
                                    np.array(b, np.int32), np.array([0, len(b)], np.int64), 0, 1, *extra)
    return np.frombuffer(out, np.int64).tolist()


@st.composite
def long_pairs(draw):
    """A reference of 65..330 ids (more than one 64-bit block; ids of 2..4 symbols, or
    spread past 256 so that the hash table is used) and a hypothesis that is either a few
    edits away, its first and last elements among them (so that the affix step leaves the
    whole line, and Hirschberg's parts get a narrow band), or drawn apart."""
    symbols = draw(st.sampled_from([[0, 1], [0, 1, 2], [5, 6, 7, 8], [1, 300, 70000, -4]]))
    ref = draw(st.lists(st.sampled_from(symbols), min_size=65, max_size=330))
    if draw(st.booleans()):
        hyp = list(ref)
        for _ in range(draw(st.integers(0, 6))):
            k = draw(st.integers(0, len(hyp)))
            kind = draw(st.integers(0, 2))
            if kind == 0 or not hyp or k == len(hyp):
                hyp.insert(k, draw(st.sampled_from(symbols)))
            elif kind == 1:
                del hyp[k]
            else:
                hyp[k] = draw(st.sampled_from(symbols))
        other = [x for x in symbols if x != ref[0]][0], [x for x in symbols if x != ref[-1]][0]
        hyp = [other[0]] + hyp[1:-1] + [other[1]]
    else:
        hyp = draw(st.lists(st.sampled_from(symbols), min_size=0, max_size=330))
    return (ref, hyp) if draw(st.booleans()) else (hyp, ref)


@needs_kernel
@given(long_pairs(), st.sampled_from([16, 128, 1024, 4096]))
@example(([0, 1] * 150, [1] + [0, 1] * 149 + [0]), 1024)  # parts of 150 with distance 1: a band of 2 of 3 blocks
@example(([0] * 65 + [1] * 65, [1] * 65 + [0] * 65), 16)  # nothing in common but the symbols: splits to the end
@example(([0] * 100, []), 16)                              # an empty side
def test_kernel_counts_equal_the_spec_where_it_splits(pair, split_bytes):
    """rapidfuzz's split size (1 MiB: lines of 2,050+ elements) lowered, in the kernel and
    the spec alike, so that Hirschberg's split, the parts' distances and the back-trace
    kept in a band of |i - j| <= d + 1 are all reached on short pairs: the counts equal
    the spec's (ties included), and the distance is S + D + I."""
    ref, hyp = pair
    saved = spec.HIRSCHBERG_BYTES
    try:
        spec.HIRSCHBERG_BYTES = split_bytes
        expected = list(spec.alignment_counts(ref, hyp))
    finally:
        spec.HIRSCHBERG_BYTES = saved
    assert _kernel("counts", ref, hyp, split_bytes)[:4] == expected
    assert _kernel("distances", ref, hyp) == [sum(expected[1:])]


WHITE = [c for c in map(chr, range(0x3001)) if c.isspace()] + ["\u205f", "\u3000", "\x1c", "\x85"]


def _text():
    """Lines of letters (Latin-1, wider, astral) and every kind of white space, alone and in runs."""
    letters = st.sampled_from(["a", "b", "\u00e9", "\u6771", "\U0001f600", "A", "ab"])
    return st.lists(st.one_of(letters, st.sampled_from(WHITE), st.just(" ")), max_size=14).map("".join)


@needs_kernel
@given(st.lists(_text(), min_size=1, max_size=6))
@example(["a\tb c", "a\u00a0\u00a0b", " \x85x\u2028 y ", "", "\t", "\u00e9 \U0001f600 \u00e9"])
def test_word_and_character_scans_equal_the_spec(texts):
    """The C scans (``word_ids``, ``char_ids``) give the spec's ``words`` interned in order of
    first appearance and its ``characters`` as code points; ``text_rows`` (which reads the
    characters itself) gives the spec's character rows."""
    ids, offsets = native.wer.word_ids(texts)
    vocab: dict = {}
    expected = [[vocab.setdefault(w, len(vocab)) for w in spec.words(t)] for t in texts]
    ids, offsets = np.frombuffer(ids, np.int32).tolist(), np.frombuffer(offsets, np.int64).tolist()
    assert [ids[offsets[k]:offsets[k + 1]] for k in range(len(texts))] == expected
    codes, offsets = native.wer.char_ids(texts)
    codes, offsets = np.frombuffer(codes, np.int32).tolist(), np.frombuffer(offsets, np.int64).tolist()
    assert [codes[offsets[k]:offsets[k + 1]] for k in range(len(texts))] == \
        [[ord(c) for c in spec.characters(t)] for t in texts]
    hyps = texts[::-1]
    rows = np.frombuffer(native.wer.text_rows(texts, hyps, 0, len(texts), False), np.int64).reshape(-1, 6)
    assert rows.tolist() == [spec.segment_row(h, [r], "characters") for h, r in zip(hyps, texts)]


def test_kernel_refuses_what_is_not_a_list_of_str():
    if native.wer is None:
        pytest.skip("the compiled WER kernel is not built")
    with pytest.raises(TypeError, match="item 1 is int"):
        native.wer.word_ids(["a", 3])
    with pytest.raises(TypeError, match="list of str"):
        native.wer.char_ids(("a",))
    with pytest.raises(ValueError, match="pair range"):
        native.wer.text_rows(["a"], ["a", "b"], 0, 1, True)
