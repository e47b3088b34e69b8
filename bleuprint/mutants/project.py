"""The project's own tests against the planted mutants: what ``bleuprint mutants run`` and
``bleuprint verify --with-mutants`` run (their commands: ``bleuprint.cli``)."""

from __future__ import annotations

import os
from pathlib import Path

from . import catalogue

#: The project's tests of the specification (tests/spec), from a source checkout: the
#: tests whose job is to pin the spec's behaviour. Tests of other layers (impl, strategies,
#: CLI, the runner itself) are left out, and so are the tests marked slow (the whole real
#: corpus), to keep a run within minutes.
PROJECT_ROOT = Path(__file__).resolve().parents[2]


def selected_mutants(only):
    """Every mutant of the catalogue, or those whose ids are in ``only``; an unknown id
    stops the run with a message naming it."""
    return _only(catalogue.all_mutants(), only)


def _only(mutants, only):
    """``mutants``, or those whose ids are in ``only``; an unknown id stops the run with a
    message naming it."""
    if only:
        unknown = set(only) - {m.id for m in mutants}
        if unknown:
            raise SystemExit(f"unknown mutant id(s): {', '.join(sorted(unknown))}")
        mutants = [m for m in mutants if m.id in only]
    return mutants


def lookup(ids) -> list:
    """The mutants with these ids, planted or generated (``g...``), in the order given."""
    ids = list(ids)
    by_id = {}
    if any(not i.startswith("g") for i in ids):
        by_id.update({m.id: m for m in catalogue.all_mutants()})
    if any(i.startswith("g") for i in ids):
        from .generate import generated_mutants

        by_id.update({m.id: m for m in generated_mutants()})
    unknown = [i for i in ids if i not in by_id]
    if unknown:
        raise SystemExit(f"unknown mutant id(s): {', '.join(unknown)}")
    return [by_id[i] for i in ids]


def selected_generated(scopes=None, only=None):
    """The generated mutants of ``scopes`` (default: every scope, ``bleuprint.mutants.scopes``), or those
    of them whose ids are in ``only``."""
    from .generate import generated_mutants

    try:
        mutants = generated_mutants(scopes)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    return _only(mutants, only)


def default_jobs() -> int:
    """Worker processes for a run: one per core, at most 2 (the project's machines have 2)."""
    return max(1, min(2, os.cpu_count() or 1))


def run_project(only=None, test_args=None, jobs=None, first_kill=False, mutants=None):
    """The project's own tests against the mutants (the planted ones, or ``mutants``);
    returns the matrix (``first_kill``: each mutant stops at its first killer, ``runner``'s
    module doc)."""
    from . import runner

    if test_args is None:
        if not (PROJECT_ROOT / "tests").is_dir():
            raise SystemExit("the project's tests are not here (run from a source checkout, or pass test paths)")
        test_args = [str(PROJECT_ROOT / "tests" / "spec"), "-m", "not slow and not no_mutants",
                     f"--rootdir={PROJECT_ROOT}"]
    chosen = selected_mutants(only) if mutants is None else mutants
    split = "mutants" if mutants is None else "tests"
    return runner.run_parallel(test_args, chosen, default_jobs() if jobs is None else jobs, first_kill, split)
