"""Port protocol version 1: the messages between ``bleuprint verify --port`` and a port.

A *port* is a program in any language that computes bleuprint's metrics. bleuprint starts
it and speaks JSON lines with it: UTF-8, one JSON object per line, on the port's standard
input (requests) and standard output (answers); the port's standard error is passed
through to the user. The full description, with a harness to copy, is
``docs/port-protocol.md``. This module builds the requests and checks the answers; it
does no input or output (``bleuprint.ports.process`` does).

Requests:

* ``{"cmd": "start", "protocol": 1}``, answered by
  ``{"protocol": 1, "implementation": {"name", "language", "version"}, "metrics": [...]}``;
* ``{"cmd": "run", "seq": N, "metric": M, "options": {...}, "hyps": [...], "refs": [[...], ...]}``
  with every option of the metric written out (no implicit defaults) and ``refs[i]`` the
  references of ``hyps[i]``; answered by ``{"seq": N, "score": X}`` (optionally with
  ``"stats"``: one row per segment, and ``"parts"``: named values; a number the port
  could not write in JSON, NaN or Infinity, may come as ``NaN``/``Infinity`` or as
  ``null``, and fails the case), or
  ``{"seq": N, "error": "message"}`` (the port refuses the input), or
  ``{"seq": N, "skipped": true, "message": "..."}`` (an option or metric it does not
  implement);
* ``{"cmd": "stop"}``, not answered: the port exits.

An answer that breaks these rules raises ``ProtocolError``, whose message says what was
wrong in words a port author can act on. Keys the protocol does not name are ignored (a
later protocol version may add some).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from ..core.options import check_option_names, option_defaults

#: The protocol version this module speaks.
PROTOCOL_VERSION = 1

#: Longest excerpt of a bad line quoted in a message.
_QUOTE = 120


class PortError(Exception):
    """A port that did not keep the protocol: it could not be started, exited, hung, or
    printed something that is not an answer. The message is meant for the user as is."""


class ProtocolError(PortError):
    """An answer line that is not a JSON object of the expected shape."""


@dataclass(frozen=True)
class Hello:
    """The port's answer to ``start``."""

    name: str
    language: str
    version: str
    metrics: tuple

    def describe(self) -> dict:
        return {"name": self.name, "language": self.language, "version": self.version,
                "metrics": list(self.metrics)}


@dataclass(frozen=True)
class Answer:
    """The port's answer to one ``run``: ``kind`` is ``score``, ``error`` or ``skipped``."""

    seq: int
    kind: str
    score: float | None = None
    stats: list | None = None
    parts: dict | None = None
    message: str = ""
    raw: dict = field(default_factory=dict, compare=False)


def quote(line: str) -> str:
    """``line`` shortened for a message."""
    return repr(line if len(line) <= _QUOTE else line[:_QUOTE] + "...")


def start_message() -> dict:
    return {"cmd": "start", "protocol": PROTOCOL_VERSION}


def stop_message() -> dict:
    return {"cmd": "stop"}


def run_message(seq: int, metric: str, options: dict, hyps: list, refs: list) -> dict:
    """The ``run`` request; ``options`` must already hold every option of the metric
    (``full_options``); ``hyps`` and ``refs`` are sent as they are."""
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise TypeError(f"seq must be an int, got {type(seq).__name__}")
    if not isinstance(options, dict):
        raise TypeError(f"options must be a dict, got {type(options).__name__}")
    # hyps and refs are sent as given: a case of input that must be refused may have any
    # JSON value there (a string for a list, a list of the wrong length).
    return {"cmd": "run", "seq": seq, "metric": metric, "options": dict(options), "hyps": hyps, "refs": refs}


def full_options(definition, options: dict) -> dict:
    """Every option of the metric ``definition`` (a ``bleuprint.core.Metric``): its
    defaults updated by ``options``, in the metric's order (TypeError for an option it
    does not have)."""
    check_option_names(definition, options)
    return {**option_defaults(definition), **options}


