"""Speed of sentence-level scoring (issue #16): every segment's score in one call of
``bleuprint.impl.sentence_scores``, against sacreBLEU 2.5.1's ``sentence_score`` called
once per segment, bleuscore (BLEU) and fastchrf (chrF), side by side in one process.

Usage::

    python benchmarks/sentences.py             # median of 5, ted-ende x13 and 100,000 synthetic segments
    python benchmarks/sentences.py --quick     # median of 3, 10,000 synthetic segments (a smoke run)
    python benchmarks/sentences.py --json results.json

Corpora: all 13 systems of ``<repo>/../shared/corpora/ted-ende.json`` concatenated (6,877
segments, one reference each; skipped with a message when absent) and the seeded
synthetic corpus of ``benchmarks/synthetic.py`` (the one ``speed.py`` uses).

Work timed (the same segments for every tool, the layout converted outside the timing):

* bleuprint: ``sentence_scores("bleu", ...)`` (sacreBLEU's sentence defaults: effective
  order) and ``sentence_scores("chrf", ...)``, one call each;
* sacreBLEU: ``BLEU(effective_order=True).sentence_score(h, [r]).score`` and
  ``CHRF().sentence_score(h, [r]).score`` in a loop, its tokenizer caches cleared before
  each run (as in ``speed.py``);
* bleuscore 0.2.0: ``compute([[r]], [h])`` per segment (it has no batch call; no smoothing,
  which is its default);
* fastchrf 0.2.1: one ``pairwise_chrf`` call with a 1 x 1 matrix per segment (its batch
  layout; it runs on several threads, so its CPU time exceeds its wall time).

Each figure is the median of the repeats, CPU time (``time.process_time``, all threads)
beside wall time. ``x`` columns are the peer's time over bleuprint's. Goals (issue #16):
50x sacreBLEU, 3x bleuscore (BLEU), 3x fastchrf (chrF); each is judged on CPU and on wall
time separately.

Agreement: bleuprint's scores must equal sacreBLEU's loop exactly (``==`` on every
segment); bleuscore's (0..1, no smoothing, no effective order) are compared with
bleuprint's under the same definition (``smooth_method="none", effective_order=False``)
and fastchrf's with bleuprint's chrF, by the largest absolute difference on 0..100.
bleuscore and fastchrf are benchmark peers only (``pip install -e .[bench]``), never
dependencies.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from speed import TED, bleuprint_caches, clear, load_ted, machine, sacrebleu_caches  # noqa: E402
from synthetic import SyntheticCorpus  # noqa: E402

from bleuprint import impl  # noqa: E402

GOALS = {"sacreBLEU": 50, "bleuscore": 3, "fastchrf": 3}


def timed(function, caches, repeats: int) -> tuple[float, float, object]:
    """Median CPU and wall time of ``repeats`` cold calls, and the last result."""
    cpu, wall, result = [], [], None
    for _ in range(repeats):
        clear(caches)
        gc.collect()
        c0, w0 = time.process_time(), time.perf_counter()
        result = function()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return statistics.median(cpu), statistics.median(wall), result


def peers():
    """The optional peers that are installed: {name: module}."""
    found = {}
    for name in ("bleuscore", "fastchrf"):
        try:
            found[name] = __import__(name)
        except ImportError:
            print(f"  {name}: not installed (pip install -e .[bench]); its rows are left out")
    return found


def run_corpus(label: str, hyps: list, refs: list, repeats: int, sacrebleu_repeats: int, found: dict) -> list:
    import sacrebleu

    ours_caches, theirs_caches = bleuprint_caches(), sacrebleu_caches()
    flat_refs = [r[0] for r in refs]
    rows = []
    print(f"\n{label}: {len(hyps):,} segments", flush=True)

    def report(metric, tool, ours, theirs, agree):
        cpu_x, wall_x = theirs[0] / ours[0], theirs[1] / ours[1]
        goal = GOALS[tool]
        row = {"corpus": label, "metric": metric, "peer": tool, "segments": len(hyps),
               "bleuprint_cpu_s": ours[0], "bleuprint_wall_s": ours[1], "peer_cpu_s": theirs[0],
               "peer_wall_s": theirs[1], "cpu_ratio": cpu_x, "wall_ratio": wall_x, "goal": goal,
               "met_cpu": cpu_x >= goal, "met_wall": wall_x >= goal, "agreement": agree}
        rows.append(row)
        print(f"  {metric:<5} {tool:<10} {theirs[0]:9.3f} {theirs[1]:9.3f} {ours[0]:9.4f} {ours[1]:9.4f} "
              f"{cpu_x:7.1f} {wall_x:7.1f} {goal:>5}x {'yes' if row['met_cpu'] else 'NO':>4} "
              f"{'yes' if row['met_wall'] else 'NO':>4}  {agree}", flush=True)

    print(f"  {'':<5} {'peer':<10} {'peer cpu':>9} {'peer wall':>9} {'ours cpu':>9} {'ours wall':>9} "
          f"{'x cpu':>7} {'x wall':>7} {'goal':>6} {'cpu':>4} {'wall':>4}  agreement")
    bleu = timed(lambda: impl.sentence_scores("bleu", hyps, refs), ours_caches, repeats)
    chrf = timed(lambda: impl.sentence_scores("chrf", hyps, refs), ours_caches, repeats)

    scorer = sacrebleu.BLEU(effective_order=True)
    theirs = timed(lambda: [scorer.sentence_score(h, [r]).score for h, r in zip(hyps, flat_refs)],
                   theirs_caches, sacrebleu_repeats)
    same = bool(np.array_equal(bleu[2], np.array(theirs[2])))
    report("BLEU", "sacreBLEU", bleu, theirs, "bit-identical" if same else "DIFFERENT")
    if "bleuscore" in found:
        compute = found["bleuscore"].compute
        theirs = timed(lambda: [compute([r], [h])["bleu"] for h, r in zip(hyps, refs)], [], repeats)
        plain = impl.sentence_scores(impl.metric("bleu", smooth_method="none", effective_order=False), hyps, refs)
        gap = float(np.max(np.abs(100 * np.array(theirs[2]) - plain)))
        report("BLEU", "bleuscore", bleu, theirs, f"max |diff| {gap:.2g} (no smoothing)")

    scorer = sacrebleu.CHRF()
    theirs = timed(lambda: [scorer.sentence_score(h, [r]).score for h, r in zip(hyps, flat_refs)],
                   theirs_caches, sacrebleu_repeats)
    same = bool(np.array_equal(chrf[2], np.array(theirs[2])))
    report("chrF", "sacreBLEU", chrf, theirs, "bit-identical" if same else "DIFFERENT")
    if "fastchrf" in found:
        pairwise_chrf = found["fastchrf"].pairwise_chrf
        singles = [[h] for h in hyps]
        theirs = timed(lambda: pairwise_chrf(singles, refs), [], repeats)
        gap = float(np.max(np.abs(np.array([m[0][0] for m in theirs[2]]) - chrf[2])))
        report("chrF", "fastchrf", chrf, theirs, f"max |diff| {gap:.2g}")
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 repeats, 10,000 synthetic segments (a smoke run)")
    parser.add_argument("--repeats", type=int, help="timed runs per measurement (default 5, or 3 with --quick)")
    parser.add_argument("--sacrebleu-repeats", type=int,
                        help="timed runs of sacreBLEU's loops (default: --repeats; they take minutes at 100k)")
    parser.add_argument("--segments", type=int, help="synthetic corpus size (default 100,000, or 10,000 with --quick)")
    parser.add_argument("--seed", type=int, default=20211, help="seed of the synthetic corpus")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    repeats = args.repeats or (3 if args.quick else 5)
    sacrebleu_repeats = args.sacrebleu_repeats or repeats
    segments = args.segments or (10_000 if args.quick else 100_000)

    info = machine()
    print(f"sentence-level scores: bleuprint.impl.sentence_scores vs sacreBLEU, bleuscore, fastchrf; "
          f"median of {repeats} (sacreBLEU {sacrebleu_repeats}); times in seconds")
    for key, value in info.items():
        print(f"  {key}: {value}")
    found = peers()
    for name, module in found.items():
        info[name] = getattr(module, "__version__", "?")

    rows = []
    if TED.exists():
        hyps, refs = load_ted()
        rows += run_corpus("ted-ende x13", hyps, refs, repeats, sacrebleu_repeats, found)
    else:
        print(f"\nted-ende: skipped, {TED} not found (it lives beside the repository, in ../shared)")
    hyps, refs = SyntheticCorpus(args.seed).corpus(segments)
    rows += run_corpus(f"synthetic {segments // 1000}k", hyps, refs, repeats, sacrebleu_repeats, found)

    missed = [f"{r['corpus']} {r['metric']} vs {r['peer']}" for r in rows if not (r["met_cpu"] and r["met_wall"])]
    differ = [f"{r['corpus']} {r['metric']}" for r in rows if r["agreement"] == "DIFFERENT"]
    print(f"\ngoals met on CPU and wall: {len(rows) - len(missed)} of {len(rows)}"
          + (f"; missed: {', '.join(missed)}" if missed else ""))
    if differ:
        print(f"SCORES DIFFER from sacreBLEU: {', '.join(differ)}")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "repeats": repeats,
                                               "sacrebleu_repeats": sacrebleu_repeats,
                                               "synthetic_segments": segments, "seed": args.seed, "rows": rows},
                                              indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
