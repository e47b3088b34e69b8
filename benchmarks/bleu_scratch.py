"""Scratch timing of bleuprint.impl BLEU against sacreBLEU 2.5.1 (helper notes, not the
official benchmark table).

Corpus: the 13 systems of ../shared/corpora/ted-ende.json concatenated (6877 segments,
each with its one reference). sacreBLEU is timed cold: a fresh ``BLEU`` object per run and
the ``lru_cache`` of every tokenizer's ``__call__`` cleared before each run. bleuprint keeps
no result cache; its per-tokenizer character-class tables are built once per process
(warmed up before timing; their one-time cost is printed separately). Runs are
interleaved and the median of ``--repeat`` runs is reported, with the spread (min..max),
because the machine is shared.

Usage (from the repository root): PYTHONPATH=. python benchmarks/bleu_scratch.py [--repeat 5] [--tokenizers 13a intl zh char none]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpora" / "ted-ende.json"


def load():
    data = json.loads(CORPUS.read_text(encoding="utf-8"))
    ref = data["references"][0]
    hyps, refs = [], []
    for outputs in data["systems"].values():
        hyps += outputs
        refs += ref
    return hyps, refs


def clear_sacrebleu_caches():
    import sacrebleu.tokenizers as package
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(package.__path__):
        try:
            module = importlib.import_module(f"sacrebleu.tokenizers.{info.name}")
        except Exception:  # tokenizers with missing optional dependencies
            continue
        for obj in vars(module).values():
            if isinstance(obj, type):
                call = vars(obj).get("__call__")
                if hasattr(call, "cache_clear"):
                    call.cache_clear()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--tokenizers", nargs="*", default=["13a", "intl", "zh", "char", "none"])
    args = parser.parse_args()

    from sacrebleu.metrics import BLEU

    from bleuprint.metrics.bleu import impl
    from bleuprint.impl import tokenizers as impl_tok

    hyps, refs = load()
    refs_by_sentence = [[r] for r in refs]
    for name in ("13a", "zh", "intl"):
        start = time.perf_counter()
        impl_tok._table(name)
        print(f"one-time class table {name}: {1000 * (time.perf_counter() - start):.1f} ms")

    def floor():
        [h.split() for h in hyps]
        [r.split() for r in refs]

    times = {"floor": []}
    for name in args.tokenizers:
        times[("sacrebleu", name)] = []
        times[("bleuprint", name)] = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        floor()
        times["floor"].append(time.perf_counter() - start)
        for name in args.tokenizers:
            clear_sacrebleu_caches()
            start = time.perf_counter()
            theirs = BLEU(tokenize=name).corpus_score(hyps, [refs]).score
            times[("sacrebleu", name)].append(time.perf_counter() - start)
            start = time.perf_counter()
            ours = impl.corpus_bleu(hyps, refs_by_sentence, name)
            times[("bleuprint", name)].append(time.perf_counter() - start)
            assert abs(ours - theirs) <= 1e-9, (name, ours, theirs)

    def med(key):
        values = times[key]
        return statistics.median(values), min(values), max(values)

    f, fmin, _ = med("floor")
    print(f"floor (str.split of all hyps and refs): {1000 * f:.1f} ms (min {1000 * fmin:.1f})")
    for name in args.tokenizers:
        s, smin, smax = med(("sacrebleu", name))
        b, bmin, bmax = med(("bleuprint", name))
        print(
            f"{name:5s} sacreBLEU {1000 * s:7.1f} ms [{1000 * smin:.0f}..{1000 * smax:.0f}]  "
            f"bleuprint {1000 * b:6.1f} ms [{1000 * bmin:.0f}..{1000 * bmax:.0f}]  "
            f"speed-up {s / b:5.1f}x (of the minima {smin / bmin:4.1f}x)  "
            f"bleuprint/floor {b / f:4.1f}x (minima {bmin / fmin:4.1f}x)"
        )


if __name__ == "__main__":
    main()
