"""A port as a running process: start COMMAND, send requests, read answers with a timeout.

``Port(command, timeout)`` splits COMMAND with ``shlex.split`` (no shell), starts it with
pipes on its standard input and output (bytes, decoded here as UTF-8 line by line, so that
a line that is not UTF-8 is reported, not a crash) and its standard error inherited
(passed through to the user). A reader thread moves each output line into a queue, so a
request waits at most ``timeout`` seconds for its answer (the hello at least
``START_TIMEOUT``).

Every way a port can go wrong ends in a ``PortError`` whose message says what happened:
the command cannot be started, the port exited (with its status) before answering, it
did not answer in time (``PortTimeout``), or it printed a line that is not an answer
(``ProtocolError``). After any of these the process is in an unknown state; ``restart``
kills it and starts a fresh one.
"""

from __future__ import annotations

import queue
import shlex
import subprocess
import threading
import time

from .protocol import (Answer, Hello, PortError, ProtocolError, check_answer, check_hello, decode, encode,
                       run_message, start_message, stop_message)

#: Seconds a request waits for its answer unless told otherwise.
DEFAULT_TIMEOUT = 10.0
#: The least time the hello is awaited: starting an interpreter or a JVM is not the time a
#: port takes to answer, and a loaded machine can take seconds for it.
START_TIMEOUT = 30.0

_EOF = object()


class PortTimeout(PortError):
    """The port did not answer a request within the timeout."""


def split_command(command: str) -> list[str]:
    """COMMAND as an argument list (``shlex.split``); PortError when it cannot be split or
    is empty."""
    if not isinstance(command, str):
        raise TypeError(f"the port command must be a str, got {type(command).__name__}")
    try:
        args = shlex.split(command)
    except ValueError as exc:
        raise PortError(f"cannot split the port command {command!r}: {exc}") from None
    if not args:
        raise PortError("the port command is empty")
    return args


class Port:
    """One port process speaking protocol 1 (module doc). ``start()`` launches it and
    returns its ``Hello``; ``run(...)`` sends one case and returns its ``Answer``;
    ``close()`` sends ``stop`` and waits for the exit."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT):
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
            raise ValueError(f"the timeout must be a positive number of seconds, got {timeout!r}")
        self.command = command
        self.args = split_command(command)
        self.timeout = float(timeout)
        self.hello: Hello | None = None
        self.starts = 0
        self._process: subprocess.Popen | None = None
        self._lines: queue.Queue | None = None
        self._seq = 0

    # -- the process ------------------------------------------------------------------------

    def _launch(self) -> None:
        try:
            self._process = subprocess.Popen(self.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=None, bufsize=0)
        except FileNotFoundError:
            raise PortError(f"cannot start the port: no such program {self.args[0]!r}") from None
        except PermissionError:
            raise PortError(f"cannot start the port: {self.args[0]!r} is not executable") from None
        except OSError as exc:
            raise PortError(f"cannot start the port {self.args[0]!r}: {exc.strerror or exc}") from None
        self.starts += 1
        self._lines = queue.Queue()
        threading.Thread(target=_read_lines, args=(self._process.stdout, self._lines), daemon=True,
                         name="bleuprint-port-reader").start()

    def start(self) -> Hello:
        """Launch the port and shake hands; PortError when it does not answer ``start``
        with a protocol-1 hello."""
        self._launch()
        self.hello = check_hello(self._request(start_message(), "start", max(self.timeout, START_TIMEOUT)))
        return self.hello

    def restart(self) -> Hello:
        """Kill the port (its state is unknown after an error) and start it again."""
        self.kill()
        return self.start()

    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def kill(self) -> None:
        if self._process is None:
            return
        if self._process.poll() is None:
            self._process.kill()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process that ignores SIGKILL
            pass
        # stdout is the reader thread's to close (at its end of file): closing it here, while
        # the thread may be inside a read, frees its descriptor for the next process's pipe,
        # and the old thread's read then takes the new port's first bytes.
        try:
            self._process.stdin.close()
        except OSError:
            pass
        self._process = None

    def close(self) -> int | None:
        """Send ``stop`` and wait up to the timeout for the port to exit (then kill it);
        returns its exit status (None when it had to be killed or never ran)."""
        if self._process is None:
            return None
        status = None
        try:
            self._write(stop_message())
            status = self._process.wait(timeout=self.timeout)
        except (PortError, subprocess.TimeoutExpired):
            status = None
        self.kill()
        return status

    # -- requests ---------------------------------------------------------------------------

    def run(self, metric: str, options: dict, hyps: list, refs: list) -> Answer:
        """Send one ``run`` request and return the port's checked answer."""
        self._seq += 1
        seq = self._seq
        message = run_message(seq, metric, options, hyps, refs)
        return check_answer(self._request(message, f"run seq {seq}"), seq)

    def _write(self, message: dict) -> None:
        if not self.alive():
            raise PortError(self._exited("before the request was sent"))
        try:
            self._process.stdin.write(encode(message))
            self._process.stdin.flush()
        except (BrokenPipeError, ConnectionResetError, ValueError, OSError):
            raise PortError(self._exited("without reading its input")) from None

    def _request(self, message: dict, what: str, timeout: float | None = None) -> dict:
        timeout = self.timeout if timeout is None else timeout
        self._write(message)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                raise PortTimeout(f"the port did not answer {what} within {timeout:g} s") from None
            if line is _EOF:
                raise PortError(self._exited(f"before answering {what}"))
            if isinstance(line, OSError):
                raise PortError(f"reading the port's output failed: {line}")
            if not line.strip():
                continue  # an empty line is not an answer; the protocol ignores it
            try:
                return decode(line)
            except ProtocolError as exc:
                raise ProtocolError(f"{exc} (in answer to {what})") from None

    def _exited(self, when: str) -> str:
        status = None
        if self._process is not None:
            try:
                status = self._process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                return f"the port closed its output {when}"
        if status is None:
            return f"the port is not running ({when})"
        if status < 0:
            return f"the port was killed by signal {-status} {when}"
        return f"the port exited with status {status} {when}"

    def __enter__(self) -> "Port":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _read_lines(stream, lines: queue.Queue) -> None:
    """The reader thread: every line of ``stream`` (bytes) into ``lines``, then the end;
    it closes ``stream`` itself when done (``Port.kill``)."""
    try:
        for line in iter(stream.readline, b""):
            lines.put(line)
    except (OSError, ValueError) as exc:
        lines.put(OSError(str(exc)))
    finally:
        try:
            stream.close()
        except OSError:
            pass
    lines.put(_EOF)
