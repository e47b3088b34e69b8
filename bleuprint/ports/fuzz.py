"""Fuzzing a port: ``bleuprint fuzz --port COMMAND --metric M``.

Vectors only check the inputs somebody wrote down; the fuzzer draws new ones. It starts
the port once (``process.Port``), checks that the port lists the metric, probes which
option values it skips (``probe.probe``: one ``run`` per value of each option with a
finite set of values; those values are then not drawn, and a port that skips the
defaults is refused with ``probe.DefaultsSkipped``), then lets Hypothesis draw options
(``bleuprint.strategies.metric_options``) and corpora (``bleuprint.strategies.corpora``)
for ``examples`` examples, seeded with ``seed``. Each example is computed by
``bleuprint.spec`` (``cases.expected_case``: per-segment statistics and score, or the
kind of error when the spec refuses the input), sent through the port, and compared as
``bleuprint verify --port`` compares (``runner.first_difference``). A disagreement
raises, so Hypothesis shrinks it *through the port*: every smaller candidate is sent to
the port again. The last disagreement seen is the minimal one (Hypothesis replays it
last).

A port that dies, hangs or breaks the protocol on an example is restarted and that
example counts as a disagreement (``errored`` or ``timeout``), shrunk like the others;
after ``MAX_RESTARTS`` restarts, or when a restart fails, fuzzing stops with the smallest
disagreement found so far. An example the port answers ``skipped`` is counted and passes.

Hypothesis cannot always delete a segment (the references drawn after it would change),
so the shrunk example is then trimmed, also through the port: whole segments, then
single references, are dropped while the port still disagrees the same way.

The minimal input is then run through the spec under every planted mutant
(``bleuprint.mutants``) and every port fault (``bleuprint.mutants.port_faults``: what a
port gets from its language): those whose answer equals the port's (score within
``SCORE_TOLERANCE``, same statistics, or both refusing) are suspects. One input is not
enough to name a fault (a port counting UTF-16 code units and one keeping chrF's white
space give the same answer on some inputs), so each suspect must then explain the port on
further inputs (``confirm``): the metric's vector corpora (``Metric.vector_corpora``:
the hard cases, the port faults' among them) at the minimal input's options, then the
examples drawn before the disagreement, each with options the port accepted (the probe's
and the draws' values; nothing the port skips is sent). A suspect is confirmed when,
on every further input the port answers, it gives the port's answer, and the port
disagrees with the spec on at least one of them; it is refuted on the first input where
it does not. Only confirmed suspects are named, by the ids the vector files use; when
none is confirmed the diagnosis says that no known fault explains it. Same seed and same
port give the same examples and the same minimal input. Hypothesis is needed (``pip install 'bleuprint[test]'``), and imported
only when fuzzing starts, so that ``bleuprint``'s parser loads without it.
"""

from __future__ import annotations

import shlex
import time
from dataclasses import dataclass, field

from .cases import expected_case
from .probe import DefaultsSkipped, ProbeResult, probe
from .process import DEFAULT_TIMEOUT, Port, PortTimeout
from .protocol import PortError
from .runner import SCORE_TOLERANCE, first_difference
from ..core.options import option_defaults
from ..spec.inputs import input_hooks

#: Version 2: the finding's ``portFaults`` (confirmed port faults), ``refuted`` (suspects of
#: the minimal input that a further input refuted) and ``confirmation`` (how many further
#: inputs, how many of them disagreements); ``mutants``/``otherMutants`` are confirmed ones.
FUZZ_SCHEMA = "bleuprint_fuzz_report_v2"
DEFAULT_EXAMPLES = 200
DEFAULT_SEED = 0

#: Restarts of a port that dies or hangs, after which fuzzing stops.
MAX_RESTARTS = 25

#: Port calls allowed for trimming segments and references off the shrunk example.
TRIM_CALLS = 200

