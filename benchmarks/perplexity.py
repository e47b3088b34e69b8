"""Speed of bleuprint's exactly rounded pooled perplexity and cross-entropy (issue #40 item 4)
against the numpy one-liner ``np.exp(-np.concatenate(lp).mean())`` (not exactly rounded in
general: numpy's pairwise float sum) and ``math.fsum`` over the concatenation (exactly
rounded, as bleuprint's definition), side by side in one process.

Usage::

    python benchmarks/perplexity.py              # 1,000,000 log-probabilities in 10,000 arrays, best of 5
    python benchmarks/perplexity.py --quick      # 100,000 in 1,000, best of 3
    python benchmarks/perplexity.py --json results.json

Data: 10,000 sentences of 50..150 tokens (numpy seed 0; total scaled to the token count
asked for), each token's log-probability log(u), u uniform in (1e-9, 1]: as float64 arrays
(a model's output) and, in a second table, as lists of Python floats.

Each figure is the minimum over interleaved repetitions, CPU time (``time.process_time``)
beside wall time; ``/ numpy`` is the row's time over the one-liner's (goal: at most 2 for
bleuprint's perplexity and cross-entropy on the arrays). ``exact`` compares each value with
``math.exp(math.fsum(-x) / N)`` (``==``); the one-liner's value is shown when it differs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

import numpy as np  # noqa: E402

from bleuprint.impl import native  # noqa: E402
from bleuprint.metrics.perplexity import impl  # noqa: E402

GOAL = 2.0


def data(n_tokens: int, n_sentences: int) -> list:
    rng = np.random.default_rng(0)
    lengths = rng.integers(50, 151, n_sentences)
    lengths = np.maximum(1, np.round(lengths * n_tokens / lengths.sum())).astype(int)
    return [np.log(rng.uniform(1e-9, 1.0, n)) for n in lengths]


def tools(lp: list) -> dict:
    return {
        "numpy one-liner": lambda: float(np.exp(-np.concatenate(lp).mean())),
        "math.fsum over the concatenation": lambda: math.exp(math.fsum((-np.concatenate(lp)).tolist()) / sum(map(len, lp))),
        "bleuprint perplexity": lambda: impl.perplexity(lp),
        "bleuprint cross_entropy": lambda: math.exp(impl.cross_entropy(lp)),
    }


def run(lp: list, repeats: int, label: str) -> list:
    calls = tools(lp)
    cpu = {t: [] for t in calls}
    wall = {t: [] for t in calls}
    values = {}
    for _ in range(repeats):
        for tool, call in calls.items():
            c0, w0 = time.process_time(), time.perf_counter()
            values[tool] = call()
            cpu[tool].append(time.process_time() - c0)
            wall[tool].append(time.perf_counter() - w0)
    flat = [x for s in lp for x in (s.tolist() if isinstance(s, np.ndarray) else s)]
    exact = math.exp(math.fsum(-x for x in flat) / len(flat))
    base_cpu, base_wall = min(cpu["numpy one-liner"]), min(wall["numpy one-liner"])
    rows = []
    print(f"{label}: {len(flat):,} log-probabilities in {len(lp):,} sentences")
    print(f"  {'tool':<34} {'CPU ms':>8} {'wall ms':>8} {'/ numpy CPU':>11} {'wall':>6}  exact")
    for tool in calls:
        row = {"data": label, "tool": tool, "cpu_s": min(cpu[tool]), "wall_s": min(wall[tool]),
               "over_numpy_cpu": min(cpu[tool]) / base_cpu, "over_numpy_wall": min(wall[tool]) / base_wall,
               "value": values[tool], "exact": values[tool] == exact}
        rows.append(row)
        note = "" if row["exact"] else f" ({row['value']!r}; exact {exact!r})"
        print(f"  {tool:<34} {row['cpu_s'] * 1e3:>8.2f} {row['wall_s'] * 1e3:>8.2f} {row['over_numpy_cpu']:>10.2f}x "
              f"{row['over_numpy_wall']:>5.2f}x  {row['exact']}{note}", flush=True)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="100,000 tokens in 1,000 sentences, best of 3")
    parser.add_argument("--repeats", type=int, help="timed runs per tool (default 5, or 3 with --quick)")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    n_tokens, n_sentences = (100_000, 1_000) if args.quick else (1_000_000, 10_000)
    repeats = args.repeats or (3 if args.quick else 5)
    load = os.getloadavg()
    print(f"exact-sum kernel: {native.exactsum is not None if hasattr(native, 'exactsum') else False}; "
          f"load {load[0]:.2f}; minimum of {repeats} interleaved repetitions")
    lp = data(n_tokens, n_sentences)
    rows = run(lp, repeats, "float64 arrays")
    rows += run([s.tolist() for s in lp], repeats, "lists of floats")
    for row in rows:
        if row["data"] == "float64 arrays" and row["tool"].startswith("bleuprint"):
            met = row["exact"] and max(row["over_numpy_cpu"], row["over_numpy_wall"]) <= GOAL
            print(f"goal (at most {GOAL:g}x the one-liner, exact): {row['tool']}: {'met' if met else 'NOT met'}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(), "load": load},
            "settings": {"tokens": n_tokens, "sentences": n_sentences, "repeats": repeats}, "rows": rows}, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
