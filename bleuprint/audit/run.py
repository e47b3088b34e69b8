"""``audit(subject)``: search, shrink, classify; the result of one library x metric.

1. Real text: the declared mapping is checked on the bundled corpora
   (``search.real_text_cases``); a case that diverges is trimmed and classified.
2. Hypothesis hunts (``search.hunt``) for a divergence that no class found so far
   predicts; it is shrunk (by Hypothesis, then ``search.trim``) and classified; then the
   hunt goes on with the examples left, up to ``MAX_CLASSES`` classes.
3. A class is explained (``classify.explain``) by the simplest nearby configuration that
   gives the library's value on its members and on the real-text cases the library
   matched. An explained class *predicts*: a later divergence on which its variant gives
   the library's value is counted as its member. An unexplained class predicts the
   divergences with the same first difference (``classify.class_key``).

Hypothesis is a test-only package: without it (a plain ``pip install bleuprint``) step 2
is not run, and the result says so (``searched`` False, its message and the matrix's cell:
"exact on real text (no search)"); the real text is still compared and classified.

Statuses: ``exact`` (no divergence), ``differs`` (some), ``not comparable`` (no input
could be compared: the spec refused them all, or none fitted the subject), ``error``
(the subject failed on every input, or the search itself failed).
"""

from __future__ import annotations

import importlib.util
import shlex
import time
from dataclasses import dataclass, field

from . import classify, search
from .subject import Subject

DEFAULT_EXAMPLES = 300
DEFAULT_SEED = 0
MAX_CLASSES = 6

#: Seconds one audit may take before the hunt stops (the issue's bound is two minutes).
TIME_BUDGET = 100.0

#: Seconds spent checking that a divergence like an unexplained class's has no one-change
#: explanation of its own (then it is that class's member; else it starts a class).
QUICK_SECONDS = 2.0

#: Real-text cases the library matched that an explanation is also checked on.
CONFIRM_CASES = 6

#: Why the search was not run, when Hypothesis is not installed (module doc).
NO_SEARCH = "it needs Hypothesis, a test-only package (pip install 'bleuprint[test]')"


@dataclass
class DivergenceClass:
    """One class of divergences (``docs/audit.md``)."""

    first_difference: str
    hyps: list
    refs: list
    spec_value: float
    library_value: float | None   # on the library's own scale (None: it raised)
    explanation: dict | None
    members: int
    replay: str
    library_error: str = ""
    alternatives: list = field(default_factory=list)
    found_by: str = "search"      # "real text" or "search"
    variant: object = field(default=None, repr=False, compare=False)
    key: str = ""

    def to_json(self) -> dict:
        return {"firstDifference": self.first_difference, "hyps": self.hyps, "refs": self.refs,
                "specValue": self.spec_value, "libraryValue": self.library_value,
                "libraryError": self.library_error, "explanation": self.explanation,
                "alternatives": self.alternatives, "members": self.members, "foundBy": self.found_by,
                "replay": self.replay}


@dataclass
class SubjectResult:
    subject: Subject
    status: str
    real_text: dict
    classes: list
    examples: int
    seconds: float
    message: str = ""
    seed: int = DEFAULT_SEED
    requested_examples: int = DEFAULT_EXAMPLES
    pip: str = ""
    #: False when the Hypothesis search was not run (Hypothesis is not installed).
    searched: bool = True


def _progress(progress, text: str) -> None:
    if progress is not None:
        progress(text)


def replay_command(subject: Subject, hyps: list, refs: list) -> str:
    """The command that compares this one input again (``bleuprint audit ... --case``)."""
    import json

    options = [w for k, v in sorted(subject.options.items()) for w in ("--option", f"{k}={v}")]
    target = subject.target or subject.library
    if target.startswith("--port"):
        words = ["bleuprint", "audit", *shlex.split(target), "--metric", subject.metric, *options]
    elif ":" in target:  # a callable (its target has --swap where it takes the references first)
        words = ["bleuprint", "audit", *shlex.split(target), "--as", subject.metric, "--scale",
                 f"{subject.scale:g}", "--level", subject.level, *options]
    else:  # a built-in adapter
        words = ["bleuprint", "audit", target, "--metric", subject.name]
    words += ["--case", json.dumps({"hyps": hyps, "refs": refs}, ensure_ascii=False)]
    return " ".join(shlex.quote(w) for w in words)


