"""rouge's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def vector_corpora(definition) -> list:
    """The shared hard cases, then ROUGE's own: newline sentences (Lsum differs from
    L), an F tie between targets with different P and R (the first wins), and a
    back-trace tie (the LCS picked decides Lsum's union)."""
    from ...vectors.corpora import Corpus, hard_corpora

    return hard_corpora() + [
        Corpus("ROUGE-Lsum: the same sentences in another order (Lsum 1, L 0.5)", ("UnusualWhitespace",),
               ["a b c\nd e f"], [["d e f\na b c"]]),
        Corpus("ROUGE: two targets with equal F and different P, R (the first is taken)",
               ("MultipleReferences",), ["a b", "a b"], [["a b c d", "a"], ["a", "a b c d"]]),
        Corpus("ROUGE-Lsum: a back-trace tie (up, not left, on equal cells)", ("UnusualWhitespace",),
               ["c a"], [["c\na c"]]),
    ]


def interval_options(definition) -> tuple:
    """bleuprint's own seeded bootstrap interval of the corpus ROUGE (the mean of the
    segments' values, resampled as for every metric: ``bleuprint.spec.intervals``): the
    interval vectors of ROUGE-1 F (the defaults) and of ROUGE-Lsum recall. rouge-score's
    ``BootstrapAggregator`` recipe (numpy's global generator, a median of means) is
    another thing: ``bleuprint.compat.rouge_score.scoring``."""
    return ({}, {"rouge_type": "rougeLsum", "measure": "recall"})


def vector_intermediates(definition, hyps, refs, use_stemmer=False, **_) -> dict:
    """rouge-score's tokens of each line (``hypTokens``, ``refTokens``), stemmed when
    the vector's options ask for it."""
    from .spec import tokenize

    return {"hypTokens": [tokenize(h, use_stemmer) for h in hyps],
            "refTokens": [[tokenize(r, use_stemmer) for r in g] for g in refs]}
