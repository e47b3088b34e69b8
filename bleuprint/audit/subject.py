"""What ``bleuprint audit`` audits: a *subject*, one library's implementation of one metric.

A ``Subject`` says what is called (``call``), on which scale it answers (``scale``), which
bleuprint configuration it claims to be (``metric`` and ``options``) and how to call it
(``score(hyps, refs)`` in bleuprint's layout: ``refs[i]`` are the references of
``hyps[i]``). Adapters (``bleuprint.audit.adapters``) build subjects for known libraries;
``subject_from_callable`` makes any Python function one, ``subject_from_port`` any program
speaking the port protocol (``bleuprint.ports``).

A subject may also give per-segment statistics (``stats``, a port does): the audit then
names the first differing statistic instead of "score only".
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from ..core.options import check_option_names, find_option, option_defaults

LEVELS = ("corpus", "sentence")


class LibraryPanic(RuntimeError):
    """A library failed with an exception that is not an ``Exception``: a Rust panic
    through PyO3 (``pyo3_runtime.PanicException``, bleuscore's on an empty hypothesis)
    derives from ``BaseException``. A subject raises this in its place, so that every
    caller that reports a library's failure as a finding reports this one too, instead
    of ending in its traceback."""


def _guarded(function: Callable) -> Callable:
    """``function`` whose ``BaseException`` other than an interrupt or an exit is raised
    as ``LibraryPanic`` (the original chained)."""
    if getattr(function, "_guarded", False):
        return function

    @functools.wraps(function)
    def guarded(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except (Exception, KeyboardInterrupt, SystemExit, GeneratorExit):
            raise
        except BaseException as exc:
            raise LibraryPanic(f"{type(exc).__name__}: {exc}") from exc

    guarded._guarded = True
    return guarded


class NotInstalled(Exception):
    """The library is not installed here; ``.pip`` is the command that installs it
    ("pip install nltk==3.10.4")."""

    def __init__(self, library: str, pip: str):
        super().__init__(f"{library} is not installed: {pip}")
        self.library = library
        self.pip = pip


@dataclass(frozen=True)
class Subject:
    """One library x metric to audit (module doc)."""

    library: str
    version: str
    metric: str
    call: str
    level: str
    scale: float
    options: dict
    score: Callable = field(compare=False, repr=False)
    max_refs: int | None = None
    min_refs: int = 1
    notes: str = ""
    name: str = ""
    #: Optional: stats(hyps, refs) -> per-segment statistic rows (bleuprint's layout) or None.
    stats: Callable | None = field(default=None, compare=False, repr=False)
    #: The command-line words that name this subject to ``bleuprint audit`` (a replay):
    #: an adapter's name, a quoted callable (and ``--swap``), ``--port 'COMMAND'``; "" unknown.
    target: str = ""
    #: Two scores are the same within this relative tolerance (None: the audit's 1e-9,
    #: ``classify.TOLERANCE``): a library computing in float32 declares its rounding (its
    #: adapter says why), so that only differences beyond it are classes.
    tolerance: float | None = None
    #: Optional: the library's own stop-word list, read by its adapter from the installed
    #: package at audit time (never copied into bleuprint): the audit variant v12 removes
    #: these words (``bleuprint.audit.variants``).
    stop_words: frozenset | None = None

    def __post_init__(self) -> None:
        from ..core import get_metric

        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {self.level!r}")
        if isinstance(self.scale, bool) or not isinstance(self.scale, (int, float)) or not self.scale > 0:
            raise ValueError(f"scale must be a positive number (1.0 or 100.0), got {self.scale!r}")
        if not isinstance(self.options, dict):
            raise TypeError(f"options must be a dict, got {type(self.options).__name__}")
        if self.tolerance is not None and (isinstance(self.tolerance, bool) or not isinstance(
                self.tolerance, (int, float)) or not 0 <= self.tolerance < 1):
            raise ValueError(f"tolerance must be None or a number in [0, 1), got {self.tolerance!r}")
        definition = get_metric(self.metric)  # ValueError/KeyError for an unknown metric name
        check_option_names(definition, self.options)
        for key, value in self.options.items():
            find_option(definition, key).check(value)
        if self.max_refs is not None and self.max_refs < self.min_refs:
            raise ValueError(f"max_refs ({self.max_refs}) is below min_refs ({self.min_refs})")
        if self.stop_words is not None and (isinstance(self.stop_words, str) or not all(
                isinstance(w, str) for w in self.stop_words)):
            raise TypeError("stop_words must be a collection of strings")
        if self.stop_words is not None:
            object.__setattr__(self, "stop_words", frozenset(self.stop_words))
        if not callable(self.score):
            raise TypeError("score must be callable")
        object.__setattr__(self, "score", _guarded(self.score))
        if self.stats is not None:
            object.__setattr__(self, "stats", _guarded(self.stats))
        if not self.name:
            object.__setattr__(self, "name", f"{self.library}:{self.metric}")

    @property
    def full_options(self) -> dict:
        """Every option of the metric: its defaults updated by ``options``."""
        from ..core import get_metric

        return {**option_defaults(get_metric(self.metric)), **self.options}


def _load_function(spec: str) -> tuple[Callable, str]:
    """``path/to/file.py:function`` or ``module:function`` -> (the function, its module's name)."""
    if not isinstance(spec, str) or ":" not in spec:
        raise ValueError(f"expected path/to/file.py:function or module:function, got {spec!r}")
    where, _, name = spec.rpartition(":")
    if not where or not name.isidentifier():
        raise ValueError(f"expected path/to/file.py:function or module:function, got {spec!r}")
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where)
        if not path.is_file():
            raise ValueError(f"no such file: {where}")
        module_name = f"bleuprint_audit_target_{abs(hash(str(path.resolve())))}"
        loader_spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[module_name] = module
        try:
            loader_spec.loader.exec_module(module)
        except Exception as exc:  # the user's file: any failure is reported in one line
            del sys.modules[module_name]
            raise ValueError(f"cannot import {where}: {type(exc).__name__}: {exc}") from None
        label = path.stem
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise ValueError(f"cannot import module {where!r}: {exc}") from None
        label = where
    function = getattr(module, name, None)
    if not callable(function):
        raise ValueError(f"{where} has no function {name!r}")
    return function, label


def _number(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:
            value = float(value)  # numpy scalars, Fractions, 0-d tensors
        except (TypeError, ValueError):
            raise TypeError(f"{what} returned {type(value).__name__}, not a number") from None
    return float(value)


def subject_from_callable(spec: str, metric: str, scale: float = 100.0, level: str = "corpus",
                          options: dict | None = None, swap: bool = False) -> Subject:
    """Any Python function as a subject (``spec`` is ``path/to/file.py:function`` or
    ``module:function``). Level ``sentence``: ``function(hypothesis, references) -> float``
    (``swap``: ``function(references, hypothesis)``), called on one segment only; level
    ``corpus``: ``function(hyps, refs) -> float`` (``swap``: ``function(refs, hyps)``)."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {level!r}")
    function, label = _load_function(spec)

    if level == "sentence":
        def score(hyps, refs):
            if len(hyps) != 1:
                raise ValueError("a sentence-level subject scores one segment at a time")
            args = (list(refs[0]), hyps[0]) if swap else (hyps[0], list(refs[0]))
            return _number(function(*args), spec)
    else:
        def score(hyps, refs):
            args = ([list(r) for r in refs], list(hyps)) if swap else (list(hyps), [list(r) for r in refs])
            return _number(function(*args), spec)

    order = "(references, hypothesis)" if swap and level == "sentence" else \
        "(hypothesis, references)" if level == "sentence" else "(refs, hyps)" if swap else "(hyps, refs)"
    module = sys.modules.get(getattr(function, "__module__", ""), None)
    version = str(getattr(module, "__version__", "")) or "local"
    target = shlex.quote(spec) + (" --swap" if swap else "")
    return Subject(library=label, version=version, metric=metric, call=f"{spec}{order}", level=level,
                   scale=float(scale), options=dict(options or {}), score=score,
                   notes=f"called as {getattr(function, '__name__', 'function')}{order}", target=target)


def subject_from_port(command: str, metric: str, options: dict | None = None, timeout: float = 10.0) -> Subject:
    """A program speaking the port protocol as a subject: its score (on bleuprint's scale)
    and its per-segment statistics. The port is started now (PortError when it cannot be,
    or does not implement ``metric``) and stays running for the process's lifetime."""
    import atexit

    from ..core import get_metric
    from ..ports.process import Port
    from ..ports.protocol import PortError, full_options

    definition = get_metric(metric)
    options = dict(options or {})
    port = Port(command, timeout=timeout)
    hello = port.start()
    atexit.register(port.close)
    if metric not in hello.metrics:
        port.close()
        raise PortError(f"the port {hello.name} does not implement {metric} (it lists {', '.join(hello.metrics)})")
    sent = full_options(definition, options)
    last: dict = {}

    def answer(hyps, refs):
        key = (tuple(hyps), tuple(tuple(r) for r in refs))
        if last.get("key") == key:
            return last["answer"]
        try:
            result = port.run(metric, sent, list(hyps), [list(r) for r in refs])
        except PortError:
            port.restart()
            raise
        if result.kind != "score":
            raise ValueError(f"the port answered {result.kind}: {result.message}")
        last.update(key=key, answer=result)
        return result

    def score(hyps, refs):
        return answer(hyps, refs).score

    def stats(hyps, refs):
        return answer(hyps, refs).stats

    return Subject(library=hello.name, version=hello.version, metric=metric,
                   call=f"port {command!r} ({hello.language})", level="corpus", scale=float(definition.scale),
                   options=options, score=score, stats=stats, notes="the port protocol, version 1",
                   name=f"{hello.name}:{metric}", target=f"--port {command!r}")


