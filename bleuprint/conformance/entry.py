"""One entry of a conformance report: an implementation x metric (x call, for a library
with several functions of one metric), from the outcomes of its vectors and its fuzz.

Each vector outcome is ``{"id", "class", "status", "detail", "flags", "faults"}``; the
statuses are the port report's (``passed``, ``failed``, ``errored``, ``timeout``,
``skipped``, ``untried``). An entry ``conforms`` when every ``must-pass`` and
``must-refuse`` vector it was sent passed and the fuzz found no disagreement; it
``fails`` otherwise; it is ``skipped`` when nothing could be sent (the implementation
skipped every vector, or none fitted it). Implementation-defined vectors are counted and
their differences listed, never held against it.
"""

from __future__ import annotations

from ..ports.runner import FAILING, STATUSES
from .faults import ranked
from .vectors import BINDING, CLASSES

#: How many failing vectors an entry lists in full (the counts hold them all).
MAX_FAILURES = 200


def class_counts(outcomes: list) -> dict:
    counts = {name: dict.fromkeys(STATUSES, 0) for name in CLASSES}
    for outcome in outcomes:
        counts[outcome["class"]][outcome["status"]] += 1
    return counts


def status_of(counts: dict, fuzz: dict | None) -> str:
    sent = sum(counts[c][s] for c in CLASSES for s in STATUSES if s not in ("skipped", "untried"))
    broken = any(counts[c][s] for c in BINDING for s in FAILING)
    if broken or (fuzz is not None and fuzz.get("finding") is not None):
        return "fails"
    return "conforms" if sent else "skipped"


def make_entry(metric: str, call: str, options: dict, outcomes: list, fuzz: dict | None,
               not_applicable: int = 0, notes: list | None = None) -> dict:
    """The entry's JSON (schema ``bleuprint_conformance_report_v1``, ``entry``)."""
    counts = class_counts(outcomes)
    failures = [o for o in outcomes if o["status"] in FAILING]
    sent = [o for o in outcomes if o["status"] not in ("skipped", "untried")]
    return {
        "metric": metric,
        "call": call,
        "options": options,
        "status": status_of(counts, fuzz),
        "classes": counts,
        "notApplicable": not_applicable,
        "numberOfFailures": len(failures),
        "failures": failures[:MAX_FAILURES],
        "suggestedFaults": ranked(sent),
        "fuzz": fuzz,
        "notes": list(notes or []),
    }


def entry_labels(entries: list) -> list[str]:
    """Each entry's name among its implementation's (the summary's lines, the page): the
    called function's name; the whole call where two entries of one metric share that
    name (pytorch-ignite's averages), and then the options that differ where they share
    the call too (ROUGE's types); "" for a port's entry, which has no call."""
    from collections import Counter

    def clashes(labels):
        counts = Counter((e["metric"], label) for e, label in zip(entries, labels))
        return [counts[(e["metric"], label)] > 1 for e, label in zip(entries, labels)]

    labels = [e["call"].split("(", 1)[0] for e in entries]
    labels = [e["call"] if clash else label for e, label, clash in zip(entries, labels, clashes(labels))]
    out = []
    for entry, label, clash in zip(entries, labels, clashes(labels)):
        if clash:
            group = [e for e, other in zip(entries, labels) if other == label and e["metric"] == entry["metric"]]
            keys = sorted({k for e in group for k in e["options"]})
            differing = [k for k in keys if len({repr(e["options"].get(k)) for e in group}) > 1]
            label += " [" + ", ".join(f"{k}={entry['options'].get(k)}" for k in differing) + "]"
        out.append(label)
    return out
