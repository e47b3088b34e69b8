"""Speed of bleuprint's ROUGE (issues #17 item 6 and #40 item 2) against rouge-score 0.1.2 and
the Rust ports rouge-score-rs 0.2.1 and rouge-rust 0.1.12 (``fast_rouge``), side by side in
one process, unstemmed and stemmed.

Usage::

    python benchmarks/rouge.py                # 10,000 pairs, best of 3
    python benchmarks/rouge.py --quick        # 2,000 pairs, best of 2 (a smoke run)
    python benchmarks/rouge.py --json results.json --corpus /work/shared/corpora/ted-ende.json
    python benchmarks/rouge.py --batch-parts  # score_batch against the internal call, taken apart

Corpora, from ``<repo>/../shared/corpora/ted-ende.json`` (or ``--corpus``; 13 systems'
German outputs of 529 TED segments, one reference): the systems' outputs one after another,
cycled to the number of pairs asked for (6,877 distinct pairs, so 10,000 repeats the first
3,123):

* ``segments``: pair k is (output k, its reference): one sentence each;
* ``documents``: pair k is the outputs of 3 consecutive segments of one system joined with
  ``"\\n"``, against the 3 references joined the same way (windows starting at every
  segment whose window stays inside its system: 13 x 527 = 6,851 distinct pairs): texts of
  three newline-separated sentences, where ROUGE-Lsum's union LCS differs from ROUGE-L.

Tasks, each on both corpora, unstemmed and stemmed: ``1/2/L/Lsum`` (the four types) and
``1/2/L`` (three types, where rouge-rust, which has no Lsum and no stemmer, takes part).
Contestants (each gets every pair and every type of the task; a missing one is skipped):

* ``rouge-score``: ``RougeScorer(types).score(target, prediction)`` in a loop over the pairs
  (as its users call it: one call per pair);
* ``rouge-score-rs``: ``RougeScorer(types).score_batch(targets, predictions)``;
* ``rouge-rust``: ``fast_rouge.score_batch_flat`` (1/2/L unstemmed only);
* ``bp rouge_all``: bleuprint's public all-types call ``bleuprint.rouge_all``;
* ``bp per type``: one public call per type (``rouge_stats_matrix``, what ``stats_matrix``
  runs), each tokenizing and stemming again: the public route before ``rouge_all``;
* ``bp internal``: the kernel call ``rouge_all`` wraps (``impl.rouge_rows``);
* ``compat score``: ``bleuprint.compat.rouge_score.RougeScorer(types).score`` in the same
  loop as rouge-score's (the scorer built inside the timed call, so its token cache starts
  empty in every repetition);
* ``compat batch``: that scorer's ``score_batch``.

Each figure is the minimum over the repetitions, the contestants interleaved within each
repetition (the machine is shared: the load average is printed before and after), CPU time
(``time.process_time``: every thread of the process; rouge-rust, rouge-score-rs and
bleuprint use several) beside wall time. ``x rs`` is rouge-score's CPU time over the
tool's; ``x rs-rs`` and ``x rust`` are rouge-score-rs's and rouge-rust's CPU time over the
tool's. Goals (issue 40): ``bp rouge_all`` at least 1.5x rouge-score-rs and rouge-rust on
CPU in every row; ``compat score`` at least 30x rouge-score; ``compat batch`` at most 1.00x
of ``bp internal``'s CPU time (as fast as the internal call it wraps, its dicts included).

``--batch-parts`` takes ``compat batch`` and ``bp internal`` apart instead (best of 15 by
default, every piece interleaved): both run the same kernel on the same texts, and differ
in what surrounds it. The internal call first walks the lists of one target each
(``flatten``: ``impl._flatten``); ``score_batch`` interleaves the two flat lists instead,
runs the kernel (``pair kernel``: ``impl.rouge_pair_parts``), and then builds the dicts of
``Score`` the API returns (``dicts``: ``_rouge.rows_dicts`` on that kernel's parts). So
``batch - internal`` should come out near ``dicts - flatten``: what the returned objects
cost beyond the Python the pair path saves. ``kernel diff`` is ``internal - flatten - pair
kernel`` (near zero when the rest of the two calls costs the same).

``exact?``: every tool's P, R and F of every pair and type are compared with rouge-score's
(``==``): ``yes``, or the number of pairs that differ. The ports are benchmark peers only;
bleuprint never imports them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from sentences import timed  # noqa: E402
from speed import TED, bleuprint_caches  # noqa: E402

from bleuprint.impl import native  # noqa: E402
from bleuprint.metrics.rouge import impl as rouge_impl  # noqa: E402

#: Issue 40: rouge_all >= 1.5x each port (CPU); the compat loop >= 30x rouge-score's loop;
#: score_batch at most as much CPU as the internal call it wraps (x_internal_cpu >= 1).
GOAL_PORT, GOAL_COMPAT_LOOP, GOAL_BATCH = 1.5, 30.0, 1.0
TYPES = {"1/2/L/Lsum": ("rouge1", "rouge2", "rougeL", "rougeLsum"), "1/2/L": ("rouge1", "rouge2", "rougeL")}
WINDOW = 3


def corpora(n_pairs: int) -> dict:
    """{name: (predictions, targets)} (module doc), each of ``n_pairs`` pairs."""
    data = json.loads(TED.read_text(encoding="utf-8"))
    reference = data["references"][0]
    seg_h, seg_r, doc_h, doc_r = [], [], [], []
    for outputs in data["systems"].values():
        seg_h += outputs
        seg_r += reference
        for i in range(len(outputs) - WINDOW + 1):
            doc_h.append("\n".join(outputs[i:i + WINDOW]))
            doc_r.append("\n".join(reference[i:i + WINDOW]))

    def cycle(xs):
        return [xs[k % len(xs)] for k in range(n_pairs)]

    return {"segments": (cycle(seg_h), cycle(seg_r)), "documents": (cycle(doc_h), cycle(doc_r))}


def has_porter() -> bool:
    return (REPO / "bleuprint" / "metrics" / "rouge" / "porter.py").exists()


def calls(hyps, refs, types, stem: bool) -> dict:
    """{tool: call returning its own result} (module doc); ``as_pairs`` turns each result
    into a list (per pair) of tuples (per type) of (P, R, F)."""
    from rouge_score import rouge_scorer

    from bleuprint.compat.rouge_score import rouge_scorer as compat

    out = {}

    def loop(factory):
        def run():
            scorer = factory(list(types), use_stemmer=stem)
            return [scorer.score(r, h) for h, r in zip(hyps, refs)]

        return run

    out["rouge-score"] = loop(rouge_scorer.RougeScorer)
    try:
        from rouge_score_rs import rouge_scorer as rs_scorer

        out["rouge-score-rs"] = lambda: rs_scorer.RougeScorer(list(types), use_stemmer=stem).score_batch(refs, hyps)
    except ImportError:
        print("rouge-score-rs not installed: skipped")
    if not stem and "rougeLsum" not in types:
        try:
            import fast_rouge

            out["rouge-rust"] = lambda: fast_rouge.score_batch_flat(refs, hyps)
        except ImportError:
            print("rouge-rust (fast_rouge) not installed: skipped")
    if stem and not has_porter():
        return out
    targets = [[r] for r in refs]
    if hasattr(rouge_impl, "rouge_all"):
        out["bp rouge_all"] = lambda: rouge_impl.rouge_all(hyps, targets, types, use_stemmer=stem)
    out["bp per type"] = lambda: {t: rouge_impl.rouge_stats_matrix(hyps, targets, t, use_stemmer=stem) for t in types}
    out["bp internal"] = lambda: rouge_impl.rouge_rows(hyps, targets, types, use_stemmer=stem)
    out["compat score"] = loop(compat.RougeScorer)
    if hasattr(compat.RougeScorer, "score_batch"):
        out["compat batch"] = lambda: compat.RougeScorer(list(types), use_stemmer=stem).score_batch(refs, hyps)
    return out


def as_pairs(tool: str, result, types) -> list:
    """Per pair, the tuple of (P, R, F) tuples of ``types``."""
    if tool == "bp internal":
        return [tuple(tuple(row) for row in pair) for pair in result.tolist()]
    if tool in ("bp rouge_all", "bp per type"):
        columns = [result[t].tolist() for t in types]
        return [tuple(tuple(c[k]) for c in columns) for k in range(len(columns[0]))]
    if tool == "rouge-rust":
        cols = [(getattr(result, f"{t}_precision"), getattr(result, f"{t}_recall"), getattr(result, f"{t}_fmeasure"))
                for t in types]
        return [tuple((c[0][k], c[1][k], c[2][k]) for c in cols) for k in range(len(cols[0][0]))]
    return [tuple(tuple(scores[t]) for t in types) for scores in result]


def run(name, hyps, refs, task, stem, repeats) -> list[dict]:
    types = TYPES[task]
    tools = calls(hyps, refs, types, stem)
    caches = bleuprint_caches()
    cpu = {t: [] for t in tools}
    wall = {t: [] for t in tools}
    results = {}
    for _ in range(repeats):
        for tool, call in tools.items():
            c, w, results[tool] = timed(call, caches, 1)
            cpu[tool].append(c)
            wall[tool].append(w)
    want = as_pairs("rouge-score", results["rouge-score"], types)
    best_cpu = {t: min(v) for t, v in cpu.items()}
    best_wall = {t: min(v) for t, v in wall.items()}
    rows = []
    for tool in tools:
        got = as_pairs(tool, results[tool], types)
        mismatches = sum(a != b for a, b in zip(got, want)) + abs(len(got) - len(want))
        row = {"corpus": name, "task": task, "stemmed": stem, "tool": tool, "pairs": len(hyps),
               "cpu_s": best_cpu[tool], "wall_s": best_wall[tool],
               "x_rs_cpu": best_cpu["rouge-score"] / best_cpu[tool], "mismatching_pairs": mismatches}
        for peer, key in (("rouge-score-rs", "x_rsrs_cpu"), ("rouge-rust", "x_rust_cpu"), ("bp internal", "x_internal_cpu")):
            if peer in best_cpu:
                row[key] = best_cpu[peer] / best_cpu[tool]
        rows.append(row)
    return rows


def verdict(row) -> str:
    """The issue-40 goal of the row's tool, if it has one: ``met`` or ``NOT met`` (for
    ``compat batch`` with its CPU time over ``bp internal``'s)."""
    tool = row["tool"]
    if tool == "bp rouge_all":
        ok = all(row[k] >= GOAL_PORT for k in ("x_rsrs_cpu", "x_rust_cpu") if k in row)
    elif tool == "compat score":
        ok = row["x_rs_cpu"] >= GOAL_COMPAT_LOOP
    elif tool == "compat batch" and "x_internal_cpu" in row:
        ok = row["x_internal_cpu"] >= GOAL_BATCH
        return f"{'met' if ok else 'NOT met'} ({1 / row['x_internal_cpu']:.3f}x bp internal's CPU)"
    else:
        return ""
    return "met" if ok else "NOT met"


