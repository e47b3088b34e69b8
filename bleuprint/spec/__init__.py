"""bleuprint.spec: the literal, slow specification of the metrics.

One function per definition, each docstring stating the definition and its source, to
be read beside the papers and sacreBLEU 2.5.1's documented behaviour. No caching and no
vectorising: this package is what ``bleuprint.impl`` is checked against, and it is
itself checked against sacreBLEU (``bleuprint.oracles``).

Layout: ``hyps`` is a list of N strings; ``refs[i]`` is the list of references of
``hyps[i]`` (sacreBLEU's API takes the transpose).
"""

from ..core.lazy import lazy_names

# Bound now, not on first use: the submodule of the same name would shadow the function.
from .signature import SACREBLEU_VERSION, signature

#: Where each public name is defined. The names are imported on first use (PEP 562):
#: the metrics' own modules (``bleuprint/metrics/NAME/``) read this package's shared
#: modules, so importing it must not import them back.
_DEFINED_IN = {
    "SMOOTH_DEFAULTS": "bleuprint.metrics.bleu.spec",
    "SMOOTH_METHODS": "bleuprint.metrics.bleu.spec",
    "bleu_from_stats": "bleuprint.metrics.bleu.spec",
    "bleu_stats": "bleuprint.metrics.bleu.spec",
    "corpus_bleu": "bleuprint.metrics.bleu.spec",
    "sentence_bleu": "bleuprint.metrics.bleu.spec",
    "chrf": "bleuprint.metrics.chrf.spec",
    "chrf_from_stats": "bleuprint.metrics.chrf.spec",
    "chrf_stats": "bleuprint.metrics.chrf.spec",
    "sentence_chrf": "bleuprint.metrics.chrf.spec",
    "metric_names": "bleuprint.core.registry",
    "metric": "bleuprint.core.value",
    "ConfiguredMetric": "bleuprint.core.value",
    "SACREBLEU_VERSIONS": "bleuprint.spec.sacrebleu_versions",
    "set_sacrebleu_version": "bleuprint.spec.sacrebleu_versions",
    "using_sacrebleu_version": "bleuprint.spec.sacrebleu_versions",
    "corpus_score": "bleuprint.spec.corpus",
    "score_from_stats": "bleuprint.spec.corpus",
    "sentence_stats": "bleuprint.spec.corpus",
    "scores_of_rows": "bleuprint.spec.sentences",
    "sentence_scores": "bleuprint.spec.sentences",
    "pairwise": "bleuprint.spec.pairs",
    "exact_match": "bleuprint.metrics.exact_match.spec",
    "BootstrapResult": "bleuprint.spec.intervals",
    "bootstrap": "bleuprint.spec.intervals",
    "bootstrap_stats": "bleuprint.spec.intervals",
    "metric_ci": "bleuprint.spec.intervals",
    "percentile_indices": "bleuprint.spec.intervals",
    "PairedResult": "bleuprint.spec.significance",
    "PairedTestResult": "bleuprint.spec.significance",
    "paired_approximate_randomization": "bleuprint.spec.significance",
    "paired_approximate_randomization_stats": "bleuprint.spec.significance",
    "paired_bootstrap": "bleuprint.spec.significance",
    "paired_bootstrap_stats": "bleuprint.spec.significance",
    "sentence_ter": "bleuprint.metrics.ter.spec",
    "ter": "bleuprint.metrics.ter.spec",
    "ter_from_stats": "bleuprint.metrics.ter.spec",
    "ter_stats": "bleuprint.metrics.ter.spec",
    "tokenize_tercom": "bleuprint.metrics.ter.tercom",
    "TOKENIZERS": "bleuprint.spec.tokenizers",
    "BLEU_TOKENIZERS": "bleuprint.spec.tokenizers",
    "use_spm_model": "bleuprint.spec.tokenizers_spm",
    "tokenize": "bleuprint.spec.tokenizers",
    "tokenize_13a": "bleuprint.spec.tokenizers",
    "tokenize_char": "bleuprint.spec.tokenizers",
    "tokenize_intl": "bleuprint.spec.tokenizers",
    "tokenize_none": "bleuprint.spec.tokenizers",
    "tokenize_zh": "bleuprint.spec.tokenizers",
    # Functions of metric folders that are not registered metrics (arrays, not segments of text):
    "moverscore": "bleuprint.metrics.moverscore.spec",
    "mauve_from_histograms": "bleuprint.metrics.mauve.spec",
}

#: The package's own public names; ``__all__`` adds the registered metrics' ``api_names``
#: (``bleuprint.core.lazy``).
_NAMES = [
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
    "moverscore",
    "mauve_from_histograms",
]

__getattr__, __dir__ = lazy_names(globals(), _DEFINED_IN, "spec")
