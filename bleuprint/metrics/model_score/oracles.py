"""model_score's oracles (``bleuprint.oracles.hooks``): COMET's compare statistics run by
COMET's own code (``oracle_cases``); the sacreBLEU conventions are checked live
(``bleuprint.oracles.sacrebleu_model_scores``)."""

from __future__ import annotations

extra_goldens = (("comet_compare", "bleuprint.metrics.model_score.oracle_cases"),)
oracle_versions = {"unbabel-comet": "2.2.7", "scipy": "1.17.1"}
