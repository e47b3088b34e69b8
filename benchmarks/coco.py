"""Speed of bleuprint's CIDEr-D and coco BLEU (issue #18 item 6) against pycocoevalcap 1.2,
side by side in one process.

Usage::

    python benchmarks/coco.py                # 10,000 captions, best of 3
    python benchmarks/coco.py --quick        # 2,000 captions, best of 2 (a smoke run)
    python benchmarks/coco.py --json results.json

Corpus, from ``<repo>/../shared/corpora/ted-ende.json`` (13 systems' German outputs of
529 TED segments): the systems' outputs one after another, cycled to the number of
captions asked for, each an "image" with its one reference (``--refs 5`` adds the next
four systems' outputs of the same segment as further references, the COCO shape).

Tasks, each the whole call a user makes (input dicts or lists in, corpus value and
per-image scores out):

* ``CIDEr-D``: pycocoevalcap's ``Cider().compute_score(gts, res)`` against bleuprint's
  ``bleuprint.compat.pycocoevalcap.Cider().compute_score`` (the same dicts) and the metric's
  ``cider_rows`` + fsum (lists);
* ``BLEU-1..4``: ``Bleu(4).compute_score`` (its stdout silenced) against the compat
  ``Bleu(4)`` (corpus BLEU-1..4 and the per-image lists).

Each figure is the best of the repeats (the machine is shared), run alternately, CPU time
(``time.process_time``) beside wall time; ``x`` is pycocoevalcap's time over bleuprint's.
Goal: 20x on CPU and on wall time. Agreement: corpus values within 1e-12 and per-image
scores equal (``==``) are checked and printed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from sentences import timed  # noqa: E402
from speed import TED, bleuprint_caches, machine  # noqa: E402

from bleuprint.compat import pycocoevalcap as compat  # noqa: E402
from bleuprint.impl import native  # noqa: E402
from bleuprint.metrics.cider import impl as cider_impl  # noqa: E402

GOAL = 20.0


def corpus(n: int, n_refs: int) -> tuple[list, list]:
    data = json.loads(TED.read_text(encoding="utf-8"))
    systems = list(data["systems"].values())
    reference = data["references"][0]
    pairs = [(s, i) for s in range(len(systems)) for i in range(len(reference))]
    hyps, refs = [], []
    for k in range(n):
        s, i = pairs[k % len(pairs)]
        hyps.append(systems[s][i])
        refs.append([reference[i]] + [systems[(s + j) % len(systems)][i] for j in range(1, n_refs)])
    return hyps, refs


def tasks(hyps, refs):
    from pycocoevalcap.bleu.bleu import Bleu
    from pycocoevalcap.cider.cider import Cider

    gts = {i: r for i, r in enumerate(refs)}
    res = {i: [h] for i, h in enumerate(hyps)}

    def quiet(call):
        def run():
            with contextlib.redirect_stdout(io.StringIO()):
                return call()
        return run

    def lists():
        rows = cider_impl.cider_rows(hyps, refs)[:, 0]
        return math.fsum(rows.tolist()) / len(hyps), rows

    return {
        "CIDEr-D": {"pycocoevalcap": quiet(lambda: Cider().compute_score(gts, res)),
                    "bleuprint compat": lambda: compat.Cider().compute_score(gts, res),
                    "bleuprint lists": lists},
        "BLEU-1..4": {"pycocoevalcap": quiet(lambda: Bleu(4).compute_score(gts, res)),
                      "bleuprint compat": lambda: compat.Bleu(4).compute_score(gts, res)},
    }


def agree(task, want, got) -> str:
    if task == "CIDEr-D":
        ok = abs(float(want[0]) - got[0]) <= 1e-12 and [float(x) for x in want[1]] == [float(x) for x in got[1]]
    else:
        ok = list(want[0]) == list(got[0]) and want[1] == got[1]
    return "yes" if ok else "NO"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--refs", type=int, default=1)
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args(argv)
    n, repeats = (2000, 2) if args.quick else (10000, 3)
    hyps, refs = corpus(n, args.refs)
    info = machine()
    print(f"{info['date_utc']}  {info['cpu']} ({info['cpu_count']} cores)  {info['platform']}")
    print(f"{n} captions, {args.refs} reference(s) each; kernels: cider={native.cider is not None}, "
          f"ngrams={native.ngrams is not None}; best of {repeats}")
    caches = bleuprint_caches()
    rows = []
    for task, tools in tasks(hyps, refs).items():
        cpu = {t: [] for t in tools}
        wall = {t: [] for t in tools}
        results = {}
        for _ in range(repeats):
            for tool, call in tools.items():
                c, w, results[tool] = timed(call, caches if tool != "pycocoevalcap" else [], 1)
                cpu[tool].append(c)
                wall[tool].append(w)
        base_cpu, base_wall = min(cpu["pycocoevalcap"]), min(wall["pycocoevalcap"])
        for tool in tools:
            c, w = min(cpu[tool]), min(wall[tool])
            row = {"task": task, "tool": tool, "cpu_s": c, "wall_s": w, "x_cpu": base_cpu / c, "x_wall": base_wall / w,
                   "agrees": "-" if tool == "pycocoevalcap" else agree(task, results["pycocoevalcap"], results[tool])}
            row["goal_met"] = "-" if tool == "pycocoevalcap" else (
                "yes" if min(row["x_cpu"], row["x_wall"]) >= GOAL else "no")
            rows.append(row)
    print(f"{'task':10} {'tool':18} {'CPU s':>8} {'wall s':>8} {'x CPU':>7} {'x wall':>7} {'goal 20x':>8} agrees")
    for r in rows:
        print(f"{r['task']:10} {r['tool']:18} {r['cpu_s']:8.3f} {r['wall_s']:8.3f} {r['x_cpu']:7.1f} "
              f"{r['x_wall']:7.1f} {r['goal_met']:>8} {r['agrees']}")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "rows": rows}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
