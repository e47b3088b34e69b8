"""The compiled kernels are built and used, so the differential tests check them.

Without these tests a failed build would leave only the numpy fallback under test, and
the suite would pass while the code users get (the kernels) went unchecked.
"""

import os

import pytest

from bleuprint.impl import native

pytestmark = pytest.mark.skipif(native.DISABLED, reason="BLEUPRINT_NO_NATIVE asks for numpy only")


def test_ngram_kernel_is_built():
    assert native.ngrams is not None, "bleuprint.impl._ngrams did not build or import (pip install -e . needs a C compiler)"


def test_pairs_kernel_is_built():
    """The pairwise tests skip their shared-work routes without it: a failed build must
    fail here instead."""
    assert native.pairs is not None, "bleuprint.impl._pairs did not build or import (pip install -e . needs a C compiler)"


def test_rouge_kernel_is_built():
    """ROUGE's differential tests check the Python fallback alone without it."""
    assert native.rouge is not None, "bleuprint.impl._rouge did not build or import (pip install -e . needs a C compiler)"


def test_lesson_kernel_is_built():
    assert native.lesson is not None, "bleuprint.impl._lesson did not build or import (pip install -e . needs a C compiler)"


def test_squad_kernel_is_built():
    assert native.squad is not None, "bleuprint.impl._squad did not build or import (pip install -e . needs a C compiler)"


def test_exactsum_kernel_is_built():
    """Perplexity's kernel tests skip without it, and its pooled values take the fsum path:
    a failed build must fail here instead."""
    assert native.exactsum is not None, \
        "bleuprint.impl._exactsum did not build or import (pip install -e . needs a C compiler)"


def test_bertscore_kernel_is_built():
    """BERTScore's matching falls back to numpy without it (the same bits, slower): a failed
    build must fail here instead."""
    assert native.bertscore is not None, \
        "bleuprint.impl._bertscore did not build or import (pip install -e . needs a C compiler)"


@pytest.mark.skipif(native.bertscore is None, reason="the BERTScore kernel is not built")
@pytest.mark.parametrize("side", ["hypothesis", "reference"])
def test_bertscore_kernel_refuses_a_segment_outside_its_buffers(side):
    """Two 2-d float64 tokens a side, one pair. A segment that runs one token past its
    side's vectors (start 1, length 2 of 2 tokens) is refused, naming the side and the
    segment, before anything is read."""
    import numpy as np

    vectors = np.ones((2, 2), dtype=np.float64)
    weights = np.ones(2, dtype=np.float64)
    starts = {name: np.array([1 if name == side else 0], dtype=np.int64) for name in ("hypothesis", "reference")}
    length, pair = np.array([2], dtype=np.int64), np.array([0], dtype=np.int64)
    out = np.zeros(3, dtype=np.float64)
    with pytest.raises(ValueError, match=f"{side} segment 0 lies outside its buffers"):
        native.bertscore.greedy(vectors, vectors, False, False, weights, weights, starts["hypothesis"], length,
                                starts["reference"], length, pair, pair, 2, out)


def test_pce_kernel_is_built():
    """Soft pairwise accuracy falls back to numpy without it (the same bits, slower; the
    benchmark's 10x over mt-metrics-eval counts on it): a failed build must fail here."""
    assert native.pce is not None and hasattr(native.pce, "signs"), \
        "bleuprint.impl._pce did not build or import (pip install -e . needs a C compiler with 128-bit integers)"


def test_no_native_switch_is_read_from_the_environment():
    """BLEUPRINT_NO_NATIVE=1 in a fresh interpreter loads no kernel."""
    import subprocess
    import sys

    code = "from bleuprint.impl import native; print(native.available())"
    env = dict(os.environ, BLEUPRINT_NO_NATIVE="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == str({"ngrams": False, "ter": False, "resample": False, "pairs": False, "rouge": False,
                               "squad": False, "lesson": False, "wer": False, "cider": False, "meteor": False,
                               "exactsum": False, "bertscore": False, "pce": False})


# --- the n-gram kernel on its own, against Counters ------------------------------------

from collections import Counter  # noqa: E402

import numpy as np  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

needs_kernel = pytest.mark.skipif(native.ngrams is None, reason="the compiled kernels are not built")


def _grams(line, n):
    return Counter(tuple(line[i : i + n]) for i in range(len(line) - n + 1))


