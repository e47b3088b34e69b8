"""Speed of bleuprint.impl against sacreBLEU 2.5.1, corpus-level, cold, in one process.

Usage::

    python benchmarks/speed.py            # full: median of 5, synthetic corpus of 100,000 segments
    python benchmarks/speed.py --quick    # median of 3, synthetic corpus of 10,000 segments
    python benchmarks/speed.py --json results.json
    BLEUPRINT_NO_NATIVE=1 python benchmarks/speed.py --quick   # the numpy code alone

Corpora: all 13 systems of ``<repo>/../shared/corpora/ted-ende.json`` concatenated (6,877
segments, one reference each; skipped with a message when the file is absent) and a
seeded synthetic corpus (``benchmarks/synthetic.py``).

Metrics: corpus BLEU with each tokenizer (13a, intl, zh, char, none), chrF and chrF++,
sacreBLEU's defaults otherwise. Each timing is the median over the repeats of one cold
call: sacreBLEU gets a fresh metric object and its tokenizers' ``lru_cache``s cleared
first (the caches live on the tokenizer classes, so fresh objects alone would keep
them); bleuprint gets every ``functools`` cache of ``bleuprint.impl`` and of the metric
folders (``bleuprint.metrics``) cleared. Input
layout conversion (sacreBLEU takes reference streams) is done once, outside the timing.

Columns: the two times, the speed-up (sacreBLEU time / bleuprint time), the goal of
issue 3 (BLEU 13a and chrF 20x, chrF++ 15x, every other tokenizer 10x) and whether it is
met, bleuprint's time as a multiple of the *floor* (the time of ``str.split()`` over all
hypotheses and references), and whether the two scores agree within 1e-9.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import gc
import importlib
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from synthetic import SyntheticCorpus  # noqa: E402

import bleuprint.impl as impl  # noqa: E402
from bleuprint.impl import native  # noqa: E402

TED = REPO.parent / "shared" / "corpora" / "ted-ende.json"
AGREEMENT = 1e-9  # scores on the 0..100 scale

#: (label, goal speed-up, sacreBLEU metric factory, bleuprint call)
TASKS = [
    ("BLEU 13a", 20, lambda m: m.BLEU(tokenize="13a"), lambda h, r: impl.corpus_bleu(h, r, "13a")),
    ("BLEU intl", 10, lambda m: m.BLEU(tokenize="intl"), lambda h, r: impl.corpus_bleu(h, r, "intl")),
    ("BLEU zh", 10, lambda m: m.BLEU(tokenize="zh"), lambda h, r: impl.corpus_bleu(h, r, "zh")),
    ("BLEU char", 10, lambda m: m.BLEU(tokenize="char"), lambda h, r: impl.corpus_bleu(h, r, "char")),
    ("BLEU none", 10, lambda m: m.BLEU(tokenize="none"), lambda h, r: impl.corpus_bleu(h, r, "none")),
    ("chrF", 20, lambda m: m.CHRF(), lambda h, r: impl.chrf(h, r)),
    ("chrF++", 15, lambda m: m.CHRF(word_order=2), lambda h, r: impl.chrf(h, r, word_order=2)),
]

SACREBLEU_TOKENIZER_MODULES = ("tokenizer_13a", "tokenizer_re", "tokenizer_intl", "tokenizer_zh", "tokenizer_char")


def _caches_in_module(module) -> list:
    """Every ``functools`` cache reachable from a module's globals and its classes'
    attributes (static methods included)."""
    found = []
    for value in vars(module).values():
        candidates = [value]
        if isinstance(value, type) and value.__module__ == module.__name__:
            candidates += [v.__func__ if isinstance(v, (staticmethod, classmethod)) else v
                           for v in vars(value).values()]
        found += [c for c in candidates if callable(getattr(c, "cache_clear", None))]
    return found


def sacrebleu_caches() -> list:
    caches = []
    for name in SACREBLEU_TOKENIZER_MODULES:
        caches += _caches_in_module(importlib.import_module(f"sacrebleu.tokenizers.{name}"))
    # The ones known to exist in 2.5.1 must have been found.
    from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

    for required in (TokenizerZh.__call__, TokenizerZh._is_chinese_char):
        assert any(c is required for c in caches), f"sacreBLEU cache {required} not found"
    return caches


def bleuprint_caches() -> list:
    caches = []
    for name, module in sorted(sys.modules.items()):
        if name.startswith(("bleuprint.impl", "bleuprint.metrics")) and module is not None:
            caches += _caches_in_module(module)
    return caches


def clear(caches) -> None:
    for cache in caches:
        cache.cache_clear()


def timed(function, caches, repeats: int):
    """Median wall time of ``repeats`` cold calls, and the last result."""
    times, result = [], None
    for _ in range(repeats):
        clear(caches)
        gc.collect()
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def floor_time(hyps, refs, repeats: int) -> float:
    def split_all():
        for line in hyps:
            line.split()
        for line in refs:
            line.split()

    return timed(split_all, [], repeats)[0]


def load_ted():
    data = json.loads(TED.read_text(encoding="utf-8"))
    reference = data["references"][0]
    hyps, refs = [], []
    for outputs in data["systems"].values():
        hyps += outputs
        refs += [[line] for line in reference]
    return hyps, refs


def machine() -> dict:
    import sacrebleu

    model = platform.processor()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "platform": platform.platform(),
        "cpu": model,
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "sacrebleu": sacrebleu.__version__,
        # Which compiled kernels bleuprint.impl runs (BLEUPRINT_NO_NATIVE=1: numpy only).
        "kernels": ", ".join(k for k, built in native.available().items() if built) or "none (numpy only)",
    }


def run_corpus(name: str, hyps, refs, repeats: int, tasks) -> list[dict]:
    import sacrebleu.metrics as metrics

    streams = [[r[0] for r in refs]]  # sacreBLEU's layout: one stream per reference
    sacre_caches, own_caches = sacrebleu_caches(), bleuprint_caches()
    floor = floor_time(hyps, streams[0], repeats)
    print_row.header_done = False
    print(f"\n{name}: {len(hyps):,} segments, floor (str.split of hyps and refs) {floor * 1000:.1f} ms",
          flush=True)
    rows = []
    for label, goal, make_metric, ours in tasks:
        sacre_time, sacre_score = timed(lambda: make_metric(metrics).corpus_score(hyps, streams).score,
                                        sacre_caches, repeats)
        own_caches = bleuprint_caches()  # modules may have been imported by the first call
        own_time, own_score = timed(lambda: ours(hyps, refs), own_caches, repeats)
        speedup = sacre_time / own_time
        rows.append({
            "corpus": name, "segments": len(hyps), "metric": label,
            "sacrebleu_s": sacre_time, "bleuprint_s": own_time, "speedup": speedup,
            "goal": goal, "pass": speedup >= goal, "floor_s": floor,
            "bleuprint_over_floor": own_time / floor, "sacrebleu_over_floor": sacre_time / floor,
            "sacrebleu_score": sacre_score, "bleuprint_score": own_score,
            "scores_agree": abs(sacre_score - own_score) <= AGREEMENT,
        })
        print_row(rows[-1])
    return rows


HEADER = (f"{'corpus':<16} {'metric':<10} {'sacreBLEU s':>11} {'bleuprint s':>11} {'ratio':>7} "
          f"{'goal':>5} {'pass':>4} {'x floor':>8}  scores")


def print_row(row: dict) -> None:
    if not getattr(print_row, "header_done", False):
        print(HEADER)
        print("-" * len(HEADER))
        print_row.header_done = True
    agree = "same" if row["scores_agree"] else f"DIFFER {row['sacrebleu_score']!r} vs {row['bleuprint_score']!r}"
    print(f"{row['corpus']:<16} {row['metric']:<10} {row['sacrebleu_s']:>11.3f} {row['bleuprint_s']:>11.3f} "
          f"{row['speedup']:>6.1f}x {row['goal']:>4}x {'yes' if row['pass'] else 'NO':>4} "
          f"{row['bleuprint_over_floor']:>7.1f}x  {agree}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="3 repeats and a 10,000-segment synthetic corpus (a smoke run, not the figures)")
    parser.add_argument("--repeats", type=int, help="timed runs per measurement (default 5, or 3 with --quick)")
    parser.add_argument("--segments", type=int, help="synthetic corpus size (default 100,000, or 10,000 with --quick)")
    parser.add_argument("--seed", type=int, default=20211, help="seed of the synthetic corpus")
    parser.add_argument("--chinese-share", type=float, default=0.02,
                        help="share of Chinese segments in the synthetic corpus (default 0.02)")
    parser.add_argument("--only", help="comma-separated metric labels to run (e.g. 'BLEU 13a,chrF')")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    repeats = args.repeats or (3 if args.quick else 5)
    segments = args.segments or (10_000 if args.quick else 100_000)
    tasks = TASKS
    if args.only:
        wanted = {label.strip() for label in args.only.split(",")}
        tasks = [t for t in TASKS if t[0] in wanted]
        if not tasks:
            parser.error(f"--only matches none of {', '.join(t[0] for t in TASKS)}")

    info = machine()
    print("bleuprint.impl vs sacreBLEU, corpus level, cold, median of", repeats)
    for key, value in info.items():
        print(f"  {key}: {value}")

    rows = []
    if TED.exists():
        hyps, refs = load_ted()
        rows += run_corpus("ted-ende x13", hyps, refs, repeats, tasks)
    else:
        print(f"\nted-ende: skipped, {TED} not found (it lives beside the repository, in ../shared)")
    print(f"\ngenerating the synthetic corpus ({segments:,} segments, seed {args.seed}, "
          f"{args.chinese_share:.0%} Chinese)...", flush=True)
    hyps, refs = SyntheticCorpus(args.seed, chinese_share=args.chinese_share).corpus(segments)
    rows += run_corpus(f"synthetic {segments // 1000}k", hyps, refs, repeats, tasks)

    failed = [f"{r['corpus']} {r['metric']}" for r in rows if not r["pass"]]
    differ = [f"{r['corpus']} {r['metric']}" for r in rows if not r["scores_agree"]]
    print(f"\ngoals met: {len(rows) - len(failed)} of {len(rows)}" + (f"; missed: {', '.join(failed)}" if failed else ""))
    if differ:
        print(f"SCORES DIFFER from sacreBLEU: {', '.join(differ)}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": info, "repeats": repeats, "synthetic_segments": segments, "seed": args.seed,
            "chinese_share": args.chinese_share,
            "rows": rows,
        }, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
