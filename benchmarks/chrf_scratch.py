"""Scratch timing of bleuprint.impl chrF / chrF++ against sacreBLEU 2.5.1 (cold).

Corpus: the 13 systems of ``<repo>/../shared/corpora/ted-ende.json`` concatenated (6877
segments, one reference each), or with ``--segments N`` that corpus cycled to N segments.
Each repetition scores the corpus with a fresh ``sacrebleu.metrics.CHRF`` object and then
with ``bleuprint.metrics.chrf.impl`` (interleaved, so that load from other processes hits both
alike); the scores must agree within 1e-9. Printed: medians of wall-clock and CPU
(``time.process_time``) times, the speed-ups, and the "floor" (``str.split()`` of every
hypothesis and reference). On a shared machine trust the CPU-time ratio more.

    python benchmarks/chrf_scratch.py [--repeat 5] [--segments N]
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def timed(function):
    wall, cpu = time.perf_counter(), time.process_time()
    value = function()
    return value, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--segments", type=int, default=0, help="cycle the corpus to this many segments")
    args = parser.parse_args()

    from sacrebleu.metrics import CHRF

    fast = importlib.import_module("bleuprint.metrics.chrf.impl")
    corpus = REPO.parent / "shared" / "corpora" / "ted-ende.json"
    data = json.loads(corpus.read_text(encoding="utf-8"))
    hyps, refs = [], []
    for outputs in data["systems"].values():
        hyps += outputs
        refs += data["references"][0]
    if args.segments:
        pairs = list(itertools.islice(itertools.cycle(zip(hyps, refs)), args.segments))
        hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    nested = [[r] for r in refs]
    print(f"{len(hyps)} segments, {sum(map(len, hyps)) + sum(map(len, refs))} characters")
    for word_order, name in ((0, "chrF"), (2, "chrF++")):
        ours, theirs = [], []
        for _ in range(args.repeat):
            want, *t_s = timed(lambda: CHRF(word_order=word_order).corpus_score(hyps, [refs]).score)
            got, *t_i = timed(lambda: fast.chrf(hyps, nested, word_order=word_order))
            assert abs(got - want) <= 1e-9, (got, want)
            theirs.append(t_s)
            ours.append(t_i)
        s_wall, s_cpu = (statistics.median(t[i] for t in theirs) for i in (0, 1))
        i_wall, i_cpu = (statistics.median(t[i] for t in ours) for i in (0, 1))
        print(f"{name:7s} sacreBLEU wall {s_wall * 1e3:8.0f} ms cpu {s_cpu * 1e3:8.0f} ms | "
              f"bleuprint wall {i_wall * 1e3:7.1f} ms cpu {i_cpu * 1e3:7.1f} ms | "
              f"speed-up wall {s_wall / i_wall:5.1f}x cpu {s_cpu / i_cpu:5.1f}x | "
              f"bleuprint runs (wall ms) {[round(t[0] * 1e3) for t in ours]}")
    floors = [timed(lambda: ([h.split() for h in hyps], [r.split() for r in refs]))[1:] for _ in range(args.repeat)]
    print(f"floor (str.split of all hypotheses and references): wall {statistics.median(f[0] for f in floors) * 1e3:.1f} ms "
          f"cpu {statistics.median(f[1] for f in floors) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