def batch_parts(name, hyps, refs, task, stem, repeats) -> dict:
    """CPU milliseconds of ``bp internal``, ``compat batch`` and the pieces that differ
    between them (module doc), each the minimum of ``repeats`` interleaved runs."""
    from bleuprint.compat.rouge_score import rouge_scorer as compat
    from bleuprint.compat.rouge_score import scoring

    types = TYPES[task]
    targets = [[r] for r in refs]
    parts = rouge_impl.rouge_pair_parts(hyps, refs, types, stem)
    calls = {
        "internal": lambda: rouge_impl.rouge_rows(hyps, targets, types, use_stemmer=stem),
        "batch": lambda: compat.RougeScorer(list(types), use_stemmer=stem).score_batch(refs, hyps),
        "flatten": lambda: rouge_impl._flatten(hyps, targets),
        "pair kernel": lambda: rouge_impl.rouge_pair_parts(hyps, refs, types, stem),
        "dicts": lambda: native.rouge.rows_dicts(parts, types, scoring.Score),
    }
    caches = bleuprint_caches()
    cpu = {piece: [] for piece in calls}
    for _ in range(repeats):
        for piece, call in calls.items():
            cpu[piece].append(timed(call, caches, 1)[0])
    ms = {piece: 1000 * min(times) for piece, times in cpu.items()}
    return {"corpus": name, "task": task, "stemmed": stem, "pairs": len(hyps), "cpu_ms": ms,
            "batch_minus_internal_ms": ms["batch"] - ms["internal"], "dicts_minus_flatten_ms": ms["dicts"] - ms["flatten"],
            "kernel_diff_ms": ms["internal"] - ms["flatten"] - ms["pair kernel"]}


