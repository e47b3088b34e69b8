"""Run a pytest suite against every planted mutant and record the full kill matrix.

One pytest session, in-process. For each test item the plugin

1. runs the test normally, with every mutant target wrapped by a recorder, to learn which
   targets the test reaches (its coverage) and whether it passes on the real spec;
2. then, for each mutant whose targets the test reached, runs the test again with that
   mutant switched on (``switch.replaced``): a failure or error kills the mutant, a pass
   lets it survive. A test that does not reach a mutant's code cannot kill it.

Generated mutants (``bleuprint.mutants.generate``) carry the lines they change: for those
of a function body the baseline run also records the lines of the targets' files that
the test executes, and a test covers such a mutant only if it runs one of its lines (a
test that calls ``tokenize_13a`` but never reaches its entity branch cannot kill a mutant
of that branch, and is not run against it). The lines are traced only while a mutated
function runs. A mutant that changes only an error message is run only under the tests
in which its function raised; one that changes a parameter's default, only under those in
which a call left that parameter at its default. Mutants of tables, read at run time by
the functions they patch, are covered at the level of those functions.

Every test is run against every mutant it covers, not only until the first kill, so the
matrix shows all the tests that kill each mutant; with ``first_kill`` (what ``bleuprint
verify --with-mutants`` asks: only whether each mutant dies), a mutant already killed is not
run again, so its row names its first killer only and the run takes a fraction of the
time. Hypothesis tests should run under the
``mutants`` profile (few examples, no shrinking) to bound the time; the runner selects it.
"""

from __future__ import annotations

import inspect
import os
import sys
import time
from dataclasses import dataclass, field

import pytest

from .model import Mutant
from .switch import replaced, resolve

KILLED, SURVIVED, NOT_COVERED = "killed", "survived", "not covered"

#: Generated mutants whose coverage is that of their lines (module doc).
LINE_KINDS = ("code", "message")


@dataclass
class KillMatrix:
    """Results: ``cells[test_id][mutant_id]`` is killed / survived / not covered (for a
    generated mutant the cell is left out instead of "not covered": its matrix would
    otherwise be mostly that)."""

    mutants: list[Mutant]
    tests: list[str] = field(default_factory=list)
    test_files: dict = field(default_factory=dict)
    baseline_failures: list[str] = field(default_factory=list)
    cells: dict = field(default_factory=dict)
    seconds: float = 0.0
    #: Seconds spent per test (its normal run plus its runs under mutants).
    durations: dict = field(default_factory=dict)
    #: True when the run was stopped (SIGTERM to a worker): the matrix covers the tests run so far.
    interrupted: bool = False

    def killers(self, mutant_id: str) -> list[str]:
        return [t for t in self.tests if self.cells.get(t, {}).get(mutant_id) == KILLED]

    def covering(self, mutant_id: str) -> list[str]:
        return [t for t in self.tests if self.cells.get(t, {}).get(mutant_id) in (KILLED, SURVIVED)]

    def status(self, mutant_id: str) -> str:
        if self.killers(mutant_id):
            return KILLED
        return SURVIVED if self.covering(mutant_id) else NOT_COVERED

    @property
    def survivors(self) -> list[Mutant]:
        return [m for m in self.mutants if self.status(m.id) != KILLED]

    def to_dict(self) -> dict:
        return {
            "mutants": [
                {"id": m.id, "function": m.function, "fault": m.fault, "pitfall": m.pitfall,
                 "expected_killer": m.kills_it, "semantic": m.semantic, "status": self.status(m.id),
                 "killed_by": self.killers(m.id), "covered_by": self.covering(m.id),
                 **({"kind": m.kind, "location": list(m.location), "operator": m.operator, "diff": m.diff}
                    if m.location else {})}
                for m in self.mutants
            ],
            "tests": self.tests,
            "baseline_failures": self.baseline_failures,
            "matrix": self.cells,
            "seconds": round(self.seconds, 2),
            "interrupted": self.interrupted,
            "durations": {t: round(d, 3) for t, d in self.durations.items()},
        }


