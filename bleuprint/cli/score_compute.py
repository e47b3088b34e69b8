"""The numbers of ``bleuprint score``: one scoring call per metric, the same for every one.

Each metric of ``-m`` is a configured metric (``bleuprint.cli.score_metrics``), and every
number comes from the generic functions of the layer ``--impl`` names (``bleuprint.impl``
or ``bleuprint.spec``) on that value: ``sentence_stats`` (the statistics matrix of a
system), ``score_from_stats`` (the corpus score of its column sums, ``column_sums``:
sacreBLEU's ``sum_of_lists``), ``scores_of_rows`` (``-sl``), ``bootstrap_stats``
(``--confidence``: sacreBLEU's mean and half-width, the resamples drawn from
``SACREBLEU_SEED``) and ``paired_bootstrap`` / ``paired_approximate_randomization`` (the
paired tests). BLEU, chrF and TER are no exception: their ``bleuprint.compat`` classes
only print (``bleuprint.cli.score_output``). The streamed path
(``bleuprint.cli.score_stream``) and Dask (``bleuprint.cli.score_dask``) sum the same
statistics elsewhere and score the sums with ``score_sums``.
"""

from __future__ import annotations

import sys
import time

from ..compat.backends import column_sums, row_numbers
from ..compat.resampling import seed_from_environment
from .hooks import cli_hooks
from ..spec.inputs import input_hooks
from ..core.metric import needs_context

#: Work (segments x metric cost) above which a progress bar is drawn on standard error:
#: about two seconds on this project's shared 2-core machine (measured: impl BLEU scores
#: 200,000 segments in about 1.3 s there).
PROGRESS_THRESHOLD = 300_000
#: How much slower the specification's statistics are than impl's, for a metric that
#: does not say (``Metric.spec_cost``); the costs themselves are the metrics' (``cost``).
_SPEC_COST = 30
#: Cost units per chunk when statistics are computed chunk by chunk behind a progress bar.
CHUNK_COST = 20_000


class Progress:
    """A progress bar on standard error (never standard output), drawn only when the work
    is large enough to take more than a couple of seconds and ``-q`` is not given."""

    def __init__(self, total: int, enabled: bool, stream=None):
        self.total, self.done, self.enabled = total, 0, enabled and total > 0
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()

    def advance(self, amount: int, label: str) -> None:
        self.done += amount
        if not self.enabled:
            return
        fraction = min(1.0, self.done / self.total)
        bar = "#" * int(30 * fraction)
        elapsed = time.monotonic() - self.start
        self.stream.write(f"\rbleuprint: {label:<8} [{bar:<30}] {100 * fraction:5.1f}% {elapsed:6.1f}s")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def progress_for(metrics: dict, n_segments: int, quiet: bool, stream) -> Progress:
    """The bar of scoring ``n_segments`` segments (every system's) with ``metrics``: drawn
    when their work passes ``PROGRESS_THRESHOLD`` and ``-q`` is not given."""
    work = n_segments * sum(cost(metric) for metric in metrics.values())
    return Progress(n_segments * len(metrics), work > PROGRESS_THRESHOLD and not quiet, stream)


def cost(metric) -> int:
    """The relative cost of one segment of ``metric`` with its layer
    (``bleuprint.cli.hooks.cost``, ``bleuprint.cli.hooks.spec_cost``)."""
    definition = metric.definition
    if metric.layer_name != "spec":
        return cli_hooks(definition).cost
    hooks = cli_hooks(definition)
    return hooks.spec_cost if hooks.spec_cost is not None else hooks.cost * _SPEC_COST


