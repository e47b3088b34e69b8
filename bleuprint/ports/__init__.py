"""Verifying ports: programs in other languages that compute bleuprint's metrics.

* ``protocol``: port protocol version 1, the JSON-lines messages (``docs/port-protocol.md``);
* ``process``: a port as a running process (``Port``), with a timeout per request;
* ``runner``: cases sent through a port and compared with the expected values, and the
  report (by file and by flag);
* ``cases``: the cases, built in memory from the registry or read from vector files.

``verify_port(command, ...)`` is what ``bleuprint verify --port COMMAND`` runs.
"""

from __future__ import annotations

from .process import DEFAULT_TIMEOUT, Port, PortTimeout
from .protocol import PROTOCOL_VERSION, PortError, ProtocolError
from .runner import SCORE_TOLERANCE, Case, Outcome, Report, run_cases


def verify_port(command: str, vectors=None, timeout: float = DEFAULT_TIMEOUT) -> tuple[Report, list[str]]:
    """Start the port ``command``, send it every case (from the vector directory
    ``vectors``, else built from the registry for the metrics it lists), stop it; returns
    the report and notes. The names the port lists that bleuprint has no metric of are the
    report's ``unknown_metrics`` (they fail it). PortError when the port cannot be started
    or does not answer ``start``; ValueError for a bad vector directory."""
    from .cases import builtin_cases, unknown_metrics, vector_cases

    port = Port(command, timeout)
    try:
        hello = port.start()
        if vectors is not None:
            cases, notes = vector_cases(vectors), []
        else:
            cases, notes = builtin_cases(hello.metrics)
        if not cases:
            notes.append("no case to send: the port lists none of bleuprint's metrics")
        report = run_cases(port, cases)
    finally:
        status = port.close()
    report.command = command
    report.unknown_metrics = unknown_metrics(hello.metrics)
    if status not in (0, None):
        notes.append(f"the port exited with status {status} after stop")
    elif status is None and port.starts:
        notes.append("the port did not exit after stop: it was killed")
    return report, notes


__all__ = ["DEFAULT_TIMEOUT", "PROTOCOL_VERSION", "SCORE_TOLERANCE", "Case", "Outcome", "Port", "PortError",
           "PortTimeout", "ProtocolError", "Report", "run_cases", "verify_port"]
