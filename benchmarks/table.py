"""Every row of issue #40's speed table in one process: bleuprint against its peers, each
row's contestants timed side by side, every contestant's numbers compared, and the
physical floor of the row (reading and splitting the same text) beside it. Writes the
Markdown table the README shows.

Usage::

    python benchmarks/table.py                      # every row, full sizes, minimum of 3
    python benchmarks/table.py --quick              # every row, small sizes, minimum of 2
    python benchmarks/table.py --rows wer,rouge     # some rows (names: --list)
    python benchmarks/table.py --install            # first pip-install the bench extra's missing peers
    python benchmarks/table.py --markdown table.md --json table.json

The rows reuse the per-metric benchmark modules: their corpora and their contestants
(``wer.calls``, ``rouge.calls``, ``coco.tasks``, ``perplexity.tools``, ``speed.TASKS``,
``meteor.warm_runs`` ...); this script only times them alike and compares their numbers.

Timing: each contestant of a row is called once untimed (imports, caches of resources),
then ``--repeats`` times, the contestants interleaved; a figure is the minimum CPU time
(``time.process_time``: every thread of this process) and the minimum wall time. Two rows
measure other processes: Meteor (the jar's JVM, its CPU read from ``/proc``, after
``meteor.WARM_PASSES`` warm passes: ``benchmarks/meteor.py``) and start-up (a fresh
process per run, CPU from ``getrusage(RUSAGE_CHILDREN)``).

``x bleuprint`` is the contestant's CPU time over bleuprint's in the row (above 1: bleuprint
is faster). ``exact?``: each contestant's numbers against the row's reference (its first
contestant, the oracle bleuprint reproduces): ``ref`` for the reference, ``yes`` when
equal (``==``; a row whose peers round differently states its tolerance in the ``data``
column), ``no (...)`` saying how many differ, or ``other definition`` for a peer that
computes something else (bleuscore's unsmoothed sentence BLEU: its numbers are then
compared with bleuprint's of that definition, ``yes*``). ``floor`` is the CPU time of
reading the row's texts from a file and splitting them into lines and words
(``str.split``; the cyclic collector paused), the least any contestant must do. The machine's load average is printed
before and after; the machine may be shared, so CPU time is the figure to compare.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gc
import io
import json
import math
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402

from bleuprint.impl import native  # noqa: E402

#: Sizes: (full, quick).
SIZES = {"segments": (10_000, 300), "wer_pairs": (50_000, 500), "meteor": (10_000, 200),
         "lp_tokens": (1_000_000, 20_000), "lp_sentences": (10_000, 200), "startup_runs": (5, 2)}


@dataclass
class Row:
    """One row of the table: contestants, how their numbers are read, and the texts of the
    floor. ``values(tool, result)`` is a list of numbers; ``expected`` maps a tool to the
    numbers it must equal when that is not the reference's (another definition)."""

    name: str
    data: str
    calls: dict  # tool -> callable (the first is the reference)
    values: Callable
    ours: str
    texts: list
    tolerance: float = 0.0
    expected: dict = field(default_factory=dict)
    measured: Callable | None = None  # () -> {tool: (cpu, wall, result)} for rows timed elsewhere


def corpus_path() -> Path:
    from wer import corpus_path as path

    return path(None)


def ted_pairs(n: int) -> tuple[list, list]:
    """wer.py's ted-ende pairs (13 systems' outputs one after another, cycled to n)."""
    from wer import corpus

    return corpus(corpus_path(), n)


# ---------------------------------------------------------------------------- the rows


