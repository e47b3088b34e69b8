"""``bleuprint mutants list|run|grade|explain|report``: its subcommand and handler; the
catalogue, the generated mutants, the runner, the search for killing inputs and the
reports are ``bleuprint.mutants``'s."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import Parser


def add_parser(commands) -> None:
    mutants = commands.add_parser("mutants", help="planted mutants of the spec: kill matrix and grading")
    actions = mutants.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    actions.required = True
    listing = actions.add_parser("list", help="list the planted mutants (or the generated ones)")
    listing.add_argument("--generated", action="store_true", help="the generated mutants: id, kind, location, change")
    listing.add_argument("--scope", nargs="+", metavar="SCOPE", default=None, help="with --generated: these modules")
    listing.add_argument("--diff", action="store_true", help="with --generated: each mutant's diff too")
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
                     help="with --generated: the spec modules to mutate, by metric folder (bleu, chrf, ter, ...) "
                          "or shared module (tokenizers); default: every registered metric's")
    run.add_argument("--full-matrix", action="store_true",
                     help="with --generated: every covering test against every mutant (default: each mutant "
                          "stops at its first killer)")
    grade = actions.add_parser("grade", help="grade an outside test suite against the mutants (course rule)")
    grade.add_argument("path", help="a test file or directory; its tests import the API from bleuprint.spec")
    grade.add_argument("--json", metavar="PATH", help="write the grade and matrix as JSON")
    grade.add_argument("--generated", action="store_true",
                       help="grade against the generated mutants (of --scope) instead of the planted ones")
    grade.add_argument("--scope", nargs="+", metavar="SCOPE", default=None,
                       help="only the mutants (planted or generated) of these spec modules, by metric folder "
                            "(bleu, chrf, ter, ...) or shared module (tokenizers); default: all")
    grade.add_argument("--exercise", metavar="NAME", default=None,
                       help="grade against this exercise only, by its rule (L4.5, bleu, chrf, exact_match, ter, wer, rouge, or an "
                            "exercise JSON file): its contract module is importable by the suite during the run")
    grade.add_argument("--contract-module", metavar="PATH", default=None,
                       help="with --exercise: the module path the suite imports the contract from (default: the "
                            "exercise's, e.g. tinyllm.eval.seqmetrics)")
    grade.add_argument("--hints", choices=("pitfall", "input", "test"), default=None,
                       help="with --exercise --explain: what each survivor's hint shows (default: the exercise's)")
    grade.add_argument("--stryker", metavar="PATH", help="write a mutation-testing-report-schema (Stryker) report")
    for parser in (run, grade):
        _explain_options(parser, "after the run, search for the input that kills each surviving mutant")
    explain = actions.add_parser("explain", help="the input that kills each surviving mutant of a kill matrix")
    explain.add_argument("matrix", help="the JSON that run --json or grade --json wrote")
    explain.add_argument("--only", nargs="+", metavar="ID", help="only these survivors")
    explain.add_argument("--exercise", metavar="NAME", default=None,
                         help="the exercise the matrix was graded against (grade --exercise --json): its verdicts "
                              "and hints instead of the search's")
    explain.add_argument("--hints", choices=("pitfall", "input", "test"), default=None,
                         help="with --exercise: what each survivor's hint shows (default: the exercise's)")
    _explain_options(explain, None)
    html = actions.add_parser("report", help="the report a student opens in a browser")
    html.add_argument("--html", metavar="DIR", required=True, help="write index.html (and the web component) here")
    html.add_argument("--stryker", metavar="PATH", required=True, help="the Stryker report that run/grade --stryker wrote")
    html.add_argument("--findings", metavar="PATH", help="the killing inputs that explain --json wrote")
    html.add_argument("--title", default="bleuprint mutants", help="the page's title")
    mutants.set_defaults(handler=main)


def _explain_options(parser, flag_help) -> None:
    if flag_help:
        parser.add_argument("--explain", action="store_true", help=flag_help)
    parser.add_argument("--max-examples", type=int, default=None, metavar="N",
                        help="inputs the search tries per mutant (default: 300)")
    parser.add_argument("--hide-inputs", action="store_true",
                        help="the teacher's flag: say whether a killing input exists, not what it is")
    parser.add_argument("--findings", dest="findings_out", metavar="PATH",
                        help="write the findings (killing inputs, verdicts) as JSON, for report --html")


def _run_suite(test_args: list, chosen: list, path: Path, exercise_given: bool):
    """``runner.run``'s kill matrix of the suite at ``path``; a suite pytest cannot run is
    one line, naming the exercise whose contract the suite imports when it was graded
    without ``--exercise`` (the course's module exists only during an exercise's run)."""
    from ..mutants import runner

    try:
        return runner.run(test_args, chosen)
    except runner.SuiteNotRun as error:
        hint = "" if exercise_given else _contract_hint(path)
        raise SystemExit(f"{path}: {error}{hint}") from None


def _contract_hint(path: Path) -> str:
    """"; it imports M, the contract of exercise E: ..." when a Python file of ``path``
    names the module a shipped exercise installs for its run (L4.5's
    ``tinyllm.eval.seqmetrics``), else ""."""
    from ..mutants import exercises

    files = [path] if path.is_file() else sorted(path.rglob("*.py"))
    texts = [f.read_text(encoding="utf-8", errors="replace") for f in files]
    for shipped in exercises.shipped().values():
        exercise = exercises.load(shipped)
        if exercise.contract_provider and any(exercise.contract_module in text for text in texts):
            return (f"; it imports {exercise.contract_module}, the contract of exercise {exercise.name}, which "
                    f"exists only while that exercise is graded: add --exercise {exercise.name}")
    return ""


def _grade_exercise(args) -> int:
    """``grade --exercise``: the exercise's mutants only (``--scope`` narrows them), the suite
    run with the contract installed, the exercise's grade, and with ``--explain`` each
    survivor's verdict and hint (``bleuprint.mutants.verdicts``)."""
    import time

    from ..mutants import exercises, report, runner, verdicts
    from ..mutants.contract import installed

    started = time.perf_counter()
    path = Path(args.path)
    if not path.exists():
        raise SystemExit(f"no such test file or directory: {path}")
    if args.generated:
        raise SystemExit("--generated does not go with --exercise: the exercise names its mutants")
    try:
        exercise = exercises.get(args.exercise)
        chosen = exercise.mutants(args.scope)
        module = args.contract_module or exercise.contract_module
        if args.contract_module:
            from ..mutants.contract import check_path

            check_path(module)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    if not chosen:
        raise SystemExit(f"exercise {exercise.name} has no mutants in scope {' '.join(args.scope or [])}")
    test_args = [str(path), f"--rootdir={path if path.is_dir() else path.parent}"]
    if exercise.contract_provider:
        with installed(exercise.contract_provider, module):
            matrix = _run_suite(test_args, chosen, path, exercise_given=True)
    else:
        matrix = _run_suite(test_args, chosen, path, exercise_given=True)
    result = verdicts.grade(matrix, exercise)
    print(verdicts.grade_text(result))
    found = []
    if args.explain or args.findings_out:
        found = verdicts.explain(matrix, exercise, args.hints, args.max_examples or 300)
        print()
        for verdict in found:
            print(verdict.text())
            print()
    seconds = time.perf_counter() - started
    print(f"graded{' and explained' if found else ''} in {seconds:.1f} s")
    if args.json:
        Path(args.json).write_text(json.dumps({"grade": result, "matrix": matrix.to_dict()}, indent=1),
                                   encoding="utf-8")
    if args.stryker:
        report.write_stryker(matrix, args.stryker, _project_root())
    if args.findings_out:
        Path(args.findings_out).write_text(json.dumps(verdicts.findings_for_report(found), indent=1),
                                           encoding="utf-8")
    return 0 if result["passed"] else 1


