"""Run cases through a port and compare its answers with the expected values.

A ``Case`` is one input with what the specification computes for it: a corpus (``hyps``
and ``refs`` in the per-hypothesis layout), every option written out, and either the
expected ``score`` (with per-segment ``stats``, where known) or the expected ``error``
kind for input that must be refused. Each case belongs to a ``file`` (a vector file, or a
metric's built-in cases) and carries ``flags``, each explained by a note, so that a
failure says which pitfall it probably shows.

``run_cases(port, cases)`` sends every case and classifies the answer:

* ``passed``: a score within ``SCORE_TOLERANCE`` of the expected one and, when the port
  sent statistics, exactly the expected rows; or an ``error`` answer where one is expected;
* ``failed``: any other answer; the detail names the first differing value;
* ``skipped``: the port answered ``skipped``, or does not list the case's metric (never
  counted as passed);
* ``errored``: the port died or broke the protocol on this case (it is restarted for the
  next one);
* ``timeout``: no answer within the timeout (the port is restarted);
* ``untried``: never sent, as the port was given up on (``MAX_RESTARTS`` restarts, or a
  restart that failed): counted apart from the cases it crashed on, so that a report does
  not show as crashes the cases that might pass.

A score, statistic or part that is not a finite number fails its case and is shown as
JSON writes it (``NaN``, ``Infinity``, ``-Infinity``, which bleuprint reads although JSON
has no such values; ``null``, which JSON writers such as JavaScript's ``JSON.stringify``
write in their place).

The ``Report`` groups the outcomes by file and by flag, as text or JSON
(``bleuprint_port_report_v2``, ``schemas/``); it also lists the metric names the port
listed that bleuprint does not have (``unknown_metrics``). ``ok`` is true only when
nothing failed, errored, timed out or went untried and every listed name is a metric.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from .process import PortTimeout
from .protocol import PortError

#: Scores (and named parts) must agree within this, absolute, on the metric's scale.
SCORE_TOLERANCE = 1e-9

STATUSES = ("passed", "failed", "errored", "timeout", "skipped", "untried")

#: The statuses that fail a run.
FAILING = ("failed", "errored", "timeout", "untried")

#: After this many restarts the remaining cases are not sent (each counts as untried).
MAX_RESTARTS = 10

#: v2: v1 with the status ``untried`` (in ``counts``, ``byFile``, ``byFlag`` and the
#: outcomes) and ``unknownMetrics`` added; nothing removed or renamed.
REPORT_SCHEMA = "bleuprint_port_report_v2"


@dataclass
class Case:
    """One case (module doc). ``error`` is the kind of error the input must get ("" for
    valid input); ``notes`` explains each flag."""

    id: str
    file: str
    metric: str
    options: dict
    hyps: list
    refs: list
    score: float | None = None
    stats: list | None = None
    parts: dict | None = None
    error: str = ""
    flags: tuple = ()
    notes: dict = field(default_factory=dict)
    comment: str = ""
    #: The flags that stand for a planted mutant of the spec (note kind ``mutant``): a
    #: port failing most vectors of one of them probably has that mutant's fault.
    pitfalls: tuple = ()


@dataclass
class Outcome:
    """What became of one case: its ``status`` (one of ``STATUSES``) and a detail."""

    case: Case
    status: str
    detail: str = ""
    seconds: float = 0.0
    #: For a failed case, the first differing value alone (``detail`` adds the id and
    #: every flag's note).
    difference: str = ""

    def describe(self) -> dict:
        return {"id": self.case.id, "file": self.case.file, "metric": self.case.metric,
                "flags": list(self.case.flags), "status": self.status, "detail": self.detail}


def shown(value) -> str:
    """An answered value as the port wrote it in JSON: ``NaN``, ``Infinity`` and
    ``-Infinity`` (tokens JSON does not have, which bleuprint reads), ``null`` with what
    it usually stands for, else the value's repr."""
    if value is None:
        return "null (a JSON writer's NaN or Infinity: JavaScript's JSON.stringify writes them as null)"
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return repr(value)


def _same_number(expected, actual, tolerance: float) -> bool:
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        return False
    if math.isnan(expected) or math.isnan(actual):
        return math.isnan(expected) and math.isnan(actual)
    return abs(expected - actual) <= tolerance


