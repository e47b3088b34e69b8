"""self_bleu's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

golden = "self_bleu"
golden_builder = "bleuprint.metrics.self_bleu.oracle_cases"
oracle_versions = {"sacrebleu": "2.5.1", "nltk": "3.10.4"}
corpus_oracle = "bleuprint.metrics.self_bleu.oracle_adapter:oracle_self_bleu"
