"""The threads of bleuprint.impl: the helpers of ``impl.native`` and the indices drawn ahead.

The numbers computed on threads are checked by the differential tests (the
``kernel-threads`` and ``kernels-threads`` parametrisations run every BLEU, chrF and
interval property with the work split into parts of one sentence or one resample). This
file checks what those cannot see: how the parts are cut, that errors on any thread reach
the caller, and that a generator whose draws ran ahead is left exactly as numpy leaves it,
or untouched when the statistics fail.
"""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
from hypothesis import given, strategies as st

from bleuprint import spec
from bleuprint.impl import intervals, native

kernel = native.resample
needs_kernel = pytest.mark.skipif(kernel is None, reason="bleuprint.impl._resample is not built")


@given(st.integers(0, 10_000), st.integers(1, 8), st.integers(1, 3_000))
def test_split_points_cut_into_near_equal_runs(total, parts, minimum):
    bounds = native.split_points(total, parts, minimum)
    runs = np.diff(bounds)
    assert bounds[0] == 0 and bounds[-1] == total
    assert np.all(runs >= 0) and 1 <= len(runs) <= parts
    if len(runs) > 1:
        assert runs.min() >= minimum and runs.max() - runs.min() <= 1


def test_run_parallel_keeps_the_order_and_runs_on_other_threads(monkeypatch):
    monkeypatch.setattr(native, "THREADS", 3)
    barrier = threading.Barrier(3, timeout=30)  # passes only if the three run at once

    def part(k):
        return lambda: (k, threading.get_ident(), barrier.wait())

    results = native.run_parallel([part(k) for k in range(3)])
    assert [k for k, _, _ in results] == [0, 1, 2]
    assert results[0][1] == threading.get_ident()
    assert len({ident for _, ident, _ in results}) == 3


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("failing", [1, 2])
def test_run_parallel_raises_the_error_of_any_part_after_the_others_ran(monkeypatch, threads, failing):
    monkeypatch.setattr(native, "THREADS", threads)
    finished = []

    def part(k):
        def run():
            if k == failing:
                raise ValueError(f"part {k}")
            finished.append(k)
            return k
        return run

    with pytest.raises(ValueError, match=f"part {failing}"):
        native.run_parallel([part(k) for k in range(4)])
    assert sorted(finished) == sorted(set(range(4)) - {failing})


@pytest.mark.parametrize("threads", [1, 2])
def test_run_parallel_error_of_the_first_part_leaves_nothing_running(monkeypatch, threads):
    """The others either ran to their end or were dropped unstarted."""
    monkeypatch.setattr(native, "THREADS", threads)
    started, ended = [], []

    def slow(k):
        def run():
            started.append(k)
            time.sleep(0.05)
            ended.append(k)
        return run

    def fail():
        raise KeyError("first")

    with pytest.raises(KeyError):
        native.run_parallel([fail, slow(1), slow(2)])
    assert sorted(started) == sorted(ended)


@pytest.mark.parametrize("threads", [1, 2])
def test_background_returns_or_raises(monkeypatch, threads):
    monkeypatch.setattr(native, "THREADS", threads)
    assert native.Background(lambda: 41 + 1).result() == 42
    with pytest.raises(KeyError):
        native.Background(lambda: {}["missing"]).result()


def test_a_call_no_worker_has_started_runs_on_the_caller(monkeypatch):
    """With every worker busy, ``result()`` runs the call itself instead of waiting."""
    monkeypatch.setattr(native, "THREADS", 2)
    release = threading.Event()
    native.Background(lambda: None).result()  # the pool started
    # every worker busy, and one call more waiting in the queue
    busy = [native.Background(lambda: release.wait(30)) for _ in range(native._POOL._workers + 1)]
    try:
        assert native.Background(threading.get_ident).result() == threading.get_ident()
    finally:
        release.set()
        for task in busy:
            task.result()


def test_dropped_calls_do_not_run(monkeypatch):
    monkeypatch.setattr(native, "THREADS", 1)  # no worker takes it first
    ran = []
    task = native.Background(lambda: ran.append(1))
    task.drop()
    assert ran == []


@pytest.mark.parametrize("value, expected", [("3", 3), ("1", 1), (" 2 ", 2)])
def test_threads_from_the_environment(monkeypatch, value, expected):
    monkeypatch.setenv("BLEUPRINT_THREADS", value)
    assert native._default_threads() == expected


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_bad_threads_from_the_environment_are_refused(monkeypatch, value):
    monkeypatch.setenv("BLEUPRINT_THREADS", value)
    with pytest.raises(ValueError, match="BLEUPRINT_THREADS"):
        native._default_threads()


def test_default_threads_are_between_one_and_four(monkeypatch):
    monkeypatch.delenv("BLEUPRINT_THREADS", raising=False)
    assert native._default_threads() in range(1, 5)


