"""Speed of bleuprint's Meteor 1.5 (issue #19 item 5) against the jar it reproduces
(pycocoevalcap 1.2's ``meteor-1.5.jar - - -stdio -l en -norm``), in one run.

Usage::

    python benchmarks/meteor.py                 # 10,000 segments
    python benchmarks/meteor.py --segments 2000
    python benchmarks/meteor.py --json results.json

Corpus: ``<repo>/../shared/corpora/ted-ende.json`` (13 systems' German outputs of 529 TED
segments, one reference), the systems' outputs one after another cycled to the number of
segments (segment k: output k and its reference).

Rows (each the whole job: every segment's statistics, then the corpus score):

* ``jar cold``: a new JVM (``java -jar -Xmx2G``, as pycocoevalcap starts it), including
  its start and its loading of the paraphrase table, then the SCORE lines and the EVAL
  line of pycocoevalcap's protocol; ``jar warm``: the same job again on that JVM. The
  JVM's CPU time is read from ``/proc/<pid>/stat`` (user + system, every thread).
* ``bleuprint cold``: a fresh Python process that imports bleuprint and calls
  ``impl.meteor_rows`` and the corpus score (interpreter start, imports, resource loading
  with the paraphrase cache in place: the normal first call of a session); CPU time of the
  child from ``getrusage``. ``bleuprint first use`` is the same with an empty cache folder
  (the paraphrase table parsed from the .gz and the cache written: once per machine).
* ``bleuprint warm``: the job's second call in this process, as the jar's warm row.

``x jar`` is the jar's time (warm row against warm rows, cold against cold) over the
row's; the goal is at least 10x on wall time, warm and cold. ``agrees``: the rows equal
the jar's SCORE answers and the corpus score is within 1e-9 of the jar's EVAL answer.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from bleuprint.impl import native  # noqa: E402

TED = REPO.parent / "shared" / "corpora" / "ted-ende.json"
GOAL = 10.0

CHILD = """
import json, sys, time
sys.path.insert(0, {repo!r})
from bleuprint.metrics.meteor import impl
hyps, refs = json.load(open({data!r}, encoding="utf-8"))
rows = impl.meteor_rows(hyps, refs)
value = impl.spec.meteor_corpus_from_rows(rows.tolist())
json.dump({{"rows": rows.tolist(), "score": value}}, open({out!r}, "w"))
"""


def corpus(n: int) -> tuple[list, list]:
    """wer.py's pairs (the systems' outputs one after another, cycled), one reference each."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from wer import corpus as ted_pairs

    hyps, refs = ted_pairs(n)
    return hyps, [[ref] for ref in refs]


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def jar_rows(hyps, refs) -> list:
    """The jar cold then warm: [(cpu, wall, (rows, score)), ...]."""
    from bleuprint.metrics.meteor.oracle_cases import MeteorJar

    out = []
    w0 = time.perf_counter()
    jar = MeteorJar()
    for _ in range(2):
        c0 = proc_cpu(jar.process.pid)
        rows = jar.stats(list(zip(hyps, refs)))
        score = jar.evaluate(rows)[1]
        out.append((proc_cpu(jar.process.pid) - (0.0 if not out else c0), time.perf_counter() - w0, (rows, score)))
        w0 = time.perf_counter()
    jar.close()
    return out


def child_run(hyps, refs, cache_dir=None) -> tuple:
    with tempfile.TemporaryDirectory() as folder:
        data, out = os.path.join(folder, "in.json"), os.path.join(folder, "out.json")
        Path(data).write_text(json.dumps([hyps, refs]), encoding="utf-8")
        env = dict(os.environ)
        if cache_dir is not None:
            env["BLEUPRINT_CACHE_DIR"] = cache_dir
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        w0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", CHILD.format(repo=str(REPO), data=data, out=out)], env=env, check=True)
        wall = time.perf_counter() - w0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        answer = json.loads(Path(out).read_text())
    return cpu, wall, (answer["rows"], answer["score"])


def warm_run(hyps, refs) -> tuple:
    from bleuprint.metrics.meteor import impl

    impl.meteor_rows(hyps, refs)  # the first call (resources loaded, the table's pages touched), as the jar's
    c0, w0 = time.process_time(), time.perf_counter()
    rows = impl.meteor_rows(hyps, refs)
    score = impl.spec.meteor_corpus_from_rows(rows.tolist())
    return time.process_time() - c0, time.perf_counter() - w0, (rows.tolist(), score)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=10000)
    parser.add_argument("--no-first-use", action="store_true", help="skip the empty-cache row (7 s more)")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    if not TED.exists():
        print(f"{TED} not found: nothing to measure")
        return 1
    hyps, refs = corpus(args.segments)
    print(f"native kernels: meteor={native.meteor is not None}; threads: {native.THREADS}; "
          f"{args.segments:,} segments of ted-ende; {platform.platform()}, python {platform.python_version()}")
    (jc_cpu, jc_wall, truth), (jw_cpu, jw_wall, truth_warm) = jar_rows(hyps, refs)
    measured = [("jar cold", jc_cpu, jc_wall, truth, "cold"), ("jar warm", jw_cpu, jw_wall, truth_warm, "warm")]
    if not args.no_first_use:
        with tempfile.TemporaryDirectory() as empty:
            measured.append(("bleuprint first use", *child_run(hyps, refs, cache_dir=empty), "cold"))
    child_run(hyps[:10], refs[:10])  # the cache in place
    measured.append(("bleuprint cold", *child_run(hyps, refs), "cold"))
    measured.append(("bleuprint warm", *warm_run(hyps, refs), "warm"))
    base = {"cold": (jc_cpu, jc_wall), "warm": (jw_cpu, jw_wall)}
    print(f"{'tool':<20} {'CPU s':>8} {'wall s':>8} {'x jar CPU':>10} {'x jar wall':>11} {'agrees':>6}  goal")
    rows = []
    for label, cpu, wall, (got_rows, got_score), kind in measured:
        agrees = got_rows == truth[0] and abs(got_score - truth[1]) <= 1e-9
        row = {"tool": label, "cpu_s": cpu, "wall_s": wall, "x_jar_cpu": base[kind][0] / cpu,
               "x_jar_wall": base[kind][1] / wall, "agrees": agrees, "score": got_score}
        goal = ""
        if label.startswith("bleuprint") and label != "bleuprint first use":
            goal = "met" if row["x_jar_wall"] >= GOAL and agrees else "NOT met"
        rows.append(row)
        print(f"{label:<20} {cpu:>8.2f} {wall:>8.2f} {row['x_jar_cpu']:>9.1f}x {row['x_jar_wall']:>10.1f}x "
              f"{str(agrees):>6}  {goal}", flush=True)
    print(f"corpus METEOR: jar {truth[1]!r}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(),
                        "threads": native.THREADS, "kernels": native.available()},
            "settings": {"segments": args.segments}, "rows": rows}, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
