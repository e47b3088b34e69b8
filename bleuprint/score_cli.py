"""``bleuprint score``: sacreBLEU 2.5.1's command line for BLEU, chrF and TER.

For the same flags and files, standard output is byte for byte what ``sacrebleu`` prints
(signatures, widths, JSON keys, the multi-system and paired-test tables); messages go to
standard error with sacreBLEU's exit codes (17 for a tab-field mismatch, 1 for other
input errors, 2 for bad flags). Where sacreBLEU would compute something other than asked
(references of another length than the system), bleuprint stops with a message naming
the files and counts. ``--impl spec`` scores with ``bleuprint.spec`` instead of
``bleuprint.impl``.

Left out, with the reason: the test-set database (``-t``, ``--list``, ``--download``,
``--echo``, ``--citation``, ``--origlang``, ``--subset``, ``--detail``: they download
WMT data, and bleuprint has no network access by design); the ``ja-mecab``, ``ko-mecab``,
``spm``/``flores101``/``flores200`` tokenizers (extra packages, model downloads);
``-f latex`` for several systems. ``--paired-jobs`` is accepted and has no effect (the
results do not depend on it).

Input rules (sacreBLEU's): files are read as UTF-8 (``-e``), ``.gz`` transparently, lines
split at ``\\n`` only, every line right-stripped; with ``-nr K`` each reference line must
split into exactly K tab-separated fields; standard input may carry several systems in
tab-separated columns (universal newlines there, as sacreBLEU reads it).
"""

from __future__ import annotations

import gzip
import io
import os
import sys
import time

from .cli import VersionAction, version_line
from .compat import backends
from .compat.metrics import BLEU, CHRF, TER, UNSUPPORTED_TOKENIZERS
from .compat.printing import RESET, Painter, paired_cells, results_json, results_table, single_results
from .compat.resampling import paired_test, seed_from_environment
from .spec.bleu import SMOOTH_DEFAULTS
from .spec.inputs import check_smooth_value
from .spec.tokenizers import TOKENIZERS

#: Work (segments x metric cost) above which a progress bar is drawn on standard error:
#: about two seconds on this project's shared 2-core machine (measured: impl BLEU scores
#: 200,000 segments in about 1.3 s there).
PROGRESS_THRESHOLD = 300_000
#: Relative cost of one segment (impl BLEU = 1), for the progress bar only. TER's figure
#: was measured when its statistics came from the specification, and is kept as it was
#: for both implementations; ``--impl spec`` multiplies BLEU and chrF.
_COST = {"bleu": 1, "chrf": 2, "ter": 300}
_SPEC_COST = 30
#: Cost units per chunk when statistics are computed chunk by chunk behind a progress bar.
CHUNK_COST = 20_000

OUTPUT_FORMATS = ("json", "text", "latex")


class UsageError(Exception):
    """An input problem: message(s) for standard error, and the exit status."""

    def __init__(self, messages, status: int = 1):
        super().__init__(messages if isinstance(messages, str) else "\n".join(messages))
        self.status = status


