"""The catalogue of planted mutants of ``bleuprint.spec``, in id order.

s01-s18: the course module's pitfalls (its section 5); r-ids: faults real libraries
shipped; f-ids: one or more per feature beyond the course; x00: a forced-fail sanity
mutant that every run must see killed.

The catalogue is built from the registry (``bleuprint.core``): it lists the faults that
belong to no metric (the corpus layout, the tokenizers, the signatures, the intervals and
paired tests, the meta-evaluation statistics' conventions), and each registered metric contributes its own through ``bleuprint.mutants.hooks.faults``
(the built-in metrics' are in their folders, ``bleuprint/metrics/NAME/faults.py``). x00
breaks ``bleuprint.spec.corpus.sentence_stats`` and every registered metric's
``bleuprint.mutants.hooks.spec_entry_points``, so it leaves no metric out.

Every fault module is imported directly (a metric's ``faults()`` imports its own): one
that fails to import is an error of the catalogue, never a smaller catalogue. Two mutants
with the same id are an error too, naming where each came from.
"""

from __future__ import annotations

from .. import spec
from ..core import get_metric, metric_names
from . import faults_intervals, faults_layout, faults_mauve, faults_metaeval, faults_text
from .model import Mutant
from .hooks import mutant_hooks

#: The faults of code every metric shares.
SHARED = (faults_layout.MUTANTS + faults_text.TOKENIZER_MUTANTS + faults_text.SIGNATURE_MUTANTS
          + faults_intervals.MUTANTS + faults_metaeval.MUTANTS + faults_mauve.MUTANTS)

#: The spec's entry point that every metric goes through, whatever its name.
CORPUS_ENTRY_POINT = "bleuprint.spec.corpus:sentence_stats"


def _forced_failure(original):
    def fail(*args, **kwargs):
        raise RuntimeError("forced-fail sanity mutant x00 is active")
    return fail


def _every_metric_on_one_segment() -> list:
    """Each registered metric's statistics of one segment ("a" against "a")."""
    return [spec.sentence_stats(name, ["a"], [["a"]]).tolist() for name in metric_names()]


def sanity() -> Mutant:
    """x00: every metric entry point of the spec raises (the registered metrics' as they
    are now)."""
    targets = [CORPUS_ENTRY_POINT]
    for name in metric_names():
        targets += [t for t in mutant_hooks(get_metric(name)).spec_entry_points() if t not in targets]
    return Mutant(
        "x00", "every metric entry point of spec (statistics, corpus and sentence scores)",
        "every metric entry point raises", "sanity: the runner must see a kill", "any test",
        {target: _forced_failure for target in targets},
        _every_metric_on_one_segment,
        semantic=False,
    )


def _contributions():
    """``(where, mutants)``: the shared faults, then each registered metric's."""
    yield "the shared faults", list(SHARED)
    for name in metric_names():
        faults = list(mutant_hooks(get_metric(name)).faults())
        for fault in faults:
            if not isinstance(fault, Mutant):
                raise TypeError(f"metric {name!r}: faults() must return Mutant objects, got {type(fault).__name__}")
        yield f"metric {name!r}", faults
    yield "the sanity mutant", [sanity()]


def all_mutants() -> list[Mutant]:
    """Every planted mutant, sorted by id (x00 last); RuntimeError for a repeated id."""
    mutants, origin = [], {}
    for where, faults in _contributions():
        for mutant in faults:
            if mutant.id in origin:
                raise RuntimeError(f"duplicate mutant id {mutant.id!r}: from {origin[mutant.id]} and from {where}")
            origin[mutant.id] = where
            mutants.append(mutant)
    sanity_mutant = mutants.pop()
    return sorted(mutants, key=lambda m: (m.id[0] != "s", m.id[0] != "r", m.id)) + [sanity_mutant]


def get(mutant_id: str) -> Mutant:
    for mutant in all_mutants():
        if mutant.id == mutant_id:
            return mutant
    raise ValueError(f"unknown mutant {mutant_id!r}")
