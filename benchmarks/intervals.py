"""Speed of bleuprint.impl's bootstrap intervals and paired tests against sacreBLEU 2.5.1.

    python benchmarks/intervals.py [--repeats 5] [--skip-sacrebleu] [--metrics bleu,chrf,ter]

Corpus: all 13 systems of ``../shared/corpora/ted-ende.json`` concatenated (6877
segments, one reference each) for the single-system interval; the 13 systems as baseline
+ 12 for the paired bootstrap (529 segments each). Every time is the median of
``--repeats`` cold runs (fresh sacreBLEU metric objects, tokenizer caches cleared;
bleuprint's caches cleared too). Columns:

* ``impl score``: one impl corpus score (statistics + score).
* ``impl CI``: ``impl.intervals.bootstrap`` with 1000 resamples from the text (statistics
  + resampling); ``resampling``: the same from the statistics matrix only.
* ``CI / score``: the issue's budget is at most 3.
* ``sacreBLEU CI``: ``corpus_score(..., n_bootstrap=1000)`` (what ``--confidence`` runs);
  ``speed-up`` = sacreBLEU CI / impl CI, goal at least 50.
* ``sacreBLEU resampling``: sacreBLEU's ``_bootstrap_resample`` + ``estimate_ci`` on its
  precomputed statistics; ``resampling speed-up`` = that / impl resampling.
* ``RNG floor``: ``rng.choice(N, (1000, N))`` alone, the draw of sacreBLEU's 6.9 million
  indices that any seed-for-seed reproduction must make (numpy's PCG64 and bounded-integer
  code), and the same draws by bleuprint's C kernel (``bleuprint.impl._resample``, when
  built): as an index matrix (``impl.intervals.resample_indices``), and drawn and added
  into a one-column sum without any matrix (``resampled_sums``), which is what an
  interval costs at least.
* paired: ``impl.significance.paired_bootstrap`` (n=1000) vs sacreBLEU ``PairedTest``
  (``test_type="bs"``, one process), goal at least 50.

Which compiled kernels are loaded (``bleuprint.impl.native.available()``) and how many
threads impl may use (``native.THREADS``: ``BLEUPRINT_THREADS``, or ``--threads``) are
printed first: without the kernels (no C compiler, or ``BLEUPRINT_NO_NATIVE=1``) impl runs
its numpy code; with two threads or more, an interval draws its indices on a second
thread while the statistics are computed, and splits the n-gram counts and the sums.
sacreBLEU runs on one thread, so the CPU-time ratio (in parentheses) is the one that
compares work done; the wall-time ratio compares what a user waits for.

Each time is printed as wall time, with the process CPU time in parentheses (the median
of the repeats too). The machine's other load is not controlled: sacreBLEU's runs and
bleuprint's alternate (one of each per repeat), so that both medians come from the same
stretch of time. Read the ratios, not the absolute times.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TED = ROOT.parent / "shared" / "corpora" / "ted-ende.json"

SACREBLEU_TOKENIZERS = ("tokenizer_13a", "tokenizer_re", "tokenizer_intl", "tokenizer_zh", "tokenizer_char",
                        "tokenizer_ter")


def _caches(module) -> list:
    found = []
    for value in vars(module).values():
        candidates = [value]
        if isinstance(value, type) and value.__module__ == module.__name__:
            candidates += [v.__func__ if isinstance(v, (staticmethod, classmethod)) else v for v in vars(value).values()]
        found += [c for c in candidates if callable(getattr(c, "cache_clear", None))]
    return found


def all_caches() -> list:
    caches = []
    for name in SACREBLEU_TOKENIZERS:
        try:
            caches += _caches(importlib.import_module(f"sacrebleu.tokenizers.{name}"))
        except ImportError:
            pass
    for name, module in sorted(sys.modules.items()):
        if name.startswith("bleuprint.impl") and module is not None:
            caches += _caches(module)
    return caches


class Timing(float):
    """A median wall time (the float) with the median CPU time of the same runs (``cpu``)."""

    cpu: float

    def __new__(cls, wall: float, cpu: float):
        self = super().__new__(cls, wall)
        self.cpu = cpu
        return self

    def __format__(self, spec: str) -> str:
        precision = "." + spec.split(".", 1)[1] if "." in spec else ""
        width = spec.split(".", 1)[0]
        both = f"{format(float(self), precision)} ({format(self.cpu, precision)})"
        return format(both, f">{width}") if width else both


def timed(function, repeats: int) -> Timing:
    """Median wall time (and median process CPU time) of ``repeats`` cold calls."""
    walls, cpus = [], []
    for _ in range(repeats):
        for cache in all_caches():
            cache.cache_clear()
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        cpus.append(time.process_time() - start_cpu)
        walls.append(time.perf_counter() - start)
    return Timing(statistics.median(walls), statistics.median(cpus))


def timed_alternately(fast, slow, repeats: int, slow_repeats: int) -> tuple[Timing, Timing]:
    """``timed`` of ``fast`` and of ``slow``, their cold runs alternating: ``max(repeats,
    slow_repeats)`` rounds, each running ``fast`` (first ``repeats`` rounds) and then
    ``slow`` (first ``slow_repeats`` rounds), one call each."""
    runs = {"fast": ([], []), "slow": ([], [])}
    for k in range(max(repeats, slow_repeats)):
        for name, function, count in (("fast", fast, repeats), ("slow", slow, slow_repeats)):
            if k < count:
                one = timed(function, 1)
                runs[name][0].append(float(one))
                runs[name][1].append(one.cpu)
    return tuple(Timing(statistics.median(runs[n][0]), statistics.median(runs[n][1])) for n in ("fast", "slow"))


def ratio(slow: Timing, fast: Timing) -> str:
    """``slow / fast`` in wall time, and in CPU time in parentheses."""
    return f"{slow / fast:.1f}x ({slow.cpu / fast.cpu:.1f}x)"


def load():
    data = json.loads(TED.read_text(encoding="utf-8"))
    reference = data["references"][0]
    systems = data["systems"]
    hyps, refs = [], []
    for outputs in systems.values():
        hyps += outputs
        refs += [[line] for line in reference]
    return hyps, refs, systems, [[line] for line in reference]


def sacrebleu_metric(metric: str):
    import sacrebleu

    return {"bleu": sacrebleu.BLEU, "chrf": sacrebleu.CHRF, "ter": sacrebleu.TER}[metric]()


def impl_has(metric: str) -> bool:
    from bleuprint.core import get_metric

    try:
        get_metric(metric)
    except (KeyError, ValueError):
        return False
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--sacrebleu-repeats", type=int, default=None,
                        help="repeats for sacreBLEU (default: --repeats)")
    parser.add_argument("--skip-sacrebleu", action="store_true")
    parser.add_argument("--metrics", default="bleu,chrf,ter")
    parser.add_argument("--threads", type=int, default=None,
                        help="threads impl may use (default: native.THREADS, from BLEUPRINT_THREADS or the CPUs)")
    args = parser.parse_args(argv)
    if not TED.exists():
        print(f"{TED} not found: the benchmark needs the shared corpus", file=sys.stderr)
        return 2
    from bleuprint.impl import intervals, native, significance
    from bleuprint.impl.corpus import score_from_stats, stats_matrix

    if args.threads is not None:
        if args.threads < 1:
            parser.error("--threads must be at least 1")
        native.THREADS = args.threads
    slow_repeats = args.sacrebleu_repeats or args.repeats
    hyps, refs, systems, reference = load()
    streams = [[r[0] for r in refs]]
    print(f"ted-ende, 13 systems concatenated: {len(hyps)} segments; median of {args.repeats} "
          f"(sacreBLEU: {slow_repeats}); numpy {np.__version__}, {os.cpu_count()} CPUs")
    print(f"native kernels: {native.available()}; impl threads: {native.THREADS}; times: wall s (CPU s)")
    n = len(hyps)
    floor = timed(lambda: np.random.default_rng(12345).choice(n, size=(1000, n)), args.repeats)
    print(f"RNG floor, N = {n}: numpy rng.choice(N, (1000, N)) {floor:.3f} s", end="")
    if native.resample is not None:
        matrix_draw = timed(lambda: intervals.resample_indices(np.random.default_rng(12345), n, 1000), args.repeats)
        column = np.zeros((n, 1))
        fused_draw = timed(lambda: intervals.resampled_sums(column, np.random.default_rng(12345), 1000),
                           args.repeats)
        print(f"; kernel: index matrix {matrix_draw:.3f} s, drawn and summed (1 column) {fused_draw:.3f} s "
              f"= {ratio(floor, fused_draw)} faster")
    else:
        print("; kernel not loaded")
    header = (f"{'metric':6} {'impl score':>17} {'impl CI':>17} {'resampling':>17} {'CI/score':>9} "
              f"{'sacreBLEU CI':>17} {'speed-up':>13} {'sacreBLEU resampling':>21} {'resampling speed-up':>20}")
    print(header)
    print("-" * len(header))
    for metric in args.metrics.split(","):
        if not impl_has(metric):
            print(f"{metric:6} impl has no statistics for {metric} yet: not measured")
            continue
        matrix = stats_matrix(metric, hyps, refs)
        score_time = timed(lambda: score_from_stats(metric, stats_matrix(metric, hyps, refs).sum(axis=0), len(hyps)),
                           args.repeats)
        def impl_ci():
            intervals.bootstrap(metric, hyps, refs, 1000, rng=np.random.default_rng(12345))

        resample_time = timed(lambda: intervals.bootstrap_stats(metric, matrix, 1000, rng=np.random.default_rng(12345)),
                              args.repeats)
        previous = os.environ.get("SACREBLEU_SEED")
        if args.skip_sacrebleu:
            ci_time, sacre = timed(impl_ci, args.repeats), None
        else:
            os.environ["SACREBLEU_SEED"] = "12345"
            try:
                ci_time, sacre = timed_alternately(
                    impl_ci, lambda: sacrebleu_metric(metric).corpus_score(hyps, streams, n_bootstrap=1000),
                    args.repeats, slow_repeats)
            finally:
                if previous is None:
                    os.environ.pop("SACREBLEU_SEED", None)
                else:
                    os.environ["SACREBLEU_SEED"] = previous
        line = (f"{metric:6} {score_time:17.3f} {ci_time:17.3f} {resample_time:17.3f} "
                f"{ci_time / score_time:9.2f}")
        if sacre is not None:
            line += f" {sacre:17.3f} {ratio(sacre, ci_time):>13}"
            from sacrebleu.significance import _bootstrap_resample

            scorer = sacrebleu_metric(metric)
            rows = scorer._extract_corpus_statistics(hyps, streams)

            def sacre_resampling():
                actual = scorer._aggregate_and_compute(rows)
                actual.estimate_ci(_bootstrap_resample(rows, scorer, 1000)[1])

            os.environ["SACREBLEU_SEED"] = "12345"
            try:
                sacre_resample = timed(sacre_resampling, slow_repeats)
            finally:
                if previous is None:
                    os.environ.pop("SACREBLEU_SEED", None)
                else:
                    os.environ["SACREBLEU_SEED"] = previous
            line += f" {sacre_resample:21.3f} {ratio(sacre_resample, resample_time):>20}"
        print(line, flush=True)

    names = list(systems)
    baseline, others = systems[names[0]], {name: systems[name] for name in names[1:]}
    print()
    print(f"paired bootstrap, baseline {names[0]} + {len(others)} systems, {len(baseline)} segments, n=1000")
    for metric in args.metrics.split(","):
        if not impl_has(metric):
            continue
        def run_ours():
            significance.paired_bootstrap(metric, baseline, others, reference, n=1000)

        if args.skip_sacrebleu:
            ours = timed(run_ours, args.repeats)
        else:
            from sacrebleu.significance import PairedTest

            named = [(names[0], baseline)] + list(others.items())

            def run_sacrebleu():
                tester = PairedTest(named, {metric: sacrebleu_metric(metric)}, [[r[0] for r in reference]],
                                    test_type="bs", n_samples=1000)
                tester()

            ours, sacre = timed_alternately(run_ours, run_sacrebleu, args.repeats, slow_repeats)
        line = f"{metric:6} impl {ours:15.3f} s"
        if not args.skip_sacrebleu:
            line += f"   sacreBLEU {sacre:15.3f} s   speed-up {ratio(sacre, ours)}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
