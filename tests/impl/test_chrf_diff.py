"""bleuprint.metrics.chrf.impl against bleuprint.metrics.chrf.spec (the differential test).

Tolerances: statistics must be *equal*, integer by integer (``chrf_stats_matrix`` row i
is ``spec.chrf_stats`` of sentence i). Corpus and sentence scores must agree within
1e-9 on the 0..100 scale (they are in fact equal: impl's one scorer, ``chrf_scores``,
performs the spec's operations in the spec's order). Its vectorised sentence scores that
choose the best reference must be bit-identical (``==``) to ``spec.chrf_from_stats`` row by
row, since equal scores have to compare equal for ties to go to the first reference as
in the spec.

The implementation has several internal paths (byte symbols read as 8-byte windows,
wider symbols packed by shifts, ``np.lexsort`` when a key does not fit in 63 bits,
sentence chunks, word ids from verified hashes or from strings, a literal fallback when
no separator character is free); ``PATHS`` forces each one by overriding a module
constant, and the differential tests run on every path (the kernel's also with its
n-gram counts split over threads).
"""

from __future__ import annotations

import contextlib
import importlib
import unicodedata

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bleuprint import spec
from bleuprint.impl import native
from bleuprint.strategies import chrf_options, corpora, sentences

fast = importlib.import_module("bleuprint.metrics.chrf.impl")

SCORE_TOLERANCE = 1e-9

#: Module constants that force each internal path (see the module docstring). Every path
#: but "kernel" is one of the numpy code's, with the compiled kernel switched off.
PATHS = {
    "kernel": {},
    "kernel-tiny-chunks": {},
    "kernel-threads": {},
    "default": {},
    "wide-symbols": {"_BYTE_ALPHABET": 0},
    "lexsort": {"_BYTE_ALPHABET": 0, "_KEY_BITS": 0},
    "tiny-chunks": {"_CHUNK": 3},
    "hash-collisions": {"_HASH_MULTIPLIER": np.uint64(0)},
    "no-free-separator": {"_SEPARATORS": ()},
}