#: Further inputs (port calls) a suspect must explain before it is named: at most this
#: many of the metric's vector corpora, then at most ``CONFIRM_DRAWN`` drawn examples.
CONFIRM_CORPORA = 40
CONFIRM_DRAWN = 20


class FuzzUsageError(ValueError):
    """Arguments the fuzzer cannot run with (unknown metric, no examples, ...)."""


class MetricNotListed(PortError):
    """The port does not list the metric to fuzz."""


class Disagreement(Exception):
    """Raised inside the Hypothesis test on an example where the port and the spec differ."""

    def __init__(self, finding: "Finding"):
        super().__init__(finding.difference)
        self.finding = finding


class _Stop(BaseException):
    """Ends the Hypothesis run at once (a port that cannot be restarted, or too often);
    a BaseException so that Hypothesis does not take it for a failure to shrink."""


@dataclass
class Finding:
    """One example on which the port and the spec disagree. ``status`` is ``failed`` (a
    different answer), ``errored`` (the port died or broke the protocol) or ``timeout``."""

    status: str
    options: dict
    full_options: dict
    hyps: list
    refs: list
    expected: dict
    answer: dict
    difference: str
    first_stat: dict | None = None
    mutants: list = field(default_factory=list)
    other_mutants: list = field(default_factory=list)
    port_faults: list = field(default_factory=list)
    refuted: list = field(default_factory=list)
    confirmation: dict = field(default_factory=dict)

    def size(self) -> tuple:
        return (len(self.hyps), sum(len(h) for h in self.hyps) + sum(len(r) for rs in self.refs for r in rs))

    def describe(self) -> dict:
        return {"status": self.status, "options": self.full_options, "drawnOptions": self.options,
                "hyps": self.hyps, "refs": self.refs, "spec": self.expected, "port": self.answer,
                "difference": self.difference, "firstStat": self.first_stat,
                "mutants": self.mutants, "otherMutants": self.other_mutants, "portFaults": self.port_faults,
                "refuted": self.refuted, "confirmation": self.confirmation}


@dataclass
class FuzzReport:
    """What a fuzzing run found (``finding`` is None when the port always agreed)."""

    command: str
    metric: str
    examples: int
    seed: int
    timeout: float
    hello: dict = field(default_factory=dict)
    ran: int = 0
    skipped: int = 0
    shrink_calls: int = 0
    restarts: int = 0
    seconds: float = 0.0
    finding: Finding | None = None
    notes: list = field(default_factory=list)
    probe: ProbeResult = field(default_factory=ProbeResult)

    @property
    def ok(self) -> bool:
        return self.finding is None

    def replay_command(self) -> str:
        words = ["bleuprint", "fuzz", "--port", self.command, "--metric", self.metric,
                 "--examples", str(self.examples), "--seed", str(self.seed)]
        if self.timeout != DEFAULT_TIMEOUT:
            words += ["--timeout", f"{self.timeout:g}"]
        return " ".join(shlex.quote(word) for word in words)

    def to_json(self) -> dict:
        return {"schema": FUZZ_SCHEMA, "command": self.command, "metric": self.metric,
                "examples": self.examples, "seed": self.seed, "timeout": self.timeout,
                "implementation": self.hello, "ok": self.ok, "ran": self.ran, "skipped": self.skipped,
                "shrinkCalls": self.shrink_calls, "restarts": self.restarts,
                "seconds": round(self.seconds, 3), "probes": self.probe.probes,
                "notDrawn": self.probe.describe(), "finding": self.finding.describe() if self.finding else None,
                "replay": self.replay_command(), "notes": list(self.notes)}

    def to_text(self) -> str:
        lines = []
        if self.hello:
            h = self.hello
            lines.append(f"port: {h['name']} {h['version']} ({h['language']}); fuzzing {self.metric}, "
                         f"{self.examples} examples, seed {self.seed}")
        lines.append(f"probe: {self.probe.probes} run{'s' * (self.probe.probes != 1)}, "
                     + (f"not drawn: the port skips {self.probe.text()}" if self.probe.skipped
                        else "the port skips none"))
        skipped = f" ({self.skipped} skipped)"
        if self.finding is None:
            lines.append(f"{self.ran} examples, no disagreement{skipped} in {self.seconds:.1f} s")
            lines.extend(f"note: {note}" for note in self.notes)
            return "\n".join(lines)
        f = self.finding
        lines.append(f"DISAGREEMENT ({f.status}) after {self.ran} examples{skipped}, shrunk through the port in "
                     f"{self.shrink_calls} calls ({self.restarts} restarts), {self.seconds:.1f} s")
        lines.append("minimal input:")
        lines.append(f"  options: {_json(f.full_options)}")
        lines.append(f"  hyps: {_json(f.hyps)}")
        lines.append(f"  refs: {_json(f.refs)}")
        lines.append(f"spec: {_answer_text(f.expected)}")
        lines.append(f"port: {_answer_text(f.answer)}")
        if f.first_stat:
            s = f.first_stat
            lines.append(f"first differing statistic: segment {s['segment']}, column {s['column']}: "
                         f"spec {s['spec']!r}, port {s['port']!r}")
        lines.append(f"difference: {f.difference}")
        lines.append(f"diagnosis: {diagnosis_text(f)}")
        lines.extend(f"note: {note}" for note in self.notes)
        lines.append(f"replay: {self.replay_command()}")
        return "\n".join(lines)