def rows_bleu_chrf_ter(n: int) -> list[Row]:
    import sacrebleu
    import speed
    from ter import run_bleuprint, run_sacrebleu

    from bleuprint import impl

    hyps, refs = ted_pairs(n)
    streams, targets = [refs], [[r] for r in refs]
    texts = hyps + refs
    tasks = {label: (make, ours) for label, _, make, ours in speed.TASKS}
    out = []
    bleu_make, bleu_ours = tasks["BLEU 13a"]
    calls = {"sacreBLEU": lambda: bleu_make(sacrebleu.metrics).corpus_score(hyps, streams).score,
             "bleuprint": lambda: bleu_ours(hyps, targets)}
    expected = {}
    try:
        import bleuscore

        calls["bleuscore"] = lambda: 100 * bleuscore.compute(targets, hyps)["bleu"]
        expected["bleuscore"] = lambda: [impl.corpus_bleu(hyps, targets, "13a", smooth_method="none")]
    except ImportError:
        print("  bleuscore: not installed (--install); left out")
    out.append(Row("BLEU corpus", f"ted-ende, {n:,} segments (scores within 1e-9)", calls,
                   lambda tool, r: [float(r)], "bleuprint", texts, 1e-9, expected))
    scorer = sacrebleu.BLEU(effective_order=True)
    calls = {"sacreBLEU loop": lambda: [scorer.sentence_score(h, [r]).score for h, r in zip(hyps, refs)],
             "bleuprint": lambda: impl.sentence_scores("bleu", hyps, targets)}
    expected = {}
    try:
        import bleuscore

        calls["bleuscore loop"] = lambda: [100 * bleuscore.compute([r], [h])["bleu"] for h, r in zip(hyps, targets)]
        plain = impl.metric("bleu", smooth_method="none", effective_order=False)
        expected["bleuscore loop"] = lambda: impl.sentence_scores(plain, hyps, targets).tolist()
    except ImportError:
        pass
    out.append(Row("BLEU sentence", f"ted-ende, {n:,} segments (bleuscore: within 1e-9 on 0..100)", calls,
                   lambda tool, r: [float(x) for x in r], "bleuprint", texts, 1e-9 if expected else 0.0, expected))
    chrf_make, chrf_ours = tasks["chrF"]
    out.append(Row("chrF corpus", f"ted-ende, {n:,} segments (within 1e-9)",
                   {"sacreBLEU": lambda: chrf_make(sacrebleu.metrics).corpus_score(hyps, streams).score,
                    "bleuprint": lambda: chrf_ours(hyps, targets)},
                   lambda tool, r: [float(r)], "bleuprint", texts, 1e-9))
    chrf_scorer = sacrebleu.CHRF()
    calls = {"sacreBLEU loop": lambda: [chrf_scorer.sentence_score(h, [r]).score for h, r in zip(hyps, refs)],
             "bleuprint": lambda: impl.sentence_scores("chrf", hyps, targets)}
    try:
        import fastchrf

        singles = [[h] for h in hyps]
        calls["fastchrf"] = lambda: [m[0][0] for m in fastchrf.pairwise_chrf(singles, targets)]
    except ImportError:
        print("  fastchrf: not installed (--install); left out")
    out.append(Row("chrF sentence", f"ted-ende, {n:,} segments (within 1e-9 on 0..100)", calls,
                   lambda tool, r: [float(x) for x in r], "bleuprint", texts, 1e-9))
    out.append(Row("TER", f"ted-ende, {n:,} segments (statistics ==, score within 1e-9)",
                   {"sacreBLEU": lambda: run_sacrebleu(hyps, streams, {}),
                    "bleuprint": lambda: run_bleuprint(hyps, targets, {})},
                   lambda tool, r: [float(x) for row in np.asarray(r[0], dtype=float).tolist() for x in row]
                   + [round(float(r[1]), 9)], "bleuprint", texts, 1e-9))
    return out


def rows_wer(n: int) -> list[Row]:
    import wer

    hyps, refs = ted_pairs(n)
    out = []
    for task in ("WER", "CER"):
        calls = wer.calls(hyps, refs, task)
        out.append(Row(task, f"ted-ende, {n:,} pairs", calls, lambda tool, r: [float(r)], "bleuprint",
                       hyps + refs))
    return out


