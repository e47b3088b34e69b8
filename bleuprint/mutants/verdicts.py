"""An exercise's grade and each survivor's honest verdict.

The grade counts the exercise's mutants only, by its rule (``Exercise.threshold`` and
``Exercise.required``). Each survivor is reported with the file:line of the code it
changes, and apart by kind: *not covered* (no test of the suite reaches that code) or
*covered but not killed* (some test reaches it and passes anyway).

A survivor's verdict is

* ``killable`` with a hint, when the exercise ships a hand-derived killing test for it
  (``bleuprint.mutants.hints``) or the search (``bleuprint.mutants.search``) finds an
  input on which the mutant and the spec differ;
* killable, too, when a call of the contract's own public functions on a small input
  domain (``SMALL``: a few short strings, the bad inputs the contract refuses, every
  metric name) tells the mutant apart: a different value, or a different exception or
  error message. That domain is what a student's test can pass, defaults left out, so it
  finds the faults of input checks and error messages that the search (valid inputs of
  bleuprint's own callers) cannot;
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
    # the def's line (its first decorator's), or the declaration a function made from the
    # registry points at (``bleuprint.core.one_call``: corpus_bleu in metrics/bleu/api.py)
    return f"{relative}:{function.__code__.co_firstlineno}"


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


#: Per parameter name of a contract function: the values the small domain tries.
SMALL = {
    "hyp": ["the", "The", " the", "the cat", "", None],
    "line": ["the", "3.14", "a-b", "", None],
    "hyps": [["the"], ["The"], [" the"], ["the", "cat"], [], "the", None, [1]],
    "refs": [["the"], ["The"], [" the"], [["the"]], [["the"], ["cat"]], [["the", "cat"]], [[]], [], "the", None, [1]],
    "stats": [[1] * 10, [2, 2, 1, 0, 0, 0, 2, 1, 0, 0], [0] * 10, [1] * 18, [3, 4, 3] + [0] * 15, [], None],
    "metric": ["exact_match", "bleu", "chrf", "no such metric"],
}


def _outcome(call):
    try:
        value = call()
    except Exception as error:  # the refusal is part of the contract: its type and message
        return ("raises", type(error).__name__, str(error))
    if hasattr(value, "tolist"):
        value = value.tolist()
    return ("value", value)


def _same(a, b) -> bool:
    if a[0] != b[0]:
        return False
    if a[0] == "raises":
        return a == b
    x, y = a[1], b[1]
    if isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)):
        return len(x) == len(y) and all(_same(("value", u), ("value", v)) for u, v in zip(x, y))
    if isinstance(x, (int, float)) and isinstance(y, (int, float)):
        return abs(x - y) <= 1e-9 or x == y
    return x == y


def small_domain(exercise):
    """``(name, function, args)`` for every call of the exercise's contract functions whose
    parameters are all in ``SMALL`` (the others left at their defaults)."""
    import importlib
    import itertools

    module = importlib.import_module(exercise.contract_provider or exercise.contract_module)
    for name in exercise.functions:
        function = getattr(module, name)
        required = [p for p in inspect.signature(function).parameters.values()
                    if p.default is inspect.Parameter.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        if not all(p.name in SMALL for p in required):
            continue
        for args in itertools.product(*(SMALL[p.name] for p in required)):
            yield name, function, args


def small_domain_difference(mutant, exercise):
    """The first call of ``small_domain`` on which the mutant and the spec differ, as
    ``(Call, spec outcome, mutant outcome)``, and the number of calls tried: the first on
    which the spec returns a value, else the first it refuses."""
    from .switch import replaced

    tried, refused = 0, None
    for name, function, args in small_domain(exercise):
        tried += 1
        expected = _outcome(lambda: function(*args))
        with replaced(mutant.patches):
            actual = _outcome(lambda: function(*args))
        if not _same(expected, actual):
            found = (Call(name, function, tuple(args), {}), expected, actual)
            if expected[0] == "value":
                return found, tried
            refused = refused or found  # a refusal tells it apart too, but a value says more
    return refused, tried


@dataclass(frozen=True)
class Call:
    """One call of a contract function: its name, the function, its arguments."""

    name: str
    function: object
    args: tuple
    kwargs: dict

    def text(self) -> str:
        shown = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"{self.name}({', '.join(shown)})"


def contract_call(finding, mutant, exercise):
    """The search's killing input as a call of the exercise's contract functions:
    ``(Call, spec outcome)`` for the first function that, given the input's
    hypotheses and references (one pair at a time for a function of one hypothesis) and
    the options it accepts, tells the mutant apart; None if none does."""
    import importlib

    from .switch import replaced

    module = importlib.import_module(exercise.contract_provider or exercise.contract_module)
    refs = finding.refs if finding.refs is not None else [[] for _ in finding.hyps]
    for name in exercise.functions:
        function = getattr(module, name)
        parameters = inspect.signature(function).parameters
        if any(key not in parameters for key in finding.options):
            continue
        if "hyps" in parameters:
            calls = [((finding.metric,) if "metric" in parameters else ()) + (finding.hyps, refs)]
        elif "hyp" in parameters:
            calls = [(h, r) for h, r in zip(finding.hyps, refs)]
        else:
            continue
        for args in calls:
            expected = _outcome(lambda: function(*args, **finding.options))
            if expected[0] == "raises":
                continue
            with replaced(mutant.patches):
                actual = _outcome(lambda: function(*args, **finding.options))
            if not _same(expected, actual):
                return Call(name, function, tuple(args), dict(finding.options)), expected
    return None


def _expected_text(outcome) -> str:
    """The spec's outcome as a student writes it: an exception and its message, integers,
    or a fraction (never a long float)."""
    from fractions import Fraction

    if outcome[0] == "raises":
        return f"raises {outcome[1]}: {outcome[2]}"
    value = outcome[1]
    if isinstance(value, float):
        fraction = _fraction(value)
        if fraction is not None:
            return f"{fraction.numerator}/{fraction.denominator}" if fraction.denominator != 1 else str(fraction.numerator)
        return "a score you derive by hand"
    return repr(value)


def _fraction(value: float):
    """The fraction p/q (q <= 10,000) that ``value`` is, up to its last digits, or None.

    A ratio of small counts (TER's edits over reference words, 100 * 1/3) is written as
    that fraction. A value that is not one (a geometric mean, an exponential) lies
    further than 1e-12 (relative) from every such fraction except by a coincidence of
    order 1e-8 / 1e-12: the best fraction with q <= 10^4 is typically 1/q^2 ~ 1e-8 away."""
    from fractions import Fraction

    fraction = Fraction(value).limit_denominator(10_000)
    return fraction if abs(float(fraction) - value) <= 1e-12 * max(1.0, abs(value)) else None


def _statistics(call: Call, metric_name: str):
    """The summed statistics and the score options behind ``call``, or None when they
    cannot be read (a function that takes neither statistics nor texts, options the
    metric does not have)."""
    from ..core.value import metric
    from ..spec.corpus import segment_rows

    try:
        bound = inspect.signature(call.function).bind(*call.args, **call.kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    values = {k: v for k, v in bound.arguments.items() if v is not None and k != "metric"}
    stats = values.pop("stats", None)
    if stats is None and "hyps" in values:
        hyps, refs = values.pop("hyps"), values.pop("refs", None)
    elif stats is None and "hyp" in values:
        hyps, refs = [values.pop("hyp")], [values.pop("refs", [])]
    try:
        configured = metric(metric_name, **values)
        if stats is None:
            rows = segment_rows(configured, hyps, refs)
            stats = [sum(column) for column in zip(*rows)]
        return list(stats), configured.score_options()
    except (TypeError, ValueError, UnboundLocalError):
        return None


def derived(call: Call, metric_name: str | None, value: float):
    """``(docstring lines, body lines, expression)``: the score ``call`` returns, derived by
    hand from its statistics by the metric's teaching hook (``bleuprint.mutants.hooks.derivation``,
    tuned in ``bleuprint/metrics/NAME/teaching.py``), checked to equal ``value`` within 1e-9;
    or a fraction when the value is one; None otherwise."""
    import math

    result = None
    if metric_name is not None:
        from ..core import get_metric
        from .hooks import teaching_hooks

        found = _statistics(call, metric_name)
        result = teaching_hooks(get_metric(metric_name)).derivation(metric_name, *found) if found else None
    if result is not None:
        doc, body, expression = result
        scope = {"math": math}
        exec("\n".join(line.split("  #")[0] for line in body), scope)  # the derivation's own lines, checked
        if abs(eval(expression, scope) - value) <= 1e-9:
            return doc, body, expression
    fraction = _fraction(value)
    if fraction is None:
        return None
    text = f"{fraction.numerator} / {fraction.denominator}" if fraction.denominator != 1 else str(fraction.numerator)
    return [f"The score is the fraction {text}: derive it from the input's counts."], [], text


def _derived_test(mutant, call: Call, found) -> str:
    doc, body, expression = found
    uses_math = "math." in expression or any("math." in line for line in body)
    lines = ["import math", ""] if uses_math else []
    lines += ["import pytest", "", "", f"def test_kills_{mutant.id.replace('-', '_')}():",
              f'    """{call.text()}: the score derived by hand (within 1e-9 on its scale).', ""]
    lines += [f"    {line}" for line in doc] + ['    """']
    lines += [f"    {line}" for line in body]
    lines.append(f"    assert {call.text()} == pytest.approx({expression}, abs=1e-9)")
    return "\n".join(lines)