def add_parser(commands) -> None:
    parser = commands.add_parser(
        "score", help="score system output like sacreBLEU's command line (BLEU, chrF, TER)",
        description="Score hypotheses against references, with sacreBLEU 2.5.1's flags and output.")
    parser.add_argument("refs", nargs="*", default=[], help="reference file(s); give them before -i")
    parser.add_argument("--input", "-i", nargs="*", default=None, help="system output file(s) (default: STDIN)")
    parser.add_argument("--num-refs", "-nr", type=int, default=1,
                        help="split each reference line on tabs into this many references (default: 1)")
    parser.add_argument("--encoding", "-e", default="utf-8", help="file encoding (default: utf-8)")
    parser.add_argument("--language-pair", "-l", dest="langpair", default=None,
                        help="source-target pair; the target picks BLEU's default tokenizer (zh for Chinese)")
    parser.add_argument("--metrics", "-m", choices=["bleu", "chrf", "ter"], nargs="+", default=["bleu"])
    parser.add_argument("--sentence-level", "-sl", action="store_true", help="score every sentence")
    parser.add_argument("--impl", choices=["impl", "spec"], default="impl",
                        help="implementation: the fast one (impl, default) or the specification (spec)")
    bleu = parser.add_argument_group("BLEU")
    bleu.add_argument("--smooth-method", "-s", choices=list(SMOOTH_DEFAULTS), default="exp", dest="bleu_smooth_method")
    bleu.add_argument("--smooth-value", "-sv", type=float, default=None, dest="bleu_smooth_value")
    bleu.add_argument("--tokenize", "-tok", choices=list(TOKENIZERS) + list(UNSUPPORTED_TOKENIZERS), default=None,
                      dest="bleu_tokenize")
    bleu.add_argument("--lowercase", "-lc", action="store_true", dest="bleu_lowercase")
    bleu.add_argument("--force", action="store_true", dest="bleu_force")
    chrf = parser.add_argument_group("chrF")
    chrf.add_argument("--chrf-char-order", "-cc", type=int, default=6)
    chrf.add_argument("--chrf-word-order", "-cw", type=int, default=0)
    chrf.add_argument("--chrf-beta", type=int, default=2)
    chrf.add_argument("--chrf-whitespace", action="store_true")
    chrf.add_argument("--chrf-lowercase", action="store_true")
    chrf.add_argument("--chrf-eps-smoothing", action="store_true")
    ter = parser.add_argument_group("TER")
    ter.add_argument("--ter-case-sensitive", action="store_true")
    ter.add_argument("--ter-asian-support", action="store_true")
    ter.add_argument("--ter-no-punct", action="store_true")
    ter.add_argument("--ter-normalized", action="store_true")
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
    report.add_argument("--width", "-w", type=int, default=1)
    report.add_argument("--no-color", "-nc", action="store_true")
    report.add_argument("--format", "-f", choices=OUTPUT_FORMATS, default="json")
    report.add_argument("--version", "-V", action=VersionAction, text=_version_text,
                        help="print sacreBLEU's version line, then bleuprint's, and exit")
    test_sets = parser.add_argument_group(
        "sacreBLEU's test-set database", "accepted so that a sacreBLEU command gets a clear answer: bleuprint "
        "downloads no test sets, so each of these stops with a message and exit status 1")
    for flags, kind in TEST_SET_OPTIONS:
        if kind == "flag":
            test_sets.add_argument(*flags, action="store_true", default=False, dest=_dest(flags))
        else:
            test_sets.add_argument(*flags, nargs="+" if kind == "values" else None, default=None, dest=_dest(flags))
    parser.set_defaults(handler=main)


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


def _version_text() -> str:
    """What ``sacrebleu --version`` prints, then bleuprint's own version line."""
    from .spec.signature import SACREBLEU_VERSION

    return f"sacrebleu {SACREBLEU_VERSION}\n{version_line()}"


# ---------------------------------------------------------------------------- reading


def _open(path: str, encoding: str):
    if path.endswith(".gz"):
        return gzip.open(path, mode="rt", encoding=encoding, newline="\n")
    return open(path, encoding=encoding, newline="\n")


def _read_lines(path: str, encoding: str) -> list[str]:
    try:
        with _open(path, encoding) as handle:
            return [line.rstrip() for line in handle]
    except OSError as exc:
        raise UsageError(f"cannot read {path!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path!r} is not valid {encoding}: {exc}") from None


def read_references(paths: list[str], num_refs: int, encoding: str) -> list[list[str]]:
    """Reference streams: one per file, or ``num_refs`` from tab-separated fields."""
    streams = [[] for _ in range(max(len(paths), num_refs))]
    for r, path in enumerate(paths):
        for lineno, line in enumerate(_read_lines(path, encoding), 1):
            if num_refs == 1:
                streams[r].append(line)
                continue
            fields = line.split("\t", num_refs - 1)
            if len(fields) != num_refs:
                raise UsageError(f"FATAL: line {lineno}: expected {num_refs} fields, but found {len(fields)}.", 17)
            for k, field in enumerate(fields):
                streams[k].append(field)
    return streams


