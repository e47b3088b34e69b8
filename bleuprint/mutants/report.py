"""Reading a kill matrix: the summary, the printed matrix, JSON, Stryker's report format and
the course's grade."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

from .runner import KILLED, NOT_COVERED, SURVIVED, KillMatrix
from .switch import resolve

#: The course's grading rule: at least this fraction of the mutants killed, and every
#: semantic mutant killed.
PASS_FRACTION = 0.80


def test_function(test_id: str) -> str:
    """``tests/x.py::test_y[param]`` -> ``tests/x.py::test_y`` (parametrized cases folded)."""
    return test_id.split("[", 1)[0]


def kill_sets(matrix: KillMatrix, by_function: bool = True) -> dict[str, set]:
    """Mutant id -> the set of tests (or test functions) that kill it."""
    fold = test_function if by_function else (lambda t: t)
    return {m.id: {fold(t) for t in matrix.killers(m.id)} for m in matrix.mutants}


def subsumed_pairs(matrix: KillMatrix) -> list[tuple[str, str]]:
    """Pairs (a, b) of killed mutants whose kill sets satisfy killers(a) contains
    killers(b), a != b: every test that kills b also kills a (b is at least as hard)."""
    sets = kill_sets(matrix)
    pairs = []
    for a, ka in sets.items():
        for b, kb in sets.items():
            if a != b and kb and kb <= ka:
                pairs.append((a, b))
    return pairs


def summary(matrix: KillMatrix) -> str:
    """Killed and survived counts, the killers of each mutant, the mutants killed by only
    one test function, and the kill sets that contain others'."""
    sets = kill_sets(matrix)
    killed = [m for m in matrix.mutants if matrix.status(m.id) == KILLED]
    lines = [
        f"mutants: {len(matrix.mutants)}, killed: {len(killed)}, survived: {len(matrix.mutants) - len(killed)}; "
        f"tests run: {len(matrix.tests)} in {matrix.seconds:.1f} s",
    ]
    if matrix.baseline_failures:
        lines.append(f"tests failing on the real spec (excluded from the matrix): {len(matrix.baseline_failures)}")
        lines += [f"  {t}" for t in matrix.baseline_failures[:20]]
    lines.append("")
    lines.append("killers per mutant (test functions; parametrized cases folded):")
    for m in matrix.mutants:
        status = matrix.status(m.id)
        names = sorted(sets[m.id])
        shown = ", ".join(n.split("::")[-1] for n in names[:4]) + (f" (+{len(names) - 4} more)" if len(names) > 4 else "")
        lines.append(f"  {m.id} {status:<11} {len(names):>3} {shown or '-'}   [{m.fault}]")
    single = [(m.id, next(iter(sets[m.id]))) for m in matrix.mutants if len(sets[m.id]) == 1]
    lines.append("")
    lines.append(f"mutants killed by only one test function: {len(single)}")
    lines += [f"  {mid}: {name}" for mid, name in single]
    pairs = subsumed_pairs(matrix)
    lines.append("")
    lines.append(f"kill sets containing another's (a contains b: every killer of b also kills a): {len(pairs)}")
    by_container: dict = {}
    for a, b in pairs:
        by_container.setdefault(a, []).append(b)
    lines += [f"  {a} contains {', '.join(sorted(bs))}" for a, bs in sorted(by_container.items())]
    by_file: dict = {}
    for test_id, seconds in matrix.durations.items():
        by_file[test_id.split("::")[0]] = by_file.get(test_id.split("::")[0], 0.0) + seconds
    lines.append("")
    lines.append("time per test file (normal run plus runs under mutants):")
    lines += [f"  {seconds:7.1f} s  {path}" for path, seconds in sorted(by_file.items(), key=lambda kv: -kv[1])[:8]]
    survivors = matrix.survivors
    lines.append("")
    if survivors:
        lines.append("SURVIVED: " + ", ".join(f"{m.id} ({m.pitfall})" for m in survivors))
    else:
        lines.append("all mutants killed")
    return "\n".join(lines)


def generated_summary(matrix: KillMatrix) -> str:
    """A run of generated mutants: counts per spec file and kind, then every survivor with
    its location and change (the matrix itself is in the JSON: hundreds of columns)."""
    rows: dict = {}
    for m in matrix.mutants:
        path = m.location[0] if m.location else m.function
        row = rows.setdefault(path, {"mutants": 0, KILLED: 0, SURVIVED: 0, NOT_COVERED: 0, "message": 0})
        row["mutants"] += 1
        row[matrix.status(m.id)] += 1
        row["message"] += m.kind == "message" and matrix.status(m.id) != KILLED
    lines = [f"generated mutants: {len(matrix.mutants)}; tests run: {len(matrix.tests)} in {matrix.seconds:.1f} s"]
    if matrix.interrupted:
        lines.append("INTERRUPTED: the run was stopped; the matrix covers the tests run until then")
    if matrix.baseline_failures:
        lines.append(f"tests failing on the real spec (excluded from the matrix): {len(matrix.baseline_failures)}")
        lines += [f"  {t}" for t in matrix.baseline_failures[:20]]
    lines.append("")
    lines.append(f"{'file':<40} {'mutants':>7} {'killed':>7} {'survived':>8} {'no test':>7} {'of which message-only':>22}")
    for path, row in rows.items():
        lines.append(f"{path:<40} {row['mutants']:>7} {row[KILLED]:>7} {row[SURVIVED]:>8} {row[NOT_COVERED]:>7} "
                     f"{row['message']:>22}")
    survivors = matrix.survivors
    lines.append("")
    lines.append(f"surviving: {len(survivors)}" + (" (bleuprint mutants explain finds the input that kills each)"
                                                  if survivors else ""))
    for m in survivors:
        where = f"{m.location[0]}:{m.location[1]}" if m.location else m.function
        lines.append(f"  {m.id} {matrix.status(m.id):<11} {m.kind:<7} {where}  {m.function.rsplit('.', 1)[-1]}: {m.fault}")
    return "\n".join(lines)


