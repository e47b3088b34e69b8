"""The catalogue of planted mutants of ``bleuprint.spec``, in id order.

s01-s18: the course module's pitfalls (its section 5); r-ids: faults real libraries
shipped; f-ids: one or more per feature beyond the course; x00: a forced-fail sanity
mutant that every run must see killed.

Every fault module is imported directly: one that fails to import is an error of the
catalogue, never a smaller catalogue.
"""

from __future__ import annotations

from .. import spec
from . import faults_bleu, faults_intervals, faults_ter, faults_text
from .model import Mutant


def _forced_failure(original):
    def fail(*args, **kwargs):
        raise RuntimeError("forced-fail sanity mutant x00 is active")
    return fail


SANITY = Mutant(
    "x00", "every metric entry point of spec (statistics, corpus and sentence scores)",
    "every metric entry point raises", "sanity: the runner must see a kill", "any test",
    {f"bleuprint.spec.{target}": _forced_failure for target in (
        "corpus:sentence_stats", "bleu:bleu_stats", "bleu:corpus_bleu", "bleu:sentence_bleu",
        "chrf:chrf_stats", "chrf:chrf", "chrf:sentence_chrf", "exact_match:exact_match",
        "ter:ter_stats", "ter:ter", "ter:sentence_ter",
    )},
    lambda: spec.corpus_bleu(["a"], [["a"]]),
    semantic=False,
)


def all_mutants() -> list[Mutant]:
    """Every planted mutant, sorted by id (x00 last)."""
    mutants = faults_bleu.MUTANTS + faults_text.MUTANTS + faults_ter.MUTANTS + faults_intervals.MUTANTS
    ids = [m.id for m in mutants]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise RuntimeError(f"duplicate mutant ids: {sorted(duplicates)}")
    return sorted(mutants, key=lambda m: (m.id[0] != "s", m.id[0] != "r", m.id)) + [SANITY]


def get(mutant_id: str) -> Mutant:
    for mutant in all_mutants():
        if mutant.id == mutant_id:
            return mutant
    raise ValueError(f"unknown mutant {mutant_id!r}")
