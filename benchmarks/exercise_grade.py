"""Timing of grading and explaining a course suite (issue 39 item 5: under a minute).

Runs, as a student runs it, ``bleuprint mutants grade --exercise L4.5 SUITE --explain
--hints test`` in a fresh process for three suites: the teaching example's weak suite
(``examples/teaching/weak_suite``: 13 survivors to explain), the shipped killing tests
(``bleuprint/mutants/exercise_data/l4_5_killing_tests.py``: 18 of 18, nothing to explain)
and a one-test suite (17 of 18 not covered). Printed per suite: the best and the worst
wall-clock seconds of ``--repeat`` runs (process start, imports, pytest under each of the
exercise's 18 mutants, the verdicts), the grade line, and the machine's load average
before the runs (the project's machines are shared: say it with the figure).

    python benchmarks/exercise_grade.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ONE_TEST = '''
from tinyllm.eval.seqmetrics import exact_match


def test_one_match():
    """"2021-05-03" against itself: 1 of 1."""
    assert exact_match(["2021-05-03"], ["2021-05-03"]) == 1
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "test_one.py").write_text(ONE_TEST, encoding="utf-8")
        suites = {"weak (teaching example)": ROOT / "examples" / "teaching" / "weak_suite",
                  "thorough (shipped killing tests)": ROOT / "bleuprint" / "mutants" / "exercise_data" / "l4_5_killing_tests.py",
                  "very weak (one test)": Path(folder) / "test_one.py"}
        for name, suite in suites.items():
            times, line = [], ""
            for _ in range(args.repeat):
                started = time.perf_counter()
                completed = subprocess.run([sys.executable, "-m", "bleuprint.cli", "mutants", "grade", "--exercise",
                                            "L4.5", str(suite), "--explain", "--hints", "test"],
                                           capture_output=True, text=True, cwd=folder,
                                           env={**os.environ, "PYTHONPATH": str(ROOT)})
                times.append(time.perf_counter() - started)
                line = next(x for x in completed.stdout.splitlines() if x.startswith("exercise L4.5"))
            print(f"{name}: {min(times):.1f} s best, {max(times):.1f} s worst of {args.repeat}; {line}")


if __name__ == "__main__":
    main()
