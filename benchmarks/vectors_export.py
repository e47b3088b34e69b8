"""Timing of ``bleuprint vectors export`` (issue 37 item 6: every metric in under a
minute, one metric in seconds).

Runs the export as a porter runs it, in a fresh process into a new temporary folder:
``bleuprint vectors export DIR --metric M`` for each metric given (default ``bleu``), and
with ``--all`` the whole registry. Printed per run: the wall-clock seconds, the CPU
seconds of the process and its workers (user + system; on a shared machine the CPU figure
is the one to compare between two commits, the wall figure the one a porter sees), the
export's own summary line, and the load average before the runs (the project's machines
are shared: say it with the figure).

    python benchmarks/vectors_export.py [--metric bleu ...] [--all]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time


def timed_export(words: list) -> tuple[float, float, str]:
    """``(wall seconds, CPU seconds of the process and its children, its last line)``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run([sys.executable, "-m", "bleuprint", "vectors", "export", folder, *words],
                              capture_output=True, text=True)
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
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    runs = [["--metric", name] for name in (args.metric or ["bleu"])] + ([[]] if args.all else [])
    for words in runs:
        wall, cpu, line = timed_export(words)
        label = " ".join(words) or "every metric"
        print(f"{label}: {wall:.1f} s wall, {cpu:.1f} s CPU\n  {line}")


if __name__ == "__main__":
    main()
