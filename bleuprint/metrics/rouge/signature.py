"""rouge's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

signature_version = "rouge-score-0.1.2"
signature_abbreviations = {"type": "t", "tok": "tok", "stem": "st", "split": "sp", "agg": "a", "best": "b",
                           "measure": "m"}


def signature_fields(definition, rouge_type="rouge1", measure="fmeasure", use_stemmer=False, **_) -> list:
    """Every setting that changes the number, in order: ``type`` (the ROUGE type),
    ``tok`` (rouge-score's tokenizer: lowercase, runs of ``[a-z0-9]``), ``stem`` (Porter
    stemming of tokens longer than 3 characters), ``split`` (how rougeLsum finds
    sentences: at ``\n``; ``none`` for the other types), ``agg`` (the corpus value is
    the mean of the segments' values), ``best`` (with several references, the one with
    the highest F for the type, the first on ties), ``measure``; then rouge-score's
    version."""
    from .spec import check_measure, check_rouge_type

    check_rouge_type(rouge_type)
    check_measure(measure)
    return [("type", rouge_type), ("tok", "ascii-alnum-lc"), ("stem", "yes" if use_stemmer else "no"),
            ("split", "newline" if rouge_type == "rougeLsum" else "none"), ("agg", "mean"), ("best", "max-f"),
            ("measure", measure)]