def _kernel_matches(sentences, order, clip_max):
    """Flatten [(hyp, [refs])] of integer lists into the kernel's arrays and call it."""
    lines = [line for hyp, refs in sentences for line in [hyp, *refs]]
    lengths = np.array([len(line) for line in lines], dtype=np.int64)
    starts = np.cumsum(lengths) - lengths
    ids = np.array([t for line in lines for t in line], dtype=np.int64)
    hyp_line, ref_line, offsets, at = [], [], [0], 0
    for _, refs in sentences:
        hyp_line.append(at)
        ref_line += range(at + 1, at + 1 + len(refs))
        offsets.append(offsets[-1] + len(refs))
        at += 1 + len(refs)
    out = native.ngrams.ngram_matches(ids, starts, lengths, np.array(hyp_line, dtype=np.int64),
                                      np.array(offsets, dtype=np.int64), np.array(ref_line, dtype=np.int64),
                                      order, clip_max)
    return np.frombuffer(out, np.int64).reshape(-1, order).tolist()


lines_of_ids = st.lists(st.integers(0, 4), max_size=12) | st.lists(st.integers(0, 2**31 - 1), max_size=6)


@needs_kernel
@given(sentences=st.lists(st.tuples(lines_of_ids, st.lists(lines_of_ids, min_size=1, max_size=3)),
                          min_size=1, max_size=5),
       order=st.integers(1, 7))
def test_ngram_matches_equal_counter_definitions(sentences, order):
    """clip_max: per sentence, sum over the hypothesis n-grams of min(count, largest count
    in one reference) (spec.bleu.clipped_matches); otherwise per reference, sum of
    min(hypothesis count, reference count) (spec.chrf.order_stats). Ids up to 2**31 - 1,
    the largest the kernel's keys hold; a small alphabet so that n-grams repeat."""
    clipped = []
    paired = []
    for hyp, refs in sentences:
        row = []
        for n in range(1, order + 1):
            h = _grams(hyp, n)
            best = Counter()
            for ref in refs:
                for gram, count in _grams(ref, n).items():
                    best[gram] = max(best[gram], count)
            row.append(sum(min(c, best[g]) for g, c in h.items()))
        clipped.append(row)
        for ref in refs:
            r = [_grams(ref, n) for n in range(1, order + 1)]
            paired.append([sum(min(c, r[n - 1][g]) for g, c in _grams(hyp, n).items()) for n in range(1, order + 1)])
    assert _kernel_matches(sentences, order, True) == clipped
    assert _kernel_matches(sentences, order, False) == paired


@needs_kernel
def test_ngram_matches_refuses_inconsistent_arrays():
    """Bad arrays raise (the kernel never reads outside them): a line past the ids, a
    negative or too large id, a wrong item size, offsets that do not cover the references."""
    k = native.ngrams
    a = lambda *xs: np.array(xs, dtype=np.int64)  # noqa: E731
    with pytest.raises(ValueError, match="outside the ids"):
        k.ngram_matches(a(1, 2), a(0, 1), a(1, 5), a(0), a(0, 1), a(1), 2, True)
    with pytest.raises(ValueError, match="ids must lie"):
        k.ngram_matches(a(-1, 2), a(0, 1), a(1, 1), a(0), a(0, 1), a(1), 2, True)
    with pytest.raises(ValueError, match="ids must lie"):
        k.ngram_matches(a(2**31, 2), a(0, 1), a(1, 1), a(0), a(0, 1), a(1), 2, True)
    with pytest.raises(TypeError, match="8-byte"):
        k.ngram_matches(np.array([1, 2], dtype=np.int32), a(0, 1), a(1, 1), a(0), a(0, 1), a(1), 2, True)
    with pytest.raises(ValueError, match="inconsistent"):
        k.ngram_matches(a(1, 2), a(0, 1), a(1, 1), a(0), a(0, 2), a(1), 2, True)
    with pytest.raises(ValueError, match="bad reference line"):
        k.ngram_matches(a(1, 2), a(0, 1), a(1, 1), a(0), a(0, 1), a(7), 2, True)


@needs_kernel
def test_token_ids_refuses_bad_modes_and_tables():
    k = native.ngrams
    with pytest.raises(ValueError, match="mode"):
        k.token_ids(["a b"], [-1], 9, b"")
    with pytest.raises(ValueError, match="flag table"):
        k.token_ids(["a b"], [-1], k.MODE_RULES, b"\0" * 10)
    with pytest.raises(TypeError, match="same length"):
        k.token_ids(["a b"], [], k.MODE_WHITESPACE, b"")
    with pytest.raises(TypeError, match="str"):
        k.token_ids([b"a b"], [-1], k.MODE_WHITESPACE, b"")


