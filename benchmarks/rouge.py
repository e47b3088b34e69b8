"""Speed of bleuprint's ROUGE (issue #17 item 6) against rouge-score 0.1.2 and the Rust
ports rouge-score-rs 0.2.1 and rouge-rust 0.1.12 (``fast_rouge``), side by side in one
process, unstemmed and stemmed.

Usage::

    python benchmarks/rouge.py                # 10,000 pairs, best of 3
    python benchmarks/rouge.py --quick        # 2,000 pairs, best of 2 (a smoke run)
    python benchmarks/rouge.py --json results.json

Corpora, from ``<repo>/../shared/corpora/ted-ende.json`` (13 systems' German outputs of
529 TED segments, one reference): the systems' outputs one after another, cycled to the
number of pairs asked for (6,877 distinct pairs, so 10,000 repeats the first 3,123):

* ``segments``: pair k is (output k, its reference): one sentence each;
* ``documents``: pair k is the outputs of 3 consecutive segments of one system joined with
  ``"\\n"``, against the 3 references joined the same way (windows starting at every
  segment whose window stays inside its system: 13 x 527 = 6,851 distinct pairs): texts of
  three newline-separated sentences, where ROUGE-Lsum's union LCS differs from ROUGE-L.

Tasks, each on both corpora: ``1/2/L/Lsum`` (the four types in one scorer: rouge-score's
``RougeScorer(...).score`` per pair, rouge-score-rs's ``score_batch``, bleuprint's
``rouge_rows`` with the four types in one call) and ``1/2/L`` (the same with three types, where
rouge-rust, which has no Lsum and no stemmer, takes part: ``score_batch_flat``). Stemmed
runs: ``use_stemmer=True`` for rouge-score and rouge-score-rs (rouge-rust skipped), and
bleuprint's ``use_stemmer=True`` (``bleuprint/metrics/rouge/porter.py``; the rows are
skipped, with a message, when that module is missing).

Each figure is the best of the repeats (the machine is shared), run alternately, CPU time
(``time.process_time``: every thread of the process; rouge-rust and bleuprint use several)
beside wall time. ``x rs`` is rouge-score's time over the tool's; ``x port`` is the fastest
port's time over bleuprint's (the fastest by CPU and by wall time separately). Goals: 60x
rouge-score and at least the fastest port (1.0x), on CPU and on wall time.

Agreement: every tool's P, R and F of every pair and type are compared with rouge-score's
(``==``), and the mismatching pairs counted. The ports are benchmark peers only; bleuprint
never imports them.
"""

from __future__ import annotations

import argparse
import json
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

GOAL_ROUGE_SCORE, GOAL_PORT = 60.0, 1.0
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
    """{tool: call returning a list (per pair) of tuples (per type) of (P, R, F)}."""
    from rouge_score import rouge_scorer

    out = {}
    scorer = rouge_scorer.RougeScorer(list(types), use_stemmer=stem)
    out["rouge-score"] = lambda: [tuple(tuple(s[t]) for t in types) for s in
                                  (scorer.score(r, h) for h, r in zip(hyps, refs))]
    try:
        from rouge_score_rs import rouge_scorer as rs_scorer

        port = rs_scorer.RougeScorer(list(types), use_stemmer=stem)
        out["rouge-score-rs"] = lambda: [tuple(tuple(s[t]) for t in types) for s in port.score_batch(refs, hyps)]
    except ImportError:
        print("rouge-score-rs not installed: skipped")
    if not stem and "rougeLsum" not in types:
        try:
            import fast_rouge

            def rouge_rust():
                flat = fast_rouge.score_batch_flat(refs, hyps)
                cols = [(getattr(flat, f"{t}_precision"), getattr(flat, f"{t}_recall"), getattr(flat, f"{t}_fmeasure"))
                        for t in types]
                return [tuple((c[0][k], c[1][k], c[2][k]) for c in cols) for k in range(len(hyps))]

            out["rouge-rust"] = rouge_rust
        except ImportError:
            print("rouge-rust (fast_rouge) not installed: skipped")
    if not stem or has_porter():
        targets = [[r] for r in refs]
        out["bleuprint"] = lambda: rouge_impl.rouge_rows(hyps, targets, types, use_stemmer=stem)
    return out


