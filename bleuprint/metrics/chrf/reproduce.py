"""chrf's hooks of the reproduce tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...core.options import option_defaults, options_for_score

claim_prefixes = ("chrF",)
searched_by_default = True


def score_name(definition, **options) -> str:
    """sacreBLEU's name of the score: ``chrF`` and beta, a ``+`` per word order."""
    return f"chrF{options.get('beta', 2)}" + "+" * options.get("word_order", 0)


def options_from_name(definition, name: str) -> dict:
    """``chrF2++`` (any case): beta 2 and word order 2; ``chrF++``: word order 2 (beta
    unstated); ``chrF3``: beta 3 and word order 0; ``chrF``: nothing stated."""
    import re

    match = re.fullmatch(r"(?i)chrF(\d*)(\+*)", name)
    if not match or not (match.group(1) or match.group(2)):
        return {}
    stated = {"word_order": len(match.group(2))}
    return {"beta": int(match.group(1)), **stated} if match.group(1) else stated


def options_from_signature(definition, fields, stated) -> tuple[dict, list]:
    """``nc`` and ``nw`` the orders (6; the name's word order, else 0), ``case:lc``,
    ``space:yes``, ``eff:no`` eps smoothing; beta only from the name (else 2, noted)."""
    notes = []
    if stated.get("beta") is None:
        notes.append("chrF's beta is not in the signature (it is in the name, e.g. chrF2); assumed 2")
    return dict(n=int(fields.get("nc", 6)), word_order=int(fields.get("nw", stated.get("word_order") or 0)),
                beta=stated.get("beta") or 2, lowercase=fields.get("case") == "lc",
                whitespace=fields.get("space") == "yes", eps_smoothing=fields.get("eff") == "no"), notes


def search_space(definition, hint: str = "") -> list[dict]:
    """Character order x word order x beta x eps smoothing, for each case and white
    space setting (outermost)."""
    import itertools

    return [dict(n=n, beta=beta, word_order=word_order, eps_smoothing=eps, lowercase=lowercase,
                 whitespace=whitespace)
            for lowercase, whitespace in itertools.product((False, True), (False, True))
            for n, word_order, beta, eps in itertools.product(definition.SEARCH_CHAR_ORDERS, definition.SEARCH_WORD_ORDERS,
                                                              definition.SEARCH_BETAS, (False, True))]


def describe_search(definition, space, note) -> str:
    return (f"chrF: character order {definition.SEARCH_CHAR_ORDERS[0]}..{definition.SEARCH_CHAR_ORDERS[-1]} x word order "
            f"0..{definition.SEARCH_WORD_ORDERS[-1]} x beta {'/'.join(map(str, definition.SEARCH_BETAS))} x case x white space "
            "x eps smoothing")


def search_deviations(definition, options) -> int:
    """As by default (the options that differ from their defaults), but chrF++ (word
    order 2) is as usual as chrF (0)."""
    defaults = option_defaults(definition)  # the default's count (``bleuprint.reproduce.hooks``), less chrF++
    return sum(value != defaults[name] for name, value in options.items()) - (options.get("word_order") == 2)


def search_statistics(definition, options) -> tuple[dict, list]:
    """Against one reference, the statistics at the highest orders searched: the row of
    orders (n, w) is the first 3n character columns and the first 3w word columns."""
    n, word_order = options.get("n", 6), options.get("word_order", 0)
    top_n, top_w = max(n, definition.SEARCH_CHAR_ORDERS[-1]), max(word_order, definition.SEARCH_WORD_ORDERS[-1])
    columns = list(range(3 * n)) + list(range(3 * top_n, 3 * top_n + 3 * word_order))
    wide = {"n": top_n, "word_order": top_w, "lowercase": options.get("lowercase", False),
            "whitespace": options.get("whitespace", False)}
    return wide, columns


def combine_reference_rows(definition, rows, subsets, options) -> list:
    """A segment's row against several references is its row against the one with the
    best sentence score under ``options`` (the first best), as sacreBLEU chooses it;
    those sentence scores come with the rows."""
    import numpy as np

    if all(len(subset) == 1 for subset in subsets):
        return [(rows[subset[0]], None) for subset in subsets]
    N = rows[0].shape[0]
    everything = definition.batch_scores(np.concatenate(rows).astype(np.float64), 1, False,
                                   **options_for_score(definition, options))[0]
    scores = [everything[r * N:(r + 1) * N] for r in range(len(rows))]
    out = []
    for subset in subsets:
        if len(subset) == 1:
            out.append((rows[subset[0]], scores[subset[0]]))
            continue
        stacked = np.stack([scores[r] for r in subset])
        best, segments = np.argmax(stacked, axis=0), np.arange(N)
        out.append((np.stack([rows[r] for r in subset])[best, segments], stacked[best, segments]))
    return out