def print_batch_parts(cases: list, repeats: int) -> list:
    """``batch_parts`` of every case (``main``'s), each printed as it comes; the rows."""
    rows = []
    print(f"{'corpus':<10} {'types':<11} {'stem':<5} {'internal':>9} {'batch':>9} {'batch-int':>9} {'flatten':>8} "
          f"{'pair krn':>9} {'dicts':>7} {'dicts-fl':>8} {'krn diff':>8}  (CPU ms, best of {repeats})")
    for stem, name, hyps, refs, task in cases:
        row = batch_parts(name, hyps, refs, task, stem, repeats)
        rows.append(row)
        ms = row["cpu_ms"]
        print(f"{name:<10} {task:<11} {str(stem):<5} {ms['internal']:>9.2f} {ms['batch']:>9.2f} "
              f"{row['batch_minus_internal_ms']:>+9.2f} {ms['flatten']:>8.2f} {ms['pair kernel']:>9.2f} "
              f"{ms['dicts']:>7.2f} {row['dicts_minus_flatten_ms']:>+8.2f} {row['kernel_diff_ms']:>+8.2f}", flush=True)
    return rows


def print_tools(cases: list, repeats: int) -> list:
    """``run`` of every case (``main``'s), each tool's row printed as it comes; the rows."""
    rows = []
    print(f"{'corpus':<10} {'types':<11} {'stem':<5} {'tool':<15} {'CPU s':>8} {'wall s':>8} {'x rs':>8} "
          f"{'x rs-rs':>8} {'x rust':>7} {'exact?':>6}  goal")
    for stem, name, hyps, refs, task in cases:
        for row in run(name, hyps, refs, task, stem, repeats):
            rows.append(row)
            ratio = {k: f"{row[k]:.2f}x" if k in row else "" for k in ("x_rsrs_cpu", "x_rust_cpu")}
            exact = "yes" if row["mismatching_pairs"] == 0 else str(row["mismatching_pairs"])
            print(f"{name:<10} {task:<11} {str(stem):<5} {row['tool']:<15} {row['cpu_s']:>8.3f} "
                  f"{row['wall_s']:>8.3f} {row['x_rs_cpu']:>7.1f}x {ratio['x_rsrs_cpu']:>8} "
                  f"{ratio['x_rust_cpu']:>7} {exact:>6}  {verdict(row)}", flush=True)
    return rows


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} CPUs"


