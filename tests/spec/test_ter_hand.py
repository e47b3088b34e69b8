"""TER traps pinned by hand: each expected value is derived in the test's docstring.

Tolerances: statistics exactly (``==``: the edit count is an int, the average reference
length a float that is exact here); scores within ``SCORE_TOLERANCE`` = 1e-9 on the
0..100 scale. Words are whitespace-separated lowercased tokens (the Tercom tokenizer's
default). No sacreBLEU is needed.
"""

from __future__ import annotations

import importlib

import pytest

from bleuprint.metrics.ter.spec import edits_with_shifts, sentence_ter, ter, ter_from_stats, ter_stats
from bleuprint.metrics.ter.tercom import tokenize_tercom

SCORE_TOLERANCE = 1e-9

# The module, not the function ``bleuprint.metrics.ter.spec`` that the package exports.
ter_module = importlib.import_module("bleuprint.metrics.ter.spec")


def _words(n: int) -> list[str]:
    return [f"w{i}" for i in range(n)]


def _count_candidates(monkeypatch) -> list[int]:
    """Record the cumulative candidate count after each round of the shift search."""
    counts: list[int] = []
    real = ter_module.best_shift

    def recording(hyp, ref, checked):
        result = real(hyp, ref, checked)
        counts.append(result[2])
        return result

    monkeypatch.setattr(ter_module, "best_shift", recording)
    return counts


def test_empty_hypothesis_scores_100_not_0():
    """'' against 'a b c': no hypothesis word, so no shift; the edit distance from the
    empty row is D[0][3] = 3 insertions. Stats [3, 3.0]; TER = 100 * 3/3 = 100.0. (A
    re-implementation that returns 0 for an empty hypothesis gets this wrong.)"""
    assert ter_stats("", ["a b c"]) == [3, 3.0]
    assert abs(sentence_ter("", ["a b c"]) - 100.0) <= SCORE_TOLERANCE


def test_hypothesis_and_reference_are_not_swapped():
    """hyp 'a b' against ref 'a b c d': two insertions, length 4 -> [2, 4.0], 50.0.
    Swapped, hyp 'a b c d' against ref 'a b': two deletions, length 2 -> [2, 2.0], 100.0.
    The normalising length is the reference's, so the two orders differ."""
    assert ter_stats("a b", ["a b c d"]) == [2, 4.0]
    assert abs(sentence_ter("a b", ["a b c d"]) - 50.0) <= SCORE_TOLERANCE
    assert ter_stats("a b c d", ["a b"]) == [2, 2.0]
    assert abs(sentence_ter("a b c d", ["a b"]) - 100.0) <= SCORE_TOLERANCE


def test_two_swapped_blocks_of_ten_take_one_shift(monkeypatch):
    """ref = w0..w19, hyp = w10..w19 w0..w9 (two blocks of 10 swapped).

    Without shifts: 20 distinct words, no word at its reference position; the diagonal wins
    every tie, so D[i][i] = i by substitutions and the distance is 20, every word an error,
    align[r] = r. Moving hyp[0:10] (w10..w19, 10 words = MAX_SHIFT_SIZE, allowed) to target
    20 gives the reference: gain 20, the largest possible. Candidates in round 1: for each
    block, the pairs (hyp start, ref start) of equal words give spans of 1..m words
    (m = 10, 9, .., 1), each with L + 1 distinct targets: 2 * sum_m sum_{L<=m} (L+1) =
    2 * 275 = 550 < 1000, so the cap does not bite; round 2 finds nothing (all words
    correct). Edits = 1 shift + 0 = 1; stats [1, 20.0]; TER = 100 * 1/20 = 5.0.
    """
    counts = _count_candidates(monkeypatch)
    ref = _words(20)
    hyp = ref[10:] + ref[:10]
    assert ter_stats(" ".join(hyp), [" ".join(ref)]) == [1, 20.0]
    assert counts == [550, 550]
    assert abs(sentence_ter(" ".join(hyp), [" ".join(ref)]) - 5.0) <= SCORE_TOLERANCE


