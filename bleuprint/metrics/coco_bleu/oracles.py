"""coco_bleu's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

golden = "coco_bleu"
golden_builder = "bleuprint.metrics.coco_bleu.oracle_cases"
oracle_versions = {"pycocoevalcap": "1.2"}
corpus_oracle = "bleuprint.metrics.coco_bleu.oracle_adapter:oracle_coco_bleu"
