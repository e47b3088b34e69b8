"""Speed of bleuprint's self-BLEU (issue #18 item 6: 10,000 outputs in under a minute)
against the oracles' loops: sacreBLEU 2.5.1 ``sentence_bleu`` of each output against all the
others (evalsuite) and nltk 3.10.4 ``sentence_bleu`` with method1 (texygen), in one run.

Usage::

    python benchmarks/self_bleu.py              # 10,000 outputs; oracles on 300, best of 3
    python benchmarks/self_bleu.py --quick      # 2,000 outputs; oracles on 100, best of 1
    python benchmarks/self_bleu.py --json results.json

Corpora, from ``<repo>/../shared/corpora/ted-ende.json`` (13 systems' German outputs of 529
TED segments: 6,877 outputs, 4,033 distinct), skipped with a message when it is absent:

* ``cycled``: the systems' outputs one after another, cycled to N (10,000 repeats 3,123 of
  them: duplicates, which bleuprint scores once per distinct output);
* ``distinct``: the same N lines where each past the first 6,877 gets another output
  appended (``L[k] + " " + L[7k mod 6877]``): nearly all distinct (the count is printed).

Rows: bleuprint ``impl.self_bleu`` on all N outputs (evalsuite: every output; texygen: its
first-500 rule means 500 outputs whatever N is). The oracles are quadratic (each of N
outputs against N - 1 references), so they run on the first S outputs (``--subset``) and
their time is **extrapolated quadratically** to N: t x (N / S)^2 (said in the table as
"extrap."). For texygen the oracle's real work is 500 outputs (Texygen's own rule): nltk on
the first 500 is measured, not extrapolated. Each figure is the best of the repeats (the
machine is shared): CPU time (``time.process_time``) beside wall time. ``x oracle`` is the
oracle's (extrapolated) time over bleuprint's.

Agreement: bleuprint's row of each of the S subset outputs against the oracle's (``==``),
scored on the subset alone (its own context), mismatches counted.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from bleuprint.metrics.self_bleu import impl  # noqa: E402

TED = REPO.parent / "shared" / "corpora" / "ted-ende.json"
GOAL_SECONDS = 60.0


def corpora(n: int) -> dict:
    data = json.loads(TED.read_text(encoding="utf-8"))
    lines = [o for outputs in data["systems"].values() for o in outputs]
    cycled = [lines[k % len(lines)] for k in range(n)]
    distinct = [lines[k] if k < len(lines) else lines[k % len(lines)] + " " + lines[(7 * k) % len(lines)]
                for k in range(n)]
    return {"cycled": cycled, "distinct": distinct}


def best(call, repeats: int):
    cpu, wall, result = [], [], None
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        result = call()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return min(cpu), min(wall), result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--outputs", type=int, default=None)
    parser.add_argument("--subset", type=int, default=None)
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args(argv)
    if not TED.exists():
        print(f"skipped: {TED} is absent (the TED corpus is needed)")
        return 0
    from bleuprint.metrics.self_bleu.oracle_cases import oracle_values

    n = args.outputs or (2000 if args.quick else 10000)
    subset = args.subset or (100 if args.quick else 300)
    repeats = args.repeats or (1 if args.quick else 3)
    print(f"self-BLEU, {n} outputs; oracles on {subset} (evalsuite, extrapolated x(N/S)^2) and on 500 (texygen); "
          f"best of {repeats}; Python {platform.python_version()}")
    results = []
    header = f"{'corpus':9} {'variant':9} {'tool':28} {'CPU s':>9} {'wall s':>9} {'x oracle CPU':>12} {'x wall':>8}"
    print(header)
    for name, outputs in corpora(n).items():
        print(f"# {name}: {len(set(outputs))} distinct of {len(outputs)}")
        for variant in ("evalsuite", "texygen"):
            ours_cpu, ours_wall, value = best(lambda: impl.self_bleu(outputs, variant), repeats)
            if variant == "evalsuite":
                sub = outputs[:subset]
                scale, label = (n / subset) ** 2, f"sacreBLEU loop (S={subset}, extrap.)"
            else:
                sub = outputs[:500]
                scale, label = 1.0, "nltk loop (first 500: measured)"
            o_cpu, o_wall, o_values = best(lambda: oracle_values(sub, variant), 1)
            mine = impl.self_bleu_matrix(sub, variant)[:, 0].tolist()
            mismatches = sum(a != b for a, b in zip(mine, o_values))
            o_cpu, o_wall = o_cpu * scale, o_wall * scale
            print(f"{name:9} {variant:9} {'bleuprint impl':28} {ours_cpu:9.3f} {ours_wall:9.3f} "
                  f"{o_cpu / ours_cpu:12.1f} {o_wall / ours_wall:8.1f}   value {value:.6f}")
            print(f"{name:9} {variant:9} {label:28} {o_cpu:9.1f} {o_wall:9.1f} {'':>12} {'':>8}   "
                  f"rows equal: {len(sub) - mismatches}/{len(sub)}")
            results.append({"corpus": name, "variant": variant, "outputs": n, "bleuprint_cpu": ours_cpu,
                            "bleuprint_wall": ours_wall, "oracle": label, "oracle_cpu": o_cpu, "oracle_wall": o_wall,
                            "mismatches": mismatches, "value": value,
                            "goal_met": ours_wall < GOAL_SECONDS})
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
