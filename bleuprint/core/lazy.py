"""Public names of a package bound on first use (PEP 562), for ``bleuprint.spec`` and
``bleuprint.impl``: the metric folders' modules read those packages' shared modules, so the
packages must not import the folders back while they are being imported.

Besides the package's own table, each registered metric's ``api_names`` (``register``) are public
names of both packages, defined in the metric's ``spec`` and ``impl`` modules: a metric
written in its own folder is exported by declaring its names there, with no edit here.
"""

from __future__ import annotations

import importlib


def metric_api(layer: str) -> dict[str, str]:
    """``{name: module}`` of the registered metrics' ``api_names`` in ``layer`` ("spec" or
    "impl"): ``bleuprint.metrics.rouge`` declaring ``rouge`` gives ``{"rouge":
    "bleuprint.metrics.rouge.spec"}`` for the spec. Read from the registry's index where a
    metric is not imported yet: naming ``corpus_bleu`` imports no metric's folder."""
    from .registry import metric_api_names, metric_names

    found = {}
    for name in metric_names():
        api_names, module = metric_api_names(name)
        for api_name in api_names:
            found.setdefault(api_name, f"{module}.{layer}")
    return found


def lazy_names(namespace: dict, defined_in: dict, layer: str):
    """The module ``__getattr__`` and ``__dir__`` of a package whose ``namespace`` (its
    ``globals()``) gets each name of ``defined_in`` (name -> module that defines it), or of
    the metrics' ``api_names`` in ``layer``, on first use. ``__all__`` is the package's
    ``_NAMES`` followed by the metrics' names. A name in neither is an AttributeError, as
    for any module."""

    def __getattr__(name: str):
        if name == "__all__":
            return list(namespace["_NAMES"]) + sorted(set(metric_api(layer)) - set(namespace["_NAMES"]))
        module = defined_in.get(name)
        if module is None and not name.startswith("__"):
            module = metric_api(layer).get(name)
        if module is None:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(defined_in) | set(metric_api(layer)))

    return __getattr__, __dir__