def first_difference(case: Case, answer) -> str:
    """"" when ``answer`` (a ``protocol.Answer``) agrees with ``case``, else the first
    value that differs, in words: the result kind, then the statistics (row by row), the
    score, the named parts."""
    if case.error:
        if answer.kind == "error":
            return ""
        return f"result: expected an error ({case.error}), got score {shown(answer.score)}"
    if answer.kind == "error":
        return f"result: expected a score, the port refused the input: {answer.message}"
    if answer.stats is not None and case.stats is not None:
        if len(answer.stats) != len(case.stats):
            return f"stats: expected {len(case.stats)} rows (one per segment), got {len(answer.stats)}"
        for i, (want, got) in enumerate(zip(case.stats, answer.stats)):
            if len(want) != len(got):
                return f"stats[{i}]: expected {len(want)} values, got {len(got)}"
            for j, (w, g) in enumerate(zip(want, got)):
                if w != g or not _same_number(w, g, 0):
                    return f"stats[{i}][{j}]: expected {w!r}, got {shown(g)}"
    if not _same_number(case.score, answer.score, SCORE_TOLERANCE):
        return f"score: expected {case.score!r}, got {shown(answer.score)}"
    if answer.parts is not None and case.parts:
        for name, want in case.parts.items():
            if name in answer.parts:
                problem = _part_difference(f"parts.{name}", want, answer.parts[name])
                if problem:
                    return problem
    return ""


def _part_difference(where: str, want, got) -> str:
    if isinstance(want, (list, tuple)):
        if not isinstance(got, list) or len(got) != len(want):
            return f"{where}: expected {list(want)!r}, got {shown(got)}"
        for i, (w, g) in enumerate(zip(want, got)):
            problem = _part_difference(f"{where}[{i}]", w, g)
            if problem:
                return problem
        return ""
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return "" if _same_number(want, got, SCORE_TOLERANCE) else f"{where}: expected {want!r}, got {shown(got)}"
    return "" if want == got else f"{where}: expected {want!r}, got {shown(got)}"


def _flag_note(case: Case) -> str:
    notes = [f"{flag}: {case.notes[flag]}" for flag in case.flags if case.notes.get(flag)]
    return f" [flags: {'; '.join(notes) or ', '.join(case.flags)}]" if case.flags else ""


def run_case(port, case: Case) -> Outcome:
    """One case through ``port`` (a started ``process.Port``)."""
    started = time.perf_counter()
    if case.metric not in port.hello.metrics:
        return Outcome(case, "skipped", f"the port does not list metric {case.metric!r}")
    try:
        answer = port.run(case.metric, case.options, case.hyps, case.refs)
    except PortTimeout as exc:
        return Outcome(case, "timeout", str(exc), time.perf_counter() - started)
    except PortError as exc:
        return Outcome(case, "errored", str(exc), time.perf_counter() - started)
    except (TypeError, ValueError) as exc:  # the case itself cannot be written as JSON
        return Outcome(case, "errored", f"the case cannot be sent: {exc}", time.perf_counter() - started)
    seconds = time.perf_counter() - started
    if answer.kind == "skipped":
        return Outcome(case, "skipped", answer.message or "skipped by the port", seconds)
    difference = first_difference(case, answer)
    if difference:
        return Outcome(case, "failed", f"{case.id}: {difference}{_flag_note(case)}", seconds, difference)
    return Outcome(case, "passed", "", seconds)


def run_cases(port, cases: list[Case]) -> "Report":
    """Every case through ``port`` (a started ``process.Port``), in order. A case on which
    the port dies, hangs or breaks the protocol is reported and the port restarted for
    the next; after ``MAX_RESTARTS`` restarts (or a failed restart) the rest are not sent
    and count as ``untried``, apart from the cases the port crashed on."""
    started = time.perf_counter()
    outcomes = []
    restarts = 0
    broken = ""
    for case in cases:
        if broken:
            outcomes.append(Outcome(case, "untried", f"not sent: {broken}"))
            continue
        outcome = run_case(port, case)
        outcomes.append(outcome)
        if outcome.status in ("errored", "timeout"):
            if restarts >= MAX_RESTARTS:
                broken = f"the port was restarted {MAX_RESTARTS} times"
                continue
            restarts += 1
            try:
                port.restart()
            except PortError as exc:
                broken = f"the port could not be restarted: {exc}"
    return Report(outcomes, hello=port.hello.describe(), restarts=restarts,
                  seconds=time.perf_counter() - started)


