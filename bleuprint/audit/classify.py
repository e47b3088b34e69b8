"""Explaining a divergence: the nearby configuration under which bleuprint gives the library's value.

A *variant* is bleuprint's spec run with a few changes from the subject's declared
configuration: other option values (``options``), a planted mutant switched on in-process
(``mutant``: a nearby *definition*, from ``bleuprint.mutants``) and a generic transform of
the input or the output (``transform``: the hypothesis and reference swapped, the first or
the last reference only, a mean of sentence scores instead of a corpus score, the score on
a scale 100 times too large or too small). Nothing here knows any library: the candidates
come from the metric's options as data (``Option``, ``allowed_values``, the metric's
``search_space``), the mutants whose functions the spec run of this metric reaches (found
by tracing the calls), and the transforms.

``explain`` tries the variants in order of the number of changes (one, then two, then
three), on the divergence's members first and then on real-text cases the library matched
(an explanation must not break those), and returns the simplest that holds on all of them.
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass
from ..reproduce.hooks import reproduce_hooks

#: Two scores are equal when they differ by at most this much, relative (on bleuprint's scale,
#: at least 1): libraries sum floating-point values in another order.
TOLERANCE = 1e-9

#: The generic transforms, in the order tried, and what each means.
TRANSFORMS = {
    "swapped": "hypothesis and reference swapped",
    "first_reference": "only the first reference of each segment is used",
    "last_reference": "only the last reference of each segment is used",
    "mean_of_sentences": "the mean of sentence scores instead of the corpus score (a macro average)",
    "scale_down": "the score is on a scale 100 times smaller than declared (0-1 for 0-100)",
    "scale_up": "the score is on a scale 100 times larger than declared (0-100 for 0-1)",
}

#: Seconds ``explain`` may spend on one class before it settles for what it has.
EXPLAIN_SECONDS = 30.0


#: The tolerance of the subject being audited (``Subject.tolerance``; ``tolerance_of``).
_current = [TOLERANCE]


class tolerance_of:
    """Within this block ``same`` uses ``subject``'s declared tolerance (else TOLERANCE)."""

    def __init__(self, subject):
        self.value = subject.tolerance if getattr(subject, "tolerance", None) is not None else TOLERANCE

    def __enter__(self):
        _current.append(self.value)

    def __exit__(self, *exc):
        _current.pop()


def same(a, b) -> bool:
    """``a`` and ``b`` are the same score (the audited subject's tolerance, module
    TOLERANCE by default); NaN equals NaN."""
    if a is None or b is None:
        return False
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= _current[-1] * max(1.0, abs(b))


@dataclass(frozen=True)
class Variant:
    """Changes from the declared configuration (module doc)."""

    options: tuple = ()      # ((name, value), ...) sorted by name
    mutant: str = ""
    transform: str = ""

    @property
    def changes(self) -> int:
        return len(self.options) + bool(self.mutant) + bool(self.transform)

    def describe(self, metric: str, declared: dict, mutants: dict) -> str:
        bits = [f"{name}={value!r}" if isinstance(value, str) else f"{name}={value}" for name, value in self.options]
        text = f"matches {metric} with " + (", ".join(bits) if bits else "its declared options")
        if self.mutant:
            text += f" and mutant {self.mutant} ({mutants[self.mutant].fault})"
        if self.transform:
            text += f", {TRANSFORMS[self.transform]}"
        return text

    def to_json(self, metric: str, declared: dict, mutants: dict) -> dict:
        return {"options": dict(self.options), "variant": self.mutant or self.transform,
                "mutant": self.mutant, "transform": self.transform, "changes": self.changes,
                "description": self.describe(metric, declared, mutants)}


@dataclass
class Example:
    """One input and the library's value on it (on bleuprint's scale; None: it raised)."""

    hyps: list
    refs: list
    library: float | None


def _transform_applies(name: str, hyps: list, refs: list) -> bool:
    """Whether the transform means anything on this input: swapping needs one reference a
    segment. (The others apply everywhere: on one reference, or one segment, they are the
    identity.)"""
    if name == "swapped":
        return all(len(r) == 1 for r in refs)
    return True