def main(argv=None) -> int:
    global TED
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2,000 pairs, best of 2")
    parser.add_argument("--pairs", type=int, help="pairs per corpus (default 10,000, or 2,000 with --quick)")
    parser.add_argument("--repeats", type=int, help="timed runs per tool (default 3, or 2 with --quick)")
    parser.add_argument("--no-stem", action="store_true", help="unstemmed runs only")
    parser.add_argument("--corpus", type=Path, default=TED, help=f"the ted-ende corpus (default {TED})")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    parser.add_argument("--batch-parts", action="store_true",
                        help="score_batch against the internal call, taken apart (module doc; best of 15)")
    args = parser.parse_args(argv)
    TED = args.corpus
    n_pairs = args.pairs or (2000 if args.quick else 10000)
    repeats = args.repeats or (2 if args.quick else 15 if args.batch_parts else 3)
    if not TED.exists():
        print(f"{TED} not found: nothing to measure")
        return 1
    load_before = load()
    print(f"native kernels: {native.available()}; threads: {native.THREADS}; best of {repeats}; {n_pairs:,} pairs; "
          f"{load_before}")
    if not has_porter():
        print("bleuprint/metrics/rouge/porter.py is missing: bleuprint's stemmed rows skipped")
    data = corpora(n_pairs)
    cases = [(stem, name, hyps, refs, task) for stem in ((False,) if args.no_stem else (False, True))
             for name, (hyps, refs) in data.items() for task in TYPES]
    rows = (print_batch_parts if args.batch_parts else print_tools)(cases, repeats)
    load_after = load()
    print(load_after)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(),
                        "threads": native.THREADS, "kernels": native.available(), "cpus": os.cpu_count(),
                        "load_before": load_before, "load_after": load_after},
            "settings": {"pairs": n_pairs, "repeats": repeats, "window": WINDOW}, "rows": rows}, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
