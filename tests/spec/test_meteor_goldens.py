"""Meteor 1.5's spec against the jar's answers stored in
bleuprint/oracles/goldens/meteor.json (the jar of pycocoevalcap 1.2, -stdio -l en -norm):
every SCORE line exactly, every segment score and every EVAL corpus score within 1e-9
(the spec's and the metric's routes)."""

from __future__ import annotations

import pytest

from bleuprint.metrics.meteor import METEOR, eval_row, spec
from bleuprint.oracles.goldens import load_goldens

CASES = load_goldens("meteor")["cases"]


def test_the_golden_names_the_pinned_jar():
    from bleuprint.metrics.meteor import JAR_SHA256

    assert {c["jar_sha256"] for c in CASES} == {JAR_SHA256}
    assert sum(len(c["hyps"]) for c in CASES) >= 300


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_spec_equals_the_jar_on_the_goldens(case):
    rows = [spec.meteor_segment_stats(h, r) for h, r in zip(case["hyps"], case["refs"])]
    assert rows == case["jar_stats"]
    assert [eval_row(r) for r in rows] == case["sentence_stats"]
    for row, expected in zip(rows, case["sentence_scores"]):
        assert abs(spec.meteor_score_from_stats(row) - expected) < 1e-9
    assert abs(spec.meteor_corpus_from_rows(rows) - case["score"]) < 1e-9
    assert abs(METEOR.score(case["corpus_stats"], len(rows)) - case["score"]) < 1e-9
