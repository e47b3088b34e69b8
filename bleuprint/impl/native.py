"""The compiled kernels of ``bleuprint.impl``, or None where they are not available.

Three C extension modules (sources in ``bleuprint/impl/csrc/``, built by ``pip install``
through ``setup.py``) do the per-token loops that numpy cannot vectorise well:

* ``ngrams``: token ids of a tokenized corpus and clipped n-gram matches (BLEU, chrF);
* ``ter``: Tercom's shift search and banded edit distance;
* ``resample``: sacreBLEU's bootstrap indices drawn and summed without materialising them.

They compute the same numbers as the numpy code they replace, which stays as the
fallback: the build is optional (no C compiler, no kernels), and ``BLEUPRINT_NO_NATIVE=1``
switches them off, which the test suite uses to check the numpy paths as well. Callers
read the attributes of this module at call time, so a test can also set one to None.
Trust comes from the differential tests against ``bleuprint.spec``, as for all of impl.

Threads: the kernels release the GIL in their loops, so work that splits into
independent parts (sentences for the n-gram matches, resamples for the sums, the index
draws while the statistics are computed) runs on ``THREADS`` threads at once
(``run_parallel``, ``Background``). A split never changes a number: every part computes
exactly what the whole would for its rows (the tests run both ways).
"""

from __future__ import annotations

import importlib
import os
import threading

import numpy as np

__all__ = ["CHUNK_CHARS", "DISABLED", "THREADS", "Background", "available", "line_chunks", "ngrams", "resample",
           "ngram_matches", "run_parallel", "split_points", "ter"]

#: True when the environment asks for the numpy code only.
DISABLED = os.environ.get("BLEUPRINT_NO_NATIVE", "") not in ("", "0")


def _load(name: str):
    if DISABLED:
        return None
    try:
        return importlib.import_module(f"bleuprint.impl.{name}")
    except ImportError:
        return None


ngrams = _load("_ngrams")
ter = _load("_terkernel")
resample = _load("_resample")


def available() -> dict[str, bool]:
    """Which kernels are loaded (for ``bleuprint verify`` and the benchmarks)."""
    return {"ngrams": ngrams is not None, "ter": ter is not None, "resample": resample is not None}


#: About this many characters per string handed to a kernel. Whole-corpus strings made
#: every pass memory-bound on a large corpus (a 100,000-segment corpus joins to 48 MB, and
#: tokenizing it took 30 times as long as a tenth of it); chunks stay in the CPU caches.
CHUNK_CHARS = 1 << 20


def line_chunks(lines: list[str], size: int | None = None) -> list[list[str]]:
    """``lines`` cut into consecutive runs of whole lines of about ``size`` characters
    (default ``CHUNK_CHARS``, read at call time so that tests can make chunks tiny)."""
    size = CHUNK_CHARS if size is None else size
    if not lines:
        return []
    ends = np.cumsum(np.fromiter(map(len, lines), np.int64, len(lines)) + 1)
    cuts = np.searchsorted(ends, np.arange(size, int(ends[-1]), size), side="right")
    bounds = [0, *sorted(set(cuts.tolist()) - {0, len(lines)}), len(lines)]
    return [lines[a:b] for a, b in zip(bounds[:-1], bounds[1:])]


def _default_threads() -> int:
    """``BLEUPRINT_THREADS`` if set (a positive integer), else the CPUs this process may
    run on, at most 4."""
    value = os.environ.get("BLEUPRINT_THREADS", "").strip()
    if value:
        if not value.isdigit() or int(value) < 1:
            raise ValueError(f"BLEUPRINT_THREADS must be a positive integer, got {value!r}")
        return int(value)
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(4, cpus))


#: Threads a split kernel call may use (1: no threads). Read at call time, so that tests
#: can set it.
THREADS = _default_threads()


def split_points(total: int, parts: int, minimum: int) -> list[int]:
    """Bounds ``[0, b_1, ..., total]`` cutting ``range(total)`` into at most ``parts``
    near-equal runs of at least ``minimum`` items (one run when ``total`` is small)."""
    parts = max(1, min(parts, total // max(minimum, 1)))
    return [total * k // parts for k in range(parts + 1)]


class Background:
    """``call()`` started on a thread of its own (a kernel call that releases the GIL);
    ``result()`` waits for it and returns its value or raises its exception."""

    def __init__(self, call):
        self._call = call
        self._value = self._error = None
        self._thread = threading.Thread(target=self._run, name="bleuprint-kernel", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._value = self._call()
        except BaseException as error:  # handed to the caller by result()
            self._error = error

    def result(self):
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value


def run_parallel(calls: list) -> list:
    """The results of ``calls`` (callables without arguments), run at the same time: the
    first on this thread, each other on a thread of its own. All have finished when it
    returns; the first exception (in the order of ``calls``) is raised."""
    if len(calls) == 1:
        return [calls[0]()]
    others = [Background(call) for call in calls[1:]]
    try:
        first = calls[0]()
    finally:
        for other in others:
            other._thread.join()
    return [first] + [other.result() for other in others]


#: Fewest sentences per thread when ``ngram_matches`` is split (thread start-up costs
#: about as much as counting a few hundred sentences). Read at call time (tests set 1).
SPLIT_MIN_SENTENCES = 1000


def ngram_matches(ids, line_start, line_len, hyp_line, ref_offsets, ref_line, order: int, clip_max: bool) -> bytes:
    """``ngrams.ngram_matches`` (see ``csrc/ngrams.c``), the sentences counted in up to
    ``THREADS`` consecutive parts at once. Each sentence's rows depend on its own lines
    only, so the parts' results, one after another, are the whole call's."""
    bounds = split_points(len(hyp_line), THREADS, SPLIT_MIN_SENTENCES)

    def part(a: int, b: int):
        first, last = int(ref_offsets[a]), int(ref_offsets[b])
        return lambda: ngrams.ngram_matches(ids, line_start, line_len, hyp_line[a:b], ref_offsets[a : b + 1] - first,
                                            ref_line[first:last], order, clip_max)

    results = run_parallel([part(a, b) for a, b in zip(bounds[:-1], bounds[1:])])
    return results[0] if len(results) == 1 else b"".join(results)
