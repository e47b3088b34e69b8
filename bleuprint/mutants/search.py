"""The input that kills a surviving mutant: a Hypothesis search against the spec.

For a mutant (planted or generated) the search draws a metric that reaches the mutated
code, a corpus (``bleuprint.strategies``: the metric's ``corpus_strategy``, and for a
generated mutant also sentences built from the strings its diff changes, so that a moved
range bound or a dropped table entry is met) and the metric's options
(``metric_options``), and computes each segment's statistics, the corpus score and the
metric's one-call functions of ``bleuprint.spec`` (``bleuprint.verify_hooks.layer_functions``: corpus and
sentence) twice: with the spec, and with the mutant switched on (``switch.replaced``).
The metric's named parts of the summed rows (``Metric.parts``) are compared too.
The mutant and the spec disagree when a row differs, when a score differs by more than
1e-9 (the project's tolerance for scores, on their scale), or when one of them raises and
the other does not; inputs the spec itself refuses are not used.
Hypothesis shrinks the first disagreement to the smallest input it can, which
``killing_test`` prints as a ready pytest test.

When ``max_examples`` draws find no disagreement the mutant is *probably equivalent*
(with the number of examples tried), and ``explain`` adds the reason where a simple rule
gives one: only an error message changes; a default that every call in the spec layer
overrides; the changed line is only an input check (no valid input reaches it); no input
of the search ran the changed line; the scores moved, but by at most the tolerance.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import math
import re
import sys
from dataclasses import asdict, dataclass, field

from .model import Mutant, outcome
from .switch import replaced, resolve
from ..verify_hooks import verify_hooks

#: Scores of the mutant and the spec closer than this are equal (GUIDE: 1e-9 on the scale).
TOLERANCE = 1e-9
DEFAULT_EXAMPLES = 300


@dataclass
class Finding:
    """What the search found for one mutant."""

    id: str
    function: str
    fault: str
    pitfall: str
    verdict: str  # "killable" or "probably equivalent"
    examples: int  # inputs tried
    metric: str = ""
    hyps: list = field(default_factory=list)
    refs: list | None = None
    options: dict = field(default_factory=dict)
    compared: str = ""  # "rows" or "score"
    spec_value: object = None
    mutant_value: object = None
    reason: str = ""
    location: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


# --- which metrics reach a mutant --------------------------------------------------------------------------------

def subjects(mutant: Mutant, among: tuple[str, ...] | None = None) -> list[str]:
    """The registered metrics whose spec module is, or imports a function or table from,
    a module the mutant changes; at most three (the first in registry order). With
    ``among`` (an exercise's metrics), only those, and all of them when none is seen to
    reach the mutant (its contract may reach it by a path this test does not see)."""
    from ..core import get_metric, metric_names
    from ..spec.inputs import input_hooks

    modules = {target.partition(":")[0] for target in mutant.targets}
    found = []
    for name in among or metric_names():
        metric = get_metric(name)
        if input_hooks(metric).segment_kind != "text":
            continue
        try:
            spec_module = importlib.import_module(f"bleuprint.metrics.{name}.spec")
        except ImportError:
            continue
        reached = {spec_module.__name__} | {getattr(v, "__module__", None) for v in vars(spec_module).values()}
        if any(m in reached for m in modules) or "bleuprint.spec.corpus" in modules:
            found.append(name)
    if among:
        return found or list(among)
    return found[:3]


# --- strategies ------------------------------------------------------------------------------------------------

_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')


def hints(mutant: Mutant) -> list[str]:
    """Short strings the mutant's diff removes or adds (a range's bound, a dropped
    punctuation mark, a rule's pattern...), for the search to put into sentences."""
    if not mutant.diff:
        return []
    found = {"-": [], "+": []}
    for line in mutant.diff.splitlines():
        if line[:1] in found and not line.startswith(("---", "+++")):
            for literal in _QUOTED.findall(line[1:]):
                try:
                    value = ast.literal_eval(literal)
                except (ValueError, SyntaxError):
                    continue
                if isinstance(value, str) and value:
                    found[line[0]].append(value)
    removed, added = set(found["-"]), set(found["+"])
    changed = {v for v in (removed - added) | (added - removed) if len(v) <= 12} or {
        v for v in removed | added if len(v) <= 12}
    # a character dropped from a character class: the characters of the two strings that differ
    chars = set()
    for old in removed:
        for new in added:
            if len(old) == len(new) + 1:
                chars |= set(old) - set(new)
    return sorted(changed | chars)[:24]


def _strategy(names: list[str], extra: list[str]):
    from hypothesis import strategies as st

    from ..strategies import metric_corpora, metric_options, references, sentences

    def corpora(name):
        base = metric_corpora(name)
        if not extra:
            return base
        glued = st.sampled_from(extra).flatmap(lambda h: st.sampled_from([h, "a" + h + "b", "1" + h + "2", h + " " + h, "ab" + h, h + "ab"]))
        part = st.one_of(glued, sentences())
        line = st.tuples(st.lists(part, min_size=1, max_size=3), st.sampled_from(["", " "])).map(
            lambda pair: pair[1].join(pair[0]))
        hinted = st.lists(line, min_size=1, max_size=3).flatmap(
            lambda hyps: st.tuples(st.just(hyps), st.tuples(*[references(h, 1, 2) for h in hyps]).map(list)))
        return st.one_of(hinted, base)

    return st.sampled_from(names).flatmap(
        lambda name: st.tuples(st.just(name), corpora(name), metric_options(name)))


# --- comparing the spec and the mutant ---------------------------------------------------------------------------

def one_call_functions(name: str) -> dict:
    """The metric's one-call functions of ``bleuprint.spec`` (``bleuprint.verify_hooks.layer_functions``):
    ``{"corpus": (spec name, function), "sentence": (...)}``, each under the name a test
    imports it by (the metric's own name when the layer gives an adapter)."""
    from .. import spec
    from ..core import get_metric

    found = {}
    for kind, function in verify_hooks(get_metric(name)).layer_functions(spec).items():
        if kind not in ("corpus", "sentence"):
            continue
        for label in (getattr(function, "__name__", ""), name):
            try:
                candidate = getattr(spec, label) if label else None
            except AttributeError:
                continue
            if callable(candidate) and not isinstance(candidate, type(spec)):
                found[kind] = (label, candidate)
                break
    return found


def _evaluate(name, hyps, refs, options):
    """The outcomes compared: each segment's row, the corpus score, and the metric's
    one-call corpus and sentence functions (on every segment)."""
    from ..core.value import metric
    from ..spec.corpus import corpus_score, segment_rows

    rows = outcome(lambda: segment_rows(metric(name, **options), hyps, refs))
    score = outcome(lambda: corpus_score(metric(name, **options), hyps, refs))
    calls = one_call_functions(name)
    extra = [outcome(lambda: _parts(name, rows, options))]
    if "corpus" in calls:
        extra.append(outcome(lambda: calls["corpus"][1](hyps, refs, **options)))
    if "sentence" in calls and refs is not None:
        extra.append(outcome(lambda: [calls["sentence"][1](h, r, **options) for h, r in zip(hyps, refs)]))
    return (rows, score, *extra)


def _close(x, y) -> tuple[bool, float]:
    """Whether two values are equal within the tolerance, and how far apart their numbers are."""
    if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        moved = 0.0
        for a, b in zip(x, y):
            same, by = _close(a, b)
            if not same:
                return False, math.inf
            moved = max(moved, by)
        return True, moved
    if isinstance(x, float) and isinstance(y, float):
        if math.isnan(x) or math.isnan(y):
            return math.isnan(x) == math.isnan(y), 0.0
        return abs(x - y) <= TOLERANCE, abs(x - y)
    return x == y, 0.0


#: What each outcome of ``_evaluate`` is, in order.
COMPARED = ("rows", "score", "parts", "corpus", "sentence")


def _parts(name, rows, options):
    """The metric's named parts (``Metric.parts``: BLEU's precisions and BP, chrF's P and
    R) of the summed rows."""
    from ..core.value import metric

    if rows[0] != "value":
        raise ValueError("no rows")
    configured = metric(name, **options)
    summed = [sum(column) for column in zip(*rows[1])]
    return configured.definition.parts(summed, len(rows[1]), **configured.score_options())


def _differs(a, b) -> tuple[str, float] | None:
    """Where the spec's outcomes ``a`` and the mutant's ``b`` (``_evaluate``) disagree:
    ``(what, how far)``; ``("same", d)`` when they agree within the tolerance but not
    exactly; None when they are equal."""
    moved = 0.0
    for what, x, y in zip(COMPARED, a, b):
        if what == "rows" and x != y:
            return "rows", math.inf
        if x[0] != y[0] or (x[0] == "raises" and x != y):
            return what, math.inf
        same, by = _close(x[1], y[1])
        if not same:
            return what, by
        moved = max(moved, by)
    return ("same", moved) if moved else None


def _trace_lines(path: str, executed: set):
    def local(frame, event, arg):
        if event == "line":
            executed.add(frame.f_lineno)
        return local

    def calls(frame, event, arg):
        return local if frame.f_code.co_filename == path else None
    return calls


def search(mutant: Mutant, max_examples: int = DEFAULT_EXAMPLES, seed: int = 0,
           metrics: tuple[str, ...] | None = None, shown=None) -> Finding:
    """The smallest input found on which ``mutant`` and the spec disagree (module doc);
    with ``metrics`` (an exercise's), inputs are drawn for those metrics only; with
    ``shown`` (``shown(name, hyps, refs, options) -> bool``: an exercise's contract tells
    the two apart on that input), only inputs it accepts count, so the input found is one
    a student's test of the contract can use."""
    from hypothesis import HealthCheck, Phase, find, settings
    from hypothesis.errors import NoSuchExample, Unsatisfiable

    from ..strategies import without_local_constants

    location = f"{mutant.location[0]}:{mutant.location[1]}" if mutant.location else ""
    finding = Finding(mutant.id, mutant.function, mutant.fault, mutant.pitfall, "probably equivalent", 0,
                      location=location)
    names = subjects(mutant, metrics)
    if not names:
        finding.reason = "no registered metric reaches the changed code, so no statistics or score can show it"
        return finding
    path = inspect.getsourcefile(resolve(mutant.targets[0])[0])
    lines = set(range(mutant.location[1], mutant.location[3] + 1)) if mutant.location and mutant.kind in (
        "code", "message") else set()
    executed: set = set()
    state = {"tried": 0, "moved": 0.0}

    def disagree(example) -> bool:
        name, (hyps, refs), options = example
        state["tried"] += 1
        previous = sys.gettrace()
        if lines and not lines & executed:
            sys.settrace(_trace_lines(path, executed))
        try:
            expected = _evaluate(name, hyps, refs, options)
        finally:
            sys.settrace(previous)
        if expected[0][0] == "raises":
            return False  # an input the spec refuses is not a test of its values
        with replaced(mutant.patches):
            actual = _evaluate(name, hyps, refs, options)
        where = _differs(expected, actual)
        if where is None:
            return False
        if where[0] == "same":
            state["moved"] = max(state["moved"], where[1])
            return False
        return shown is None or shown(name, hyps, refs, options)

    chosen = settings(max_examples=max_examples, database=None, derandomize=True, deadline=None,
                      phases=[Phase.explicit, Phase.generate, Phase.shrink], report_multiple_bugs=False,
                      suppress_health_check=list(HealthCheck))
    with without_local_constants():
        try:
            example = find(_strategy(names, hints(mutant)), disagree, settings=chosen)
        except (NoSuchExample, Unsatisfiable):
            example = None
    finding.examples = state["tried"]
    if example is None:
        finding.reason = equivalence_reason(mutant, lines, executed, state["moved"])
        return finding
    name, (hyps, refs), options = example
    hyps, refs, options = _smaller(mutant, name, list(hyps), refs, dict(options), shown)
    expected = _evaluate(name, hyps, refs, options)
    with replaced(mutant.patches):
        actual = _evaluate(name, hyps, refs, options)
    where = _differs(expected, actual)
    finding.verdict = "killable"
    finding.metric, finding.hyps, finding.refs, finding.options = name, list(hyps), refs, dict(options)
    finding.compared = where[0] if where else "rows"
    index = COMPARED.index(finding.compared)
    finding.spec_value = _plain(expected[index])
    finding.mutant_value = _plain(actual[index])
    return finding


def _disagrees(mutant, name, hyps, refs, options, shown=None) -> bool:
    expected = _evaluate(name, hyps, refs, options)
    if expected[0][0] == "raises":
        return False
    with replaced(mutant.patches):
        actual = _evaluate(name, hyps, refs, options)
    where = _differs(expected, actual)
    return where is not None and where[0] != "same" and (shown is None or shown(name, hyps, refs, options))


def _smaller(mutant, name, hyps, refs, options, shown=None):
    """Hypothesis's shrunk example made smaller still, greedily: one segment where one
    suffices (else as few as still differ), fewer references, and only the options that matter (the rest at their
    defaults)."""
    for i in range(len(hyps)):
        if len(hyps) > 1 and _disagrees(mutant, name, [hyps[i]], None if refs is None else [refs[i]], options, shown):
            hyps, refs = [hyps[i]], None if refs is None else [refs[i]]
            break
    i = len(hyps) - 1
    while len(hyps) > 1 and i >= 0:  # then drop segments one at a time, as long as they differ
        fewer_hyps = hyps[:i] + hyps[i + 1:]
        fewer_refs = None if refs is None else refs[:i] + refs[i + 1:]
        if _disagrees(mutant, name, fewer_hyps, fewer_refs, options, shown):
            hyps, refs = fewer_hyps, fewer_refs
        i -= 1
    if refs is not None:
        for i in range(len(hyps)):
            for j in reversed(range(len(refs[i]))):
                if len(refs[i]) > 1:
                    fewer = [list(r) for r in refs]
                    del fewer[i][j]
                    if _disagrees(mutant, name, hyps, fewer, options, shown):
                        refs = fewer
    for key in list(options):
        rest = {k: v for k, v in options.items() if k != key}
        if _disagrees(mutant, name, hyps, refs, rest, shown):
            options = rest
    return hyps, refs, options


def _plain(result):
    kind, value = result
    return {"raises": value} if kind == "raises" else value


# --- reasons for a probable equivalence ----------------------------------------------------------------------------

def _enclosing(tree, line: int):
    """The innermost statements of ``tree`` around ``line``, outermost first."""
    chain = []
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and node.lineno <= line <= node.end_lineno:
            chain.append(node)
    return sorted(chain, key=lambda n: (n.lineno, -n.end_lineno))


def _overridden_default(mutant: Mutant, tree) -> str | None:
    """The parameter whose default the mutant changes, when every call of the function in
    the spec layer passes it."""
    line, column = mutant.location[1], mutant.location[2] - 1
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        params = node.args.posonlyargs + node.args.args
        pairs = list(zip(params[len(params) - len(node.args.defaults):], node.args.defaults))
        pairs += [(a, d) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults) if d is not None]
        for arg, default in pairs:
            if default.lineno <= line <= default.end_lineno and (default.lineno != line or default.col_offset <= column):
                return _every_call_passes(node.name, arg.arg, params.index(arg) if arg in params else None)
    return None


