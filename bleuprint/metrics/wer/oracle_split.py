"""The WER family's fixture of very long lines (``wer_split``): jiwer 4.0.0 on pairs where
rapidfuzz 3.14.6 splits the alignment (Hirschberg). A ``bleuprint.oracles.hooks.extra_goldens`` fixture:
built by the generator, checked by ``tests/spec/test_wer_goldens.py`` (impl always, the
spec in a slow test), not read by ``bleuprint verify``."""

from __future__ import annotations


def build_cases() -> list[dict]:
    from .oracle_cases import build_split_cases

    return build_split_cases()
