"""``audit(subject)``: search, shrink, classify; the result of one library x metric.

1. Real text: the declared mapping is checked on the bundled corpora
   (``search.real_text_cases``). Numeric noise is read from the library's values first
   (``detect_noise``: float32 results, rounding), then each case that still diverges is
   trimmed and classified.
2. Hypothesis hunts (``search.hunt``) for a divergence that no class found so far
   accounts for; it is shrunk (by Hypothesis, then ``search.trim``) and classified; then
   the hunt goes on with the examples left (the budget counts examples, not seconds), up
   to ``MAX_CLASSES`` classes.
3. A class is explained (``classify.explain``) by the simplest nearby configuration that
   gives the library's value on its members and on the real-text cases the library
   matched. The explanation is *strong* when it also gives the library's value on
   ``STRONG_SUPPORT`` independent, non-degenerate inputs (``classify.support``; more are
   generated to look for them): it then joins the *base* (``classify.Context.base``),
   applied to bleuprint's side of every later comparison, so the deviations left are found
   and classed one by one. Otherwise it is a *weak guess*: it predicts (a later divergence
   on which it gives the library's value is its member, and promotes it when independent)
   but is never reported as the explanation. An unexplained class predicts the divergences
   with the same first difference (``classify.class_key``); an unexplained difference
   below ``NOISE_CEILING`` (relative) is numeric noise and raises the tolerance.

Hypothesis is a test-only package: without it (a plain ``pip install bleuprint``) step 2
is not run, and the result says so (``searched`` False, its message and the matrix's cell:
"exact on real text (no search)"); the real text is still compared and classified.

Statuses: ``exact`` (no divergence), ``differs`` (some), ``not comparable`` (no input
could be compared: the spec refused them all, or none fitted the subject), ``error``
(the subject failed on every input, or the search itself failed).
"""

from __future__ import annotations

import importlib.util
import math
import shlex
import time
from dataclasses import dataclass, field

from . import classify, search
from .subject import Subject

DEFAULT_EXAMPLES = 300
DEFAULT_SEED = 0
MAX_CLASSES = 8

#: Scorings spent checking that a divergence like an unexplained class's has no one-change
#: explanation of its own (then it is that class's member; else it starts a class).
QUICK_SCORINGS = 2000

#: Real-text cases the library matched that an explanation is also checked on.
CONFIRM_CASES = 6

#: An explanation counts when it reproduces the library on this many independent,
#: non-degenerate inputs (``classify.support``); with fewer it is a weak guess.
STRONG_SUPPORT = 2

#: Examples generated to confirm or refute a candidate explanation (``search.collect``),
#: at most this many times a class.
CONFIRM_EXAMPLES, CONFIRM_ROUNDS = 120, 3

#: A divergence this small (relative) that no variant explains is numeric noise: the
#: tolerance is raised to ten times it (never above ``NOISE_CEILING``).
NOISE_CEILING = 1e-6

#: Why the search was not run, when Hypothesis is not installed (module doc).
NO_SEARCH = "it needs Hypothesis, a test-only package (pip install 'bleuprint[test]')"


@dataclass
class DivergenceClass:
    """One class of divergences (``docs/audit.md``). ``kind``: "noise" (numeric: float32,
    rounding, an epsilon), "deviation" (a nearby variant explains it) or "unexplained";
    ``strength``: "strong" (the explanation reproduces the library on ``support``
    independent, non-degenerate inputs), "weak" (fewer: ``explanation`` is None and
    ``guess`` the variant that fits), "" for unexplained classes."""

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
    kind: str = "deviation"
    strength: str = ""
    support: int = 0
    guess: dict | None = None
    tolerance: float | None = None
    origins: set = field(default_factory=set, repr=False, compare=False)

    def to_json(self) -> dict:
        return {"firstDifference": self.first_difference, "hyps": self.hyps, "refs": self.refs,
                "specValue": self.spec_value, "libraryValue": self.library_value,
                "libraryError": self.library_error, "explanation": self.explanation,
                "alternatives": self.alternatives, "members": self.members, "foundBy": self.found_by,
                "replay": self.replay, "kind": self.kind, "strength": self.strength, "support": self.support,
                "guess": self.guess, "tolerance": self.tolerance}


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
    #: The relative tolerance the comparisons ended at (the user's, raised by noise found).
    tolerance: float = classify.TOLERANCE


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


