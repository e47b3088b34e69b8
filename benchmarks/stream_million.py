"""Stream 1,000,000 synthetic segments through bleuprint's accumulators: time and peak memory.

Usage::

    python benchmarks/stream_million.py                      # 1,000,000 segments, BLEU and chrF
    python benchmarks/stream_million.py --segments 200000 --batch 5000 --metrics bleu
    python benchmarks/stream_million.py --json stream.json

The segments come from ``benchmarks/synthetic.py`` in batches generated on the fly: the
corpus is never in memory as a whole, only one batch and the accumulator (one row of
summed statistics). Each metric runs over its own fresh stream of the same text. The
goal (issue 3) is a peak resident set size under 1 GB for the whole process.

Reported per metric: the score, the time spent in ``Accumulator.add`` (scoring) and in
total (generation included), and the process' peak RSS so far
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``; it only grows, so the figure after the
last metric is the peak of the whole run). The baseline is the peak RSS after imports
and building the generator, before any scoring.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from speed import machine  # noqa: E402
from synthetic import SyntheticCorpus  # noqa: E402

from bleuprint.core.value import metric as configured  # noqa: E402
from bleuprint.impl.accumulate import Accumulator  # noqa: E402

GOAL_BYTES = 1 << 30  # 1 GiB

#: Metric label -> (metric, options)
METRICS = {
    "bleu": ("bleu", {}),
    "chrf": ("chrf", {}),
    "chrf++": ("chrf", {"word_order": 2}),
}


def peak_rss_bytes() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # Linux reports KiB


def mib(n_bytes: int) -> str:
    return f"{n_bytes / (1 << 20):,.0f} MiB"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=1_000_000)
    parser.add_argument("--batch", type=int, default=10_000, help="segments per batch (default 10,000)")
    parser.add_argument("--metrics", default="bleu,chrf", help=f"comma-separated, of {', '.join(METRICS)}")
    parser.add_argument("--seed", type=int, default=20211)
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    labels = [m.strip() for m in args.metrics.split(",") if m.strip()]
    unknown = [m for m in labels if m not in METRICS]
    if unknown:
        parser.error(f"unknown metric(s) {', '.join(unknown)}; choose from {', '.join(METRICS)}")

    info = machine()
    corpus = SyntheticCorpus(args.seed)
    baseline = peak_rss_bytes()
    print(f"streaming {args.segments:,} synthetic segments in batches of {args.batch:,}")
    for key, value in info.items():
        print(f"  {key}: {value}")
    print(f"  peak RSS before scoring: {mib(baseline)}", flush=True)

    rows = []
    for label in labels:
        metric, options = METRICS[label]
        accumulator = Accumulator(configured(metric, **options))
        scoring = 0.0
        start = time.perf_counter()
        for hyps, refs in corpus.batches(args.segments, args.batch):
            t = time.perf_counter()
            accumulator.add(hyps, refs)
            scoring += time.perf_counter() - t
        score = accumulator.score()
        total = time.perf_counter() - start
        peak = peak_rss_bytes()
        rows.append({"metric": label, "segments": accumulator.n_sentences, "score": score,
                     "scoring_s": scoring, "total_s": total, "peak_rss_bytes": peak})
        print(f"{label:<7} {accumulator.n_sentences:>9,} segments  score {score:8.4f}  "
              f"scoring {scoring:7.1f} s  total {total:7.1f} s  peak RSS {mib(peak)}", flush=True)

    peak = peak_rss_bytes()
    ok = peak < GOAL_BYTES
    print(f"peak RSS of the run: {mib(peak)} (goal < {mib(GOAL_BYTES)}): {'pass' if ok else 'FAIL'}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": info, "segments": args.segments, "batch": args.batch, "seed": args.seed,
            "baseline_rss_bytes": baseline, "peak_rss_bytes": peak, "goal_bytes": GOAL_BYTES,
            "pass": ok, "rows": rows,
        }, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
