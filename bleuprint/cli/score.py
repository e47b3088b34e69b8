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

The command in modules: its flags and their checks (``score_arguments``), read once into a
frozen request (``score_request``); then one executor computes what the request asks for
(``score_memory``: the files read whole; ``score_stream``: a chunk at a time; ``score_dask``:
on Dask), each from the inputs (``score_inputs``, ``testsets``), the metrics
(``score_metrics``) and the numbers (``score_compute``), and returns a result that prints
itself in the form asked for (``score_output``, its tables in ``score_tables``).
"""

from __future__ import annotations

import io
import os
import sys
import warnings

from ..spec.sacrebleu_versions import SacrebleuVersionWarning, chosen_sacrebleu_version, using_sacrebleu_version
from . import testsets as testset_options
from . import score_segments, version_line
from .score_arguments import add_arguments, check_arguments, check_dask_arguments, dask_requested
from .score_dask import OnDask
from .score_memory import InMemory
from .score_output import Console, Report
from .score_request import score_request
from .score_stream import Streamed
from .score_tables import RESET
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
    request = score_request(args, version, stdout.isatty())
    with using_sacrebleu_version(version):
        return _run_as(request, Console(stdin, stdout, stderr, request.quiet))


#: The executors, each with ``results(request, console)``: what the run computed (a result
#: of ``bleuprint.cli.score_output`` that ``show(report)`` prints), or None to leave the
#: run to the next one.
DASK, STREAMED, IN_MEMORY = OnDask(), Streamed(), InMemory()


def _run_as(request, console: Console) -> int:
    """``run`` once the request is read: its checks, then the first executor that scores
    it, then its results printed."""
    try:
        if dask_requested(request):
            check_dask_arguments(request)
        else:
            status = testset_options.before_scoring(request, console.emit, console.log, UsageError)
            if status is not None:
                return status
        check_arguments(request)
        score_segments.check(request, UsageError)  # embedding files and --encoder
        for executor in (DASK,) if dask_requested(request) else (STREAMED, IN_MEMORY):
            result = executor.results(request, console)
            if result is not None:
                result.show(Report.of(request, console.emit))
                return 0
    except UsageError as error:
        for line in str(error).splitlines():
            console.stderr.write(f"bleuprint: {line}\n")
        return error.status
    except (ValueError, TypeError) as error:
        console.stderr.write(f"bleuprint: {error}\n")
        return 1
    except MemoryError:
        console.stderr.write(f"bleuprint: {_out_of_memory(request)}\n")
        return 1


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
