"""ter's hooks of the reproduce tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

claim_prefixes = ("TER",)
#: Edits over the reference length: above 100 when the hypothesis is longer.
value_range = (0.0, None)


def options_from_signature(definition, fields, stated) -> tuple[dict, list]:
    """``norm:yes``, ``punct:no`` (punctuation removed), ``asian:yes``, ``case:mixed``
    (case-sensitive); the tokenizer is always Tercom's."""
    return dict(stated, normalized=fields.get("norm") == "yes", no_punct=fields.get("punct") == "no",
                asian_support=fields.get("asian") == "yes", case_sensitive=fields.get("case") == "mixed"), []


def search_space(definition, hint: str = "") -> list[dict]:
    """Every on/off combination of the four options, the last varying fastest."""
    import itertools

    names = definition.SEARCH_OPTIONS
    return [dict(zip(names, flags)) for flags in itertools.product((False, True), repeat=len(names))]


def fit_search_space(definition, space, hyps, streams, max_pairs) -> tuple[list, str]:
    """Without CJK characters in the text, Asian support is not varied; above
    ``max_pairs`` hypothesis-reference pairs x option sets (the shift search is the
    costly part: 20,000 take under a second with the compiled kernel on TED-length
    lines), only the defaults and the sets one option away from them."""
    import re

    cjk = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")
    text_has_cjk = any(cjk.search(line) for line in hyps) or any(
        cjk.search(line) for stream in streams for line in stream)
    names = definition.SEARCH_OPTIONS if text_has_cjk else definition.SEARCH_OPTIONS[:3]
    if not text_has_cjk:
        space = [options for options in space if not options.get("asian_support")]
    note = "" if text_has_cjk else "asian_support not varied (no CJK characters: it would change nothing)"
    pairs = len(hyps) * len(streams) * len(space)
    if pairs > max_pairs:
        default = dict.fromkeys(definition.SEARCH_OPTIONS, False)
        space = [default] + [dict(default, **{name: True}) for name in names]
        note = (f"TER options cut to the defaults and one-option changes ({len(space)} sets): "
                f"{pairs} hypothesis-reference pairs would exceed max_ter_pairs={max_pairs}")
    return space, note


def combine_reference_rows(definition, rows, subsets, options) -> list:
    """A segment's row against several references: the fewest edits, and the mean of
    the reference lengths (added in order, then divided)."""
    import numpy as np

    return [(np.stack([np.min(np.stack([rows[r][:, 0] for r in subset]), axis=0),
                       sum(rows[r][:, 1] for r in subset) / len(subset)], axis=1), None) for subset in subsets]