@contextlib.contextmanager
def forced(path: str):
    on_kernel = path.startswith("kernel")
    if on_kernel and native.ngrams is None:
        pytest.skip("the compiled kernels are not built")
    saved = {name: getattr(fast, name) for name in PATHS[path]}
    kernel, chunk, threads, split = native.ngrams, native.CHUNK_CHARS, native.THREADS, native.SPLIT_MIN_SENTENCES
    if not on_kernel:
        native.ngrams = None
    plain = fast._PLAIN_LINES_MAX
    if path == "kernel-tiny-chunks":
        native.CHUNK_CHARS = 7
        fast._PLAIN_LINES_MAX = -1  # joined chunks, not one string per line
    # "kernel-threads": the matches counted in parts of one sentence and up, on threads
    native.THREADS, native.SPLIT_MIN_SENTENCES = (3, 1) if path == "kernel-threads" else (1, split)
    try:
        for name, value in PATHS[path].items():
            setattr(fast, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(fast, name, value)
        native.ngrams, native.CHUNK_CHARS = kernel, chunk
        native.THREADS, native.SPLIT_MIN_SENTENCES = threads, split
        fast._PLAIN_LINES_MAX = plain


def spec_rows(hyps, refs, options):
    return [spec.chrf_stats(h, r, **options) for h, r in zip(hyps, refs)]


def assert_same_as_spec(hyps, refs, options):
    got = fast.chrf_stats_matrix(hyps, refs, **options)
    orders = options.get("n", 6) + options.get("word_order", 0)
    assert got.dtype == np.int64 and got.shape == (len(hyps), 3 * orders)
    assert got.tolist() == spec_rows(hyps, refs, options)
    assert abs(fast.chrf(hyps, refs, **options) - spec.chrf(hyps, refs, **options)) <= SCORE_TOLERANCE


# Hard cases pinned as examples (corpus, options); the hand reasoning is in the comments.
EDGE_CASES = [
    # Empty strings: no n-gram anywhere, all statistics 0.
    ((["", "a"], [[""], ["", "a"]]), {}),
    # White space only, with whitespace=True the spaces are characters.
    ((["   ", " a "], [[" "], ["a", " a  "]]), {"whitespace": True}),
    ((["   ", " a "], [[" "], ["a", " a  "]]), {"whitespace": False}),
    # Leading and trailing spaces are kept with whitespace=True (no strip).
    (([" the cat ", "x\u3000y"], [["the cat", " the cat "], ["x y", "x\u3000y"]]),
     {"whitespace": True, "word_order": 2}),
    # Python-only white space (\x1c, U+2028, NEL, NBSP) and the zero-width space (not white).
    ((["a\x1cb\u2028c\x85d\xa0e", "a\u200bb"], [["abcde"], ["a b", "a\u200bb"]]), {"word_order": 2}),
    # str.lower changes lengths: 'İ' -> 'i' + U+0307; final sigma in both positions.
    ((["İstanbul İ", "ΟΔΟΣ ΣΑΣ. Σ"], [["i̇stanbul i̇", "istanbul"], ["οδος σας. σ", "οδοσ"]]),
     {"lowercase": True, "word_order": 2, "whitespace": True}),
    # chrF++ punctuation: one mark split per token, the last one first: "(hi)" -> "(hi", ")".
    ((["(hi) there. ,x ! a.b."], [["(hi ) there . , x ! a.b ."]]), {"word_order": 2, "n": 3}),
    # A reference tie: hyp "ab", n=1, beta=1: "aabb" gives P=1, R=1/2 and "a" gives
    # P=1/2, R=1; F = 2PR/(P+R) = 2/3 for both, so the first reference's statistics win.
    ((["ab"], [["aabb", "a"]]), {"n": 1, "beta": 1}),
    ((["ab"], [["a", "aabb"]]), {"n": 1, "beta": 1}),
    # Higher orders than any line has; more orders than key space for byte windows.
    ((["abc", "ab"], [["abc"], ["ab", "b"]]), {"n": 9, "word_order": 4}),
    # Several identical references and a varying number of references.
    ((["a b a b", "c"], [["a b a b", "a b a b", "b a b a"], ["c"]]), {"word_order": 1}),
    # 200 distinct words: word ids need 8 bits, yet the word stream is not bytes.
    (([" ".join(f"w{(7 * i + j) % 200}" for j in range(12)) for i in range(20)],
      [[" ".join(f"w{(11 * i + 3 * j) % 200}" for j in range(12))] for i in range(20)]), {"word_order": 2}),
    # Word-only chrF (n = 0, sacreBLEU's char_order=0): the word orders' columns alone,
    # with empty lines, a reference tie, white space kept (it changes nothing) and case.
    ((["the cat sat on the mat.", "hello", ""], [["the cat is on the mat."], ["hi there", "hello"], ["a"]]),
     {"n": 0, "word_order": 2}),
    ((["a b a b", "", "x"], [["b a b a", "a b a b"], [""], ["", "x y"]]),
     {"n": 0, "word_order": 3, "eps_smoothing": True}),
    ((["  The  Cat ", "(hi) there."], [["the cat", "The Cat"], ["( hi ) there ."]]),
     {"n": 0, "word_order": 1, "whitespace": True, "lowercase": True}),
    # Astral characters and more than 253 distinct characters (wide symbols).
    ((["\U0001F600\U00020000 x", "".join(map(chr, range(0x4E00, 0x4F40)))],
      [["\U0001F600 x"], ["".join(map(chr, range(0x4E10, 0x4F50)))]]), {"word_order": 2}),
]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("corpus", "options"), EDGE_CASES)
def test_edge_cases_equal_spec(path, corpus, options):
    with forced(path):
        assert_same_as_spec(*corpus, options)


@pytest.mark.parametrize("path", PATHS)
@given(corpus=corpora(), options=chrf_options(max_n=7, max_word_order=3))
@example(corpus=(["a"], [["a"]]), options={"n": 6, "beta": 2, "word_order": 2, "lowercase": False,
                                         "whitespace": False, "eps_smoothing": False})
