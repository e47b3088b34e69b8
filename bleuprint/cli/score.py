"""``bleuprint score``: sacreBLEU's command line (2.5.1's, which 2.6.0 keeps), for every registered metric.

``-m`` takes the name of any registered metric (``bleuprint.core.metric_names()`` when
the command line is parsed). Every metric is scored the same way: a configured metric
(``bleuprint.metric(name, **options)``) whose numbers come from the generic functions of
``bleuprint.impl`` (or ``bleuprint.spec``: ``--impl spec``). BLEU, chrF and TER take their
options from sacreBLEU's flags, and print through their ``bleuprint.compat`` classes: for
the same flags and files, standard output is byte for byte what ``sacrebleu`` prints
(signatures, widths, JSON keys, the multi-system and paired-test tables); messages go to
standard error with sacreBLEU's exit codes (17 for a tab-field mismatch, 1 for other input
errors, 2 for bad flags). Every other registered metric takes ``--metric-option
NAME=VALUE`` (read by the option's type), prints ``name = score`` as its text line and a
JSON document that lists its options and parts, with the same ``SACREBLEU_SEED`` for
``--confidence`` and the paired tests.

sacreBLEU's test-set options (``-t``, ``--list``, ``--echo``, ``--citation``,
``--origlang``, ``--subset``, ``--detail``, ``--download``) read the test sets sacreBLEU
has already downloaded into its cache (``bleuprint.cli.testsets``); bleuprint downloads
nothing, and a set that is not there stops with one line naming the files and the
``sacrebleu`` command that fetches them. Left out: the ``ja-mecab``, ``ko-mecab``,
``spm``/``flores101``/``flores200`` tokenizers (extra packages, model downloads).
``--paired-jobs`` is accepted and has no effect (the results do not depend on it).

The command in modules: its flags and their checks (``score_arguments``), the inputs
(``score_inputs``), the metrics (``score_metrics``), the numbers (``score_compute``), the
output (``score_output``); the files scored a chunk at a time (``score_stream``) or on
Dask (``score_dask``) are the same scoring with another executor.
"""

from __future__ import annotations

import io
import os
import sys
import warnings

from .score_tables import RESET, Painter
from ..compat.resampling import seed_from_environment
from ..spec.sacrebleu_versions import SacrebleuVersionWarning, chosen_sacrebleu_version, using_sacrebleu_version
from . import score_dask, score_stream, version_line
from . import testsets as testset_options
from .score_arguments import OUTPUT_FORMATS, add_arguments, check_arguments, check_dask_arguments, dask_requested
from .score_compute import (all_statistics, corpus_score, corpus_scores, matrix_sums, paired_rows, progress_for,
                            sentence_scores, statistics, tokenized_periods)
from .score_inputs import read_corpus
from .score_metrics import build_metrics
from .score_output import Report
from .usage import UsageError


def add_parser(commands) -> None:
    add_arguments(commands).set_defaults(handler=main)


def _version_text(sacrebleu_version: str) -> str:
    """What ``sacrebleu --version`` of that version prints, then bleuprint's own version line."""
    return f"sacrebleu {sacrebleu_version}\n{version_line()}"


def _chosen_version(args, stderr) -> str:
    """The sacreBLEU version of this run: ``--sacrebleu-version``, else the default rule
    (``bleuprint.spec.sacrebleu_versions``), whose note about an installed sacreBLEU that
    bleuprint does not reproduce goes to standard error as one line (not with ``-q``)."""
    if getattr(args, "sacrebleu_version", None):
        return args.sacrebleu_version
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SacrebleuVersionWarning)
        version = chosen_sacrebleu_version()
    for warning in caught if not getattr(args, "quiet", False) else ():  # -q: no messages
        stderr.write(f"bleuprint: note: {warning.message}\n")
    return version


def run(args, stdin=None, stdout=None, stderr=None) -> int:
    """Score as ``args`` say, under the sacreBLEU version they choose (or ``--version``);
    returns the exit status."""
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    version = _chosen_version(args, stderr)
    if getattr(args, "print_version", False):
        stdout.write(_version_text(version) + "\n")
        return 0
    args.sacrebleu_version = version
    with using_sacrebleu_version(version):
        return _run_as(args, stdin, stdout, stderr)


def _run_as(args, stdin, stdout, stderr) -> int:
    """``run`` once the sacreBLEU version is chosen."""
    if os.environ.get("SACREBLEU_FORMAT", "").lower() in OUTPUT_FORMATS:
        args.format = os.environ["SACREBLEU_FORMAT"].lower()
    paint = Painter(not os.environ.get("NO_COLOR") and not args.no_color and stdout.isatty())

    def log(message: str) -> None:
        if not args.quiet:
            stderr.write(f"bleuprint: {message}\n")

    def emit(text: str) -> None:
        stdout.write(text + "\n")

    # sacreBLEU: the details of --detail would break the JSON
    fmt = "text" if args.testset_detail and args.format == "json" else args.format
    report = Report(emit, fmt, args.short, args.score_only, args.width, paint)
    try:
        if dask_requested(args):
            check_dask_arguments(args)
            check_arguments(args)
            metrics, sums = score_dask.dask_sums(args, stderr)
            _print_corpus_scores(metrics, sums, list(args.input), report)
            return 0
        status = testset_options.before_scoring(args, emit, log, UsageError)
        if status is not None:
            return status
        check_arguments(args)
        streamed = score_stream.streamed_sums(args, stderr, log)  # None: scored in memory below
        if streamed is not None:
            metrics, sums = streamed
            if len(sums) > 1:
                log(f"Found {len(sums)} systems.")
            _print_corpus_scores(metrics, sums, list(args.input), report)
            return 0
        corpus = read_corpus(args, stdin, log)
        metrics = build_metrics(args)
        _score(args, metrics, corpus, report, stderr, log)
        if args.testset_detail and len(corpus.systems) == 1 and not args.sentence_level:
            _print_detail(args, metrics, corpus, report)
        return 0
    except UsageError as error:
        for line in str(error).splitlines():
            stderr.write(f"bleuprint: {line}\n")
        return error.status
    except (ValueError, TypeError) as error:
        stderr.write(f"bleuprint: {error}\n")
        return 1
    except MemoryError:
        stderr.write(f"bleuprint: {_out_of_memory(args)}\n")
        return 1


