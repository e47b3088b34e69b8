"""Speed of bleuprint's Meteor 1.5 against the jar it reproduces (pycocoevalcap 1.2's
``meteor-1.5.jar - - -stdio -l en -norm``), side by side in one process (issue #40 item 3).

Usage::

    python benchmarks/meteor.py                    # 10,000 segments of each corpus, 3 repetitions
    python benchmarks/meteor.py --segments 2000 --repeats 2
    python benchmarks/meteor.py --cold             # also the cold rows (a new JVM, a new Python)
    python benchmarks/meteor.py --json results.json

Corpora (each cut or cycled to ``--segments``, one reference a segment):

* ``ted-ende (de)``: ``<repo>/../shared/corpora/ted-ende.json`` (else ``/work/shared``'s), 13 systems' German outputs
  of 529 TED segments one after another (wer.py's pairs). German text through ``-l en``:
  mostly the exact and stem stages; the 10,000 segments hold 6,877 distinct pairs.
* ``wordnet (en)``: English sentences: the usage examples of WordNet 3.0's glosses (the
  files ``bleuprint.metrics.meteor_nltk.wordnet.find_wordnet`` finds, ``$NLTK_DATA``), each
  the reference of a hypothesis made from it by a seeded rewrite (``english_corpus``): a
  lemma of the example's synset replaced by another lemma of the synset (the synonym and
  paraphrase stages), words inflected (the stem stage), dropped or swapped. Distinct
  examples, so no pair repeats below about 45,000 segments.

The job of a row: every segment's statistics, then the corpus score. The jar: the SCORE
lines, then pycocoevalcap's EVAL line, over one ``-stdio`` JVM started as pycocoevalcap
starts it (``java -jar -Xmx2G``); its CPU time is the JVM's (``/proc/<pid>/stat``, user +
system, every thread: JIT and GC included) over the job. The jar is warmed by three full
passes over the corpus before it is timed. bleuprint: ``impl.meteor_rows`` and
``impl.meteor_corpus_from_rows`` in this process, CPU time from ``time.process_time`` (every thread); its first call
(resources loaded) precedes the timing, as the jar's warm-up does.

The timed jobs are interleaved (jar, bleuprint, jar, bleuprint, ...) and each row reports
the minimum CPU and the minimum wall time of ``--repeats`` repetitions. ``x jar`` is the
jar's time over the row's (the goal: at least 10x in CPU time, on both corpora).
``exact?``: every row equals the jar's SCORE answer and the corpus score is within 1e-9 of
its EVAL answer. ``stages`` counts the matched words (hypothesis side) of each stage in the
jar's rows: exact/stem/synonym/paraphrase. The machine's load average is printed before and
after (the machine this runs on may be shared: CPU time is the figure to compare).

``--cold`` adds ``jar cold`` (the first pass of the JVM: its start and its loading of the
paraphrase table included) and ``bleuprint cold`` (a fresh Python process importing
bleuprint and scoring, the paraphrase cache in place; CPU from ``getrusage``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
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

GOAL = 10.0
WARM_PASSES = 3

CHILD = """
import json, sys, time
sys.path.insert(0, {repo!r})
from bleuprint.metrics.meteor import impl
hyps, refs = json.load(open({data!r}, encoding="utf-8"))
rows = impl.meteor_rows(hyps, refs)
value = impl.meteor_corpus_from_rows(rows)
json.dump({{"rows": rows.tolist(), "score": value}}, open({out!r}, "w"))
"""


def ted_path() -> Path:
    """wer.py's choice: ``<repo>/../shared/corpora/ted-ende.json``, else ``/work/shared``'s."""
    sys.path.insert(0, str(HERE))
    from wer import corpus_path

    return corpus_path(None)


def german_corpus(n: int) -> tuple[list, list]:
    """wer.py's ted-ende pairs (the systems' outputs one after another, cycled)."""
    from wer import corpus as ted_pairs

    hyps, refs = ted_pairs(ted_path(), n)
    return hyps, [[ref] for ref in refs]


_QUOTED = re.compile(r'"([^"]+)"')


def wordnet_examples(folder: Path) -> list:
    """(example sentence, lemmas of its synset) from WordNet 3.0's data files, in file order."""
    out = []
    for part in ("noun", "verb", "adj", "adv"):
        with open(folder / f"data.{part}", encoding="utf-8") as f:
            for line in f:
                if line.startswith(" ") or " | " not in line:
                    continue  # the licence header
                head, gloss = line.split(" | ", 1)
                fields = head.split()
                count = int(fields[3], 16)
                lemmas = [re.sub(r"\(.*\)$", "", fields[4 + 2 * k]).replace("_", " ") for k in range(count)]
                for example in _QUOTED.findall(gloss):
                    if len(example.split()) >= 3:
                        out.append((example, lemmas))
    return out


