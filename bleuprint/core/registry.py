"""The registry of metrics: each metric is registered once, by name, and every consumer
finds it here. The built-in metrics (``bleuprint.metrics``) are registered on the first
look-up, so importing this module loads none of them."""

from __future__ import annotations

from .metric import Metric

_REGISTRY: dict[str, Metric] = {}
#: Other names of registered metrics (``Metric.aliases``): looked up, never listed.
_ALIASES: dict[str, Metric] = {}
_BUILTINS_LOADED = False


def _load_builtins() -> None:
    global _BUILTINS_LOADED
    if not _BUILTINS_LOADED:
        _BUILTINS_LOADED = True
        from .. import metrics  # noqa: F401  (each module registers its metric)


def register(metric: Metric, *, replace: bool = False) -> Metric:
    """Register ``metric`` under ``metric.name``; a second metric of that name is a
    ValueError unless ``replace``. Returns the metric (usable as a class decorator's
    result)."""
    if isinstance(metric, type) and issubclass(metric, Metric):
        metric = metric()
    if not isinstance(metric, Metric):
        raise TypeError(f"can only register a Metric, got {type(metric).__name__}")
    if not metric.name or not isinstance(metric.name, str):
        raise ValueError("a metric needs a non-empty name")
    _load_builtins()
    if metric.name in _REGISTRY and not replace and _REGISTRY[metric.name] is not metric:
        raise ValueError(f"a metric named {metric.name!r} is already registered")
    for alias in metric.aliases:
        holder = _REGISTRY.get(alias) or _ALIASES.get(alias)
        if holder is not None and holder is not metric and holder.name != metric.name:
            raise ValueError(f"alias {alias!r} of {metric.name!r} is already the name of {holder.name!r}")
    _REGISTRY[metric.name] = metric
    for alias in metric.aliases:
        _ALIASES[alias] = metric
    return metric


def unregister(name: str) -> None:
    """Remove a registered metric (for tests that define their own)."""
    metric = _REGISTRY.pop(name, None)
    for alias in getattr(metric, "aliases", ()):
        if _ALIASES.get(alias) is metric:
            del _ALIASES[alias]


def metric_names() -> tuple[str, ...]:
    """The registered metrics' names, in registration order."""
    _load_builtins()
    return tuple(_REGISTRY)


def get_metric(name: object) -> Metric:
    """The metric registered as ``name``: TypeError for a non-str, ValueError naming the
    registered metrics for an unknown one."""
    _load_builtins()
    if not isinstance(name, str):
        raise TypeError(f"metric must be a str, one of {', '.join(_REGISTRY)}; got {type(name).__name__}")
    try:
        return _REGISTRY[name] if name in _REGISTRY else _ALIASES[name]
    except KeyError:
        raise ValueError(f"unknown metric {name!r}: expected one of {', '.join(_REGISTRY)}") from None
