"""An evaluation matrix on Dask: systems x test sets x metrics, each score with its bootstrap
interval and each system's paired test against the test set's baseline, in one call.

``evaluation_matrix(test_sets, metrics, client=...)``, where ``test_sets`` maps a test
set's name to ``{"refs": [stream, ...], "systems": {name: hyps, ...}}`` (a stream or a
system's hypotheses: a list of lines, or the path of a plain-text file read on a worker
as ``bleuprint score`` reads it; ``refs`` may be left out for metrics without
references). The graph:

* one task per (test set, system, metric): the N x S statistics matrix (impl's
  ``stats_matrix``, the metric's rows; a corpus-pass metric's context is the system's own
  corpus, as in the in-process paired tests);
* one task per (test set, metric), on one worker: every system's interval
  (``bleuprint.impl.bootstrap_stats``, ``numpy.random.default_rng(seed)``, sacreBLEU's
  float32 resamples) and the paired test of every other system against the baseline
  (``paired_bootstrap_stats`` or ``paired_approximate_randomization_stats`` with ``seed``):
  the functions ``bleuprint score --confidence`` / ``--paired-bs`` call, on the same
  matrices, so every number is the in-process one, bit for bit.

The tasks of different test sets and metrics run in parallel on the cluster.

Where the limit lies. A resampling task holds every system's statistics of its test set
in one process: the matrices (k systems x N segments x S columns x 8 bytes), their copy
side by side and the resampling kernel's float64 copy (together about 3 x k x N x S x 8
bytes), plus, for approximate randomization, the trials' n x N boolean mask (n bytes a
segment: 10,000 trials make 10 kB a segment). ``resampling_bytes`` gives this estimate;
a test set whose estimate exceeds ``max_bytes`` (default 4 GiB: BLEU's S = 10 columns,
3 systems and the bootstrap reach it at about 5.6 million segments) is refused before any
work, with the estimate in the message (a ``UNION`` metric's rows are as wide as the test
set's vocabulary of items, which is not known before reading it: the estimate counts one
column for a metric with a corpus context). Beyond it the corpus scores are still exact at
any size (``intervals=False``: the scores alone, each from a streamed ``Accumulator``,
or ``bleuprint.dask.accumulate`` over sharded files); an interval of a larger test set
needs a worker with that memory (raise ``max_bytes``): a bootstrap resample draws from
every segment, so it cannot be split across workers without changing the draws.

Output: ``MatrixResult.rows`` (one dict per test set, metric and system), as a text table
(``format()``), JSON (``to_json()``: ``{"format": "bleuprint.evaluation-matrix/1", ...}``,
schema ``bleuprint/dask/schemas/evaluation-matrix-v1.json``) or CSV (``to_csv()``).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field

from ..core import get_metric
from .scoring import MetricJob, jobs_of
from ..spec.inputs import corpus_references, input_hooks
from ..core.options import options_for_stats
from ..core.metric import needs_context

__all__ = ["FORMAT", "MatrixResult", "evaluation_matrix", "resampling_bytes"]

#: The ``format`` field of ``MatrixResult.to_json``.
FORMAT = "bleuprint.evaluation-matrix/1"
#: Default bound of one resampling task's arrays (``resampling_bytes``).
MAX_BYTES = 4 << 30
#: The row fields, in the CSV's column order.
FIELDS = ("test_set", "metric", "system", "baseline", "n_segments", "score", "mean", "half_width", "lo", "hi",
          "p_value")


def resampling_bytes(n_segments: int, width: int, n_systems: int, test: str | None, n_trials: int) -> int:
    """The bytes of the arrays one resampling task builds (module doc): 3 x k x N x S x 8,
    plus n x N for approximate randomization's trial mask."""
    total = 3 * n_systems * n_segments * width * 8
    if test == "ar" and n_systems > 1:
        total += n_trials * n_segments
    return total


# ------------------------------------------------------------------ on the workers


def _lines(data, encoding: str) -> list:
    """A stream: its lines, or the lines of the file it names (``\\n`` only, right-stripped)."""
    if not isinstance(data, str):
        return list(data)
    import gzip

    opener = gzip.open if data.endswith(".gz") else open
    with opener(data, "rt", encoding=encoding, newline="\n") as handle:
        return [line.rstrip() for line in handle]


