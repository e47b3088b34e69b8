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

#: Where each public name of the shared modules is defined; a registered metric's own names
#: (``Metric.api_names``: ``corpus_bleu``, ``chrf``, ...) come from the registry
#: (``bleuprint.core.lazy``). The names are imported on first use (PEP 562): the metrics'
#: own modules (``bleuprint/metrics/NAME/``) read this package's shared modules, so
#: importing it must not import them back.
_DEFINED_IN = {
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
_NAMES = ["SACREBLEU_VERSION", "signature", *_DEFINED_IN]

__getattr__, __dir__ = lazy_names(globals(), _DEFINED_IN, "spec")
