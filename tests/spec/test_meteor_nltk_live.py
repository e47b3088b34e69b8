"""bleuprint's nltk METEOR against nltk 3.10.4 itself, live (skipped without nltk or the
WordNet 3.0 files): nltk's own doctest examples, the issue's two figures, and random
corpora of English words with stem and WordNet links. Scores must be equal (``==``)."""

from __future__ import annotations

import random

import pytest

pytestmark = pytest.mark.slow  # nltk loads WordNet: about 12 s

from bleuprint.metrics.meteor_nltk import impl, spec


@pytest.fixture(scope="module")
def oracle():
    pytest.importorskip("nltk")
    from bleuprint.metrics.meteor_nltk.oracle_cases import oracle_sentence_scores

    try:
        oracle_sentence_scores(["a"], [["a"]], synonyms=True)
    except RuntimeError as exc:
        pytest.skip(str(exc))
    return oracle_sentence_scores


HYPOTHESIS1 = "It is a guide to action which ensures that the military always obeys the commands of the party"
REFERENCES = ["It is a guide to action that ensures that the military will forever heed Party commands",
              "It is the guiding principle which guarantees the military forces always being under the command of "
              "the Party",
              "It is the practical guide for the army always to heed the directions of the party"]


def test_nltk_doctest_and_issue_figures(oracle):
    """nltk's doctest: 0.6944 (rounded) for hypothesis1; "the dog" / "the hound" 0.9375;
    an identical 6-word sentence 0.997685... (the breadth notes' figures)."""
    hyps = [HYPOTHESIS1, HYPOTHESIS1, "the dog", "a b c d e f", "non matching hypothesis"]
    refs = [REFERENCES[:1], REFERENCES, ["the hound"], ["a b c d e f"], ["this is a cat"]]
    expected = oracle(hyps, refs)
    assert round(expected[0], 4) == 0.6944 and expected[2] == 0.9375 and expected[4] == 0.0
    assert [spec.segment_score(h, r) for h, r in zip(hyps, refs)] == expected
    assert [row[0] for row in impl.meteor_nltk_rows(hyps, refs)] == expected


def test_random_english_corpora(oracle):
    """300 seeded segments over words that stem and link in WordNet, 1-3 references."""
    rng = random.Random(19)
    words = ("the a dog dogs hound canine big large great house home houses happy glad felicitous run ran runs "
             "running car auto automobile quick fast speedy Man men woman women on in at").split()
    hyps = [" ".join(rng.choice(words) for _ in range(rng.randint(0, 9))) for _ in range(300)]
    refs = [[" ".join(rng.choice(words) for _ in range(rng.randint(0, 9))) for _ in range(rng.randint(1, 3))]
            for _ in range(300)]
    for options in ({}, {"fmean_alpha": 0.5, "beta": 1.0, "gamma": 0.2}, {"synonyms": False}):
        expected = oracle(hyps, refs, **options)
        assert [row[0] for row in impl.meteor_nltk_rows(hyps, refs, **options)] == expected
    assert [spec.segment_score(h, r) for h, r in zip(hyps, refs)] == oracle(hyps, refs)
