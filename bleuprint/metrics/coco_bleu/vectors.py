"""coco_bleu's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def vector_corpora(definition) -> list:
    """The shared hard cases, then coco BLEU's own: a perfect 7-word match (0.99999999967),
    a tie of closest lengths (the shorter), an empty hypothesis, a 2-word hypothesis
    (its 3- and 4-gram orders count 1e-6)."""
    from ...vectors.corpora import Corpus, hard_corpora

    return hard_corpora() + [
        Corpus("coco BLEU: a perfect 7-word match scores 0.99999999967 (the epsilons)", ("Basic",),
               ["a man is riding a brown horse"], [["a man is riding a brown horse"]]),
        Corpus("coco BLEU: closest reference lengths tie (2 and 4 against 3): the shorter", ("ReferenceLengthTie", "MultipleReferences"),
               ["a b c"], [["a b", "a b c d"]]),
        Corpus("coco BLEU: a 2-word hypothesis, orders 3 and 4 have no n-gram", ("CorpusPooling",),
               ["a b", "x"], [["a b c"], ["x"]]),
    ]
