"""Speed of bleuprint.impl's TER against sacreBLEU 2.5.1's, on real MT output, cold.

Usage::

    python benchmarks/ter.py                   # default options, median of 5
    python benchmarks/ter.py --repeats 3 --all-options   # every option combination
    python benchmarks/ter.py --json ter.json

Corpus: all 13 systems of ``<repo>/../shared/corpora/ted-ende.json`` concatenated (6,877
segments, one reference each). Each timing is one cold corpus call: sacreBLEU gets a
fresh ``TER`` object and the ``lru_cache`` of its ``TercomTokenizer.__call__`` (which
lives on the class) cleared first; bleuprint keeps nothing between calls. The layout
conversion (sacreBLEU takes reference streams) is done once, outside the timing.
Both wall-clock and process CPU times are measured (the machine may be shared: CPU time
is the steadier figure); the table gives the median of each over the repeats, the
speed-ups (sacreBLEU / bleuprint) and whether the statistics and scores agree (every
sentence's [edits, length] equal, scores within 1e-9). Goal of issue 4: 20x.

The first line says whether bleuprint's compiled TER kernel was used
(``bleuprint.impl.native.available()``; ``BLEUPRINT_NO_NATIVE=1`` times the numpy/Python
fallback), and the JSON output records it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from bleuprint.impl import native  # noqa: E402
from bleuprint.metrics.ter.impl import ter_stats_matrix  # noqa: E402
from bleuprint.metrics.ter.impl import ter_from_stats  # noqa: E402

TED = REPO.parent / "shared" / "corpora" / "ted-ende.json"
GOAL = 20
AGREEMENT = 1e-9
OPTION_NAMES = ("normalized", "no_punct", "asian_support", "case_sensitive")


def load_ted():
    data = json.loads(TED.read_text(encoding="utf-8"))
    reference_streams = data["references"]
    hyps, refs = [], []
    for outputs in data["systems"].values():
        hyps += outputs
        refs += [list(per_sentence) for per_sentence in zip(*reference_streams)]
    streams = [list(stream) for stream in zip(*refs)]
    return hyps, refs, streams


def timed(call):
    wall, cpu = time.perf_counter(), time.process_time()
    value = call()
    return value, time.perf_counter() - wall, time.process_time() - cpu


def run_sacrebleu(hyps, streams, options):
    import sacrebleu
    from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

    TercomTokenizer.__call__.cache_clear()
    metric = sacrebleu.TER(**options)
    rows = metric._extract_corpus_statistics(hyps, streams)
    score = metric._aggregate_and_compute(rows)
    return [list(row) for row in rows], float(score.score)


def run_bleuprint(hyps, refs, options):
    matrix = ter_stats_matrix(hyps, refs, **options)
    total = [int(matrix[:, 0].sum()), 0.0]
    for length in matrix[:, 1].tolist():  # the spec's order of float additions
        total[1] += length
    return matrix, ter_from_stats(total)


def measure(hyps, refs, streams, options, repeats):
    sacre, ours = [], []
    for _ in range(repeats):
        (expected_rows, expected_score), wall, cpu = timed(lambda: run_sacrebleu(hyps, streams, options))
        sacre.append((wall, cpu))
        (matrix, score), wall, cpu = timed(lambda: run_bleuprint(hyps, refs, options))
        ours.append((wall, cpu))
    rows_equal = matrix.tolist() == [[float(e), float(length)] for e, length in expected_rows]
    return {
        "options": "+".join(name for name in OPTION_NAMES if options.get(name)) or "defaults",
        "sacrebleu_wall": statistics.median(w for w, _ in sacre),
        "sacrebleu_cpu": statistics.median(c for _, c in sacre),
        "bleuprint_wall": statistics.median(w for w, _ in ours),
        "bleuprint_cpu": statistics.median(c for _, c in ours),
        "rows_equal": rows_equal,
        "scores_agree": abs(score - expected_score) <= AGREEMENT,
        "score": score,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--all-options", action="store_true", help="time all 16 option combinations")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    if not TED.is_file():
        print(f"skipped: {TED} is absent")
        return 0
    hyps, refs, streams = load_ted()
    combinations = [{}]
    if args.all_options:
        combinations = [{name: True for name, flag in zip(OPTION_NAMES, flags) if flag}
                        for flags in itertools.product((False, True), repeat=4)]
    kernel = native.available()["ter"]
    print(f"TER on ted-ende, 13 systems concatenated ({len(hyps)} segments), median of {args.repeats}, cold")
    print("bleuprint search: " + ("compiled kernel (bleuprint.impl._terkernel)" if kernel
                                  else "numpy/Python fallback (no compiled kernel loaded)"))
    header = (f"{'options':42} {'sacre wall':>10} {'sacre cpu':>9} {'ours wall':>9} {'ours cpu':>8} "
              f"{'x wall':>7} {'x cpu':>6} {'goal':>5} {'met(cpu)':>8} {'equal':>5}")
    print(header)
    results = []
    for options in combinations:
        r = measure(hyps, refs, streams, options, args.repeats)
        r["speedup_wall"] = r["sacrebleu_wall"] / r["bleuprint_wall"]
        r["speedup_cpu"] = r["sacrebleu_cpu"] / r["bleuprint_cpu"]
        results.append(r)
        print(f"{r['options']:42} {r['sacrebleu_wall']:10.2f} {r['sacrebleu_cpu']:9.2f} {r['bleuprint_wall']:9.3f} "
              f"{r['bleuprint_cpu']:8.3f} {r['speedup_wall']:7.1f} {r['speedup_cpu']:6.1f} {GOAL:5d} "
              f"{'yes' if r['speedup_cpu'] >= GOAL else 'NO':>8} "
              f"{'yes' if r['rows_equal'] and r['scores_agree'] else 'NO':>5}", flush=True)
    if args.json:
        summary = {"python": platform.python_version(), "native_ter": kernel, "results": results}
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    return 0 if all(r["rows_equal"] and r["scores_agree"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