class _Audit:
    def __init__(self, subject: Subject, examples: int, seed: int, progress):
        self.subject, self.examples, self.seed, self.progress = subject, examples, seed, progress
        self.comparer = search.Comparer(subject)
        self.classes: list[DivergenceClass] = []
        self.confirm: list = []
        self.context = None
        self.compared = 0
        self.raised = 0

    def probe_inputs(self, cases: list) -> list:
        small = [(["the cat sat on the mat", "a b"], [["the cat sat on mat", "a cat"], ["a b c"]]),
                 ([""], [["a"]]), (["a."], [["a ."]])]
        return small + cases[:2]  # the spec's reach does not depend on the subject's limits

    def predicted(self, outcome: search.Outcome, count: bool = True):
        """The class that accounts for this divergence (counting it as a member), or None."""
        example = outcome.example()
        for cls in self.classes:
            if cls.variant is not None:
                hit = classify.predicts(self.context, cls.variant, example)
            else:  # same first difference, and no one-change variant explains it instead
                hit = (cls.key == classify.class_key(self._first(example, None))
                       and classify.explain(self.context, [example], self.confirm, seconds=QUICK_SECONDS,
                                            max_changes=1)[0] is None)
            if hit:
                if count:
                    cls.members += 1
                return cls
        return None

    def _first(self, example, variant) -> str:
        stats = self.comparer.library_stats(example.hyps, example.refs) if self.subject.stats else None
        return classify.first_difference(self.context, example, variant, stats)

    def add_class(self, original: search.Outcome, found_by: str, shrunk: search.Outcome | None = None):
        """A new class from the divergence ``original`` (as found) and ``shrunk`` (Hypothesis's
        smallest, if any). The original is explained first, so that shrinking stays inside
        its class (a smaller input may show another fault, or one the explanation does not
        model); an unexplained one is shrunk freely and its minimal input explained."""
        free = lambda o: self.predicted(o, count=False) is None  # noqa: E731
        variant, others = classify.explain(self.context, [original.example()], self.confirm)
        if variant is not None:
            inside = lambda o: free(o) and classify.predicts(self.context, variant, o.example())  # noqa: E731
            start = shrunk if shrunk is not None and inside(shrunk) else original
            minimal = search.trim(self.comparer, start, inside)
            # the simplest variant holding on both (the minimal input may rule some out or in)
            better, more = classify.explain(self.context, [minimal.example(), original.example()], self.confirm)
            if better is not None and better.changes <= variant.changes:
                variant, others = better, more
        else:
            minimal = search.trim(self.comparer, shrunk if shrunk is not None else original, free)
            variant, others = classify.explain(self.context, [minimal.example()], self.confirm)
        first = self._first(minimal.example(), variant)
        m, declared, mutants = self.subject.metric, self.context.declared, self.context.mutants
        cls = DivergenceClass(
            first_difference=first, hyps=minimal.hyps, refs=minimal.refs, spec_value=minimal.spec,
            library_value=minimal.raw, library_error=minimal.error,
            explanation=variant.to_json(m, declared, mutants) if variant else None,
            alternatives=[v.to_json(m, declared, mutants) for v in others], members=1,
            replay=replay_command(self.subject, minimal.hyps, minimal.refs), found_by=found_by,
            variant=variant, key=classify.class_key(first))
        self.classes.append(cls)
        what = cls.explanation["description"] if cls.explanation else "unexplained"
        _progress(self.progress, f"audit: {self.subject.name}: class {len(self.classes)}: {first}; {what}")
        return cls

    def run(self) -> SubjectResult:
        started = time.monotonic()
        deadline = started + TIME_BUDGET
        s = self.subject
        _progress(self.progress, f"audit: {s.name}: real text")
        cases = search.real_text_cases(s)
        self.context = classify.Context(s, self.probe_inputs(cases))
        outcomes, largest, equal = [], 0.0, 0
        for hyps, refs in cases:
            outcome = self.comparer.compare(hyps, refs)
            if outcome is None:
                continue
            outcomes.append(outcome)
            if outcome.library is None:
                self.raised += 1
                continue
            difference = abs(outcome.library - outcome.spec)
            largest = max(largest, difference if difference == difference else float("inf"))
            if not outcome.diverges:
                equal += 1
                if len(self.confirm) < CONFIRM_CASES:
                    self.confirm.append(outcome.example())
        real_text = {"cases": len(outcomes), "equal": equal, "largest": largest}
        self.compared += len(outcomes)
        _progress(self.progress, f"audit: {s.name}: real text: {equal} of {len(outcomes)} cases equal"
                                 + (f" (largest difference {largest:.6g})" if equal < len(outcomes) else ""))
        for outcome in sorted((o for o in outcomes if o.diverges), key=lambda o: o.size()):
            if len(self.classes) >= MAX_CLASSES or time.monotonic() > deadline:
                break
            if self.predicted(outcome) is None:
                self.add_class(outcome, "real text")
        generated, round_ = 0, 0
        searched = importlib.util.find_spec("hypothesis") is not None
        if searched:
            _progress(self.progress, f"audit: {s.name}: search, {self.examples} examples, seed {self.seed}")
        else:
            _progress(self.progress, f"audit: {s.name}: search not run: {NO_SEARCH}")
        while searched and generated < self.examples and len(self.classes) < MAX_CLASSES and time.monotonic() < deadline:
            shrunk, first, ran = search.hunt(self.comparer, self.examples - generated, self.seed + round_,
                                             self.predicted, deadline)
            generated += ran
            round_ += 1
            if shrunk is None:
                break
            self.add_class(first or shrunk, "search", shrunk)
        self.compared += self.comparer.calls
        status = "differs" if self.classes else "exact"
        message = ""
        if not self.classes and self.comparer.calls == 0:
            status, message = "not comparable", "no input could be compared (the spec refused them all)"
        elif outcomes and self.raised == len(outcomes) and all(c.library_value is None for c in self.classes):
            status, message = "error", "the library raised on every real-text case"
        if time.monotonic() >= deadline:
            message = (message + "; " if message else "") + f"stopped at the time budget of {TIME_BUDGET:g} s"
        if not searched:
            message = (message + "; " if message else "") + f"search not run: {NO_SEARCH}; only the real text " \
                "was compared"
        seconds = time.monotonic() - started
        _progress(self.progress, f"audit: {s.name}: {status}"
                                 + (f" in {len(self.classes)} class{'es' * (len(self.classes) != 1)}"
                                    if self.classes else "")
                                 + f", {generated} examples, {seconds:.1f} s")
        return SubjectResult(s, status, real_text, self.classes, generated, seconds, message, self.seed,
                             self.examples, searched=searched)