def test_a_block_of_eleven_cannot_move_at_once(monkeypatch):
    """ref = w0..w21, hyp = w11..w21 w0..w10 (two blocks of 11 swapped).

    One shift turning hyp into ref would have to move a whole block of 11 > MAX_SHIFT_SIZE.
    The hypothesis is a permutation of the reference, so any other arrangement is at
    distance >= 2 (one substitution would change the multiset): round 1's best gain is at
    most 22 - 2 = 20, reached by moving a 10-word block (e.g. w0..w9 to the front leaves
    w0..w9 w11..w21 w10, distance 2); round 2 moves the one stray word (gain 2); round 3
    finds nothing. 680 + 1 candidates < 1000. Edits = 2 shifts + 0 = 2; stats [2, 22.0];
    TER = 100 * 2/22 = 9.0909...
    """
    counts = _count_candidates(monkeypatch)
    ref = _words(22)
    hyp = ref[11:] + ref[:11]
    assert ter_stats(" ".join(hyp), [" ".join(ref)]) == [2, 22.0]
    assert counts[-1] < 1000
    assert abs(sentence_ter(" ".join(hyp), [" ".join(ref)]) - 100 * (2 / 22)) <= SCORE_TOLERANCE


def test_a_shift_may_not_travel_more_than_fifty_words():
    """hyp = 'p q r' + f0..f{n-1}, ref = f0..f{n-1} + 'p q r'.

    The edit distance matches the n filler words (offset 3, inside the band): 3 deletions
    at the front, 3 insertions at the end, distance 6; the filler words are correct, so
    only spans of 'p q r' are worth shifting, and those pair hyp start h in 0..2 with ref
    start n + h: a distance of n. With n = 51 > MAX_SHIFT_DISTANCE = 50 they are skipped:
    no candidate, edits = 6, stats [6, 54.0]. With n = 50 the block moves to the end in one
    shift (gain 6): edits = 1, stats [1, 53.0]."""
    far, near = _words(51), _words(50)
    assert ter_stats(" ".join(["p", "q", "r"] + far), [" ".join(far + ["p", "q", "r"])]) == [6, 54.0]
    assert ter_stats(" ".join(["p", "q", "r"] + near), [" ".join(near + ["p", "q", "r"])]) == [1, 53.0]


def test_the_band_can_make_the_distance_exceed_levenshtein():
    """hyp = 'a b', ref = 'a' + 60 x's + 'b' (62 words). True Levenshtein: match a, insert
    60 x's, match b = 60.

    Banded: ratio = 62/2 = 31, ratio/2 = 15.5 <= 25, so the half-width stays 25. Row 1
    (not the last) covers only j in [31 - 25, 31 + 25) = [6, 56): the cell (1, 1) where 'a'
    matches is outside, and D[1][j] = j there (substitution of 'a' for x from D[0][j-1] =
    j - 1). Row 2 is the last, computed in full: D[2][j] = j for 7 <= j <= 56 (substitution
    of 'b' for x from D[1][j-1]), then insertions up to D[2][62] = 62: the match of 'b' at
    (2, 62) would need D[1][61], outside the band. Shifts: 'b' (hyp 1) and its match
    (ref 61) are 60 > 50 apart; 'a' (hyp 0, ref 0) can only go to target 0, which leaves
    the words as they are (gain 0). Edits = 62; stats [62, 62.0]; TER 100.0, not 96.77.
    """
    hyp, ref = ["a", "b"], ["a"] + ["x"] * 60 + ["b"]
    assert ter_module.edit_distance_with_trace(hyp, ref)[0] == 62
    assert edits_with_shifts(hyp, ref) == (62, 62)