def encode(message: dict) -> bytes:
    """One request as a line of UTF-8 (non-ASCII text written as is, not escaped)."""
    return (json.dumps(message, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")


def decode(raw: bytes) -> dict:
    """One answer line (bytes, newline included or not) as a dict; ProtocolError when it
    is not UTF-8, not JSON, or not a JSON object."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolError(f"the port printed a line that is not UTF-8 ({exc.reason} at byte {exc.start}): "
                            f"{quote(raw.decode('utf-8', 'replace'))}") from None
    line = line.rstrip("\r\n")
    try:
        value = json.loads(line)
    except ValueError:
        raise ProtocolError(f"the port printed a line that is not JSON: {quote(line)}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"the port printed JSON that is not an object (one object per line): {quote(line)}")
    return value


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_hello(message: dict) -> Hello:
    """The answer to ``start``, checked (ProtocolError naming the first problem)."""
    if message.get("protocol") != PROTOCOL_VERSION:
        raise ProtocolError(f"the port answered start with protocol {message.get('protocol')!r}; "
                            f"bleuprint speaks protocol {PROTOCOL_VERSION}")
    implementation = message.get("implementation")
    if not isinstance(implementation, dict):
        raise ProtocolError("the answer to start needs \"implementation\": an object with name, language, version")
    values = {}
    for key in ("name", "language", "version"):
        value = implementation.get(key)
        if not isinstance(value, str) or not value:
            raise ProtocolError(f"the answer to start needs implementation.{key}: a non-empty string, got {value!r}")
        values[key] = value
    metrics = message.get("metrics")
    if not isinstance(metrics, list) or not all(isinstance(m, str) for m in metrics):
        raise ProtocolError(f"the answer to start needs \"metrics\": a list of metric names, got {metrics!r}")
    return Hello(metrics=tuple(metrics), **values)


def check_answer(message: dict, seq: int) -> Answer:
    """The answer to ``run`` number ``seq``, checked: exactly one of ``score``, ``error``
    and ``skipped``, with the types the protocol gives them (ProtocolError otherwise)."""
    if message.get("seq") != seq or isinstance(message.get("seq"), bool):
        raise ProtocolError(f"the answer to run seq {seq} has seq {message.get('seq')!r} "
                            "(answers come in order, each with its request's seq)")
    kinds = [key for key in ("score", "error", "skipped") if key in message]
    if len(kinds) != 1:
        raise ProtocolError(f"the answer to run seq {seq} must have exactly one of score, error, skipped; "
                            f"it has {', '.join(kinds) or 'none'}")
    kind = kinds[0]
    if kind == "error":
        if not isinstance(message["error"], str):
            raise ProtocolError(f"seq {seq}: \"error\" must be a string (the message), got {message['error']!r}")
        return Answer(seq, "error", message=message["error"], raw=message)
    if kind == "skipped":
        text = message.get("message", "")
        if message["skipped"] is not True or not isinstance(text, str):
            raise ProtocolError(f"seq {seq}: a skip is \"skipped\": true with an optional string \"message\"")
        return Answer(seq, "skipped", message=text, raw=message)
    score = message["score"]
    # null is a number the port could not write: JSON has no NaN or Infinity, and JSON
    # writers such as JavaScript's JSON.stringify write them as null. It is the port's
    # answer (a wrong one: the case fails, saying so), not a broken protocol.
    if score is not None and not _is_number(score):
        raise ProtocolError(f"seq {seq}: \"score\" must be a number, got {score!r}")
    stats = message.get("stats")
    if stats is not None and not (isinstance(stats, list) and all(
            isinstance(row, list) and all(x is None or _is_number(x) for x in row) for row in stats)):
        raise ProtocolError(f"seq {seq}: \"stats\" must be a list of rows of numbers (one row per segment)")
    parts = message.get("parts")
    if parts is not None and not isinstance(parts, dict):
        raise ProtocolError(f"seq {seq}: \"parts\" must be an object of named values")
    return Answer(seq, "score", score=None if score is None else float(score), stats=stats, parts=parts,
                  raw=message)
