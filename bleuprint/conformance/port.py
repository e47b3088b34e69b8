"""A port (any program speaking the port protocol, ``bleuprint.ports``) as an
implementation of a conformance run: every vector of the metrics it lists, sent through
the protocol exactly as ``bleuprint verify --port --vectors`` sends them, then a bounded
fuzz of each of those metrics (``bleuprint.ports.fuzz``, counted in examples)."""

from __future__ import annotations

from ..ports.cases import file_cases
from ..ports.process import Port
from ..ports.runner import run_cases
from .entry import make_entry
from .vectors import fault_flags, vector_class


def _cases(files: dict, metrics) -> tuple[list, dict, dict]:
    """The cases of ``files`` of the ``metrics``, with ``{case id: class}`` and
    ``{case id: fault flags}``."""
    cases, classes, faults = [], {}, {}
    for name, document in files.items():
        if document.get("metric") not in metrics:
            continue
        flags = fault_flags(document)
        tests = {f"{name}#{t['tcId']}": t for g in document["testGroups"] for t in g["tests"]}
        for case in file_cases(name, document):
            cases.append(case)
            classes[case.id] = vector_class(tests[case.id])
            faults[case.id] = [f for f in case.flags if f in flags]
    return cases, classes, faults


def finding_faults(finding: dict | None) -> list[str]:
    """The ids of the faults a fuzz finding names: its planted mutants and, where the
    diagnosis names them, its port faults (each ``{"id", ...}`` or an id)."""
    ids = []
    for key in ("mutants", "portFaults", "faults"):
        for item in (finding or {}).get(key) or []:
            found = item.get("id") if isinstance(item, dict) else item
            if isinstance(found, str) and found not in ids:
                ids.append(found)
    return ids


def fuzz_metric(command: str, metric: str, examples: int, seed: int, timeout: float) -> tuple[dict | None, str]:
    """The fuzz of one metric: ``({"examples", "seed", "ran", "skipped", "finding",
    "faults", "replay"}, "")``, or ``(None, why not)``."""
    from ..ports.fuzz import FuzzUsageError, fuzz_port
    from ..ports.probe import DefaultsSkipped
    from ..ports.protocol import PortError

    try:
        report = fuzz_port(command, metric, examples=examples, seed=seed, timeout=timeout)
    except (FuzzUsageError, DefaultsSkipped) as exc:
        return None, f"not fuzzed: {exc}"
    except PortError as exc:
        return None, f"not fuzzed: the port failed: {exc}"
    finding = report.finding.describe() if report.finding is not None else None
    faults = finding_faults(finding)
    return {"examples": examples, "seed": seed, "ran": report.ran, "skipped": report.skipped,
            "finding": finding, "faults": faults, "replay": report.replay_command()}, ""


def run_port(command: str, files: dict, examples: int, seed: int, timeout: float) -> dict:
    """The implementation's JSON (``implementation`` in the schema) with its entries, one
    per metric it lists that the vectors cover. PortError when it cannot be started."""
    port = Port(command, timeout)
    try:
        hello = port.start()
        covered = sorted({d["metric"] for d in files.values() if d.get("metric") in hello.metrics},
                         key=hello.metrics.index)
        cases, classes, faults = _cases(files, covered)
        report = run_cases(port, cases)
    finally:
        port.close()
    entries = []
    for metric in covered:
        outcomes = [{"id": o.case.id, "class": classes[o.case.id], "status": o.status,
                     "detail": o.difference or o.detail, "flags": list(o.case.flags), "faults": faults[o.case.id]}
                    for o in report.outcomes if o.case.metric == metric]
        fuzz, note = (None, "not fuzzed: --examples 0") if examples == 0 else \
            fuzz_metric(command, metric, examples, seed, timeout)
        entries.append(make_entry(metric, "", {}, outcomes, fuzz, notes=[note] if note else []))
    unlisted = [name for name in hello.metrics if name not in covered]
    return {"kind": "port", "name": hello.name, "language": hello.language, "version": hello.version,
            "source": command, "entries": entries,
            "notes": [f"listed but no vector of it was run: {', '.join(unlisted)}"] if unlisted else []}
