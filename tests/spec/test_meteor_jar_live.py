"""Meteor 1.5's spec against the jar run live (one JVM for the session: its start and the
paraphrase table take about 15 s, so these tests are slow-marked): seeded random corpora
beyond the goldens' (another seed, longer segments, every pool), statistics exact and
scores within 1e-9. Skipped when java or pycocoevalcap 1.2's jar is missing."""

from __future__ import annotations

import random

import pytest

from bleuprint.metrics.meteor import spec
from bleuprint.metrics.meteor.oracle_cases import POOLS, MeteorJar, jar_path, random_corpus

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def meteor_jar():
    try:
        jar_path()
    except RuntimeError as exc:
        pytest.skip(str(exc))
    jar = MeteorJar()
    yield jar
    jar.close()


@pytest.mark.parametrize("pool", sorted(POOLS))
def test_spec_equals_the_live_jar(meteor_jar, pool):
    rng = random.Random(f"live-{pool}")
    words = POOLS[pool] + POOLS["function"]
    hyps, refs = random_corpus(rng, words, 40)
    rows = meteor_jar.stats(list(zip(hyps, refs)))
    scores, corpus = meteor_jar.evaluate(rows)
    ours = [spec.meteor_segment_stats(h, r) for h, r in zip(hyps, refs)]
    assert ours == rows
    assert all(abs(spec.meteor_score_from_stats(o) - s) < 1e-9 for o, s in zip(ours, scores))
    assert abs(spec.meteor_corpus_from_rows(ours) - corpus) < 1e-9


def test_hash_collisions_match_as_exact(meteor_jar):
    """The jar compares words by String.hashCode: "an" and "c0" both hash to 3117
    (97 * 31 + 110 = 99 * 31 + 48), so they match exactly; "c0 dog" against "an dog" is
    then a full one-chunk match (score 1), "c0" a content word and "an" a function word
    (exact stage: hyp content 2, ref content 1, hyp function 0, ref function 1)."""
    pairs = [("c0 dog", ["an dog"]), ("the c0", ["the an"]), ("an", ["c0"])]
    rows = meteor_jar.stats(pairs)
    assert [spec.meteor_segment_stats(h, r) for h, r in pairs] == rows
    assert rows[0][4:8] == [2, 1, 0, 1] and meteor_jar.evaluate(rows[:1])[1] == 1.0