def test_the_band_widens_for_very_uneven_lengths():
    """band_half_width: 25 while ratio/2 <= 25 (n_ref <= 50 n_hyp), else
    ceil(ratio/2 + 25): 1 hyp word and 50 ref words -> ratio/2 = 25 -> 25; 51 ref words ->
    25.5 -> ceil(50.5) = 51; 2 hyp words and 130 ref words -> 32.5 -> ceil(57.5) = 58."""
    assert ter_module.band_half_width(1, 50) == 25
    assert ter_module.band_half_width(1, 51) == 51
    assert ter_module.band_half_width(2, 130) == 58
    assert ter_module.band_half_width(0, 7) == 25


def test_the_candidate_cap_discards_the_shift_found(monkeypatch):
    """hyp = a^20 b^20, ref = b^20 a^20 (40 words each).

    Edit distance: a monotone alignment can match a's or b's but not both, and whatever
    k words it matches, the two halves still cost 20 each: distance 40, reached on the
    diagonal (all substitutions), which wins ties, so every word is an error and
    align[r] = r; no span is filtered out (align[ref start] >= 20 lies after any a-span).
    Candidates in round 1: the a-spans alone, hyp start h < 20 against ref start r >= 20,
    give min(10, 20 - h, 40 - r) spans per pair, 2,485 spans, each with >= 1 target, so
    the cumulative count passes MAX_SHIFT_CANDIDATES = 1000 during round 1 (at 1004,
    after the span in progress). The loop then stops and *discards* the shift found,
    though its gain is positive (moving a 10-word block of b's to the front saves 20).
    Edits = 0 shifts + 40 = 40; stats [40, 40.0]; TER 100.0. (An uncapped search, or one
    that applies the last shift, scores far lower.)
    """
    counts = _count_candidates(monkeypatch)
    hyp = ["a"] * 20 + ["b"] * 20
    ref = ["b"] * 20 + ["a"] * 20
    assert edits_with_shifts(hyp, ref) == (40, 40)
    assert counts == [1004]
    assert abs(sentence_ter(" ".join(hyp), [" ".join(ref)]) - 100.0) <= SCORE_TOLERANCE


def test_edits_and_length_from_different_references():
    """'a b' against refs '' and 'a b c': against '' -> (2 deletions, length 0); against
    'a b c' -> (1 insertion, length 3). E = min(2, 1) = 1, L = (0 + 3) / 2 = 1.5 (the
    average, not the length of the best reference). TER = 100 * (1 / 1.5) = 66.67."""
    assert ter_stats("a b", ["", "a b c"]) == [1, 1.5]
    assert abs(sentence_ter("a b", ["", "a b c"]) - 100 * (1 / 1.5)) <= SCORE_TOLERANCE


def test_corpus_rule_for_zero_reference_length():
    """With summed L = 0: 100.0 if E > 0 (words against empty references), 0.0 if E = 0
    (nothing against nothing). Corpus ['a b', ''] against [''], ['']: rows [2, 0.0] and
    [0, 0.0], sum [2, 0.0] -> 100.0. Corpus ['', ''] against [''], [''] -> [0, 0.0] -> 0.0.
    And a single empty reference counts as length 0 in a pooled corpus: ['a b', 'c']
    against [''], ['c'] -> [2, 0.0] + [0, 1.0] = [2, 1.0] -> 200.0 (TER above 100)."""
    assert ter(["a b", ""], [[""], [""]]) == 100.0
    assert ter(["", ""], [[""], [""]]) == 0.0
    assert ter_from_stats([2, 0.0]) == 100.0
    assert ter_from_stats([0, 0.0]) == 0.0
    assert abs(ter(["a b", "c"], [[""], ["c"]]) - 200.0) <= SCORE_TOLERANCE


def test_shift_examples():
    """'d e f g h a b c' vs 'a b c d e f g h': one shift of 'a b c' to the front,
    E = 1, L = 8 -> 12.5. 'the cat sat on the mat' vs 'on the mat the cat sat': one shift
    of 'on the mat' (3 words) -> E = 1, L = 6 -> 16.666..."""
    assert ter_stats("d e f g h a b c", ["a b c d e f g h"]) == [1, 8.0]
    assert abs(sentence_ter("d e f g h a b c", ["a b c d e f g h"]) - 12.5) <= SCORE_TOLERANCE
    assert ter_stats("the cat sat on the mat", ["on the mat the cat sat"]) == [1, 6.0]


