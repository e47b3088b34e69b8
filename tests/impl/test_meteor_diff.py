"""bleuprint.metrics.meteor.impl against the spec and against the Meteor 1.5 jar.

* The C aligner (``_meteor.align_rows`` through ``impl.rows_from_words``) against the
  spec's aligner (``spec.best_reference``) on word lists, with small made-up resources
  (a toy stemmer, a synonym dictionary and a paraphrase table written here, read by both
  sides' own loaders): every statistic equal. Fast, no jar needed.
* ``impl.meteor_rows`` against ``spec.meteor_segment_stats`` on texts, with the jar's
  real resources (slow: the spec's paraphrase table takes about 15 s to load).
* ``impl.meteor_rows`` against the jar: the golden file's ``jar_stats``
  (``bleuprint/oracles/goldens/meteor.json``), and a live run on the real corpus (slow).

Statistics are integers and compared exactly; the corpus score within 1e-9 of the jar's
printed value (the jar prints it rounded).
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bleuprint.impl import native
from bleuprint.metrics.meteor import align, impl, score, spec

needs_kernel = pytest.mark.skipif(native.meteor is None, reason="the compiled Meteor kernel is not built")
GOLDEN = Path(__file__).resolve().parents[2] / "bleuprint" / "oracles" / "goldens" / "meteor.json"


def _has_text_layer() -> bool:
    try:
        from bleuprint.metrics.meteor import normalize, resources, snowball  # noqa: F401
    except ImportError:
        return False
    return True


needs_text_layer = pytest.mark.skipif(not _has_text_layer(), reason="the Meteor text layer is not there yet")


def _jar_or_skip():
    from bleuprint.metrics.meteor import oracle_cases

    try:
        oracle_cases.jar_path()
    except RuntimeError as missing:
        pytest.skip(str(missing))
    return oracle_cases


# ----------------------------------------------------------------- made-up resources

SYNSETS = b"big\n1 2\nlarge\n2\ncar\n3\nautomobile\n3 4\nhound\n5\ndog\n5\ngo\n7\nleave\n7 8\n"
EXCEPTIONS = b"go\nwent gone\n"
#: probability, source phrase, target phrase; a source with two targets, phrases both
#: ways, odd spacing (StringTokenizer's split), a phrase of unknown words
PARAPHRASES = ("0.1\nin order to\nto\n0.2\nbig car\nlarge automobile\n0.3\na lot of\nmany\n0.4\nmany\na lot of\n"
               "0.5\nthe dog\nhound\n0.6\nthe dog\na hound\n0.7\nkick  the\tbucket\ndie\n0.8\nto\nin order to\n"
               "0.9\nnew york\nnyc\n")
FUNCTION = frozenset(["the", "a", "of", "to", "in"])


def toy_stem(word: str) -> str:
    return word[:-1] if len(word) > 2 and word.endswith("s") else word


class ToyResources:
    """Both aligners' resources: ``stem``, ``function_words``, ``synonyms`` (the spec's
    dictionary), ``paraphrases`` (the spec's table) and ``blob`` (the kernel's)."""

    def __init__(self, folder: Path):
        from bleuprint.metrics.meteor.paraphrase import ParaphraseTable
        from bleuprint.metrics.meteor.synonyms import SynonymDictionary

        path = folder / "toy-paraphrase.gz"
        path.write_bytes(gzip.compress(PARAPHRASES.encode("utf-8")))
        self.stem = toy_stem
        self.function_words = FUNCTION
        self.synonyms = SynonymDictionary(EXCEPTIONS, SYNSETS)
        self.paraphrases = ParaphraseTable(str(path))
        self.blob = native.meteor.build_table(PARAPHRASES.encode("utf-8")) if native.meteor else None


_TOY = None


def toy() -> ToyResources:
    global _TOY
    if _TOY is None:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            _TOY = ToyResources(Path(folder))
    return _TOY


POOL = ["the", "a", "of", "to", "in", "order", "big", "large", "car", "cars", "automobile", "dog", "dogs", "hound",
        "went", "go", "leave", "lot", "many", "kick", "bucket", "die", "new", "york", "nyc", "Aa", "BB", "Ab",
        ",", ".", "über", "straße", "\U0001d49c", "\udc00x", "x"]
words_lists = st.lists(st.sampled_from(POOL), max_size=12)
segments = st.lists(st.tuples(words_lists, st.lists(words_lists, min_size=1, max_size=3)), min_size=1, max_size=6)


def spec_rows(segs, resources) -> list:
    return [spec.best_reference(h, rs, resources)[1] for h, rs in segs]


@needs_kernel
@given(segments)
@example([(["the", "dog"], [["the", "dog"]])])                                  # identical: exact stage only
@example([(["Aa"], [["BB"]])])                                                 # equal Java hashes match exactly
@example([([], [[]]), ([], [["a"]]), (["a"], [[]])])                            # empty sides
@example([(["in", "order", "to", "go"], [["to", "leave"]])])                    # paraphrase, synonym
@example([(["to", "go"], [["in", "order", "to", "went"]])])                     # the other direction, exception base
@example([(["big", "car"], [["large", "automobile", "cars"]])])
@example([(["the", "the", "the", "dog", "dog"], [["dog", "the", "dog", "the", "the"]])])  # repeats: the beam
@example([(["kick", "the", "bucket"], [["die"]])])                              # odd spacing in the table
@example([(["a", "x"], [["x", "a"], ["a", "x", "x"], ["a", "x"]])])             # best reference
@example([(["the", "dog", "the", "dog"], [["hound", "a", "hound", "the"]])])    # two targets of one source
@example([(["\udc00x", "x"], [["x", "\udc00x"]])])                                # a lone surrogate
def test_kernel_rows_equal_spec_alignment(segs):
    resources = toy()
    rows = impl.rows_from_words([h for h, _ in segs], [rs for _, rs in segs], resources)
    assert rows.tolist() == spec_rows(segs, resources)


@needs_kernel
@given(segments)
@example([(["the", "dog", "the", "dog"], [["hound", "a", "hound", "the"]])])    # two targets of one source
@example([(["in", "order", "to", "go"], [["to", "leave"]]), (["kick", "the", "bucket"], [["die"]])])
def test_kernel_shortcuts_change_no_row(segs):
    """``align_rows``' optional ``heads`` (``emit_heads``: entries whose target cannot start
    in the other line are skipped) and ``roots`` (``root_states``: the first step of each
    walk in the trie read from a table) give the rows the plain walk gives."""
    resources, kernel = toy(), native.meteor
    lists = [words for h, rs in segs for words in (h, *rs)]
    vocab, tokens, offsets = kernel.intern_words(lists)
    offsets = np.frombuffer(offsets, dtype=np.int64)
    arrays = impl._word_arrays(vocab, resources, kernel)
    pairs, at = [], 0
    for h, rs in segs:
        for k in range(len(rs)):
            pairs.append([offsets[at], len(h), offsets[at + 1 + k], len(rs[k])])
        at += 1 + len(rs)
    pairs = np.asarray(pairs, dtype=np.int64)
    heads = kernel.emit_heads(resources.blob)
    plain = kernel.align_rows(resources.blob, *arrays[:6], tokens, pairs)
    assert kernel.align_rows(resources.blob, *arrays[:6], tokens, pairs, heads, arrays[6]) == plain
    assert kernel.align_rows(resources.blob, *arrays[:6], tokens, pairs, heads) == plain
    assert kernel.align_rows(resources.blob, *arrays[:6], tokens, pairs, None, arrays[6]) == plain


@needs_kernel
def test_kernel_refuses_foreign_heads_and_roots():
    blob, i32 = toy().blob, np.zeros(1, np.int32)
    args = (blob, i32, i32, i32, i32, np.zeros(2, np.int64), i32[:0], i32, np.zeros(4, np.int64))
    with pytest.raises(ValueError, match="heads"):
        native.meteor.align_rows(*args, np.zeros(3, np.int32))
    with pytest.raises(ValueError, match="root"):
        native.meteor.align_rows(*args, None, np.array([10 ** 6], np.int32))


@needs_kernel
def test_kernel_long_repetitive_segments_equal_spec():
    """Long segments of few distinct words (many candidates a position: the beam of 40
    cuts), generated with a fixed seed."""
    import random

    rng = random.Random(19)
    vocab = ["the", "dog", "dogs", "hound", "a", "of"]
    segs = [([rng.choice(vocab) for _ in range(rng.randrange(20, 40))],
             [[rng.choice(vocab) for _ in range(rng.randrange(20, 40))]]) for _ in range(5)]
    resources = toy()
    rows = impl.rows_from_words([h for h, _ in segs], [rs for _, rs in segs], resources)
    assert rows.tolist() == spec_rows(segs, resources)


@needs_kernel
@given(st.lists(st.text(max_size=8), max_size=20))
@example(["", "Aa", "BB", "\U0001d49c", "\uffff", "é"])
def test_java_hashes_equal_spec(words):
    hashes = np.frombuffer(native.meteor.java_hashes(words), dtype=np.int32).tolist()
    assert hashes == [align.java_hash(w) for w in words]


@needs_kernel
def test_java_hash_hand_values():
    """By hand: "a" = 97; "ab" = 97 * 31 + 98 = 3105; "Aa" = 65 * 31 + 97 = 2112 =
    "BB" = 66 * 31 + 66; U+1D49C is the UTF-16 pair D835 DC9C: 0xD835 * 31 + 0xDC9C =
    55349 * 31 + 56476 = 1772295."""
    got = np.frombuffer(native.meteor.java_hashes(["a", "ab", "Aa", "BB", "\U0001d49c"]), dtype=np.int32)
    assert got.tolist() == [97, 3105, 2112, 2112, 1772295]


@given(st.lists(st.sampled_from(POOL + ["gone", "cars", "larger", "biggest", "leaves", "going", "ss", "dogful", ""]),
                max_size=10))
def test_lazy_synonym_dictionary_equals_the_spec_dictionary(words):
    """``impl.fast_synonyms`` (numbers parsed on first look-up) answers as the spec's
    ``SynonymDictionary``; the made-up file has a word twice (the later line wins)."""
    from bleuprint.metrics.meteor.synonyms import SynonymDictionary

    synsets = SYNSETS + b"dog\n5 6\n"
    fast, literal = impl.fast_synonyms(EXCEPTIONS, synsets), SynonymDictionary(EXCEPTIONS, synsets)
    for w in words:
        assert fast.synsets(w) == literal.synsets(w) and fast.stem_synsets(w) == literal.stem_synsets(w)


@needs_kernel
def test_table_vocabulary():
    """Every word of the made-up table has an id, in order of first appearance (in, order,
    to, big, car, large, automobile, ...): "in" 0, "to" 2; others are -1."""
    ids = native.meteor.word_ids(toy().blob, ["in", "to", "bucket", "nyc", "missing", "kick  the", ""])
    assert ids[:2] == [0, 2] and min(ids[2:4]) >= 0 and ids[4:] == [-1, -1, -1]


@needs_kernel
def test_bad_blob_and_buffers_are_refused():
    with pytest.raises(ValueError, match="paraphrase table"):
        native.meteor.word_ids(b"not a table" * 40, ["a"])
    blob, i32 = toy().blob, np.zeros(1, np.int32)
    with pytest.raises(ValueError, match="word number"):
        native.meteor.align_rows(blob, i32, i32, i32, i32, np.zeros(2, np.int64), i32[:0], np.array([5], np.int32),
                                 np.zeros(4, np.int64))
    with pytest.raises(ValueError, match="out of range"):
        native.meteor.align_rows(blob, i32, i32, i32, i32, np.zeros(2, np.int64), i32[:0], i32,
                                 np.array([0, 2, 0, 1], np.int64))


@needs_kernel
def test_paraphrase_cache_written_then_mapped(tmp_path, monkeypatch):
    """The first call builds and writes the blob (named by the .gz's sha256), the second
    maps the file even after the .gz's mtime changed (a reinstall); a damaged file is
    rebuilt, and the rewrite deletes the folder's stale blobs; BLEUPRINT_NO_CACHE writes
    nothing."""
    import hashlib
    import mmap

    gz = tmp_path / "p.gz"
    gz.write_bytes(gzip.compress(PARAPHRASES.encode("utf-8")))
    cache = tmp_path / "cache"
    monkeypatch.setenv("BLEUPRINT_CACHE_DIR", str(cache))
    monkeypatch.delenv("BLEUPRINT_NO_CACHE", raising=False)
    first = impl.paraphrase_blob(str(gz))
    assert isinstance(first, bytes) and bytes(first) == toy().blob
    files = list(cache.iterdir())
    assert len(files) == 1 and hashlib.sha256(gz.read_bytes()).hexdigest() in files[0].name
    os.utime(gz, ns=(1, 1))  # a reinstalled file: same bytes, another mtime -> the same cache file
    second = impl.paraphrase_blob(str(gz))
    assert isinstance(second, mmap.mmap) and second[:] == first
    second.close()
    files[0].write_bytes(b"damaged")
    stale = [cache / f"meteor-paraphrase-v1-123-456-{'0' * 64}.bin", cache / f"meteor-paraphrase-v1-{'f' * 64}.bin"]
    for path in stale:  # the older naming; another file's blob
        path.write_bytes(b"x")
    third = impl.paraphrase_blob(str(gz))
    assert bytes(third) == first and files[0].read_bytes() == first
    assert list(cache.iterdir()) == files  # the rewrite deleted the stale blobs
    monkeypatch.setenv("BLEUPRINT_NO_CACHE", "1")
    monkeypatch.setenv("BLEUPRINT_CACHE_DIR", str(tmp_path / "none"))
    assert bytes(impl.paraphrase_blob(str(gz))) == first and not (tmp_path / "none").exists()


def test_empty_corpus_has_no_rows():
    assert impl.meteor_rows([], []).shape == (0, score.STATS_LENGTH)
    if native.meteor is not None:
        assert impl.rows_from_words([], [], toy()).shape == (0, score.STATS_LENGTH)


@pytest.mark.parametrize("hyps, refs, error", [
    ("a b", [["a"]], TypeError),
    (["a b"], "a", TypeError),
    (["a b"], [["a"], ["b"]], ValueError),
    (["a b"], [[]], ValueError),
    (["a ||| b"], [["a"]], ValueError),
    (["a"], [["a\nb"]], ValueError),
    ([3], [["a"]], TypeError),
])
def test_bad_input_is_refused(hyps, refs, error):
    with pytest.raises(error, match="Meteor"):
        impl.meteor_rows(hyps, refs)


# ----------------------------------------------------------------- with the jar's resources

texts = st.lists(st.sampled_from(["The", "cats", "cat", "were", "running", "runs", "quickly", "fast", "big", "large",
                                  "car", "automobile", "bought", "purchased", "in", "order", "to", "of", "a", "the",
                                  "dog's", "don't", ",", ".", "!", "\"", "(", ")", "über", "Straße", "naïve", "--",
                                  "3.5", "U.S.", " ", ""]), max_size=14).map(" ".join)


@pytest.mark.slow
@needs_kernel
@needs_text_layer
@given(st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=3)), min_size=1, max_size=5))
@example([("", [""]), ("The cat", ["the cat"]), ("  ", ["a"])])
@example([("he bought a big car quickly", ["he purchased a large automobile fast"])])
def test_impl_rows_equal_spec_rows_on_texts(segs):
    hyps, refs = [h for h, _ in segs], [r for _, r in segs]
    assert impl.meteor_rows(hyps, refs).tolist() == [spec.meteor_segment_stats(h, r) for h, r in segs]


@needs_kernel
@needs_text_layer
@pytest.mark.skipif(not GOLDEN.exists(), reason="no Meteor golden file yet")
def test_impl_equals_the_jar_golden():
    """Every golden case's segments: the rows == the jar's SCORE answers; the corpus score
    within 1e-9 of the jar's EVAL answer."""
    cases = json.loads(GOLDEN.read_text(encoding="utf-8"))["cases"]
    assert cases
    for case in cases:
        rows = impl.meteor_rows(case["hyps"], case["refs"])
        assert rows.tolist() == case["jar_stats"], case["id"]
        assert abs(impl.meteor(case["hyps"], case["refs"]) - case["score"]) <= 1e-9, case["id"]


@pytest.mark.slow
@needs_kernel
@needs_text_layer
def test_impl_equals_the_live_jar_on_the_real_corpus(ted_ende):
    """2,000 segments of ted-ende (13 systems' outputs, one reference), and 300 with the
    next two systems' outputs as further references: rows == the jar's SCORE answers."""
    oracle_cases = _jar_or_skip()
    systems = list(ted_ende["systems"].values())
    reference = ted_ende["references"][0]
    hyps = [systems[k % len(systems)][(k * 7) % len(reference)] for k in range(2000)]
    refs = [[reference[(k * 7) % len(reference)]] for k in range(2000)]
    for k in range(300):
        i = k % len(reference)
        hyps.append(systems[k % len(systems)][i])
        refs.append([reference[i], systems[(k + 1) % len(systems)][i], systems[(k + 2) % len(systems)][i]])
    jar = oracle_cases.shared_jar()
    assert impl.meteor_rows(hyps, refs).tolist() == jar.stats(list(zip(hyps, refs)))


@needs_kernel
def test_repeated_pairs_are_aligned_once_with_the_same_rows():
    """A (hypothesis, reference) pair met again in a call takes the first one's row
    (``rows_from_words`` aligns it once): the rows of a corpus with repeats equal the rows
    of each segment computed alone (where nothing repeats)."""
    resources = toy()
    a, b = ["the", "dog", "went"], ["a", "hound", "go"]
    hyps, refs = [a, b, a, a, b], [[b], [a], [b], [a, b], [a]]
    rows = impl.rows_from_words(hyps, refs, resources)
    alone = [impl.rows_from_words([list(h)], [[list(r) for r in rs]], resources)[0].tolist()
             for h, rs in zip(hyps, refs)]
    assert rows.tolist() == alone
    assert rows.tolist() == spec_rows(list(zip(hyps, refs)), resources)


# ----------------------------------------------------------------- the C text layer

#: Characters every step of ``normalize`` reacts to (separators, dots, commas, quotes,
#: dashes, apostrophes, the Unicode spaces of step 9, ASCII controls that Java trims or
#: StringTokenizer splits at, letters inside and outside the jar's ALPHA, digits, an
#: astral character, a lone surrogate, letters whose lowercase changes length), and the
#: escape words of step 2.
NORM_PIECES = list("aZs19.,'`-\u2013\u2018\u2019\u201c\u201d\"!?()$%&/;:@ \t\x0b\f\u00a0\u2002\u202f\u3000"
                   "\u0085\u2028\u00e4\u00df\u0130\u03a3\u0410\u1d00\ua640\u0600\U0001d49c\udc00") + \
    ["DOTMULTI", "DOTDOTMULTI", "...", "Mr.", "No.", "U.S.", "e.g.", "don't", "1990's", "--", "''", "3,5", "a,b"]
norm_texts = st.lists(st.sampled_from(NORM_PIECES), max_size=16).map("".join)


def _jar_prefixes_or_skip():
    from bleuprint.metrics.meteor import normalize

    try:
        return normalize._prefixes()
    except ValueError as missing:
        pytest.skip(str(missing))


@needs_kernel
@needs_text_layer
@given(st.lists(st.one_of(norm_texts, st.text(max_size=12)), max_size=8))
@example(["", "   ", "The U.S.-based firm's 1990's \u201cboom\u201d -- ``it'' was", "Mr. Smith, 3,5 a,b ,1 1,"])
@example(["end.", "No. 5", "No. x", "e.g. Foo", "A.b. C", "x. y", "..", "a DOTMULTI b", "DOT.MULTI. x"])
@example(["a-b-c", "a--b", "a---b", "''' \u2018\u2018x\u2019\u2019", "'a' a'b 'a a' 5's 5'x", "\u0130stanbul \u03a3\u03a3"])
@example(["a\u00a0\u2002 b\x0b c\u0085d\u2028e", "\x0b x \x0b", "\U0001d49c\udc00 \u0600"])
def test_c_normalizer_equals_spec_words(texts):
    """``impl.words_of`` (``_meteor.normalize_lines``) gives the spec's words
    (``spec.words``: the stdio trim, ``normalize.tokens``) for every text."""
    _jar_prefixes_or_skip()
    assert impl.words_of(list(texts)) == [spec.words(t) for t in texts]


@needs_kernel
@needs_text_layer
def test_c_normalizer_equals_spec_words_on_the_real_corpus(ted_ende):
    """Every distinct text of ted-ende (German: quotes, dashes, numbers with separators)."""
    _jar_prefixes_or_skip()
    texts = sorted({t for group in [*ted_ende["systems"].values(), *ted_ende["references"]] for t in group})
    assert impl.words_of(texts) == [spec.words(t) for t in texts]


@needs_kernel
@given(st.lists(st.one_of(st.text(alphabet="ab \u00e9\u0100\U0001d49c", max_size=10),
                          st.lists(st.text(alphabet="ab\u00e9\u0100\U0001d49c", max_size=3), max_size=4)),
                max_size=8))
@example(["", " ", "a  b ", "\u00e9 \U0001d49c\u00e9 a", ["\u00e9", "a", ""], "a \u00e9 \U0001d49c\u00e9"])
def test_intern_lines_equals_intern_words_of_the_split_lines(items):
    """``intern_lines`` numbers a line's words (the pieces between single spaces, none
    for "") as ``intern_words`` numbers the split lists: the same vocabulary (equal str,
    whatever the width of the line they were cut from), tokens and offsets."""
    lists = [x if isinstance(x, list) else x.split(" ") if x else [] for x in items]
    assert native.meteor.intern_lines(list(items)) == native.meteor.intern_words(lists)


@needs_kernel
def test_intern_lines_refuses_what_is_not_a_line_or_a_list():
    for bad in ("a b", [b"a"], [["a", 1]], [None]):
        with pytest.raises(TypeError, match="intern_lines"):
            native.meteor.intern_lines(bad)


@needs_kernel
def test_c_normalizer_refuses_what_is_not_a_list_of_str():
    with pytest.raises(TypeError, match="list of str"):
        native.meteor.normalize_lines(["a", 3], {})
    with pytest.raises(TypeError):
        native.meteor.normalize_lines("a b", {})


@needs_kernel
def test_intern_words_by_hand():
    """[["a", "b"], ["b", "c", "a"], []]: the words numbered in order of first appearance,
    a 0, b 1, c 2; tokens 0 1 | 1 2 0 |; offsets 0, 2, 5, 5."""
    vocab, tokens, offsets = native.meteor.intern_words([["a", "b"], ["b", "c", "a"], []])
    assert vocab == ["a", "b", "c"]
    assert np.frombuffer(tokens, dtype=np.int32).tolist() == [0, 1, 1, 2, 0]
    assert np.frombuffer(offsets, dtype=np.int64).tolist() == [0, 2, 5, 5]
    for bad in ("a", [("a",)], [["a", 3]]):
        with pytest.raises(TypeError, match="lists of str"):
            native.meteor.intern_words(bad)


#: rows of 23 small integers; a drawn row may be made "perfect" (every word matched in one
#: chunk: the one-chunk rule of addStats) by setting its lengths to its matched totals
_row = st.lists(st.integers(0, 40), min_size=score.STATS_LENGTH, max_size=score.STATS_LENGTH)


def _perfected(row, perfect):
    if perfect:
        row = list(row)
        row[0] = sum(row[4 + 4 * s] + row[6 + 4 * s] for s in range(4))
        row[1] = sum(row[5 + 4 * s] + row[7 + 4 * s] for s in range(4))
        row[score.CHUNKS] = 1
    return row


@given(st.lists(st.builds(_perfected, _row, st.booleans()), min_size=1, max_size=30))
@example([[0] * score.STATS_LENGTH])
@example([[3, 3, 0, 0, 3, 3, 0, 0] + [0] * 12 + [1, 3, 3], [5, 4, 1, 1, 2, 2, 0, 1] + [0] * 12 + [2, 2, 3]])
def test_corpus_score_from_rows_equals_spec(rows):
    """``impl.meteor_corpus_from_rows`` (numpy sums) returns the spec's float exactly."""
    assert impl.meteor_corpus_from_rows(np.asarray(rows, dtype=np.int64)) == spec.meteor_corpus_from_rows(rows)