def chunk_size(metric) -> int:
    """Segments per chunk behind a progress bar."""
    return max(10, CHUNK_COST // cost(metric))


def tokenized_periods(system: list[str]) -> bool:
    """sacreBLEU's "forgot to detokenize" test: 100 lines that end in `` .``."""
    return sum(1 for line in system if line.endswith(" .")) >= 100


def check_limits(metric, hyps: list[str], streams: list[list[str]]) -> None:
    """Refuse, before any work, a corpus the metric cannot compute (TER's line-length
    limit), naming a segment by its index in the whole corpus."""
    definition = metric.definition
    hyps, refs = input_hooks(definition).check_inputs(metric.inputs(hyps), metric.segments(streams))
    input_hooks(definition).check_corpus_limits(hyps, refs, **metric.value.stats_options())


def statistics(metric, hyps: list[str], streams: list[list[str]]) -> np.ndarray:
    """The N x S statistics matrix of a system (the layer's ``sentence_stats``)."""
    metric.num_refs = metric.references_per_segment(streams)
    return metric.layer.sentence_stats(metric.value, metric.inputs(hyps), metric.segments(streams))


def plain_sums(metric, hyps: list[str], streams: list[list[str]]) -> list | None:
    """The column sums of a system's statistics, computed without the matrix (and without
    numpy) where the layer is impl and the metric has such a route for these segments
    (``bleuprint.impl.hooks``: BLEU on a small plain corpus); None otherwise (the caller
    computes the matrix, ``statistics``). The same sums as ``column_sums`` of the matrix
    (``tests/impl/test_bleu_plain_impl.py``)."""
    if metric.layer_name == "spec":
        return None
    from ..impl.hooks import plain_hooks

    summed = plain_hooks(metric.definition).corpus_sums(metric.inputs(hyps), metric.segments(streams),
                                                         **metric.value.stats_options())
    if summed is not None:
        metric.num_refs = metric.references_per_segment(streams)
    return summed


def statistics_in_chunks(metric, hyps, streams, progress: Progress, label: str) -> np.ndarray:
    """``statistics``, computed chunk by chunk when a progress bar is shown and the
    metric's rows are independent of each other (``needs_context(bleuprint.core.metric)``), so that the
    rows are the same."""
    chunk = chunk_size(metric)
    if not progress.enabled or len(hyps) <= chunk or needs_context(metric.definition):
        matrix = statistics(metric, hyps, streams)
        progress.advance(len(hyps), label)
        return matrix
    # A chunk's refusal would name a segment by its index in the chunk: the limits are
    # checked on the whole corpus first, so a refusal names it by its line in the files.
    check_limits(metric, hyps, streams)
    import numpy as np

    parts = []
    for start in range(0, len(hyps), chunk):
        stop = min(len(hyps), start + chunk)
        parts.append(statistics(metric, hyps[start:stop], [stream[start:stop] for stream in streams]))
        progress.advance(stop - start, label)
    return np.concatenate(parts)


def shared_rouge(metrics: dict, systems: list, streams: list, progress: Progress) -> dict:
    """Several ROUGE types asked at once (``-m rouge1 rouge2 rougeL rougeLsum``): each
    system's rows of all of them from one ``rouge_all`` call per stemming option (every
    text tokenized and stemmed once, not once per type), the same numbers as one
    statistics call per type (``tests/impl/test_rouge_all.py``). ``{name: [matrix per
    system]}``; empty with ``--impl spec``, for a lone type, or when a segment lacks a
    reference (the per-type path handles that)."""
    groups: dict = {}
    for name, metric in metrics.items():
        if metric.name == "rouge" and metric.layer_name != "spec":
            options = metric.value.resolved()
            groups.setdefault(options["use_stemmer"], []).append((name, metric, options["rouge_type"]))
    shared = {}
    for use_stemmer, entries in groups.items():
        types = list(dict.fromkeys(rouge_type for _, _, rouge_type in entries))
        segments = entries[0][1].segments(streams)
        if len(types) < 2 or any(ref is None for segment in segments for ref in segment):
            continue
        from ..metrics.rouge.impl import rouge_all

        per_system = [rouge_all(system, segments, types, use_stemmer) for system in systems]
        for name, metric, rouge_type in entries:
            metric.num_refs = len(streams)
            shared[name] = [rows[rouge_type] for rows in per_system]
            for system in systems:
                progress.advance(len(system), name)
    return shared


def all_statistics(metrics: dict, systems: list, streams: list, progress: Progress) -> dict:
    """``{name: [statistics matrix of each system]}`` for every metric."""
    shared = shared_rouge(metrics, systems, streams, progress)
    return {name: shared[name] if name in shared else
            [statistics_in_chunks(metric, system, streams, progress, name) for system in systems]
            for name, metric in metrics.items()}


def score_sums(metric, summed: list, n_segments: int, value: float | None = None):
    """The printed score of ``summed`` statistics (Python numbers) of ``n_segments``
    segments: the layer's ``score_from_stats``, unless ``value`` is that score already."""
    if value is None:
        value = metric.layer.score_from_stats(metric.value, summed, n_segments)
    return metric.printer.score(summed, n_segments, value, metric.num_refs)


def corpus_scores(metrics: dict, sums: list) -> list:
    """The printed corpus scores of every system: ``sums[i][name]`` the ``(column sums,
    segments)`` of system i for ``metrics[name]``; for each system the ``(metric, score)``
    pairs in the order of the metrics' names (sacreBLEU's)."""
    return [[(metrics[name], score_sums(metrics[name], *system[name])) for name in sorted(metrics)]
            for system in sums]


def matrix_sums(matrices: dict) -> list:
    """``corpus_scores``'s ``sums`` of statistics matrices (``matrices[name][i]``: system i's)."""
    n_systems = len(next(iter(matrices.values())))
    return [{name: (column_sums(every[i]), every[i].shape[0]) for name, every in matrices.items()}
            for i in range(n_systems)]


def corpus_score(metric, matrix: np.ndarray, n_bootstrap: int = 1):
    """The printed corpus score of a statistics matrix; with ``n_bootstrap > 1`` also the
    bootstrap mean and 95% half-width (``bootstrap_stats``, seed from ``SACREBLEU_SEED``)."""
    score = score_sums(metric, column_sums(matrix), matrix.shape[0])
    if n_bootstrap > 1:
        import numpy as np

        text, seed = seed_from_environment()
        result = metric.layer.bootstrap_stats(metric.value, matrix, n_bootstrap, rng=np.random.default_rng(seed))
        metric.printer.add_interval(score, result, n_bootstrap, text)
    return score


def sentence_scores(metric, matrix: np.ndarray) -> list:
    """The printed score of every row (``-sl``), one segment each: the scores from one call
    of the layer's ``scores_of_rows``, the rest (parts, BLEU's details) row by row."""
    values = metric.layer.scores_of_rows(metric.value, matrix)
    return [score_sums(metric, row_numbers(row), 1, float(value)) for row, value in zip(matrix, values)]


def paired_rows(metric, systems: list[list[str]], streams: list[list[str]], test: str, n: int, seed) -> list:
    """The rows of the paired test ``test`` (``bs``: paired bootstrap, ``n`` resamples;
    ``ar``: approximate randomization, ``n`` trials), the baseline's first."""
    run = metric.layer.paired_bootstrap if test == "bs" else metric.layer.paired_approximate_randomization
    result = run(metric.value, metric.inputs(systems[0]), [metric.inputs(system) for system in systems[1:]],
                 metric.segments(streams), n=n, seed=seed)
    return [result.baseline, *result.systems]
