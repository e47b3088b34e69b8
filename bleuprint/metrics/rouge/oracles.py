"""rouge's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

golden = "rouge"
golden_builder = "bleuprint.metrics.rouge.oracle_cases"
oracle_versions = {"rouge-score": "0.1.2", "nltk": "3.10.4"}
corpus_oracle = "bleuprint.metrics.rouge.oracle_adapter:oracle_rouge"
extra_goldens = (("rouge_stems", "bleuprint.metrics.rouge.oracle_stems"),)