@example(corpus=([""], [[""]]), options={"n": 1, "beta": 2, "word_order": 1, "lowercase": False,
                                       "whitespace": False, "eps_smoothing": False})  # no word at all
@example(corpus=(["a b", "b"], [["a b"], ["a", "b"]]), options={"n": 0, "beta": 2, "word_order": 2,
         "lowercase": False, "whitespace": False, "eps_smoothing": False})  # words only
def test_statistics_and_scores_equal_spec(path, corpus, options):
    """Every option of chrF/chrF++ on the strategies' hard-case corpora, on every path."""
    with forced(path):
        assert_same_as_spec(*corpus, options)


@st.composite
def sized_corpora(draw):
    """Corpora of up to 40 sentences from a random vocabulary of up to 400 words over an
    alphabet of up to 300 characters (some astral, some white space), so that the sizes
    that switch paths are crossed: 253 characters (bytes or wide symbols), 127/255 words
    (8-bit word ids), and sentence chunks. Built from a seed: cheap to draw and shrink."""
    seed = draw(st.integers(0, 2**32 - 1))
    n_chars = draw(st.sampled_from((2, 30, 120, 250, 253, 254, 300)))
    n_words = draw(st.sampled_from((1, 10, 126, 127, 128, 200, 254, 255, 256, 400)))
    n_sentences = draw(st.integers(1, 40))
    n_refs = draw(st.integers(1, 3))
    rng = __import__("random").Random(seed)
    alphabet = [chr(0x61 + i) if i < 26 else chr(0x100 + i) if i % 7 else chr(0x1F300 + i) for i in range(n_chars)]
    vocabulary = list({"".join(rng.choices(alphabet, k=rng.randint(1, 12))) + rng.choice(("", "", ".", ","))
                       for _ in range(n_words)})

    def line():
        return rng.choice((" ", "  ", "\u3000")).join(rng.choices(vocabulary, k=rng.randint(0, 15)))

    hyps = [line() for _ in range(n_sentences)]
    refs = [[rng.choice((hyp, line())) for _ in range(rng.randint(1, n_refs))] for hyp in hyps]
    return hyps, refs


@given(corpus=sized_corpora(), options=chrf_options(max_word_order=3))
@settings(max_examples=40)
def test_sized_corpora_equal_spec(corpus, options):
    assert_same_as_spec(*corpus, options)


@given(corpus=corpora(max_size=3), options=chrf_options())
def test_sentence_level_functions_equal_spec(corpus, options):
    hyps, refs = corpus
    for hyp, r in zip(hyps, refs):
        assert fast.chrf_stats(hyp, r, **options) == spec.chrf_stats(hyp, r, **options)
        got, want = fast.sentence_chrf(hyp, r, **options), spec.sentence_chrf(hyp, r, **options)
        assert abs(got - want) <= SCORE_TOLERANCE


@given(
    hyp=sentences(),
    refs=st.lists(sentences(), min_size=1, max_size=4),
    copies=st.integers(1, 3),
    options=chrf_options(),
)
def test_ties_between_references_go_to_the_first(hyp, refs, copies, options):
    """Duplicated and permuted references: the chosen statistics are the spec's, for
    every order of the same references."""
    refs = refs * copies
    assert_same_as_spec([hyp, hyp], [refs, refs[::-1]], options)


def test_a_word_hash_collision_is_caught_and_the_words_compared_as_strings():
    """With the hash multiplier forced to 0 the key of a word of 9+ symbols is its last
    chunk of 8 symbols, so "abcdefghxyz" and "ijklmnopxyz" (both 11 symbols, last chunk
    "xyz") collide; the full comparison must catch it and the string path must give the
    spec's statistics. Without the forcing the hash path is used (no string path call)."""
    calls = []
    original = fast._word_stream

    def counting(*args):
        calls.append(args)
        return original(*args)

    corpus = (["abcdefghxyz ijklmnopxyz abcdefghxyz"], [["ijklmnopxyz abcdefghxyz x", "abcdefghxyz"]])
    fast._word_stream = counting
    try:
        with forced("default"):
            assert_same_as_spec(*corpus, {"word_order": 2})
        assert calls == []
        with forced("hash-collisions"):
            assert_same_as_spec(*corpus, {"word_order": 2})
        assert calls
    finally:
        fast._word_stream = original