@dataclass
class Report:
    """The outcomes of a run (module doc)."""

    outcomes: list
    hello: dict = field(default_factory=dict)
    restarts: int = 0
    seconds: float = 0.0
    command: str = ""
    #: The names the port listed that are no metric of bleuprint's, each with the
    #: nearest metric name or "" (``cases.unknown_metrics``): they fail the run.
    unknown_metrics: list = field(default_factory=list)

    def counts(self, outcomes=None) -> dict:
        counts = dict.fromkeys(STATUSES, 0)
        for outcome in self.outcomes if outcomes is None else outcomes:
            counts[outcome.status] += 1
        return counts

    @property
    def ok(self) -> bool:
        counts = self.counts()
        return not (any(counts[s] for s in FAILING) or self.unknown_metrics)

    def by_file(self) -> dict:
        groups: dict = {}
        for outcome in self.outcomes:
            groups.setdefault(outcome.case.file, []).append(outcome)
        return {name: self.counts(group) for name, group in groups.items()}

    def by_flag(self) -> dict:
        groups: dict = {}
        for outcome in self.outcomes:
            for flag in outcome.case.flags or ("(no flag)",):
                groups.setdefault(flag, []).append(outcome)
        return {name: self.counts(group) for name, group in groups.items()}

    def likely_pitfalls(self, limit: int = 3) -> list[dict]:
        """The pitfall flags (``Case.pitfalls``) most like the failures, best first.

        A pitfall flag marks the vectors that kill one planted mutant, so the port most
        probably has the fault whose vectors are the ones that failed: the flags are
        ranked by the Jaccard similarity of the two sets of sent (not skipped) cases,
        ``failed with the flag / (sent with the flag + failed - failed with the flag)``,
        then by how many failed, then by name. A small flag whose few vectors all failed
        does not outrank the one that explains the failures. ``[{"flag", "failed",
        "sent", "similarity", "note"}, ...]``, at most ``limit``."""
        sent: dict = {}
        failed: dict = {}
        total_failed = 0
        for outcome in self.outcomes:
            if outcome.status in ("skipped", "untried"):  # never sent, or never answered
                continue
            total_failed += outcome.status == "failed"
            for flag in outcome.case.pitfalls:
                sent[flag] = sent.get(flag, 0) + 1
                if outcome.status == "failed":
                    failed[flag] = failed.get(flag, 0) + 1
        similarity = {f: failed[f] / (sent[f] + total_failed - failed[f]) for f in failed}
        ranked = sorted(failed, key=lambda f: (-similarity[f], -failed[f], f))
        notes = self.notes()
        return [{"flag": f, "failed": failed[f], "sent": sent[f], "similarity": round(similarity[f], 4),
                 "note": notes.get(f, "")} for f in ranked[:limit]]

    def notes(self) -> dict:
        found: dict = {}
        for outcome in self.outcomes:
            for flag in outcome.case.flags:
                if outcome.case.notes.get(flag):
                    found.setdefault(flag, outcome.case.notes[flag])
        return found

    def to_json(self) -> dict:
        return {
            "schema": REPORT_SCHEMA, "command": self.command, "implementation": self.hello,
            "ok": self.ok, "counts": self.counts(), "seconds": round(self.seconds, 3), "restarts": self.restarts,
            "unknownMetrics": [dict(item) for item in self.unknown_metrics],
            "byFile": self.by_file(), "byFlag": self.by_flag(), "notes": self.notes(),
            "likelyPitfalls": self.likely_pitfalls(),
            "outcomes": [outcome.describe() for outcome in self.outcomes],
        }

    def to_text(self, max_details: int = 20) -> str:
        """The report for a terminal: the port, a table by file and one by flag, then the
        cases that did not pass (at most ``max_details`` of each status), then the totals."""
        lines = []
        if self.hello:
            h = self.hello
            lines.append(f"port: {h['name']} {h['version']} ({h['language']}); metrics: {', '.join(h['metrics'])}")
        for item in self.unknown_metrics:
            hint = f" (did you mean {item['suggestion']!r}?)" if item["suggestion"] else ""
            lines.append(f"UNKNOWN METRIC {item['name']!r}: the port lists it, and bleuprint has no metric of "
                         f"that name{hint}; the protocol takes the registry's names, bleuprint.metric_names()")
        for title, groups in (("file", self.by_file()), ("flag", self.by_flag())):
            width = max([len(title), *map(len, groups)])
            lines.append("")
            lines.append(f"{title:<{width}} " + " ".join(f"{s:>7}" for s in STATUSES))
            for name, counts in groups.items():
                mark = "" if not any(counts[s] for s in FAILING) else "  <--"
                lines.append(f"{name:<{width}} " + " ".join(f"{counts[s]:>7}" for s in STATUSES) + mark)
        for status in ("failed", "errored", "timeout", "skipped", "untried"):
            chosen = [o for o in self.outcomes if o.status == status]
            if not chosen:
                continue
            lines.append("")
            if status == "untried":  # one reason for them all
                lines.append(f"UNTRIED {len(chosen)} cases: {chosen[0].detail}; how many of them would pass "
                             "is unknown")
                continue
            if status == "skipped":
                reasons: dict = {}
                unlisted: dict = {}  # the metrics the port does not list: one line for all of them
                for outcome in chosen:
                    if outcome.detail == f"the port does not list metric {outcome.case.metric!r}":
                        unlisted[outcome.case.metric] = unlisted.get(outcome.case.metric, 0) + 1
                    else:
                        reasons[outcome.detail] = reasons.get(outcome.detail, 0) + 1
                if unlisted:
                    ranked = sorted(unlisted.items(), key=lambda item: (-item[1], item[0]))
                    lines.append(f"SKIPPED {sum(unlisted.values())} cases: the port does not list "
                                 f"{len(unlisted)} metric{'s' if len(unlisted) > 1 else ''} "
                                 f"({', '.join(f'{name} {count}' for name, count in ranked)})")
                for reason, count in sorted(reasons.items(), key=lambda item: -item[1])[:max_details]:
                    lines.append(f"SKIPPED {count} cases: {reason}")
                if len(reasons) > max_details:
                    lines.append(f"... and {len(reasons) - max_details} more reasons")
                continue
            for outcome in chosen[:max_details]:
                if status == "failed" and outcome.difference:
                    flags = f" [flags: {', '.join(outcome.case.flags)}]" if outcome.case.flags else ""
                    detail = f"{outcome.case.id}: {outcome.difference}{flags}"
                else:
                    detail = outcome.detail if status == "failed" else f"{outcome.case.id}: {outcome.detail}"
                lines.append(f"{status.upper()} {detail}")
            if len(chosen) > max_details:
                lines.append(f"... and {len(chosen) - max_details} more {status}")
            if status == "failed":
                lines.append("the notes of their flags (the mutant and port-fault flags: probable pitfalls, below):")
                notes, seen = self.notes(), set()
                for outcome in chosen:
                    for flag in outcome.case.flags:
                        if flag not in seen and flag not in outcome.case.pitfalls and notes.get(flag):
                            seen.add(flag)
                            lines.append(f"  {flag}: {notes[flag]}")
        likely = self.likely_pitfalls()
        if likely:
            lines.append("")
            lines.append("probable pitfalls (the mutant and port-fault flags whose vectors are most like the failed ones):")
            for item in likely:
                lines.append(f"  {item['flag']}: {item['failed']} of its {item['sent']} vectors failed; {item['note']}")
        counts = self.counts()
        lines.append("")
        lines.append(", ".join(f"{counts[s]} {s}" for s in STATUSES) + f" of {len(self.outcomes)} cases"
                     + (f" ({self.restarts} restarts)" if self.restarts else "") + f" in {self.seconds:.1f} s"
                     + (f"; {len(self.unknown_metrics)} unknown metric name"
                        f"{'s' if len(self.unknown_metrics) > 1 else ''} listed" if self.unknown_metrics else ""))
        return "\n".join(lines)
