"""Exact match by hand: the fraction of hypotheses equal to a reference after
``str.strip()`` on both sides; case and inner white space count (section 2.5 of the
course module). EM values are ratios of small integers computed as
``matched / n`` in floating point, so they are compared with ``==``. Which planted fault
each test kills is listed at the top of ``test_hand_examples.py``.
"""

from __future__ import annotations

from bleuprint import spec


def test_exact_match_is_strict_inside():
    """Case and inner white space count; only the two ends are stripped, on both sides.

    Pairs (hypothesis | reference):
      "Paris"      | "paris"     -> no (case)
      "New  York"  | "New York"  -> no (two inner spaces against one)
      "  Paris\\n"  | "Paris"     -> yes (leading spaces and trailing newline stripped)
      "Paris"      | "\\tParis "  -> yes (the reference is stripped too)
    EM = 2/4 = 0.5. Singly: 0.0, 0.0, 1.0, 1.0.
    (Ignoring case would give 3/4; not stripping would give 1/4.)
    """
    hyps = ["Paris", "New  York", "  Paris\n", "Paris"]
    refs = ["paris", "New York", "Paris", "\tParis "]
    assert spec.exact_match(hyps, refs) == 0.5
    assert [spec.exact_match([h], [r]) for h, r in zip(hyps, refs)] == [0.0, 0.0, 1.0, 1.0]


def test_exact_match_with_several_references():
    """refs[i] may be one string or a list of strings; a match with any counts.

    "Paris" against ["paris", "Paris"] matches the second: 1.0; against
    ["paris", "PARIS"] none matches: 0.0. A string reference stands for a one-element
    list (it is not iterated as characters: against "Paris", "P" does not match).
    Corpus: "Paris" | ["paris", "Paris"] yes, "P" | "Paris" no, "x" | ["x"] yes: 2/3.
    """
    assert spec.exact_match(["Paris"], [["paris", "Paris"]]) == 1.0
    assert spec.exact_match(["Paris"], [["paris", "PARIS"]]) == 0.0
    assert spec.exact_match(["P"], ["Paris"]) == 0.0
    assert spec.exact_match(["Paris", "P", "x"], [["paris", "Paris"], "Paris", ["x"]]) == 2 / 3


def test_exact_match_scale_is_0_to_1():
    """All three match: 3/3 = 1.0; none: 0/3 = 0.0 (the scale is 0..1, not 0..100)."""
    assert spec.exact_match(["a", "b", "c"], ["a", "b", "c"]) == 1.0
    assert spec.exact_match(["a", "b", "c"], ["x", "y", "z"]) == 0.0
