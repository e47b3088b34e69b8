"""The public names of ``bleuprint.spec``'s shared modules, and where each is defined: the
table ``bleuprint.spec`` binds on first use, and that ``bleuprint.impl`` reads for its own
(each module's fast twin). A registered metric's own names (``register``'s ``api_names``:
``corpus_bleu``, ``chrf``, ...) are not here: they come from the registry
(``bleuprint.core.lazy``)."""

DEFINED_IN = {
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

#: The package's own public names, in ``__all__``'s order.
NAMES = ["SACREBLEU_VERSION", "signature", *DEFINED_IN]
