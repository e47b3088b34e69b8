"""What ``bleuprint score`` prints, and how: sacreBLEU's output forms for every metric.

The numbers come from ``bleuprint.cli.score_compute``; this module only turns them into
text. A metric that sacreBLEU has prints through its ``bleuprint.compat`` class
(``SacrebleuPrinter``: sacreBLEU's score objects, BLEU's details, its signature), so that
standard output is byte for byte what ``sacrebleu`` prints; every other registered metric
through ``RegisteredPrinter``: ``name = score`` (or ``name|signature = score`` for a metric
with a signature of its own, ``bleuprint.spec.signature.signature_fields``), its parts, and a JSON document
that lists its options and parts (``RegisteredScore``). ``Report`` prints the forms: one
system (text, JSON), ``-sl``, several systems (table, JSON, LaTeX), the paired tests and
``--detail``. An executor's result (``CorpusScores``, ``SentenceScores``, ``PairedTest``,
``Detail``) picks its form itself: ``result.show(report)``.
"""

from __future__ import annotations

import json

from ..reproduce.hooks import reproduce_hooks
from ..spec.signature import SIGNATURES
from .score_tables import Painter, paired_cells, results_json, results_table, single_results
from .usage import UsageError


class SacrebleuPrinter:
    """The printed forms of a metric that sacreBLEU has: its ``bleuprint.compat`` object
    (``compat``, built from sacreBLEU's flags), given the numbers computed elsewhere."""

    def __init__(self, compat):
        self.compat = compat

    def score(self, summed: list, n_segments: int, value: float, num_refs):
        """sacreBLEU's score object of ``summed`` statistics whose score is ``value``."""
        return self.compat.score_from_statistics(summed, value)

    def add_interval(self, score, result, n_bootstrap: int, seed_text: str) -> None:
        """``--confidence``'s mean and half-width, which then enter the signature."""
        self.compat.add_interval(score, result.mean, result.half_width, n_bootstrap, seed_text)

    def signature(self, num_refs):
        self.compat.num_refs = num_refs
        return self.compat.get_signature()

    def width(self) -> int:
        """sacreBLEU's decimals: 1."""
        return 1