def _every_call_passes(function: str, parameter: str, position) -> str | None:
    from .generate import _is_spec_module, _load_spec_layer

    _load_spec_layer()
    calls = 0
    for name, module in list(sys.modules.items()):
        if module is None or not _is_spec_module(name) or not getattr(module, "__file__", None):
            continue
        try:
            tree = ast.parse(inspect.getsource(module))
        except (OSError, TypeError, SyntaxError):
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            callee = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if callee != function:
                continue
            calls += 1
            passed = any(k.arg in (parameter, None) for k in node.keywords) or (
                position is not None and (len(node.args) > position or any(isinstance(a, ast.Starred)
                                                                             for a in node.args)))
            if not passed:
                return None
    if calls == 0:
        return None
    return f"a default every caller overrides: each of the {calls} calls of {function} in the spec passes {parameter}"


def equivalence_reason(mutant: Mutant, lines: set, executed: set, moved: float) -> str:
    """The simple rule that explains why no input was found, or ""."""
    if mutant.kind == "message":
        return "only an error message changes"
    if mutant.location and mutant.kind == "default":
        module = resolve(mutant.targets[0])[0]
        reason = _overridden_default(mutant, ast.parse(inspect.getsource(module)))
        if reason:
            return reason
    if mutant.location and mutant.kind == "code":
        module = resolve(mutant.targets[0])[0]
        chain = _enclosing(ast.parse(inspect.getsource(module)), mutant.location[1])
        for statement in chain:
            if isinstance(statement, ast.If) and statement.test.lineno <= mutant.location[1] <= statement.test.end_lineno \
                    and statement.body and isinstance(statement.body[0], ast.Raise):
                return "only an input check changes (the condition of a raise): no valid input reaches the difference"
        if mutant.operator == "dropped call" and re.match(r"[^`]*`check_\w+\(", mutant.fault):
            return "only an input check changes (a check_* call dropped): no valid input reaches the difference"
        last = chain[-1] if chain else None
        if isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and isinstance(last.value.func, ast.Name) \
                and last.value.func.id.startswith("check_"):
            return "only an input check changes (a check_* call): no valid input reaches the difference"
    if lines and not lines & executed:
        return ("a branch no input reaches: no input of the search ran the changed line (through the registered "
                "metric and its one-call functions)")
    if moved:
        return f"scores move by at most {moved:.3g}, within the project's tolerance of {TOLERANCE:g}"
    return ""


