"""A library (an audit adapter, ``bleuprint.audit.adapters``) as an implementation of a
conformance run.

An adapter gives *subjects*: one function of the library for one metric, with the
bleuprint configuration it claims to be (``Subject.options``), its scale, its level (one
segment at a time, or a corpus) and how many references it takes. Each subject is one
entry. Its vectors are the inputs of the metric's vector files that fit it (one segment
for a sentence-level function; a reference count it takes), each input once. A vector
whose group options are the subject's configuration keeps its expected value, class and
fault flags; any other input is rescored by the spec under the subject's configuration
(so its class is ``must-refuse`` when the spec refuses it there, else its own class), and
keeps its flags but names no fault: the faults a vector catches were measured under its
own file's options. A score passes within the audit's tolerance (1e-9, relative beyond
1) after the library's scale is brought to bleuprint's; a must-refuse input passes when
the library raises. A library that raises on a must-pass input has ``errored``.

The bounded fuzz is the audit's Hypothesis search (``bleuprint.audit.search.hunt``) for
the given number of examples, with no time limit: the first divergence, shrunk.
"""

from __future__ import annotations

import json

from .entry import make_entry
from .vectors import tests_of
from ..core.options import option_defaults


def _fits(subject, hyps, refs) -> bool:
    if refs is None or not isinstance(hyps, list) or any(not isinstance(h, str) for h in hyps):
        return False
    if subject.level == "sentence" and len(hyps) != 1:
        return False
    return all(isinstance(r, list) and subject.min_refs <= len(r)
               and (subject.max_refs is None or len(r) <= subject.max_refs) for r in refs)


def _expected(definition, declared: dict, options: dict, test: dict, klass: str, faults: set):
    """``(class, expected score or None for a refusal, fault ids)`` of ``test`` for a
    subject configured ``declared`` (module doc)."""
    from ..ports.cases import expected_case

    if {**option_defaults(definition), **options} == declared:
        flags = [f for f in test.get("flags", ()) if f in faults]
        if test.get("result") == "invalid":
            return klass, None, flags
        return klass, test["expected"]["score"], flags
    case = expected_case(definition, "", "", declared, test["hyps"], test["refs"], (), {})
    if case.error:
        return "must-refuse", None, []
    return ("implementation-defined" if klass == "implementation-defined" else "must-pass"), case.score, []


def _outcome(subject, factor: float, hyps, refs, expected) -> tuple[str, str]:
    from ..audit.classify import same

    try:
        raw = subject.score(list(hyps), [list(r) for r in refs])
        value = float(raw) * factor
    except Exception as exc:  # the library's failure is the finding
        if expected is None:
            return "passed", ""
        return "errored", f"raised {type(exc).__name__}: {exc}"[:300]
    if expected is None:
        return "failed", f"result: expected a refusal, got score {value!r}"
    if not same(value, expected):
        return "failed", f"score: expected {expected!r}, got {value!r}"
    return "passed", ""


def subject_entry(subject, files: dict, examples: int, seed: int) -> dict:
    """The entry of one subject (module doc)."""
    from ..core import get_metric

    definition = get_metric(subject.metric)
    declared = subject.full_options
    factor = float(definition.scale) / float(subject.scale)
    seen, outcomes, not_applicable = set(), [], 0
    for vector_id, klass, options, test, faults in tests_of(files, subject.metric):
        hyps, refs = test["hyps"], test["refs"]
        key = json.dumps([hyps, refs], ensure_ascii=False)
        if key in seen:
            continue
        seen.add(key)
        if not _fits(subject, hyps, refs):
            not_applicable += 1
            continue
        klass, expected, fault_ids = _expected(definition, declared, options, test, klass, faults)
        status, detail = _outcome(subject, factor, hyps, refs, expected)
        outcomes.append({"id": vector_id, "class": klass, "status": status, "detail": detail,
                         "flags": list(test.get("flags", ())), "faults": fault_ids})
    fuzz, notes = None, []
    if examples:
        fuzz, note = fuzz_subject(subject, examples, seed)
        notes += [note] if note else []
    else:
        notes.append("not fuzzed: --examples 0")
    return make_entry(subject.metric, subject.call, dict(subject.options), outcomes, fuzz, not_applicable, notes)


def fuzz_subject(subject, examples: int, seed: int) -> tuple[dict | None, str]:
    """The audit's search on ``subject`` for ``examples`` examples (module doc)."""
    import importlib.util

    if importlib.util.find_spec("hypothesis") is None:
        return None, "not fuzzed: it needs Hypothesis, a test-only package (pip install 'bleuprint[test]')"
    from ..audit.search import Comparer, hunt

    comparer = Comparer(subject)
    smallest, _, generated = hunt(comparer, examples, seed, lambda outcome, count=True: False, float("inf"))
    finding = None
    if smallest is not None:
        finding = {"hyps": smallest.hyps, "refs": smallest.refs, "spec": smallest.spec,
                   "implementation": smallest.library, "error": smallest.error}
    return {"examples": examples, "seed": seed, "ran": generated, "skipped": 0, "finding": finding,
            "faults": [], "replay": ""}, ""


def run_library(target: str, files: dict, examples: int, seed: int) -> dict:
    """The implementation's JSON for the built-in adapter ``target``; NotInstalled when
    its library is missing here."""
    from ..audit.adapters import load

    subjects = [s for s in load(target) if any(d.get("metric") == s.metric for d in files.values())]
    entries = [subject_entry(subject, files, examples, seed) for subject in subjects]
    version = subjects[0].version if subjects else ""
    if not subjects:
        version = next(iter(s.version for s in load(target)), "")
    return {"kind": "library", "name": target, "language": "python", "version": version, "source": target,
            "entries": entries, "notes": [] if subjects else ["no vector of its metrics was run"]}
