"""The scopes of the generated mutants, from the registry, and limiting a set of mutants,
planted or generated, to scopes of the spec.

A scope is one spec module, named by its metric folder (``bleuprint.metrics.chrf.spec``:
``chrf``) or, for a shared module of ``bleuprint.spec``, by its own name
(``bleuprint.spec.tokenizers``: ``tokenizers``). The scopes are read from the registry,
never listed by hand: for every registered metric, in registration order,

* the ``spec`` module beside its definition (``bleuprint/metrics/NAME/spec.py``);
* the modules of its ``spec_entry_points`` that are spec modules;
* the modules its folder's ``faults.py`` adds by ``spec_modules(definition)`` (the
  mutants' protocol, ``bleuprint.mutants.hooks``: how a
  metric tunes the mutants, beside its planted faults: BLEU adds the tokenizers it
  defines in ``bleuprint.spec``).

A metric registered anywhere (a test's, a plugin's) whose definition has a ``spec`` module
beside it gets its scope with no edit here. A generated mutant is in a scope when it
changes that module; a planted mutant when one of its targets is a function of that
module. The scopes apply to planted mutants too, so ``grade --scope chrf`` grades a suite
against chrF's planted faults only.
"""

from __future__ import annotations

import importlib.util
import re

from .hooks import mutant_hooks


def is_spec_module(name: str) -> bool:
    """Whether ``name`` is a module of the spec layer: ``bleuprint.spec`` and its modules,
    or a metric's ``spec`` module (``...NAME.spec``)."""
    return name == "bleuprint.spec" or name.startswith("bleuprint.spec.") or name.endswith(".spec")


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def metric_spec_modules(metric) -> list[str]:
    """The spec modules of one registered metric (module doc), each once, in order."""
    package = type(metric).__module__
    found = []
    if _exists(f"{package}.spec"):
        found.append(f"{package}.spec")
    hooks = mutant_hooks(metric)
    found += [target.partition(":")[0] for target in hooks.spec_entry_points()]
    found += list(hooks.spec_modules())
    return [m for m in dict.fromkeys(found) if is_spec_module(m) and _exists(m)]


def scope_name(module: str) -> str:
    """``bleuprint.metrics.chrf.spec``: ``chrf``; ``bleuprint.spec.tokenizers``:
    ``tokenizers``."""
    match = re.fullmatch(r"(?:.*\.)?(\w+)\.spec", module)
    return match.group(1) if match else module.rsplit(".", 1)[-1]


def spec_scopes() -> dict[str, str]:
    """Scope name -> spec module, for every registered metric (module doc). Two modules
    whose short names meet keep the first; the second is named by its full dotted name."""
    from ..core import get_metric, metric_names

    found: dict = {}
    for name in metric_names():
        for module in metric_spec_modules(get_metric(name)):
            if module in found.values():
                continue
            scope = scope_name(module)
            found[module if scope in found else scope] = module
    return found


def scope_modules(scopes) -> set[str]:
    """The spec modules the scopes name; ValueError naming an unknown scope."""
    known = spec_scopes()
    unknown = [s for s in scopes if s not in known]
    if unknown:
        raise ValueError(f"unknown scope(s) {', '.join(unknown)}: one of {', '.join(known)}")
    return {known[s] for s in scopes}


def in_scopes(mutants, scopes) -> list:
    """The mutants of ``mutants`` whose code is in one of ``scopes`` (module doc)."""
    modules = scope_modules(scopes)
    return [m for m in mutants if any(t.partition(":")[0] in modules for t in m.targets)]