# --- the ready test ----------------------------------------------------------------------------------------------

def _literal(value) -> str:
    return repr(value)


def killing_test(finding: Finding) -> str:
    """The pytest test that kills the mutant (a student pastes it into their suite)."""
    name = "test_kills_" + re.sub(r"\W", "_", finding.id)
    lines = [f"def {name}():",
             f'    """Kills {finding.id} ({finding.location or finding.function}: {finding.fault}).',
             f"    Pitfall: {finding.pitfall}. Found by bleuprint's search after {finding.examples} examples.",
             f"    The spec gives {_literal(finding.spec_value)}; the mutant gives {_literal(finding.mutant_value)}.",
             '    """',
             "    from bleuprint.spec import metric",
             "    from bleuprint.spec.corpus import corpus_score, segment_rows",
             "",
             f"    hyps = {_literal(finding.hyps)}",
             f"    refs = {_literal(finding.refs)}",
             f"    options = {_literal(finding.options)}"]
    value = finding.spec_value
    call = {"rows": "segment_rows(metric({metric!r}, **options), hyps, refs)",
            "score": "corpus_score(metric({metric!r}, **options), hyps, refs)"}
    names = one_call_functions(finding.metric) if finding.compared in ("corpus", "sentence") else {}
    if finding.compared == "parts":
        lines += [f"    configured = metric({finding.metric!r}, **options)",
                  "    rows = segment_rows(configured, hyps, refs)",
                  "    summed = [sum(column) for column in zip(*rows)]"]
        expression = "configured.definition.parts(summed, len(rows), **configured.score_options())"
    elif finding.compared == "corpus":
        lines.insert(5, f"    from bleuprint.spec import {names['corpus'][0]}")
        expression = f"{names['corpus'][0]}(hyps, refs, **options)"
    elif finding.compared == "sentence":
        lines.insert(5, f"    from bleuprint.spec import {names['sentence'][0]}")
        expression = f"[{names['sentence'][0]}(h, r, **options) for h, r in zip(hyps, refs)]"
    else:
        expression = call[finding.compared].format(metric=finding.metric)
    if isinstance(value, dict) and "raises" in value:
        lines.append(f"    {expression}  # the spec returns; the mutant raises {value['raises']}")
    elif isinstance(value, float):
        lines.append(f"    assert abs({expression} - {value!r}) <= 1e-9")
    elif isinstance(value, list) and value and all(isinstance(v, float) for v in value):
        lines.append(f"    assert all(abs(a - b) <= 1e-9 for a, b in zip({expression}, {value!r}))")
    else:
        lines.append(f"    assert {expression} == {_literal(value)}")
    return "\n".join(lines) + "\n"


def describe(finding: Finding, hide_inputs: bool = False) -> str:
    """One survivor, for a terminal: the ready test, or the equivalence verdict."""
    head = f"{finding.id} ({finding.location or finding.function}): {finding.fault}"
    if finding.verdict == "killable":
        if hide_inputs:
            return (f"{head}\n  killable: an input exists on which the spec and this mutant differ "
                    f"(found after {finding.examples} examples; hidden by the teacher)\n")
        return f"{head}\n  killable (pitfall: {finding.pitfall}); the missing test:\n\n" + killing_test(finding)
    reason = f": {finding.reason}" if finding.reason else ""
    return f"{head}\n  probably equivalent (no input found in {finding.examples} examples){reason}\n"


def hidden(finding: Finding) -> dict:
    """A finding as a teacher hands it out: the verdict without the input or the values."""
    data = finding.to_dict()
    if finding.verdict == "killable":
        for key in ("hyps", "refs", "options", "spec_value", "mutant_value"):
            data[key] = None
        data["hidden"] = True
    return data