class RegisteredPrinter:
    """The printed forms of a registered metric that sacreBLEU does not have (module doc),
    for ``value``, its configured metric."""

    def __init__(self, value):
        self.definition = value.definition
        self.value = value
        #: Every option, the defaults filled in (what the JSON document and text list).
        self.options = value.resolved()
        #: The name its scores are printed under (``Metric.score_name``: ``rouge2``).
        self.score_name = reproduce_hooks(self.definition).score_name(**self.options)
        #: Whether the metric has a signature of its own (``bleuprint.spec.signature.signature_fields``).
        self.signed = "signature_fields" in SIGNATURES.overrides(self.definition)

    def score(self, summed: list, n_segments: int, value: float, num_refs) -> RegisteredScore:
        parts = self.definition.parts(summed, n_segments, **self.value.score_options())
        return RegisteredScore(self.score_name, value, self.options, parts, num_refs, self.signed)

    def add_interval(self, score, result, n_bootstrap: int, seed_text: str) -> None:
        score.interval = (result.mean, result.half_width, n_bootstrap, seed_text)

    def signature(self, num_refs) -> Description:
        """Its options as ``key:value``; for a metric with a signature of its own, that
        signature (``bleuprint.spec.signature.signature``: nrefs, the metric's keys, its
        ``signature_version``)."""
        if self.signed:
            from ..spec.signature import signature

            nrefs = None if not self.definition.references else num_refs if num_refs is not None else 1
            return Description({}, signed=lambda short: signature(self.value, nrefs=nrefs, short=short))
        if not self.definition.references:
            return Description(self.options)
        return Description({"nrefs": num_refs, **self.options})

    def width(self) -> int:
        """sacreBLEU's 1 for a 0..100 score, 4 for a 0..1 one (the ``scale_for`` hook)."""
        from .hooks import cli_hooks

        return 1 if cli_hooks(self.definition).scale_for(**self.options) == 100 else 4


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
    """A score of a ``RegisteredPrinter``, printed as the compat scores print theirs
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


class Report:
    """Where and how the results are printed: ``emit`` writes a line on standard output;
    ``fmt`` is ``-f`` (json, text, latex), ``short`` ``-sh``, ``score_only`` ``-b``,
    ``width`` ``-w`` (None: each metric's own, ``width_of``), ``paint`` the colours.
    Each method takes the metrics (``bleuprint.cli.score_metrics.CommandLineMetric``) and
    the scores ``bleuprint.cli.score_compute`` made of them."""

    def __init__(self, emit, fmt: str, short: bool, score_only: bool, width: int | None, paint):
        self.emit, self.fmt, self.short, self.score_only, self.width, self.paint = (
            emit, fmt, short, score_only, width, paint)

    @classmethod
    def of(cls, request, emit) -> Report:
        """The report ``request`` asks for (``bleuprint.cli.score_request``), its lines to ``emit``."""
        return cls(emit, request.output_format, request.short, request.score_only, request.width,
                   Painter(request.colour))

    def width_of(self, metric) -> int:
        return self.width if self.width is not None else metric.printer.width()

    def sentences(self, metric, scores: list) -> None:
        """``-sl``: one line per segment."""
        signature = metric.signature().format(self.short)
        for score in scores:
            self.emit(score.format(self.width_of(metric), self.score_only, signature))

    def one_system(self, scored: list) -> None:
        """One system's ``(metric, score)`` pairs, in the order given (sacreBLEU's: sorted
        by the metrics' names): text lines aligned at ``=``, or JSON."""
        is_json = self.fmt == "json"
        lines = []
        for metric, score in scored:
            signature = metric.signature().format(self.short if not is_json else False)
            lines.append(score.format(self.width_of(metric), self.score_only, signature, is_json))
        self.emit(single_results(lines, is_json, self.paint))

    def systems(self, names: list[str], scored: list) -> None:
        """Several systems: ``scored[i]`` the ``(metric, score)`` pairs of system i; a
        table (text or LaTeX) or JSON."""
        cells, signatures = {}, {}
        for pairs in scored:
            for metric, score in pairs:
                signatures[score.name] = metric.signature().format(self.short)
                cells.setdefault(score.name, []).append(score.format(self.width_of(metric), True))
        if self.fmt == "json":
            self.emit(results_json(names, cells))
        else:
            self.emit(results_table(names, cells, signatures, self.paint, None, self.fmt == "latex"))

    def paired(self, names: list[str], columns: list, test: str, requested: int, n: int, seed) -> None:
        """A paired test's table: ``columns`` the ``(metric, score name, rows)`` of each
        metric, the baseline's row first; ``requested`` the size as given (the header's),
        ``n`` the size run and ``seed`` the seed (the signature's)."""
        rows, signatures, widths = {}, {}, {}
        for metric, score_name, column in columns:
            widths[score_name] = self.width_of(metric)
            signature = metric.signature()
            signature.update("seed", str(seed).lower())
            signature.update(test, n)
            signatures[score_name] = signature.format(self.short)
            rows[score_name] = column
        if self.fmt == "json":
            values = {name: [{"score": r.score, "p_value": r.p_value, "mean": r.mean, "ci": r.ci} for r in column]
                      for name, column in rows.items()}
            self.emit(results_json(names, values))
            return
        cells, bootstrap = {}, False
        for name, column in rows.items():
            column_cells, has_means = paired_cells(column, widths[name], self.paint, multiline=self.fmt != "latex")
            bootstrap = bootstrap or has_means
            cells[name + (" (μ ± 95% CI)" if bootstrap else "")] = column_cells
        self.emit(results_table(names, cells, signatures, self.paint, (test, requested), self.fmt == "latex"))

    def detail(self, results: dict) -> None:
        """``--detail``: ``results[label]`` the ``(segments, metric, score)`` of a group, as
        sacreBLEU prints them: the label padded to the longest plus one (yellow on a
        terminal), the number of segments, the score's name padded to the longest of the
        first group, the score."""
        label_width = max(len(label) for label in results) + 1
        name_width = max(len(score.name) for _, _, score in next(iter(results.values())))
        for label, scores in results.items():
            key = self.paint(f"{label:<{label_width}}", "yellow")
            for count, metric, score in scores:
                self.emit(f"{key}: sentences={count:<6} {score.name:<{name_width}} = "
                          f"{score.score:.{self.width_of(metric)}f}")


class Console:
    """Standard input, output and error of a run: ``emit`` writes a line of results on
    standard output, ``log`` a message on standard error (none with ``-q``)."""

    def __init__(self, stdin, stdout, stderr, quiet: bool):
        self.stdin, self.stdout, self.stderr, self.quiet = stdin, stdout, stderr, quiet

    def emit(self, text: str) -> None:
        self.stdout.write(text + "\n")

    def log(self, message: str) -> None:
        if not self.quiet:
            self.stderr.write(f"bleuprint: {message}\n")


# What a run computed, each printed by ``show(report)`` in its form (an executor of
# ``bleuprint.cli.score`` returns one).


class CorpusScores:
    """The corpus scores of one system or several: ``scored[i]`` the ``(metric, score)``
    pairs of system i (sacreBLEU's order), ``names`` the systems'."""

    def __init__(self, names: list[str], scored: list):
        self.names, self.scored = names, scored

    def show(self, report: Report) -> None:
        if len(self.scored) == 1:
            report.one_system(self.scored[0])
        else:
            report.systems(self.names, self.scored)


class SentenceScores:
    """``-sl``: the score of every segment of one system for one metric."""

    def __init__(self, metric, scores: list):
        self.metric, self.scores = metric, scores

    def show(self, report: Report) -> None:
        report.sentences(self.metric, self.scores)


class PairedTest:
    """A paired test's rows (``Report.paired``'s arguments)."""

    def __init__(self, names: list[str], columns: list, test: str, requested: int, n: int, seed):
        self.names, self.columns, self.test, self.requested, self.n, self.seed = (
            names, columns, test, requested, n, seed)

    def show(self, report: Report) -> None:
        report.paired(self.names, self.columns, self.test, self.requested, self.n, self.seed)


class Detail:
    """``--detail``'s groups after the scores of ``first`` (``Report.detail``); ``results`` None
    when the test set has no original language to group by, empty when no group has a
    segment (refused once the corpus scores are printed, as before)."""

    def __init__(self, first, results: dict | None):
        self.first, self.results = first, results

    def show(self, report: Report) -> None:
        self.first.show(report)
        if self.results is None:
            report.emit("No subset information found. Consider using --origlang argument.")
            return
        if not self.results:
            raise UsageError("--detail: no group of the test set has a segment")
        report.detail(self.results)
