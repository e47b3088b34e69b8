"""Putting a contract module under the import path a course's tests use.

``installed(provider, path)`` imports ``provider`` (a module of
``bleuprint.mutants.contracts``, or any module a teacher names) and, for the duration of
the block, registers it in ``sys.modules`` as ``path`` (``tinyllm.eval.seqmetrics``),
with empty parent packages (``tinyllm``, ``tinyllm.eval``) where none exists, each holding
its child as an attribute: ``import tinyllm.eval.seqmetrics``, ``from tinyllm.eval import
seqmetrics`` and ``from tinyllm.eval.seqmetrics import bleu_stats`` all reach it. Whatever
``sys.modules`` held under those names before is put back afterwards. A contract installed
so wins over a student's own package of the same name: the grade is of the tests, run
against the reference, never of the student's code.
"""

from __future__ import annotations

import importlib
import sys
import types
from contextlib import contextmanager
from typing import Iterator

_MISSING = object()


def check_path(path: str) -> str:
    """``path`` if it is a dotted module path (``a.b.c``); ValueError naming it otherwise."""
    parts = path.split(".")
    if not path or not all(part.isidentifier() for part in parts):
        raise ValueError(f"contract module path {path!r} is not a dotted Python module path such as tinyllm.eval.seqmetrics")
    return path


@contextmanager
def installed(provider: str, path: str) -> Iterator[types.ModuleType]:
    """Within the block, ``import path`` gives the module ``provider`` (module doc)."""
    module = importlib.import_module(provider)
    parts = check_path(path).split(".")
    names = [".".join(parts[:i + 1]) for i in range(len(parts))]
    saved = {name: sys.modules.get(name, _MISSING) for name in names}
    attributes = []
    try:
        for i, name in enumerate(names):
            if i == len(names) - 1:
                sys.modules[name] = module
            elif name not in sys.modules or saved[name] is _MISSING:
                package = types.ModuleType(name, f"bleuprint contract package for {path}")
                package.__path__ = []  # a namespace of its own: nothing below it is searched on disk
                sys.modules[name] = package
            if i:
                parent = sys.modules[names[i - 1]]
                attributes.append((parent, parts[i], getattr(parent, parts[i], _MISSING)))
                setattr(parent, parts[i], sys.modules[name])
        yield module
    finally:
        for parent, attribute, old in reversed(attributes):
            if old is _MISSING:
                try:
                    delattr(parent, attribute)
                except AttributeError:
                    pass
            else:
                setattr(parent, attribute, old)
        for name, old in saved.items():
            if old is _MISSING:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old
