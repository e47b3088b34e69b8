"""The lesson's own cases as vector corpora (``bleuprint.vectors.hooks.vector_corpora`` of the family): the
edge cases its tests name (empty prediction, empty reference, no shared tokens, exact
match, repeated-phrase clipping; not the empty target list, which the vector files'
schema cannot hold: every test has at least one reference, so that rule is a hand
example in ``tests/spec/test_lesson_hand.py``) and the inputs on which its planted
faults differ (``faults.py``). Inputs only: the expected values come from the spec."""

from __future__ import annotations


def lesson_corpora() -> list:
    from ...vectors.corpora import Corpus

    return [
        Corpus("lesson: repeated-phrase clipping (the the the against the cat)", ("Clipping",),
               ["the the the the", "the cat the cat the cat"], [["the cat"], ["the cat sat on the mat"]]),
        Corpus("lesson: exact match after strip, punctuation and case count", ("Punctuation", "Case"),
               ["Paris.", " Paris\n", "paris"], [["Paris"], ["Paris"], ["Paris"]]),
        Corpus("lesson: no shared tokens, and a 4-gram missing", ("ZeroMatches",),
               ["a b c d", "w x y z"], [["a b c e"], ["p q r s"]]),
        Corpus("lesson: Unicode word characters are tokens (\\w+ on lowercased text)", ("NonAscii",),
               ["Café über naïve_x", "Ångström 東京"], [["café UBER naïve_x"], ["ångström 東京"]]),
        Corpus("lesson: order matters to the LCS, not to F1", ("Basic",),
               ["b a c", "a b c d e"], [["a b c"], ["e d c b a"]]),
        Corpus("lesson: targets of 3 and 5 tokens for a prediction of 4, and the best target",
               ("MultipleReferences", "ClosestReference"),
               ["a b c d", "one two three four"], [["a b c e e", "a b c"], ["x", "one two three four", "one"]]),
        Corpus("lesson: empty prediction, empty target, both empty", ("EmptyHypothesis", "EmptyReference"),
               ["", "a b", "", "..."], [["a b"], [""], [""], ["!"]]),
    ]
