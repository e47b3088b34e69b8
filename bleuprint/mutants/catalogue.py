"""The catalogue of planted mutants of ``bleuprint.spec``, in id order.

s01-s18: the course's pitfalls (section 5 of seed 000); r-ids: faults real libraries
shipped; f-ids: one or more per feature beyond the course; x00: a forced-fail sanity
mutant that every run must see killed.
"""

from __future__ import annotations

from .. import spec
from . import faults_bleu, faults_text
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
    )},
    lambda: spec.corpus_bleu(["a"], [["a"]]),
    semantic=False,
)


def _extra_modules():
    """Fault modules of later metrics, when present (TER, intervals)."""
    found = []
    for name in ("faults_ter", "faults_intervals"):
        try:
            module = __import__(f"bleuprint.mutants.{name}", fromlist=["MUTANTS"])
        except ImportError:
            continue
        found += module.MUTANTS
    return found


def all_mutants() -> list[Mutant]:
    """Every planted mutant, sorted by id (x00 last)."""
    mutants = faults_bleu.MUTANTS + faults_text.MUTANTS + _extra_modules()
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
