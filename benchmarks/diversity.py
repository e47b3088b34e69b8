"""Speed of bleuprint's distinct-n and perplexity / cross-entropy (issue #18 item 6 for
them): no oracle package exists, so the peers are plain reference implementations written
here and run in the same process: a plain-Python distinct-n (``set``/``zip`` windows, the
usual ten-line implementation) and numpy's perplexity (``exp(-mean)`` of the concatenated
log-probabilities, pairwise float sums) beside a plain-Python ``math.fsum`` one.

Usage::

    python benchmarks/diversity.py             # 100,000 outputs, 1,000,000 tokens, median of 3
    python benchmarks/diversity.py --quick     # 10,000 outputs, 100,000 tokens, median of 2
    python benchmarks/diversity.py --json results.json

Corpora: ``outputs`` are the 13 systems' German outputs of ``<repo>/../shared/corpora/
ted-ende.json`` one after another (6,877 lines), cycled to the number asked for;
``logprobs`` are sentences of 1..40 natural-log probabilities (log of uniform(1e-9, 1)
draws, numpy seed 0) until the token count is reached, as lists of Python floats (what a
model's per-token scores usually are once read back).

Rows: bleuprint's one-call functions (``bleuprint.impl``), the spec (``bleuprint.spec``)
for reference, bleuprint's statistics rows (``impl.sentence_stats``: the exact 67-column
integer rows the Accumulator and the bootstrap sum), and the peers. Each figure is the
median of the repeats, CPU time (``time.process_time``) beside wall time; ``x peer`` is the
peer's time over the row's (above 1: bleuprint faster). Agreement: every value is compared
with the spec's (``==`` for bleuprint; the numpy peer within 1e-12 relative).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from sentences import timed  # noqa: E402
from speed import TED  # noqa: E402

import numpy as np  # noqa: E402

import bleuprint.impl as impl  # noqa: E402
import bleuprint.spec as spec  # noqa: E402


def outputs(n: int) -> list:
    data = json.loads(TED.read_text(encoding="utf-8"))
    lines = [line for system in data["systems"].values() for line in system]
    return [lines[k % len(lines)] for k in range(n)]


def logprobs(n_tokens: int) -> list:
    rng = np.random.default_rng(0)
    out, total = [], 0
    while total < n_tokens:
        length = min(int(rng.integers(1, 41)), n_tokens - total)
        out.append(np.log(rng.uniform(1e-9, 1.0, size=length)).tolist())
        total += length
    return out


def plain_distinct(outs, n=2, variant="corpus"):
    """The usual plain-Python distinct-n."""
    if variant == "corpus":
        seen, total = set(), 0
        for o in outs:
            w = o.split()
            grams = list(zip(*(w[k:] for k in range(n))))
            seen.update(grams)
            total += len(grams)
        return len(seen) / total if total else 0.0
    ratios = []
    for o in outs:
        w = o.split()
        grams = list(zip(*(w[k:] for k in range(n))))
        ratios.append(len(set(grams)) / len(grams) if grams else 0.0)
    return math.fsum(ratios) / len(ratios)


def numpy_perplexity(sentences, variant="pooled"):
    if variant == "pooled":
        return float(np.exp(-np.concatenate([np.asarray(s) for s in sentences]).mean()))
    return float(np.mean([np.exp(-np.mean(s)) for s in sentences]))


def python_perplexity(sentences, variant="pooled"):
    if variant == "pooled":
        return math.exp(math.fsum(-x for s in sentences for x in s) / sum(map(len, sentences)))
    return math.fsum(math.exp(math.fsum(-x for x in s) / len(s)) for s in sentences) / len(sentences)


def run(n_outputs: int, n_tokens: int, repeats: int) -> list:
    rows = []

    def add(task, tool, function, expected, exact=True, peer_of=None):
        cpu, wall, value = timed(function, [], repeats)
        agree = value == expected if exact else abs(value - expected) <= 1e-12 * abs(expected)
        rows.append({"task": task, "tool": tool, "cpu": cpu, "wall": wall, "value": value, "agrees": bool(agree)})
        print(f"  {task:34s} {tool:28s} cpu {cpu:8.3f} s  wall {wall:8.3f} s  {'ok' if agree else 'DIFFERS'}",
              flush=True)

    outs = outputs(n_outputs)
    for variant in ("corpus", "sentence-mean"):
        task = f"distinct-2 {variant}, {n_outputs:,} outputs"
        expected = spec.distinct_n(outs, 2, variant)
        add(task, "bleuprint impl", lambda: impl.distinct_n(outs, 2, variant), expected)
        add(task, "bleuprint spec", lambda: spec.distinct_n(outs, 2, variant), expected)
        add(task, "plain Python (peer)", lambda: plain_distinct(outs, 2, variant), expected)
    sentences = logprobs(n_tokens)
    for variant in ("pooled", "sentence-mean"):
        task = f"perplexity {variant}, {n_tokens:,} tokens"
        expected = spec.perplexity(sentences, variant)
        add(task, "bleuprint impl", lambda: impl.perplexity(sentences, variant), expected)
        add(task, "bleuprint spec", lambda: spec.perplexity(sentences, variant), expected)
        add(task, "bleuprint impl rows + score",
            lambda: impl.score_from_stats(impl.metric("perplexity", variant=variant),
                                          impl.sentence_stats(impl.metric("perplexity", variant=variant), sentences,
                                                              None).sum(axis=0),
                                          len(sentences)), expected)
        add(task, "numpy (peer)", lambda: numpy_perplexity(sentences, variant), expected, exact=False)
        add(task, "plain Python fsum (peer)", lambda: python_perplexity(sentences, variant), expected)
    return rows


def table(rows: list) -> str:
    lines = ["| task | tool | CPU s | wall s | x fastest peer (CPU) | x fastest peer (wall) | agrees |",
             "|---|---|---|---|---|---|---|"]
    for row in rows:
        peers = [r for r in rows if r["task"] == row["task"] and "peer" in r["tool"]]
        cpu_peer = min(r["cpu"] for r in peers)
        wall_peer = min(r["wall"] for r in peers)
        lines.append(f"| {row['task']} | {row['tool']} | {row['cpu']:.3f} | {row['wall']:.3f} | "
                     f"{cpu_peer / row['cpu']:.2f} | {wall_peer / row['wall']:.2f} | {'yes' if row['agrees'] else 'NO'} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args(argv)
    n_outputs, n_tokens, repeats = (10_000, 100_000, 2) if args.quick else (100_000, 1_000_000, 3)
    print(f"python {platform.python_version()}, numpy {np.__version__}")
    rows = run(n_outputs, n_tokens, repeats)
    print(table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0 if all(r["agrees"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
