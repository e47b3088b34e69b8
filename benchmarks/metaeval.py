"""Speed of bleuprint.metaeval.impl against google-research/mt-metrics-eval (issue #36, item 5),
in one process, with the numbers checked identical.

Usage::

    python benchmarks/metaeval.py --mtme PATH            # the issue's sizes, best of 3
    python benchmarks/metaeval.py --mtme PATH --quick    # a tenth of the sizes, best of 1
    python benchmarks/metaeval.py --mtme PATH --json results.json

``PATH`` is the root of a mt-metrics-eval checkout (its ``stats.py`` needs scipy; the PyPI
package of that name is an unrelated upload). The oracle is run as the task runs it.

1. Soft pairwise accuracy of 10 metrics against one human matrix, 15 systems x 2,000
   segments, 1,000 permutations, seed 4: mt-metrics-eval computes it metric by metric
   (``data.CompareMetricsWithPairwiseConfidenceError`` calls ``stats.PairwiseConfidenceError``
   for each, which runs ``pce.compute_pairwise_p_values`` on the human and the metric
   matrices); bleuprint's ``impl.soft_pairwise_accuracies`` draws the sign matrix once (with
   the ``_pce`` kernel where it is built: ``native.available()``, printed), computes the human
   p-values once, makes every metric's permuted sums in one float32 product and counts all
   pairs in broadcast comparisons. The ten values must be equal (``==``).
2. acc23 with its tie threshold search (``stats.KendallWithTiesOpt``, ``sample_rate=1.0``,
   averaged by item, as WMT23/24) on 100,065 segment pairs: 15 systems x 953 items (105
   pairs an item), MQM-like human scores (ties) and COMET-like metric scores with ties;
   bleuprint's ``impl.tie_calibrated``. The best value, its threshold and the value at every
   threshold must be equal (``==``).

Times are wall clock (``time.perf_counter``) and CPU (``time.process_time``, every thread),
the best of the repeats; the goal is 10x on each, in wall and in CPU time. ``--blas-threads N`` sets
``OPENBLAS_NUM_THREADS`` (and OMP's) before numpy loads, for both sides alike: on a shared
2-core machine one BLAS thread is faster than two for these small products.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

if __name__ == "__main__" and "--blas-threads" in sys.argv:  # before numpy loads
    _threads = sys.argv[sys.argv.index("--blas-threads") + 1]
    os.environ.update(OPENBLAS_NUM_THREADS=_threads, OMP_NUM_THREADS=_threads, MKL_NUM_THREADS=_threads)

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from bleuprint.impl import native  # noqa: E402
from bleuprint.metaeval import impl  # noqa: E402
from bleuprint.oracles.mtme_goldens import load_oracle  # noqa: E402

GOAL = 10.0
MQM = (0.0, 0.0, 0.0, 0.0, -1.0, -1.0, -2.0, -5.0, -5.0, -10.0, -25.0, -0.1, -0.5)


def spa_inputs(systems: int, segments: int, metrics: int, seed: int = 3601):
    rnd = random.Random(seed)
    quality = [rnd.uniform(-3.0, 0.0) for _ in range(systems)]
    gold = [[min(0.0, rnd.choice(MQM) + q) for _ in range(segments)] for q in quality]
    out = []
    for k in range(metrics):
        noise = 0.05 + 0.05 * k
        out.append([[round(0.8 + g / 25.0 + rnd.gauss(0.0, noise), 4) for g in row] for row in gold])
    return gold, out


def acc23_inputs(systems: int, items: int, seed: int = 3602):
    rnd = random.Random(seed)
    gold = [[rnd.choice(MQM) for _ in range(items)] for _ in range(systems)]
    metric = [[round(0.8 + g / 25.0 + rnd.gauss(0.0, 0.1), 3) for g in row] for row in gold]
    return gold, metric


def best_of(repeats: int, call):
    """``((best wall seconds, best CPU seconds), value)``."""
    wall = cpu = None
    value = None
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        value = call()
        seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu
        wall = seconds if wall is None else min(wall, seconds)
        cpu = cpu_seconds if cpu is None else min(cpu, cpu_seconds)
    return (wall, cpu), value


def figures(theirs, ours) -> dict:
    return {"mt_metrics_eval_s": theirs[0], "bleuprint_s": ours[0], "speedup": theirs[0] / ours[0],
            "mt_metrics_eval_cpu_s": theirs[1], "bleuprint_cpu_s": ours[1], "speedup_cpu": theirs[1] / ours[1]}


def line(theirs, ours) -> str:
    return (f"  wall: mt-metrics-eval {theirs[0]:.3f} s, bleuprint {ours[0]:.3f} s, {theirs[0] / ours[0]:.1f}x;"
            f"  CPU: {theirs[1]:.3f} s, {ours[1]:.3f} s, {theirs[1] / ours[1]:.1f}x")


def flat(matrix):
    return [v for row in matrix for v in row]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mtme", required=True, type=Path, help="root of a mt-metrics-eval checkout")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--blas-threads", default=None, help="BLAS threads for both sides (module doc)")
    args = parser.parse_args(argv)
    oracle = load_oracle(args.mtme)
    stats = oracle["stats"]
    repeats = args.repeats or (1 if args.quick else 3)
    scale = 10 if args.quick else 1
    results = {"python": platform.python_version(), "numpy": np.__version__, "repeats": repeats,
               "blas_threads": args.blas_threads, "cpus": os.cpu_count(), "load_average": os.getloadavg()[0],
               "pce_kernel": native.available()["pce"]}

    # 1. soft pairwise accuracy
    systems, segments, metrics = 15, 2000 // scale, 10
    gold, metric_list = spa_inputs(systems, segments, metrics)
    gold_flat = flat(gold)

    def theirs_spa():
        return [float(stats.PairwiseConfidenceError(gold_flat, flat(m), systems, 1000)[0]) for m in metric_list]

    def ours_spa():
        impl.clear_sign_cache()  # no help from an earlier run
        return impl.soft_pairwise_accuracies(gold, metric_list, 1000, 4)

    t_theirs, v_theirs = best_of(repeats, theirs_spa)
    t_ours, v_ours = best_of(repeats, ours_spa)
    same = v_theirs == v_ours
    results["soft_pairwise_accuracy"] = {"systems": systems, "segments": segments, "metrics": metrics,
                                         "permutations": 1000, **figures(t_theirs, t_ours), "identical": same,
                                         "values": v_ours}
    print(f"soft pairwise accuracy, {metrics} metrics, {systems} systems x {segments} segments, 1,000 permutations "
          f"(_pce kernel: {'yes' if results['pce_kernel'] else 'no'}):")
    print(line(t_theirs, t_ours) + f"   identical: {same}")

    # 2. acc23 with the tie search
    items = 953 // scale
    gold2, metric2 = acc23_inputs(systems, items)
    pairs = items * systems * (systems - 1) // 2

    def theirs_acc23():
        best, threshold, result = stats.KendallWithTiesOpt(flat(gold2), flat(metric2), "acc23", systems, "item", 1.0)
        return best, threshold, result.thresholds, result.taus

    def ours_acc23():
        return impl.tie_calibrated(gold2, metric2, "acc23", "item")

    t_theirs, v_theirs = best_of(repeats, theirs_acc23)
    t_ours, v_ours = best_of(repeats, ours_acc23)
    same = (float(v_theirs[0]), float(v_theirs[1]), [float(t) for t in v_theirs[2]],
            [float(t) for t in v_theirs[3]]) == v_ours
    results["acc23"] = {"systems": systems, "items": items, "pairs": pairs, **figures(t_theirs, t_ours),
                        "identical": same, "acc23": v_ours[0], "threshold": v_ours[1], "thresholds": len(v_ours[2])}
    print(f"acc23 with the tie search, {pairs:,} segment pairs ({systems} systems x {items} items, by item):")
    print(line(t_theirs, t_ours) + f"   identical: {same}   (acc23 {v_ours[0]:.6f} at threshold {v_ours[1]}, "
                                   f"{len(v_ours[2]):,} thresholds)")

    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    ok = all(r["identical"] for r in (results["soft_pairwise_accuracy"], results["acc23"]))
    fast = all(min(r["speedup"], r["speedup_cpu"]) >= GOAL for r in (results["soft_pairwise_accuracy"], results["acc23"]))
    print(f"load average {results['load_average']:.2f} on {results['cpus']} CPUs; goal ({GOAL:.0f}x wall and CPU, identical): "
          f"{'met' if ok and fast else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
