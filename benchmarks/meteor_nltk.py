"""Speed of bleuprint's nltk METEOR (issue #19 item 5) against nltk 3.10.4's
``meteor_score`` itself, side by side in one process.

Usage::

    python benchmarks/meteor_nltk.py                # 10,000 segments, best of 3
    python benchmarks/meteor_nltk.py --quick        # 2,000 segments, best of 2
    python benchmarks/meteor_nltk.py --json results.json

Corpus: ``<repo>/../shared/corpora/ted-ende.json`` (13 systems' German outputs of 529 TED
segments, one reference), the systems' outputs one after another cycled to the number of
segments (segment k: output k and its reference), as benchmarks/wer.py reads it. German
text against the English WordNet: few synonym matches, but every unmatched word is still
looked up, which is where nltk's time goes.

Tasks: ``defaults`` (exact, stem and WordNet synonym stages) and ``no-synonyms`` (nltk
given a WordNet that knows no word; bleuprint's ``synonyms=False``). nltk:
``meteor_score([ref.split()], hyp.split())`` per segment; bleuprint:
``impl.meteor_nltk_rows``. Both return every segment's score; they are compared (``==``).

WordNet is loaded once before timing, for both (nltk's ``ensure_loaded``, bleuprint's
reader: about 1 s each, not timed). bleuprint's memos of stems and synonym sets are
cleared before each of its runs (a cold start: each distinct word is stemmed and looked
up once per run). Each figure is the best of the repeats (the machine is shared), run
alternately, CPU time (``time.process_time``) beside wall time. Goal: at least 10x nltk's
speed on CPU and wall time.
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
from speed import TED  # noqa: E402

from bleuprint.metrics.meteor_nltk import impl  # noqa: E402

GOAL = 10.0


class _Memos:
    """``timed``'s cache protocol for bleuprint's stem and synonym memos."""

    @staticmethod
    def cache_clear():
        impl.clear_memos()


def corpus(n_segments: int) -> tuple[list, list]:
    """wer.py's pairs: the systems' outputs one after another, cycled, with their reference."""
    from wer import corpus as ted_pairs

    return ted_pairs(n_segments)


def calls(hyps: list, refs: list, task: str) -> dict:
    """{tool: call returning every segment's score}."""
    from nltk.translate.meteor_score import meteor_score

    from bleuprint.metrics.meteor_nltk.oracle_cases import nltk_wordnet

    synonyms = task == "defaults"
    wordnet = nltk_wordnet(synonyms)
    if synonyms:
        wordnet.ensure_loaded()
        impl.wordnet_reader(None)  # loaded once, as nltk's
    groups = [[r] for r in refs]

    def via_nltk():
        return [meteor_score([r.split()], h.split(), wordnet=wordnet) for h, r in zip(hyps, refs)]

    def via_bleuprint():
        return [row[0] for row in impl.meteor_nltk_rows(hyps, groups, synonyms=synonyms)]

    return {"nltk": via_nltk, "bleuprint": via_bleuprint}


def run(hyps, refs, task, repeats) -> list[dict]:
    tools = calls(hyps, refs, task)
    cpu = {t: [] for t in tools}
    wall = {t: [] for t in tools}
    results = {}
    for _ in range(repeats):
        for tool, call in tools.items():
            c, w, results[tool] = timed(call, [_Memos] if tool == "bleuprint" else [], 1)
            cpu[tool].append(c)
            wall[tool].append(w)
    best_cpu = {t: min(v) for t, v in cpu.items()}
    best_wall = {t: min(v) for t, v in wall.items()}
    return [{"task": task, "tool": tool, "cpu_s": best_cpu[tool], "wall_s": best_wall[tool],
             "x_nltk_cpu": best_cpu["nltk"] / best_cpu[tool], "x_nltk_wall": best_wall["nltk"] / best_wall[tool],
             "agrees": results[tool] == results["nltk"]} for tool in tools]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2,000 segments, best of 2")
    parser.add_argument("--segments", type=int, help="segments (default 10,000, or 2,000 with --quick)")
    parser.add_argument("--repeats", type=int, help="timed runs per tool (default 3, or 2 with --quick)")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    n_segments = args.segments or (2000 if args.quick else 10000)
    repeats = args.repeats or (2 if args.quick else 3)
    if not TED.exists():
        print(f"{TED} not found: nothing to measure")
        return 1
    try:
        from bleuprint.metrics.meteor_nltk.oracle_cases import require_nltk

        require_nltk()
        impl.wordnet_reader(None)
    except (RuntimeError, ValueError) as exc:
        print(f"cannot run: {exc}")
        return 1
    print(f"best of {repeats}; {n_segments:,} segments")
    hyps, refs = corpus(n_segments)
    print(f"{'task':<12} {'tool':<10} {'CPU s':>8} {'wall s':>8} {'x nltk CPU':>10} {'x nltk wall':>11} "
          f"{'agrees':>6}  goal")
    rows = []
    for task in ("defaults", "no-synonyms"):
        for row in run(hyps, refs, task, repeats):
            rows.append(row)
            goal = ""
            if row["tool"] == "bleuprint":
                goal = "met" if min(row["x_nltk_cpu"], row["x_nltk_wall"]) >= GOAL and row["agrees"] else "NOT met"
            print(f"{task:<12} {row['tool']:<10} {row['cpu_s']:>8.3f} {row['wall_s']:>8.3f} {row['x_nltk_cpu']:>9.2f}x "
                  f"{row['x_nltk_wall']:>10.2f}x {str(row['agrees']):>6}  {goal}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version()},
            "settings": {"segments": n_segments, "repeats": repeats}, "rows": rows}, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