def _segments(job: MetricJob, hyps, refs, encoding: str):
    definition = job.definition
    hyps = _lines(hyps, encoding)
    if isinstance(hyps[0] if hyps else "", str) and input_hooks(definition).segment_kind != "text":
        hyps = [input_hooks(definition).read_segment(line) for line in hyps]
    if not definition.references:
        return hyps, None
    streams = [_lines(stream, encoding) for stream in refs]
    for stream in streams:
        if len(stream) != len(hyps):
            raise ValueError(f"a reference stream has {len(stream)} lines but the system {len(hyps)}")
    return hyps, [list(group) for group in zip(*streams)]


def system_matrix(job: MetricJob, hyps, refs, encoding: str):
    """The statistics matrix of one system of a test set (impl)."""
    from ..impl.corpus import stats_matrix

    hyps, refs = _segments(job, hyps, refs, encoding)
    return stats_matrix(job.configured, hyps, refs)


def system_score(job: MetricJob, hyps, refs, encoding: str) -> tuple[float, int]:
    """The score alone (``intervals=False``): an Accumulator fed 10,000 segments at a time."""
    from ..impl.accumulate import Accumulator

    hyps, refs = _segments(job, hyps, refs, encoding)
    definition = job.definition
    context = None
    if needs_context(definition):
        h, r = input_hooks(definition).check_inputs(hyps, refs)
        context = definition.corpus_context(h, corpus_references(definition, r), **options_for_stats(definition, job.options))
    accumulator = Accumulator(job.configured, context=context)
    for start in range(0, len(hyps), 10_000):
        accumulator.add(hyps[start:start + 10_000], None if refs is None else refs[start:start + 10_000])
    return accumulator.score(), accumulator.n_sentences


def resample(test_set: str, job: MetricJob, names: list, matrices: list, n_boot: int, alpha: float, seed: int,
             test: str | None, n_trials: int) -> list[dict]:
    """Every system's interval and, against the first (the baseline), its paired test."""
    import numpy as np

    from ..impl.intervals import bootstrap_stats
    from ..impl.significance import paired_approximate_randomization_stats, paired_bootstrap_stats

    rows = []
    for name, matrix in zip(names, matrices):
        result = bootstrap_stats(job.configured, matrix, n_boot, alpha, rng=np.random.default_rng(seed))
        rows.append({"test_set": test_set, "metric": job.label, "system": name, "baseline": name == names[0],
                     "n_segments": int(matrix.shape[0]), "score": result.score, "mean": result.mean,
                     "half_width": result.half_width, "lo": result.lo, "hi": result.hi, "p_value": None})
    if test is not None and len(matrices) > 1:
        run = paired_bootstrap_stats if test == "bs" else paired_approximate_randomization_stats
        paired = run(job.configured, matrices[0], matrices[1:], n=n_trials, seed=seed)
        for row, result in zip(rows[1:], paired.systems):
            row["p_value"] = result.p_value
    return rows


# ------------------------------------------------------------------ the result


@dataclass
class MatrixResult:
    """The rows of an evaluation matrix (``FIELDS``), in test set, metric, system order,
    and how they were computed (``settings``)."""

    rows: list
    settings: dict = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "settings": self.settings, "rows": self.rows}, indent=1,
                          ensure_ascii=False)

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        for row in self.rows:
            writer.writerow({key: ("" if row[key] is None else repr(row[key]) if isinstance(row[key], float)
                                   else row[key]) for key in FIELDS})
        return out.getvalue()

    def format(self, width: int = 4) -> str:
        """A plain-text table: score (μ ± half-width), and p (a * under 0.05) beside each
        system but the baseline."""
        header = ["test set", "metric", "system", "score", "mean ± 95% CI", "p"]
        body = []
        for row in self.rows:
            interval = "" if row["mean"] is None else f"{row['mean']:.{width}f} ± {row['half_width']:.{width}f}"
            p = "" if row["p_value"] is None else f"{row['p_value']:.4f}" + ("*" if row["p_value"] < 0.05 else "")
            name = row["system"] + (" (baseline)" if row["baseline"] and self.settings.get("paired") else "")
            body.append([row["test_set"], row["metric"], name, f"{row['score']:.{width}f}", interval, p])
        widths = [max(len(line[k]) for line in [header] + body) for k in range(len(header))]
        lines = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in [header] + body]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)


# ------------------------------------------------------------------ on the client


