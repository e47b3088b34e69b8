"""Start-up cost of bleuprint (issue #40 item 5): what a user who runs the command once per
file, or calls ``corpus_bleu`` once in a fresh process, pays before any scoring.

Usage::

    python benchmarks/startup.py                 # 20 interleaved repetitions
    python benchmarks/startup.py --repeats 5     # quicker
    python benchmarks/startup.py --json results.json
    python benchmarks/startup.py --baseline ../main   # before (that tree) and after (this one)

Rows, each a fresh process, run in turn within every repetition (interleaved, so a change in
the machine's load falls on all rows alike), on a 10-line test set (the first 10 segments of
``<repo>/../shared/corpora/ted-ende.json``'s reference and first system where present,
otherwise 10 fixed English lines):

* ``python -c pass``: the interpreter's own start (the baseline of the Python rows);
* ``import numpy``: numpy alone, which BLEU's fast version and ``bleuprint score`` import
  (the floor of both rows as long as they do);
* ``bleuprint import``: ``import bleuprint`` alone;
* ``first corpus_bleu``: ``import bleuprint; bleuprint.corpus_bleu(hyps, [[ref] for ref in refs])``; the child
  also times a second, warm call of the same corpus (the scoring itself, best of 20) and
  prints it;
* ``sacrebleu CLI``: ``sacrebleu REF -i HYP -m bleu`` (sacreBLEU 2.5.1's command line);
* ``bleuprint score``: ``python -m bleuprint score REF -i HYP -m bleu`` (this tree's copy);
* with ``--baseline TREE`` (another checkout, its kernels built: main, say), that tree's
  ``first corpus_bleu`` and ``bleuprint score`` too, in the same repetitions, so that a
  change is measured before and after in one run.

One round runs first, not counted, so that every module's bytecode is cached (as for an
installed package; ``PYTHONDONTWRITEBYTECODE`` is dropped from the children's environment).
Each figure is the child's CPU time (user + system, ``resource.getrusage(RUSAGE_CHILDREN)``
before and after it), minimum and median over the repetitions; the load average is printed
beside them. The goals (issue #40 item 5): ``bleuprint score`` / ``sacrebleu CLI`` <= 1, and
``first corpus_bleu`` - ``python -c pass`` <= 50 ms + the warm call.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
TED = REPO.parent / "shared" / "corpora" / "ted-ende.json"
N_LINES = 10
FIRST_CALL_BUDGET = 0.050

FALLBACK = [
    "The cat sat on the mat and looked out of the window.",
    "It was raining in the city for the third day in a row.",
    "She said that the meeting would start at nine o'clock.",
    "Nobody knew where the old map had been kept all these years.",
    "The results were better than anyone on the team had expected.",
    "He bought two tickets for the late train to the coast.",
    "A small dog barked at the postman every single morning.",
    "We will need more time to finish the report properly.",
    "The museum opens again next week after the long repairs.",
    "They planted apple trees along the edge of the field.",
]

#: The child of ``first corpus_bleu``: one first call, then the warm call's best time.
FIRST_CALL = """
import sys, time
hyps = open(sys.argv[1], encoding="utf-8").read().splitlines()
refs = open(sys.argv[2], encoding="utf-8").read().splitlines()
import bleuprint
refs = [[ref] for ref in refs]
bleuprint.corpus_bleu(hyps, refs)
best = float("inf")
for _ in range(20):
    t = time.process_time(); bleuprint.corpus_bleu(hyps, refs); best = min(best, time.process_time() - t)
