"""bleu's hooks of the reproduce tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...spec.tokenizers import TOKENIZERS, tokenizer_of_signature
from ...core.options import options_for_score, options_for_stats

claim_prefixes = ("BLEU", "sacreBLEU")
unsigned_options = ("max_ngram_order",)
searched_by_default = True


def search_space(definition, hint: str = "") -> list[dict]:
    """Tokenizer x case x smoothing (default values) x effective order x maximum order,
    the order 1..6 outermost and the case innermost."""
    return [dict(tokenize=tokenize, lowercase=lowercase, smooth_method=method, smooth_value=value,
                 effective_order=effective, max_ngram_order=order)
            for order in definition.SEARCH_MAX_ORDERS for method, value in definition.SEARCH_SMOOTHINGS
            for effective in (False, True) for tokenize in TOKENIZERS for lowercase in (False, True)]


def describe_search(definition, space, note) -> str:
    orders = definition.SEARCH_MAX_ORDERS
    return (f"BLEU: {len(TOKENIZERS)} tokenizers x 2 cases x {len(definition.SEARCH_SMOOTHINGS)} smoothings "
            f"(default values) x 2 effective-order x max order {orders[0]}..{orders[-1]}")


def search_batches(definition, space) -> list[list[dict]]:
    """Consecutive configurations with the same score options (the same smoothing,
    effective order and maximum order: every tokenizer and case) in one batch."""
    from itertools import groupby

    return [list(batch) for _, batch in groupby(space, key=lambda o: tuple(sorted(options_for_score(definition, o).items())))]


def search_statistics(definition, options) -> tuple[dict, list]:
    """The statistics at the highest order searched: the row of order N is the columns
    ``c, r``, the matches of orders 1..N and the n-gram counts of orders 1..N."""
    order = options.get("max_ngram_order", 4)
    top = max(order, definition.SEARCH_MAX_ORDERS[-1])
    columns = [0, 1] + list(range(2, 2 + order)) + list(range(2 + top, 2 + top + order))
    return dict(options_for_stats(definition, options), max_ngram_order=top), columns


def options_from_signature(definition, fields, stated) -> tuple[dict, list]:
    """``case:lc`` lowercase, ``eff:yes`` effective order, ``tok`` (13a when absent),
    ``smooth`` a method with its value in brackets (``floor[0.10]``; exp when absent)."""
    import re

    smooth = fields.get("smooth", "exp")
    match = re.fullmatch(r"([a-z-]+)(?:\[([\d.]+)\])?", smooth)
    if not match:
        raise ValueError(f"cannot read the smoothing {smooth!r} of the signature")
    return dict(stated, lowercase=fields.get("case") == "lc", tokenize=tokenizer_of_signature(fields.get("tok", "13a")),
                smooth_method=match.group(1), smooth_value=float(match.group(2)) if match.group(2) else None,
                effective_order=fields.get("eff") == "yes"), []
