"""``bleuprint mutants list|run|grade``: its subcommand and handler; the catalogue, the
runner and the reports are ``bleuprint.mutants``'s."""

from __future__ import annotations

import json
from pathlib import Path

from . import Parser


def add_parser(commands) -> None:
    mutants = commands.add_parser("mutants", help="planted mutants of the spec: kill matrix and grading")
    actions = mutants.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    actions.required = True
    actions.add_parser("list", help="list the planted mutants")
    run = actions.add_parser("run", help="run the project's tests against every mutant and print the kill matrix")
    run.add_argument("tests", nargs="*", default=None, help="pytest arguments (default: the project's tests)")
    run.add_argument("--json", metavar="PATH", help="write the full matrix as JSON")
    run.add_argument("--stryker", metavar="PATH", help="write a mutation-testing-report-schema (Stryker) report")
    run.add_argument("--only", nargs="+", metavar="ID", help="only these mutants")
    run.add_argument("--jobs", type=int, default=None, metavar="N",
                     help="worker processes, each taking a share of the mutants (default: cores, at most 2)")
    run.add_argument("--generated", action="store_true",
                     help="generated mutants (standard operators on the spec's source) instead of the planted ones")
    run.add_argument("--scope", nargs="+", metavar="SCOPE", default=None,
                     help="with --generated: the spec modules to mutate (bleu, chrf, exact_match, tokenizers; "
                          "default: all)")
    run.add_argument("--full-matrix", action="store_true",
                     help="with --generated: every covering test against every mutant (default: each mutant "
                          "stops at its first killer)")
    grade = actions.add_parser("grade", help="grade an outside test suite against the mutants (course rule)")
    grade.add_argument("path", help="a test file or directory; its tests import the API from bleuprint.spec")
    grade.add_argument("--json", metavar="PATH", help="write the grade and matrix as JSON")
    mutants.set_defaults(handler=main)


def main(args) -> int:
    from ..mutants import catalogue, report
    from ..mutants.project import PROJECT_ROOT, run_project, selected_mutants

    if args.action == "list":
        for m in catalogue.all_mutants():
            kind = "semantic" if m.semantic else "feature"
            print(f"{m.id}  {kind:<8}  {m.function}: {m.fault}  [pitfall: {m.pitfall}; killed by: {m.kills_it}]")
        return 0
    if args.action == "run":
        if args.generated:
            from ..mutants.project import selected_generated

            mutants = selected_generated(args.scope, args.only)
            matrix = run_project(None, args.tests or None, args.jobs, first_kill=not args.full_matrix,
                                 mutants=mutants)
            print(report.generated_summary(matrix))
        else:
            if args.scope or args.full_matrix:
                raise SystemExit("--scope and --full-matrix go with --generated")
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
        from ..mutants import runner

        path = Path(args.path)
        if not path.exists():
            raise SystemExit(f"no such test file or directory: {path}")
        matrix = runner.run([str(path), f"--rootdir={path if path.is_dir() else path.parent}"], selected_mutants(None))
        result = report.grade(matrix)
        print(report.grade_text(result))
        if args.json:
            Path(args.json).write_text(json.dumps({"grade": result, "matrix": matrix.to_dict()}, indent=1),
                                       encoding="utf-8")
        return 0 if result["passed"] else 1
    return 2
