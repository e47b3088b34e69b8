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

import os

from ..compat.printing import Painter, results_json, results_table, single_results
from ..core import get_metric


def add_arguments(parser) -> None:
    """The Dask flags of ``bleuprint score``."""
    group = parser.add_argument_group(
        "more than one machine (Dask; needs pip install 'bleuprint[dask]'): references and -i are then file globs")
    where = group.add_mutually_exclusive_group()
    where.add_argument("--dask-scheduler", metavar="ADDRESS", default=None,
                       help="score on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786)")
    where.add_argument("--dask-workers", metavar="N", type=int, default=None,
                       help="score on a local Dask cluster of N worker processes")
    group.add_argument("--dask-lines-per-part", metavar="LINES", type=int, default=None,
                       help="lines of a file a task reads (default 20,000)")


def requested(args) -> bool:
    return getattr(args, "dask_scheduler", None) is not None or getattr(args, "dask_workers", None) is not None


def _refuse(args, usage_error, test_set_options) -> None:
    """One line for each thing the Dask path does not do (``test_set_options``: the
    ``(flags, dest)`` of sacreBLEU's test-set options)."""
    for flags, dest in test_set_options:
        if getattr(args, dest, None) not in (None, False):
            raise usage_error(f"{'/'.join(flags)} (sacreBLEU's test sets) is not available with "
                              "--dask-scheduler/--dask-workers: give reference file globs")
    unsupported = [(args.input is None, "standard input (give -i with file globs)"),
                   (args.sentence_level, "--sentence-level"),
                   (args.confidence, "--confidence (bleuprint.dask.evaluation_matrix computes intervals)"),
                   (args.paired_bs or args.paired_ar, "paired tests (bleuprint.dask.evaluation_matrix runs them)"),
                   (args.impl != "impl", "--impl spec"),
                   (args.num_refs != 1, "--num-refs (give one reference glob per stream)"),
                   (args.newline_escape is not None, "--newline-escape")]
    for refused, what in unsupported:
        if refused:
            raise usage_error(f"{what} is not available with --dask-scheduler/--dask-workers")
    if args.dask_workers is not None and args.dask_workers < 1:
        raise usage_error(f"--dask-workers must be >= 1, got {args.dask_workers}")
    if args.dask_lines_per_part is not None and args.dask_lines_per_part < 1:
        raise usage_error(f"--dask-lines-per-part must be >= 1, got {args.dask_lines_per_part}")
    if args.format == "latex":
        raise usage_error("-f latex is not available with --dask-scheduler/--dask-workers (use text or json)")


#: How long ``--dask-scheduler`` waits for the scheduler to answer.
CONNECT_TIMEOUT = "20s"


def _client(args, usage_error):
    from distributed import Client, LocalCluster

    if args.dask_scheduler is not None:
        try:
            return Client(args.dask_scheduler, timeout=CONNECT_TIMEOUT), None
        except (OSError, ValueError, TypeError) as error:
            raise usage_error(f"--dask-scheduler {args.dask_scheduler}: cannot reach the Dask scheduler: {error}") \
                from None
    cluster = LocalCluster(n_workers=args.dask_workers, threads_per_worker=1, processes=True,
                           dashboard_address=":0", silence_logs=40)
    return Client(cluster), cluster


def _numbers(accumulator) -> list:
    """The summed statistics as Python numbers (whole values as ints)."""
    return [int(x) if float(x).is_integer() else float(x) for x in accumulator.stats.tolist()]


def run(args, stdout, stderr) -> int:
    """Score as ``args`` say on Dask (module doc); raises ``score.UsageError`` (which the
    caller prints) for bad input."""
    from .score import TEST_SET_OPTIONS, RegisteredScorer, UsageError as usage_error, _check_arguments, _dest
    from .score import _width as width, build_metrics

    _refuse(args, usage_error, [(flags, _dest(flags)) for flags, _ in TEST_SET_OPTIONS])
    _check_arguments(args)
    try:
        from ..dask import MetricJob, SegmentError, SourceError, TextFiles, accumulate
    except ImportError as error:
        raise usage_error(str(error)) from None
    metrics = build_metrics(args)
    jobs = []
    for key, metric in metrics.items():
        options = dict(metric.given) if isinstance(metric, RegisteredScorer) else metric.options()
        jobs.append(MetricJob(key, metric.metric_name, options))
    paint = Painter(not os.environ.get("NO_COLOR") and not args.no_color and stdout.isatty())
    client, cluster = _client(args, usage_error)
    results = []
    try:
        for system in args.input:
            source = TextFiles(system, list(args.refs), encoding=args.encoding)
            try:
                results.append(accumulate(source, jobs, client=client, progress=None if args.quiet else stderr,
                                          lines_per_part=args.dask_lines_per_part))
            except (SegmentError, SourceError) as error:
                raise usage_error(str(error)) from None
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    def score_of(key, accumulated):
        metric, accumulator = metrics[key], accumulated[key]
        definition = get_metric(metric.metric_name)
        metric.num_refs = len(args.refs) if definition.references else None
        if isinstance(metric, RegisteredScorer):
            return metric.score_from_statistics(_numbers(accumulator), accumulator.n_sentences)
        return metric.score_from_statistics(_numbers(accumulator), accumulator.score())

    if len(results) == 1:
        lines = []
        for key in sorted(metrics):
            score = score_of(key, results[0])
            signature = metrics[key].get_signature().format(args.short if args.format != "json" else False)
            lines.append(score.format(width(args, metrics[key]), args.score_only, signature, args.format == "json"))
        stdout.write(single_results(lines, args.format == "json", paint) + "\n")
        return 0
    cells, signatures = {}, {}
    for accumulated in results:
        for key in sorted(metrics):
            score = score_of(key, accumulated)
            signatures[score.name] = metrics[key].get_signature().format(args.short)
            cells.setdefault(score.name, []).append(score.format(width(args, metrics[key]), True))
    names = list(args.input)
    stdout.write((results_json(names, cells) if args.format == "json"
                  else results_table(names, cells, signatures, paint, None)) + "\n")
    return 0