def rows_rouge(n: int) -> list[Row]:
    import rouge

    rouge.TED = corpus_path()
    data = rouge.corpora(n)
    out = []
    for corpus_name, (hyps, refs) in data.items():
        for stem in (False, True):
            types = rouge.TYPES["1/2/L/Lsum"]
            calls = rouge.calls(hyps, refs, types, stem)
            calls.pop("bp per type", None)
            calls.pop("bp internal", None)
            out.append(Row(f"ROUGE 1/2/L/Lsum{' stemmed' if stem else ''}", f"ted-ende {corpus_name}, {n:,} pairs",
                           calls, lambda tool, r, types=types: [x for pair in rouge.as_pairs(tool, r, types)
                                                                for t in pair for x in t],
                           "bp rouge_all", hyps + refs))
        calls = rouge.calls(hyps, refs, rouge.TYPES["1/2/L"], False)
        if "rouge-rust" in calls:
            for tool in ("bp per type", "bp internal", "compat score", "compat batch"):
                calls.pop(tool, None)
            out.append(Row("ROUGE 1/2/L", f"ted-ende {corpus_name}, {n:,} pairs", calls,
                           lambda tool, r: [x for pair in rouge.as_pairs(tool, r, rouge.TYPES["1/2/L"])
                                            for t in pair for x in t],
                           "bp rouge_all", hyps + refs))
    return out


def rows_coco(n: int) -> list[Row]:
    import coco

    coco.TED = corpus_path()
    hyps, refs = coco.corpus(n, 1)
    calls = coco.tasks(hyps, refs)["CIDEr-D"]

    def values(tool, r):  # (corpus score, per-caption scores) from every contestant
        return [float(r[0])] + [float(x) for x in r[1]]

    return [Row("CIDEr-D", f"ted-ende, {n:,} captions, one reference (within 1e-12)", calls, values,
                "bleuprint compat", hyps + [r for group in refs for r in group], 1e-12)]


def rows_meteor(n: int, repeats: int) -> list[Row]:
    import meteor

    out = []
    for label, make in (("German", meteor.german_corpus), ("English", meteor.english_corpus)):
        try:
            hyps, refs = make(n)
        except (ValueError, OSError) as missing:
            print(f"  Meteor {label}: {missing}; left out")
            continue

        def measured(hyps=hyps, refs=refs):
            _, jar_runs, bp_runs = meteor.warm_runs(hyps, refs, repeats)
            best = {}
            for tool, runs in (("jar (warm)", jar_runs), ("bleuprint", bp_runs)):
                best[tool] = (min(r[0] for r in runs), min(r[1] for r in runs), runs[-1][2])
            return best

        out.append(Row(f"Meteor 1.5 {label}", f"{'ted-ende' if label == 'German' else 'WordNet examples'}, "
                       f"{n:,} segments (rows ==, score within 1e-9)", {"jar (warm)": None, "bleuprint": None},
                       lambda tool, r: [float(x) for row in r[0] for x in row] + [round(r[1], 9)], "bleuprint",
                       hyps + [r for group in refs for r in group], 1e-9, measured=measured))
    return out


def rows_perplexity(n_tokens: int, n_sentences: int) -> list[Row]:
    import perplexity

    lp = perplexity.data(n_tokens, n_sentences)
    calls = perplexity.tools(lp)
    exact = calls.pop("math.fsum over the concatenation")
    calls = {"math.fsum (exact)": exact, **calls}
    return [Row("perplexity", f"{n_tokens:,} log-probabilities in {n_sentences:,} arrays (==)", calls,
                lambda tool, r: [float(r)], "bleuprint perplexity", [" ".join(map(repr, a.tolist())) for a in lp])]


