"""Public names of a package bound on first use (PEP 562), for ``bleuprint.spec`` and
``bleuprint.impl``: the metric folders' modules read those packages' shared modules, so the
packages must not import the folders back while they are being imported."""

from __future__ import annotations

import importlib


def lazy_names(namespace: dict, defined_in: dict):
    """The module ``__getattr__`` and ``__dir__`` of a package whose ``namespace`` (its
    ``globals()``) gets each name of ``defined_in`` (name -> module that defines it) on first
    use; a name not there is an AttributeError, as for any module."""

    def __getattr__(name: str):
        try:
            module = defined_in[name]
        except KeyError:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(defined_in))

    return __getattr__, __dir__
