"""An exercise's grade and each survivor's honest verdict.

The grade counts the exercise's mutants only, by its rule (``Exercise.threshold`` and
``Exercise.required``). Each survivor is reported with the file:line of the code it
changes, and apart by kind: *not covered* (no test of the suite reaches that code) or
*covered but not killed* (some test reaches it and passes anyway).

A survivor's verdict is

* ``killable`` with a hint, when the exercise ships a hand-derived killing test for it
  (``bleuprint.mutants.hints``) or the search (``bleuprint.mutants.search``) finds an
  input on which the mutant and the spec differ;
* otherwise ``no killing input found in N examples``: the student should keep looking.
  The search's note (an error message, an input check, a default) is shown beside it, but
  the survivor is never called equivalent on that ground: a student's test calls the
  contract's public functions with any of their parameters, may omit any default and may
  match an error message, which bleuprint's own callers do not show.
"""

from __future__ import annotations

import inspect
import os
from dataclasses import asdict, dataclass

from .runner import KILLED, NOT_COVERED, KillMatrix
from .switch import resolve


def location(mutant) -> str:
    """``path:line`` of the code the mutant changes (a planted one: its first target's def)."""
    if mutant.location:
        return f"{mutant.location[0]}:{mutant.location[1]}"
    function = resolve(mutant.targets[0])[2]
    path = inspect.getsourcefile(function)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    relative = os.path.relpath(path, root) if os.path.abspath(path).startswith(root) else path
    return f"{relative}:{inspect.getsourcelines(function)[1]}"


def grade(matrix: KillMatrix, exercise) -> dict:
    """The exercise's grade of a kill matrix (module doc)."""
    mutants = matrix.mutants
    total = len(mutants)
    killed = sum(matrix.status(m.id) == KILLED for m in mutants)
    required = exercise.required_ids(mutants)
    survivors = [{"id": m.id, "status": matrix.status(m.id), "location": location(m), "pitfall": m.pitfall,
                  "fault": m.fault, "semantic": m.semantic, "required": m.id in required}
                 for m in matrix.survivors]
    missing = [s["id"] for s in survivors if s["required"]]
    fraction = killed / total if total else 0.0
    return {"exercise": exercise.name, "killed": killed, "total": total, "fraction": fraction,
            "threshold": exercise.threshold, "required_survivors": missing, "survivors": survivors,
            "tests": len(matrix.tests), "baseline_failures": list(matrix.baseline_failures),
            "passed": fraction >= exercise.threshold and not missing and not matrix.baseline_failures}


def grade_text(result: dict) -> str:
    lines = [f"exercise {result['exercise']}: killed {result['killed']} of {result['total']} mutants "
             f"({result['fraction']:.2f}; the bar is {result['threshold']:.2f} and every required mutant) "
             f"with {result['tests']} tests"]
    if result["baseline_failures"]:
        lines.append("tests failing on the reference (fix them first; they count for nothing):")
        lines += [f"  {t}" for t in result["baseline_failures"]]
    for kind, title in ((NOT_COVERED, "not covered: no test reaches the mutated code"),
                        ("survived", "covered but not killed: a test reaches the code and passes anyway")):
        chosen = [s for s in result["survivors"] if s["status"] == kind]
        if chosen:
            lines.append(f"{title} ({len(chosen)}):")
            lines += [f"  {s['id']}{' (required)' if s['required'] else ''} at {s['location']}: "
                      f"{s['pitfall']}: {s['fault']}" for s in chosen]
    lines.append("GRADE: PASS" if result["passed"] else "GRADE: FAIL")
    return "\n".join(lines)


@dataclass
class Verdict:
    id: str
    location: str
    status: str
    verdict: str  # "killable" or "no killing input found"
    examples: int  # inputs the search tried (0: a hand test answered)
    pitfall: str
    fault: str
    hint: str
    note: str = ""

    def to_dict(self) -> dict:
        return asdict(self)

    def text(self) -> str:
        head = f"{self.id} ({self.status}) at {self.location}: {self.fault}"
        if self.verdict == "killable":
            return f"{head}\n  killable\n" + "\n".join("  " + line if line else "" for line in self.hint.splitlines())
        note = f" ({self.note})" if self.note else ""
        return (f"{head}\n  no killing input found in {self.examples} examples{note}; not shown equivalent "
                f"for every caller of the contract: keep looking")


def explain(matrix: KillMatrix, exercise, level: str | None = None, max_examples: int = 300) -> list[Verdict]:
    """A verdict for each survivor of ``matrix`` (module doc), hints at ``level`` (default:
    the exercise's)."""
    from . import hints

    level = level or exercise.hints
    hand = hints.read(exercise.killing_tests) if exercise.killing_tests else {}
    found = []
    for m in matrix.survivors:
        status, where = matrix.status(m.id), location(m)
        if m.id in hand:
            found.append(Verdict(m.id, where, status, "killable", 0, m.pitfall, m.fault,
                                 hints.render(hand[m.id], level)))
            continue
        from . import search

        finding = search.search(m, max_examples)
        if finding.verdict == "killable":
            hint = [f"pitfall: {m.pitfall}"]
            if level in ("input", "test"):
                hint.append(f"input: metric {finding.metric!r}, hyps={finding.hyps!r}, refs={finding.refs!r}, "
                            f"options={finding.options!r}")
            if level == "test":
                hint += ["", search.killing_test(finding)]
            found.append(Verdict(m.id, where, status, "killable", finding.examples, m.pitfall, m.fault, "\n".join(hint)))
        else:
            found.append(Verdict(m.id, where, status, "no killing input found", finding.examples, m.pitfall,
                                 m.fault, "", finding.reason))
    return found


def findings_for_report(verdicts: list[Verdict]) -> list[dict]:
    """The verdicts in the shape ``bleuprint.mutants.html`` reads (``hint`` carries the text)."""
    return [{**v.to_dict(), "verdict": "killable" if v.verdict == "killable" else "no killing input found"}
            for v in verdicts]
