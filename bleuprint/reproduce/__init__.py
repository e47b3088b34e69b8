"""Audit a published score (the library behind ``bleuprint reproduce``, whose command is
``bleuprint.cli.reproduce``).

Given hypotheses, references and a claimed score (a number, optionally with a sacreBLEU
signature or a whole sacreBLEU output line), this

1. reads the claim's precision from the way it is written (``27.3``: one decimal, so any
   value in [27.25, 27.35] rounds to it; ``0.273``: three decimals);
2. if a signature is given, recomputes the score under it with all the references and
   says whether the claim holds at that precision;
3. searches the configuration space of the metric and lists the configurations whose
   score rounds to the claim, nearest first, each with its full sacreBLEU signature and
   what the signature does not show (the references used, the scale, corpus score or mean
   of sentence scores, BLEU's maximum order).

Every metric is reached through the registry (``bleuprint.core``), and what is particular
to one lives with it (``bleuprint.core.metric.Metric``, the reproduce hooks): the names a
published score of it goes by (``claim_prefixes``, ``score_name``, ``options_from_name``),
how its signature reads (``options_from_signature``; the keys and their abbreviations are
those ``bleuprint.spec.signature`` prints), its search space (``search_space``, cut to the
corpus by ``fit_search_space``), and how the search computes it once
(``search_statistics``, ``combine_reference_rows``, ``search_batches``).

The parts: ``claims`` (``Claim``, ``parse_claim``, ``parse_signature``, ``read_signature``,
``check_claim_range``; the claim forms read are listed there), ``sacrebleu1`` (sacreBLEU
1.x signatures read as 2.x fields), ``search`` (the configurations searched and scored, ``reference_subsets``, ``recompute_under_signature``,
``audit``) and ``render`` (the report as text or JSON); their public names are here.
"""

import importlib

#: Where each public name is defined. Bound on first use (PEP 562): the metrics' reproduce
#: hooks (``bleuprint.reproduce.hooks``), which ``bleuprint score`` reads, come without the
#: search and its imports.
_DEFINED_IN = {
    **dict.fromkeys(("Claim", "check_claim_range", "parse_claim", "parse_signature", "read_signature"), "claims"),
    **dict.fromkeys(("render_json", "render_text"), "render"),
    **dict.fromkeys(("MAX_SUBSETS", "MAX_TER_PAIRS", "AuditReport", "Candidate", "audit",
                     "recompute_under_signature", "reference_subsets"), "search"),
}

__all__ = ["MAX_SUBSETS", "MAX_TER_PAIRS", "AuditReport", "Candidate", "Claim", "audit", "check_claim_range",
           "parse_claim", "parse_signature", "read_signature", "recompute_under_signature", "reference_subsets",
           "render_json", "render_text"]


def __getattr__(name: str):
    if name not in _DEFINED_IN:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(f".{_DEFINED_IN[name]}", __name__), name)
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