def english_corpus(n: int, seed: int = 40) -> tuple[list, list]:
    """English segments: WordNet's usage examples as references, each hypothesis a seeded
    rewrite of its reference (module doc)."""
    from bleuprint.metrics.meteor_nltk.wordnet import find_wordnet

    examples = wordnet_examples(find_wordnet())
    rng = random.Random(seed)
    hyps, refs = [], []
    for k in range(n):
        example, lemmas = examples[k % len(examples)]
        words = example.split()
        out = []
        for w in words:
            bare = w.strip(".,;:!?'").lower()
            others = [x for x in lemmas if x.lower() != bare]
            roll = rng.random()
            if others and any(bare == x.lower() for x in lemmas) and roll < 0.7:
                out.append(rng.choice(others))
            elif roll < 0.08:
                continue  # dropped
            elif roll < 0.16 and w.isalpha() and len(w) >= 4:
                out.append(w[:-1] if w.endswith("s") else w + ("ed" if rng.random() < 0.5 else "s"))
            else:
                out.append(w)
        for i in range(len(out) - 1):
            if rng.random() < 0.05:
                out[i], out[i + 1] = out[i + 1], out[i]
        hyps.append(" ".join(out) or example)
        refs.append([example])
    return hyps, refs


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def jar_job(jar, hyps, refs) -> tuple:
    """(cpu, wall, (rows, score)) of one full job on a running JVM."""
    c0, w0 = proc_cpu(jar.process.pid), time.perf_counter()
    rows = jar.stats(list(zip(hyps, refs)))
    score = jar.evaluate(rows)[1]
    return proc_cpu(jar.process.pid) - c0, time.perf_counter() - w0, (rows, score)


def bleuprint_job(hyps, refs) -> tuple:
    from bleuprint.metrics.meteor import impl

    c0, w0 = time.process_time(), time.perf_counter()
    rows = impl.meteor_rows(hyps, refs)
    score = impl.meteor_corpus_from_rows(rows)
    return time.process_time() - c0, time.perf_counter() - w0, (rows.tolist(), score)


