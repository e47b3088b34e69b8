"""``bleuprint verify`` computes each input once per subject (a golden case and its live
twin hold the same input) and compares the one computation with each case's own
expected values: a wrong expected value in one case is still a mismatch there, and only
there.

The case, by hand: exact match of the hypothesis "a" against the reference "a" is one
segment whose row is ``[1]`` (it matches) and the corpus score 1/1 = 1.0 (exact match is
on the 0..1 scale); the same input with the expected row ``[0]`` and score 0.0 is a wrong
golden. The hypothesis "b" against "a" has the row ``[0]`` and the score 0.0.
"""

from __future__ import annotations

import bleuprint.spec as spec
from bleuprint import verify

RIGHT = {"id": "right", "metric": "exact_match", "options": {}, "hyps": ["a"], "refs": [["a"]],
         "sentence_stats": [[1]], "corpus_stats": [1], "score": 1.0}
WRONG = {**RIGHT, "id": "wrong", "sentence_stats": [[0]], "corpus_stats": [0], "score": 0.0}


class CountingSpec:
    """The spec, counting its calls of ``sentence_stats``."""

    def __init__(self):
        self.calls = 0

    def __getattr__(self, name):
        return getattr(spec, name)

    def sentence_stats(self, *args, **kwargs):
        self.calls += 1
        return spec.sentence_stats(*args, **kwargs)


def test_the_row_is_what_the_docstring_derives():
    assert spec.sentence_stats("exact_match", ["a"], [["a"]]).tolist() == [[1]]


def test_one_computation_each_case_against_its_own_expected_values():
    subject, memo = CountingSpec(), {}
    first = verify.compare_case(subject, RIGHT, memo)
    second = verify.compare_case(subject, WRONG, memo)
    third = verify.compare_case(subject, dict(RIGHT), memo)
    assert subject.calls == 1
    assert first.equal and third.equal
    assert not second.equal and not second.stats_equal and second.score_diff == 1.0


def test_another_input_is_computed_again():
    subject, memo = CountingSpec(), {}
    verify.compare_case(subject, RIGHT, memo)
    other = {**RIGHT, "hyps": ["b"], "sentence_stats": [[0]], "corpus_stats": [0], "score": 0.0}
    assert verify.compare_case(subject, other, memo).equal
    assert subject.calls == 2


def test_an_error_is_remembered_and_reported_for_each_case():
    subject, memo = CountingSpec(), {}
    bad = {**RIGHT, "refs": [["a"], ["b"]]}  # two reference lists for one hypothesis
    first, second = verify.compare_case(subject, bad, memo), verify.compare_case(subject, bad, memo)
    assert first.error and first.error == second.error and not second.equal
