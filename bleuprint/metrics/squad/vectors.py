"""SQuAD's own hard cases for the vector files (``vector_corpora``), before the shared
ones of ``bleuprint.vectors.corpora``: articles beside punctuation (the normaliser's order),
answers that normalize to nothing, empty and unanswerable gold lists, missing predictions
(``None`` hypotheses: the files carrying them follow ``bleuprint_metric_vectors_v2.json``).
The expected values are the spec's, computed by the generator; none is written here."""

from __future__ import annotations

from ...vectors.corpora import Corpus

SQUAD_CASES = [
    Corpus("an ordinary answer among several gold answers", ("Basic", "MultipleReferences"),
           ["Denver Broncos"], [["Denver Broncos", "The Denver Broncos", "Broncos"]]),
    Corpus("articles joined to words by punctuation: punctuation goes first, so the article stays",
           ("Articles", "Punctuation"), ["an-apple", "9 a.m.", "The U.S.A."],
           [["apple"], ["9 m"], ["usa"]]),
    Corpus("answers that are only an article and punctuation ('a.' against 'the,')",
           ("Articles", "EmptyHypothesis", "EmptyReference"), ["a.", "the,"], [["the,"], ["a."]]),
    Corpus("empty prediction against an empty gold answer, beside an ordinary question",
           ("EmptyHypothesis", "EmptyReference", "CorpusPooling"), ["", "in 1905"], [[""], ["1905"]]),
    Corpus("an empty prediction against a real answer", ("EmptyHypothesis",), [""], [["Saint Bernadette"]]),
    Corpus("unanswerable questions (no gold answer; v2.0 only), answered and abstained",
           ("Unanswerable", "CorpusPooling"), ["", "a guess", "Paris"], [[], [], ["Paris"]]),
    Corpus("gold answers that all normalize to nothing (v2.0 drops them: unanswerable)",
           ("Unanswerable", "Articles"), ["", "the"], [["the", "."], ["a", "!"]]),
    Corpus("missing predictions (null) beside answered questions", ("MissingPrediction", "CorpusPooling"),
           ["x", None, "the cat sat"], [["x"], ["y"], ["a cat sat down"]]),
    Corpus("every prediction missing but one, with an unanswerable question",
           ("MissingPrediction", "Unanswerable"), [None, "", None], [["one"], [], ["two"]]),
    Corpus("the best gold answer differs for EM and F1", ("MultipleReferences",),
           ["the big red barn"], [["Big red barn!", "the big red barn in the field"]]),
    Corpus("repeated tokens clipped by the gold counts; case and curly quotes (not ASCII punctuation)",
           ("Clipping", "Case", "NonAscii"), ["Yes yes YES \u201cyes\u201d", "\u00c9t\u00e9 caf\u00e9"],
           [["yes no"], ["\u00e9t\u00e9, caf\u00e9"]]),
]


def squad_corpora() -> list[Corpus]:
    from ...vectors.corpora import hard_corpora

    return SQUAD_CASES + hard_corpora()


def vector_corpora(definition) -> list:
    """SQuAD's hard cases (``bleuprint.metrics.squad.vectors``), then the shared ones."""
    return squad_corpora()