# -- The vectorised sentence scores are bit-identical to spec.chrf_from_stats. --------------

@st.composite
def stats_rows(draw):
    orders = draw(st.integers(1, 6))
    count = st.integers(0, 40)
    rows = []
    for _ in range(draw(st.integers(1, 8))):
        row = []
        for _ in range(orders):
            h, r = draw(count), draw(count)
            row += [h, r, draw(st.integers(0, min(h, r)))]
        rows.append(row)
    return orders, rows


@given(
    data=stats_rows(),
    beta=st.one_of(st.sampled_from((1, 2, 3, 0, 0.5, -2, 1e-200, 1e150)),
                   st.floats(-1e6, 1e6, allow_nan=False)),
    eps_smoothing=st.booleans(),
)
@example(data=(1, [[2, 4, 2], [2, 1, 1]]), beta=1, eps_smoothing=False)  # the tie above
@example(data=(2, [[0, 0, 0, 3, 0, 0]]), beta=2, eps_smoothing=True)
def test_sentence_scores_are_bit_identical(data, beta, eps_smoothing):
    """``==`` on floats, not a tolerance: the best reference is the first one with the
    strictly greatest score, so the same statistics must give the same float."""
    orders, rows = data
    got = fast.chrf_scores(np.array(rows, dtype=np.int64), n=orders, beta=beta, eps_smoothing=eps_smoothing)[0]
    want = [spec.chrf_from_stats(row, orders, beta, eps_smoothing=eps_smoothing) for row in rows]
    assert got.tolist() == want


@pytest.mark.parametrize("beta", [float("inf"), -float("inf"), float("nan"), 1e200, 10**200])
def test_non_finite_beta_is_refused_like_the_spec(beta):
    """A beta that is not finite, or whose square is not (1e200, 10**200), would make every
    sentence score NaN or overflow; spec and impl both refuse it with a ValueError naming
    beta."""
    for module in (spec, fast):
        for call in (lambda: module.chrf(["a b"], [["a c"]], beta=beta),
                     lambda: module.chrf_stats("a b", ["a c"], beta=beta),
                     lambda: module.chrf_from_stats([1, 1, 1] * 6, beta=beta)):
            with pytest.raises(ValueError, match="beta"):
                call()
    with pytest.raises(ValueError, match="beta"):
        fast.chrf_stats_matrix(["a b"], [["a c"]], beta=beta)


# -- Errors: the same exception type and message as the spec. -------------------------------

BAD_CORPORA = [
    pytest.param("a", [["a"]], {}, id="hyps-bare-str"),
    pytest.param([], [], {}, id="empty-corpus"),
    pytest.param(None, [["a"]], {}, id="hyps-none"),
    pytest.param(["a", 3], [["a"], ["b"]], {}, id="hyp-not-str"),
    pytest.param(["a"], "a", {}, id="refs-bare-str"),
    pytest.param(["a"], ["a"], {}, id="reference-list-bare-str"),
    pytest.param(["a", "b"], [["a"]], {}, id="mismatched-lengths"),
    pytest.param(["a"], [[]], {}, id="empty-reference-list"),
    pytest.param(["a"], [["a", None]], {}, id="reference-not-str"),
    pytest.param(("a",), (("a",),), {}, id="tuples-are-fine"),
    pytest.param(["a"], [["a"]], {"n": 0}, id="n-zero"),
    pytest.param(["a"], [["a"]], {"n": 0, "word_order": 0, "eps_smoothing": True}, id="no-order-at-all"),
    pytest.param(["a"], [["a"]], {"n": 0, "word_order": 1}, id="word-only-is-fine"),
    pytest.param(["a"], [["a"]], {"n": -1, "word_order": 2}, id="n-negative"),
    pytest.param(["a"], [["a"]], {"n": 2.0}, id="n-float"),
    pytest.param(["a"], [["a"]], {"n": True}, id="n-bool"),
    pytest.param(["a"], [["a"]], {"word_order": -1}, id="word-order-negative"),
    pytest.param(["a"], [["a"]], {"beta": "2"}, id="beta-str"),
    pytest.param(["a"], [["a"]], {"beta": None}, id="beta-none"),
    pytest.param(["a"], [["a"]], {"beta": 1e200}, id="beta-overflows"),
    pytest.param(["a"], [["a"]], {"beta": 10**200}, id="int-beta-too-large-for-a-float"),
    pytest.param([3], [["a"]], {"n": 0}, id="corpus-checked-before-options"),
]