def read_stdin_systems(stream) -> list[list[str]]:
    """Systems from tab-separated columns of standard input (sacreBLEU reads the first
    line's fields without stripping each field, the later ones stripped)."""
    first = stream.readline().rstrip().split("\t")
    systems = [[field] for field in first]
    for line in stream:
        fields = line.rstrip().split("\t")
        if len(fields) != len(systems):
            raise UsageError("FATAL: the number of tab-delimited fields in the input stream differ across lines.", 17)
        for column, field in zip(systems, fields):
            column.append(field.rstrip())
    return systems


# ---------------------------------------------------------------------------- metrics


def build_metrics(args) -> dict:
    """The metric objects in the order given on the command line (duplicates dropped)."""
    backend = backends.backend(args.impl)
    metrics = {}
    for name in args.metrics:
        if name.upper() in metrics:
            continue
        if name == "bleu":
            trg_lang = args.langpair.split("-")[1] if args.langpair and "-" in args.langpair else ""
            if args.bleu_tokenize is None and trg_lang in ("ja", "ko"):
                raise UsageError(f"the default tokenizer for {trg_lang} ({BLEU.TRG_LANG_TOKENIZERS[trg_lang]}) is not "
                                 "available in bleuprint; choose one with -tok")
            if args.bleu_tokenize in UNSUPPORTED_TOKENIZERS:
                raise UsageError(f"tokenizer {args.bleu_tokenize!r} is not available in bleuprint (it needs extra "
                                 f"packages or a model download); available: {', '.join(TOKENIZERS)}")
            try:  # sacreBLEU prints nan or inf, or a math domain error's traceback
                check_smooth_value(args.bleu_smooth_value)
            except ValueError as error:
                raise UsageError(f"-sv/--smooth-value: {error}") from None
            metric = BLEU(lowercase=args.bleu_lowercase, force=args.bleu_force, tokenize=args.bleu_tokenize,
                          smooth_method=args.bleu_smooth_method, smooth_value=args.bleu_smooth_value,
                          effective_order=args.sentence_level, trg_lang=trg_lang)
        elif name == "chrf":
            if args.chrf_char_order == 0 and args.chrf_word_order == 0:  # sacreBLEU: a traceback
                raise UsageError("-cc/--chrf-char-order and -cw/--chrf-word-order are both 0: chrF needs at least "
                                 "one character or word order (-cc 0 -cw 2 is a word-only chrF)")
            metric = CHRF(char_order=args.chrf_char_order, word_order=args.chrf_word_order, beta=args.chrf_beta,
                          lowercase=args.chrf_lowercase, whitespace=args.chrf_whitespace,
                          eps_smoothing=args.chrf_eps_smoothing)
        else:
            metric = TER(normalized=args.ter_normalized, no_punct=args.ter_no_punct,
                         asian_support=args.ter_asian_support, case_sensitive=args.ter_case_sensitive)
        metric.backend = backend
        metrics[name.upper()] = metric
    return metrics


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


def _cost(metric_name: str, impl: str) -> int:
    cost = _COST[metric_name.lower()]
    return cost * _SPEC_COST if impl == "spec" and metric_name.lower() != "ter" else cost


