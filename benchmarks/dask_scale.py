"""Synthetic segments through a two-worker Dask LocalCluster against one process's Accumulator.

Usage::

    python benchmarks/dask_scale.py                              # 10,000,000 segments, BLEU
    python benchmarks/dask_scale.py --segments 200000 --metric chrf
    python benchmarks/dask_scale.py --json dask.json --keep /tmp/dask_scale

The corpus (``benchmarks/synthetic.py``, seeded) is written once into ``--shards`` pairs of
plain-text files (``hyp.NNN.txt``, ``ref.NNN.txt``), 10,000 segments a batch; both sides
then read the same files:

* **one process**: a fresh Python process reads every file pair line by line and feeds an
  ``Accumulator`` in batches of 10,000 segments (``bleuprint.impl``'s default threads);
* **Dask**: ``distributed.LocalCluster(n_workers=2, threads_per_worker=1)``, worker
  processes started with ``BLEUPRINT_THREADS=1`` (one core each), scoring
  ``bleuprint.dask.TextFiles`` through ``bleuprint.dask.accumulate`` (parts of
  ``--lines-per-part`` lines, batches of 10,000, tree reduction of 8 a node).

Reported: wall and CPU seconds (the one process's own; for Dask the workers' CPU time and
the client's, the scheduler running inside the client process as LocalCluster starts it),
throughput, the peak resident set size of the single process, of each worker, and of the
client, the number of parts (tasks of the map) and the bytes of one part's result
(a pickled Accumulator: what a task ships to the reduction), and whether the two scores
are the same number (they must be, bit for bit).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

BATCH = 10_000


def peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def mib(n: int) -> str:
    return f"{n / (1 << 20):,.0f} MiB"


def write_corpus(directory: Path, segments: int, shards: int, seed: int) -> None:
    from synthetic import SyntheticCorpus

    per_shard = -(-segments // shards)
    corpus = SyntheticCorpus(seed)
    written, shard, handles = 0, -1, None
    for hyps, refs in corpus.batches(segments, BATCH):
        for hyp, (ref,) in zip(hyps, refs):
            if written % per_shard == 0:
                if handles:
                    for handle in handles:
                        handle.close()
                shard += 1
                handles = [open(directory / f"{kind}.{shard:03d}.txt", "w", encoding="utf-8", newline="\n")
                           for kind in ("hyp", "ref")]
            handles[0].write(hyp.replace("\n", " ") + "\n")
            handles[1].write(ref.replace("\n", " ") + "\n")
            written += 1
    for handle in handles:
        handle.close()


def single(directory: str, metric: str) -> dict:
    """One process: every file pair in sorted order, line by line, into one Accumulator."""
    from bleuprint.impl import Accumulator

    start, cpu0 = time.perf_counter(), cpu_seconds()
    accumulator = Accumulator(metric)
    for hyp_path in sorted(Path(directory).glob("hyp.*.txt")):
        ref_path = hyp_path.with_name(hyp_path.name.replace("hyp.", "ref.", 1))
        with open(hyp_path, encoding="utf-8", newline="\n") as hyp_file, \
                open(ref_path, encoding="utf-8", newline="\n") as ref_file:
            hyps, refs = [], []
            for hyp, ref in zip(hyp_file, ref_file):
                hyps.append(hyp.rstrip())
                refs.append([ref.rstrip()])
                if len(hyps) == BATCH:
                    accumulator.add(hyps, refs)
                    hyps, refs = [], []
            if hyps:
                accumulator.add(hyps, refs)
    return {"score": accumulator.score(), "segments": accumulator.n_sentences,
            "stats": accumulator.stats.tolist(), "wall_s": time.perf_counter() - start,
            "cpu_s": cpu_seconds() - cpu0, "peak_rss_bytes": peak_rss()}


def on_dask(directory: str, metric: str, workers: int, lines_per_part: int) -> dict:
    os.environ["BLEUPRINT_THREADS"] = "1"  # inherited by the worker processes: one core each
    from distributed import Client, LocalCluster

    from bleuprint.dask import TextFiles, accumulate
    from bleuprint.dask.scoring import MetricJob, part_accumulators

    def worker_usage():
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return {"cpu_s": usage.ru_utime + usage.ru_stime, "peak_rss_bytes": usage.ru_maxrss * 1024}

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        client.wait_for_workers(workers)
        before = client.run(worker_usage)
        rss0 = peak_rss()
        cpu0 = cpu_seconds()
        start = time.perf_counter()
        source = TextFiles(f"{directory}/hyp.*.txt", [f"{directory}/ref.*.txt"], lines_per_part=lines_per_part)
        merged = accumulate(source, metric, client=client)[metric]
        wall = time.perf_counter() - start
        client_cpu = cpu_seconds() - cpu0
        after = client.run(worker_usage)
        score = merged.score()
        # What one task ships to the reduction: one part's Accumulator, pickled.
        parts = source.parts(lambda values: client.gather(client.compute(values)), lines_per_part=lines_per_part)
        shipped = len(pickle.dumps(part_accumulators(parts[0], [MetricJob(metric, metric, {})], {}, BATCH)))
    return {"score": score, "segments": merged.n_sentences, "stats": merged.stats.tolist(), "wall_s": wall,
            "client_cpu_s": client_cpu, "workers_cpu_s": sum(after[w]["cpu_s"] - before[w]["cpu_s"] for w in after),
            "worker_peak_rss_bytes": sorted(v["peak_rss_bytes"] for v in after.values()),
            "client_peak_rss_bytes": peak_rss(), "client_rss_before_bytes": rss0, "parts": len(parts),
            "bytes_per_task_result": shipped}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=10_000_000)
    parser.add_argument("--shards", type=int, default=20, help="file pairs (default 20)")
    parser.add_argument("--metric", default="bleu")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--lines-per-part", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=20211)
    parser.add_argument("--keep", metavar="DIR", help="write (or reuse) the files here instead of a temporary folder")
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--single", metavar="DIR", help=argparse.SUPPRESS)  # the one-process side, in a child
    args = parser.parse_args(argv)
    if args.single:
        print(json.dumps(single(args.single, args.metric)))
        return 0

    from speed import machine

    info = machine()
    for key, value in info.items():
        print(f"  {key}: {value}")
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(args.keep or temporary)
        directory.mkdir(parents=True, exist_ok=True)
        if not list(directory.glob("hyp.*.txt")):
            t = time.perf_counter()
            write_corpus(directory, args.segments, args.shards, args.seed)
            print(f"wrote {args.segments:,} segments into {args.shards} file pairs in {time.perf_counter() - t:.0f} s",
                  flush=True)
        size = sum(p.stat().st_size for p in directory.glob("*.txt"))
        print(f"files: {mib(size)}", flush=True)
        child = subprocess.run([sys.executable, __file__, "--single", str(directory), "--metric", args.metric],
                               capture_output=True, text=True, check=True)
        one = json.loads(child.stdout.strip().splitlines()[-1])
        print(f"one process: {one['segments']:,} segments, wall {one['wall_s']:.1f} s, CPU {one['cpu_s']:.1f} s, "
              f"{one['segments'] / one['wall_s']:,.0f} segments/s, peak RSS {mib(one['peak_rss_bytes'])}", flush=True)
        dask = on_dask(str(directory), args.metric, args.workers, args.lines_per_part)
    same = dask["score"] == one["score"] and dask["stats"] == one["stats"] and dask["segments"] == one["segments"]
    print(f"dask ({args.workers} workers): {dask['segments']:,} segments in {dask['parts']} parts, wall "
          f"{dask['wall_s']:.1f} s, workers' CPU {dask['workers_cpu_s']:.1f} s, client CPU {dask['client_cpu_s']:.1f} s, "
          f"{dask['segments'] / dask['wall_s']:,.0f} segments/s; peak RSS per worker "
          f"{', '.join(mib(b) for b in dask['worker_peak_rss_bytes'])}; client {mib(dask['client_peak_rss_bytes'])}; "
          f"one task's result {dask['bytes_per_task_result']:,} bytes pickled")
    print(f"{args.metric}: one process {one['score']!r}, dask {dask['score']!r}: "
          f"{'the same number, and the same statistics' if same else 'DIFFERENT'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "segments": args.segments, "shards": args.shards,
                                               "metric": args.metric, "file_bytes": size, "single": one,
                                               "dask": dask, "same": same}, indent=2) + "\n")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
