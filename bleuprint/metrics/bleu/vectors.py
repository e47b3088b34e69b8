"""bleu's hooks of the vectors tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations


def vector_intermediates(definition, hyps, refs, tokenize="13a", lowercase=False, **_) -> dict:
    """The tokens BLEU counts n-grams of: ``hypTokens[i]`` of ``hyps[i]`` and
    ``refTokens[i][j]`` of ``refs[i][j]`` (the tokenizer, after lowercasing where asked):
    a port whose statistics differ sees first whether its tokens do."""
    from .spec import bleu_tokens

    return {"hypTokens": [bleu_tokens(h, tokenize, lowercase) for h in hyps],
            "refTokens": [[bleu_tokens(r, tokenize, lowercase) for r in group] for group in refs]}
