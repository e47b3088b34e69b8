"""The exercise's weak suite (examples/teaching/README.md): two tests of exact match that
pass on the spec and let most of its mutants live. Students strengthen it."""

from bleuprint.spec import exact_match


def test_identical_answer_matches():
    """One hypothesis equal to its one reference: 1 match of 1, EM = 1.0."""
    assert exact_match(["Paris"], ["Paris"]) == 1.0


def test_different_answer_does_not_match():
    """'Rome' is not 'Paris': 0 matches of 1, EM = 0.0."""
    assert exact_match(["Rome"], ["Paris"]) == 0.0