def test_tokenizer_normalized_splits_possessive_and_period():
    """normalized: lowercase "jim's car.", pad, R1 (no character of its set but the
    spaces), "'s " -> " 's ", R2 splits the final period -> "jim 's car ."."""
    assert tokenize_tercom("Jim's car.", normalized=True) == "jim 's car ."
    assert tokenize_tercom("Jim's car.") == "jim's car."


def test_tokenizer_no_punct():
    """no_punct deletes . , ? : ; ! \" ( ) wherever they are: "A ; B ) C : D." ->
    "a  b  c  d" -> "a b c d"; "4.2" -> "42" (the period goes even between digits)."""
    assert tokenize_tercom("A ; B ) C : D.", no_punct=True) == "a b c d"
    assert tokenize_tercom("4.2", no_punct=True) == "42"


def test_tokenizer_case_sensitive_and_its_effect_on_ter():
    """Lowercasing is the default; case_sensitive keeps case. 'The cat' vs 'the cat':
    0 edits by default, 1 substitution (The/the) with case_sensitive -> 50.0."""
    assert tokenize_tercom("The CAT") == "the cat"
    assert tokenize_tercom("The CAT", case_sensitive=True) == "The CAT"
    assert ter_stats("The cat", ["the cat"]) == [0, 2.0]
    assert ter_stats("The cat", ["the cat"], case_sensitive=True) == [1, 2.0]
    assert abs(sentence_ter("The cat", ["the cat"], case_sensitive=True) - 50.0) <= SCORE_TOLERANCE


def test_tokenizer_asian_support():
    """asian_support needs normalized or no_punct to act. normalized + asian: every CJK
    ideograph is padded -> '美 众 院 公 布 对 特'; kana runs stay whole -> 'りの 拳 銃 を 持'.
    asian alone: unchanged. no_punct + asian: the full-width comma U+FF0C and the
    ideographic full stop U+3002 are deleted -> '你好世界'; no_punct alone keeps them."""
    assert tokenize_tercom("美众院公布对特", normalized=True, asian_support=True) == "美 众 院 公 布 对 特"
    assert tokenize_tercom("りの拳銃を持", normalized=True, asian_support=True) == "りの 拳 銃 を 持"
    assert tokenize_tercom("美众院公布对特", asian_support=True) == "美众院公布对特"
    assert tokenize_tercom("你好，世界。", no_punct=True, asian_support=True) == "你好世界"
    assert tokenize_tercom("你好，世界。", no_punct=True) == "你好，世界。"


def test_tokenizer_lowercases_before_unescaping():
    """Lowercasing comes first, so '&QUOT;' becomes '&quot;' and then '"' (normalized),
    which R1 pads: 'say &QUOT;hi&QUOT;' -> 'say " hi "'. With case_sensitive '&QUOT;' is not
    an entity; R1 pads '&' and ';' -> 'say & QUOT ; hi & QUOT ;'."""
    assert tokenize_tercom("say &QUOT;hi&QUOT;", normalized=True) == 'say " hi "'
    assert tokenize_tercom("say &QUOT;hi&QUOT;", normalized=True, case_sensitive=True) == "say & QUOT ; hi & QUOT ;"


def test_only_trailing_white_space_is_stripped_and_blank_is_empty():
    """TER right-strips each line before tokenizing; the tokenizer then collapses white
    space, so '  a b \\t' has the words ['a', 'b'] and a blank reference is empty:
    'a' against '   ' -> (1 deletion, length 0)."""
    assert ter_stats("  a b \t", ["a b"]) == [0, 2.0]
    assert ter_stats("a", ["   "]) == [1, 0.0]


