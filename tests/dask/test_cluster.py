"""Issue #21 item 4: a real ``distributed.LocalCluster`` with two worker processes.

* The cluster's number is the in-process one (bit for bit, several metrics in one read).
* A worker killed (SIGKILL) in the middle of a run, after it has finished parts whose
  Accumulators it holds: Dask reschedules the lost tasks on the surviving and restarted
  workers, and the merged statistics are still exactly one process's: the sentence count
  is the corpus's (nothing counted twice or lost) and the sums are equal.
* A worker refusing a segment: the user gets the segment's position and the metric's
  message as one ``SegmentError``, without the cluster's traceback.

One cluster (two processes, one thread each, ``conftest.client``) serves the folder; the
kill test runs last in this file (the nanny restarts the killed worker for the tests after).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import traceback

import cloudpickle
import dask
import dask.bag as db
import pytest

import bleuprint.impl as impl
from bleuprint.core.value import metric as configured
from bleuprint.dask import SegmentError, TextFiles, accumulate


# The workers unpickle this module's functions by value (they cannot import a test file).
cloudpickle.register_pickle_by_value(sys.modules[__name__])

WORDS = "the cat sat on a mat dog barked today , .".split()


def _corpus(n: int, seed: int = 7):
    import random

    rng = random.Random(seed)
    line = lambda: " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12)))  # noqa: E731
    return [line() for _ in range(n)], [[line(), line()] for _ in range(n)]


def test_two_worker_processes_give_the_in_process_number(client, tmp_path):
    hyps, refs = _corpus(600)
    for k in range(3):
        (tmp_path / f"hyp.{k}.txt").write_text("".join(h + "\n" for h in hyps[k * 200:(k + 1) * 200]))
        for r in range(2):
            (tmp_path / f"ref{r}.{k}.txt").write_text("".join(g[r] + "\n" for g in refs[k * 200:(k + 1) * 200]))
    source = TextFiles(str(tmp_path / "hyp.*"), [str(tmp_path / "ref0.*"), str(tmp_path / "ref1.*")],
                       lines_per_part=70)
    merged = accumulate(source, ["bleu", "chrf", configured("distinct_n", n=2), "cider"], client=client, split_every=3)
    assert len({w["id"] for w in client.scheduler_info()["workers"].values()}) == 2
    for metric in ("bleu", "chrf"):
        assert merged[metric] == impl.Accumulator(metric).add(hyps, refs)
        assert merged[metric].score() == impl.corpus_score(metric, hyps, refs)
    assert merged["distinct_n"].score() == impl.corpus_score("distinct_n", hyps)
    assert abs(merged["cider"].score() - impl.corpus_score("cider", hyps, refs)) <= 1e-9


def _bad_part():
    return [("fine", ["fine"]), ("also fine", ["also"]), (42, ["not a string hypothesis"])]


def test_a_refusal_on_a_worker_is_one_line_with_its_position(client):
    bag = db.from_delayed([dask.delayed(list)([("a", ["a"])]), dask.delayed(_bad_part)()])
    with pytest.raises(SegmentError) as caught:
        accumulate(bag, ["bleu"], client=client)
    message = str(caught.value)
    assert message.startswith("partition 1, element 2: ") and "str" in message, message
    assert "\n" not in message
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
    frames = [frame.filename for frame in traceback.extract_tb(caught.value.__traceback__)]
    assert not any("distributed" in name or "worker" in name for name in frames), frames


def _slow_part(start: int, hyps: list, refs: list, seconds: float):
    time.sleep(seconds)
    return list(zip(hyps, refs))


def test_a_worker_killed_mid_run_changes_nothing(client):
    """16 parts of 25 segments, each taking 0.25 s to read, on two single-thread workers
    (about 2 s). Once at least two parts are finished, the worker holding a finished part
    is killed with SIGKILL while parts remain to run: its finished Accumulators and its
    running part are lost, Dask recomputes them, and the total is still exactly the
    corpus's, sentence count included."""
    hyps, refs = _corpus(400, seed=11)
    parts = [dask.delayed(_slow_part)(k, hyps[k:k + 25], refs[k:k + 25], 0.25) for k in range(0, 400, 25)]
    bag = db.from_delayed(parts)
    pids = client.run(os.getpid)
    result, failure = {}, []

    def run():
        try:
            result.update(accumulate(bag, ["bleu", "ter"], client=client, split_every=4))
        except BaseException as error:  # noqa: BLE001 - handed to the test thread
            failure.append(error)

    thread = threading.Thread(target=run)
    thread.start()

    def holders(dask_scheduler):
        return [ws.address for ts in dask_scheduler.tasks.values() if ts.state == "memory"
                and "part_accumulators" in str(ts.key) for ws in ts.who_has]

    deadline = time.monotonic() + 60
    victim = None
    while time.monotonic() < deadline and thread.is_alive():
        held = client.run_on_scheduler(holders)
        if len(held) >= 2:
            victim = held[0]
            break
        time.sleep(0.02)
    assert victim is not None and thread.is_alive(), "the run ended before a worker could be killed"
    os.kill(pids[victim], signal.SIGKILL)
    thread.join(120)
    assert not thread.is_alive()
    assert not failure, failure
    assert victim not in client.scheduler_info()["workers"]  # a restarted worker has a new address
    assert result["bleu"].n_sentences == result["ter"].n_sentences == 400
    assert result["bleu"] == impl.Accumulator("bleu").add(hyps, refs)
    assert result["ter"] == impl.Accumulator("ter").add(hyps, refs)
    assert result["bleu"].score() == impl.corpus_score("bleu", hyps, refs)
