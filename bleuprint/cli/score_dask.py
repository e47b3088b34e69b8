"""``bleuprint score --dask-scheduler ADDRESS`` / ``--dask-workers N``: corpus scores on Dask.

The references and each ``-i`` are globs of plain-text files (quote them for the shell):
file k of every reference glob holds the references of file k of a system's glob (sorted
names), one segment a line, read as ``bleuprint score`` reads files (``\\n`` only,
right-stripped, ``.gz`` transparently). Nothing is loaded whole: the files are indexed and
read part by part on the workers (``bleuprint.dask``), and the parts' statistics merged
exactly, so the scores (and the output: sacreBLEU's JSON or text, the multi-system table)
are those of ``bleuprint score`` on the same lines concatenated. Dask's progress bar is
drawn on standard error (``-q`` hides it).

``--dask-scheduler`` connects to a running scheduler (``tcp://host:8786``); ``--dask-workers
N`` starts a ``distributed.LocalCluster`` of N single-thread worker processes for the run.

Left out, each with a one-line message (status 1): standard input, ``--sentence-level``,
``--confidence`` and the paired tests (their resampling needs every segment's statistics
in one process: ``bleuprint.dask.evaluation_matrix`` runs them, one test set a worker),
``--impl spec``, ``--num-refs`` (tab-separated references), ``--newline-escape``, sacreBLEU's
test sets (``-t`` and the others) and ``-f latex``.
"""

from __future__ import annotations

from .score_compute import corpus_scores
from .score_metrics import build_metrics
from .score_output import CorpusScores
from .usage import UsageError


#: How long ``--dask-scheduler`` waits for the scheduler to answer.
CONNECT_TIMEOUT = "20s"


def _client(args):
    from distributed import Client, LocalCluster

    if args.dask_scheduler is not None:
        try:
            return Client(args.dask_scheduler, timeout=CONNECT_TIMEOUT), None
        except (OSError, ValueError, TypeError) as error:
            raise UsageError(f"--dask-scheduler {args.dask_scheduler}: cannot reach the Dask scheduler: {error}") \
                from None
    cluster = LocalCluster(n_workers=args.dask_workers, threads_per_worker=1, processes=True,
                           dashboard_address=":0", silence_logs=40)
    return Client(cluster), cluster


def _numbers(accumulator) -> list:
    """The summed statistics as Python numbers (whole values as ints)."""
    return [int(x) if float(x).is_integer() else float(x) for x in accumulator.stats.tolist()]


class OnDask:
    """The Dask executor (module doc)."""

    def results(self, request, console) -> CorpusScores:
        """The corpus scores of the file globs ``request`` names, summed on Dask."""
        metrics, sums = dask_sums(request, console.stderr)
        return CorpusScores(list(request.input), corpus_scores(metrics, sums))


def dask_sums(args, stderr) -> tuple[dict, list]:
    """The statistics of the files ``args`` name, summed on Dask (module doc), once
    ``args`` are checked (``score_arguments.check_dask_arguments``): ``(metrics, sums)``,
    ``sums[i][name]`` the ``(column sums, segments)`` of system i for the metric
    ``metrics[name]`` (``bleuprint.cli.score_compute.corpus_scores`` scores them). Raises
    ``UsageError`` for bad input."""
    try:
        from ..dask import MetricJob, SegmentError, SourceError, TextFiles, accumulate
    except ImportError as error:
        raise UsageError(str(error)) from None
    metrics = build_metrics(args)
    jobs = [MetricJob(key, metric.name, metric.value.options) for key, metric in metrics.items()]
    client, cluster = _client(args)
    results = []
    try:
        for system in args.input:
            source = TextFiles(system, list(args.refs), encoding=args.encoding)
            try:
                results.append(accumulate(source, jobs, client=client, progress=None if args.quiet else stderr,
                                          lines_per_part=args.dask_lines_per_part))
            except (SegmentError, SourceError) as error:
                raise UsageError(str(error)) from None
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    for metric in metrics.values():
        metric.num_refs = metric.references_per_segment(args.refs)
    return metrics, [{key: (_numbers(accumulated[key]), accumulated[key].n_sentences) for key in metrics}
                     for accumulated in results]
