"""Speed and memory of bleuprint.impl.pairwise (MBR's matrices of sentence scores, issue #16)
against fastchrf's ``pairwise_chrf``, in one process.

Usage::

    python benchmarks/pairwise.py                 # 1,000 sources x 16 candidates, median of 5; memory on 1,000 x 64
    python benchmarks/pairwise.py --quick         # 200 sources x 16, median of 3; memory on 100 x 64
    python benchmarks/pairwise.py --json results.json

Corpus: for each of the sources' references of the seeded synthetic corpus
(``benchmarks/synthetic.py``), k candidates, each a seeded token-level edit of the
reference (``candidates``): MBR's layout, each source's candidates against themselves
(``groups=[k] * sources``, k x k per source, the diagonal included).

Speed: bleuprint's chrF and BLEU (sentence defaults: BLEU's effective order) against
``fastchrf.pairwise_chrf`` (chrF, its defaults: sacreBLEU's) on the same groups; wall and
CPU time (``time.process_time``: every thread of the process) as the median of the
repeats, run alternately in the same run; the ratio is fastchrf's time over bleuprint's
(the issue's goal: 3x, wall and CPU). fastchrf's chrF matrices are compared with
bleuprint's, and the largest difference printed. fastchrf is a benchmark peer only: it
is imported here, never by bleuprint.

Memory: the peak of ``tracemalloc`` (numpy's buffers and the kernels' ``PyMem`` allocations
are traced) during ``pairwise`` on sources x 64 x 64, beside the size of its output
(sources * 64 * 64 float64) and a bound on the corpus's n-gram tables (every position of
every order of every line, 8 bytes an entry: the tables of all groups together, which
``pairwise`` never holds at once; it holds one run of groups of at most
``bleuprint.impl.pairs.CHUNK`` pairs).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import tracemalloc
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from sentences import timed  # noqa: E402
from synthetic import SyntheticCorpus  # noqa: E402

import bleuprint.impl as impl  # noqa: E402
from bleuprint.impl import native  # noqa: E402
from bleuprint.impl import pairs as impl_pairs  # noqa: E402

GOAL = 3.0


def candidates(n_sources: int, k: int, seed: int = 20211) -> list[list[str]]:
    """``k`` candidates for each of ``n_sources`` synthetic references: each reference with
    every token deleted (6%), substituted by a corpus word (12%) or followed by an inserted
    one (5%), independently per candidate, seeded by ``seed``."""
    corpus = SyntheticCorpus(seed)
    _, refs = corpus.corpus(n_sources)
    rng = np.random.default_rng([seed, n_sources, k])
    groups = []
    for (ref,) in refs:
        tokens = np.array(ref.split(), dtype=object)
        u = rng.random((k, len(tokens)))
        words = corpus.words[np.searchsorted(corpus.cdf, rng.random((k, len(tokens))))]
        group = []
        for c in range(k):
            edited = np.where((u[c] >= 0.06) & (u[c] < 0.18), words[c], tokens)
            keep = u[c] >= 0.06
            out = []
            for word, kept, insert, extra in zip(edited.tolist(), keep.tolist(), (u[c] >= 0.95).tolist(),
                                                 words[c][::-1].tolist()):
                if kept:
                    out.append(word)
                    if insert:
                        out.append(extra)
            group.append(" ".join(out))
        groups.append(group)
    return groups


def speed_rows(groups: list[list[str]], repeats: int) -> tuple[list[dict], float]:
    """The timings of bleuprint's chrF and BLEU and fastchrf's chrF, alternately, and the
    largest difference between the two chrF matrices."""
    import fastchrf

    flat = [line for group in groups for line in group]
    sizes = [len(group) for group in groups]
    calls = {
        "bleuprint chrF": lambda: impl.pairwise("chrf", flat, groups=sizes),
        "bleuprint BLEU": lambda: impl.pairwise("bleu", flat, groups=sizes),
        "fastchrf chrF": lambda: fastchrf.pairwise_chrf(groups, groups),
    }
    walls = {name: [] for name in calls}
    cpus = {name: [] for name in calls}
    results = {}
    for _ in range(repeats):
        for name, call in calls.items():
            cpu, wall, results[name] = timed(call, [], 1)
            walls[name].append(wall)
            cpus[name].append(cpu)
    theirs = np.array(results["fastchrf chrF"], dtype=np.float64)
    largest = float(np.abs(theirs - results["bleuprint chrF"]).max())
    peer_wall, peer_cpu = statistics.median(walls["fastchrf chrF"]), statistics.median(cpus["fastchrf chrF"])
    rows = []
    for name in calls:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        rows.append({"call": name, "wall_s": wall, "cpu_s": cpu, "wall_ratio": peer_wall / wall,
                     "cpu_ratio": peer_cpu / cpu})
    return rows, largest


def memory_rows(groups: list[list[str]]) -> list[dict]:
    """Peak traced memory of ``pairwise`` (chrF, BLEU) on the groups, beside the output
    size and the bound on the corpus's n-gram tables."""
    flat = [line for group in groups for line in group]
    sizes = [len(group) for group in groups]
    output = sum(k * k for k in sizes) * 8
    chars = sum(len("".join(line.split())) for line in flat)
    tokens = sum(len(line.split()) for line in flat)
    rows = []
    for metric, units, order in (("chrf", chars, 6), ("bleu", tokens, 4)):
        gc.collect()
        tracemalloc.start()
        result = impl.pairwise(metric, flat, groups=sizes)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        del result
        rows.append({"metric": metric, "peak_bytes": peak, "output_bytes": output,
                     "ngram_table_bound_bytes": units * order * 8, "chunk_pairs": impl_pairs.CHUNK})
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="200 sources, median of 3, memory on 100 x 64")
    parser.add_argument("--repeats", type=int, help="timed runs (default 5, or 3 with --quick)")
    parser.add_argument("--sources", type=int, help="sources of the speed run (default 1,000, or 200 with --quick)")
    parser.add_argument("--k", type=int, default=16, help="candidates per source of the speed run")
    parser.add_argument("--memory-sources", type=int, help="sources of the 64-candidate memory run "
                        "(default 1,000, or 100 with --quick)")
    parser.add_argument("--seed", type=int, default=20211)
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    repeats = args.repeats or (3 if args.quick else 5)
    sources = args.sources or (200 if args.quick else 1000)
    memory_sources = args.memory_sources or (100 if args.quick else 1000)

    print(f"native kernels: {native.available()}; threads: {native.THREADS}; repeats: {repeats}")
    groups = candidates(sources, args.k, args.seed)
    lines = [line for group in groups for line in group]
    print(f"speed: {sources} sources x {args.k} candidates ({sources * args.k * args.k:,} pairs), "
          f"{np.mean([len(x) for x in lines]):.0f} characters a line")
    rows, largest = speed_rows(groups, repeats)
    print(f"{'call':<16} {'wall s':>8} {'CPU s':>8} {'fastchrf/wall':>14} {'fastchrf/CPU':>13}  goal {GOAL:.0f}x")
    for row in rows:
        met = "" if row["call"].startswith("fastchrf") else (
            "met" if min(row["wall_ratio"], row["cpu_ratio"]) >= GOAL else "NOT met")
        print(f"{row['call']:<16} {row['wall_s']:>8.3f} {row['cpu_s']:>8.3f} {row['wall_ratio']:>13.1f}x "
              f"{row['cpu_ratio']:>12.1f}x  {met}")
    print(f"largest |fastchrf - bleuprint| chrF difference: {largest:.3g}")

    memory_groups = candidates(memory_sources, 64, args.seed + 1)
    mem = memory_rows(memory_groups)
    print(f"memory: {memory_sources} sources x 64 x 64 ({memory_sources * 64 * 64:,} pairs), tracemalloc peak")
    print(f"{'metric':<7} {'peak MB':>8} {'output MB':>10} {'peak-output MB':>15} {'all n-gram tables MB (bound)':>29}")
    for row in mem:
        mb = 1e6
        print(f"{row['metric']:<7} {row['peak_bytes'] / mb:>8.1f} {row['output_bytes'] / mb:>10.1f} "
              f"{(row['peak_bytes'] - row['output_bytes']) / mb:>15.1f} {row['ngram_table_bound_bytes'] / mb:>29.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(),
                        "threads": native.THREADS, "kernels": native.available()},
            "settings": {"sources": sources, "k": args.k, "repeats": repeats, "memory_sources": memory_sources,
                         "seed": args.seed},
            "speed": rows, "largest_chrf_difference": largest, "memory": mem,
        }, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