def rows_startup(runs: int) -> list[Row]:
    """``bleuprint score`` and sacreBLEU's command line on a 10-line file, a fresh process
    each run (the same printed score)."""
    hyps, refs = ted_pairs(10)
    folder = Path(tempfile.mkdtemp(prefix="bleuprint-table-"))
    (folder / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    (folder / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    # An installed package has its bytecode; a source tree run under PYTHONDONTWRITEBYTECODE
    # would compile every module in every run (as startup.py, the children may write it).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {"sacrebleu CLI": [sys.executable, "-m", "sacrebleu", "ref.txt", "-i", "hyp.txt", "-m", "bleu", "-b"],
                "bleuprint score": [sys.executable, "-m", "bleuprint", "score", "ref.txt", "-i", "hyp.txt",
                                    "-m", "bleu", "-b"]}

    def measured():
        for argv in commands.values():  # the warm-up round: writes the bytecode, not timed
            subprocess.run(argv, cwd=folder, env=env, capture_output=True, check=True)
        best = {tool: [math.inf, math.inf, None] for tool in commands}
        for _ in range(runs):
            for tool, argv in commands.items():
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                w0 = time.perf_counter()
                done = subprocess.run(argv, cwd=folder, env=env, capture_output=True, text=True, check=True)
                wall = time.perf_counter() - w0
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                best[tool] = [min(best[tool][0], cpu), min(best[tool][1], wall), done.stdout]
        return {tool: tuple(v) for tool, v in best.items()}

    return [Row("start-up", "a 10-line file, BLEU, one process a run (printed score ==)", dict.fromkeys(commands),
                lambda tool, r: [float(r.strip())], "bleuprint score", hyps + refs, measured=measured)]


#: name -> builder(quick, repeats): the rows in the table's order.
ROWS = {
    "bleu-chrf-ter": lambda q, k: rows_bleu_chrf_ter(SIZES["segments"][q]),
    "wer": lambda q, k: rows_wer(SIZES["wer_pairs"][q]),
    "rouge": lambda q, k: rows_rouge(SIZES["segments"][q]),
    "meteor": lambda q, k: rows_meteor(SIZES["meteor"][q], k),
    "cider": lambda q, k: rows_coco(SIZES["segments"][q]),
    "perplexity": lambda q, k: rows_perplexity(SIZES["lp_tokens"][q], SIZES["lp_sentences"][q]),
    "startup": lambda q, k: rows_startup(SIZES["startup_runs"][q]),
}


# ---------------------------------------------------------------------------- measuring


def timed_calls(calls: dict, repeats: int) -> dict:
    """{tool: (min CPU, min wall, last result)}: one untimed call each, then ``repeats``
    interleaved timed calls."""
    for call in calls.values():
        call()
    cpu = {t: math.inf for t in calls}
    wall = {t: math.inf for t in calls}
    results = {}
    for _ in range(repeats):
        for tool, call in calls.items():
            c0, w0 = time.process_time(), time.perf_counter()
            results[tool] = call()
            cpu[tool] = min(cpu[tool], time.process_time() - c0)
            wall[tool] = min(wall[tool], time.perf_counter() - w0)
    return {t: (cpu[t], wall[t], results[t]) for t in calls}


def floor_cpu(texts: list, repeats: int) -> float:
    """CPU time of reading ``texts`` (one a line) from a file and splitting them into lines
    and words: the least a contestant must do with the same text."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(t.replace("\n", " ") for t in texts) + "\n")
    collecting = gc.isenabled()
    gc.disable()  # the lists hold no cycles: the collector's passes over this process's heap are not the floor's
    try:
        best = math.inf
        for _ in range(max(repeats, 3)):
            c0 = time.process_time()
            with open(f.name, encoding="utf-8") as handle:
                [line.split() for line in handle.read().splitlines()]
            best = min(best, time.process_time() - c0)
        return best
    finally:
        if collecting:
            gc.enable()
        os.unlink(f.name)


def exactness(row: Row, timings: dict) -> dict:
    """{tool: ``ref`` | ``yes`` | ``yes*`` | ``no (k of m differ)``} (module doc)."""
    reference = next(iter(row.calls))
    want = row.values(reference, timings[reference][2])
    out = {}
    for tool, (_, _, result) in timings.items():
        if tool == reference:
            out[tool] = "ref"
            continue
        got = row.values(tool, result)
        target, mark = (row.expected[tool](), "yes*") if tool in row.expected else (want, "yes")
        if len(got) != len(target):
            out[tool] = f"no ({len(got)} numbers, {len(target)} expected)"
            continue
        differ = sum(not (a == b or abs(a - b) <= row.tolerance) for a, b in zip(got, target))
        out[tool] = mark if differ == 0 else f"no ({differ} of {len(target)} differ)"
    return out


def measure_row(row: Row, repeats: int) -> list[dict]:
    timings = row.measured() if row.measured else timed_calls(row.calls, repeats)
    exact = exactness(row, timings)
    floor = floor_cpu(row.texts, repeats)
    ours = timings[row.ours][0]
    return [{"row": row.name, "data": row.data, "tool": tool, "cpu_s": cpu, "wall_s": wall,
             "x_bleuprint_cpu": cpu / ours if ours > 0 else math.inf, "exact": exact[tool], "floor_cpu_s": floor}
            for tool, (cpu, wall, _) in timings.items()]


# ---------------------------------------------------------------------------- output


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def seconds(x: float) -> str:
    return f"{x:.4f}" if x < 0.1 else f"{x:.3f}" if x < 10 else f"{x:.1f}"


def markdown(rows: list[dict], header: dict) -> str:
    lines = [f"Measured {header['date_utc']} on {header['platform']}, {header['cpus']} CPUs, "
             f"{header['threads']} bleuprint threads, Python {header['python']}; load average "
             f"{header['load_before']} before, {header['load_after']} after; minimum of {header['repeats']} "
             f"interleaved repetitions{' (--quick sizes)' if header['quick'] else ''}.", "",
             "| row | data | contestant | CPU s | wall s | x bleuprint (CPU) | exact? | floor CPU s |",
             "|---|---|---|---:|---:|---:|---|---:|"]
    previous = None
    for r in rows:
        first = (r["row"], r["data"]) != previous
        previous = (r["row"], r["data"])
        lines.append(f"| {r['row'] if first else ''} | {r['data'] if first else ''} | {r['tool']} | "
                     f"{seconds(r['cpu_s'])} | {seconds(r['wall_s'])} | {r['x_bleuprint_cpu']:.2f}x | {r['exact']} | "
                     f"{seconds(r['floor_cpu_s']) if first else ''} |")
    return "\n".join(lines) + "\n"


def bench_requirements() -> list[str]:
    """The ``bench`` extra of pyproject.toml (its pinned peers)."""
    import tomllib

    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["bench"]


def install_missing() -> None:
    """pip-install the bench extra's requirements whose module is not importable."""
    from importlib.metadata import PackageNotFoundError, version

    missing = []
    for requirement in bench_requirements():
        name = re.split(r"[=<>\[]", requirement)[0]
        try:
            version(name)
        except PackageNotFoundError:
            missing.append(requirement)
    if missing:
        print(f"installing {' '.join(missing)}", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", *missing], check=True)


def run(names: list[str], quick: bool, repeats: int) -> tuple[list[dict], dict]:
    header = {"date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
              "platform": platform.platform(), "cpus": os.cpu_count(), "threads": native.THREADS,
              "python": platform.python_version(), "repeats": repeats, "quick": quick, "load_before": load()}
    out = []
    for name in names:
        with contextlib.redirect_stdout(io.StringIO()) as noise:
            built = ROWS[name](int(quick), repeats)
        print(noise.getvalue(), end="")
        for row in built:
            with contextlib.redirect_stdout(io.StringIO()):  # the peers' own printing
                measured = measure_row(row, repeats)
            for r in measured:
                print(f"{r['row']:<26} {r['tool']:<20} CPU {r['cpu_s']:9.4f} s  wall {r['wall_s']:9.4f} s  "
                      f"{r['x_bleuprint_cpu']:8.2f}x  {r['exact']:<18} floor {r['floor_cpu_s']:.4f} s", flush=True)
            out.extend(measured)
    header["load_after"] = load()
    return out, header


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    parser.add_argument("--repeats", type=int, help="timed runs per contestant (default 3, or 2 with --quick)")
    parser.add_argument("--rows", help=f"comma-separated, of: {', '.join(ROWS)} (default: all)")
    parser.add_argument("--list", action="store_true", help="print the row names and stop")
    parser.add_argument("--install", action="store_true", help="pip-install the bench extra's missing peers first")
    parser.add_argument("--markdown", metavar="PATH", help="also write the Markdown table")
    parser.add_argument("--json", metavar="PATH", help="also write the rows and the machine as JSON")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(ROWS))
        return 0
    names = args.rows.split(",") if args.rows else list(ROWS)
    unknown = [n for n in names if n not in ROWS]
    if unknown:
        parser.error(f"unknown rows {', '.join(unknown)} (of {', '.join(ROWS)})")
    if not corpus_path().exists():
        print(f"{corpus_path()} not found: nothing to measure")
        return 1
    if args.install:
        install_missing()
    repeats = args.repeats or (2 if args.quick else 3)
    print(f"load average {load()}; {native.THREADS} threads; minimum of {repeats}", flush=True)
    rows, header = run(names, args.quick, repeats)
    table = markdown(rows, header)
    print()
    print(table)
    if args.markdown:
        Path(args.markdown).write_text(table, encoding="utf-8")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": header, "rows": rows}, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
