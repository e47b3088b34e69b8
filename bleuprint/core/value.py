"""A metric with its options, as one value (issue #34).

``metric("chrf", word_order=2)`` (or ``get_metric("chrf")(word_order=2)``) is a
``ConfiguredMetric``: the registered definition and the options given to it, whose names
and values are checked once, when the value is made, against the definition's ``Option`` data: an
unknown name is a TypeError naming it, and each value goes through ``Option.check`` (a
wrong type or a value outside the choices or the range: TypeError or ValueError naming the
option), before any corpus is scored. The data says exactly what the metric's own
functions accept (``bleuprint.core.options``: sacreBLEU's flags read for their truth,
``Option.truthy``), so nothing they accept is refused here. The value is immutable and
hashable; two values are equal when they hold the same definition and the same given
options.

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

import copyreg

from .metric import ConfiguredMetric, Metric
from .registry import get_metric

__all__ = ["ConfiguredMetric", "as_metric", "metric"]


def _rebuild(name: str, items: tuple) -> ConfiguredMetric:
    return metric(name, **dict(items))


def _reduce(value: ConfiguredMetric):
    # by name through the registry: another process (a Dask worker) finds its own
    # registered definition
    return (_rebuild, (value.name, value._items))


copyreg.pickle(ConfiguredMetric, _reduce)


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
        return ConfiguredMetric(get_metric(metric))
    raise TypeError(f"metric must be a registered name (str) or a configured metric "
                    f"(bleuprint.metric(name, **options)), got {type(metric).__name__}")


def higher_is_better(metric) -> bool:
    """Whether higher scores of ``metric`` (a registered name, a ``Metric`` or a configured
    metric) are better: the metric's data, ``higher_is_better``, a bool (TER, the jiwer error
    rates, perplexity: False) or, where the options decide it, a method called with every
    option (embedding similarity's distances, model_score's declared ``direction``); True
    for a metric that declares nothing. Meta-evaluation reads it to negate the scores of a
    metric that is better lower, since its statistics take higher as better."""
    value = as_metric(metric)
    declared = getattr(value.definition, "higher_is_better", True)
    if callable(declared):
        return bool(declared(**value.resolved()))
    return bool(declared)
