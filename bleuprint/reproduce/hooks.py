"""The reproduce protocol (``bleuprint.hooks``): how ``bleuprint reproduce`` reads a
published score of a metric and searches its configurations, with the defaults; every
default works for a new metric (its options, shown ``key:value``, stand for a
signature). A metric tunes it in ``bleuprint/metrics/NAME/reproduce.py``."""

from __future__ import annotations

from ..hooks import Protocol
from ..core.options import option_defaults, options_for_stats


def search_space(definition, hint: str = "") -> list[dict]:
    """The option dicts ``bleuprint reproduce`` tries for this metric, given the
    claim's signature or name (``hint``, possibly empty); by default the defaults."""
    return [{}]


#: How the name of a published score of this metric begins, compared without case
#: ("BLEU"; "chrF" for chrF2++); empty: the metric's name. The longest match wins.
claim_prefixes: tuple = ()


#: Options that neither the signature nor the score's name shows (BLEU's
#: max_ngram_order): reproduce notes them beside a configuration that changes them.
unsigned_options: tuple = ()


#: Whether reproduce searches this metric when the claim does not say which it is.
searched_by_default: bool = False


#: The values a score of this metric can take on its scale, ``(lowest, highest)``
#: (highest None: no bound); None: 0 to ``scale``. reproduce refuses a claim outside
#: them on both the metric's scale and the other one ("BLEU = -3", "BLEU 130").
value_range: tuple | None = None


def claim_range(definition) -> tuple:
    """``value_range``, or 0 to ``scale`` when it is None."""
    return reproduce_hooks(definition).value_range or (0.0, float(definition.scale))


def score_name(definition, **options) -> str:
    """The name a score of these options is published under (sacreBLEU's ``BLEU``,
    ``chrF2++``, ``TER``); by default the first claim prefix, else the metric's name."""
    return (reproduce_hooks(definition).claim_prefixes or (definition.name,))[0]


def options_from_name(definition, name: str) -> dict:
    """The options that a published score's name states (``chrF1++``: beta 1, word
    order 2); none by default."""
    return {}


def options_from_signature(definition, fields: dict, stated: dict) -> tuple[dict, list]:
    """The options that a signature states (``fields``: its long keys and values, as
    written), completed by those the score's name stated (``stated``), and notes on
    what was assumed because neither says it. By default ``stated`` and every field
    named as an option, read as the option's kind (``yes``/``no`` for a bool)."""
    options = dict(stated)
    for option in definition.options:
        if option.name in fields:
            text = fields[option.name]
            if option.kind is bool:
                options[option.name] = {"yes": True, "no": False}.get(text, text)
            elif text == "None" and option.nullable:
                options[option.name] = None
            else:
                options[option.name] = option.kind(text)
    return options, []


def search_deviations(definition, options: dict) -> int:
    """How far ``options`` are from what a published score most likely used (reproduce
    lists the nearest configurations first, then the fewest deviations): by default
    the number of options that differ from their defaults."""
    defaults = option_defaults(definition)
    return sum(value != defaults[name] for name, value in options.items())


def fit_search_space(definition, space: list, hyps: list, streams: list, max_pairs: int) -> tuple[list, str]:
    """``space`` cut to this corpus (``hyps`` and the reference ``streams``: the
    configurations that can differ on it) and to a bound of work (``max_pairs``,
    hypothesis-reference pairs x configurations, for a metric whose statistics are
    costly), and a note on what was cut ("" for nothing); by default all of it."""
    return space, ""


def describe_search(definition, space: list, note: str) -> str:
    """The line of reproduce's report that says what was searched for this metric."""
    return f"{reproduce_hooks(definition).score_name()}: {len(space)} option sets" + (f" ({note})" if note else "")


def search_batches(definition, space: list) -> list[list[dict]]:
    """``space`` as the batches reproduce scores together (one ``batch_scores`` call
    over every reference subset), in the order it lists them: a batch's configurations
    share their score options and statistics width, and are listed subset by subset.
    By default one configuration a batch."""
    return [[options] for options in space]


def search_statistics(definition, options: dict) -> tuple[dict, list | None]:
    """The statistics options that reproduce computes once for ``options``, and the
    columns of that matrix that are ``options``' own statistics (None: all of them);
    by default its own statistics options. A metric whose lower orders' statistics are
    columns of a higher order's says so, and they are computed once."""
    return options_for_stats(definition, options), None


def combine_reference_rows(definition, rows: list, subsets: list, options: dict) -> list:
    """Where the metric overrides it: every segment's row against each reference
    subset (``subsets``: tuples of indices into ``rows``) made from its rows against
    each reference alone (``rows[r]``, N x S, the columns of ``search_statistics``),
    under ``options``, as ``(rows, sentence scores or None)`` a subset (the scores
    where the metric computed them anyway, else reproduce scores the rows); reproduce
    then computes statistics once a reference, not once a subset. Not overridden:
    rows are computed for each subset."""
    raise NotImplementedError


REPRODUCE = Protocol("reproduce", "reproduce", {
    "search_space": search_space,
    "claim_prefixes": claim_prefixes,
    "unsigned_options": unsigned_options,
    "searched_by_default": searched_by_default,
    "value_range": value_range,
    "claim_range": claim_range,
    "score_name": score_name,
    "options_from_name": options_from_name,
    "options_from_signature": options_from_signature,
    "search_deviations": search_deviations,
    "fit_search_space": fit_search_space,
    "describe_search": describe_search,
    "search_batches": search_batches,
    "search_statistics": search_statistics,
    "combine_reference_rows": combine_reference_rows,
})
reproduce_hooks = REPRODUCE.of
