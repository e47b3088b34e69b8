"""squad's hooks of the oracles tool (``bleuprint.hooks``): moved from the metric's class."""

from __future__ import annotations

golden = "squad"
oracle_versions = {"transformers": "4.57.6"}
golden_builder = "bleuprint.metrics.squad.oracle_cases"
extra_goldens = (("squad_v2_report", "bleuprint.metrics.squad.oracle_reports"),)
