"""Why the two METEORs differ, shown on real text (issue 19 item 4): the first 200
segments of the first system of ``ted-ende.json`` (machine translations with their human
reference; German, scored with the jar's ``-l en`` as pycocoevalcap scores every
language).

``meteor`` (the Meteor 1.5 jar) and ``meteor_nltk`` (nltk 3.10.4) share a name and a
formula shape, Fmean(P, R) times (1 - penalty), and differ in five places:

1. **words**: the jar's ``-norm`` splits punctuation off ("Licht." is "licht" "."); nltk
   takes white-space tokens as given;
2. **matches**: the jar adds paraphrases and weighs its stages 1.0 / 0.6 / 0.8 / 0.6
   (exact, stem, synonym, paraphrase), nltk counts every match as 1;
3. **function words**: the jar weighs them 1 - delta = 0.25 and content words delta =
   0.75 in P and R; nltk weighs every word 1;
4. **parameters**: the jar's alpha 0.85, beta 0.2, gamma 0.6 against nltk's 0.9, 3, 0.5,
   and the jar's exemption of a full one-chunk match from the penalty;
5. **alignment**: the jar's beam search looks for the fewest chunks, nltk aligns greedily
   from the last word.

The tests take the first four away and see that what is left is the alignment: given the
jar's words, on segments whose jar alignment has exact matches only and where nltk finds
as many matches, the jar's own ``compute_metrics`` with nltk's parameters, delta 0.5
(P = weighted matches / weighted length = m / len, every word alike) and all weights 1 is
nltk's score, whenever the two alignments have as many chunks, and the jar's
exemption is the whole difference on a perfect match.
"""

from __future__ import annotations

import pytest

from bleuprint.metrics.meteor import score as jar_score
from bleuprint.metrics.meteor import spec as jar
from bleuprint.metrics.meteor_nltk import spec as nltk_meteor

#: Agreement with the oracle, not a mutant killer: left out of mutation runs (pyproject's markers).
pytestmark = pytest.mark.no_mutants

SEGMENTS = 200
#: nltk's parameters in the jar's formula, with every word and every stage weighing 1.
NLTK_IN_THE_JAR = dict(alpha=0.9, beta=3.0, gamma=0.5, delta=0.5, weights=(1.0, 1.0, 1.0, 1.0))


@pytest.fixture(scope="module")
def first_system(ted_ende):
    try:
        jar.load_resources()
    except ValueError as exc:
        pytest.skip(str(exc))
    name = sorted(ted_ende["systems"])[0]
    return list(zip(ted_ende["systems"][name], ted_ende["references"][0]))[:SEGMENTS]


@pytest.fixture(scope="module")
def comparable(first_system):
    """(jar stats, jar words of hyp and ref, nltk's matches) of the segments whose jar
    alignment is exact matches only and where nltk's greedy alignment of the same words
    (no synonyms) finds as many matches."""
    found = []
    for hyp, ref in first_system:
        stats = jar.meteor_segment_stats(hyp, [ref])
        hyp_words, ref_words = jar.words(hyp), jar.words(ref)
        exact_only = all(stats[4 + 4 * stage + k] == 0 for stage in (1, 2, 3) for k in range(4))
        matches = nltk_meteor.align(hyp_words, ref_words, nltk_meteor.no_synonyms)
        if exact_only and matches and len(matches) == stats[21] == stats[22]:
            found.append((stats, hyp_words, ref_words, matches))
    return found


def test_given_the_same_words_and_chunks_the_jar_formula_with_nltks_settings_is_nltk(comparable):
    """On every comparable segment whose two alignments have as many chunks, and that is
    not a perfect match: the jar's formula with ``NLTK_IN_THE_JAR`` equals nltk's
    ``pair_score`` within 1e-12 (the two write Fmean differently: 1 / ((1 - a) / P + a / R)
    against P R / (a P + (1 - a) R), equal up to rounding). A perfect match (every word,
    one chunk) is where the jar's exemption is the whole difference: the jar's 1.0
    against nltk's 1 - 0.5 (1 / m)^3."""
    checked = perfect = 0
    for stats, hyp_words, ref_words, matches in comparable:
        if nltk_meteor.count_chunks(matches) != stats[20]:
            continue
        nltk_score = nltk_meteor.pair_score(hyp_words, ref_words, nltk_meteor.no_synonyms)
        if jar_score.is_perfect(stats):
            perfect += 1
            m = len(matches)
            assert jar_score.compute_metrics(stats) == 1.0
            assert abs(nltk_score - (1 - 0.5 * (1 / m) ** 3)) <= 1e-12
            continue
        checked += 1
        assert abs(jar_score.compute_metrics(stats, **NLTK_IN_THE_JAR) - nltk_score) <= 1e-12
    assert checked >= 50 and perfect >= 1, (checked, perfect)


def test_the_greedy_alignment_breaks_real_sentences_into_more_chunks(comparable):
    """What is left is the alignment: among the comparable segments, nltk's greedy
    alignment has more chunks than the jar's beam search on many (the beam search looks
    for few chunks; nltk takes, from the last word back, the last free reference position
    of each word), and then nltk's penalty, (chunks / m)^3, is the larger on the same
    matches. The beam is a heuristic: on a few segments greedy finds fewer."""
    more = fewer = 0
    for stats, hyp_words, ref_words, matches in comparable:
        chunks = nltk_meteor.count_chunks(matches)
        if chunks > stats[20]:
            more += 1
            m = len(matches)
            assert nltk_meteor.penalty(chunks, m, 3.0, 0.5) > nltk_meteor.penalty(stats[20], m, 3.0, 0.5)
        elif chunks < stats[20]:
            fewer += 1
    assert more >= 10 and more > 5 * fewer, (more, fewer)


def test_the_two_corpus_numbers_differ_and_the_jar_sums_statistics(first_system):
    """The published numbers: the jar's corpus METEOR is the score of the summed
    statistics (pycocoevalcap's), not the mean of its segment scores, and nltk's corpus
    value is the mean of its own; on this system the two METEORs differ by more than
    0.05, and the jar's corpus score differs from the mean of its segment scores."""
    pairs = first_system[:150]
    hyps, refs = [h for h, _ in pairs], [[r] for _, r in pairs]
    rows = [jar.meteor_segment_stats(h, r) for h, r in zip(hyps, refs)]
    corpus = jar.meteor(hyps, refs)
    mean_of_segments = sum(jar_score.compute_metrics(row) for row in rows) / len(rows)
    nltk_corpus = nltk_meteor.meteor_nltk(hyps, refs, synonyms=False)
    assert abs(corpus - jar.meteor_corpus_from_rows(rows)) == 0
    assert abs(corpus - mean_of_segments) > 1e-3
    assert abs(corpus - nltk_corpus) > 0.05
