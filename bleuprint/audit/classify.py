"""Explaining a divergence: the nearby configuration under which bleuprint gives the library's value.

A *variant* is bleuprint's spec run with a few changes from the subject's declared
configuration: other option values (``options``), a planted mutant switched on in-process
(``mutant``: a nearby *definition*, from ``bleuprint.mutants``) and a generic transform of
the input or the output (``transform``: the hypothesis and reference swapped, the first or
the last reference only, a mean of sentence scores instead of a corpus score, the score on
a scale 100 times too large or too small). Nothing here knows any library: the candidates
come from the metric's options as data (``Option``, ``allowed_values``, the metric's
``search_space``), the mutants whose functions the spec run of this metric reaches (found
by tracing the calls: the catalogue's and the audit's own variants, ``bleuprint.audit.variants``,
which combine), and the transforms.

A ``Context`` carries the explanations found so far (``base``) and the numeric noise model
(``numeric``: float32 or rounding, ``NUMERIC``) with its ``tolerance``: every value is
computed on top of them, so the next class is what they leave unexplained.

``explain`` tries the variants in order of the number of changes (one, then two, then
three), on the divergence's members first and then on real-text cases the library matched
(an explanation must not break those), and returns the simplest that holds on all of them.
"""

from __future__ import annotations

import itertools
import math
import sys
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from ..reproduce.hooks import reproduce_hooks
from ..core.options import options_for_score, options_for_stats

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
    "mean_over_references": "each segment's score is the mean of its scores against each reference alone",
}

#: What each transform changes: the input, the aggregation or the output. A base and a
#: candidate may combine transforms of different kinds only.
KINDS = {"swapped": "input", "first_reference": "input", "last_reference": "input",
         "mean_of_sentences": "aggregate", "mean_over_references": "aggregate",
         "scale_down": "output", "scale_up": "output"}

#: Numeric noise a library's arithmetic adds (``run``'s detection): the name of each model
#: and the relative tolerance the comparison runs at once it is found. float32: a few
#: operations in single precision are off by a few units in the last place (2**-24 each).
NUMERIC = {"float32": ("float32 arithmetic (the library's values are float32 numbers)", 1e-5)}
for _n in range(7):
    NUMERIC[f"round_{_n}"] = (f"the library rounds its values to {_n} decimals", TOLERANCE)

#: Scorings (one variant on one input) ``explain`` may spend on one class before it settles
#: for what it has: a count, like the search's examples, so a loaded machine explains as
#: much as an idle one (a wall-clock cap cut the candidates tried, and so the answer).
EXPLAIN_SCORINGS = 30000


def same(a, b, tolerance: float = TOLERANCE) -> bool:
    """``a`` and ``b`` are the same score (relative ``tolerance``, module TOLERANCE by
    default); NaN equals NaN."""
    if a is None or b is None:
        return False
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= tolerance * max(1.0, abs(b))


@dataclass(frozen=True)
class Variant:
    """Changes from the declared configuration (module doc)."""

    options: tuple = ()      # ((name, value), ...) sorted by name
    mutant: str = ""
    transform: str = ""

    @property
    def changes(self) -> int:  # a combined mutant "v03+v11" is two changes
        return len(self.options) + (self.mutant.count("+") + 1 if self.mutant else 0) + bool(self.transform)

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
    #: Where the input came from: a real-text case, one example the search generated, or
    #: one generated to confirm an explanation; inputs shrunk, trimmed or grown from it keep
    #: its origin, so they are not independent of it ("" : the input is its own origin).
    origin: str = ""


@contextmanager
def _switched(ids: list, known: dict, given: dict | None = None):
    from ..mutants.switch import replaced
    from . import variants

    patches: dict = {}
    for id_ in ids:
        for target, factory in known[id_].patches.items():
            if patches.get(target, factory) is not factory:
                raise ValueError(f"{id_} and another change both replace {target}")
            patches[target] = factory
    saved = dict(variants.ACTIVE)
    variants.ACTIVE.update(variants.settings(ids, given))
    try:
        with replaced(patches):
            yield
    finally:
        variants.ACTIVE.clear()
        variants.ACTIVE.update(saved)


