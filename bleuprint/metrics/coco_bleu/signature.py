"""coco_bleu's hooks of the signature tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

signature_version = "pycocoevalcap-1.2"
signature_abbreviations = {"order": "ord", "tok": "tok", "reflen": "rl", "eps": "eps"}


def signature_fields(definition, order=4, **_) -> list:
    """``order`` (BLEU-n), ``tok:split`` (tokenized captions split on white space; no
    PTB tokenizer), ``reflen:closest`` (ties to the shorter), ``eps:coco`` (1e-9 and
    1e-15 in every ratio); then pycocoevalcap's version."""
    from .spec import check_order

    return [("order", str(check_order(order))), ("tok", "split"), ("reflen", "closest"), ("eps", "coco")]