def _statistics(metric, hyps, refs, progress: "Progress", label: str, cost: int):
    """The statistics matrix, computed chunk by chunk when a progress bar is shown (every
    segment's statistics are independent of the others, so the rows are the same)."""
    import numpy as np

    chunk = max(10, CHUNK_COST // cost)
    if not progress.enabled or len(hyps) <= chunk:
        matrix = metric.statistics(hyps, refs)
        progress.advance(len(hyps), label)
        return matrix
    # A chunk's refusal would name a segment by its index in the chunk: the limits are
    # checked on the whole corpus first, so a refusal names it by its line in the files.
    metric.check_limits(hyps, refs)
    parts = []
    for start in range(0, len(hyps), chunk):
        stop = min(len(hyps), start + chunk)
        parts.append(metric.statistics(hyps[start:stop], [stream[start:stop] for stream in refs]))
        progress.advance(stop - start, label)
    counts = {sum(1 for stream in refs if stream[i] is not None) for i in range(len(hyps))}
    metric.num_refs = counts.pop() if len(counts) == 1 else -1
    return np.concatenate(parts)


# ---------------------------------------------------------------------------- main


def _check_arguments(args) -> None:
    for flags, _ in TEST_SET_OPTIONS:
        if getattr(args, _dest(flags)) not in (None, False):
            raise UsageError(f"{'/'.join(flags)} needs sacreBLEU's test-set database, and bleuprint downloads no "
                             "test sets: give reference files instead ('sacrebleu -t SET -l PAIR --echo ref' "
                             "writes one)")
    if args.sentence_level and len(args.metrics) > 1:
        raise UsageError("Only one metric can be used in sentence-level mode.")
    if args.num_refs != 1 and len(args.refs) > 1:
        raise UsageError(["The --num-refs argument allows you to provide any number of tab-delimited references "
                          "in a single file.", "You cannot then provide multiple reference files."])
    if not args.refs:
        raise UsageError("I need reference file(s): give them before the -i/--input argument "
                         "(bleuprint has no test-set database, so -t is not available).")
    if args.num_refs < 1:
        raise UsageError(f"--num-refs must be >= 1, got {args.num_refs}")


def run(args, stdin=None, stdout=None, stderr=None) -> int:
    """Score as ``args`` say; returns the exit status."""
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    if os.environ.get("SACREBLEU_FORMAT", "").lower() in OUTPUT_FORMATS:
        args.format = os.environ["SACREBLEU_FORMAT"].lower()
    paint = Painter(not os.environ.get("NO_COLOR") and not args.no_color and stdout.isatty())
    paired_mode = args.paired_bs or args.paired_ar

    def log(message: str) -> None:
        if not args.quiet:
            stderr.write(f"bleuprint: {message}\n")

    try:
        _check_arguments(args)
        refs = read_references(args.refs, args.num_refs, args.encoding)
        if args.input is None:
            if stdin is None:
                stdin = io.TextIOWrapper(sys.stdin.buffer, encoding=args.encoding)
            systems = read_stdin_systems(stdin)
            names = [f"System {i + 1}" for i in range(len(systems))]
        else:
            systems, names = [], []
            for path in args.input:
                if path in names:
                    if paired_mode and path == names[0]:
                        log(f"Ignoring {path!r} as it was also given as the baseline.")
                        continue
                    raise UsageError([f"{path!r} already used to name a system.",
                                      "Make sure to have a different basename for each system."])
                systems.append(_read_lines(path, args.encoding))
                names.append(path)
        if not systems:
            raise UsageError("no system output given: -i needs at least one file")
        if paired_mode:
            names = (["Baseline"] + [f"System {i + 1}" for i in range(len(systems) - 1)] if args.input is None
                     else [f"Baseline: {names[0]}"] + names[1:])
        if args.sentence_level:
            if len(systems) > 1:
                raise UsageError("Only one system can be evaluated in sentence-level mode.")
            if args.confidence or paired_mode:
                raise UsageError("Statistical tests are unavailable in sentence-level mode.")
        if paired_mode and len(systems) == 1:
            raise UsageError("Paired tests require multiple input systems given to --input (-i).")
        if len(systems) > 1 and args.confidence:
            raise UsageError("Use paired tests (--paired) for multiple systems.")
        for name, system in zip(names, systems):
            if len(system) == 0:
                raise UsageError(f"{name}: the system output has no sentence")
            for path, stream in zip(args.refs * (len(refs) if len(args.refs) == 1 else 1), refs):
                if len(stream) != len(system):
                    raise UsageError(
                        f"System and reference streams have different lengths: {name} has {len(system)} lines, "
                        f"reference {path!r} has {len(stream)} (sacreBLEU would stop here too; bleuprint never "
                        f"truncates)")
        if args.format == "latex" and len(systems) > 1:
            raise UsageError("-f latex is not available in bleuprint score (use text or json)")
        metrics = build_metrics(args)
        return _score(args, metrics, systems, names, refs, stdout, stderr, paint, log)
    except UsageError as error:
        for line in str(error).splitlines():
            stderr.write(f"bleuprint: {line}\n")
        return error.status
    except (ValueError, TypeError) as error:
        stderr.write(f"bleuprint: {error}\n")
        return 1


def _score(args, metrics, systems, names, refs, stdout, stderr, paint, log) -> int:
    work = sum(len(s) for s in systems) * sum(_cost(m, args.impl) for m in metrics)
    progress = Progress(len(systems) * len(metrics) * len(systems[0]),
                        work > PROGRESS_THRESHOLD and not args.quiet, stderr)
    if "BLEU" in metrics and not metrics["BLEU"].force:
        # sacreBLEU's "forgot to detokenize" warning, once per system, on standard error.
        metrics["BLEU"].force = True
        for name, system in zip(names, systems):
            if sum(1 for line in system if line.endswith(" .")) >= 100:
                log(f"{name}: that's 100 lines that end in a tokenized period ('.'): it looks like you forgot "
                    "to detokenize your test data, which may hurt your score (--force silences this).")
    matrices = {name: [_statistics(metric, system, refs, progress, name, _cost(name, args.impl))
                       for system in systems]
                for name, metric in metrics.items()}

    def emit(text: str) -> None:
        stdout.write(text + "\n")

    if args.sentence_level:
        (name, metric), = metrics.items()
        signature = metric.get_signature().format(args.short)
        for row in matrices[name][0]:
            score = metric.score_from_statistics(backends.row_numbers(row))
            emit(score.format(args.width, args.score_only, signature))
        return 0

    if len(systems) == 1:
        lines = []
        for name in sorted(metrics):
            metric = metrics[name]
            matrix = matrices[name][0]
            score = metric.score_matrix(matrix, args.confidence_n if args.confidence else 1)
            signature = metric.get_signature().format(args.short if args.format != "json" else False)
            lines.append(score.format(args.width, args.score_only, signature, args.format == "json"))
        emit(single_results(lines, args.format == "json", paint))
        return 0

    log(f"Found {len(systems)} systems.")
    if not (args.paired_bs or args.paired_ar):
        cells, signatures = {}, {}
        for i in range(len(systems)):
            for name in sorted(metrics):
                score = metrics[name].score_matrix(matrices[name][i])
                signatures[score.name] = metrics[name].get_signature().format(args.short)
                cells.setdefault(score.name, []).append(score.format(args.width, True))
        if args.format == "json":
            emit(results_json(names, cells))
        else:
            emit(results_table(names, cells, signatures, paint, None))
        return 0

    test = "bs" if args.paired_bs else "ar"
    requested = args.paired_bs_n if args.paired_bs else args.paired_ar_n
    # n <= 0 means the default; sacreBLEU's header still prints the number as given.
    n = requested if requested > 0 else (1000 if test == "bs" else 10000)
    text, seed = seed_from_environment()
    rows, signatures = {}, {}
    for name, metric in metrics.items():
        head, others = paired_test(metric.backend, metric.metric_name, matrices[name][0], matrices[name][1:], test,
                                   n, seed, metric.options())
        score_name = metric.score_matrix(matrices[name][0]).name
        signature = metric.get_signature()
        signature.update("seed", str(seed).lower())
        signature.update(test, n)
        signatures[score_name] = signature.format(args.short)
        rows[score_name] = [head] + others
    if args.format == "json":
        values = {name: [{"score": r.score, "p_value": r.p_value, "mean": r.mean, "ci": r.ci} for r in column]
                  for name, column in rows.items()}
        emit(results_json(names, values))
        return 0
    cells, bootstrap = {}, False
    for name, column in rows.items():
        column_cells, has_means = paired_cells(column, args.width, paint, multiline=True)
        bootstrap = bootstrap or has_means
        cells[name + (" (μ ± 95% CI)" if bootstrap else "")] = column_cells
    emit(results_table(names, cells, signatures, paint, (test, requested)))
    return 0


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