class KillMatrixPlugin:
    """The pytest plugin doing the work described in the module docstring."""

    def __init__(self, mutants: list[Mutant], first_kill: bool = False, shard: tuple | None = None):
        self.matrix = KillMatrix(mutants=list(mutants))
        self._shard = shard
        self._first_kill = first_kill
        self._killed: set = set()
        self._targets = sorted({t for m in mutants for t in m.targets})
        #: Per mutant of a function body: the (file, line) pairs it changes (module doc).
        self._lines: dict = {}
        for m in mutants:
            if m.location and m.kind in LINE_KINDS:
                path = inspect.getsourcefile(resolve(m.targets[0])[0])
                self._lines[m.id] = {(path, line) for line in range(m.location[1], m.location[3] + 1)}
        self._files = {path for lines in self._lines.values() for path, _ in lines}
        #: Per target: the (parameter, position) pairs whose default a mutant changes.
        self._defaults: dict = {}
        for m in mutants:
            if m.kind == "default" and getattr(m, "parameter", ""):
                function = resolve(m.targets[0])[2]
                names = list(inspect.signature(function).parameters)
                code = function.__code__
                index = names.index(m.parameter) if names.index(m.parameter) < code.co_argcount else None
                self._defaults.setdefault(m.targets[0], set()).add((m.parameter, index))

    def _line_tracer(self, executed: set):
        """A ``sys.settrace`` function recording the executed lines of the mutated files."""
        files = self._files

        def local(frame, event, arg):
            if event == "line":
                executed.add((frame.f_code.co_filename, frame.f_lineno))
            return local

        def calls(frame, event, arg):
            if frame.f_code.co_filename in files:
                return local
            return None
        return calls

    def _recorders(self, seen: dict):
        """Wrappers of every target recording, in ``seen``: the targets reached, those an
        exception left (``raised``: a message mutant matters only there), the parameters a
        call left at their default (``omitted``: a default mutant matters only there), and,
        while a target runs, the lines executed in the mutated files (tracing only inside the
        targets keeps the rest of the test at full speed)."""
        tracer = self._line_tracer(seen["executed"]) if self._files else None

        def factory_for(target):
            watched = self._defaults.get(target, ())

            def factory(original):
                def recorder(*args, **kwargs):
                    seen["reached"].add(target)
                    for name, index in watched:
                        if name not in kwargs and (index is None or index >= len(args)):
                            seen["omitted"].add((target, name))
                    start = tracer is not None and sys.gettrace() is None
                    if start:
                        sys.settrace(tracer)
                    try:
                        return original(*args, **kwargs)
                    except BaseException:
                        seen["raised"].add(target)
                        raise
                    finally:
                        if start:
                            sys.settrace(None)
                return recorder
            return factory
        return {target: factory_for(target) for target in self._targets}

    def _covers(self, mutant, seen: dict) -> bool:
        """Whether the test whose baseline recorded ``seen`` can kill ``mutant`` (module doc)."""
        if not seen["reached"].intersection(mutant.targets):
            return False
        if seen["untraced"]:
            return True
        lines = self._lines.get(mutant.id)
        if lines is not None and not lines & seen["executed"]:
            return False
        if mutant.kind == "message" and not seen["raised"].intersection(mutant.targets):
            return False
        if mutant.kind == "default" and getattr(mutant, "parameter", "") and \
                (mutant.targets[0], mutant.parameter) not in seen["omitted"]:
            return False
        return True

    @staticmethod
    def _call(item) -> None:
        """Call the test function with its fixtures, as pytest's own pyfunc call does."""
        arguments = {name: item.funcargs[name] for name in item._fixtureinfo.argnames}
        item.obj(**arguments)

    def _passes(self, item) -> bool | None:
        """True if the test passes, False if it fails or errors, None if it skips."""
        try:
            self._call(item)
        except pytest.skip.Exception:
            return None
        except (Exception, pytest.fail.Exception):  # Failed ("DID NOT RAISE") is a BaseException
            return False
        return True

    def pytest_collection_modifyitems(self, items):
        """With a shard ``(i, n)``, keep every n-th test from the i-th (``run_parallel``)."""
        if self._shard is not None:
            index, count = self._shard
            items[:] = items[index::count]

    @pytest.hookimpl(tryfirst=True)
    def pytest_pyfunc_call(self, pyfuncitem):
        """Replaces the normal call: baseline with coverage, then one run per covered mutant."""
        item = pyfuncitem
        test_id = item.nodeid
        started = time.perf_counter()
        seen = {"reached": set(), "executed": set(), "raised": set(), "omitted": set(),
                "untraced": sys.gettrace() is not None}  # another tracer (a debugger): functions only
        with replaced(self._recorders(seen)):
            baseline = self._passes(item)
        self.matrix.tests.append(test_id)
        self.matrix.test_files.setdefault(item.nodeid.split("::")[0], []).append(test_id)
        row = self.matrix.cells.setdefault(test_id, {})
        if baseline is None:
            pytest.skip("skipped on the real spec")
        if baseline is False:
            self.matrix.baseline_failures.append(test_id)
            self._call(item)  # fail the way pytest would report it
            return True
        for mutant in self.matrix.mutants:
            if not self._covers(mutant, seen):
                if mutant.location is None:  # generated mutants: an absent cell is "not covered"
                    row[mutant.id] = NOT_COVERED  # (hundreds of them times thousands of tests)
                continue
            if mutant.id in self._killed:  # first_kill: its first killer is known
                continue
            with replaced(mutant.patches):
                passes = self._passes(item)
            row[mutant.id] = SURVIVED if passes else KILLED
            if self._first_kill and not passes:
                self._killed.add(mutant.id)
        self.matrix.durations[test_id] = time.perf_counter() - started
        return True


class SuiteNotRun(RuntimeError):
    """pytest could not run the suite at all (a test file that cannot be imported, a usage
    error): there is no kill matrix to grade."""