def test_bad_input():
    """A bare string as references is a TypeError; mismatched lengths a ValueError."""
    with pytest.raises(TypeError, match="bare str"):
        ter_stats("a", "a")
    with pytest.raises(ValueError, match="mismatched lengths"):
        ter(["a", "b"], [["a"]])
    with pytest.raises(TypeError):
        ter("a b", [["a b"]])
    with pytest.raises(ValueError, match="2 numbers"):
        ter_from_stats([1, 2, 3])


# --- The line limit (``MAX_WORDS``) ------------------------------------------------------

LIMIT = ter_module.MAX_WORDS


def _refuse_searches(monkeypatch) -> None:
    """Make any search fail, so that a refusal is shown to come before the first one."""
    def no_search(hyp, ref):
        raise AssertionError("the shift search ran before the lengths were checked")

    monkeypatch.setattr(ter_module, "edits_with_shifts", no_search)


def test_a_line_beyond_the_limit_is_refused_before_any_search(monkeypatch):
    """A hypothesis or a reference of ``MAX_WORDS + 1`` TER words is a ValueError that
    names the segment (``hyp`` for ``ter_stats``, ``hyps[i]`` in a corpus, and which
    reference, 1-based, when there are several), gives both lengths and the limit, and comes
    before any search (the search is replaced by a failure here), even when the segment
    at fault is not the first of the corpus."""
    from bleuprint import spec

    over = " ".join(_words(LIMIT + 1))
    limit = f"is beyond the limit of {LIMIT} words per line"
    _refuse_searches(monkeypatch)
    with pytest.raises(ValueError, match=rf"^hyp: TER of a {LIMIT + 1}-word hypothesis against a 1-word "
                                         rf"reference {limit}"):
        ter_stats(over, ["a"])
    with pytest.raises(ValueError, match=rf"^hyp: TER of a 2-word hypothesis against a {LIMIT + 1}-word "
                                         rf"reference \(reference 2 of 3\) {limit}"):
        ter_stats("a b", ["a", over, "b"])
    with pytest.raises(ValueError, match=rf"^hyps\[2\]: TER of a {LIMIT + 1}-word hypothesis against a "
                                         rf"0-word reference {limit}"):
        ter(["a b", "a", over], [["a"], ["b"], [""]])
    with pytest.raises(ValueError, match=rf"^hyps\[1\]: TER of a 1-word hypothesis against a {LIMIT + 1}-word "
                                         rf"reference \(reference 2 of 2\) {limit}"):
        ter(["a b", "a"], [["a"], ["b", over]])
    with pytest.raises(ValueError, match=rf"^hyps\[1\]: TER of a {LIMIT + 1}-word hypothesis .* {limit}"):
        spec.sentence_stats("ter", ["a", over], [["a"], ["b"]])
    with pytest.raises(ValueError, match=rf"^hyps\[0\]: TER of a {LIMIT + 1}-word hypothesis .* {limit}"):
        sentence_ter(over, ["a"])


def test_the_limit_counts_ter_words_and_a_line_at_the_limit_is_computed():
    """The limit applies to the words TER compares (after its tokenizer) and a line of
    exactly ``MAX_WORDS`` words is accepted, on either side:

    * ``MAX_WORDS`` words against the empty reference: every word deleted, length 0 ->
      ``[MAX_WORDS, 0.0]``; the empty hypothesis against them: ``MAX_WORDS`` insertions
      -> ``[MAX_WORDS, MAX_WORDS]``;
    * ``MAX_WORDS // 2 + 1`` words ``x.`` are that many words, but twice as many with
      ``normalized=True``, which splits off the period (``x .``): over the limit."""
    at_limit = " ".join(_words(LIMIT))
    assert ter_stats(at_limit, [""]) == [LIMIT, 0.0]
    assert ter_stats("", [at_limit]) == [LIMIT, float(LIMIT)]
    dotted = " ".join(["x."] * (LIMIT // 2 + 1))
    assert ter_stats(dotted, [""]) == [LIMIT // 2 + 1, 0.0]
    with pytest.raises(ValueError, match=rf"^hyp: TER of a {2 * (LIMIT // 2 + 1)}-word hypothesis"):
        ter_stats(dotted, [""], normalized=True)
