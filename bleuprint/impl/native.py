"""The compiled kernels of ``bleuprint.impl``, or None where they are not available.

Thirteen C extension modules (sources in ``bleuprint/impl/csrc/``, built by ``pip install``
through ``setup.py``) do the per-token loops that numpy cannot vectorise well:

* ``ngrams``: token ids of a tokenized corpus and clipped n-gram matches (BLEU, chrF);
* ``ter``: Tercom's shift search and banded edit distance;
* ``resample``: sacreBLEU's bootstrap indices drawn and summed without materialising them;
* ``pairs``: the clipped n-gram matches of every (hypothesis, reference) pair of blocks of
  lines (``bleuprint.impl.pairs``, for ``pairwise``);
* ``rouge``: rouge-score's tokens as ids, ROUGE-N overlaps, LCS lengths and Lsum's union
  LCS (``bleuprint.metrics.rouge.impl``).
* ``squad``: SQuAD's normalisation, EM and F1 of every question
  (``bleuprint.metrics.squad.impl``);
* ``lesson``: the lesson family's word-character (``\\w+``) tokens as ids and its LCS
  (``bleuprint.metrics.lesson.impl``);
* ``wer``: WER's and CER's edit distances (bit-parallel) and jiwer's hit/substitution/deletion/insertion
  counts on rapidfuzz's alignment
  (``bleuprint.metrics.wer.impl``);
* ``cider``: CIDEr-D's score of every image, the spec's operations in its order
  (``bleuprint.metrics.cider.impl``);
* ``meteor``: Meteor 1.5's paraphrase table (built once, mappable) and its aligner
  (``bleuprint.metrics.meteor.impl``);
* ``exactsum``: the exact sum of a corpus's negative log-probabilities, as an integer of
  2^-1074 units (``bleuprint.metrics.perplexity.impl``);
* ``bertscore``: BERTScore's greedy cosine matching of every pair, the spec's float64
  operations in its order (``bleuprint.metrics.bertscore.impl``);
* ``pce``: the paired permutation test's sign matrix from PCG64's state, and score matrices
  given as lists read into float32 (``bleuprint.metaeval.impl``, soft pairwise accuracy).

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

import collections
import importlib
import os
import threading
import time

__all__ = ["CHUNK_CHARS", "DISABLED", "KERNELS", "THREADS", "Background", "available", "lesson", "line_chunks", "meteor",
           "exactsum", "bertscore", "ngram_matches", "ngrams", "pairs", "parts", "pce", "resample", "rouge", "run_parallel", "split_points", "squad",
           "ter", "wer"]

#: True when the environment asks for the numpy code only.
DISABLED = os.environ.get("BLEUPRINT_NO_NATIVE", "") not in ("", "0")


def _load(name: str):
    if DISABLED:
        return None
    try:
        return importlib.import_module(f"bleuprint.impl.{name}")
    except ImportError:
        return None


#: Each kernel's attribute and its extension module, loaded on first use (PEP 562
#: ``__getattr__``): scoring BLEU loads ``_ngrams`` and not the others.
KERNELS = {"ngrams": "_ngrams", "ter": "_terkernel", "resample": "_resample", "pairs": "_pairs", "rouge": "_rouge",
            "squad": "_squad", "lesson": "_lesson", "wer": "_wer", "cider": "_cider", "meteor": "_meteor",
            "exactsum": "_exactsum", "bertscore": "_bertscore", "pce": "_pce"}


def __getattr__(name: str):
    if name not in KERNELS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    kernel = globals()[name] = _load(KERNELS[name])
    return kernel


def available() -> dict[str, bool]:
    """Which kernels are loaded (for ``bleuprint verify`` and the benchmarks)."""
    return {name: _kernel(name) is not None for name in KERNELS}


def _kernel(name: str):
    """The kernel ``name`` as the attribute reads (loaded now if it was not; None if absent
    or set to None)."""
    return globals()[name] if name in globals() else __getattr__(name)


#: About this many characters per string handed to a kernel. Whole-corpus strings made
#: every pass memory-bound on a large corpus (a 100,000-segment corpus joins to 48 MB, and
#: tokenizing it took 30 times as long as a tenth of it); chunks stay in the CPU caches.
CHUNK_CHARS = 1 << 20


def line_chunks(lines: list[str], size: int | None = None) -> list[list[str]]:
    """``lines`` cut into consecutive runs of whole lines of about ``size`` characters
    (default ``CHUNK_CHARS``, read at call time so that tests can make chunks tiny)."""
    import numpy as np  # here: loading a kernel must not import numpy

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


def parts() -> int:
    """How many parts to cut splittable work into: two per thread (one thread: one part),
    so that a thread that comes free late, or runs slowly (a processor shared with other
    work), still takes a share, and the others do not wait for it."""
    return 1 if THREADS == 1 else 2 * THREADS


class Background:
    """``call()`` handed to bleuprint's worker threads (a kernel call that releases the
    GIL); ``result()`` returns its value or raises its exception.

    A call no worker has started yet when ``result()`` is asked for is run there and
    then, on the asking thread: so a busy worker (say, drawing an interval's indices)
    never makes the caller wait for work it can do itself, and three threads never
    compete for two processors. The workers (``THREADS - 1`` of them, daemon threads
    started at the first call and kept waiting for work, as a BLAS library keeps its
    threads) take calls in the order they were given."""

    __slots__ = ("_call", "_claim", "_done", "_value", "_error")

    def __init__(self, call):
        self._call = call
        self._claim = threading.Lock()  # held by whoever runs the call
        self._done = threading.Event()
        self._value = self._error = None
        if _POOL.give(self):
            time.sleep(0)  # let go of the GIL, so that a waiting worker takes the call now

    def _take(self) -> bool:
        """Claim the call (True) unless someone else has."""
        return self._claim.acquire(blocking=False)

    def _run(self) -> None:
        try:
            self._value = self._call()
        except BaseException as error:  # handed to the caller by result()
            self._error = error
        finally:
            self._call = None
            self._done.set()

    def result(self):
        if self._take():
            self._run()
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value

    def drop(self) -> None:
        """Do not run the call if no one has started it; otherwise wait for it to end."""
        if self._take():
            self._call = None
            self._done.set()
        self._done.wait()


class _Pool:
    """The worker threads of ``Background`` and their queue."""

    def __init__(self):
        self._queue = collections.deque()
        self._ready = threading.Condition()
        self._workers = 0

    def give(self, task: Background) -> bool:
        """Queue ``task``; whether a worker may take it (False with THREADS = 1: the call
        then runs when its result is asked for)."""
        if THREADS < 2:
            return False
        with self._ready:
            while self._workers < THREADS - 1:
                threading.Thread(target=self._work, name=f"bleuprint-worker-{self._workers}", daemon=True).start()
                self._workers += 1
            self._queue.append(task)
            self._ready.notify()
            return self._workers > 0

    def _work(self) -> None:
        while True:
            with self._ready:
                while not self._queue:
                    self._ready.wait()
                task = self._queue.popleft()
            if task._take():
                task._run()

    def _after_fork(self) -> None:  # the child has no workers: start afresh
        self.__init__()


_POOL = _Pool()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_POOL._after_fork)


def run_parallel(calls: list) -> list:
    """The results of ``calls`` (callables without arguments), run at the same time where
    workers are free: the first on this thread, the others given to the workers
    (``Background``), and any a worker has not started by the time this thread is done
    run here. None is running when it returns; the first exception (in the order of
    ``calls``) is raised, after the others have run, except that an exception of the
    first call drops the others that no worker has started."""
    if len(calls) == 1:
        return [calls[0]()]
    others = [Background(call) for call in calls[1:]]
    try:
        results = [calls[0]()]
    except BaseException:
        for other in others:  # not started: not run; running: waited for
            other.drop()
        raise
    for other in others:  # every call no worker has started, here, before waiting for any
        if other._take():
            other._run()
    error = None
    for other in others:
        try:
            results.append(other.result())
        except BaseException as raised:
            error = error or raised
    if error is not None:
        raise error
    return results


#: Fewest sentences per part when ``ngram_matches`` is split (handing a part to a worker
#: costs about as much as counting a few hundred sentences). Read at call time (tests
#: set 1).
SPLIT_MIN_SENTENCES = 1000


def ngram_matches(ids, line_start, line_len, hyp_line, ref_offsets, ref_line, order: int, clip_max: bool) -> bytes:
    """``ngrams.ngram_matches`` (see ``csrc/ngrams.c``), the sentences counted in up to
    ``parts()`` consecutive parts at once. Each sentence's rows depend on its own lines
    only, so the parts' results, one after another, are the whole call's."""
    bounds = split_points(len(hyp_line), parts(), SPLIT_MIN_SENTENCES)
    ngrams = _kernel("ngrams")

    def part(a: int, b: int):
        first, last = int(ref_offsets[a]), int(ref_offsets[b])
        return lambda: ngrams.ngram_matches(ids, line_start, line_len, hyp_line[a:b], ref_offsets[a : b + 1] - first,
                                            ref_line[first:last], order, clip_max)

    results = run_parallel([part(a, b) for a, b in zip(bounds[:-1], bounds[1:])])
    return results[0] if len(results) == 1 else b"".join(results)
