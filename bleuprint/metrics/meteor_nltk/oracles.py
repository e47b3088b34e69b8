"""meteor_nltk's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

golden = "meteor_nltk"
golden_builder = "bleuprint.metrics.meteor_nltk.oracle_cases"
oracle_versions = {"nltk": "3.10.4"}
corpus_oracle = "bleuprint.metrics.meteor_nltk.oracle_adapter:oracle_meteor_nltk"
