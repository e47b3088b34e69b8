"""chrf's hooks of the verify tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...verify_hooks import labelled_configurations


def verify_configurations(definition) -> tuple:
    """chrF, chrF++, a low order with beta 1 and white space, eps smoothing with
    lowercasing, word n-grams only."""
    return labelled_configurations({}, {"word_order": 2}, {"n": 3, "beta": 1, "whitespace": True},
                                   {"eps_smoothing": True, "lowercase": True}, {"n": 0, "word_order": 2})


def real_corpus_configurations(definition) -> tuple:
    return (({}, "chrF"), ({"word_order": 2}, "chrF++"), ({"n": 0, "word_order": 2}, "chrF words (nc:0)"))


def layer_functions(definition, layer) -> dict:
    return {"stats": layer.chrf_stats, "corpus": layer.chrf, "sentence": layer.sentence_chrf}