def _test_for(mutant, call: Call, expected, metric_name: str | None) -> str | None:
    """The killing test of ``call`` (spec outcome ``expected``), or None when its value
    can be neither written as the spec returns it nor derived by hand."""
    if expected[0] == "value" and isinstance(expected[1], float):
        found = derived(call, metric_name, expected[1])
        return _derived_test(mutant, call, found) if found else None
    if expected[0] == "value" and "derive" in _expected_text(expected):
        return None  # a list holding scores: no derivation yet
    return _small_test(mutant, call.text(), expected)


def _small_test(mutant, call: str, expected) -> str:
    lines = [f"def test_kills_{mutant.id.replace('-', '_')}():",
             f'    """{call}: {_expected_text(expected)} (the mutant: otherwise)."""']
    if expected[0] == "raises":
        lines = ["import re", "", "import pytest", "", ""] + lines
        lines += [f"    with pytest.raises({expected[1]}, match=re.escape({expected[2][:60]!r})):", f"        {call}"]
    else:
        lines.append(f"    assert {call} == {_expected_text(expected).replace('/', ' / ')}")
    return "\n".join(lines)


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
        pitfall = m.pitfall if m.kind == "planted" else f"{m.fault} (in {m.function.rsplit('.', 1)[-1]})"
        found_small, tried = small_domain_difference(m, exercise)
        if found_small:
            call, expected, actual = found_small
            hint = [f"pitfall: {pitfall}"]
            if level in ("input", "test"):
                hint.append(f"input: {call.text()}")
            test = _test_for(m, call, expected, exercise.metrics[0] if len(exercise.metrics) == 1 else None)
            if level == "test" and test:
                hint += ["", test]
            found.append(Verdict(m.id, where, status, "killable", tried, pitfall, m.fault, "\n".join(hint)))
            continue
        from . import search

        def shown(name, hyps, refs, options, mutant=m):
            probe = search.Finding(mutant.id, mutant.function, mutant.fault, mutant.pitfall, "killable", 0,
                                   metric=name, hyps=list(hyps), refs=refs, options=dict(options))
            return contract_call(probe, mutant, exercise) is not None

        finding = search.search(m, max_examples, metrics=exercise.metrics or None,
                                shown=shown if exercise.metrics else None)
        if finding.verdict == "killable":
            hint = [f"pitfall: {pitfall}"]
            call = contract_call(finding, m, exercise)
            if call and level in ("input", "test"):
                hint.append(f"input: {call[0].text()}")
                test = _test_for(m, call[0], call[1], finding.metric)
                if level == "test" and test:
                    hint += ["", test]
                elif level == "test":
                    hint.append("expected: the score of that input, derived by hand from its statistics")
            elif level in ("input", "test"):
                # no call of the contract shows it: say so rather than print an internal call
                hint.append(f"input (through bleuprint's {finding.metric!r} entry point, not the contract): "
                            f"hyps={finding.hyps!r}, refs={finding.refs!r}, options={finding.options!r}")
            found.append(Verdict(m.id, where, status, "killable", finding.examples, pitfall, m.fault, "\n".join(hint)))
        else:
            found.append(Verdict(m.id, where, status, "no killing input found", finding.examples + tried, pitfall,
                                 m.fault, "", finding.reason))
    return found


def findings_for_report(verdicts: list[Verdict]) -> list[dict]:
    """The verdicts in the shape ``bleuprint.mutants.html`` reads (``hint`` carries the text)."""
    return [{**v.to_dict(), "verdict": "killable" if v.verdict == "killable" else "no killing input found"}
            for v in verdicts]