def _transform_applies(name: str, hyps: list, refs: list) -> bool:
    """Whether the transform means anything on this input: swapping needs one reference a
    segment. (The others apply everywhere: on one reference, or one segment, they are the
    identity.)"""
    if name == "swapped":
        return all(len(r) == 1 for r in refs)
    return True


class Context:
    """What the variants of one subject need: its metric, declared options, the candidate
    option changes, the reached mutants; and the function that scores a variant.

    ``base`` holds the explanations found so far (strong ones: ``run``), applied to
    bleuprint's side before any candidate; ``numeric`` the numeric noise model found
    (``NUMERIC``: float32, rounding), and ``tolerance`` the relative tolerance of every
    comparison (the user's, raised by the noise found)."""

    def __init__(self, subject, probe_inputs: list, tolerance: float = TOLERANCE):
        from ..core import get_metric
        from ..mutants.catalogue import all_mutants
        from .variants import VARIANTS

        self.subject = subject
        self.metric = subject.metric
        self.definition = get_metric(subject.metric)
        self.declared = subject.full_options
        self.mutants = {m.id: m for m in all_mutants() if m.id != "x00"}
        self.mutants.update({v.id: v for v in VARIANTS})
        self.factor = float(self.definition.scale) / float(subject.scale)
        self.base: list = []
        self.numeric = ""
        self.scored = 0   # variants scored on an input (``value``): ``explain``'s budget counts them
        self.tolerance = tolerance
        self.singles = single_changes(self.definition, self.declared)
        #: What the subject gives the variants: the library's stop-word list (v12).
        self.given = {"stop_words": frozenset(subject.stop_words)} if subject.stop_words else {}
        # v12 needs the library's list; where there is one, the audit's own (v04) is not a candidate
        self.reached = [m for m in reached_mutants(self, probe_inputs)
                        if m != ("v04" if self.given else "v12")]
        self.pairs = []   # two of the audit's own variants at once (``variants.combined``): two changes
        from .variants import BY_ID, combined

        own = sorted(m for m in self.reached if m in BY_ID)
        for a, b in itertools.combinations(own, 2):
            pair = combined([a, b])
            self.mutants[pair.id] = pair
            self.pairs.append(pair.id)

    # -- scoring a variant ------------------------------------------------------------------

    def options_of(self, variant: Variant) -> dict:
        options = dict(self.declared)
        for part in self.base + [variant]:
            options.update(dict(part.options))
        return options

    def _spec(self, hyps, refs, options) -> float:
        from ..core.value import metric
        from ..spec.corpus import corpus_score

        return float(corpus_score(metric(self.metric, **options), hyps, refs))

    def noisy(self, value: float | None, numeric: str | None = None) -> float | None:
        """``value`` (bleuprint's scale) as the library's arithmetic gives it under the
        numeric model (the context's, or ``numeric``): cast to float32, or rounded, on the
        library's own scale."""
        numeric = self.numeric if numeric is None else numeric
        if value is None or not numeric or not math.isfinite(value):
            return value
        own = value / self.factor
        if numeric == "float32":
            import numpy as np

            own = float(np.float32(own))
        else:
            own = round(own, int(numeric.rsplit("_", 1)[1]))
        return own * self.factor

    def value(self, variant: Variant, hyps: list, refs: list) -> float | None:
        """The variant's score on this input (bleuprint's scale) on top of the base, None
        when it does not apply or the spec refuses. The mutants must already be switched
        on (``switched``)."""
        self.scored += 1
        options = self.options_of(variant)
        transforms = [p.transform for p in self.base + [variant] if p.transform]
        kinds = [KINDS[t] for t in transforms]
        if len(set(kinds)) != len(kinds) or not all(_transform_applies(t, hyps, refs) for t in transforms):
            return None
        chosen = dict(zip(kinds, transforms))
        given, aggregate, output = chosen.get("input", ""), chosen.get("aggregate", ""), chosen.get("output", "")
        try:
            if given == "swapped":
                hyps, refs = [r[0] for r in refs], [[h] for h in hyps]
            elif given == "first_reference":
                refs = [r[:1] for r in refs]
            elif given == "last_reference":
                refs = [r[-1:] for r in refs]
            if aggregate == "mean_of_sentences":
                value = sum(self._spec([h], [r], options) for h, r in zip(hyps, refs)) / len(hyps)
            elif aggregate == "mean_over_references":
                value = sum(sum(self._spec([h], [[x]], options) for x in r) / len(r)
                            for h, r in zip(hyps, refs)) / len(hyps)
            else:
                value = self._spec(hyps, refs, options)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, IndexError, KeyError):
            return None
        if output == "scale_down":
            value = value / 100.0
        elif output == "scale_up":
            value = value * 100.0
        return self.noisy(value)

    def switched(self, mutant: str):
        """The context in which the base's mutants and ``mutant`` (an id, or "" for none)
        are switched on, with the settings of the audit's own variants
        (``bleuprint.audit.variants``)."""
        ids = [p.mutant for p in self.base if p.mutant] + ([mutant] if mutant else [])
        if not ids:
            return nullcontext()
        return _switched(ids, self.mutants, self.given)

    def rows(self, variant: Variant, hyps: list, refs: list):
        """The variant's per-segment statistics of the input (None where not comparable)."""
        from ..spec.corpus import segment_rows

        if any(KINDS[p.transform] != "output" for p in self.base + [variant] if p.transform):
            return None
        try:
            with self.switched(variant.mutant):
                return segment_rows(self.definition(**options_for_stats(self.definition, self.options_of(variant))),
                                    hyps, refs)
        except Exception:  # a mutant may break on this input: then nothing is inferred
            return None

    def parts(self, variant: Variant, hyps: list, refs: list):
        """The metric's named parts (``Metric.parts``) of the variant on this input, or None."""
        from ..spec.corpus import as_numbers, segment_rows

        options = self.options_of(variant)
        try:
            with self.switched(variant.mutant):
                rows = segment_rows(self.definition(**options_for_stats(self.definition, options)), hyps, refs)
                summed = as_numbers([sum(c) for c in zip(*rows)]) if rows else []
                return self.definition.parts(summed, len(rows), **options_for_score(self.definition, options))
        except Exception:  # a mutant may break on this input: then nothing is inferred
            return None

    # -- the candidates ---------------------------------------------------------------------

    def levels(self):
        """Lists of candidate variants, one list per number of changes (1, 2, 3)."""
        fixed = {name for p in self.base for name, _ in p.options}  # an explanation found is not replaced
        singles = [tuple(change.items()) for change in self.singles if not fixed & set(change)]
        pairs = [tuple(sorted(a + b)) for a, b in itertools.combinations(singles, 2) if a[0][0] != b[0][0]]
        applied = {p.mutant for p in self.base}
        mutants = sorted((m for m in self.reached if m not in applied), key=lambda i: (not self.mutants[i].semantic, i))
        transforms = list(TRANSFORMS)
        one = ([Variant(options=s) for s in singles] + [Variant(mutant=m) for m in mutants]
               + [Variant(transform=t) for t in transforms])
        both = [m for m in self.pairs if not set(m.split("+")) & applied]
        two = ([Variant(options=p) for p in pairs] + [Variant(mutant=m) for m in both]
               + [Variant(options=s, mutant=m) for m in mutants for s in singles]
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
        if example.library is None or not same(context.value(variant, example.hyps, example.refs), example.library,
                                               context.tolerance):
            return False
    return True


def explain(context: Context, members: list, confirm: list, scorings: int = EXPLAIN_SCORINGS,
            max_changes: int = 3, alternatives: int = 3) -> tuple:
    """``(variant, alternatives)``: the simplest variant (at most ``max_changes``) that gives
    the library's value on every member and every confirming case, and up to 3 others of
    the same number of changes; ``(None, [])`` when none does (within ``scorings`` scorings
    of a variant on an input, ``Context.scored``)."""
    if not members or any(m.library is None for m in members):
        return None, []
    stop = context.scored + scorings
    for level in context.levels()[:max_changes]:
        found = []
        level = sorted(level, key=lambda v: v.mutant)  # one switch per mutant
        for mutant, group in itertools.groupby(level, key=lambda v: v.mutant):
            if context.scored >= stop:
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
            return found[0], found[1:1 + alternatives]
        if context.scored >= stop:
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
        return same(context.value(variant, example.hyps, example.refs), example.library, context.tolerance)


def nondegenerate(example: Example, spec_value: float | None = None, stop_words=frozenset()) -> bool:
    """An input that can tell nearby explanations apart: at least two words among the
    hypotheses and two among the references, and a library value other than 0 (one letter,
    or a text every nearby variant scores 0, cannot tell "stop words removed" from "another
    n-gram order"). A library value of 0 where bleuprint's (``spec_value``, on top of the
    base) is not 0 is informative all the same when each side has two *content* words (three
    ASCII letters or digits or more, not an English stop word, ``variants.STOP_WORDS``: a
    library's longer stop-word list or ASCII-only tokenizer may empty other words): a
    multi-word text that still scores 0 is what "a zero order zeroes the score" shows, and no stop-word list
    or n-gram order empties it. ``stop_words``: the library's own list where its subject gives one
    (``Subject.stop_words``): its words are not content words either."""
    hyp_words = [w for h in example.hyps for w in h.split()]
    ref_words = [w for rs in example.refs for r in rs for w in r.split()]
    if len(hyp_words) < 2 or len(ref_words) < 2:
        return False
    if example.library != 0:
        return True
    if spec_value is None or spec_value == 0:
        return False
    from .variants import STOP_WORDS

    def content(words):
        return sum(len(w) >= 3 and w.isascii() and w.isalnum() and w.lower() not in STOP_WORDS
                   and w.lower() not in stop_words for w in words)

    return content(hyp_words) >= 2 and content(ref_words) >= 2


def support(context: Context, variant: Variant, examples: list) -> list:
    """The independent, non-degenerate examples on which ``variant`` (on top of the base)
    gives the library's value while the base alone does not, and, for a variant of several
    changes, while none of the variants with one change fewer (``reduced``) does: every
    change must be needed on the input, so a transform that is the identity there ("mean
    over references" on one reference) or an option that does nothing there is not
    supported by it. The evidence for it (``run``: an explanation needs two; one example
    per origin, ``Example.origin``)."""
    seen, hits = set(), []
    candidates = [e for e in examples if e.library is not None]
    with context.switched(""):
        base = [context.value(Variant(), e.hyps, e.refs) for e in candidates]
    kept = [(e, b) for e, b in zip(candidates, base) if nondegenerate(e, b, context.given.get("stop_words", ()))]
    candidates, base = [e for e, _ in kept], [b for _, b in kept]
    try:
        with context.switched(variant.mutant):
            for example, before in zip(candidates, base):
                key = example.origin or repr((example.hyps, example.refs))
                if key in seen or same(before, example.library, context.tolerance):
                    continue
                if same(context.value(variant, example.hyps, example.refs), example.library, context.tolerance):
                    seen.add(key)
                    hits.append(example)
    except ValueError:  # cannot be combined with the base
        return []
    for smaller in reduced(variant) if variant.changes > 1 else []:
        try:
            with context.switched(smaller.mutant):
                hits = [e for e in hits if not same(context.value(smaller, e.hyps, e.refs), e.library,
                                                    context.tolerance)]
        except ValueError:
            continue
    return hits


def reduced(variant: Variant) -> list:
    """The variants with one of ``variant``'s changes left out."""
    out = [Variant(options=tuple(o for o in variant.options if o != left), mutant=variant.mutant,
                   transform=variant.transform) for left in variant.options]
    if variant.mutant:
        out.append(Variant(options=variant.options, transform=variant.transform))
    if variant.transform:
        out.append(Variant(options=variant.options, mutant=variant.mutant))
    return out


def first_difference(context: Context, example: Example, variant: Variant | None, library_stats=None) -> str:
    """What differs first, in words (module doc of ``run``): the first differing statistic
    when the library gives statistics; else, when a variant explains the divergence, the
    first statistic or part in which the variant differs from the spec (inferred); else
    "score only"."""
    from ..ports.fuzz import first_stat_difference
    from ..spec.corpus import segment_rows

    if example.library is None:
        return "the library raises"
    spec_rows = (context.rows(Variant(), example.hyps, example.refs) if context.base else None) or \
        segment_rows(context.definition(**options_for_stats(context.definition, context.declared)), example.hyps, example.refs)
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
    parts = context.parts(variant, example.hyps, example.refs) \
        if all(KINDS[p.transform] == "output" for p in context.base + [variant] if p.transform) else None
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


__all__ = ["Context", "Example", "NUMERIC", "TOLERANCE", "TRANSFORMS", "Variant", "class_key", "explain",
           "first_difference", "nondegenerate", "predicts", "same", "single_changes", "support"]