def _free(lock) -> bool:
    """Whether another thread can take ``lock`` (numpy's is an RLock: its owner always can)."""
    def attempt():
        taken = lock.acquire(timeout=5)
        if taken:
            lock.release()
        return taken
    return native.Background(attempt).result()


CORPUS = (["the cat sat", "a dog", "", "on the mat ."], [["the cat sat"], ["the dog"], ["x"], ["on a mat ."]])


@needs_kernel
@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter", "exact_match"])
def test_indices_drawn_ahead_leave_the_generator_where_numpy_does(monkeypatch, metric):
    """Two threads: the interval is the spec's and the generator then draws what it
    would after the spec's ``choice`` (state stored back, lock released)."""
    monkeypatch.setattr(native, "THREADS", 2)
    hyps, refs = CORPUS
    ours, theirs = np.random.default_rng(3), np.random.default_rng(3)
    assert intervals.bootstrap(metric, hyps, refs, 50, rng=ours) == spec.intervals.bootstrap(
        metric, hyps, refs, 50, rng=theirs)
    assert ours.bit_generator.state == theirs.bit_generator.state and _free(ours.bit_generator.lock)
    assert ours.integers(0, 2**62) == theirs.integers(0, 2**62)


@needs_kernel
@pytest.mark.parametrize("bad", [
    (["a", "b"], [["a"]]),            # lengths differ
    (["a", 3], [["a"], ["b"]]),       # not a str
    (["a", "b"], ["a", "b"]),         # a bare string where references belong
])
def test_failed_statistics_leave_the_generator_untouched(monkeypatch, bad):
    """The spec checks the corpus before it draws: so must the draws that run ahead."""
    monkeypatch.setattr(native, "THREADS", 2)
    rng, fresh = np.random.default_rng(9), np.random.default_rng(9)
    with pytest.raises((TypeError, ValueError)) as raised:
        intervals.bootstrap("bleu", *bad, 20, rng=rng)
    with pytest.raises(raised.type):
        spec.intervals.bootstrap("bleu", *bad, 20, rng=np.random.default_rng(9))
    assert rng.bit_generator.state == fresh.bit_generator.state
    assert _free(rng.bit_generator.lock)
    hyps, refs = CORPUS
    assert intervals.bootstrap("bleu", hyps, refs, 20, rng=rng) == spec.intervals.bootstrap(
        "bleu", hyps, refs, 20, rng=fresh)


@needs_kernel
def test_bad_exact_flag_after_the_statistics_leaves_the_generator_untouched(monkeypatch):
    monkeypatch.setattr(native, "THREADS", 2)
    rng, fresh = np.random.default_rng(2), np.random.default_rng(2)
    with pytest.raises(TypeError, match="exact"):
        intervals.bootstrap("bleu", *CORPUS, 20, rng=rng, exact=1)
    assert rng.bit_generator.state == fresh.bit_generator.state and _free(rng.bit_generator.lock)


@needs_kernel
def test_other_bit_generators_do_not_draw_ahead(monkeypatch):
    monkeypatch.setattr(native, "THREADS", 2)
    ours, theirs = (np.random.Generator(np.random.MT19937(5)) for _ in range(2))
    assert intervals._DrawAhead.start(ours, 4, 10) is None
    assert intervals.bootstrap("chrf", *CORPUS, 30, rng=ours) == spec.intervals.bootstrap("chrf", *CORPUS, 30,
                                                                                           rng=theirs)
    assert np.array_equal(ours.integers(0, 2**62, 5), theirs.integers(0, 2**62, 5))  # same state after


@needs_kernel
@pytest.mark.parametrize("n", [1, 2, 3, 255, 6877, 2**16])
def test_uint16_indices_are_the_uint32_ones(n):
    """The ahead matrix is uint16 for N <= 2^16: same draws, same state after, same sums."""
    state = intervals._pcg64_state(np.random.default_rng(n).bit_generator)
    wide, narrow = np.empty((7, n), np.uint32), np.empty((7, n), np.uint16)
    assert kernel.draw_indices(state, n, wide) == kernel.draw_indices(state, n, narrow)
    assert np.array_equal(wide, narrow)
    assert np.array_equal(wide, np.random.default_rng(n).choice(n, size=(7, n)))
    stats = np.random.default_rng(1).integers(0, 50, size=(n, 5)).astype(np.float32)
    sums_wide, sums_narrow = np.empty((7, 5)), np.empty((7, 5))
    kernel.index_sums(wide, stats, sums_wide)
    kernel.index_sums(narrow, stats, sums_narrow)
    assert np.array_equal(sums_wide, sums_narrow)


@needs_kernel
def test_uint16_indices_are_checked():
    with pytest.raises(ValueError, match="uint16"):
        kernel.draw_indices(intervals._pcg64_state(np.random.default_rng(1).bit_generator), 2**16 + 1,
                            np.empty(4, np.uint16))
    with pytest.raises(ValueError, match="indices < N"):
        kernel.index_sums(np.array([[0, 3]], np.uint16), np.ones((2, 1), np.float32), np.empty((1, 1)))
