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

from ..spec.bleu import SMOOTH_DEFAULTS, SMOOTH_METHODS
from ..spec.signature import SACREBLEU_VERSION, signature
from .accumulate import Accumulator
from .bleu import bleu_from_stats, bleu_stats, bleu_stats_matrix, corpus_bleu, sentence_bleu
from .chrf import chrf, chrf_from_stats, chrf_stats, chrf_stats_matrix, sentence_chrf
from .corpus import METRICS, corpus_score, score_from_stats, sentence_stats, stats_matrix
from .exact_match import exact_match, exact_match_matrix
from .intervals import BootstrapResult, bootstrap, bootstrap_stats, metric_ci, percentile_indices
from .significance import (
    PairedResult,
    PairedTestResult,
    paired_approximate_randomization,
    paired_approximate_randomization_stats,
    paired_bootstrap,
    paired_bootstrap_stats,
)
from .ter import sentence_ter, ter, ter_from_stats, ter_stats, ter_stats_matrix
from .tercom_tokenizer import tokenize_tercom
from .tokenizers import (
    TOKENIZERS,
    tokenize,
    tokenize_13a,
    tokenize_char,
    tokenize_intl,
    tokenize_none,
    tokenize_zh,
)

__all__ = [
    # The names of bleuprint.spec.
    "BootstrapResult",
    "PairedResult",
    "PairedTestResult",
    "bootstrap",
    "bootstrap_stats",
    "metric_ci",
    "paired_approximate_randomization",
    "paired_approximate_randomization_stats",
    "paired_bootstrap",
    "paired_bootstrap_stats",
    "percentile_indices",
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
    "corpus_score",
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
    "sentence_ter",
    "ter",
    "ter_from_stats",
    "ter_stats",
    "tokenize_tercom",
    # impl only.
    "Accumulator",
    "bleu_stats_matrix",
    "chrf_stats_matrix",
    "exact_match_matrix",
    "stats_matrix",
    "ter_stats_matrix",
]