def outcome(function, *args, **kwargs):
    try:
        return ("ok", function(*args, **kwargs))
    except (TypeError, ValueError, OverflowError) as error:
        return (type(error), str(error))


@pytest.mark.parametrize(("hyps", "refs", "options"), BAD_CORPORA)
def test_bad_input_behaves_like_spec(hyps, refs, options):
    want = outcome(spec.chrf, hyps, refs, **options)
    assert outcome(fast.chrf, hyps, refs, **options) == want
    matrix = outcome(fast.chrf_stats_matrix, hyps, refs, **options)
    if want[0] == "ok":
        assert matrix[1].tolist() == spec_rows(hyps, refs, options)
    else:
        assert matrix == want


@pytest.mark.parametrize(
    ("hyp", "refs", "options"),
    [
        (3, ["a"], {}),
        ("a", "a", {}),
        ("a", [], {}),
        ("a", [b"a"], {}),
        ("a", ["a"], {"n": -1}),
        ("a", ["a"], {"word_order": 1.5}),
        ("a", ["a"], {"beta": [2]}),
    ],
)
def test_bad_sentence_input_behaves_like_spec(hyp, refs, options):
    for name in ("chrf_stats", "sentence_chrf"):
        assert outcome(getattr(fast, name), hyp, refs, **options) == outcome(getattr(spec, name), hyp, refs, **options)


# -- Facts the implementation relies on. -----------------------------------------------------

def test_white_space_table_is_what_str_split_uses():
    """The dropped characters are exactly Python's white space (str.isspace, which is
    what str.split() splits on), checked over all of Unicode for this Python."""
    assert list(fast.WHITESPACE_CODE_POINTS) == [c for c in range(0x110000) if chr(c).isspace()]
    assert all(("a" + chr(c) + "b").split() == ["a", "b"] for c in fast.WHITESPACE_CODE_POINTS)


def test_separators_survive_lowercasing_and_are_never_produced_by_it():
    """Lowercasing the joined corpus once equals lowercasing each line only if the
    separator is left alone by str.lower, no character lowercases into it, and it is
    neither cased nor case-ignorable (a control or private-use character), so that it
    ends a word for the final-sigma rule as the end of a string does."""
    separators = {chr(c) for c in fast._SEPARATORS}
    assert all(s.lower() == s and not s.isspace() for s in separators)
    assert {unicodedata.category(s) for s in separators} <= {"Cc", "Co"}
    for c in range(0x110000):
        if 0xD800 <= c <= 0xDFFF:
            continue
        lowered = chr(c).lower()
        if lowered != chr(c):
            assert not set(lowered) & separators, hex(c)


@given(st.lists(sentences(), min_size=1, max_size=6))
@settings(max_examples=50)
def test_lowercasing_the_joined_lines_equals_lowercasing_each(lines):
    separator = fast._separator(lines)
    if separator is None:  # pragma: no cover - needs thousands of distinct characters
        return
    joined = (separator.join(lines) + separator).lower()
    assert joined == separator.join(line.lower() for line in lines) + separator


# -- Real MT output. ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ted(ted_ende):
    data = ted_ende
    refs = [[r] for r in data["references"][0]]
    system = sorted(data["systems"])[0]
    return data["systems"][system], refs


@pytest.mark.parametrize("options", [{}, {"word_order": 2}, {"word_order": 2, "lowercase": True, "whitespace": True}])
def test_ted_system_equals_spec(ted, options):
    hyps, refs = ted
    assert_same_as_spec(hyps, refs, options)