print(best)
"""


def test_set(folder: Path) -> tuple[Path, Path]:
    """The 10-line reference and hypothesis files, written into ``folder``."""
    if TED.exists():
        data = json.loads(TED.read_text(encoding="utf-8"))
        refs = data["references"][0]
        hyps = next(iter(data["systems"].values()))
        refs, hyps = refs[:N_LINES], hyps[:N_LINES]
    else:
        refs = FALLBACK
        hyps = [" ".join(line.split()[::-1]) for line in FALLBACK]
    ref, hyp = folder / "ref.txt", folder / "hyp.txt"
    ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    return ref, hyp


def child_cpu(command: list, env: dict, cwd: Path = REPO) -> tuple[float, str]:
    """The CPU time (user + system) of one run of ``command`` and its standard output, run
    from the tree's root ``cwd`` (an editable install elsewhere would otherwise be imported)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, command))} failed ({done.returncode}):\n{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def machine() -> str:
    """The platform, Python, numpy and sacreBLEU versions and the date, printed with the figures."""
    from datetime import date
    from importlib.metadata import PackageNotFoundError, version

    def installed(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "absent"

    return (f"{platform.platform()}, {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, Python "
            f"{platform.python_version()}, numpy {installed('numpy')}, sacreBLEU {installed('sacrebleu')}, "
            f"{date.today()}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--baseline", metavar="TREE", type=Path,
                        help="another checkout of bleuprint (its C kernels built), whose 'first corpus_bleu' and "
                             "'bleuprint score' rows are run in the same repetitions: before and after in one run")
    args = parser.parse_args(argv)

    def environment(tree: Path) -> dict:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")]))}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its bytecode: the warm-up round writes it
        return env

    env = environment(REPO)
    # each row: (command, environment, working directory); the baseline's rows run in its tree
    where = {}
    sacrebleu = shutil.which("sacrebleu", path=str(Path(sys.executable).parent)) or shutil.which("sacrebleu")
    with tempfile.TemporaryDirectory() as tmp:
        ref, hyp = test_set(Path(tmp))
        rows = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "import numpy": [sys.executable, "-c", "import numpy"],
            "bleuprint import": [sys.executable, "-c", "import bleuprint; assert bleuprint.__file__.startswith("
                                                       f"{str(REPO)!r})"],
            "first corpus_bleu": [sys.executable, "-c", FIRST_CALL, str(hyp), str(ref)],
            "bleuprint score": [sys.executable, "-m", "bleuprint", "score", str(ref), "-i", str(hyp), "-m", "bleu"],
        }
        if args.baseline is not None:
            tree = args.baseline.resolve()
            for name in ("first corpus_bleu", "bleuprint score"):
                rows[f"{name} (baseline)"] = rows[name]
                where[f"{name} (baseline)"] = (environment(tree), tree)
        if sacrebleu:
            rows["sacrebleu CLI"] = [sacrebleu, str(ref), "-i", str(hyp), "-m", "bleu"]
        else:
            print("sacrebleu is not installed (pip install 'bleuprint[bench]'): its row is left out")
        times = {name: [] for name in rows}
        warm = []
        loads = [os.getloadavg()[0]]
        for name, command in rows.items():  # the warm-up round, not counted
            child_cpu(command, *where.get(name, (env, REPO)))
        for _ in range(args.repeats):
            for name, command in rows.items():
                seconds, out = child_cpu(command, *where.get(name, (env, REPO)))
                times[name].append(seconds)
                if name == "first corpus_bleu":
                    warm.append(float(out.split()[-1]))
            loads.append(os.getloadavg()[0])

    print(machine())
    low = {name: min(values) for name, values in times.items()}
    mid = {name: statistics.median(values) for name, values in times.items()}
    print(f"{N_LINES}-line test set, {args.repeats} interleaved repetitions, CPU time per process "
          f"(user + system); load average (1 min) {min(loads):.2f}..{max(loads):.2f}")
    print(f"{'row':<30} {'min ms':>8} {'median ms':>10}")
    for name in rows:
        print(f"{name:<30} {1e3 * low[name]:>8.1f} {1e3 * mid[name]:>10.1f}")
    results = {"python": platform.python_version(), "repeats": args.repeats, "load": [min(loads), max(loads)],
               "min": low, "median": mid, "warm_call": min(warm)}
    first_call = low["first corpus_bleu"] - low["python -c pass"]
    budget = FIRST_CALL_BUDGET + min(warm)
    print(f"first corpus_bleu over python -c pass: {1e3 * first_call:.1f} ms (min), "
          f"{1e3 * (mid['first corpus_bleu'] - mid['python -c pass']):.1f} ms (median); "
          f"goal <= 50 ms + warm call {1e3 * min(warm):.2f} ms = {1e3 * budget:.1f} ms: "
          f"{'met' if first_call <= budget else 'NOT met'}")
    results["first_call_over_python"] = first_call
    print(f"of which numpy's import: {1e3 * (low['import numpy'] - low['python -c pass']):.1f} ms (min); "
          f"first corpus_bleu over import numpy: {1e3 * (low['first corpus_bleu'] - low['import numpy']):.1f} ms")
    if "sacrebleu CLI" in rows:
        ratio = low["bleuprint score"] / low["sacrebleu CLI"]
        print(f"bleuprint score / sacrebleu CLI: {ratio:.2f}x (min), "
              f"{mid['bleuprint score'] / mid['sacrebleu CLI']:.2f}x (median); goal <= 1: "
              f"{'met' if ratio <= 1 else 'NOT met'}")
        results["score_over_sacrebleu"] = ratio
        if args.baseline is not None:
            print(f"baseline: bleuprint score / sacrebleu CLI {low['bleuprint score (baseline)'] / low['sacrebleu CLI']:.2f}x "
                  f"(min); first corpus_bleu over python -c pass "
                  f"{1e3 * (low['first corpus_bleu (baseline)'] - low['python -c pass']):.1f} ms (min)")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
