"""``bleuprint mutants list|run|grade``."""

from __future__ import annotations

import json
import os
from pathlib import Path

from . import catalogue, report

#: The project's tests of the specification (tests/spec), from a source checkout: the
#: tests whose job is to pin the spec's behaviour. Tests of other layers (impl, strategies,
#: CLI, the runner itself) are left out, and so are the tests marked slow (the whole real
#: corpus), to keep a run within minutes.
PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _mutants(only):
    mutants = catalogue.all_mutants()
    if only:
        unknown = set(only) - {m.id for m in mutants}
        if unknown:
            raise SystemExit(f"unknown mutant id(s): {', '.join(sorted(unknown))}")
        mutants = [m for m in mutants if m.id in only]
    return mutants


def default_jobs() -> int:
    """Worker processes for a run: one per core, at most 2 (the project's machines have 2)."""
    return max(1, min(2, os.cpu_count() or 1))


def run_project(only=None, test_args=None, jobs=None):
    """The project's own tests against the mutants; returns the matrix."""
    from . import runner

    if test_args is None:
        if not (PROJECT_ROOT / "tests").is_dir():
            raise SystemExit("the project's tests are not here (run from a source checkout, or pass test paths)")
        test_args = [str(PROJECT_ROOT / "tests" / "spec"), "-m", "not slow", f"--rootdir={PROJECT_ROOT}"]
    return runner.run_parallel(test_args, _mutants(only), default_jobs() if jobs is None else jobs)


def main(args) -> int:
    if args.action == "list":
        for m in catalogue.all_mutants():
            kind = "semantic" if m.semantic else "feature"
            print(f"{m.id}  {kind:<8}  {m.function}: {m.fault}  [pitfall: {m.pitfall}; killed by: {m.kills_it}]")
        return 0
    if args.action == "run":
        matrix = run_project(args.only, args.tests or None, args.jobs)
        print(report.matrix_table(matrix))
        print()
        print(report.summary(matrix))
        if args.json:
            report.write_json(matrix, args.json)
        if args.stryker:
            report.write_stryker(matrix, args.stryker, PROJECT_ROOT)
        return 1 if matrix.survivors or matrix.baseline_failures else 0
    if args.action == "grade":
        from . import runner

        path = Path(args.path)
        if not path.exists():
            raise SystemExit(f"no such test file or directory: {path}")
        matrix = runner.run([str(path), f"--rootdir={path if path.is_dir() else path.parent}"], _mutants(None))
        result = report.grade(matrix)
        print(report.grade_text(result))
        if args.json:
            Path(args.json).write_text(json.dumps({"grade": result, "matrix": matrix.to_dict()}, indent=1),
                                       encoding="utf-8")
        return 0 if result["passed"] else 1
    return 2