def _explain_exercise(data, ids, args) -> int:
    """``explain --exercise``: the verdicts of ``bleuprint.mutants.verdicts`` for a saved
    grade's survivors (``--only`` narrows them)."""
    from ..mutants import exercises, runner, verdicts

    try:
        exercise = exercises.get(args.exercise)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    mutants = exercise.mutants()
    known = {m.id for m in mutants}
    strangers = [m["id"] for m in data["mutants"] if m["id"] not in known]
    if strangers:
        raise SystemExit(f"{args.matrix} was not graded against exercise {exercise.name}: "
                         f"it has mutants {', '.join(strangers[:5])} the exercise does not")
    if args.only:
        unknown = set(args.only) - set(ids)
        if unknown:
            raise SystemExit(f"not survivors of this matrix: {', '.join(sorted(unknown))}")
    matrix = runner.matrix_from_dict(data, mutants)
    if args.only:
        matrix.mutants = [m for m in matrix.mutants if m.id in args.only]
    found = verdicts.explain(matrix, exercise, args.hints, args.max_examples or 300)
    for verdict in found:
        print(verdict.text())
        print()
    if args.findings_out:
        Path(args.findings_out).write_text(json.dumps(verdicts.findings_for_report(found), indent=1),
                                           encoding="utf-8")
    return 0


def _project_root():
    from ..mutants.project import PROJECT_ROOT

    return PROJECT_ROOT


def _explain(mutants, args) -> int:
    """Search each mutant (module ``bleuprint.mutants.search``), print and write the findings."""
    from ..mutants import search

    examples = args.max_examples or search.DEFAULT_EXAMPLES
    findings = []
    for mutant in mutants:
        finding = search.search(mutant, examples)
        findings.append(finding)
        print(search.describe(finding, args.hide_inputs))
    killable = sum(f.verdict == "killable" for f in findings)
    print(f"explained {len(findings)} surviving mutants: {killable} killable, "
          f"{len(findings) - killable} probably equivalent ({examples} examples each at most)")
    if args.findings_out:
        data = [search.hidden(f) if args.hide_inputs else f.to_dict() for f in findings]
        Path(args.findings_out).write_text(json.dumps(data, indent=1, default=repr), encoding="utf-8")
    return 0


