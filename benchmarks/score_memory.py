"""Peak memory of ``bleuprint score`` on 1,000,000 segments: streamed and in memory.

Usage::

    python benchmarks/score_memory.py                          # 1,000,000 segments, BLEU
    python benchmarks/score_memory.py --segments 200000 --metrics bleu chrf
    python benchmarks/score_memory.py --folder /tmp/million    # keep (and reuse) the files
    python benchmarks/score_memory.py --json score_memory.json

Writes ``ref.txt`` and ``hyp.txt`` of ``--segments`` synthetic segments
(``benchmarks/synthetic.py``, written batch by batch), then runs ``python -m bleuprint
score ref.txt -i hyp.txt -m METRICS -q`` twice (after ``bleuprint score -V``, the
start-up alone), each in its own child process: as the
command runs (streamed: ``bleuprint.cli.score_stream``, issue 33 item 9), and with the
streamed path switched off (``score_stream.streamed_sums`` returning None, so the files, the whole
statistics matrix and impl's intermediates are in memory, as before the streaming). The
peak resident set size of each run is its ``ru_maxrss`` from ``os.wait4``, taken by a
small launcher (``LAUNCHER``: why); the wall time is beside it. Both runs must print the same standard output (else exit status 1).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from speed import machine  # noqa: E402
from synthetic import SyntheticCorpus  # noqa: E402

#: A small launcher that runs its arguments as a grandchild and writes the grandchild's
#: ``ru_maxrss`` (``os.wait4``) to the file named first. Linux's high-water mark of a
#: process counts the memory of the process it was forked from (kept across ``exec``), so
#: a child forked straight from this script (which generated the corpus) would report this
#: script's size if larger; forked from the launcher (a bare interpreter, ``-S``, about
#: 10 MiB) it reports its own.
LAUNCHER = ("import os, sys\n"
            "pid = os.fork()\n"
            "if pid == 0:\n"
            "    os.execv(sys.argv[2], sys.argv[2:])\n"
            "_, status, usage = os.wait4(pid, 0)\n"
            "open(sys.argv[1], 'w').write(str(usage.ru_maxrss))\n"
            "sys.exit(os.waitstatus_to_exitcode(status))\n")

#: The child that scores with the streamed path switched off.
IN_MEMORY = ("import sys; from bleuprint.cli import score_stream; score_stream.streamed_sums = lambda *a: None; "
             "from bleuprint.cli import main; sys.exit(main(sys.argv[1:]))")


def write_files(folder: Path, segments: int, seed: int) -> tuple[Path, Path]:
    ref, hyp = folder / "ref.txt", folder / "hyp.txt"
    stamp = folder / f"segments-{segments}-seed-{seed}"
    if stamp.exists() and ref.exists() and hyp.exists():
        return ref, hyp
    with open(ref, "w", encoding="utf-8", newline="\n") as r, open(hyp, "w", encoding="utf-8", newline="\n") as h:
        for hyps, refs in SyntheticCorpus(seed).batches(segments, 20_000):
            h.write("".join(line.replace("\n", " ").rstrip() + "\n" for line in hyps))
            r.write("".join(rs[0].replace("\n", " ").rstrip() + "\n" for rs in refs))
    stamp.write_text("", encoding="utf-8")
    return ref, hyp


def run_child(argv: list[str], folder: Path) -> dict:
    """Run ``argv`` in ``folder`` through ``LAUNCHER``: its standard output, wall time and
    peak RSS in bytes."""
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "maxrss"
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-S", "-c", LAUNCHER, str(report), *argv], cwd=folder,
                              capture_output=True, env=environment)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} exited with {done.returncode}: {done.stderr.decode()[-500:]}")
        maxrss = int(report.read_text())
    peak = maxrss if sys.platform == "darwin" else maxrss * 1024  # Linux reports KiB
    return {"stdout": done.stdout.decode("utf-8"), "wall_s": wall, "peak_rss_bytes": peak}


def mib(n_bytes: int) -> str:
    return f"{n_bytes / (1 << 20):,.0f} MiB"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=1_000_000)
    parser.add_argument("--metrics", nargs="+", default=["bleu"])
    parser.add_argument("--seed", type=int, default=20211)
    parser.add_argument("--folder", help="where the files are written (default: a temporary folder)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)

    info = machine()
    for key, value in info.items():
        print(f"  {key}: {value}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.folder) if args.folder else Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        ref, hyp = write_files(folder, args.segments, args.seed)
        sizes = f"{ref.stat().st_size / 1e6:,.0f} MB and {hyp.stat().st_size / 1e6:,.0f} MB"
        print(f"{args.segments:,} segments: ref.txt and hyp.txt, {sizes}", flush=True)
        command = ["score", "ref.txt", "-i", "hyp.txt", "-m", *args.metrics, "-q"]
        start_up = run_child([sys.executable, "-m", "bleuprint", "score", "-V"], folder)["peak_rss_bytes"]
        print(f"start-up (bleuprint score -V) peak RSS {mib(start_up)}", flush=True)
        rows = {}
        for label, program in (("streamed", [sys.executable, "-m", "bleuprint"]),
                               ("in memory", [sys.executable, "-c", IN_MEMORY])):
            rows[label] = run_child(program + command, folder)
            print(f"{label:<10} peak RSS {mib(rows[label]['peak_rss_bytes']):>9}  wall {rows[label]['wall_s']:6.1f} s",
                  flush=True)
    same = rows["streamed"]["stdout"] == rows["in memory"]["stdout"]
    print("bleuprint " + " ".join(command))
    print(rows["streamed"]["stdout"].rstrip())
    print(f"standard output of the two runs {'identical' if same else 'DIFFERS'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "segments": args.segments, "metrics": args.metrics,
                                               "seed": args.seed, "start_up_rss_bytes": start_up, "runs": rows,
                                               "identical": same}, indent=2) + "\n",
                                   encoding="utf-8")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
