"""``bleuprint verify``'s generated rows of distinct-n and perplexity / cross-entropy: the
spec scores every generated corpus (no case fails on the spec's own error, such as a
sentence perplexity beyond float64) and impl equals it: statistics exact, and scores equal,
except distinct_n_mean's within 1e-9 (verify's tolerance): its rows are float ratios, whose
corpus sum the spec adds in row order and the function ``distinct_n`` adds exactly
(``math.fsum``), so the two may differ in the last bit (generated/123: 4.1666666666666661
against 4.166666666666667, over 5)."""

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
        tolerance = 1e-9 if case["metric"] == "distinct_n_mean" else 0
        assert outcome.equal and outcome.score_diff <= tolerance, (case["id"], outcome)