def matrix_table(matrix: KillMatrix) -> str:
    """The matrix folded to test functions: one row per test function, one column per
    mutant; K killed, . covered but survived, blank not covered."""
    ids = [m.id for m in matrix.mutants]
    functions: dict = {}
    for test_id in matrix.tests:
        row = functions.setdefault(test_function(test_id), {})
        for mid, state in matrix.cells.get(test_id, {}).items():
            if state == KILLED or row.get(mid) == KILLED:
                row[mid] = KILLED
            elif state == SURVIVED:
                row[mid] = SURVIVED
    width = max([len(f.split("::", 1)[-1]) for f in functions] + [10])
    header = " " * width + " " + " ".join(i[0] for i in ids)
    header2 = " " * width + " " + " ".join(i[1] for i in ids)
    header3 = " " * width + " " + " ".join(i[2] for i in ids)
    lines = [header, header2, header3]
    mark = {KILLED: "K", SURVIVED: ".", NOT_COVERED: " "}
    for name, row in functions.items():
        short = name.split("::", 1)[-1]
        lines.append(f"{short:<{width}} " + " ".join(mark.get(row.get(i, NOT_COVERED), " ") for i in ids))
    return "\n".join(lines)


def write_json(matrix: KillMatrix, path: str | Path) -> None:
    Path(path).write_text(json.dumps(matrix.to_dict(), indent=1), encoding="utf-8")


def stryker_report(matrix: KillMatrix, root: str | Path = ".") -> dict:
    """The matrix as a mutation-testing-report-schema (Stryker) document.

    Each mutant is reported in the file of its first target, located at that function's
    lines; ``killedBy`` and ``coveredBy`` hold pytest node ids, listed under ``testFiles``.
    """
    root = Path(root).resolve()
    files: dict = {}
    status_name = {KILLED: "Killed", SURVIVED: "Survived", NOT_COVERED: "NoCoverage"}
    for m in matrix.mutants:
        module, _, function = resolve(m.targets[0])
        # a planted mutant sits in its function's file: the module's, or for a function made
        # from a declaration (``bleuprint.core.one_call``) the declaration's
        source_path = Path(inspect.getsourcefile(module if m.location else function)).resolve()
        try:
            key = source_path.relative_to(root).as_posix()
        except ValueError:
            key = source_path.as_posix()
        entry = files.setdefault(key, {"language": "python", "source": source_path.read_text(encoding="utf-8"),
                                       "mutants": []})
        if m.location:  # a generated mutant: the exact span it changes, in the module it mutates
            location = {"start": {"line": m.location[1], "column": m.location[2]},
                        "end": {"line": m.location[3], "column": m.location[4]}}
            mutator, replacement = m.operator, m.fault.split("` -> `", 1)[-1].split("`", 1)[0]
        else:
            lines, start = inspect.getsourcelines(function)
            if start != function.__code__.co_firstlineno:  # made from a declaration (core.one_call)
                start = function.__code__.co_firstlineno
                lines = [source_path.read_text(encoding="utf-8").splitlines()[start - 1]]
            location = {"start": {"line": start, "column": 1},
                        "end": {"line": start + len(lines) - 1, "column": len(lines[-1].rstrip("\n")) + 1}}
            mutator, replacement = m.id, m.fault
        entry["mutants"].append({
            "id": m.id,
            "mutatorName": mutator,
            "description": m.fault,
            "replacement": replacement,
            "location": location,
            "status": status_name[matrix.status(m.id)],
            "killedBy": matrix.killers(m.id),
            "coveredBy": matrix.covering(m.id),
        })
    test_files = {path: {"tests": [{"id": t, "name": t.split("::", 1)[-1]} for t in tests]}
                  for path, tests in matrix.test_files.items()}
    return {"schemaVersion": "1", "thresholds": {"high": 80, "low": 60}, "files": files, "testFiles": test_files,
            "framework": {"name": "bleuprint mutants"}}


def write_stryker(matrix: KillMatrix, path: str | Path, root: str | Path = ".") -> None:
    Path(path).write_text(json.dumps(stryker_report(matrix, root), indent=1), encoding="utf-8")


def grade(matrix: KillMatrix) -> dict:
    """The course's grade: fraction killed, whether every semantic mutant is killed, and
    the verdict (pass when the fraction is at least ``PASS_FRACTION`` and no semantic
    mutant survives)."""
    total = len(matrix.mutants)
    killed = sum(matrix.status(m.id) == KILLED for m in matrix.mutants)
    semantic_survivors = [m for m in matrix.survivors if m.semantic]
    fraction = killed / total if total else 0.0
    return {
        "killed": killed, "total": total, "fraction": fraction,
        "semantic_survivors": [m.id for m in semantic_survivors],
        "survivors": [{"id": m.id, "pitfall": m.pitfall, "fault": m.fault, "semantic": m.semantic}
                      for m in matrix.survivors],
        "passed": fraction >= PASS_FRACTION and not semantic_survivors,
    }


def grade_text(result: dict) -> str:
    lines = [f"killed {result['killed']} of {result['total']} mutants ({result['fraction']:.2f}; "
             f"the bar is {PASS_FRACTION:.2f} and every semantic mutant)"]
    for s in result["survivors"]:
        lines.append(f"  survived {s['id']}{' (semantic)' if s['semantic'] else ''}: {s['pitfall']}: {s['fault']}")
    lines.append("GRADE: PASS" if result["passed"] else "GRADE: FAIL")
    return "\n".join(lines)
