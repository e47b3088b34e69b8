"""bleuprint.impl: the fast implementation of the metrics of ``bleuprint.spec``.

Every public name of ``bleuprint.spec`` is here with the same signature (parameter names,
order, kinds, defaults; ``tests/impl/test_api_parity.py``) and the same results
(statistics exactly equal, scores within 1e-9; the differential tests under
``tests/impl/``). Its trust comes from those tests against the spec, never from reading
it. Constants and string formatting (tokenizer names, smoothing defaults, signatures)
are the spec's own objects, re-exported.

Beyond the spec: the vectorised statistics matrices (``bleu_stats_matrix``,
``chrf_stats_matrix``, ``exact_match_matrix``, ``stats_matrix``) and streaming / sharded
accumulation (``Accumulator``, ``bleuprint.impl.accumulate``).
"""

from __future__ import annotations

import importlib

#: Where each public name lives. The submodules are imported on first use of one of their
#: names (PEP 562), so that importing one submodule (say ``bleuprint.impl.tokenizers``)
#: does not import the others, and ``import bleuprint.impl`` stays cheap.
_HOMES = {
    "bleuprint.spec.bleu": ("SMOOTH_DEFAULTS", "SMOOTH_METHODS"),
    "bleuprint.spec.signature": ("SACREBLEU_VERSION", "signature"),
    "bleuprint.impl.accumulate": ("Accumulator",),
    "bleuprint.impl.bleu": ("bleu_from_stats", "bleu_stats", "bleu_stats_matrix", "corpus_bleu",
                            "sentence_bleu"),
    "bleuprint.impl.chrf": ("chrf", "chrf_from_stats", "chrf_stats", "chrf_stats_matrix", "sentence_chrf"),
    "bleuprint.impl.corpus": ("METRICS", "score_from_stats", "sentence_stats", "stats_matrix"),
    "bleuprint.impl.tokenizers": ("TOKENIZERS", "tokenize", "tokenize_13a", "tokenize_char", "tokenize_intl",
                                  "tokenize_none", "tokenize_zh"),
}
# Bound eagerly: the submodule's own name would otherwise shadow the function of that name.
from .exact_match import exact_match, exact_match_matrix  # noqa: E402

_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str):
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip __getattr__
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME_OF))


__all__ = [
    # The names of bleuprint.spec.
    "METRICS",
    "SACREBLEU_VERSION",
    "SMOOTH_DEFAULTS",
    "SMOOTH_METHODS",
    "TOKENIZERS",
    "bleu_from_stats",
    "bleu_stats",
    "chrf",
    "chrf_from_stats",
    "chrf_stats",
    "corpus_bleu",
    "exact_match",
    "score_from_stats",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_stats",
    "signature",
    "tokenize",
    "tokenize_13a",
    "tokenize_char",
    "tokenize_intl",
    "tokenize_none",
    "tokenize_zh",
    # impl only.
    "Accumulator",
    "bleu_stats_matrix",
    "chrf_stats_matrix",
    "exact_match_matrix",
    "stats_matrix",
]
