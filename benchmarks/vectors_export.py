"""Timing of ``bleuprint vectors export`` (issue 37 item 6: every metric in under a
minute, one metric in seconds).

Runs the export as a porter runs it, in a fresh process into a new temporary folder:
``bleuprint vectors export DIR --metric M`` for each metric given (default ``bleu``), and
with ``--all`` the whole registry. Printed per run: the wall-clock seconds, the CPU
seconds of the process and its workers (user + system; on a shared machine the CPU figure
is the one to compare between two commits, the wall figure the one a porter sees), the
export's own summary line, and the load average before each run (the project's machines
are shared: say it with the figure). ``--repeat N`` runs each export N times and prints
the minimum; ``--compare DIR`` also runs each export from another checkout of bleuprint
(its compiled kernels built), interleaved with this one's, for a before/after in one run.

    python benchmarks/vectors_export.py [--metric bleu ...] [--all] [--repeat 3] [--compare ../old]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed_export(words: list, tree: str = ROOT) -> tuple[float, float, str]:
    """``(wall seconds, CPU seconds of the process and its children, its last line)`` of the
    export run from the checkout ``tree``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": tree}
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run([sys.executable, "-m", "bleuprint", "vectors", "export", folder, *words],
                              capture_output=True, text=True, env=env, cwd=tree)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"the export failed ({done.returncode}):\n{done.stderr}")
    return wall, cpu, done.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--metric", action="append", default=None, help="a metric to export alone (repeatable)")
    parser.add_argument("--all", action="store_true", help="also export every metric")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each export; the minimum is printed")
    parser.add_argument("--compare", metavar="DIR", default=None,
                        help="another checkout of bleuprint to time the same exports from, interleaved")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores")
    runs = [["--metric", name] for name in (args.metric or ["bleu"])] + ([[]] if args.all else [])
    trees = [("this", ROOT)] + ([("compared", os.path.abspath(args.compare))] if args.compare else [])
    for words in runs:
        label = " ".join(words) or "every metric"
        found = {name: [] for name, _ in trees}
        for _ in range(args.repeat):
            for name, tree in trees:
                load = os.getloadavg()[0]
                wall, cpu, line = timed_export(words, tree)
                found[name].append((wall, cpu))
                print(f"  {label} ({name}): {wall:.1f} s wall, {cpu:.1f} s CPU, load average {load:.2f} before\n"
                      f"    {line}", flush=True)
        for name, values in found.items():
            print(f"{label} ({name}): minimum of {len(values)}: {min(w for w, _ in values):.1f} s wall, "
                  f"{min(c for _, c in values):.1f} s CPU")


if __name__ == "__main__":
    main()
