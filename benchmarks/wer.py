"""Speed of bleuprint's WER, CER and MER (issues #18 item 6 and #40 item 1) against its
peers, side by side in one process: jiwer 4.0.0, werx 0.3.1 (Rust; WER only), and plain
loops of rapidfuzz 3.14.6 (the C++ library jiwer aligns with) -- ``Levenshtein.distance``
per pair (on word-id lists for WER, on the stripped strings for CER: the fastest exact way
to get WER/CER from rapidfuzz) and ``Levenshtein.opcodes`` per pair (the counts MER, WIL
and WIP need, jiwer's own route without jiwer's Python around it).

Usage::

    python benchmarks/wer.py                     # 50,000 pairs, best of 3
    python benchmarks/wer.py --quick             # 5,000 pairs, best of 2
    python benchmarks/wer.py --long 300000       # one 300,000-word line (each tool in a child process)
    python benchmarks/wer.py --json results.json

Corpus: ``--corpus`` (default ``<repo>/../shared/corpora/ted-ende.json``, else
``/work/shared/corpora/ted-ende.json``): 13 systems' German outputs of 529 TED segments,
one reference; the systems' outputs one after another, cycled to the number of pairs (pair
k: output k and its reference). ``--long N``: the hypotheses and the references joined
into one line each, cut to N words, one pair.

Tasks: ``WER`` and ``CER`` (the pooled measure; bleuprint's ``impl.wer`` / ``impl.cer``,
which need the distances only) and ``MER`` (the pooled counts: ``impl.mer``). Every tool's
value is compared with jiwer's (``==``; werx's to 1e-12, as it sums in another order).

Each figure is the minimum over interleaved repetitions (the machine is shared), CPU time
(``time.process_time``: every thread of the process) beside wall time. Goals (issue #40):
bleuprint's WER at least as fast as werx and as the rapidfuzz distance loop, its CER at
least as fast as the rapidfuzz distance loop, its MER at most 2x its WER (CPU and wall);
the long line in seconds with memory linear in its length (the child's peak RSS is shown).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from speed import TED, bleuprint_caches, clear  # noqa: E402

from bleuprint.impl import native  # noqa: E402
from bleuprint.metrics.wer import impl as wer_impl  # noqa: E402
from bleuprint.metrics.wer.spec import measure_from_counts  # noqa: E402

FALLBACK_CORPUS = Path("/work/shared/corpora/ted-ende.json")


def corpus_path(given: str | None) -> Path:
    if given:
        return Path(given)
    return TED if TED.exists() else FALLBACK_CORPUS


def corpus(path: Path, n_pairs: int) -> tuple[list, list]:
    data = json.loads(path.read_text(encoding="utf-8"))
    reference = data["references"][0]
    hyps, refs = [], []
    for outputs in data["systems"].values():
        hyps += outputs
        refs += reference
    return [hyps[k % len(hyps)] for k in range(n_pairs)], [refs[k % len(refs)] for k in range(n_pairs)]


def long_line(path: Path, n_words: int) -> tuple[list, list]:
    hyps, refs = corpus(path, 13 * 529)
    hyp_words = " ".join(hyps).split()
    ref_words = " ".join(refs).split()
    while len(hyp_words) < n_words or len(ref_words) < n_words:
        hyp_words, ref_words = hyp_words + hyp_words, ref_words + ref_words
    return [" ".join(hyp_words[:n_words])], [" ".join(ref_words[:n_words])]


def _jiwer_transform():
    import re

    runs = re.compile(r"\s\s+")
    return lambda text: [w for w in runs.sub(" ", text).strip().split(" ") if w]


def calls(hyps: list, refs: list, task: str) -> dict:
    """{tool: call returning the measure}."""
    import jiwer
    from rapidfuzz.distance import Levenshtein

    targets = [[r] for r in refs]
    split = _jiwer_transform()
    tools = {}
    if task == "WER":
        tools["jiwer"] = lambda: jiwer.wer(refs, hyps)
        try:
            import werx

            tools["werx"] = lambda: werx.wer(refs, hyps)
        except ImportError:
            print("  werx: not installed (pip install -e .[bench]); its row is left out")

        def rapidfuzz_distance():
            vocab: dict = {}
            errors = n_ref = 0
            for ref, hyp in zip(refs, hyps):
                a = [vocab.setdefault(w, len(vocab)) for w in split(ref)]
                b = [vocab.setdefault(w, len(vocab)) for w in split(hyp)]
                errors += Levenshtein.distance(a, b)
                n_ref += len(a)
            return errors / n_ref if n_ref else float(errors)

        tools["rapidfuzz-distance"] = rapidfuzz_distance
        tools["bleuprint"] = lambda: wer_impl.wer(hyps, targets)
    elif task == "CER":
        tools["jiwer"] = lambda: jiwer.cer(refs, hyps)

        def rapidfuzz_distance():
            errors = n_ref = 0
            for ref, hyp in zip(refs, hyps):
                a, b = ref.strip(), hyp.strip()
                errors += Levenshtein.distance(a, b)
                n_ref += len(a)
            return errors / n_ref if n_ref else float(errors)

        tools["rapidfuzz-distance"] = rapidfuzz_distance
        tools["bleuprint"] = lambda: wer_impl.cer(hyps, targets)
    else:  # MER: the counts
        tools["jiwer"] = lambda: jiwer.mer(refs, hyps)

        def rapidfuzz_opcodes():
            vocab: dict = {}
            h = s = d = i = n_ref = n_hyp = 0
            for ref, hyp in zip(refs, hyps):
                a = [vocab.setdefault(w, len(vocab)) for w in split(ref)]
                b = [vocab.setdefault(w, len(vocab)) for w in split(hyp)]
                n_ref += len(a)
                n_hyp += len(b)
                for tag, i1, i2, j1, j2 in Levenshtein.opcodes(a, b):
                    if tag == "equal":
                        h += i2 - i1
                    elif tag == "replace":
                        s += i2 - i1
                    elif tag == "delete":
                        d += i2 - i1
                    else:
                        i += j2 - j1
            return measure_from_counts([h, s, d, i, n_ref, n_hyp], "mer")

        tools["rapidfuzz-opcodes"] = rapidfuzz_opcodes
        tools["bleuprint"] = lambda: wer_impl.mer(hyps, targets)
    return tools


def run(hyps, refs, task, repeats) -> list[dict]:
    tools = calls(hyps, refs, task)
    caches = bleuprint_caches()
    cpu = {t: [] for t in tools}
    wall = {t: [] for t in tools}
    results = {}
    for _ in range(repeats):
        for tool, call in tools.items():
            clear(caches)
            c0, w0 = time.process_time(), time.perf_counter()
            results[tool] = call()
            cpu[tool].append(time.process_time() - c0)
            wall[tool].append(time.perf_counter() - w0)
    rows = []
    for tool in tools:
        exact = results[tool] == results["jiwer"]
        close = abs(results[tool] - results["jiwer"]) <= 1e-12
        rows.append({"task": task, "tool": tool, "cpu_s": min(cpu[tool]), "wall_s": min(wall[tool]),
                     "value": results[tool], "agrees": "==" if exact else ("1e-12" if close else "NO")})
    return rows


def long_child(path: Path, n_words: int, tool: str) -> None:
    """One tool on the long line, in this (child) process: prints JSON."""
    hyps, refs = long_line(path, n_words)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    c0, w0 = time.process_time(), time.perf_counter()
    if tool.startswith("bleuprint"):
        value = getattr(wer_impl, tool.split("-")[1])(hyps, [[r] for r in refs])
    elif tool == "jiwer-wer":
        import jiwer

        value = jiwer.wer(refs, hyps)
    elif tool == "jiwer-mer":
        import jiwer

        value = jiwer.mer(refs, hyps)
    elif tool == "werx-wer":
        import werx

        value = werx.wer(refs, hyps)
    else:
        from rapidfuzz.distance import Levenshtein

        split = _jiwer_transform()
        vocab: dict = {}
        a = [vocab.setdefault(w, len(vocab)) for w in split(refs[0])]
        b = [vocab.setdefault(w, len(vocab)) for w in split(hyps[0])]
        value = Levenshtein.distance(a, b) / len(a)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"tool": tool, "cpu_s": cpu, "wall_s": wall, "value": value,
                      "rss_before_mb": before / 1024, "rss_peak_mb": peak / 1024}))


def run_long(path: Path, n_words: int, tools: list, timeout: float) -> list[dict]:
    rows = []
    print(f"one line of {n_words:,} words (hypothesis and reference); each tool in a child process")
    print(f"{'tool':<26} {'CPU s':>8} {'wall s':>8} {'peak RSS MB':>12} {'(at start)':>10}  value")
    for tool in tools:
        try:
            done = subprocess.run([sys.executable, __file__, "--corpus", str(path), "--long", str(n_words),
                                   "--long-child", tool], capture_output=True, text=True, timeout=timeout)
            row = json.loads(done.stdout.strip().splitlines()[-1])
        except subprocess.TimeoutExpired:
            row = {"tool": tool, "cpu_s": None, "wall_s": None, "value": f"no answer in {timeout:.0f} s"}
        except (IndexError, json.JSONDecodeError):
            row = {"tool": tool, "cpu_s": None, "wall_s": None, "value": "failed: " + done.stderr[-200:]}
        rows.append(row)
        if row["cpu_s"] is None:
            print(f"{tool:<26} {'-':>8} {'-':>8} {'-':>12} {'-':>10}  {row['value']}", flush=True)
        else:
            print(f"{tool:<26} {row['cpu_s']:>8.2f} {row['wall_s']:>8.2f} {row['rss_peak_mb']:>12.0f} "
                  f"{row['rss_before_mb']:>10.0f}  {row['value']!r}", flush=True)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5,000 pairs, best of 2")
    parser.add_argument("--pairs", type=int, help="pairs (default 50,000, or 5,000 with --quick)")
    parser.add_argument("--repeats", type=int, help="timed runs per tool (default 3, or 2 with --quick)")
    parser.add_argument("--corpus", help="the TED corpus JSON (default: ../shared, else /work/shared)")
    parser.add_argument("--long", type=int, metavar="WORDS", help="time one line of WORDS words instead")
    parser.add_argument("--long-tools", default="bleuprint-wer,bleuprint-mer,rapidfuzz-distance,jiwer-mer,werx-wer",
                        help="tools of --long, comma-separated")
    parser.add_argument("--long-timeout", type=float, default=300.0, help="seconds a --long tool may take")
    parser.add_argument("--long-child", help=argparse.SUPPRESS)
    parser.add_argument("--json", metavar="PATH", help="also write machine, settings and rows as JSON")
    args = parser.parse_args(argv)
    path = corpus_path(args.corpus)
    if not path.exists():
        print(f"{path} not found: nothing to measure")
        return 1
    if args.long_child:
        long_child(path, args.long, args.long_child)
        return 0
    load = os.getloadavg()
    print(f"native kernels: {native.available()['wer']}; threads: {native.THREADS}; load {load[0]:.2f} {load[1]:.2f}")
    if args.long:
        rows = run_long(path, args.long, args.long_tools.split(","), args.long_timeout)
        settings = {"long_words": args.long}
    else:
        n_pairs = args.pairs or (5000 if args.quick else 50000)
        repeats = args.repeats or (2 if args.quick else 3)
        print(f"{n_pairs:,} pairs; minimum of {repeats} interleaved repetitions")
        hyps, refs = corpus(path, n_pairs)
        print(f"{'task':<5} {'tool':<19} {'CPU s':>8} {'wall s':>8} {'tool/ours CPU':>15} {'wall':>7} {'agrees':>6}")
        rows = []
        for task in ("WER", "CER", "MER"):
            task_rows = run(hyps, refs, task, repeats)
            ours = next(r for r in task_rows if r["tool"] == "bleuprint")
            for row in task_rows:
                rows.append(row)
                print(f"{task:<5} {row['tool']:<19} {row['cpu_s']:>8.3f} {row['wall_s']:>8.3f} "
                      f"{row['cpu_s'] / ours['cpu_s']:>14.2f}x {row['wall_s'] / ours['wall_s']:>6.2f}x "
                      f"{row['agrees']:>6}", flush=True)
        wer_row = next(r for r in rows if r["task"] == "WER" and r["tool"] == "bleuprint")
        mer_row = next(r for r in rows if r["task"] == "MER" and r["tool"] == "bleuprint")
        print(f"bleuprint MER / WER: CPU {mer_row['cpu_s'] / wer_row['cpu_s']:.2f}x, "
              f"wall {mer_row['wall_s'] / wer_row['wall_s']:.2f}x (goal: at most 2x)")
        settings = {"pairs": n_pairs, "repeats": repeats}
    if args.json:
        Path(args.json).write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(),
                        "threads": native.THREADS, "kernels": native.available(), "load": load},
            "settings": settings, "rows": rows}, indent=2))
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
