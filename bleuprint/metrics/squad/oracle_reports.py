"""The fixture ``squad_v2_report`` (``extra_goldens``): the v2.0 evaluation's whole
report from the pinned oracle, transformers 4.57.6's ``squad_metrics.squad_evaluate``
(cases: ``bleuprint.metrics.squad.oracle_cases.build_report_cases``). Read only by the
generator and the tests."""

from __future__ import annotations


def build_cases() -> list[dict]:
    from .oracle_cases import build_report_cases

    return build_report_cases()
