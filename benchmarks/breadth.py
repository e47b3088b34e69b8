"""Issue #18's speed goals in one run, side by side: CIDEr-D and coco BLEU against
pycocoevalcap 1.2 (goal: 20x), WER and CER against jiwer 4.0.0 (goal: at least as fast),
self-BLEU on 10,000 outputs (goal: under a minute), and distinct-n and perplexity beside
plain code (no oracle package exists).

It runs the four benchmarks one after the other in this process (``coco.py``, ``wer.py``,
``self_bleu.py``, ``diversity.py``; each prints its own table, CPU time beside wall time,
every value checked against the oracle's), then prints one summary line per goal from
their results. Run it on a quiet machine::

    python benchmarks/breadth.py            # 10,000 captions / pairs / outputs, best of 3
    python benchmarks/breadth.py --quick    # 2,000, a smoke run

Needs the ``bench`` extra (pycocoevalcap, jiwer, sacrebleu, nltk) and
``../shared/corpora/ted-ende.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import coco  # noqa: E402
import diversity  # noqa: E402
import self_bleu  # noqa: E402
import wer  # noqa: E402


def _coco_rows(path: Path) -> list[str]:
    rows = json.loads(path.read_text(encoding="utf-8"))["rows"]
    out = []
    for row in rows:
        if row["tool"] == "pycocoevalcap":
            continue
        out.append(f"{row['task']:<11} {row['tool']:<16} x{min(row['x_cpu'], row['x_wall']):>7.1f} vs pycocoevalcap "
                   f"(goal 20x: {'met' if row['goal_met'] == 'yes' else 'NOT met'}; agrees: {row['agrees']})")
    return out


def _wer_rows(path: Path) -> list[str]:
    rows = json.loads(path.read_text(encoding="utf-8"))["rows"]
    out = []
    for row in rows:
        if row["tool"] != "bleuprint":
            continue
        ratio = min(row["x_jiwer_cpu"], row["x_jiwer_wall"])
        out.append(f"{row['task']:<11} {'bleuprint':<16} x{ratio:>7.2f} vs jiwer "
                   f"(goal 1x: {'met' if ratio >= 1 and row['agrees'] else 'NOT met'}; agrees: {row['agrees']})")
    return out


def _self_bleu_rows(path: Path) -> list[str]:
    rows = json.loads(path.read_text(encoding="utf-8"))
    return [f"{'self-BLEU':<11} {row['variant'] + ' ' + row['corpus']:<16} {row['bleuprint_wall']:>7.2f} s wall for "
            f"{row['outputs']:,} outputs (goal < 60 s: {'met' if row['goal_met'] else 'NOT met'}; "
            f"mismatched rows: {row['mismatches']})" for row in rows]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    quick = ["--quick"] if args.quick else []
    with tempfile.TemporaryDirectory() as folder:
        paths = {name: Path(folder) / f"{name}.json" for name in ("coco", "wer", "self_bleu", "diversity")}
        for name, module in (("coco", coco), ("wer", wer), ("self_bleu", self_bleu), ("diversity", diversity)):
            print(f"\n== benchmarks/{name}.py")
            status = module.main([*quick, "--json", str(paths[name])])
            if status:
                print(f"benchmarks/{name}.py stopped with status {status}")
                return status
        print("\n== goals (ratios: the lower of the CPU and wall ratios)")
        for line in _coco_rows(paths["coco"]) + _wer_rows(paths["wer"]) + _self_bleu_rows(paths["self_bleu"]):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
