"""Speed of bleuprint's WER and CER (issue #18 item 6) against jiwer 4.0.0, side by side in
one process, and against rapidfuzz 3.14.6's ``Levenshtein.opcodes`` called directly (the
C++ alignment jiwer uses, without jiwer's Python around it: the fastest peer).

Usage::

    python benchmarks/wer.py                # 10,000 pairs, best of 3
    python benchmarks/wer.py --quick        # 2,000 pairs, best of 2
    python benchmarks/wer.py --json results.json

Corpus: ``<repo>/../shared/corpora/ted-ende.json`` (13 systems' German outputs of 529 TED
segments, one reference), the systems' outputs one after another cycled to the number of
pairs (pair k: output k and its reference).

Tasks: ``WER`` (jiwer's ``process_words(refs, hyps)``; rapidfuzz: jiwer's default
transform, words interned as ints, ``opcodes`` per pair, counts summed; bleuprint:
``impl.counts_matrix`` summed, then the measure) and ``CER`` (``process_characters``;
rapidfuzz on the stripped strings; bleuprint on code points). Every tool returns the
pooled (H, S, D, I) and the measure; they are compared with jiwer's (``==``).

Each figure is the best of the repeats (the machine is shared), run alternately, CPU time
(``time.process_time``, every thread) beside wall time. ``x jiwer`` is jiwer's time over the
tool's; ``x rf`` rapidfuzz-direct's over bleuprint's. Goal: at least jiwer's speed (1.0x) on
CPU and wall time.

Why no bit-parallel distance: rapidfuzz's Hyyro bit-vectors give the distance in n m / 64
word operations, and its back-trace needs those bit-vectors stored (2 bits a cell);
bleuprint's kernel keeps one byte a cell and loops cell by cell. On these pairs (about 20
words, 110 characters) the table is small and the time goes to tokenizing and interning,
so the simple table already beats jiwer; see the printed rows for the rapidfuzz-direct
comparison.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from sentences import timed  # noqa: E402
from speed import TED, bleuprint_caches  # noqa: E402

from bleuprint.impl import native  # noqa: E402
from bleuprint.metrics.wer import impl as wer_impl  # noqa: E402
from bleuprint.metrics.wer.spec import measure_from_counts  # noqa: E402

GOAL = 1.0


def corpus(n_pairs: int) -> tuple[list, list]:
    data = json.loads(TED.read_text(encoding="utf-8"))
    reference = data["references"][0]
    hyps, refs = [], []
    for outputs in data["systems"].values():
        hyps += outputs
        refs += reference
    return [hyps[k % len(hyps)] for k in range(n_pairs)], [refs[k % len(refs)] for k in range(n_pairs)]


def calls(hyps: list, refs: list, task: str) -> dict:
    """{tool: call returning (H, S, D, I, measure)}."""
    import jiwer
    from rapidfuzz.distance import Levenshtein

    unit = "words" if task == "WER" else "characters"
    targets = [[r] for r in refs]

    def via_jiwer():
        out = jiwer.process_words(refs, hyps) if unit == "words" else jiwer.process_characters(refs, hyps)
        return out.hits, out.substitutions, out.deletions, out.insertions, out.wer if unit == "words" else out.cer

    def via_rapidfuzz():
        import re

        runs = re.compile(r"\s\s+")
        if unit == "words":
            vocab: dict = {}

            def seq(text):
                return [vocab.setdefault(w, len(vocab)) for w in runs.sub(" ", text).strip().split(" ") if w]
        else:
            def seq(text):
                return text.strip()
        h = s = d = i = n_ref = n_hyp = 0
        for ref, hyp in zip(refs, hyps):
            a, b = seq(ref), seq(hyp)
            n_ref += len(a)
            n_hyp += len(b)
            for tag, i1, i2, j1, j2 in Levenshtein.opcodes(a, b):
                if tag == "equal":
                    h += i2 - i1
                elif tag == "replace":
                    s += i2 - i1
                elif tag == "delete":
                    d += i2 - i1
                else:
                    i += j2 - j1
        return h, s, d, i, measure_from_counts([h, s, d, i, n_ref, n_hyp], "wer")

    def via_bleuprint():
        summed = wer_impl.counts_matrix(hyps, targets, unit).sum(axis=0).tolist()
        return (*summed[:4], measure_from_counts(summed, "wer"))

    return {"jiwer": via_jiwer, "rapidfuzz-direct": via_rapidfuzz, "bleuprint": via_bleuprint}


def run(hyps, refs, task, repeats) -> list[dict]:
    tools = calls(hyps, refs, task)
    caches = bleuprint_caches()
    cpu = {t: [] for t in tools}
    wall = {t: [] for t in tools}
    results = {}
    for _ in range(repeats):
        for tool, call in tools.items():
            c, w, results[tool] = timed(call, caches if tool == "bleuprint" else [], 1)
            cpu[tool].append(c)
            wall[tool].append(w)
    best_cpu = {t: min(v) for t, v in cpu.items()}
    best_wall = {t: min(v) for t, v in wall.items()}
    rows = []
    for tool in tools:
        row = {"task": task, "tool": tool, "cpu_s": best_cpu[tool], "wall_s": best_wall[tool],
               "x_jiwer_cpu": best_cpu["jiwer"] / best_cpu[tool], "x_jiwer_wall": best_wall["jiwer"] / best_wall[tool],
               "agrees": results[tool] == results["jiwer"]}
        if tool == "bleuprint":
            row["x_rf_cpu"] = best_cpu["rapidfuzz-direct"] / best_cpu[tool]
            row["x_rf_wall"] = best_wall["rapidfuzz-direct"] / best_wall[tool]
        rows.append(row)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2,000 pairs, best of 2")
    parser.add_argument("--pairs", type=int, help="pairs (default 10,000, or 2,000 with --quick)")
    parser.add_argument("--repeats", type=int, help="timed runs per tool (default 3, or 2 with --quick)")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    n_pairs = args.pairs or (2000 if args.quick else 10000)
    repeats = args.repeats or (2 if args.quick else 3)
    if not TED.exists():
        print(f"{TED} not found: nothing to measure")
        return 1
    print(f"native kernels: {native.available()}; threads: {native.THREADS}; best of {repeats}; {n_pairs:,} pairs")
    hyps, refs = corpus(n_pairs)
    print(f"{'task':<5} {'tool':<17} {'CPU s':>8} {'wall s':>8} {'x jiwer CPU':>11} {'x jiwer wall':>12} "
          f"{'x rf CPU':>9} {'x rf wall':>9} {'agrees':>6}  goal")
    rows = []
    for task in ("WER", "CER"):
        for row in run(hyps, refs, task, repeats):
            rows.append(row)
            rf = f"{row['x_rf_cpu']:>8.2f}x {row['x_rf_wall']:>8.2f}x" if "x_rf_cpu" in row else f"{'':>9} {'':>9}"
            goal = ""
            if row["tool"] == "bleuprint":
                goal = "met" if min(row["x_jiwer_cpu"], row["x_jiwer_wall"]) >= GOAL and row["agrees"] else "NOT met"
            print(f"{task:<5} {row['tool']:<17} {row['cpu_s']:>8.3f} {row['wall_s']:>8.3f} {row['x_jiwer_cpu']:>10.2f}x "
                  f"{row['x_jiwer_wall']:>11.2f}x {rf} {str(row['agrees']):>6}  {goal}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(),
                        "threads": native.THREADS, "kernels": native.available()},
            "settings": {"pairs": n_pairs, "repeats": repeats}, "rows": rows}, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
