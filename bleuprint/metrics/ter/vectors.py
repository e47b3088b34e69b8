"""ter's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def vector_intermediates(definition, hyps, refs, **options) -> dict:
    """The words TER aligns: ``hypWords[i]`` and ``refWords[i][j]``, after Tercom's
    tokenizer with these options (``bleuprint.metrics.ter.spec.ter_words``)."""
    from .spec import ter_words

    return {"hypWords": [ter_words(h, **options) for h in hyps],
            "refWords": [[ter_words(r, **options) for r in group] for group in refs]}
