"""A metric with its options, as one value (issue #34).

``metric("chrf", word_order=2)`` (or ``get_metric("chrf")(word_order=2)``) is a
``ConfiguredMetric``: the registered definition and the options given to it, whose names
are checked once, when the value is made, against the definition's ``Option`` data (an
unknown name is a TypeError naming it). The values stay checked by the metric's own
functions, the authority on them (``bleuprint.core.options``): checking them here with
``Option.check`` would also refuse values the metric accepts today (a bool option given
None or "yes"), which changes the vector files and the example ports (issue #34, left
for later). The value is immutable and hashable; two values are equal when they hold the
same definition and the same given options.

Every generic function and tool (``corpus_score``, ``sentence_scores``, ``metric_ci``, the
paired tests, the ``Accumulator``, ``pairwise``, Dask, vectors, verify, ...) takes such a
value as its ``metric``, or a bare name (or a ``Metric``) for the defaults
(``as_metric``). None of them takes a metric's options as loose keywords beside its own
parameters, so a metric's option may be called ``alpha``, ``n`` or ``seed`` without being
read as the interval's level, the number of trials or the seed: the value carries it.

The value keeps the options as *given*, not filled in with the defaults: a metric whose
sentence-level default differs from its corpus default (BLEU's effective order) applies
the sentence default only where the caller left the option out. ``resolved()`` gives
every option with the defaults filled in.
"""

from __future__ import annotations

from .metric import Metric

__all__ = ["ConfiguredMetric", "as_metric", "metric"]


class ConfiguredMetric:
    """A registered metric with its given options (module doc). Made by ``metric`` or by
    calling a ``Metric``; never changed afterwards."""

    __slots__ = ("_definition", "_items")

    def __init__(self, definition: Metric, options: dict | None = None) -> None:
        if not isinstance(definition, Metric):
            raise TypeError(f"a configured metric needs a Metric, got {type(definition).__name__}")
        options = dict(options or {})
        definition.check_option_names(options)
        order = [option.name for option in definition.options]
        object.__setattr__(self, "_definition", definition)
        object.__setattr__(self, "_items", tuple((name, options[name]) for name in order if name in options))

    def __setattr__(self, name, value):
        raise AttributeError("a configured metric is immutable: make another with metric(value, **options)")

    __delattr__ = __setattr__

    @property
    def definition(self) -> Metric:
        """The registered ``Metric``."""
        return self._definition

    @property
    def name(self) -> str:
        """The metric's registry name."""
        return self._definition.name

    @property
    def options(self) -> dict:
        """The options given (a fresh dict, in the order of the metric's options)."""
        return dict(self._items)

    def resolved(self) -> dict:
        """Every option: the defaults, overridden by the given ones."""
        return {**self._definition.defaults(), **self.options}

    def stats_options(self) -> dict:
        """The given options that the statistics read."""
        return self._definition.stats_options(self.options)

    def score_options(self) -> dict:
        """The given options that the score reads."""
        return self._definition.score_options(self.options)

    def sentence_level(self) -> ConfiguredMetric:
        """This value under the metric's sentence-level defaults (``Metric.sentence_defaults``:
        BLEU's effective order) where the options given leave them open."""
        return ConfiguredMetric(self._definition, {**self._definition.sentence_defaults(), **self.options})

    def replace(self, **options) -> ConfiguredMetric:
        """The same metric with ``options`` given over this value's."""
        return ConfiguredMetric(self._definition, {**self.options, **options})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ConfiguredMetric):
            return NotImplemented
        return self._definition is other._definition and self._items == other._items

    def __hash__(self) -> int:
        return hash((id(self._definition), self._items))

    def __repr__(self) -> str:
        given = "".join(f", {name}={value!r}" for name, value in self._items)
        return f"metric({self.name!r}{given})"

    def __copy__(self) -> ConfiguredMetric:
        return self

    def __deepcopy__(self, memo) -> ConfiguredMetric:
        return self

    def __reduce__(self):
        # by name through the registry: another process (a Dask worker) finds its own
        # registered definition
        return (_rebuild, (self.name, self._items))


def _rebuild(name: str, items: tuple) -> ConfiguredMetric:
    return metric(name, **dict(items))


def metric(metric, /, **options) -> ConfiguredMetric:
    """The configured metric ``metric`` (a registered name, a ``Metric`` or a configured
    value) with ``options`` given over its own: checked now against the options' data
    (module doc)."""
    base = as_metric(metric)
    if not options:
        return base
    return ConfiguredMetric(base.definition, {**base.options, **options})


def as_metric(metric) -> ConfiguredMetric:
    """``metric`` as a configured value: a value as it is; a registered name or a
    ``Metric`` with no options given (the defaults). TypeError for anything else, and
    ``get_metric``'s ValueError for an unknown name."""
    if isinstance(metric, ConfiguredMetric):
        return metric
    if isinstance(metric, Metric):
        return ConfiguredMetric(metric)
    if isinstance(metric, str):
        from .registry import get_metric

        return ConfiguredMetric(get_metric(metric))
    raise TypeError(f"metric must be a registered name (str) or a configured metric "
                    f"(bleuprint.metric(name, **options)), got {type(metric).__name__}")
