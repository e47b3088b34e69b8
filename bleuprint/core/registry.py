"""The registry of metrics: each metric is registered once, by name, and every consumer
finds it here. The built-in metrics are made known on the first look-up by the loaders
given to ``add_loader`` (the package ``bleuprint`` gives the one that reads
``bleuprint.metrics``' index): core names no metric, and importing this module loads none.

A metric in an index (``add_index``) is known by its name, aliases and public names before
its module is imported: ``metric_names()`` lists it and the first ``get_metric`` of it (or
of one of its aliases) imports its module, which registers it. So a first look-up of
``bleu`` loads BLEU's folder and no other metric's.

A metric's names are the registry's, not its definition's: its aliases (other names
``get_metric`` and the CLI's ``-m`` accept, never listed: ``meteor-nltk``) and its public
names (its own one-call functions, which ``bleuprint.spec``, ``bleuprint.impl`` and
``bleuprint`` export: each defined, with the same signature, in its ``spec`` and ``impl``
modules) come from its index line, or from ``register``'s arguments for a metric outside
an index."""

from __future__ import annotations

import importlib
import inspect
import keyword

from .metric import Metric

#: The metrics by name, in listing order; None for a metric of an index whose module has
#: not been imported yet (``_INDEX`` names the module).
_REGISTRY: dict[str, Metric | None] = {}
#: Other names of registered metrics (module doc): looked up, never listed.
_ALIASES: dict[str, Metric] = {}
#: The registered metrics' names beside their own: name -> (aliases, api_names).
_NAMES: dict[str, tuple] = {}
#: The metrics of an index not imported yet: name -> (module, aliases, api_names).
_INDEX: dict[str, tuple] = {}
#: Their aliases: alias -> name.
_INDEX_ALIASES: dict[str, str] = {}
_BUILTINS_LOADED = False
#: Functions run once, before the first look-up, that register (or index) the built-in metrics.
_LOADERS: list = []


def add_loader(loader) -> None:
    """Run ``loader()`` (which registers metrics) before the first look-up; at once if the
    registry was looked up already."""
    _LOADERS.append(loader)
    if _BUILTINS_LOADED:
        loader()


def _load_builtins() -> None:
    global _BUILTINS_LOADED
    if not _BUILTINS_LOADED:
        _BUILTINS_LOADED = True
        for loader in list(_LOADERS):
            loader()


def add_index(entries) -> None:
    """Make known the metrics of ``entries``, ``(name, module, aliases, api_names)`` each in
    listing order, without importing ``module``, which registers the metric named ``name``
    (with those ``aliases`` and ``api_names``) when it is imported: the first look-up of
    the name or of an alias imports it. A name already registered is left as it is."""
    for name, module, aliases, api_names in entries:
        if name in _REGISTRY:
            continue
        _REGISTRY[name] = None
        _INDEX[name] = (module, tuple(aliases), tuple(api_names))
        for alias in aliases:
            _INDEX_ALIASES.setdefault(alias, name)


def _import_indexed(name: str) -> Metric:
    """The metric of the index named ``name``, its module imported (which registers it)."""
    module = _INDEX[name][0]
    importlib.import_module(module)
    metric = _REGISTRY.get(name)
    if metric is None:
        raise RuntimeError(f"the metric index says that importing {module} registers {name!r}, but it did not")
    return metric


def _is_indexed(name: str) -> bool:
    """Whether ``name`` is a metric of the index whose module is not imported yet."""
    return name in _INDEX and _REGISTRY.get(name, False) is None


def register(metric: Metric, *, aliases: tuple = (), api_names: tuple = (), replace: bool = False) -> Metric:
    """Register ``metric`` under ``metric.name``, with its ``aliases`` and public names
    ``api_names`` (module doc); a metric of an index takes them from its index line (given
    here too, they must be the same), one that replaces a metric of its name keeps that
    one's unless others are given. A second metric of that name is a ValueError unless
    ``replace``. Returns the metric (usable as a class decorator's result)."""
    if isinstance(metric, type) and issubclass(metric, Metric):
        metric = metric()
    if not isinstance(metric, Metric):
        raise TypeError(f"can only register a Metric, got {type(metric).__name__}")
    if not metric.name or not isinstance(metric.name, str):
        raise ValueError("a metric needs a non-empty name")
    check_option_names(metric)
    _load_builtins()
    aliases, api_names = _given_names(metric.name, tuple(aliases), tuple(api_names))
    _settle_index(metric, aliases)
    if _REGISTRY.get(metric.name) is not None and not replace and _REGISTRY[metric.name] is not metric:
        raise ValueError(f"a metric named {metric.name!r} is already registered")
    for alias in aliases:
        holder = _REGISTRY.get(alias) or _ALIASES.get(alias)
        if holder is not None and holder is not metric and holder.name != metric.name:
            raise ValueError(f"alias {alias!r} of {metric.name!r} is already the name of {holder.name!r}")
    for alias in _NAMES.get(metric.name, ((), ()))[0]:  # the names of the metric it replaces
        if _ALIASES.get(alias) is _REGISTRY.get(metric.name):
            del _ALIASES[alias]
    _REGISTRY[metric.name] = metric
    _NAMES[metric.name] = (aliases, api_names)
    _INDEX.pop(metric.name, None)
    for alias in aliases:
        _ALIASES[alias] = metric
        if _INDEX_ALIASES.get(alias) == metric.name:
            del _INDEX_ALIASES[alias]
    return metric


