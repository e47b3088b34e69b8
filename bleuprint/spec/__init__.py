"""bleuprint.spec: the literal, slow specification of the metrics.

One function per definition, each docstring stating the definition and its source, to
be read beside the papers and sacreBLEU 2.5.1's documented behaviour. No caching and no
vectorising: this package is what ``bleuprint.impl`` is checked against, and it is
itself checked against sacreBLEU (``bleuprint.oracles``).

Layout: ``hyps`` is a list of N strings; ``refs[i]`` is the list of references of
``hyps[i]`` (sacreBLEU's API takes the transpose).
"""

from .bleu import (
    SMOOTH_DEFAULTS,
    SMOOTH_METHODS,
    bleu_from_stats,
    bleu_stats,
    corpus_bleu,
    sentence_bleu,
)
from .chrf import chrf, chrf_from_stats, chrf_stats, sentence_chrf
from .corpus import METRICS, corpus_score, score_from_stats, sentence_stats
from .exact_match import exact_match
from .intervals import BootstrapResult, bootstrap, bootstrap_stats, metric_ci, percentile_indices
from .signature import SACREBLEU_VERSION, signature
from .significance import (
    PairedResult,
    PairedTestResult,
    paired_approximate_randomization,
    paired_approximate_randomization_stats,
    paired_bootstrap,
    paired_bootstrap_stats,
)
from .ter import sentence_ter, ter, ter_from_stats, ter_stats
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
    "sentence_ter",
    "signature",
    "ter",
    "ter_from_stats",
    "ter_stats",
    "tokenize",
    "tokenize_13a",
    "tokenize_char",
    "tokenize_intl",
    "tokenize_none",
    "tokenize_tercom",
    "tokenize_zh",
]