def _json(value) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def _answer_text(answer: dict) -> str:
    if "error" in answer:
        return f"refuses the input ({answer['error']}: {answer.get('message', '')})".replace(": )", ")")
    if "score" in answer:
        text = f"score {answer['score']!r}"
        if answer.get("stats") is not None:
            text += f", stats {_json(answer['stats'])}"
        return text
    return f"{answer.get('status', 'errored')}: {answer.get('message', '')}"


def diagnosis_text(finding: Finding) -> str:
    """The confirmed planted mutants and port faults the port behaves like, in words, or
    that no known fault explains the port (naming the suspects further inputs refuted)."""
    def named(mutants):
        return "; ".join(f"mutant {m['id']} ({m['fault']}; pitfall {m['pitfall']})" for m in mutants)

    def faults(found):
        return "; ".join(f"port fault {f['id']} ({f['fault']}; natural in {', '.join(f['languages'])})"
                         for f in found)

    if finding.status != "failed":
        return "the port did not answer, so no planted mutant is compared (nor any port fault)"
    checked = finding.confirmation
    on = (f" (confirmed on {checked.get('inputs', 0)} further inputs, {checked.get('disagreements', 0)} of them "
          f"disagreements)") if checked else ""
    found = [text for text in (named(finding.mutants), faults(finding.port_faults)) if text]
    if found:
        return f"the port behaves like {'; '.join(found)}{on}"
    if finding.other_mutants:
        return f"no semantic planted mutant or port fault explains it; it behaves like {named(finding.other_mutants)}{on}"
    text = "no known fault explains it"
    if finding.refuted:
        text += ("; on the minimal input alone it looked like "
                 + "; ".join(f"{r['id']} (refuted by hyps {_short(r['hyps'])}, refs {_short(r['refs'])})"
                             for r in finding.refuted))
    elif checked and not checked.get("disagreements"):
        text += " (the port agreed with the spec on every further input, so no suspect could be confirmed)"
    return text


