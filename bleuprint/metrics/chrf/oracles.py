"""chrf's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

from ...spec.signature import SACREBLEU_VERSION
golden = "chrf"
oracle_versions = {"sacrebleu": SACREBLEU_VERSION}
corpus_oracle = "bleuprint.oracles.sacrebleu_oracle:oracle_chrf"
