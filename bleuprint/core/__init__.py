"""bleuprint.core: the metric model every part of bleuprint reads.

* ``Option`` (``options.py``): one option of a metric as data: name, type, default,
  allowed values or range, the stage that uses it, what it means.
* ``Metric`` (``metric.py``): a metric written once: its options, per-segment statistics
  (the spec's definition, and impl's fast matrix), the score of combined statistics, how
  statistics combine (its ``Shape``) and its signature.
* ``ConfiguredMetric`` (``value.py``): a metric with its options (names checked once), as one
  immutable value (``bleuprint.metric("chrf", word_order=2)``); every generic function takes one,
  or a bare name for the defaults.
* the registry (``registry.py``): ``register`` a metric once (with its aliases and public
  names); every consumer finds it with ``get_metric(name)`` and lists them with
  ``metric_names()``.

This package imports no numpy and nothing of ``bleuprint.impl`` at import time: the spec
reaches its metrics through it.
"""

from .metric import Metric, Shape
from .options import Option
from .registry import get_metric, metric_aliases, metric_names, register, unregister
# (``value.metric``, the maker, is exported by ``bleuprint``, ``bleuprint.spec`` and
# ``bleuprint.impl``; bound here it would hide the submodule ``bleuprint.core.metric``.)
from .value import ConfiguredMetric, as_metric

__all__ = ["ConfiguredMetric", "Metric", "Option", "Shape", "as_metric", "get_metric", "metric_aliases",
           "metric_names", "register", "unregister"]
