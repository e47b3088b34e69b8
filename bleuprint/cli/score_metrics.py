"""The metrics of ``bleuprint score -m``: each a configured metric (``bleuprint.metric(name,
**options)``) with what prints it.

Every metric is one value whose numbers ``bleuprint.cli.score_compute`` computes by the
generic functions. A metric that sacreBLEU has (BLEU, chrF, TER) takes its options from
sacreBLEU's flags through its ``bleuprint.compat`` class (``compat_class``,
``from_command_line``: sacreBLEU's defaults, such as the tokenizer of ``-l``'s target
language, and its refusals), whose ``options()`` make the value and which then only prints
(``SacrebleuPrinter``). Every other registered metric takes ``--metric-option NAME=VALUE``
(read by the option's type), or the options its ``-m`` name states (``rouge2``), and
prints through ``RegisteredPrinter``.
"""

from __future__ import annotations

from ..compat.metrics import compat_class
from ..spec.inputs import INPUTS, input_hooks
from ..core.value import metric as configured
from .score_arguments import resolve_metric
from .score_output import RegisteredPrinter, SacrebleuPrinter
from .usage import UsageError
from ..core.options import find_option, option_names


def layer(name: str):
    """The module that computes: ``bleuprint.impl``, or ``bleuprint.spec`` (``--impl spec``)."""
    if name == "spec":
        from .. import spec

        return spec
    if name != "impl":
        raise ValueError(f"unknown implementation {name!r}: expected 'impl' or 'spec'")
    from .. import impl

    return impl


class CommandLineMetric:
    """One metric of ``-m``: ``value`` (the configured metric every generic function
    takes), ``layer`` (``bleuprint.impl`` or ``bleuprint.spec``), ``printer`` (its printed
    forms, ``bleuprint.cli.score_output``), ``warns`` (sacreBLEU's tokenized-period
    warning: BLEU without ``--force``), and ``num_refs``, the references per segment of the
    last statistics computed (None for a metric without references)."""

    def __init__(self, value, layer_name: str, printer, warns: bool = False):
        self.value = value
        self.definition = value.definition
        self.name = value.name
        self.layer_name = layer_name
        self.layer = layer(layer_name)
        self.printer = printer
        self.warns = warns
        self.num_refs = None

    def segments(self, streams: list[list[str]]) -> list[list[str]] | None:
        """The reference streams as each segment's list of references (None for a metric
        without references, which ignores any reference file given for the others)."""
        if not self.definition.references:
            return None
        return [list(refs) for refs in zip(*streams)]

    def references_per_segment(self, streams: list[list[str]]) -> int | None:
        return len(streams) if self.definition.references else None

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
                raise UsageError(f"{self.name}: line {number}: {error}") from None
        return hyps

    def signature(self):
        """The signature object of the scores printed last (``format(short)``, ``update``)."""
        return self.printer.signature(self.num_refs)


def build_metrics(args) -> dict:
    """The metrics given with -m, in command-line order (a repeated one once), keyed by
    the name in capitals (module doc)."""
    definitions, named = {}, {}
    for name in args.metrics:
        definition, stated = resolve_metric(name)
        definitions.setdefault(name.upper(), definition)
        named.setdefault(name.upper(), (name, stated))
    classes = {key: compat_class(definition) for key, definition in definitions.items()}
    others = []
    for key, definition in definitions.items():
        if classes[key] is None and definition not in others:
            others.append(definition)
    sacrebleu_names = [definition.name for definition in definitions.values() if definition not in others]
    options = metric_options(args.metric_options, others, sacrebleu_names)
    metrics = {}
    for key, definition in definitions.items():
        cls = classes[key]
        if cls is None:
            name, stated = named[key]
            given = options[definition.name]
            for option, value in stated.items():
                if option in given and given[option] != value:
                    raise UsageError(f"-m {name} means {option}={value}, but --metric-option gives "
                                     f"{option}={given[option]}")
            value = definition(**{**given, **stated})
            metrics[key] = CommandLineMetric(value, args.impl, RegisteredPrinter(value))
            continue
        compat = cls.from_command_line(args)
        metrics[key] = CommandLineMetric(configured(definition, **compat.options()), args.impl,
                                         SacrebleuPrinter(compat), warns=not compat.force)
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
        takers = [definition for definition in definitions if name in option_names(definition)]
        if not takers:
            known = sorted({option for definition in definitions for option in option_names(definition)})
            raise UsageError(f"--metric-option {word!r}: no option {name!r} in "
                             f"{', '.join(definition.name for definition in definitions)} "
                             f"(options: {', '.join(known) or 'none'})")
        for definition in takers:
            try:
                given[definition.name][name] = find_option(definition, name).parse(value)
            except (TypeError, ValueError) as error:
                raise UsageError(f"--metric-option {word!r}: {error}") from None
    return given
