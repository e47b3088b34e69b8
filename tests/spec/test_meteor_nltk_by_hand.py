"""nltk 3.10.4's METEOR worked out by hand (``bleuprint.metrics.meteor_nltk.spec``). No
WordNet is needed: synonyms come from a small table handed to ``pair_score``, or are off.
Scores are checked within 1e-12 of the fractions written out in each docstring."""

from __future__ import annotations

import pytest

from bleuprint.metrics.meteor_nltk import spec
from bleuprint.spec import corpus_score
from bleuprint.core.value import metric as configured

TOLERANCE = 1e-12


def table(**links):
    """A synonym source: ``word -> frozenset`` from the given links, nothing for the rest."""
    return lambda word: frozenset(links.get(word, ()))


def test_dog_hound():
    """"the dog" / "the hound", "hound" a synonym of "dog": "the" matches exactly, "dog"
    by synonym: m = 2, P = R = 1, Fmean = 1; one chunk, frag = 1/2, penalty
    0.5 (1/2)^3 = 1/16; score 15/16 = 0.9375."""
    assert spec.pair_score(["the", "dog"], ["the", "hound"], table(dog={"hound"})) == pytest.approx(
        15 / 16, abs=TOLERANCE)


def test_dog_hound_without_synonyms():
    """Without the synonym: m = 1, P = R = 1/2, Fmean = (1/4) / (0.45 + 0.05) = 1/2; one
    chunk, frag 1, penalty 1/2; score 1/4."""
    assert spec.segment_score("the dog", ["the hound"], synonyms=False) == pytest.approx(0.25, abs=TOLERANCE)


def test_identical_six_words():
    """An identical 6-word sentence: P = R = 1, one chunk of 6, penalty 0.5 (1/6)^3 =
    1/432, score 431/432 = 0.997685185... (nltk applies the penalty even here)."""
    assert spec.segment_score("a b c d e f", ["a b c d e f"], synonyms=False) == pytest.approx(
        431 / 432, abs=TOLERANCE)


def test_greedy_order_from_the_end():
    """"a b" / "a b a": from the last hypothesis word, "b" takes reference position 1, then
    "a" the *highest* free "a", position 2: matches (0, 2), (1, 1), two chunks. m = 2,
    P = 1, R = 2/3, Fmean = (2/3) / (0.9 + 0.1 (2/3)) = 20/29; frag = 1, penalty 1/2;
    score 10/29. (Left to right, "a" would take position 0: one chunk, a higher score.)"""
    assert spec.segment_score("a b", ["a b a"], synonyms=False) == pytest.approx(10 / 29, abs=TOLERANCE)
    assert spec.align(["a", "b"], ["a", "b", "a"], spec.no_synonyms) == [(0, 2), (1, 1)]


def test_partial_match_by_hand():
    """"a b c" / "a b x y": m = 2 in one chunk; P = 2/3, R = 1/2, Fmean = (1/3) / (0.6 +
    0.05) = 20/39; penalty 0.5 (1/2)^3 = 1/16; score (15/16)(20/39) = 25/52."""
    assert spec.segment_score("a b c", ["a b x y"], synonyms=False) == pytest.approx(25 / 52, abs=TOLERANCE)


def test_stem_stage():
    """"dogs running" / "dog runs": no exact match; the stems dog, run match both words in
    one chunk: P = R = 1, penalty 0.5 (1/2)^3; score 15/16."""
    assert spec.segment_score("dogs running", ["dog runs"], synonyms=False) == pytest.approx(15 / 16, abs=TOLERANCE)


def test_synonyms_of_the_stem():
    """nltk's synonym stage looks up the *stemmed* leftover ("happy" -> "happi"), so a
    synonym of "happy" never matches; a word whose stem is itself ("dog") does: m = 1,
    P = R = 1, penalty 1/2, score 1/2."""
    assert spec.pair_score(["happy"], ["glad"], table(happy={"glad"})) == 0.0
    assert spec.pair_score(["happi"], ["glad"], table(happi={"glad"})) == pytest.approx(0.5, abs=TOLERANCE)
    assert spec.pair_score(["dog"], ["hound"], table(dog={"hound"})) == pytest.approx(0.5, abs=TOLERANCE)


def test_best_reference():
    """The maximum over references: "a b c" against "x" scores 0, against itself
    1 - 0.5 (1/3)^3 = 53/54."""
    assert corpus_score(configured("meteor_nltk", synonyms=False), ["a b c"], [["x", "a b c"]]) == pytest.approx(
        53 / 54, abs=TOLERANCE)


def test_case_and_empty_sides():
    """Words are lowercased; an empty side, or no match, scores 0.0 (nltk's
    ZeroDivisionError branch)."""
    assert spec.segment_score("The DOG", ["the dog"], synonyms=False) == pytest.approx(1 - 0.5 / 8, abs=TOLERANCE)
    assert spec.segment_score("", ["the dog"], synonyms=False) == 0.0
    assert spec.segment_score("the dog", [""], synonyms=False) == 0.0
    assert spec.segment_score("a", ["b"], synonyms=False) == 0.0


def test_corpus_value_is_the_mean():
    """Two segments scoring 431/432 and 0: the corpus value 431/864."""
    assert spec.meteor_nltk(["a b c d e f", "x"], [["a b c d e f"], ["y"]], synonyms=False) == pytest.approx(
        431 / 864, abs=TOLERANCE)


@pytest.mark.parametrize("options, message", [({"fmean_alpha": 1.5}, "alpha"), ({"fmean_alpha": -0.1}, "alpha"),
                                              ({"beta": -1.0}, "beta"), ({"gamma": 2.0}, "gamma"),
                                              ({"gamma": float("nan")}, "gamma")])
def test_bad_parameters_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        spec.segment_score("a", ["a"], synonyms=False, **options)


def test_bad_types_are_refused():
    with pytest.raises(TypeError, match="synonyms"):
        spec.segment_score("a", ["a"], synonyms="no")
    with pytest.raises(TypeError, match="alpha"):
        spec.segment_score("a", ["a"], fmean_alpha="0.9", synonyms=False)
    with pytest.raises(TypeError, match="wordnet"):
        spec.segment_score("a", ["a"], wordnet=3)


def test_missing_wordnet_is_named(tmp_path):
    """With synonyms and a location holding no WordNet, a ValueError says what is missing."""
    with pytest.raises(ValueError, match="(?i)wordnet"):
        spec.segment_score("a", ["a"], wordnet=str(tmp_path))