def comparable(tool: str, result) -> list:
    """Per pair, the tuple of (P, R, F) tuples (bleuprint's array as lists of floats)."""
    if tool == "bleuprint":
        return [tuple(tuple(row) for row in pair) for pair in result.tolist()]
    return result


def run(name, hyps, refs, task, stem, repeats) -> list[dict]:
    types = TYPES[task]
    tools = calls(hyps, refs, types, stem)
    caches = bleuprint_caches()
    cpu = {t: [] for t in tools}
    wall = {t: [] for t in tools}
    results = {}
    for _ in range(repeats):
        for tool, call in tools.items():
            c, w, results[tool] = timed(call, caches if tool == "bleuprint" else [], 1)
            cpu[tool].append(c)
            wall[tool].append(w)
    want = results["rouge-score"]
    best_cpu = {t: min(v) for t, v in cpu.items()}
    best_wall = {t: min(v) for t, v in wall.items()}
    ports = [t for t in tools if t not in ("rouge-score", "bleuprint")]
    port_cpu = min((best_cpu[t] for t in ports), default=None)
    port_wall = min((best_wall[t] for t in ports), default=None)
    rows = []
    for tool in tools:
        got = comparable(tool, results[tool])
        mismatches = sum(a != b for a, b in zip(got, want)) + abs(len(got) - len(want))
        row = {"corpus": name, "task": task, "stemmed": stem, "tool": tool, "cpu_s": best_cpu[tool],
               "wall_s": best_wall[tool], "x_rs_cpu": best_cpu["rouge-score"] / best_cpu[tool],
               "x_rs_wall": best_wall["rouge-score"] / best_wall[tool], "mismatching_pairs": mismatches}
        if tool == "bleuprint" and ports:
            row["x_port_cpu"] = port_cpu / best_cpu[tool]
            row["x_port_wall"] = port_wall / best_wall[tool]
        rows.append(row)
    return rows


def verdict(row) -> str:
    if row["tool"] != "bleuprint":
        return ""
    ok = min(row["x_rs_cpu"], row["x_rs_wall"]) >= GOAL_ROUGE_SCORE
    if "x_port_cpu" in row:
        ok = ok and min(row["x_port_cpu"], row["x_port_wall"]) >= GOAL_PORT
    return "met" if ok else "NOT met"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2,000 pairs, best of 2")
    parser.add_argument("--pairs", type=int, help="pairs per corpus (default 10,000, or 2,000 with --quick)")
    parser.add_argument("--repeats", type=int, help="timed runs per tool (default 3, or 2 with --quick)")
    parser.add_argument("--no-stem", action="store_true", help="unstemmed runs only")
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    n_pairs = args.pairs or (2000 if args.quick else 10000)
    repeats = args.repeats or (2 if args.quick else 3)
    if not TED.exists():
        print(f"{TED} not found: nothing to measure")
        return 1
    print(f"native kernels: {native.available()}; threads: {native.THREADS}; best of {repeats}; {n_pairs:,} pairs")
    if not has_porter():
        print("bleuprint/metrics/rouge/porter.py is missing: bleuprint's stemmed rows skipped")
    data = corpora(n_pairs)
    rows = []
    header = (f"{'corpus':<10} {'types':<11} {'stem':<5} {'tool':<15} {'CPU s':>8} {'wall s':>8} {'x rs CPU':>9} "
              f"{'x rs wall':>9} {'x port CPU':>10} {'x port wall':>11} {'differ':>6}  goal")
    print(header)
    for stem in ((False,) if args.no_stem else (False, True)):
        for name, (hyps, refs) in data.items():
            for task in TYPES:
                for row in run(name, hyps, refs, task, stem, repeats):
                    rows.append(row)
                    port = (f"{row['x_port_cpu']:>9.2f}x {row['x_port_wall']:>10.2f}x" if "x_port_cpu" in row
                            else f"{'':>10} {'':>11}")
                    print(f"{name:<10} {task:<11} {str(stem):<5} {row['tool']:<15} {row['cpu_s']:>8.3f} "
                          f"{row['wall_s']:>8.3f} {row['x_rs_cpu']:>8.1f}x {row['x_rs_wall']:>8.1f}x {port} "
                          f"{row['mismatching_pairs']:>6}  {verdict(row)}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(),
                        "threads": native.THREADS, "kernels": native.available()},
            "settings": {"pairs": n_pairs, "repeats": repeats, "window": WINDOW}, "rows": rows}, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