def _relative(outcome: search.Outcome) -> float:
    """How far apart the library's value and the compared one are, relative (module TOLERANCE's way)."""
    compared = outcome.spec if outcome.compared is None else outcome.compared
    if outcome.library is None or compared is None or not (math.isfinite(outcome.library) and math.isfinite(compared)):
        return float("inf")
    return abs(outcome.library - compared) / max(1.0, abs(compared))


class _Audit:
    def __init__(self, subject: Subject, examples: int, seed: int, progress, tolerance: float = classify.TOLERANCE):
        self.subject, self.examples, self.seed, self.progress = subject, examples, seed, progress
        self.comparer = search.Comparer(subject)
        self.classes: list[DivergenceClass] = []
        self.confirm: list = []
        self.context = None
        self.compared = 0
        self.raised = 0
        self.tolerance = tolerance
        self.pool: list = []          # inputs seen, for the support of explanations
        self.confirmed = 0            # examples generated to confirm explanations
        self.cases: list = []

    def probe_inputs(self, cases: list) -> list:
        small = [(["the cat sat on the mat", "a b"], [["the cat sat on mat", "a cat"], ["a b c"]]),
                 ([""], [["a"]]), (["a."], [["a ."]]), (["The cat."], [["the cat"]])]
        return small + cases[:2]  # the spec's reach does not depend on the subject's limits

    # -- classes ------------------------------------------------------------------------------

    def predicted(self, outcome: search.Outcome, count: bool = True):
        """The class that accounts for this divergence (counting it as a member), or None.
        Strong explanations are part of the base: their divergences no longer diverge."""
        example = outcome.example()
        for cls in self.classes:
            if cls.kind == "noise" or cls.strength == "strong":
                continue
            if cls.variant is not None:
                hit = classify.predicts(self.context, cls.variant, example)
            else:  # same first difference, and no one-change variant explains it instead
                hit = (cls.key == classify.class_key(self._first(example, None))
                       and classify.explain(self.context, [example], self.confirm, scorings=QUICK_SCORINGS,
                                            max_changes=1)[0] is None)
            if hit:
                if count:
                    cls.members += 1
                    if cls.strength == "weak":
                        self._confirm_weak(cls, example)
                return cls
        return None

    def _confirm_weak(self, cls: DivergenceClass, example) -> None:
        """A weak guess that the search meets again on an independent, non-degenerate input
        gains that input as evidence; with ``STRONG_SUPPORT`` it becomes the class's
        explanation and joins the base."""
        if not classify.support(self.context, cls.variant, [example]):  # non-degenerate evidence only
            return
        cls.origins.add(example.origin or repr((example.hyps, example.refs)))
        cls.support = len(cls.origins)
        if cls.support < STRONG_SUPPORT:
            return
        cls.strength, cls.explanation, cls.guess = "strong", cls.guess, None
        self.context.base.append(cls.variant)
        self._refresh()
        _progress(self.progress, f"audit: {self.subject.name}: class {self.classes.index(cls) + 1} confirmed on "
                                 f"{cls.support} independent inputs: {cls.explanation['description']}")
        self._revisit_weak()

    def _revisit_weak(self) -> None:
        """After a strong explanation joined the base: each weak guess is weighed again on the
        inputs seen, compared under the new base. A guess whose inputs were ambiguous (the
        one word "satÉT" against "satét" is no bigram for "white-space tokens" and another
        bigram for "case kept") may now be the only change that reproduces the library on
        two independent inputs: it is then the class's explanation, joins the base, and the
        class's minimal input is trimmed again from that evidence (the old one may no
        longer diverge under the new base)."""
        for cls in self.classes:
            if cls.key == "numeric" and cls.strength == "weak":
                self._confirm_numeric(cls)
            if cls.strength != "weak" or cls.variant is None:
                continue
            variant = cls.variant
            seeds = [o.example() for o in self._rescored(self.pool) if classify.predicts(self.context, variant,
                                                                                          o.example())]
            if not seeds:
                continue
            _, evidence = self._support([variant], seeds)  # more inputs generated around them if needed
            origins = {e.origin or repr((e.hyps, e.refs)) for e in evidence}
            if len(origins) < STRONG_SUPPORT:
                continue
            outcomes = [self.comparer.compare(e.hyps, e.refs, e.origin) for e in evidence]
            smallest = min((o for o in outcomes if o is not None and o.diverges), key=lambda o: o.size())
            inside = lambda o: classify.predicts(self.context, variant, o.example())  # noqa: E731
            minimal = search.trim(self.comparer, smallest, inside)
            cls.strength, cls.explanation, cls.guess = "strong", cls.guess, None
            cls.origins, cls.support = origins, len(origins)
            cls.members = max(cls.members, len(origins))
            cls.hyps, cls.refs, cls.spec_value = minimal.hyps, minimal.refs, minimal.spec
            cls.library_value, cls.library_error = minimal.raw, minimal.error
            cls.replay = replay_command(self.subject, minimal.hyps, minimal.refs)
            cls.first_difference = self._first(minimal.example(), variant)
            self.context.base.append(variant)
            self._refresh()
            _progress(self.progress, f"audit: {self.subject.name}: class {self.classes.index(cls) + 1} confirmed on "
                                     f"{cls.support} independent inputs under the explanations found since: "
                                     f"{cls.explanation['description']}")

    def _first(self, example, variant) -> str:
        stats = self.comparer.library_stats(example.hyps, example.refs) if self.subject.stats else None
        return classify.first_difference(self.context, example, variant, stats)

    def _refresh(self) -> None:
        """After the base changed: the confirming cases are the real-text cases it matches."""
        self.confirm = []
        for i, (hyps, refs) in enumerate(self.cases):
            outcome = self.comparer.compare(hyps, refs, f"real text {i}")
            if outcome is not None and outcome.library is not None and not outcome.diverges:
                self.confirm.append(outcome.example())
                if len(self.confirm) >= CONFIRM_CASES:
                    break

    def _support(self, candidates: list, examples: list) -> tuple:
        """The candidate with the most support, and that support (``classify.support``: the
        examples); more inputs are generated while the best has fewer than ``STRONG_SUPPORT``."""
        rounds = 0
        while True:
            pool = [o.example() for o in self._rescored(self.pool)] + examples
            scored = [(classify.support(self.context, v, pool), -i, v) for i, v in enumerate(candidates)]
            best = max(scored, key=lambda t: (len(t[0]), t[1]))
            if len(best[0]) >= STRONG_SUPPORT or rounds >= CONFIRM_ROUNDS or importlib.util.find_spec("hypothesis") is None:
                return best[2], best[0]
            found, generated = search.collect(self.comparer, CONFIRM_EXAMPLES, self.seed + 7919 * (rounds + 1)
                                              + 104729 * len(self.classes),
                                              around=[(e.hyps, e.refs, e.origin or repr((e.hyps, e.refs)))
                                                      for e in examples])
            self.confirmed += generated
            self.pool.extend(found)
            rounds += 1

    def _rescored(self, outcomes: list) -> list:
        """The pool's inputs compared again under the current base (the library's answers are cached)."""
        fresh = []
        for o in outcomes:
            again = self.comparer.compare(o.hyps, o.refs, o.origin)
            if again is not None and again.diverges:
                fresh.append(again)
        return fresh

    def add_class(self, original: search.Outcome, found_by: str, shrunk: search.Outcome | None = None):
        """A new class from the divergence ``original`` (as found) and ``shrunk`` (Hypothesis's
        smallest, if any). The smallest input is explained first (a small input shows one
        deviation); failing that the original, and the trim then stays inside the class
        its explanation predicts. A strong explanation joins the base (``Context.base``):
        the search goes on for what it does not explain."""
        free = lambda o: self.predicted(o, count=False) is None  # noqa: E731
        start = shrunk if shrunk is not None else original
        self.pool.append(original)
        variant, others = classify.explain(self.context, [start.example()], self.confirm, alternatives=12)
        if variant is None and shrunk is not None:
            variant, others = classify.explain(self.context, [original.example()], self.confirm, alternatives=12)
            start = original if variant is not None else start
        if variant is not None:
            inside = lambda o: free(o) and classify.predicts(self.context, variant, o.example())  # noqa: E731
            minimal = search.trim(self.comparer, start, inside)
            better, more = classify.explain(self.context, [minimal.example(), start.example()], self.confirm,
                                            alternatives=12)
            if better is not None and better.changes <= variant.changes:
                variant, others = better, more
        else:
            minimal = search.trim(self.comparer, start, free)
            variant, others = classify.explain(self.context, [minimal.example()], self.confirm, alternatives=12)
        kind, strength, backing, guess, tolerance, evidence = "unexplained", "", 0, None, None, []
        m, declared, mutants = self.subject.metric, self.context.declared, self.context.mutants
        if variant is not None:
            chosen, evidence = self._support([variant] + others, [minimal.example(), start.example()])
            backing = len(evidence)
            others = [v for v in [variant] + others if v != chosen][:3]
            variant = chosen
            kind, strength = "deviation", "strong" if backing >= STRONG_SUPPORT else "weak"
        elif minimal.library is not None and _relative(minimal) <= NOISE_CEILING:
            kind = "noise"
            tolerance = min(NOISE_CEILING, 10 * _relative(minimal))
        first = self._first(minimal.example(), variant)
        described = variant.to_json(m, declared, mutants) if variant else None
        if described is not None and variant.mutant in mutants and variant.mutant.startswith("v") \
                and "F denominator" in mutants[variant.mutant].fault:
            kind = "noise"
        cls = DivergenceClass(
            first_difference=first, hyps=minimal.hyps, refs=minimal.refs, spec_value=minimal.spec,
            library_value=minimal.raw, library_error=minimal.error,
            explanation=described if strength == "strong" else None,
            alternatives=[v.to_json(m, declared, mutants) for v in others] if strength == "strong" else [],
            members=max(1, backing), replay=replay_command(self.subject, minimal.hyps, minimal.refs),
            found_by=found_by, variant=variant, key=classify.class_key(first), kind=kind, strength=strength,
            support=backing, guess=described if strength == "weak" else None, tolerance=tolerance,
            origins={e.origin or repr((e.hyps, e.refs)) for e in evidence})
        if kind == "noise" and variant is None:
            cls.explanation = {"options": {}, "variant": "", "mutant": "", "transform": "", "changes": 0,
                               "description": f"numeric noise: a difference of at most {_relative(minimal):.3g} "
                                              f"(relative), an epsilon or another order of operations; compared at "
                                              f"{tolerance:.3g} from here on"}
            self.context.tolerance = max(self.context.tolerance, tolerance)
        self.classes.append(cls)
        if strength == "strong":
            self.context.base.append(variant)
            self._refresh()
            self._revisit_weak()
        elif kind == "noise":
            self._refresh()
        what = (cls.explanation or {}).get("description") or (
            f"weak guess: {cls.guess['description']}" if cls.guess else "unexplained")
        _progress(self.progress, f"audit: {self.subject.name}: class {len(self.classes)}: {first}; {what}"
                                 + (f" ({strength}, {backing} inputs)" if strength else ""))
        return cls

    def _confirm_numeric(self, cls: DivergenceClass) -> None:
        """A numeric model found on values every one of which diverged for another reason
        too (torchmetrics' chrF: float32 and eps smoothing at once) had no evidence of its
        own; under the explanations found since, the real-text cases on which bleuprint's
        value needs the model to give the library's are its evidence (two make it strong),
        and the smallest is its input."""
        numeric, evidence = self.context.numeric, []
        for i, (hyps, refs) in enumerate(self.cases):
            outcome = self.comparer.compare(hyps, refs, f"real text {i}")
            if outcome is None or outcome.library is None or outcome.diverges:
                continue
            self.context.numeric = ""
            try:
                with self.context.switched(""):
                    plain = self.context.value(classify.Variant(), hyps, refs)
            finally:
                self.context.numeric = numeric
            if not classify.same(plain, outcome.library):  # beyond 1e-9: what the model is needed for
                evidence.append(outcome)
        if len(evidence) < STRONG_SUPPORT:
            return
        shown = min(evidence, key=lambda o: o.size())
        cls.strength, cls.support, cls.members = "strong", len(evidence), len(evidence)
        cls.hyps, cls.refs, cls.spec_value, cls.library_value = shown.hyps, shown.refs, shown.spec, shown.raw
        cls.replay = replay_command(self.subject, shown.hyps, shown.refs)

    def detect_noise(self, outcomes: list) -> None:
        """float32 results or rounding (``classify.NUMERIC``), read from the library's values
        on the real text: every value is a float32 number (or has at most N decimals) while
        the spec's are not. The model is applied to bleuprint's side from here on, at its
        tolerance, and reported as a class of its own."""
        import numpy as np

        pairs = [(o.raw, o.spec / self.comparer.factor, o) for o in outcomes
                 if o.raw is not None and math.isfinite(o.raw) and math.isfinite(o.spec)]
        if len(pairs) < 3:
            return
        found = ""
        if all(float(np.float32(raw)) == raw for raw, _, _ in pairs) and \
                sum(float(np.float32(spec)) != spec for _, spec, _ in pairs) >= 3:
            found = "float32"
        else:
            for n in range(7):
                if all(abs(round(raw, n) - raw) <= 1e-12 * max(1.0, abs(raw)) for raw, _, _ in pairs) and \
                        sum(abs(round(spec, n) - spec) > 1e-12 * max(1.0, abs(spec)) for _, spec, _ in pairs) >= 3:
                    found = f"round_{n}"
                    break
        if not found:
            return
        description, tolerance = classify.NUMERIC[found]
        explained = [o for _, _, o in pairs if o.diverges and classify.same(
            self.context.noisy(o.spec, found), o.library, max(tolerance, self.tolerance))]
        shown = min(explained or [o for _, _, o in pairs if o.diverges] or [pairs[0][2]], key=lambda o: o.size())
        self.context.numeric = found
        self.context.tolerance = max(self.context.tolerance, tolerance)
        first = "final arithmetic only (numeric: the library's values are rounded)" if found != "float32" \
            else "final arithmetic only (numeric: the library computes in float32)"
        cls = DivergenceClass(
            first_difference=first, hyps=shown.hyps, refs=shown.refs, spec_value=shown.spec,
            library_value=shown.raw, explanation={"options": {}, "variant": found, "mutant": "", "transform": found,
                                                  "changes": 1, "description": description},
            members=len(explained), replay=replay_command(self.subject, shown.hyps, shown.refs),
            found_by="real text", key="numeric", kind="noise", strength="strong" if len(explained) >= 2 else "weak",
            support=len(explained), tolerance=self.context.tolerance)
        self.classes.append(cls)
        self._refresh()
        _progress(self.progress, f"audit: {self.subject.name}: class {len(self.classes)}: numeric noise: {description}"
                                 f"; compared at {self.context.tolerance:g} from here on")

    def real_text_classes(self) -> None:
        """Classes from the real-text cases that diverge under the current base, smallest first,
        until none is left unaccounted for (each class is explained, and a strong explanation
        joins the base, before the next case is looked at)."""
        tried = set()
        while len(self.classes) < MAX_CLASSES:
            pending = [o for o in (self.comparer.compare(h, r, f"real text {i}") for i, (h, r) in enumerate(self.cases))
                       if o is not None and o.diverges and self.predicted(o, count=False) is None]
            pending = [o for o in pending if (tuple(o.hyps), repr(o.refs), len(self.context.base),
                                              self.context.tolerance) not in tried]
            if not pending:
                return
            smallest = min(pending, key=lambda o: o.size())
            tried.add((tuple(smallest.hyps), repr(smallest.refs), len(self.context.base), self.context.tolerance))
            self.add_class(smallest, "real text")

    def run(self) -> SubjectResult:
        started = time.monotonic()
        s = self.subject
        _progress(self.progress, f"audit: {s.name}: real text")
        self.cases = search.real_text_cases(s)
        self.context = classify.Context(s, self.probe_inputs(self.cases), self.tolerance)
        self.comparer.context = self.context
        outcomes, largest, equal = [], 0.0, 0
        for i, (hyps, refs) in enumerate(self.cases):
            outcome = self.comparer.compare(hyps, refs, f"real text {i}")
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
        self.pool.extend(o for o in outcomes if o.diverges)
        _progress(self.progress, f"audit: {s.name}: real text: {equal} of {len(outcomes)} cases equal"
                                 + (f" (largest difference {largest:.6g})" if equal < len(outcomes) else ""))
        self.detect_noise(outcomes)
        self.real_text_classes()
        generated, round_ = 0, 0
        searched = importlib.util.find_spec("hypothesis") is not None
        if searched:
            _progress(self.progress, f"audit: {s.name}: search, {self.examples} examples, seed {self.seed}")
        else:
            _progress(self.progress, f"audit: {s.name}: search not run: {NO_SEARCH}")
        while searched and generated < self.examples and len(self.classes) < MAX_CLASSES:
            shrunk, first, ran = search.hunt(self.comparer, self.examples - generated, self.seed + round_,
                                             self.predicted)
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
        if self.classes and all(c.kind == "noise" for c in self.classes):
            message = (message + "; " if message else "") + "numeric noise only: exact within the tolerance"
        if self.confirmed:
            message = (message + "; " if message else "") + \
                f"{self.confirmed} more examples generated to confirm explanations"
        if not searched:
            message = (message + "; " if message else "") + f"search not run: {NO_SEARCH}; only the real text " \
                "was compared"
        seconds = time.monotonic() - started
        _progress(self.progress, f"audit: {s.name}: {status}"
                                 + (f" in {len(self.classes)} class{'es' * (len(self.classes) != 1)}"
                                    if self.classes else "")
                                 + f", {generated} examples, {seconds:.1f} s")
        return SubjectResult(s, status, real_text, self.classes, generated, seconds, message, self.seed,
                             self.examples, searched=searched, tolerance=self.context.tolerance)


def audit(subject: Subject, examples: int = DEFAULT_EXAMPLES, seed: int = DEFAULT_SEED,
          progress=None, tolerance: float = classify.TOLERANCE) -> SubjectResult:
    """Audit one subject (module doc); ``progress(line)`` receives one line per phase and
    per class found; ``tolerance`` is the relative tolerance of the comparisons (at least
    the subject's declared ``Subject.tolerance``; raised where numeric noise is found)."""
    if not isinstance(subject, Subject):
        raise TypeError(f"audit takes a Subject, got {type(subject).__name__}")
    if isinstance(examples, bool) or not isinstance(examples, int) or examples < 1:
        raise ValueError(f"examples must be a whole number >= 1, got {examples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not 0 <= tolerance < 1:
        raise ValueError(f"tolerance must be a number in [0, 1), got {tolerance!r}")
    if subject.tolerance is not None:  # a float32 library's declared rounding (its adapter says why)
        tolerance = max(tolerance, subject.tolerance)
    return _Audit(subject, examples, seed, progress, float(tolerance)).run()


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
