"""meteor's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

golden = "meteor"
golden_builder = "bleuprint.metrics.meteor.oracle_cases"
oracle_versions = {"pycocoevalcap": "1.2"}
corpus_oracle = "bleuprint.metrics.meteor.oracle_adapter:oracle_meteor"