def _score(args, metrics: dict, corpus, report: Report, stderr, log) -> None:
    """Score the corpus in memory and print the form ``args`` ask for."""
    systems, names, refs = corpus.systems, corpus.names, corpus.refs
    progress = progress_for(metrics, sum(len(system) for system in systems), args.quiet, stderr)
    if any(metric.warns for metric in metrics.values()):  # sacreBLEU's, once per system
        for name, system in zip(names, systems):
            if tokenized_periods(system):
                log(f"{name}: that's 100 lines that end in a tokenized period ('.'): it looks like you forgot "
                    "to detokenize your test data, which may hurt your score (--force silences this).")
    matrices = all_statistics(metrics, systems, refs, progress)
    if args.sentence_level:
        (name, metric), = metrics.items()
        report.sentences(metric, sentence_scores(metric, matrices[name][0]))
        return
    if len(systems) > 1:
        log(f"Found {len(systems)} systems.")
    if args.paired_bs or args.paired_ar:
        _paired_tests(args, metrics, corpus, matrices, report)
    elif args.confidence:  # one system (read_corpus refuses -ci with several)
        report.one_system([(metrics[name], corpus_score(metrics[name], matrices[name][0], args.confidence_n))
                           for name in sorted(metrics)])
    else:
        _print_corpus_scores(metrics, matrix_sums(matrices), names, report)


def _print_corpus_scores(metrics: dict, sums: list, names: list[str], report: Report) -> None:
    """The corpus scores of one system or several, from their summed statistics (whichever
    executor summed them: in memory, streamed, Dask)."""
    scored = corpus_scores(metrics, sums)
    if len(scored) == 1:
        report.one_system(scored[0])
    else:
        report.systems(names, scored)


def _paired_tests(args, metrics: dict, corpus, matrices: dict, report: Report) -> None:
    """The paired test ``args`` ask for, the first system the baseline."""
    test = "bs" if args.paired_bs else "ar"
    requested = args.paired_bs_n if args.paired_bs else args.paired_ar_n
    # 0 means the default (a negative n is refused by check_arguments); sacreBLEU's header
    # still prints the number as given.
    n = requested if requested > 0 else (1000 if test == "bs" else 10000)
    _, seed = seed_from_environment()
    columns = []
    for name, metric in metrics.items():
        rows = paired_rows(metric, corpus.systems, corpus.refs, test, n, seed)
        columns.append((metric, corpus_score(metric, matrices[name][0]).name, rows))
    report.paired(corpus.names, columns, test, requested, n, seed)


def _print_detail(args, metrics: dict, corpus, report: Report) -> None:
    """``--detail``: every metric's score on each group of ``testsets.detail_groups``
    (the whole corpus, unfiltered, regrouped); empty groups are left out."""
    groups = testset_options.detail_groups(args)
    if groups is None:
        report.emit("No subset information found. Consider using --origlang argument.")
        return
    results = {}
    for label, kept in groups:
        hyps = [line for line, k in zip(corpus.full_system, kept) if k]
        if not hyps:
            continue
        streams = [[line for line, k in zip(stream, kept) if k] for stream in corpus.full_refs]
        for metric in metrics.values():
            score = corpus_score(metric, statistics(metric, hyps, streams))
            results.setdefault(label, []).append((len(hyps), metric, score))
    if not results:
        raise UsageError("--detail: no group of the test set has a segment")
    report.detail(results)


def _out_of_memory(args) -> str:
    """The line for a MemoryError while scoring: the resamples asked for when a bootstrap
    or a paired test was (the likely cause: their arrays grow with the number)."""
    if args.paired_bs:
        flag, n, what = "-pbsn/--paired-bs-n", args.paired_bs_n, "resamples"
    elif args.paired_ar:
        flag, n, what = "-parn/--paired-ar-n", args.paired_ar_n, "trials"
    elif args.confidence:
        flag, n, what = "-cin/--confidence-n", args.confidence_n, "resamples"
    else:
        return "out of memory while scoring"
    return f"{flag}: out of memory with {n} {what}; ask for fewer"



def main(args) -> int:
    """The handler of ``bleuprint score``: UTF-8 standard output, as sacreBLEU sets it."""
    try:
        sys.stdout.reconfigure(encoding="utf-8")
    except (AttributeError, ValueError, io.UnsupportedOperation):
        pass
    status = run(args)
    if not os.environ.get("NO_COLOR") and not args.no_color and sys.stdout.isatty():
        sys.stdout.write(RESET)  # sacreBLEU's colorama resets the terminal when it exits
        sys.stdout.flush()
    return status