def _short(value, width: int = 60) -> str:
    text = _json(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def first_stat_difference(expected_stats, answer_stats) -> dict | None:
    """The first statistic (segment, column) that differs, when both sides have rows of
    the same shape."""
    if expected_stats is None or answer_stats is None or len(expected_stats) != len(answer_stats):
        return None
    for i, (want, got) in enumerate(zip(expected_stats, answer_stats)):
        if len(want) != len(got):
            return None
        for j, (w, g) in enumerate(zip(want, got)):
            if w != g:
                return {"segment": i, "column": j, "spec": w, "port": g}
    return None


def _expected_of(case) -> dict:
    if case.error:
        return {"error": case.error, "message": case.comment}
    return {"score": case.score, "stats": case.stats}


def _answer_of(answer) -> dict:
    if answer.kind == "error":
        return {"error": "refused", "message": answer.message}
    found = {"score": answer.score, "stats": answer.stats}
    if answer.parts is not None:
        found["parts"] = answer.parts
    return found


def _entry(fault) -> dict:
    entry = {"id": fault.id, "fault": fault.fault, "pitfall": fault.pitfall}
    if getattr(fault, "languages", None) is not None:
        entry.update(languages=list(fault.languages), faultClass=fault.fault_class)
    return entry


def _case_under(fault, definition, options, hyps, refs):
    """The spec's case on this input with ``fault`` switched on; None when the fault
    breaks on it (it then does not explain the port)."""
    from ..mutants.switch import replaced

    try:
        with replaced(fault.patches):
            return expected_case(definition, "fuzz", "fuzz", options, hyps, refs, (), {})
    except Exception:  # a fault that breaks on this input does not explain the port
        return None


def suspects(definition, options: dict, hyps: list, refs: list, answer) -> list:
    """The planted mutants (but the sanity mutant x00) and the port faults under which the
    spec gives ``answer`` (a ``protocol.Answer``) on this input, in catalogue order."""
    from ..mutants.catalogue import all_mutants
    from ..mutants.port_faults import all_port_faults

    found = []
    for fault in [*all_mutants(), *all_port_faults()]:
        if fault.id == "x00":
            continue
        case = _case_under(fault, definition, options, hyps, refs)
        if case is not None and not first_difference(case, answer):
            found.append(fault)
    return found


def matching_mutants(definition, options: dict, hyps: list, refs: list, answer) -> tuple[list, list]:
    """The planted mutants under which the spec gives ``answer`` on this input, unconfirmed:
    (semantic ones, the others), each as ``{id, fault, pitfall}``."""
    semantic, other = [], []
    for fault in suspects(definition, options, hyps, refs, answer):
        if getattr(fault, "languages", None) is None:
            (semantic if fault.semantic else other).append(_entry(fault))
    return semantic, other


def further_inputs(definition, options: dict, drawn: list) -> list:
    """The inputs a suspect must explain (module doc): ``(options, hyps, refs)`` of the
    metric's vector corpora of text with references at ``options``, then of ``drawn``."""
    from ..vectors.hooks import vector_hooks

    out = []
    for corpus in vector_hooks(definition).vector_corpora()[:CONFIRM_CORPORA]:
        hyps, refs = corpus.hyps, corpus.refs
        if (isinstance(hyps, list) and isinstance(refs, list) and len(hyps) == len(refs)
                and all(isinstance(h, str) for h in hyps)
                and all(isinstance(rs, list) and rs and all(isinstance(r, str) for r in rs) for rs in refs)):
            out.append((dict(options), hyps, refs))
    return out + [(dict(o), h, r) for o, h, r in drawn[:CONFIRM_DRAWN]]


def confirm(port_answer, definition, candidates: list, inputs: list) -> tuple[list, list, dict]:
    """``(confirmed, refuted, counts)`` of ``candidates`` (faults) on ``inputs``
    (``further_inputs``); ``port_answer(options, hyps, refs)`` is the port's
    ``protocol.Answer`` or None when it skipped, died or hung (that input is passed over).
    ``refuted``: ``{id, input, hyps, refs}``, the first input the fault does not explain
    (its index in ``inputs``);
    ``counts``: ``{inputs, disagreements}``, the inputs the port answered and those where
    it disagreed with the spec."""
    alive = list(candidates)
    refuted, answered, disagreements = [], 0, 0
    for number, (options, hyps, refs) in enumerate(inputs):
        if not alive:
            break
        answer = port_answer(options, hyps, refs)
        if answer is None:
            continue
        answered += 1
        spec_case = expected_case(definition, "fuzz", "fuzz", options, hyps, refs, (), {})
        disagreements += bool(first_difference(spec_case, answer))
        for fault in list(alive):
            case = _case_under(fault, definition, options, hyps, refs)
            if case is None or first_difference(case, answer):
                alive.remove(fault)
                refuted.append({"id": fault.id, "input": number, "hyps": hyps, "refs": refs})
    counts = {"inputs": answered, "disagreements": disagreements}
    return (alive if disagreements else []), refuted, counts


def diagnose(finding: Finding, answer, definition, port_answer, drawn: list) -> None:
    """Fill ``finding``'s diagnosis: the suspects of its minimal input, confirmed or
    refuted on the further inputs (module doc)."""
    found = suspects(definition, finding.options, finding.hyps, finding.refs, answer)
    if not found:
        finding.confirmation = {"inputs": 0, "disagreements": 0}
        return
    confirmed, refuted, counts = confirm(port_answer, definition, found,
                                         further_inputs(definition, finding.options, drawn))
    finding.confirmation = counts
    finding.refuted = refuted
    for fault in confirmed:
        if getattr(fault, "languages", None) is not None:
            finding.port_faults.append(_entry(fault))
        else:
            (finding.mutants if fault.semantic else finding.other_mutants).append(_entry(fault))


class _Fuzzer:
    """The state of one run: the port, the counts, the disagreements seen."""

    def __init__(self, port: Port, definition, report: FuzzReport):
        self.port, self.definition, self.report = port, definition, report
        self.last: Finding | None = None  # the latest disagreement (the minimal one at the end)
        self.smallest: Finding | None = None  # the smallest seen, in case the run is stopped
        self.last_answer = self.smallest_answer = None  # their protocol.Answer (None: no answer)
        self.drawn: list = []

    def compare(self, options: dict, hyps: list, refs: list):
        """One example through the spec and the port: ``(finding, answer)``, the finding
        None when they agree, the string ``"skipped"`` when the port skipped it."""
        case = expected_case(self.definition, "fuzz", "fuzz", options, hyps, refs, (), {})
        try:
            answer = self.port.run(self.definition.name, case.options, hyps, refs)
        except PortError as exc:
            status = "timeout" if isinstance(exc, PortTimeout) else "errored"
            self._restart()
            return Finding(status, options, case.options, hyps, refs, _expected_of(case),
                           {"status": status, "message": str(exc)}, f"the port {status}: {exc}"), None
        if answer.kind == "skipped":
            return "skipped", answer
        difference = first_difference(case, answer)
        if not difference:
            return None, answer
        return Finding("failed", options, case.options, hyps, refs, _expected_of(case), _answer_of(answer),
                       difference, first_stat_difference(case.stats, answer.stats)), answer

    def answer_for(self, options: dict, hyps: list, refs: list):
        """The port's answer to one further input of the diagnosis, or None when it
        skipped it, died or hung (then it is restarted)."""
        from .protocol import full_options

        try:
            answer = self.port.run(self.definition.name, full_options(self.definition, options), hyps, refs)
        except PortError:
            self._restart()
            return None
        return None if answer.kind == "skipped" else answer

    def check(self, options: dict, hyps: list, refs: list) -> None:
        """The body of the Hypothesis test: Disagreement when the port and the spec differ."""
        generating = self.last is None
        if generating:
            self.report.ran += 1
            self.drawn.append((options, hyps, refs))
        else:
            self.report.shrink_calls += 1
        finding, answer = self.compare(options, hyps, refs)
        if finding == "skipped":
            self.report.skipped += generating
        elif finding is not None:
            self._found(finding, answer)

    def trim(self, finding: Finding, answer, budget: int = TRIM_CALLS):
        """After Hypothesis: drop whole segments, then single references, while the port
        still disagrees the same way (Hypothesis cannot always delete a segment, since the
        references drawn after it then change). Deterministic; returns the smaller
        finding and its answer."""
        calls = 0
        changed = True
        while changed and calls < budget:
            changed = False
            hyps, refs = finding.hyps, finding.refs
            candidates = [(hyps[:i] + hyps[i + 1:], refs[:i] + refs[i + 1:]) for i in range(len(hyps))
                          if len(hyps) > 1]
            candidates += [(hyps, refs[:i] + [rs[:j] + rs[j + 1:]] + refs[i + 1:])
                           for i, rs in enumerate(refs) if len(rs) > 1 for j in range(len(rs))]
            for new_hyps, new_refs in candidates:
                if calls >= budget:
                    break
                calls += 1
                self.report.shrink_calls += 1
                smaller, smaller_answer = self.compare(finding.options, new_hyps, new_refs)
                if isinstance(smaller, Finding) and smaller.status == finding.status:
                    finding, answer, changed = smaller, smaller_answer, True
                    break
        return finding, answer

    def _found(self, finding: Finding, answer) -> None:
        """Record a disagreement and raise it (for Hypothesis to shrink)."""
        self.last, self.last_answer = finding, answer
        if self.smallest is None or finding.size() < self.smallest.size():
            self.smallest, self.smallest_answer = finding, answer
        raise Disagreement(finding)

    def _restart(self) -> None:
        if self.report.restarts >= MAX_RESTARTS:
            raise _Stop(f"fuzzing stopped: the port was restarted {MAX_RESTARTS} times")
        self.report.restarts += 1
        try:
            self.port.restart()
        except PortError as exc:
            raise _Stop(f"fuzzing stopped: the port could not be restarted: {exc}") from None


def _trimmable(finding: Finding) -> bool:
    return (isinstance(finding.hyps, list) and isinstance(finding.refs, list) and len(finding.hyps) == len(finding.refs)
            and all(isinstance(rs, list) for rs in finding.refs))


def _inputs(metric: str, probed: ProbeResult | None = None):
    """The Hypothesis strategy of one example: (options, hyps, refs); values the port
    skips (``probed``) are replaced by accepted ones before the corpus is drawn, and the
    corpus's tied reference lengths are measured with the tokenizer finally used when the
    metric has one."""
    from hypothesis import strategies as st

    from ..core import get_metric
    from ..spec.tokenizers import TOKENIZERS
    from ..strategies import corpora, metric_options

    defaults = option_defaults(get_metric(metric))

    @st.composite
    def inputs(draw):
        options = draw(metric_options(metric))
        if probed is not None:
            options = probed.replace(options, draw)
        tokenize = {**defaults, **options}.get("tokenize")
        hyps, refs = draw(corpora(tokenize=tokenize if tokenize in TOKENIZERS else "13a"))
        return options, hyps, refs

    return inputs()


def check_arguments(metric: str, examples: int, seed: int, timeout: float) -> None:
    """FuzzUsageError for arguments the fuzzer cannot run with."""
    from ..core import metric_names

    if metric not in metric_names():
        raise FuzzUsageError(f"unknown metric {metric!r} (bleuprint has {', '.join(metric_names())})")
    from ..core import get_metric

    definition = get_metric(metric)
    if not definition.references or input_hooks(definition).segment_kind != "text":
        raise FuzzUsageError(f"the fuzzer draws text with references and shrinks them; {metric} scores "
                             f"{'hypotheses alone' if not definition.references else 'segments that are not text'}"
                             ", which it does not draw yet: check the port on the vector files (verify --port)")
    if isinstance(examples, bool) or not isinstance(examples, int) or examples < 1:
        raise FuzzUsageError(f"--examples takes a whole number >= 1, got {examples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise FuzzUsageError(f"--seed takes a whole number >= 0, got {seed!r}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise FuzzUsageError(f"--timeout takes a positive number of seconds, got {timeout!r}")


def fuzz_port(command: str, metric: str, examples: int = DEFAULT_EXAMPLES, seed: int = DEFAULT_SEED,
              timeout: float = DEFAULT_TIMEOUT, keep_drawn: bool = False) -> FuzzReport:
    """Fuzz the port ``command`` on ``metric`` (module doc). FuzzUsageError for bad
    arguments; PortError when the port cannot be started or does not answer ``start``;
    MetricNotListed when it does not list ``metric``; DefaultsSkipped when it skips the
    metric at its defaults (``probe``). With ``keep_drawn`` the report gets ``drawn``: the generated examples, in order (for reproducibility checks)."""
    check_arguments(metric, examples, seed, timeout)
    try:
        import hypothesis
        from hypothesis import HealthCheck, Phase, Verbosity, given, settings
        from hypothesis.errors import Flaky

        from ..strategies import without_local_constants
    except ImportError:
        raise FuzzUsageError("fuzzing needs Hypothesis: pip install 'bleuprint[test]'") from None
    from ..core import get_metric

    definition = get_metric(metric)
    report = FuzzReport(command, metric, examples, seed, float(timeout))
    started = time.perf_counter()
    port = Port(command, timeout)
    answer = None
    try:
        hello = port.start()
        report.hello = hello.describe()
        if metric not in hello.metrics:
            raise MetricNotListed(f"the port does not list metric {metric!r} (it lists: "
                                  f"{', '.join(hello.metrics) or 'none'})")
        report.probe = probe(port, definition)
        fuzzer = _Fuzzer(port, definition, report)

        @hypothesis.seed(seed)
        @settings(max_examples=examples, derandomize=False, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck), phases=(Phase.generate, Phase.shrink),
                  verbosity=Verbosity.quiet, report_multiple_bugs=False, print_blob=False)
        @given(_inputs(metric, report.probe))
        def one_example(example):
            fuzzer.check(*example)

        try:
            with without_local_constants():
                one_example()
        except Disagreement as exc:
            report.finding, answer = exc.finding, fuzzer.last_answer
            if exc.finding is not fuzzer.last:
                answer = None
        except _Stop as exc:
            report.notes.append(str(exc) + "; the smallest disagreement so far is shown")
            report.finding, answer = fuzzer.smallest, fuzzer.smallest_answer
        except Flaky:
            report.notes.append("the port answered the same input differently on a second try (flaky); "
                                "the last disagreement seen is shown")
            report.finding, answer = fuzzer.last, fuzzer.last_answer
        if report.finding is not None and _trimmable(report.finding):
            try:
                report.finding, answer = fuzzer.trim(report.finding, answer)
            except _Stop as exc:
                report.notes.append(str(exc) + " while trimming the minimal input")
        if keep_drawn:
            report.drawn = fuzzer.drawn
        finding = report.finding
        if finding is not None and finding.status == "failed" and answer is not None:
            try:
                diagnose(finding, answer, definition, fuzzer.answer_for, fuzzer.drawn)
            except _Stop as exc:
                report.notes.append(str(exc) + " while confirming the diagnosis")
    finally:
        status = port.close()
    if status not in (0, None):
        report.notes.append(f"the port exited with status {status} after stop")
    report.seconds = time.perf_counter() - started
    return report


__all__ = ["DEFAULT_EXAMPLES", "DEFAULT_SEED", "FUZZ_SCHEMA", "MAX_RESTARTS", "SCORE_TOLERANCE", "Finding",
           "FuzzReport", "FuzzUsageError", "DefaultsSkipped", "MetricNotListed", "check_arguments", "confirm",
           "diagnose", "fuzz_port", "further_inputs", "matching_mutants", "suspects"]