#: What pytest's exit codes other than 0 (passed), 1 (failed) and 5 (no tests) mean.
PYTEST_EXIT = {2: "a test file could not be collected (pytest's report is above) or the run was interrupted",
               3: "pytest's internal error", 4: "pytest's usage error"}


def run(test_args: list[str], mutants: list[Mutant], quiet: bool = True, first_kill: bool = False,
        shard: tuple | None = None) -> KillMatrix:
    """Run pytest with ``test_args`` under every mutant; returns the kill matrix (with
    ``first_kill``, each mutant's first killer only: module doc; with ``shard=(i, n)``,
    only every n-th test from the i-th)."""
    os.environ.setdefault("HYPOTHESIS_PROFILE", "mutants")
    plugin = KillMatrixPlugin(mutants, first_kill, shard)
    started = time.perf_counter()
    args = list(test_args) + ["-p", "no:cacheprovider", "-p", "no:randomly"]
    if quiet:
        args += ["-q", "--no-header", "-p", "no:warnings"]
    code = pytest.main(args, plugins=[plugin])
    plugin.matrix.seconds = time.perf_counter() - started
    if code == 2 and plugin.matrix.tests:  # interrupted (a worker's SIGTERM): keep what was measured
        plugin.matrix.interrupted = True
        return plugin.matrix
    if code not in (0, 1, 5):  # usage or internal errors: the matrix would be meaningless
        raise SuiteNotRun(f"pytest could not run the suite (exit code {int(code)}: "
                          f"{PYTEST_EXIT.get(int(code), 'see its output above')})")
    return plugin.matrix


def matrix_from_dict(data: dict, mutants: list[Mutant]) -> KillMatrix:
    """Rebuild a matrix written by ``KillMatrix.to_dict`` (for the parallel workers)."""
    by_id = {m.id: m for m in mutants}
    matrix = KillMatrix(mutants=[by_id[m["id"]] for m in data["mutants"]])
    matrix.tests = list(data["tests"])
    matrix.baseline_failures = list(data["baseline_failures"])
    matrix.cells = {t: dict(row) for t, row in data["matrix"].items()}
    matrix.durations = dict(data.get("durations", {}))
    matrix.seconds = data["seconds"]
    matrix.interrupted = bool(data.get("interrupted", False))
    for test_id in matrix.tests:
        matrix.test_files.setdefault(test_id.split("::")[0], []).append(test_id)
    return matrix


def merge(parts: list[KillMatrix], mutants: list[Mutant], seconds: float) -> KillMatrix:
    """One matrix from workers that each ran the same tests against some of the mutants."""
    merged = KillMatrix(mutants=list(mutants), seconds=seconds)
    for part in parts:
        for test_id in part.tests:
            if test_id not in merged.cells:
                merged.tests.append(test_id)
                merged.test_files.setdefault(test_id.split("::")[0], []).append(test_id)
                merged.cells[test_id] = {}
            merged.cells[test_id].update(part.cells.get(test_id, {}))
            merged.durations[test_id] = merged.durations.get(test_id, 0.0) + part.durations.get(test_id, 0.0)
        merged.baseline_failures += [t for t in part.baseline_failures if t not in merged.baseline_failures]
        merged.interrupted = merged.interrupted or part.interrupted
    return merged


def run_parallel(test_args: list[str], mutants: list[Mutant], jobs: int, first_kill: bool = False,
                 split: str = "mutants") -> KillMatrix:
    """``run`` split over ``jobs`` worker processes. ``split="mutants"``: each worker takes
    every ``jobs``-th mutant and runs every test normally once, then against its own
    mutants. ``split="tests"``: each worker takes every ``jobs``-th test and runs it against
    every mutant it covers, so that each test's normal run (its coverage) is done once in
    all; what a large set of mutants with a large suite needs (the generated mutants), at
    the price, with ``first_kill``, of a mutant being run until its first killer in each
    worker."""
    import json
    import subprocess
    import sys
    import tempfile

    if jobs <= 1 or len(mutants) <= 1:
        return run(test_args, mutants, first_kill=first_kill)
    started = time.perf_counter()
    groups = [mutants[i::jobs] for i in range(jobs)] if split == "mutants" else [mutants] * jobs
    with tempfile.TemporaryDirectory() as folder:
        workers = []
        for i, group in enumerate(groups):
            out, log = f"{folder}/matrix{i}.json", open(f"{folder}/log{i}.txt", "w")
            command = [sys.executable, "-m", "bleuprint.mutants.worker", out, ",".join(m.id for m in group),
                       *(["--first-kill"] if first_kill else []),
                       *([f"--shard={i}/{jobs}"] if split == "tests" else []), "--", *test_args]
            workers.append((subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT), out, log))
        parts = []
        for process, out, log in workers:
            code = process.wait()
            log.close()
            if code != 0:
                raise RuntimeError(f"mutation worker failed (exit {code}):\n" + open(log.name).read()[-3000:])
            with open(out, encoding="utf-8") as handle:
                parts.append(matrix_from_dict(json.load(handle), mutants))
    return merge(parts, mutants, time.perf_counter() - started)
