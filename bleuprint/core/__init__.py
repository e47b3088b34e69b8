"""bleuprint.core: the metric model every part of bleuprint reads.

* ``Option`` (``options.py``): one option of a metric as data: name, type, default,
  allowed values or range, the stage that uses it, what it means.
* ``Metric`` (``metric.py``): a metric written once: its options, per-segment statistics
  (the spec's definition, and impl's fast matrix), the score of combined statistics, how
  statistics combine (its ``Shape``) and its signature.
* the registry (``registry.py``): ``register`` a metric once; every consumer finds it
  with ``get_metric(name)`` and lists them with ``metric_names()``.

This package imports no numpy and nothing of ``bleuprint.impl`` at import time: the spec
reaches its metrics through it.
"""

from .metric import Metric, Shape
from .options import Option
from .registry import get_metric, metric_names, register, unregister

__all__ = ["Metric", "Option", "Shape", "get_metric", "metric_names", "register", "unregister"]