def _check_test_sets(test_sets: dict, jobs: list) -> None:
    if not isinstance(test_sets, dict) or not test_sets:
        raise TypeError("test_sets must be a non-empty dict: {name: {'refs': [...], 'systems': {name: hyps}}}")
    for name, test_set in test_sets.items():
        if not isinstance(test_set, dict) or not isinstance(test_set.get("systems"), dict) or not test_set["systems"]:
            raise TypeError(f"test set {name!r}: expected {{'refs': [...], 'systems': {{name: hyps, ...}}}}")
        if any(job.definition.references for job in jobs) and not test_set.get("refs"):
            raise ValueError(f"test set {name!r} has no references, and "
                             f"{', '.join(j.name for j in jobs if j.definition.references)} need them")


def evaluation_matrix(test_sets: dict, metrics, *, client=None, scheduler=None, intervals: bool = True,
                      n_boot: int = 1000, alpha: float = 0.05, paired: str | None = "bs", n_trials: int | None = None,
                      seed: int = 12345, encoding: str = "utf-8", max_bytes: int = MAX_BYTES) -> MatrixResult:
    """Every system of every test set scored with every metric (module doc). ``paired``:
    ``"bs"`` (paired bootstrap, ``n_trials`` default 1000), ``"ar"`` (approximate
    randomization, default 10,000) or None; the first system of a test set is its
    baseline. ``intervals=False``: the scores alone, any size."""
    import dask

    from .scoring import _computer

    jobs = jobs_of(metrics)
    _check_test_sets(test_sets, jobs)
    if paired not in (None, "bs", "ar"):
        raise ValueError(f"paired must be 'bs', 'ar' or None, got {paired!r}")
    n_trials = n_trials if n_trials is not None else (1000 if paired != "ar" else 10000)
    compute = _computer(client, scheduler, False)
    settings = {"intervals": intervals, "n_boot": n_boot if intervals else None, "alpha": alpha if intervals else None,
                "paired": paired if intervals else None, "n_trials": n_trials if intervals and paired else None,
                "seed": seed if intervals else None}
    if not intervals:
        keys, tasks = [], []
        for set_name, test_set in test_sets.items():
            for job in jobs:
                for system, hyps in test_set["systems"].items():
                    keys.append((set_name, job.label, system, system == next(iter(test_set["systems"]))))
                    tasks.append(dask.delayed(system_score, pure=True)(job, hyps, test_set.get("refs", ()), encoding))
        rows = [{"test_set": t, "metric": m, "system": s, "baseline": b, "n_segments": n, "score": score,
                 "mean": None, "half_width": None, "lo": None, "hi": None, "p_value": None}
                for (t, m, s, b), (score, n) in zip(keys, compute(tasks))]
        return MatrixResult(rows, settings)

    _check_sizes(test_sets, jobs, compute, encoding, paired, n_trials, max_bytes)
    groups = []
    for set_name, test_set in test_sets.items():
        names = list(test_set["systems"])
        for job in jobs:
            matrices = [dask.delayed(system_matrix, pure=True)(job, test_set["systems"][name],
                                                                test_set.get("refs", ()), encoding)
                        for name in names]
            groups.append(dask.delayed(resample, pure=True)(set_name, job, names, matrices, n_boot, alpha, seed,
                                                            paired, n_trials))
    return MatrixResult([row for rows in compute(groups) for row in rows], settings)


def _count(data, encoding: str) -> int:
    if not isinstance(data, str):
        return len(data)
    from .sources import line_index

    return line_index(data, 1 << 62)[1]


def _check_sizes(test_sets, jobs, compute, encoding, paired, n_trials, max_bytes) -> None:
    """Refuse, before any work, a test set whose resampling would exceed ``max_bytes``."""
    import dask

    from ..impl.corpus import stats_matrix

    names = list(test_sets)
    counts = compute([dask.delayed(_count, pure=True)(next(iter(test_sets[name]["systems"].values())), encoding)
                      for name in names])
    for name, n in zip(names, counts):
        k = len(test_sets[name]["systems"])
        for job in jobs:
            definition = get_metric(job.name)
            probe_hyps, probe_refs = input_hooks(definition).probe_corpus()
            width = stats_matrix(job.configured, probe_hyps, probe_refs).shape[1] \
                if not needs_context(definition) else 1
            need = resampling_bytes(n, width, k, paired, n_trials)
            if need > max_bytes:
                raise ValueError(
                    f"test set {name!r}, {job.label}: the resampling needs every system's per-segment statistics on "
                    f"one worker, about {need / (1 << 30):.1f} GiB for {k} systems x {n:,} segments x {width} "
                    f"columns, above max_bytes={max_bytes / (1 << 30):.1f} GiB: raise max_bytes for workers with "
                    "that memory, or pass intervals=False for the exact scores alone")
