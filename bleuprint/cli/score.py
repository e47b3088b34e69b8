"""``bleuprint score``: sacreBLEU's command line (2.5.1's, which 2.6.0 keeps), for every registered metric.

``-m`` takes the name of any registered metric (``bleuprint.core.metric_names()`` when
the command line is parsed). The metrics that sacreBLEU has are computed by their classes
in ``bleuprint.compat`` (``compat_class``), built from sacreBLEU's flags (each class adds
its own, ``add_command_line_flags``): for the same flags and files, standard output is
byte for byte what ``sacrebleu`` prints (signatures, widths, JSON keys, the multi-system
and paired-test tables); messages go to standard error with sacreBLEU's exit codes (17
for a tab-field mismatch, 1 for other input errors, 2 for bad flags). Where sacreBLEU
would compute something other than asked (references of another length than the
system), bleuprint stops with a message naming the files and counts. ``--impl spec``
scores with ``bleuprint.spec`` instead of ``bleuprint.impl``.

Every other registered metric (exact match, or one registered by its user) is scored
through the registry by ``RegisteredScorer``, with the same layers, the same
``SACREBLEU_SEED`` and the same output forms: its options come from ``--metric-option
NAME=VALUE`` (read by the option's type), its text line is ``name = score``, its JSON
document lists its options and parts (``RegisteredScore``), and ``-sl``, ``--confidence``
and the paired tests use the registry's functions.

sacreBLEU's test-set options (``-t``, ``--list``, ``--echo``, ``--citation``,
``--origlang``, ``--subset``, ``--detail``, ``--download``) read the test sets sacreBLEU
has already downloaded into its cache (``bleuprint.cli.testsets``); bleuprint downloads
nothing, and a set that is not there stops with one line naming the files and the
``sacrebleu`` command that fetches them. Left out: the ``ja-mecab``, ``ko-mecab``,
``spm``/``flores101``/``flores200`` tokenizers (extra packages, model downloads).
``--paired-jobs`` is accepted and has no effect (the results do not depend on it).

Input rules (sacreBLEU's): files are read as UTF-8 (``-e``), ``.gz`` transparently, lines
split at ``\\n`` only, every line right-stripped; with ``-nr K`` each reference line must
split into exactly K tab-separated fields; standard input may carry several systems in
tab-separated columns (universal newlines there, as sacreBLEU reads it).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import sys
import time
import warnings

from ..compat import backends
from ..compat.metrics import COMPAT_CLASSES, compat_class
from ..compat.printing import RESET, Painter, paired_cells, results_json, results_table, single_results
from ..compat.resampling import paired_test, seed_from_environment
from ..core import get_metric, metric_names
from ..spec.sacrebleu_versions import (SUPPORTED_VERSIONS, SacrebleuVersionWarning, chosen_sacrebleu_version,
                                       using_sacrebleu_version)
from . import score_dask, score_segments, score_stream, version_line
from . import testsets as testset_options
from ..reproduce.hooks import reproduce_hooks
from ..spec.inputs import INPUTS, input_hooks
from ..spec.signature import SIGNATURES
from .hooks import cli_hooks

#: Work (segments x metric cost) above which a progress bar is drawn on standard error:
#: about two seconds on this project's shared 2-core machine (measured: impl BLEU scores
#: 200,000 segments in about 1.3 s there).
PROGRESS_THRESHOLD = 300_000
#: How much slower the specification's statistics are than impl's, for a metric that
#: does not say (``bleuprint.cli.hooks.spec_cost``); the costs themselves are the metrics' (``cost``).
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
    score_dask.add_arguments(parser)  # --dask-scheduler, --dask-workers: bleuprint.cli.score_dask
    score_segments.add_arguments(parser)  # --encoder, --encoder-layer: bleuprint.cli.score_segments
    test_sets = parser.add_argument_group(
        "sacreBLEU's test sets", "read from sacreBLEU's cache ($SACREBLEU, default ~/.sacrebleu) when the set "
        "is already there; bleuprint downloads nothing, and says which files it looked for and the sacrebleu "
        "command that fetches them (exit status 1)")
    for flags, kind in TEST_SET_OPTIONS:
        if kind == "flag":
            test_sets.add_argument(*flags, action="store_true", default=False, dest=_dest(flags))
        else:
            test_sets.add_argument(*flags, nargs="+" if kind == "values" else None, default=None, dest=_dest(flags))
    parser.set_defaults(handler=main)


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


# ---------------------------------------------------------------------------- reading


def _open(path: str, encoding: str):
    if path.endswith(".gz"):
        return gzip.open(path, mode="rt", encoding=encoding, newline="\n")
    return open(path, encoding=encoding, newline="\n")


def _read_lines(path: str, encoding: str) -> list[str]:
    arrays = score_segments.read_array_file(path)  # .npy/.npz: one array a segment, not lines
    if arrays is not None:
        return arrays
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


def resolve_metric(name: str):
    """``(metric, options)`` that ``-m name`` means: a registered metric by its name (no
    options), else the first registered metric without sacreBLEU flags whose
    ``options_from_name`` reads options from it (``rougeLsum``: the rouge metric, type
    rougeLsum); None if neither."""
    if name in metric_names():
        return get_metric(name), {}
    for registered in metric_names():
        if name in get_metric(registered).aliases:
            return get_metric(registered), {}
    for registered in metric_names():
        definition = get_metric(registered)
        if compat_class(definition) is None:
            options = reproduce_hooks(definition).options_from_name(name)
            if options:
                return definition, dict(options)
    return None


def build_metrics(args) -> dict:
    """The scorers of the metrics given with -m, in command-line order (a repeated one
    once), keyed by the name in capitals: a metric that sacreBLEU has is its class of
    ``bleuprint.compat`` (``compat_class``) built from sacreBLEU's flags and computed by
    the implementation that ``--impl`` names; any other registered metric is a
    ``RegisteredScorer`` with its ``--metric-option`` values."""
    backend = backends.backend(args.impl)
    definitions, named = {}, {}
    for name in args.metrics:
        definition, stated = resolve_metric(name)
        definitions.setdefault(name.upper(), definition)
        named.setdefault(name.upper(), (name, stated))
    others = []
    for definition in definitions.values():
        if compat_class(definition) is None and definition not in others:
            others.append(definition)
    sacrebleu_names = [definition.name for definition in definitions.values() if definition not in others]
    options = metric_options(args.metric_options, others, sacrebleu_names)
    metrics = {}
    for key, definition in definitions.items():
        cls = compat_class(definition)
        if cls is None:
            name, stated = named[key]
            given = options[definition.name]
            for option, value in stated.items():
                if option in given and given[option] != value:
                    raise UsageError(f"-m {name} means {option}={value}, but --metric-option gives "
                                     f"{option}={given[option]}")
            metrics[key] = RegisteredScorer(definition, {**given, **stated}, args.impl)
            continue
        metric = cls.from_command_line(args)
        metric.backend = backend
        metrics[key] = metric
    return metrics


def metric_options(words: list[str], definitions: list, sacrebleu_names: list[str]) -> dict:
    """The ``--metric-option NAME=VALUE`` words as ``{metric name: {option: value}}`` for
    ``definitions``, the metrics given with -m that have no sacreBLEU flags: each NAME goes
    to every one of them that has an option of that name, its value read by the option's
    type (``Option.parse``). A word without ``=``, a name that none of them has (or no such
    metric at all: ``sacrebleu_names`` take sacreBLEU's flags) and a value the option
    refuses stop the run with one line naming the word."""
    given = {definition.name: {} for definition in definitions}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or not name:
            raise UsageError(f"--metric-option {word!r}: expected NAME=VALUE")
        if not definitions:
            raise UsageError(f"--metric-option {word!r}: the metrics given with -m ({', '.join(sacrebleu_names)}) "
                             "take sacreBLEU's flags (see --help), not --metric-option")
        takers = [definition for definition in definitions if name in definition.option_names()]
        if not takers:
            known = sorted({option for definition in definitions for option in definition.option_names()})
            raise UsageError(f"--metric-option {word!r}: no option {name!r} in "
                             f"{', '.join(definition.name for definition in definitions)} "
                             f"(options: {', '.join(known) or 'none'})")
        for definition in takers:
            try:
                given[definition.name][name] = definition.option(name).parse(value)
            except (TypeError, ValueError) as error:
                raise UsageError(f"--metric-option {word!r}: {error}") from None
    return given


def _layer(name: str):
    """The module that computes: ``bleuprint.impl``, or ``bleuprint.spec`` (``--impl spec``)."""
    if name == "spec":
        from .. import spec

        return spec
    from .. import impl

    return impl


class RegisteredScorer:
    """A registered metric that sacreBLEU does not have, scored from the files through the
    registry (``definition``, a ``bleuprint.core.Metric``, with ``options`` from
    ``--metric-option``), in the calls ``_score`` makes of the compat classes: statistics
    from ``sentence_stats`` and scores from ``score_from_stats`` of ``bleuprint.impl`` (or
    ``bleuprint.spec``: ``layer``), ``--confidence`` from their ``bootstrap_stats``
    (sacreBLEU's mean and half-width, the resamples drawn from ``SACREBLEU_SEED`` as for
    the others), the paired tests from their ``paired_bootstrap`` and
    ``paired_approximate_randomization``. References are the files' streams."""

    #: sacreBLEU's tokenized-period warning is BLEU's (its ``--force``), never this one's.
    force = True

    def __init__(self, definition, options: dict, layer: str):
        self.definition = definition
        self.metric_name = definition.name
        self.given = dict(options)
        #: The metric with its options, as the one value every generic function takes.
        self.configured = definition(**self.given)
        self.layer = _layer(layer)
        self.num_refs = None
        #: The name its scores are printed under (``bleuprint.reproduce.hooks.score_name``: ``rouge2``).
        self.score_name = reproduce_hooks(definition).score_name(**self.all_options())
        #: Whether the metric has a signature of its own (``bleuprint.spec.signature.signature_fields``).
        self.signed = "signature_fields" in SIGNATURES.overrides(definition)

    def all_options(self) -> dict:
        """Every option of the metric, the defaults filled in."""
        return {**self.definition.defaults(), **self.given}

    def segments(self, streams: list[list[str]]) -> list[list[str]] | None:
        """The reference streams as each segment's list of references (None for a metric
        without references, which ignores any reference file given for the others)."""
        if not self.definition.references:
            return None
        return [list(refs) for refs in zip(*streams)]

    def inputs(self, lines: list[str]) -> list:
        """The lines of a system's output as the metric's hypotheses (``bleuprint.spec.inputs.read_segment``:
        the lines themselves, or parsed; a line it refuses stops the run naming the line)."""
        if "read_segment" not in INPUTS.overrides(self.definition) or not all(isinstance(x, str) for x in lines):
            return lines  # text, or segments already (bleuprint.cli.score_segments)
        hyps = []
        for number, line in enumerate(lines, 1):
            try:
                hyps.append(input_hooks(self.definition).read_segment(line))
            except ValueError as error:
                raise UsageError(f"{self.metric_name}: line {number}: {error}") from None
        return hyps

    def check_limits(self, hyps: list[str], streams: list[list[str]]) -> None:
        hyps, refs = self.definition.check_inputs(self.inputs(hyps), self.segments(streams))
        self.definition.check_corpus_limits(hyps, refs, **self.definition.stats_options(self.given))

    def statistics(self, hyps: list[str], streams: list[list[str]]):
        self.num_refs = len(streams) if self.definition.references else None
        return self.layer.sentence_stats(self.configured, self.inputs(hyps), self.segments(streams))

    def score_from_statistics(self, summed: list, n_segments: int = 1) -> RegisteredScore:
        """The score of ``summed`` statistics of ``n_segments`` segments (one: a row)."""
        score = self.layer.score_from_stats(self.configured, summed, n_segments)
        parts = self.definition.parts(summed, n_segments, **self.definition.score_options(self.given))
        return RegisteredScore(self.score_name, score, self.all_options(), parts, self.num_refs, self.signed)

    def sentence_scores(self, matrix) -> list:
        """The score of every row (``-sl``), one segment each: the scores from one call of
        the layer's ``scores_of_rows``, the parts (exact Python numbers) row by row."""
        scores = self.layer.scores_of_rows(self.configured, matrix)
        score_options = self.definition.score_options(self.given)
        return [RegisteredScore(self.score_name, float(score), self.all_options(),
                                self.definition.parts(backends.row_numbers(row), 1, **score_options), self.num_refs,
                                self.signed)
                for score, row in zip(scores, matrix)]

    def score_matrix(self, matrix, n_bootstrap: int = 1) -> RegisteredScore:
        score = self.score_from_statistics(backends.column_sums(matrix), matrix.shape[0])
        if n_bootstrap > 1:
            import numpy as np

            text, seed = seed_from_environment()
            result = self.layer.bootstrap_stats(self.configured, matrix, n_bootstrap,
                                                rng=np.random.default_rng(seed))
            score.interval = (result.mean, result.half_width, n_bootstrap, text)
        return score

    def paired_rows(self, systems: list[list[str]], streams: list[list[str]], test: str, n: int,
                    seed: int | None) -> list:
        """The rows of the paired test ``test`` (``bs`` or ``ar``), the baseline's first."""
        run = self.layer.paired_bootstrap if test == "bs" else self.layer.paired_approximate_randomization
        result = run(self.configured, self.inputs(systems[0]), [self.inputs(system) for system in systems[1:]],
                     self.segments(streams), n=n, seed=seed)
        return [result.baseline, *result.systems]

    def get_signature(self) -> Description:
        """Its options as ``key:value``; for a metric with a signature of its own, that
        signature (``bleuprint.spec.signature.signature``: nrefs, the metric's keys, its
        ``signature_version``)."""
        if self.signed:
            from ..spec.signature import signature

            nrefs = None if not self.definition.references else self.num_refs if self.num_refs is not None else 1
            return Description({}, signed=lambda short: signature(self.configured, nrefs=nrefs, short=short))
        if not self.definition.references:
            return Description(self.all_options())
        return Description({"nrefs": self.num_refs, **self.all_options()})


class Description:
    """What the signature lists print for a metric without a sacreBLEU signature: its
    number of references and its options (the defaults filled in), ``key:value`` joined
    by ``|`` (booleans ``yes``/``no``), then a paired test's ``seed`` and size once
    ``update`` adds them."""

    def __init__(self, info: dict, signed=None):
        self.info = dict(info)
        #: For a metric with its own signature: ``signed(short)`` gives it, and what
        #: ``update`` adds goes before its last key (the version), as in sacreBLEU's.
        self.signed = signed

    def update(self, key: str, value) -> None:
        self.info[key] = value

    def format(self, short: bool = False) -> str:
        added = [f"{key}:{_word(value)}" for key, value in self.info.items()]
        if self.signed is None:
            return "|".join(added)
        *head, version = self.signed(short).split("|")
        return "|".join(head + added + [version])


def _word(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


class RegisteredScore:
    """A score of a ``RegisteredScorer``, printed as the compat scores print theirs
    (``format(width, score_only, signature, is_json)``; the signature is not printed).

    Text: ``name = score`` to the width, then `` (μ = mean ± half-width)`` after
    ``--confidence``, then the metric's ``parts`` as `` (key = value ...)`` (floats to the
    width, lists joined by ``/``). JSON: ``name``, ``score`` (rounded to the width, as in
    sacreBLEU's documents), ``nrefs``, ``options`` (every one, defaults filled in) and
    ``parts`` (as the metric gives them), and after ``--confidence`` sacreBLEU's fields
    ``confidence_mean``, ``confidence_var`` (the half-width), ``confidence``, ``bs`` and
    ``seed``."""

    def __init__(self, name: str, score: float, options: dict, parts: dict, nrefs: int | None,
                 signed: bool = False):
        self.name, self.score, self.options, self.parts, self.nrefs = name, score, options, parts, nrefs
        #: Whether the signature is printed (a metric with a signature of its own).
        self.signed = signed
        #: ``(mean, half_width, n_bootstrap, seed text)`` after ``--confidence``.
        self.interval = None

    def format(self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False) -> str:
        text = f"{self.score:.{width}f}"
        if self.interval is not None:
            mean, half, n_bootstrap, seed = self.interval
            interval = f"μ = {mean:.{width}f} ± {half:.{width}f}"
            text += f" ({interval})"
        if score_only:
            return text
        if is_json:
            fields = {"name": self.name, "score": float(f"{self.score:.{width}f}"), "nrefs": self.nrefs,
                      "options": self.options, "parts": self.parts}
            if self.signed:
                fields["signature"] = signature
            if self.interval is not None:
                fields.update(confidence_mean=float(f"{mean:.{width}f}"), confidence_var=float(f"{half:.{width}f}"),
                              confidence=interval, bs=str(n_bootstrap), seed=seed)
            return json.dumps(fields, indent=1, ensure_ascii=False, default=_json_value)
        line = f"{self.name}|{signature} = {text}" if self.signed and signature else f"{self.name} = {text}"
        if self.parts:
            line += " (" + " ".join(f"{key} = {_part_text(value, width)}" for key, value in self.parts.items()) + ")"
        return line


def _part_text(value, width: int) -> str:
    if isinstance(value, (list, tuple)):
        return "/".join(_part_text(item, width) for item in value)
    if isinstance(value, float):
        return f"{value:.{width}f}"
    return _word(value)


def _json_value(value):
    """numpy numbers and arrays in a metric's parts, as JSON numbers and lists."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"a part of type {type(value).__name__} has no JSON form")


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


def _cost(definition, impl: str) -> int:
    """The relative cost of one segment of the registered metric ``definition`` with the
    implementation ``impl`` (``bleuprint.cli.hooks.cost``, ``bleuprint.cli.hooks.spec_cost``)."""
    if impl != "spec":
        return cli_hooks(definition).cost
    hooks = cli_hooks(definition)
    return hooks.spec_cost if hooks.spec_cost is not None else hooks.cost * _SPEC_COST


def _statistics(metric, hyps, refs, progress: "Progress", label: str, cost: int, splits: bool = True):
    """The statistics matrix, computed chunk by chunk when a progress bar is shown and the
    metric ``splits`` (every segment's statistics are independent of the others, so the
    rows are the same; not so for a metric whose rows read a corpus-wide context)."""
    import numpy as np

    chunk = max(10, CHUNK_COST // cost)
    if not progress.enabled or len(hyps) <= chunk or not splits:
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
    if refs and metric.num_refs is not None:
        counts = {sum(1 for stream in refs if stream[i] is not None) for i in range(len(hyps))}
        metric.num_refs = counts.pop() if len(counts) == 1 else -1
    return np.concatenate(parts)


def _shared_rouge(metrics: dict, systems: list, refs: list, impl: str, progress: "Progress") -> dict:
    """Several ROUGE types asked at once (``-m rouge1 rouge2 rougeL rougeLsum``): each
    system's rows of all of them from one ``rouge_all`` call per stemming option (every
    text tokenized and stemmed once, not once per type), the same numbers as one
    statistics call per type (``tests/impl/test_rouge_all.py``). ``{name: [matrix per
    system]}``; empty with ``--impl spec``, for a lone type, or when a segment lacks a
    reference (the per-type path handles that)."""
    if impl == "spec":
        return {}
    groups: dict = {}
    for name, metric in metrics.items():
        if metric.metric_name == "rouge":
            options = metric.all_options()
            groups.setdefault(options["use_stemmer"], []).append((name, metric, options["rouge_type"]))
    shared = {}
    for use_stemmer, entries in groups.items():
        types = list(dict.fromkeys(rouge_type for _, _, rouge_type in entries))
        segments = entries[0][1].segments(refs)
        if len(types) < 2 or any(ref is None for segment in segments for ref in segment):
            continue
        from ..metrics.rouge.impl import rouge_all

        per_system = [rouge_all(system, segments, types, use_stemmer) for system in systems]
        for name, metric, rouge_type in entries:
            metric.num_refs = len(refs)
            shared[name] = [rows[rouge_type] for rows in per_system]
            for system in systems:
                progress.advance(len(system), name)
    return shared


# ---------------------------------------------------------------------------- main


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


def _check_arguments(args) -> None:
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


def _read_test_set_references(args, log) -> tuple[list[list[str]], list[str]]:
    """The reference streams of ``-t`` (``testsets.references``) and their labels."""
    if args.bleu_tokenize == "none":
        log("You are turning off BLEU's internal tokenizer presumably to supply your own tokenized files.")
        log("Published numbers will not be comparable to other papers.")
    refs = testset_options.references(args)
    if not refs:
        log(f"No references found for test set {args.testset_test_set}/{args.langpair}.")
    return refs, [f"{args.testset_test_set} ({args.langpair}) reference {k + 1}" for k in range(len(refs))]


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
    paired_mode = args.paired_bs or args.paired_ar

    def log(message: str) -> None:
        if not args.quiet:
            stderr.write(f"bleuprint: {message}\n")

    def emit(text: str) -> None:
        stdout.write(text + "\n")

    try:
        if score_dask.requested(args):
            return score_dask.run(args, stdout, stderr)
        status = testset_options.before_scoring(args, emit, log, UsageError)
        if status is not None:
            return status
        _check_arguments(args)
        score_segments.check(args, UsageError)
        streamed = score_stream.run(args, stdout, stderr, paint, log)  # None: scored in memory below
        if streamed is not None:
            return streamed
        if args.testset_test_set is not None:
            refs, ref_labels = _read_test_set_references(args, log)
        else:
            refs = read_references(args.refs, args.num_refs, args.encoding) if args.refs else []
            ref_labels = [repr(path) for path in (args.refs * len(refs) if len(args.refs) == 1 else args.refs)]
        if args.newline_escape is not None and not args.newline_escape:
            raise UsageError("--newline-escape needs a non-empty TEXT")
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
        if args.newline_escape:
            systems = [[line.replace(args.newline_escape, "\n") for line in system] for system in systems]
            refs = [[line.replace(args.newline_escape, "\n") for line in stream] for stream in refs]
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
            for label, stream in zip(ref_labels, refs):
                if len(stream) != len(system):
                    raise UsageError(
                        f"System and reference streams have different lengths: {name} has {len(system)} lines, "
                        f"reference {label} has {len(stream)} (sacreBLEU would stop here too; bleuprint never "
                        f"truncates)")
        full_system, full_refs = systems[0], refs
        kept = testset_options.keep(args)
        if kept is not None:
            if refs and len(kept) != len(refs[0]):
                raise UsageError(f"sacreBLEU's cache disagrees with itself: the raw file of {args.testset_test_set} "
                                 f"({args.langpair}) has {len(kept)} segments, its reference file {len(refs[0])}")
            systems = [[line for line, k in zip(system, kept) if k] for system in systems]
            refs = [[line for line, k in zip(stream, kept) if k] for stream in refs]
            if not systems[0]:
                raise UsageError(f"Test set {args.testset_test_set!r} contains no sentence with"
                                 + (f" origlang={args.testset_origlang}" if args.testset_origlang else "")
                                 + (f" subset={args.testset_subset}" if args.testset_subset else ""))
        systems, refs = score_segments.prepare(args, systems, refs, names, ref_labels, log, UsageError)
        metrics = build_metrics(args)
        status = _score(args, metrics, systems, names, refs, stdout, stderr, paint, log)
        if status == 0 and args.testset_detail and len(systems) == 1 and not args.sentence_level:
            _print_detail(args, metrics, full_system, full_refs, emit, paint)
        return status
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


def _paired_rows(metric, matrices: list, systems: list, refs: list, test: str, n: int, seed) -> list:
    """One metric's rows of a paired test, the baseline's first: sacreBLEU's test on the
    statistics already computed for a compat class, the registry's for any other."""
    if isinstance(metric, RegisteredScorer):
        return metric.paired_rows(systems, refs, test, n, seed)
    head, others = paired_test(metric.backend, metric.metric_name, matrices[0], matrices[1:], test, n, seed,
                               metric.options())
    return [head, *others]


def _score(args, metrics, systems, names, refs, stdout, stderr, paint, log) -> int:
    definitions = {name: get_metric(metric.metric_name) for name, metric in metrics.items()}
    work = sum(len(s) for s in systems) * sum(_cost(d, args.impl) for d in definitions.values())
    progress = Progress(len(systems) * len(metrics) * len(systems[0]),
                        work > PROGRESS_THRESHOLD and not args.quiet, stderr)
    unforced = [metric for metric in metrics.values() if not metric.force]
    if unforced:
        # sacreBLEU's "forgot to detokenize" warning (BLEU without --force), once per
        # system, on standard error.
        for metric in unforced:
            metric.force = True
        for name, system in zip(names, systems):
            if sum(1 for line in system if line.endswith(" .")) >= 100:
                log(f"{name}: that's 100 lines that end in a tokenized period ('.'): it looks like you forgot "
                    "to detokenize your test data, which may hurt your score (--force silences this).")
    shared = _shared_rouge(metrics, systems, refs, args.impl, progress)
    matrices = {name: shared[name] if name in shared else
                [_statistics(metric, system, refs, progress, name, _cost(definitions[name], args.impl),
                             not definitions[name].needs_context)
                 for system in systems]
                for name, metric in metrics.items()}

    def emit(text: str) -> None:
        stdout.write(text + "\n")

    if args.sentence_level:
        (name, metric), = metrics.items()
        signature = metric.get_signature().format(args.short)
        for score in metric.sentence_scores(matrices[name][0]):
            emit(score.format(_width(args, metric), args.score_only, signature))
        return 0

    if args.testset_detail and args.format == "json":
        args.format = "text"  # sacreBLEU: the details would break the JSON
    if len(systems) == 1:
        lines = []
        for name in sorted(metrics):
            metric = metrics[name]
            matrix = matrices[name][0]
            score = metric.score_matrix(matrix, args.confidence_n if args.confidence else 1)
            signature = metric.get_signature().format(args.short if args.format != "json" else False)
            lines.append(score.format(_width(args, metric), args.score_only, signature, args.format == "json"))
        emit(single_results(lines, args.format == "json", paint))
        return 0

    log(f"Found {len(systems)} systems.")
    if not (args.paired_bs or args.paired_ar):
        cells, signatures = {}, {}
        for i in range(len(systems)):
            for name in sorted(metrics):
                score = metrics[name].score_matrix(matrices[name][i])
                signatures[score.name] = metrics[name].get_signature().format(args.short)
                cells.setdefault(score.name, []).append(score.format(_width(args, metrics[name]), True))
        if args.format == "json":
            emit(results_json(names, cells))
        else:
            emit(results_table(names, cells, signatures, paint, None, args.format == "latex"))
        return 0

    test = "bs" if args.paired_bs else "ar"
    requested = args.paired_bs_n if args.paired_bs else args.paired_ar_n
    # 0 means the default (a negative n is refused by _check_arguments); sacreBLEU's header
    # still prints the number as given.
    n = requested if requested > 0 else (1000 if test == "bs" else 10000)
    text, seed = seed_from_environment()
    rows, signatures, widths = {}, {}, {}
    for name, metric in metrics.items():
        column = _paired_rows(metric, matrices[name], systems, refs, test, n, seed)
        score_name = metric.score_matrix(matrices[name][0]).name
        widths[score_name] = _width(args, metric)
        signature = metric.get_signature()
        signature.update("seed", str(seed).lower())
        signature.update(test, n)
        signatures[score_name] = signature.format(args.short)
        rows[score_name] = column
    if args.format == "json":
        values = {name: [{"score": r.score, "p_value": r.p_value, "mean": r.mean, "ci": r.ci} for r in column]
                  for name, column in rows.items()}
        emit(results_json(names, values))
        return 0
    cells, bootstrap = {}, False
    for name, column in rows.items():
        column_cells, has_means = paired_cells(column, widths[name], paint, multiline=args.format != "latex")
        bootstrap = bootstrap or has_means
        cells[name + (" (μ ± 95% CI)" if bootstrap else "")] = column_cells
    emit(results_table(names, cells, signatures, paint, (test, requested), args.format == "latex"))
    return 0


def _print_detail(args, metrics: dict, system: list[str], refs: list[list[str]], emit, paint) -> None:
    """``--detail``: every metric's score on each group of ``testsets.detail_groups``
    (the whole corpus, unfiltered, regrouped), as sacreBLEU prints them: the label
    padded to the longest plus one (yellow on a terminal), the number of segments, the
    score's name padded to the longest of the first group, the score. Empty groups are left out."""
    groups = testset_options.detail_groups(args)
    if groups is None:
        emit("No subset information found. Consider using --origlang argument.")
        return
    results = {}
    for label, kept in groups:
        hyps = [line for line, k in zip(system, kept) if k]
        if not hyps:
            continue
        streams = [[line for line, k in zip(stream, kept) if k] for stream in refs]
        for metric in metrics.values():
            score = metric.score_matrix(metric.statistics(hyps, streams))
            results.setdefault(label, []).append((len(hyps), score, _width(args, metric)))
    if not results:
        raise UsageError("--detail: no group of the test set has a segment")
    label_width = max(len(label) for label in results) + 1
    name_width = max(len(score.name) for _, score, _ in next(iter(results.values())))
    for label, scores in results.items():
        key = paint(f"{label:<{label_width}}", "yellow")
        for count, score, width in scores:
            emit(f"{key}: sentences={count:<6} {score.name:<{name_width}} = {score.score:.{width}f}")


def _width(args, metric) -> int:
    """The decimals of ``metric``'s scores: ``--width`` where given, else sacreBLEU's 1
    for a 0..100 score and 4 for a 0..1 one (``Metric.scale_for`` its options)."""
    if args.width is not None:
        return args.width
    if isinstance(metric, RegisteredScorer):
        return 1 if metric.definition.scale_for(**metric.all_options()) == 100 else 4
    return 1


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
