"""Switching one planted mutant on and off in-process, without editing files on disk.

A mutant replaces one or more functions of ``bleuprint.spec``. Replacing a module
attribute is not enough: ``from bleuprint.spec import corpus_bleu`` in a test module, or a
name imported by another spec module, keeps the original function object. So the switch
swaps the *code object* of the original function for a trampoline that calls the
replacement; every reference to the function, however it was imported, then runs the
mutant. Leaving the context restores the original code, defaults and globals exactly.

The replacement receives the original function (a pristine copy) so that a mutant can
wrap it instead of re-stating it.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import types
from contextlib import contextmanager
from typing import Callable, Iterator

_counter = itertools.count()


def resolve(target: str) -> tuple[types.ModuleType, str, types.FunctionType]:
    """``"bleuprint.metrics.bleu.spec:clipped_matches"`` -> (module, name, function).

    The part after the colon may be a dotted qualified name, ``"module:Class.method"``
    (a metric's methods, which ``bleuprint.mutants.hooks.spec_entry_points`` names so); the function is
    then the one the class attribute holds, shared by every instance."""
    module_name, _, qualname = target.partition(":")
    module = importlib.import_module(module_name)
    function = module
    for part in qualname.split("."):
        try:
            function = getattr(function, part)
        except AttributeError:
            raise AttributeError(f"mutant target {target}: {module_name} has no {qualname}") from None
    if hasattr(function, "cache_clear") and isinstance(getattr(function, "__wrapped__", None), types.FunctionType):
        function = function.__wrapped__
    if not isinstance(function, types.FunctionType):
        raise TypeError(f"mutant target {target} is not a plain function")
    return module, qualname, function


def cached(target: str):
    """The ``functools.cache`` wrapper that ``target`` names, or None: its results were
    computed by the function the switch changes, so they are dropped when a mutant is
    switched on and again when it is switched off."""
    module_name, _, qualname = target.partition(":")
    holder = importlib.import_module(module_name)
    for part in qualname.split("."):
        holder = getattr(holder, part, None)
    return holder if hasattr(holder, "cache_clear") else None


def pristine_copy(function: types.FunctionType) -> types.FunctionType:
    """A new function object with the same code, globals, defaults and closure."""
    copy = types.FunctionType(function.__code__, function.__globals__, function.__name__,
                              function.__defaults__, function.__closure__)
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__dict__.update(function.__dict__)
    return copy


def _trampoline_code(slot: str, freevars: tuple = ()) -> types.CodeType:
    """Code of ``def f(*args, **kwargs): return <slot>(*args, **kwargs)``, where ``slot`` is
    a global of the target's module set to the replacement. A function's code can only be
    swapped for code with the same free variables (a method calling ``super()`` has the
    cell ``__class__``), so the trampoline names ``freevars`` too, and ignores them."""
    lines = ["def outer():", *(f"    {name} = None" for name in freevars),
             "    def trampoline(*args, **kwargs):", *(f"        {name}" for name in freevars),
             f"        return {slot}(*args, **kwargs)", "    return trampoline"]
    namespace: dict = {}
    exec(compile("\n".join(lines) + "\n", "<bleuprint mutant>", "exec"), namespace)
    code = namespace["outer"]().__code__
    if code.co_freevars != tuple(freevars):  # a free variable named args or kwargs
        raise TypeError(f"cannot switch a function whose free variables are {', '.join(freevars)}")
    return code


@contextmanager
def replaced(patches: dict[str, Callable[[types.FunctionType], Callable]]) -> Iterator[None]:
    """Within the block, each target ``"module:function"`` (or ``"module:Class.method"``)
    runs ``factory(original)``.

    ``patches`` maps a target to a factory that receives a pristine copy of the original
    function and returns the replacement callable.
    """
    saved, caches = [], [c for c in map(cached, patches) if c is not None]
    try:
        for cache in caches:
            cache.cache_clear()
        for target, factory in patches.items():
            module, _, function = resolve(target)
            replacement = factory(pristine_copy(function))
            slot = f"__bleuprint_mutant_{next(_counter)}__"
            function.__globals__[slot] = replacement
            saved.append((function, function.__code__, function.__defaults__, function.__kwdefaults__, slot))
            # Keep what inspect.signature reports (API-parity tests read it).
            function.__signature__ = inspect.signature(function)
            function.__code__ = _trampoline_code(slot, function.__code__.co_freevars)
            function.__defaults__ = None
            function.__kwdefaults__ = None
        yield
    finally:
        for function, code, defaults, kwdefaults, slot in reversed(saved):
            function.__code__ = code
            function.__defaults__ = defaults
            function.__kwdefaults__ = kwdefaults
            function.__globals__.pop(slot, None)
            function.__dict__.pop("__signature__", None)
        for cache in caches:
            cache.cache_clear()