def audit(subject: Subject, examples: int = DEFAULT_EXAMPLES, seed: int = DEFAULT_SEED,
          progress=None) -> SubjectResult:
    """Audit one subject (module doc); ``progress(line)`` receives one line per phase and
    per class found."""
    if not isinstance(subject, Subject):
        raise TypeError(f"audit takes a Subject, got {type(subject).__name__}")
    if isinstance(examples, bool) or not isinstance(examples, int) or examples < 1:
        raise ValueError(f"examples must be a whole number >= 1, got {examples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    from .classify import tolerance_of

    with tolerance_of(subject):
        return _Audit(subject, examples, seed, progress).run()


def not_installed(library: str, pip: str) -> SubjectResult:
    """The result row of a target whose library is not installed here."""
    placeholder = Subject(library=library, version="", metric=_any_metric(), call="", level="corpus", scale=100.0,
                          options={}, score=lambda hyps, refs: 0.0, name=library)
    return SubjectResult(placeholder, "not installed", {"cases": 0, "equal": 0, "largest": 0.0}, [], 0, 0.0,
                         message=pip, pip=pip)


def _any_metric() -> str:
    from ..core import metric_names

    return sorted(metric_names())[0]


__all__ = ["DEFAULT_EXAMPLES", "DEFAULT_SEED", "DivergenceClass", "MAX_CLASSES", "SubjectResult", "audit",
           "not_installed", "replay_command"]
