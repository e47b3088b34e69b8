"""The search for divergences: real text first, then Hypothesis, then a deterministic trim.

``Comparer`` scores one input both ways: bleuprint's spec under the subject's declared
options, and the subject (its value brought to bleuprint's scale: ``Metric.scale /
Subject.scale``). An input the spec refuses is not comparable and is skipped; a library
that raises where the spec scores is a divergence.

``real_text_cases`` are the bundled corpora: the shared hard cases of the vector files
(``bleuprint.vectors.hooks.vector_corpora``) and, where present, the real corpus ted-ende; cut to the
subject's level (one segment at a time for a sentence-level subject) and reference count.

``hunt`` runs one Hypothesis search (seeded, no database, no deadline) over
``strategies.audit_corpora`` (for a metric whose segments are not text, such as token
embeddings, over the metric's own ``corpus_strategy``) until an example diverges in a way that ``predicted`` does
not account for; Hypothesis shrinks it, and ``trim`` then drops segments, references,
words and characters (tokens, the rows of arrays, for segments that are not text) while
the input still diverges (Hypothesis cannot always delete a
segment: the references drawn after it would change).
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path

from ..vectors.hooks import vector_hooks
from .classify import TOLERANCE, Example, Variant, same
from ..spec.inputs import input_hooks

#: Segments of ted-ende a corpus-level case takes, and how many such cases.
TED_SEGMENTS, TED_CASES, TED_SENTENCES = 8, 3, 12

#: Calls the deterministic trim may make.
TRIM_CALLS = 400


class Found(Exception):
    """Raised inside the Hypothesis test on a divergence nothing predicts."""


class _Stop(BaseException):
    """Ends a Hypothesis run at once (out of time); not a failure to shrink."""


@dataclass
class Outcome:
    """One compared input: the spec's value and the library's (both on bleuprint's scale;
    the library's None when it raised, with ``error``)."""

    hyps: list
    refs: list
    spec: float
    library: float | None
    raw: float | None
    error: str = ""
    #: The value compared with the library's: the spec's under the explanations found so
    #: far (``classify.Context.base``, numeric noise included); the spec's when none.
    compared: float | None = None
    tolerance: float = TOLERANCE
    origin: str = ""

    @property
    def diverges(self) -> bool:
        return not same(self.library, self.spec if self.compared is None else self.compared, self.tolerance)

    def example(self) -> Example:
        return Example(self.hyps, self.refs, self.library, self.origin)

    def size(self) -> tuple:
        return (len(self.hyps), sum(len(r) for r in self.refs),
                sum(_length(h) for h in self.hyps) + sum(_length(x) for r in self.refs for x in r))


def _frozen(value):
    """``value`` (strings, numbers, and lists and mappings of them) as a hashable key."""
    if hasattr(value, "tolist"):  # a numpy array or number
        value = value.tolist()
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _length(segment) -> int:
    """Characters of a text, tokens of an array (rows, or the mapping form's embeddings)."""
    return len(segment["embeddings"] if isinstance(segment, dict) else segment)


class Comparer:
    """Scores inputs with the spec and the subject (module doc)."""

    def __init__(self, subject, context=None):
        from ..core import get_metric

        self.subject = subject
        self.definition = get_metric(subject.metric)
        self.options = subject.full_options
        self.factor = float(self.definition.scale) / float(subject.scale)
        self.calls = 0
        #: ``classify.Context``: its base and tolerance make the compared value (set by ``run``).
        self.context = context
        self._library: dict = {}

    def fits(self, hyps: list, refs: list) -> bool:
        s = self.subject
        if s.level == "sentence" and len(hyps) != 1:
            return False
        return all(s.min_refs <= len(r) and (s.max_refs is None or len(r) <= s.max_refs) for r in refs)

    def compare(self, hyps: list, refs: list, origin: str = "") -> Outcome | None:
        """The outcome on this input; None when the spec refuses it (not comparable).
        ``origin``: where the input came from (``classify.Example.origin``)."""
        from ..core import get_metric
        from ..spec.corpus import corpus_score

        try:
            spec = float(corpus_score(get_metric(self.subject.metric)(**self.options), hyps, refs))
        except (TypeError, ValueError, ZeroDivisionError):
            return None
        self.calls += 1
        key = (_frozen(hyps), _frozen(refs))  # text, or arrays (embeddings): nested lists and mappings
        if key not in self._library:  # the library's answer does not change as explanations are found
            try:
                raw = float(self.subject.score(list(hyps), [list(r) for r in refs]))
                self._library[key] = (raw, "")
            except Exception as exc:  # the library's failure is a finding, reported in words
                self._library[key] = (None, f"{type(exc).__name__}: {exc}"[:300])
            if len(self._library) > 20000:
                self._library.clear()
        raw, error = self._library.get(key, (None, ""))
        compared, tolerance = spec, max(TOLERANCE, self.subject.tolerance or 0.0)
        context = self.context
        if context is not None:
            tolerance = context.tolerance
            if context.base or context.numeric:
                try:
                    with context.switched(""):
                        compared = context.value(Variant(), list(hyps), [list(r) for r in refs])
                except Exception:  # an explanation that breaks on this input explains nothing here
                    compared = None
                compared = float("nan") if compared is None else compared
        if raw is None:
            return Outcome(hyps, refs, spec, None, None, error, compared, tolerance, origin)
        return Outcome(hyps, refs, spec, raw * self.factor, raw, "", compared, tolerance, origin)

    def library_stats(self, hyps: list, refs: list):
        if self.subject.stats is None:
            return None
        try:
            return self.subject.stats(list(hyps), [list(r) for r in refs])
        except Exception:
            return None


def _cut_refs(refs: list, subject) -> list | None:
    if subject.max_refs is not None:
        refs = [r[:subject.max_refs] for r in refs]
    if any(len(r) < subject.min_refs for r in refs):
        return None
    return refs


def real_text_cases(subject) -> list[tuple[list, list]]:
    """The bundled corpora as (hyps, refs) cases that fit the subject (module doc)."""
    from ..core import get_metric

    cases = []
    definition = get_metric(subject.metric)
    try:
        corpora = vector_hooks(definition).vector_corpora()
    except Exception:
        corpora = []
    for corpus in corpora:
        hyps, refs = list(corpus.hyps), [list(r) for r in corpus.refs]
        text = input_hooks(definition).segment_kind == "text"  # else the metric's own segments (embeddings)
        if not hyps or len(hyps) != len(refs) or (text and not all(isinstance(h, str) for h in hyps)):
            continue
        if subject.level == "sentence":
            pieces = [([h], [r]) for h, r in zip(hyps, refs)]
        else:
            pieces = [(hyps, refs)]
        for h, r in pieces:
            r = _cut_refs(r, subject)
            if r is not None:
                cases.append((h, r))
    ted = _ted() if input_hooks(definition).segment_kind == "text" else None
    if ted is not None:
        references = ted["references"][0]
        systems = sorted(ted["systems"])
        if subject.level == "sentence":
            system = ted["systems"][systems[0]]
            for i in range(TED_SENTENCES):
                cases.append(([system[i]], [[references[i]]]))
        else:
            for k, name in enumerate(systems[:TED_CASES]):
                start = k * TED_SEGMENTS
                hyps = ted["systems"][name][start:start + TED_SEGMENTS]
                cases.append((hyps, [[r] for r in references[start:start + TED_SEGMENTS]]))
    return [(h, r) for h, r in cases if subject.min_refs <= 1 or all(len(x) >= subject.min_refs for x in r)]


def _ted():
    try:
        from ..verify import TED_PATH
    except ImportError:
        return None
    path = Path(TED_PATH)
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def trim(comparer: Comparer, outcome: Outcome, still, budget: int = TRIM_CALLS) -> Outcome:
    """A smaller input on which ``still(outcome)`` holds: segments, then references, then
    words, then characters dropped one at a time, deterministically (module doc)."""
    calls = 0

    def candidates(hyps, refs):
        if len(hyps) > 1:
            for i in range(len(hyps)):
                yield hyps[:i] + hyps[i + 1:], refs[:i] + refs[i + 1:]
        for i, rs in enumerate(refs):
            if len(rs) > max(1, comparer.subject.min_refs):
                for j in range(len(rs)):
                    yield hyps, refs[:i] + [rs[:j] + rs[j + 1:]] + refs[i + 1:]
        if not all(isinstance(h, str) for h in hyps):  # arrays (embeddings): tokens dropped instead of words
            yield from _fewer_tokens(hyps, refs)
            return
        for i, h in enumerate(hyps):  # a word dropped from the hypothesis and its references at once
            for word in dict.fromkeys(h.split()):
                yield (hyps[:i] + [_without(h, word)] + hyps[i + 1:],
                       refs[:i] + [[_without(r, word) for r in refs[i]]] + refs[i + 1:])
        for i, h in enumerate(hyps):
            for shorter in _shorter(h):
                yield hyps[:i] + [shorter] + hyps[i + 1:], refs
        for i, rs in enumerate(refs):
            for j, r in enumerate(rs):
                for shorter in _shorter(r):
                    yield hyps, refs[:i] + [rs[:j] + [shorter] + rs[j + 1:]] + refs[i + 1:]

    changed = True
    while changed and calls < budget:
        changed = False
        for hyps, refs in candidates(outcome.hyps, outcome.refs):
            if calls >= budget:
                break
            if not comparer.fits(hyps, refs):
                continue
            calls += 1
            smaller = comparer.compare(hyps, refs, outcome.origin)
            if smaller is not None and smaller.diverges and still(smaller) and smaller.size() < outcome.size():
                outcome, changed = smaller, True
                break
    return outcome


def _token_dropped(segment, k: int):
    """``segment`` (rows, or the mapping form with ``embeddings``, ``ids``, ``special``)
    without its token ``k``."""
    if isinstance(segment, dict):
        out = dict(segment)
        out["embeddings"] = list(segment["embeddings"][:k]) + list(segment["embeddings"][k + 1:])
        if segment.get("ids") is not None:
            out["ids"] = list(segment["ids"][:k]) + list(segment["ids"][k + 1:])
        if segment.get("special") is not None:
            out["special"] = [p - (p > k) for p in segment["special"] if p != k]
        return out
    return list(segment[:k]) + list(segment[k + 1:])


def _fewer_tokens(hyps: list, refs: list):
    """The inputs with one token (a row of a hypothesis's or a reference's array) dropped,
    hypotheses first: how the trim shrinks segments that are not text."""
    for i, h in enumerate(hyps):
        if _length(h) > 1:
            for k in range(_length(h)):
                yield hyps[:i] + [_token_dropped(h, k)] + hyps[i + 1:], refs
    for i, rs in enumerate(refs):
        for j, r in enumerate(rs):
            if _length(r) > 1:
                for k in range(_length(r)):
                    yield hyps, refs[:i] + [rs[:j] + [_token_dropped(r, k)] + rs[j + 1:]] + refs[i + 1:]


def _without(text: str, word: str) -> str:
    """``text`` without the first white-space-separated occurrence of ``word`` (as is if none)."""
    words = text.split(" ")
    if word in words:
        words.remove(word)
    return " ".join(words)


def _shorter(text: str):
    """``text`` with one word dropped (with the white space before it, the rest kept as
    written), then with one character dropped (short strings only)."""
    pieces = re.split(r"(\s+)", text)  # words at even indices, white space at odd ones
    words = pieces[0::2]
    if len([w for w in words if w]) > 1 or (len(pieces) > 1):
        for i in range(0, len(pieces), 2):
            if i == 0:
                yield "".join(pieces[2:]) if len(pieces) > 2 else ""
            else:
                yield "".join(pieces[:i - 1] + pieces[i + 1:])
    if len(text) <= 12:
        for i in range(len(text)):
            yield text[:i] + text[i + 1:]


def collect(comparer: Comparer, examples: int, seed: int, limit: int = 40, around: list | None = None) -> tuple[list, int]:
    """``(divergences, generated)``: up to ``limit`` divergent outcomes of one Hypothesis run
    of ``examples`` generated inputs (no shrinking): independent inputs on which a
    candidate explanation is confirmed or refuted (``classify.support``). With ``around``
    (``(hyps, refs, origin)``), half the inputs are their neighbours (``strategies.neighbours``),
    which keep their origin: they are not independent of it."""
    import hypothesis
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings

    from ..strategies import without_local_constants

    found, state = [], {"generated": 0}

    strategy = _strategy(comparer)
    if around:
        from hypothesis import strategies as st

        from .strategies import neighbours

        strategy = st.one_of(neighbours(around), strategy)

    @hypothesis.seed(seed)
    @settings(max_examples=max(1, examples), database=None, deadline=None, suppress_health_check=list(HealthCheck),
              phases=(Phase.generate,), verbosity=Verbosity.quiet)
    @given(strategy)
    def one(corpus):
        state["generated"] += 1
        hyps, refs = corpus[:2]
        origin = corpus[2] if len(corpus) > 2 else f"confirm {seed}:{state['generated']}"
        if len(found) >= limit or not comparer.fits(hyps, refs):
            return
        outcome = comparer.compare(hyps, refs, origin)
        if outcome is not None and outcome.diverges:
            found.append(outcome)

    with without_local_constants():
        one()
    return found, state["generated"]


def _strategy(comparer: Comparer):
    """The corpora the search draws: ``strategies.audit_corpora`` for text metrics; for
    embeddings and other arrays, the metric's own corpora (its corpus_strategy hook)."""
    from ..strategies import strategy_hooks
    from .strategies import audit_corpora

    if input_hooks(comparer.definition).segment_kind != "text":
        return strategy_hooks(comparer.definition).corpus_strategy()
    subject = comparer.subject
    size = (1, 1) if subject.level == "sentence" else (1, 6)
    max_refs = subject.max_refs if subject.max_refs is not None else 3
    max_refs = max(max_refs, subject.min_refs)
    return audit_corpora(size[0], size[1], subject.min_refs, max_refs,
                         tokenize=str(comparer.options.get("tokenize", "13a")))


def hunt(comparer: Comparer, examples: int, seed: int, predicted, deadline: float | None = None):
    """One Hypothesis search (module doc): ``(smallest, first, generated examples)``, the
    smallest unpredicted divergence seen and the first (as generated, before shrinking),
    both None when there was none.

    ``predicted(outcome)`` says whether a divergence is accounted for (by a class found
    already; it counts the member); only other divergences are raised and shrunk. The
    smallest unpredicted divergence seen is returned."""
    import hypothesis
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings

    from ..strategies import without_local_constants

    strategy = _strategy(comparer)
    state = {"generated": 0, "shrinking": False, "smallest": None, "first": None}

    @hypothesis.seed(seed)
    @settings(max_examples=max(1, examples), derandomize=False, database=None, deadline=None,
              suppress_health_check=list(HealthCheck), phases=(Phase.generate, Phase.shrink),
              verbosity=Verbosity.quiet, report_multiple_bugs=False, print_blob=False)
    @given(strategy)
    def one(corpus):
        if deadline is not None and time.monotonic() > deadline:
            raise _Stop()
        hyps, refs = corpus
        if not state["shrinking"]:
            state["generated"] += 1
        if not comparer.fits(hyps, refs):
            return
        origin = state["first"].origin if state["shrinking"] else f"search {seed}:{state['generated']}"
        outcome = comparer.compare(hyps, refs, origin)
        if outcome is None or not outcome.diverges:
            return
        if predicted(outcome, not state["shrinking"]):
            return
        if not state["shrinking"]:
            state["first"] = outcome
        state["shrinking"] = True
        if state["smallest"] is None or outcome.size() < state["smallest"].size():
            state["smallest"] = outcome
        raise Found()

    try:
        with without_local_constants():
            one()
    except Found:
        pass
    except _Stop:
        pass
    except Exception as exc:  # Hypothesis's own (Flaky, unsatisfiable): keep what was found
        if state["smallest"] is None:
            raise RuntimeError(f"the search failed: {type(exc).__name__}: {exc}") from None
    return state["smallest"], state["first"], state["generated"]


__all__ = ["Comparer", "Outcome", "collect", "hunt", "real_text_cases", "trim"]
