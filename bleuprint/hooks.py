"""How a tool reaches a metric's tuning of it (issue #34).

``bleuprint.core.Metric`` is the definition of a metric and nothing else. Every tool that
handles metrics (vectors, verify, mutants, reproduce, strategies, signatures, the inputs
of the command line) owns its *protocol*: the names it asks a metric for, each with its
default, in the tool's own ``hooks`` module (``bleuprint.vectors.hooks``, ...). A metric
tunes a tool by one module in its folder, ``bleuprint/metrics/NAME/<module>.py`` (the
protocol's ``module``: ``vectors.py`` for the vectors), that defines some of those names:

* a function takes the metric's definition first (its first parameter is named
  ``definition``) and then the hook's own arguments (``vector_corpora(definition)``,
  ``search_space(definition, hint="")``);
* a constant is a plain value (``claim_prefixes = ("BLEU",)``), or a function of the
  definition where it differs among the metrics of one folder (``golden(definition)``).

``protocol.of(metric)`` is the tool's view of one metric: each name the metric's own
override, else the tool's default, functions bound to the definition
(``vector_hooks(metric).vector_corpora()``). Overrides are found once per metric class and cached. A definition
made outside a package of its own (a test's metric) gives its overrides with
``protocol.tune(cls, **overrides)``.

A protocol may name a check that runs *first*, before a hook whatever the metric's
override (``first``): the inputs' protocol runs the empty-corpus rule before every
metric's ``check_inputs``, so an override cannot forget it.

A name the protocol does not know is refused, in ``tune`` and in the tests, which read
every ``metrics/NAME/<module>.py`` (``module_overrides``): a misspelt override would
otherwise be silently ignored.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import sys
import types

__all__ = ["Hooks", "Protocol", "defined_overrides", "protocols"]

#: The modules that hold a tool's protocol (each defines one ``Protocol``), read by
#: ``protocols`` and the tests.
TOOL_HOOKS = ("bleuprint.vectors.hooks", "bleuprint.strategies", "bleuprint.mutants.hooks", "bleuprint.verify_hooks",
              "bleuprint.oracles.hooks", "bleuprint.reproduce.hooks", "bleuprint.spec.signature",
              "bleuprint.spec.inputs", "bleuprint.spec.significance", "bleuprint.cli.hooks",
              "bleuprint.impl.hooks")


def protocols() -> list:
    """Every tool's ``Protocol`` (``TOOL_HOOKS``)."""
    found = []
    for name in TOOL_HOOKS:
        module = importlib.import_module(name)
        found.extend(value for value in vars(module).values() if isinstance(value, Protocol))
    return found


class Protocol:
    """One tool's hooks (module doc): ``defaults`` maps each name to its default (a
    function taking the metric first, or a constant); ``module`` is the name of the
    module in a metric's folder that tunes this tool; ``first`` maps a hook's name to a check
    ``check(definition, *args, **kwargs)`` run before the hook, overridden or not."""

    def __init__(self, tool: str, module: str, defaults: dict, first: dict | None = None) -> None:
        self.tool = tool
        self.module = module
        self.defaults = dict(defaults)
        self.first = dict(first or {})
        self._check(self.first, f"the {tool} protocol's first checks")
        self._found: dict[type, dict] = {}
        self._tuned: dict[type, dict] = {}

    def names(self) -> frozenset:
        """The names this protocol knows."""
        return frozenset(self.defaults)

    def tune(self, cls: type, **overrides) -> None:
        """Overrides for the metrics of class ``cls`` (and its subclasses) that live
        outside a package of their own; TypeError for a name the protocol does not know."""
        self._check(overrides, f"{cls.__qualname__}'s {self.tool} overrides")
        self._tuned[cls] = {**self._tuned.get(cls, {}), **overrides}
        self._found.clear()

    def overrides(self, metric) -> dict:
        """The names ``metric`` (a definition) overrides, with their values."""
        cls = type(metric)
        found = self._found.get(cls)
        if found is None:
            found = {}
            for base in reversed(cls.__mro__):  # a subclass's own overrides win
                module = self.override_module(base)
                if module is not None:
                    found.update({name: getattr(module, name) for name in self.defaults if hasattr(module, name)})
                found.update(self._tuned.get(base, {}))
            self._found[cls] = found
        return found

    def override_module(self, cls: type):
        """``<the package that defines cls>.<module>`` where it exists, else None."""
        home = sys.modules.get(cls.__module__)
        if home is None or not hasattr(home, "__path__"):
            return None
        name = f"{cls.__module__}.{self.module}"
        if importlib.util.find_spec(name) is None:
            return None
        return importlib.import_module(name)

    def of(self, metric) -> Hooks:
        """The tool's view of ``metric`` (a definition, or a configured value's)."""
        metric = getattr(metric, "definition", metric)
        return Hooks(self, metric)

    def _check(self, overrides: dict, where: str) -> None:
        unknown = sorted(set(overrides) - self.names())
        if unknown:
            raise TypeError(f"{where}: {', '.join(unknown)} not among the {self.tool} hooks "
                            f"({', '.join(sorted(self.names()))})")


class Hooks:
    """A protocol bound to one metric: ``hooks.name`` is the metric's override or the
    default, a function bound to the metric."""

    __slots__ = ("_protocol", "metric")

    def __init__(self, protocol: Protocol, metric) -> None:
        self._protocol = protocol
        self.metric = metric

    def __getattr__(self, name: str):
        protocol = self._protocol
        overrides = protocol.overrides(self.metric)
        if name not in protocol.defaults:
            raise AttributeError(f"{name!r} is not one of the {protocol.tool} hooks")
        default = protocol.defaults[name]
        value = overrides.get(name, default)
        if not inspect.isfunction(value):
            return value
        if not inspect.isfunction(default):  # a constant computed from the definition
            return value(self.metric)
        first = protocol.first.get(name)
        if first is None:
            return types.MethodType(value, self.metric)
        return types.MethodType(_checked_first(first, value), self.metric)


def _checked_first(first, hook):
    """``hook`` preceded by the check ``first`` (``Protocol``'s ``first``)."""

    def checked(definition, *args, **kwargs):
        first(definition, *args, **kwargs)
        return hook(definition, *args, **kwargs)

    checked.__name__ = checked.__qualname__ = hook.__name__
    checked.__doc__ = hook.__doc__
    return checked


def defined_overrides(path) -> set:
    """The names a metric's tool module (the file at ``path``) defines as overrides: its
    public functions whose first parameter is ``definition``, and its public lower-case
    module-level assignments (upper-case names are the module's own constants, helpers
    are private or take other arguments). Read from the source, so that a name imported
    into the module does not count."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args.posonlyargs + node.args.args
            if not node.name.startswith("_") and args and args[0].arg == "definition":
                names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and not target.id.startswith("_") and target.id.islower():
                    names.add(target.id)
    return names
