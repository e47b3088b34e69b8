"""``bleuprint verify``'s generated rows of distinct-n and perplexity / cross-entropy: the
spec scores every generated corpus (no case fails on the spec's own error, such as a
sentence perplexity beyond float64) and impl equals it (statistics exact, scores equal)."""

from __future__ import annotations

import bleuprint.impl as impl
from bleuprint import verify

NAMES = ("distinct_n", "distinct_n_mean", "perplexity", "cross_entropy")


def test_generated_cases_are_scored_and_impl_equals_spec():
    cases = [c for c in verify.generated_cases() if c["metric"] in NAMES]
    assert {c["metric"] for c in cases} == set(NAMES)
    assert [c["id"] for c in cases if "expected_error" in c] == []
    for case in cases:
        outcome = verify.compare_case(impl, case)
        assert outcome.equal and outcome.score_diff == 0, (case["id"], outcome)