class Context:
    """What the variants of one subject need: its metric, declared options, the candidate
    option changes, the reached mutants; and the function that scores a variant."""

    def __init__(self, subject, probe_inputs: list):
        from ..core import get_metric
        from ..mutants.catalogue import all_mutants

        self.subject = subject
        self.metric = subject.metric
        self.definition = get_metric(subject.metric)
        self.declared = subject.full_options
        self.mutants = {m.id: m for m in all_mutants() if m.id != "x00"}
        self.singles = single_changes(self.definition, self.declared)
        self.reached = reached_mutants(self, probe_inputs)

    # -- scoring a variant ------------------------------------------------------------------

    def options_of(self, variant: Variant) -> dict:
        return {**self.declared, **dict(variant.options)}

    def _spec(self, hyps, refs, options) -> float:
        from ..core.value import metric
        from ..spec.corpus import corpus_score

        return float(corpus_score(metric(self.metric, **options), hyps, refs))

    def value(self, variant: Variant, hyps: list, refs: list) -> float | None:
        """The variant's score on this input (bleuprint's scale), None when it does not
        apply or the spec refuses. The mutant must already be switched on (``switched``)."""
        options = self.options_of(variant)
        t = variant.transform
        if t and not _transform_applies(t, hyps, refs):
            return None
        try:
            if t == "swapped":
                return self._spec([r[0] for r in refs], [[h] for h in hyps], options)
            if t == "first_reference":
                return self._spec(hyps, [r[:1] for r in refs], options)
            if t == "last_reference":
                return self._spec(hyps, [r[-1:] for r in refs], options)
            if t == "mean_of_sentences":
                return sum(self._spec([h], [r], options) for h, r in zip(hyps, refs)) / len(hyps)
            value = self._spec(hyps, refs, options)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, IndexError, KeyError):
            return None
        if t == "scale_down":
            return value / 100.0
        if t == "scale_up":
            return value * 100.0
        return value

    def switched(self, mutant: str):
        """The context in which ``mutant`` (an id, or "" for none) is switched on."""
        if not mutant:
            return nullcontext()
        from ..mutants.switch import replaced

        return replaced(self.mutants[mutant].patches)

    def rows(self, variant: Variant, hyps: list, refs: list):
        """The variant's per-segment statistics of the input (None where not comparable)."""
        from ..spec.corpus import segment_rows

        if variant.transform in ("swapped", "first_reference", "last_reference"):
            return None
        try:
            with self.switched(variant.mutant):
                return segment_rows(self.definition(**self.definition.stats_options(self.options_of(variant))),
                                    hyps, refs)
        except Exception:  # a mutant may break on this input: then nothing is inferred
            return None

    def parts(self, variant: Variant, hyps: list, refs: list):
        """The metric's named parts (``Metric.parts``) of the variant on this input, or None."""
        from ..spec.corpus import as_numbers, segment_rows

        options = self.options_of(variant)
        try:
            with self.switched(variant.mutant):
                rows = segment_rows(self.definition(**self.definition.stats_options(options)), hyps, refs)
                summed = as_numbers([sum(c) for c in zip(*rows)]) if rows else []
                return self.definition.parts(summed, len(rows), **self.definition.score_options(options))
        except Exception:  # a mutant may break on this input: then nothing is inferred
            return None

    # -- the candidates ---------------------------------------------------------------------

    def levels(self):
        """Lists of candidate variants, one list per number of changes (1, 2, 3)."""
        singles = [tuple(change.items()) for change in self.singles]
        pairs = [tuple(sorted(a + b)) for a, b in itertools.combinations(singles, 2) if a[0][0] != b[0][0]]
        mutants = sorted(self.reached, key=lambda i: (not self.mutants[i].semantic, i))
        transforms = list(TRANSFORMS)
        one = ([Variant(options=s) for s in singles] + [Variant(mutant=m) for m in mutants]
               + [Variant(transform=t) for t in transforms])
        two = ([Variant(options=p) for p in pairs] + [Variant(options=s, mutant=m) for m in mutants for s in singles]
               + [Variant(options=s, transform=t) for s in singles for t in transforms]
               + [Variant(mutant=m, transform=t) for m in mutants for t in transforms])
        three = ([Variant(options=p, mutant=m) for m in mutants for p in pairs]
                 + [Variant(options=p, transform=t) for p in pairs for t in transforms]
                 + [Variant(options=s, mutant=m, transform=t) for m in mutants for s in singles for t in transforms])
        return [one, two, three]


