"""The WER family's oracle (``bleuprint.oracles.hooks``): jiwer, for every measure; the
family's one golden fixture is held by ``wer``."""

from __future__ import annotations

oracle_versions = {"jiwer": "4.0.0", "rapidfuzz": "3.14.6"}


def corpus_oracle(definition) -> str:
    """jiwer's answer for this measure (``oracle_adapter.oracle_<name>``)."""
    return f"bleuprint.metrics.wer.oracle_adapter:oracle_{definition.name}"


def _holder(definition) -> bool:
    from . import Wer

    return isinstance(definition, Wer)


def golden(definition) -> str:
    """The family's one golden fixture (its cases name their own metric)."""
    return "wer" if _holder(definition) else ""


def golden_builder(definition) -> str:
    return "bleuprint.metrics.wer.oracle_cases" if _holder(definition) else ""


def extra_goldens(definition) -> tuple:
    """Pairs long enough that rapidfuzz splits the alignment (tests only: slow for the spec)."""
    return (("wer_split", "bleuprint.metrics.wer.oracle_split"),) if _holder(definition) else ()