#: The test-only packages each action needs: ``run`` runs the project's tests (pytest, and
#: Hypothesis for its property tests), ``grade`` an outside suite with pytest, ``explain``
#: searches with Hypothesis; ``list`` and ``report`` need neither.
NEEDS = {"run": ("pytest", "hypothesis"), "grade": ("pytest",), "explain": ("hypothesis",)}


def main(args) -> int:
    from . import missing_test_package

    for flag, value in (("--jobs", getattr(args, "jobs", None)), ("--max-examples", getattr(args, "max_examples", None))):
        if value is not None and value < 1:  # -1 jobs ran one silently; -1 examples: Hypothesis's traceback
            print(f"bleuprint: mutants {args.action}: {flag} takes a whole number >= 1, got {value}", file=sys.stderr)
            return 2
    needed = NEEDS.get(args.action, ())
    if getattr(args, "explain", False) or getattr(args, "findings_out", None):
        needed += ("hypothesis",)
    if args.action == "explain" and getattr(args, "exercise", None):
        needed += ("pytest",)  # the saved matrix is rebuilt by the runner, a pytest plugin
    if missing_test_package(f"mutants {args.action}", *needed):
        return 2
    from ..mutants import catalogue
    from ..mutants.project import PROJECT_ROOT, run_project, selected_mutants

    if args.action == "list" and args.generated:
        from ..mutants.project import selected_generated

        for m in selected_generated(args.scope):
            print(f"{m.id}  {m.kind:<7}  {m.location[0]}:{m.location[1]}:{m.location[2]}  {m.function}: {m.fault}")
            if args.diff:
                print(m.diff)
        return 0
    if args.action == "list":
        for m in catalogue.all_mutants():
            kind = "semantic" if m.semantic else "feature"
            print(f"{m.id}  {kind:<8}  {m.function}: {m.fault}  [pitfall: {m.pitfall}; killed by: {m.kills_it}]")
        return 0
    if args.action == "run":
        from ..mutants import report  # its kill matrix is the runner's, which imports pytest

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
        if args.explain or args.findings_out:
            print()
            _explain(matrix.survivors, args)
        return 1 if matrix.survivors or matrix.baseline_failures else 0
    if args.action == "grade" and args.exercise:
        return _grade_exercise(args)
    if args.action == "grade":
        from ..mutants import report, runner

        path = Path(args.path)
        if not path.exists():
            raise SystemExit(f"no such test file or directory: {path}")
        if args.contract_module or args.hints:
            raise SystemExit("--contract-module and --hints go with --exercise")
        if args.generated:
            from ..mutants.project import selected_generated

            chosen = selected_generated(args.scope)
        else:
            chosen = selected_mutants(None)
            if args.scope:
                from ..mutants.scopes import in_scopes

                try:
                    chosen = in_scopes(chosen, args.scope)
                except ValueError as error:
                    raise SystemExit(str(error)) from None
        matrix = _run_suite([str(path), f"--rootdir={path if path.is_dir() else path.parent}"], chosen, path,
                            exercise_given=False)
        result = report.grade(matrix)
        print(report.grade_text(result))
        if args.json:
            Path(args.json).write_text(json.dumps({"grade": result, "matrix": matrix.to_dict()}, indent=1),
                                       encoding="utf-8")
        if args.stryker:
            report.write_stryker(matrix, args.stryker, PROJECT_ROOT)
        if args.explain or args.findings_out:
            print()
            _explain(matrix.survivors, args)
        return 0 if result["passed"] else 1
    if args.action == "explain":
        from ..mutants.project import lookup

        try:
            data = json.loads(Path(args.matrix).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise SystemExit(f"cannot read the kill matrix {args.matrix}: {error}") from None
        if isinstance(data, dict) and "grade" in data:  # grade --json: {"grade": ..., "matrix": ...}
            data = data["matrix"]
        if not isinstance(data, dict) or "mutants" not in data:
            raise SystemExit(f"{args.matrix} is not a kill matrix (the JSON of run --json or grade --json)")
        ids = [m["id"] for m in data["mutants"] if m["status"] != "killed"]
        if args.exercise:
            return _explain_exercise(data, ids, args)
        if args.only:
            unknown = set(args.only) - set(ids)
            if unknown:
                raise SystemExit(f"not survivors of this matrix: {', '.join(sorted(unknown))}")
            ids = [i for i in ids if i in args.only]
        return _explain(lookup(ids), args)
    if args.action == "report":
        from ..mutants import html

        try:
            stryker = json.loads(Path(args.stryker).read_text(encoding="utf-8"))
            findings = json.loads(Path(args.findings).read_text(encoding="utf-8")) if args.findings else []
        except (OSError, ValueError) as error:
            raise SystemExit(f"cannot read the report's input: {error}") from None
        if not isinstance(stryker, dict) or "files" not in stryker:
            raise SystemExit(f"{args.stryker} is not a Stryker report (the JSON of run --stryker or grade --stryker)")
        target = html.write(args.html, stryker, findings, args.title)
        print(f"wrote {target}")
        return 0
    return 2