def single_changes(definition, declared: dict) -> list[dict]:
    """Each option of the metric set alone to another value it allows: its default, the
    values ``allowed_values`` lists, and the values the metric's ``search_space`` tries."""
    from ..vectors.families import allowed_values

    try:
        space = reproduce_hooks(definition).search_space("")
    except Exception:  # a metric hook that needs a hint: the option data alone then
        space = []
    changes = []
    for option in definition.options:
        values = [option.default] + allowed_values(option) + [c[option.name] for c in space if option.name in c]
        seen = {(type(declared[option.name]), declared[option.name])}
        for value in values:
            key = (type(value), value)
            if key in seen:
                continue
            seen.add(key)
            try:
                option.check(value)
            except (TypeError, ValueError):
                continue
            changes.append({option.name: value})
    return changes


def reached_mutants(context: Context, inputs: list) -> list[str]:
    """The ids of the planted mutants whose functions the spec calls when it scores
    ``inputs`` for this metric, under the declared options and each single change."""
    from ..mutants.switch import resolve

    codes = set()

    def profile(frame, event, arg):
        if event == "call":
            codes.add(frame.f_code)

    configurations = [{}] + context.singles
    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        for change in configurations:
            for hyps, refs in inputs:
                try:
                    context._spec(hyps, refs, {**context.declared, **change})
                except Exception:
                    pass
    finally:
        sys.setprofile(previous)
    reached = []
    for mutant in context.mutants.values():
        try:
            functions = [resolve(target)[2] for target in mutant.targets]
        except (AttributeError, TypeError, ImportError):
            continue
        if any(f.__code__ in codes for f in functions):
            reached.append(mutant.id)
    return reached


def _holds(context: Context, variant: Variant, examples: list, skip_inapplicable: bool = False) -> bool:
    """The variant gives the library's value on every example (``skip_inapplicable``: the
    examples its transform does not apply to are left out: the confirming cases)."""
    for example in examples:
        if skip_inapplicable and variant.transform and not _transform_applies(variant.transform, example.hyps,
                                                                             example.refs):
            continue
        if example.library is None or not same(context.value(variant, example.hyps, example.refs), example.library):
            return False
    return True


def explain(context: Context, members: list, confirm: list, seconds: float = EXPLAIN_SECONDS,
            max_changes: int = 3) -> tuple:
    """``(variant, alternatives)``: the simplest variant (at most ``max_changes``) that gives
    the library's value on every member and every confirming case, and up to 3 others of
    the same number of changes; ``(None, [])`` when none does (within ``seconds``)."""
    if not members or any(m.library is None for m in members):
        return None, []
    deadline = time.monotonic() + seconds
    for level in context.levels()[:max_changes]:
        found = []
        level = sorted(level, key=lambda v: v.mutant)  # one switch per mutant
        for mutant, group in itertools.groupby(level, key=lambda v: v.mutant):
            if time.monotonic() > deadline:
                break
            try:
                with context.switched(mutant):
                    for variant in group:
                        if _holds(context, variant, members) and _holds(context, variant, confirm, True):
                            found.append(variant)
            except Exception:  # a mutant that cannot be switched on here explains nothing
                continue
        if found:
            order = {v: i for i, v in enumerate(_ordered(context, found))}
            found.sort(key=order.get)
            return found[0], found[1:4]
        if time.monotonic() > deadline:
            break
    return None, []


