"""cider's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

golden = "cider"
golden_builder = "bleuprint.metrics.cider.oracle_cases"
oracle_versions = {"pycocoevalcap": "1.2"}
corpus_oracle = "bleuprint.metrics.cider.oracle_adapter:oracle_cider"
