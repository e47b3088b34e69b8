"""``conformance(...)``: what ``bleuprint conformance`` does (``docs/how-to/conformance.md``).

1. Each port is started once to learn the metrics it lists; each library adapter is
   loaded (one missing here is reported as not installed, with its pip command).
2. The vectors: read from ``vectors`` (an exported directory), else built now for the
   metrics those implementations cover (with the mutation pass's flags; a metric whose
   data is missing here is left out with a note).
3. Every implementation runs its vectors and a fuzz of ``examples`` examples per entry
   (``port``, ``library``); the report folder is written (``report.write``).
"""

from __future__ import annotations

from datetime import datetime, timezone

from . import report as report_module
from .library import run_library
from .port import run_port


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _port_metrics(command: str, timeout: float) -> list[str]:
    from ..ports.process import Port

    port = Port(command, timeout)
    try:
        return list(port.start().metrics)
    finally:
        port.close()


def conformance(out, ports=(), libraries=(), vectors=None, examples: int = 100, seed: int = 0,
                timeout: float = 10.0, progress=None, generated: str | None = None) -> dict:
    """Run every port command of ``ports`` and built-in adapter of ``libraries`` (module
    doc) and write the report folder ``out``; returns the report. ValueError for an
    unreadable vector directory or an unknown adapter; OSError when ``out`` cannot be
    written."""
    from ..audit.adapters import load
    from ..audit.subject import NotInstalled
    from ..core import metric_names
    from ..ports.protocol import PortError
    from ..vectors.build import missing_resources
    from .vectors import build, fault_notes, read_directory

    say = progress or (lambda text: None)
    generated = generated or now()
    wanted, not_installed, not_started, usable_ports, usable_libraries = [], [], [], [], []
    for command in ports:
        try:
            wanted += _port_metrics(command, timeout)
            usable_ports.append(command)
        except PortError as exc:
            not_started.append({"source": command, "error": str(exc)})
    for target in libraries:
        try:
            wanted += [subject.metric for subject in load(target)]
            usable_libraries.append(target)
        except NotInstalled as exc:
            not_installed.append({"name": target, "pip": exc.pip})
    metrics = [name for name in metric_names() if name in wanted and not missing_resources(name)]
    if vectors is not None:
        files, source = read_directory(vectors), str(vectors)
    elif metrics:
        say(f"building the vectors of {', '.join(metrics)}")
        files, source = build(metrics), "built by this run (bleuprint vectors export --metric ...)"
    else:
        files, source = {}, "none: no implementation lists a metric bleuprint has vectors of"
    implementations = []
    for command in usable_ports:
        say(f"port {command}")
        try:
            implementations.append(run_port(command, files, examples, seed, timeout))
        except PortError as exc:
            not_started.append({"source": command, "error": str(exc)})
    for target in usable_libraries:
        say(f"library {target}")
        implementations.append(run_library(target, files, examples, seed))
    data = report_module.document(generated, report_module.vectors_summary(files, source), examples, seed,
                                  implementations, not_installed, not_started, fault_notes(files))
    report_module.write(out, data)
    return data