@needs_kernel
def test_interned_keys_of_different_packings_do_not_collide():
    """The interner packs short tokens into exact keys: "ab" as bytes (0x6162) and
    "\\x00\\u6162" as 21-bit fields ((0 << 21) | 0x6162 = 0x6162) give the same number, and
    "abcdefgh" / "abcdefgi" differ only in the last byte. Equal tokens must get equal ids
    and different ones different ids (the kernel tags each key with its packing)."""
    k = native.ngrams
    words = ["ab", "\x00\u6162", "ab", "abcdefgh", "abcdefgi", "abcdefghi", "\x00\u6162", "\U0001F600ab", "abcdefgh"]
    ids, lengths, bound, _ = k.token_ids([" ".join(words)], [-1], k.MODE_WHITESPACE, b"")
    ids = np.frombuffer(ids, np.int64).tolist()
    assert len(ids) == len(words) and max(ids) < bound
    for i, a in enumerate(words):
        for j, b in enumerate(words):
            assert (ids[i] == ids[j]) == (a == b), (a, b)


# --- the kernel's two ways of reading lines ---------------------------------------------

@needs_kernel
@pytest.mark.parametrize("name", ["13a", "zh", "intl", "none", "char"])
@pytest.mark.parametrize("lines", [
    ["a b.", " zh中文, 1,000.5 ", "", "x-y"],
    ["Tom &amp; Jerry", "a-\nb", "<skipped> end", "&quot;q&quot;"],  # 13a's steps 1-2 apply
])
def test_one_string_per_line_and_joined_chunks_give_the_same_tokens(monkeypatch, name, lines):
    """``tokenizers._plain_lines`` hands each line to the kernel as it is, except where
    13a's unescaping needs the joined text; both ways give the spec's tokens."""
    from bleuprint.impl import tokenizers
    from bleuprint.metrics.bleu.spec import bleu_tokens

    if name == "13a":
        assert (tokenizers._plain_lines(lines, name) is None) == ("&amp;" in lines[0])
    plain = tokenizers.tokenize_corpus(lines, name)
    monkeypatch.setattr(tokenizers, "_PLAIN_LINES_MAX", -1)
    assert tokenizers._plain_lines(lines, name) is None
    assert tokenizers.tokenize_corpus(lines, name) == plain == [bleu_tokens(line, name) for line in lines]


# --- line_index against the Python definition ----------------------------------------

from bleuprint.strategies import corpora  # noqa: E402


@needs_kernel
@given(corpora())
def test_line_index_equals_the_python_index(corpus):
    """The kernel's distinct lines, line ids and reference counts are those of
    ``bleuprint.metrics.bleu.impl._line_index`` (dict order of first occurrence), repeated lines included."""
    from bleuprint.metrics.bleu import impl as bleu

    hyps, refs = corpus
    hyps, refs = hyps + hyps[:2], refs + refs[:2]  # repeated sentences, shared lines
    lines, ids, counts = native.ngrams.line_index(hyps, refs)
    want_lines, want_ids, want_counts = bleu._line_index(hyps, refs)
    assert lines == want_lines
    assert np.frombuffer(ids, np.int64).tolist() == want_ids.tolist()
    assert np.frombuffer(counts, np.int64).tolist() == want_counts.tolist()


class _Str(str):
    pass


@needs_kernel
@pytest.mark.parametrize("hyps, refs", [
    ([], []), (["a"], ["a"]), (["a"], [[]]), (("a",), [["a"]]), (["a"], (["a"],)), (["a", "b"], [["a"]]),
    ([_Str("a")], [["a"]]), (["a"], [[_Str("a")]]), (["a"], [[b"a"]]), ([1], [["a"]]), (["a"], [{"a"}]),
])
def test_line_index_leaves_anything_but_plain_lists_of_str_to_the_spec_checks(hyps, refs):
    """None (the caller then runs ``_check_corpus``, which accepts or refuses with the
    spec's own messages) for empty or mismatched corpora, bare strings, empty reference
    lists, tuples of hypotheses, str subclasses and non-str lines."""
    assert native.ngrams.line_index(hyps, refs) is None
