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

from ..core.lazy import lazy_names

#: Where each public name is defined. The names are imported on first use (PEP 562):
#: the metrics' own modules (``bleuprint/metrics/NAME/``) read this package's shared
#: modules, so importing it must not import them back.
_DEFINED_IN = {
    "SMOOTH_DEFAULTS": "bleuprint.metrics.bleu.spec",
    "SMOOTH_METHODS": "bleuprint.metrics.bleu.spec",
    "SACREBLEU_VERSION": "bleuprint.spec.signature",
    "signature": "bleuprint.spec.signature",
    "SACREBLEU_VERSIONS": "bleuprint.spec.sacrebleu_versions",
    "set_sacrebleu_version": "bleuprint.spec.sacrebleu_versions",
    "using_sacrebleu_version": "bleuprint.spec.sacrebleu_versions",
    "Accumulator": "bleuprint.impl.accumulate",
    "bleu_from_stats": "bleuprint.metrics.bleu.impl",
    "bleu_stats": "bleuprint.metrics.bleu.impl",
    "bleu_stats_matrix": "bleuprint.metrics.bleu.impl",
    "corpus_bleu": "bleuprint.metrics.bleu.impl",
    "sentence_bleu": "bleuprint.metrics.bleu.impl",
    "chrf": "bleuprint.metrics.chrf.impl",
    "chrf_from_stats": "bleuprint.metrics.chrf.impl",
    "chrf_stats": "bleuprint.metrics.chrf.impl",
    "chrf_stats_matrix": "bleuprint.metrics.chrf.impl",
    "sentence_chrf": "bleuprint.metrics.chrf.impl",
    "metric_names": "bleuprint.core.registry",
    "metric": "bleuprint.core.value",
    "ConfiguredMetric": "bleuprint.core.value",
    "corpus_score": "bleuprint.impl.corpus",
    "score_from_stats": "bleuprint.impl.corpus",
    "sentence_stats": "bleuprint.impl.corpus",
    "scores_of_rows": "bleuprint.impl.sentences",
    "sentence_scores": "bleuprint.impl.sentences",
    "pairwise": "bleuprint.impl.pairs",
    "stats_matrix": "bleuprint.impl.corpus",
    "exact_match": "bleuprint.metrics.exact_match.impl",
    "exact_match_matrix": "bleuprint.metrics.exact_match.impl",
    "BootstrapResult": "bleuprint.impl.intervals",
    "bootstrap": "bleuprint.impl.intervals",
    "bootstrap_stats": "bleuprint.impl.intervals",
    "metric_ci": "bleuprint.impl.intervals",
    "percentile_indices": "bleuprint.impl.intervals",
    "PairedResult": "bleuprint.impl.significance",
    "PairedTestResult": "bleuprint.impl.significance",
    "paired_approximate_randomization": "bleuprint.impl.significance",
    "paired_approximate_randomization_stats": "bleuprint.impl.significance",
    "paired_bootstrap": "bleuprint.impl.significance",
    "paired_bootstrap_stats": "bleuprint.impl.significance",
    "sentence_ter": "bleuprint.metrics.ter.impl",
    "ter": "bleuprint.metrics.ter.impl",
    "ter_from_stats": "bleuprint.metrics.ter.impl",
    "ter_stats": "bleuprint.metrics.ter.impl",
    "ter_stats_matrix": "bleuprint.metrics.ter.impl",
    "tokenize_tercom": "bleuprint.metrics.ter.tercom_impl",
    "TOKENIZERS": "bleuprint.impl.tokenizers",
    "BLEU_TOKENIZERS": "bleuprint.impl.tokenizers",
    "use_spm_model": "bleuprint.spec.tokenizers_spm",
    "tokenize": "bleuprint.impl.tokenizers",
    "tokenize_13a": "bleuprint.impl.tokenizers",
    "tokenize_char": "bleuprint.impl.tokenizers",
    "tokenize_intl": "bleuprint.impl.tokenizers",
    "tokenize_none": "bleuprint.impl.tokenizers",
    "tokenize_zh": "bleuprint.impl.tokenizers",
}

#: The package's own public names; ``__all__`` adds the registered metrics' ``api_names``
#: (``bleuprint.core.lazy``).
_NAMES = [
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
    "metric_names",
    "metric",
    "ConfiguredMetric",
    "SACREBLEU_VERSION",
    "SACREBLEU_VERSIONS",
    "set_sacrebleu_version",
    "using_sacrebleu_version",
    "SMOOTH_DEFAULTS",
    "SMOOTH_METHODS",
    "TOKENIZERS",
    "BLEU_TOKENIZERS",
    "use_spm_model",
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
    "scores_of_rows",
    "sentence_scores",
    "pairwise",
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

__getattr__, __dir__ = lazy_names(globals(), _DEFINED_IN, "impl")