def child_run(hyps, refs) -> tuple:
    """A fresh Python process's whole job (the paraphrase cache in place)."""
    with tempfile.TemporaryDirectory() as folder:
        data, out = os.path.join(folder, "in.json"), os.path.join(folder, "out.json")
        Path(data).write_text(json.dumps([hyps, refs]), encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        w0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", CHILD.format(repo=str(REPO), data=data, out=out)], check=True)
        wall = time.perf_counter() - w0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        answer = json.loads(Path(out).read_text())
    return cpu, wall, (answer["rows"], answer["score"])


def warm_runs(hyps, refs, repeats: int) -> tuple:
    """``(cold, jar_runs, bleuprint_runs)``: the jar's first pass (``jar_job``), then, after
    ``WARM_PASSES`` passes in all and bleuprint's first call, ``repeats`` interleaved timed
    jobs of each (``jar_job``, ``bleuprint_job``)."""
    from bleuprint.metrics.meteor import impl
    from bleuprint.metrics.meteor.oracle_cases import MeteorJar

    jar = MeteorJar()
    try:
        cold = jar_job(jar, hyps, refs)
        for _ in range(WARM_PASSES - 1):
            jar_job(jar, hyps, refs)  # the first pass above counts as the first warm-up pass
        impl.meteor_rows(hyps, refs)  # bleuprint's resources loaded, as the jar's
        jar_runs, bp_runs = [], []
        for _ in range(repeats):
            jar_runs.append(jar_job(jar, hyps, refs))
            bp_runs.append(bleuprint_job(hyps, refs))
    finally:
        jar.close()
    return cold, jar_runs, bp_runs


def stages(rows: list) -> str:
    """Matched hypothesis words of each stage (content + function columns)."""
    return "/".join(str(sum(r[4 + 4 * s] + r[6 + 4 * s] for r in rows)) for s in range(4))


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=10000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cold", action="store_true", help="also the cold rows")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    corpora = []
    if ted_path().exists():
        corpora.append(("ted-ende (de)", *german_corpus(args.segments)))
    else:
        print(f"{ted_path()} not found: the German corpus is left out")
    try:
        corpora.append(("wordnet (en)", *english_corpus(args.segments)))
    except ValueError as exc:
        print(f"WordNet not found ({exc}): the English corpus is left out")
    if not corpora:
        return 1
    print(f"native kernels: meteor={native.meteor is not None}; threads: {native.THREADS}; "
          f"{args.segments:,} segments a corpus; {args.repeats} repetitions; {platform.platform()}, "
          f"python {platform.python_version()}; {os.cpu_count()} CPUs; load {load()}", flush=True)
    results = []
    for name, hyps, refs in corpora:
        cold, jar_runs, bp_runs = warm_runs(hyps, refs, args.repeats)
        truth = jar_runs[0][2]
        measured = []
        if args.cold:
            measured.append(("jar cold", [cold], "cold"))
            measured.append(("bleuprint cold", [child_run(hyps, refs)], "cold"))
        measured[len(measured):] = [("jar warm", jar_runs, "warm"), ("bleuprint", bp_runs, "warm")]
        base = {}
        for label, runs, kind in measured:
            cpu, wall = min(r[0] for r in runs), min(r[1] for r in runs)
            if label.startswith("jar"):
                base[kind] = (cpu, wall)
            exact = all(r[2][0] == truth[0] and abs(r[2][1] - truth[1]) <= 1e-9 for r in runs)
            results.append({"corpus": name, "tool": label, "cpu_s": cpu, "wall_s": wall,
                            "x_jar_cpu": base[kind][0] / cpu, "x_jar_wall": base[kind][1] / wall,
                            "exact": exact, "score": runs[0][2][1]})
        print(f"{name}: corpus METEOR {truth[1]!r}; matched words exact/stem/synonym/paraphrase "
              f"{stages(truth[0])}; load {load()}", flush=True)
    print(f"{'corpus':<15} {'tool':<16} {'CPU s':>7} {'wall s':>7} {'x jar CPU':>10} {'x jar wall':>11} "
          f"{'exact?':>6}  goal")
    for row in results:
        goal = ""
        if row["tool"] == "bleuprint":
            goal = "met" if row["x_jar_cpu"] >= GOAL and row["exact"] else "NOT met"
        print(f"{row['corpus']:<15} {row['tool']:<16} {row['cpu_s']:>7.3f} {row['wall_s']:>7.3f} "
              f"{row['x_jar_cpu']:>9.1f}x {row['x_jar_wall']:>10.1f}x {str(row['exact']):>6}  {goal}")
    print(f"load after: {load()}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(),
                        "threads": native.THREADS, "kernels": native.available(), "load": os.getloadavg()},
            "settings": {"segments": args.segments, "repeats": args.repeats, "warm_passes": WARM_PASSES},
            "rows": results}, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