def _ordered(context: Context, variants: list) -> list:
    """Options-only first, then semantic mutants, then transforms; stable otherwise."""
    def rank(v: Variant):
        mutant_rank = 0 if not v.mutant else (1 if context.mutants[v.mutant].semantic else 2)
        return (bool(v.transform), mutant_rank, v.mutant, list(TRANSFORMS).index(v.transform) if v.transform else -1)

    return sorted(variants, key=rank)


def predicts(context: Context, variant: Variant, example: Example) -> bool:
    """Whether ``variant`` gives the library's value on ``example``."""
    if example.library is None:
        return False
    with context.switched(variant.mutant):
        return same(context.value(variant, example.hyps, example.refs), example.library)


def first_difference(context: Context, example: Example, variant: Variant | None, library_stats=None) -> str:
    """What differs first, in words (module doc of ``run``): the first differing statistic
    when the library gives statistics; else, when a variant explains the divergence, the
    first statistic or part in which the variant differs from the spec (inferred); else
    "score only"."""
    from ..ports.fuzz import first_stat_difference
    from ..spec.corpus import segment_rows

    if example.library is None:
        return "the library raises"
    spec_rows = segment_rows(context.definition(**context.definition.stats_options(context.declared)),
                             example.hyps, example.refs)
    if library_stats is not None:
        found = first_stat_difference(spec_rows, library_stats)
        if found:
            return (f"stats[{found['segment']}][{found['column']}]: spec {found['spec']!r}, "
                    f"library {found['port']!r}")
        if len(library_stats) != len(spec_rows) or any(len(a) != len(b) for a, b in zip(spec_rows, library_stats)):
            return "stats: the library's rows have another shape"
        return "score only (the statistics agree: the final arithmetic differs)"
    if variant is None:
        return "score only (the library gives no statistics)"
    rows = context.rows(variant, example.hyps, example.refs)
    if rows is not None:
        found = first_stat_difference(spec_rows, rows)
        if found:
            return (f"stats[{found['segment']}][{found['column']}] (inferred from the explanation): "
                    f"spec {found['spec']!r}, explained {found['port']!r}")
        if len(rows) != len(spec_rows) or any(len(a) != len(b) for a, b in zip(spec_rows, rows)):
            return "stats (inferred from the explanation): another shape of statistics"
    spec_parts = context.parts(Variant(), example.hyps, example.refs)
    parts = context.parts(variant, example.hyps, example.refs) if variant.transform in ("", "scale_up", "scale_down") \
        else None
    if spec_parts and parts:
        where = _first_part(spec_parts, parts)
        if where:
            return f"{where} (inferred from the explanation)"
    return "final arithmetic only (inferred from the explanation: the statistics agree)"


def _first_part(want: dict, got: dict, prefix: str = "parts") -> str:
    for name, value in want.items():
        other = got.get(name)
        if isinstance(value, (list, tuple)) and isinstance(other, (list, tuple)):
            for i, (a, b) in enumerate(zip(value, other)):
                if not same(float(b), float(a)):
                    return f"{prefix}.{name}[{i}]: spec {a!r}, explained {b!r}"
            if len(value) != len(other):
                return f"{prefix}.{name}: spec {len(value)} values, explained {len(other)}"
        elif isinstance(value, (int, float)) and isinstance(other, (int, float)):
            if not same(float(other), float(value)):
                return f"{prefix}.{name}: spec {value!r}, explained {other!r}"
    return ""


def class_key(first: str) -> str:
    """The part of a first difference that groups unexplained divergences: the statistic's
    column ("stats[*][3]"), "raises", or "score only"."""
    if first.startswith("stats["):
        column = first.split("]", 2)[1].lstrip("[") if first.count("]") >= 2 else ""
        return f"stats[*][{column}]"
    if first.startswith("the library raises"):
        return "raises"
    return first.split(" (", 1)[0].split(":", 1)[0]


__all__ = ["Context", "Example", "TOLERANCE", "TRANSFORMS", "Variant", "class_key", "explain", "first_difference",
           "predicts", "same", "single_changes"]