def _given_names(name: str, aliases: tuple, api_names: tuple) -> tuple:
    """``(aliases, api_names)`` of the metric ``name`` being registered: its index line's
    for a metric of an index, else those given (none given to a metric that replaces one
    of its name: the names of the one it replaces)."""
    if name not in _INDEX:
        if not aliases and not api_names and name in _NAMES:
            return _NAMES[name]
        return aliases, api_names
    _, indexed_aliases, indexed_api_names = _INDEX[name]
    if (aliases and aliases != indexed_aliases) or (api_names and api_names != indexed_api_names):
        raise ValueError(f"{name}: the names given to register differ from the metric index's")
    return indexed_aliases, indexed_api_names


def _settle_index(metric: Metric, aliases: tuple) -> None:
    """Before ``metric`` is registered, import the metrics of the index that its name or
    ``aliases`` meet (but those of the module registering it: they are being registered),
    so that it is checked against them as against any registered metric."""
    for name in (metric.name, *aliases, *(_INDEX_ALIASES.get(alias) for alias in aliases)):
        if name and _is_indexed(name) and _INDEX[name][0] != type(metric).__module__:
            _import_indexed(name)


def hook_parameters() -> frozenset:
    """The names an option may not take: every parameter of a ``Metric`` hook that also
    receives the metric's options as keywords (``segment_stats(hyp, refs, **stats_options)``,
    ``batch_scores(sums, n_segments, float32, **options)``, ``stats_matrix(hyps, refs,
    context=None, **stats_options)``, ...), read from the hooks' signatures, so a hook added later is
    covered. In such a call an option and the hook's own parameter share one namespace: an
    option named ``refs`` could not be passed, or would be taken for the references.

    The generic functions and tools (``metric_ci``, the paired tests, ...) are not among
    them: they take the metric as one value (``bleuprint.core.value``) and no option beside
    their own parameters, so an option may share a name with any of their parameters
    (``alpha``, ``n``, ``seed``, ``rng``): the value carries it, and no call reads it as
    theirs.

    The tools' own hooks (``bleuprint.hooks``: ``vector_intermediates(definition, hyps,
    refs, **options)``, ...) take the definition first, as ``definition``: that name is
    reserved with the others (the tests hold every tool hook's parameters to this set)."""
    names = {"definition"}
    for attribute in dir(Metric):
        if attribute.startswith("__"):
            continue
        hook = getattr(Metric, attribute)
        if not inspect.isfunction(hook):
            continue
        parameters = inspect.signature(hook).parameters.values()
        if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
            names.update(p.name for p in parameters
                         if p.kind not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL))
    return frozenset(names)


def check_option_names(metric: Metric) -> None:
    """ValueError naming the options of ``metric`` whose names could be mistaken for
    something else: not a Python identifier (it could not be passed as a keyword), a
    Python keyword, a private name (``_x``), a name given to two options, or a parameter
    of the hooks that receive the options as keywords (``hook_parameters``)."""
    reserved = hook_parameters()
    names = [option.name for option in metric.options]
    bad = sorted({name for name in names if not isinstance(name, str) or not name.isidentifier()
                  or keyword.iskeyword(name) or name.startswith("_") or name in reserved or names.count(name) > 1},
                 key=str)
    if bad:
        raise ValueError(f"{metric.name}: option name(s) {', '.join(map(repr, bad))} could be mistaken for a parameter "
                         f"of the metric's hooks ({', '.join(sorted(reserved))}) or are not distinct Python "
                         f"identifiers: rename them")


def unregister(name: str) -> None:
    """Remove a registered metric (for tests that define their own)."""
    metric = _REGISTRY.pop(name, None)
    for alias in _NAMES.pop(name, ((), ()))[0]:
        if _ALIASES.get(alias) is metric:
            del _ALIASES[alias]
    for alias in _INDEX.pop(name, (None, ()))[1]:
        if _INDEX_ALIASES.get(alias) == name:
            del _INDEX_ALIASES[alias]


def metric_names() -> tuple[str, ...]:
    """The registered metrics' names, in registration order (the built-in ones first, in
    their index's order, imported or not)."""
    _load_builtins()
    return tuple(_REGISTRY)


def metric_aliases(name: str) -> tuple[str, ...]:
    """The aliases of the metric registered as ``name`` (module doc), read from the index
    for a metric not imported yet, without importing it."""
    _load_builtins()
    if _is_indexed(name):
        return _INDEX[name][1]
    return _NAMES[get_metric(name).name][0]


def metric_api_names(name: str) -> tuple[tuple[str, ...], str]:
    """``(api_names, module)`` of the metric registered as ``name`` (its public names, module
    doc, and the module that defines its class), read from the index for a metric not
    imported yet, without importing it."""
    _load_builtins()
    if _is_indexed(name):
        module, _, api_names = _INDEX[name]
        return api_names, module
    metric = get_metric(name)
    return _NAMES[metric.name][1], type(metric).__module__


def get_metric(name: object) -> Metric:
    """The metric registered as ``name``: TypeError for a non-str, ValueError naming the
    registered metrics for an unknown one."""
    _load_builtins()
    if not isinstance(name, str):
        raise TypeError(f"metric must be a str, one of {', '.join(_REGISTRY)}; got {type(name).__name__}")
    if name not in _REGISTRY and name not in _ALIASES and name in _INDEX_ALIASES:
        name = _INDEX_ALIASES[name]
    try:
        metric = _REGISTRY[name] if name in _REGISTRY else _ALIASES[name]
        return _import_indexed(name) if metric is None else metric
    except KeyError:
        raise ValueError(f"unknown metric {name!r}: expected one of {', '.join(_REGISTRY)}") from None
