"""bleuprint: an executable, auditable reference for text-generation metrics.

``import bleuprint`` gives the fast implementation (``bleuprint.impl``): every public name
of the specification ``bleuprint.spec``, same signatures, same results. ``bleuprint.spec``
is the literal specification; ``bleuprint.oracles`` holds the outside references it is
checked against (sacreBLEU 2.5.1 and golden fixtures generated from it).

The top level is lazy (PEP 562 module ``__getattr__``): ``import bleuprint`` loads neither
``bleuprint.impl`` nor numpy. The first use of one of impl's public names
(``bleuprint.corpus_bleu``, ``from bleuprint import corpus_bleu``, ``from bleuprint import
*``, ``bleuprint.__all__``, ``dir(bleuprint)``) imports ``bleuprint.impl``; so
``import bleuprint.spec`` stays free of numpy and of the compiled kernels.
"""

import importlib
import importlib.util

from .core import registry as _registry


def _load_metrics() -> None:
    """Make the built-in metrics known to the registry (``bleuprint.metrics.INDEX``: each
    folder is imported, and registers its metrics, when one of them is first looked up);
    the registry runs this before its first look-up. Named here, at the package's root, so
    that ``bleuprint.core`` names no metric."""
    _registry.add_index(importlib.import_module(f"{__name__}.metrics").index_entries())


_registry.add_loader(_load_metrics)


def _distribution_version() -> str:
    """The installed distribution's version (pyproject.toml is its one source)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bleuprint")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def __getattr__(name: str):
    if name == "__version__":
        value = _distribution_version()
    elif name == "__all__":
        value = list(importlib.import_module(".impl", __name__).__all__)
    elif name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    elif importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f".{name}", __name__)  # a subpackage: bleuprint.spec, ...
    else:
        impl = importlib.import_module(".impl", __name__)
        if name not in impl.__all__:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(impl, name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(__getattr__("__all__")))
