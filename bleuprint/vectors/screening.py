"""Screening (mutant, vector) pairs before the kill matrix runs them: a shortcut that
changes no verdict of ``adequacy.kill_matrix``, only its cost.

Each vector is evaluated once on the real spec with every mutant target wrapped by a
recorder (``record_calls``), which keeps each call of a target: a copy of its arguments
before the call, its outcome (the value returned, or the exception's type and message)
and a copy of its arguments after it. Under a mutant, ``cannot_differ`` calls the
mutated targets again on the recorded arguments: when each gives the recorded outcome and
leaves its arguments as the real function did, the vector's evaluation under the mutant
is the real one step for step (up to the first call of a mutated target everything is
the same; that call gets the same arguments and gives the same result; and so on), so
the vector passes, as it does on the real spec, and the mutant survives it without being
run. Otherwise the vector is evaluated in full (a changed value may still be masked later).

The argument holds for deterministic functions of their arguments, so the shortcut is
left out (the vector is evaluated in full) wherever it might not: a value that is not
plain data (numbers, strings, None, lists, tuples, dicts, numpy arrays; not a metric
object as ``self``, a generator, a set, whose copy may iterate in another order), a
mutant with a cached target (``functools.cache``: calls hidden by the cache are not
recorded), a vector with more than ``MAX_CALLS`` calls. Equality is strict: same types,
floats by ``repr`` (so ``-0.0`` is not ``0.0``), containers in the same order, numpy
arrays of the same dtype and shape.
"""

from __future__ import annotations

import collections
from itertools import chain

#: A vector whose evaluation calls the targets more often than this is not screened.
MAX_CALLS = 5_000
#: A recorded value that is not plain data.
OPAQUE = object()

_IMMUTABLE = (str, int, bool, type(None), bytes, float)


class _Opaque(Exception):
    pass


def _copy(value):
    """A copy of plain ``value`` that shares its immutable parts (the value itself when it
    has no mutable part); _Opaque for anything else (a set too: a copy may iterate in
    another order). The common kinds are tried first, without a call per item where the
    items are immutable scalars (``_flat``): this runs on every argument of every recorded call."""
    kind = type(value)
    if kind in _IMMUTABLE_TYPES:
        return value
    if kind is list:
        return value[:] if _flat(value) else [_copy(item) for item in value]
    if kind is tuple:
        if _flat(value):
            return value
        items = [_copy(item) for item in value]
        return value if all(a is b for a, b in zip(items, value)) else tuple(items)
    if kind is dict or kind is collections.Counter or kind is collections.OrderedDict:
        if _flat(value.values()) and _flat_keys(value):
            # a shallow copy is a whole one: no part can change
            if kind is collections.Counter:
                out = kind()
                dict.update(out, value)  # what Counter(value) does for an empty Counter
                return out
            return kind(value)
        out = kind()
        for key, item in value.items():
            out[_copy(key)] = _copy(item)
        return out
    numpy = _numpy()
    if isinstance(value, numpy.generic) and kind is not numpy.object_:
        return value
    if kind is numpy.ndarray and value.dtype != object:
        return value.copy()
    raise _Opaque


_IMMUTABLE_TYPES = frozenset(_IMMUTABLE)
_NUMPY: list = []


def _numpy():
    if not _NUMPY:
        import numpy

        _NUMPY.append(numpy)
    return _NUMPY[0]


def _flat(items) -> bool:
    """Whether every item is of an immutable scalar type (``_IMMUTABLE``), checked in C:
    the common lists of tokens and counts, copied without a call per item."""
    return _IMMUTABLE_TYPES.issuperset(map(type, items))


def _flat_keys(mapping) -> bool:
    """Whether every key of ``mapping`` is an immutable scalar or a tuple of them (the
    n-gram counts), checked in C."""
    if _flat(mapping):
        return True
    return set(map(type, mapping)) == {tuple} and _flat(chain.from_iterable(mapping))


def snapshot(value):
    """A copy of ``value`` if it is plain data (module doc), else ``OPAQUE``."""
    try:
        return _copy(value)
    except _Opaque:
        return OPAQUE


def _arguments(args: tuple, kwargs: dict):
    """``(copy of (args, kwargs), mutable)``, or ``(OPAQUE, True)``."""
    try:
        copied = (_copy(args), {key: _copy(value) for key, value in kwargs.items()})
    except _Opaque:
        return OPAQUE, True
    mutable = copied[0] is not args or any(copied[1][key] is not value for key, value in kwargs.items())
    return copied, mutable


def same(a, b) -> bool:
    """Strict equality of plain data (module doc); False for anything else."""
    import numpy

    if type(a) is not type(b):
        return False
    if isinstance(a, numpy.ndarray):
        return a.dtype == b.dtype and a.shape == b.shape and numpy.array_equal(a, b)
    if isinstance(a, (float, numpy.generic)):
        return repr(a) == repr(b)
    if isinstance(a, _IMMUTABLE):
        return a == b
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return len(a) == len(b) and all(same(ka, kb) and same(va, vb)
                                        for (ka, va), (kb, vb) in zip(a.items(), b.items()))
    return False


def _recorder(target: str, calls: list):
    def factory(original):
        def recorded(*args, **kwargs):
            if len(calls) >= MAX_CALLS:
                # the vector is past screening (``record_calls``): its calls are only counted
                # and named (the targets it reaches), not copied
                try:
                    return original(*args, **kwargs)
                finally:
                    calls.append((target, OPAQUE, True, ("return", OPAQUE), OPAQUE))
            before, mutable = _arguments(args, kwargs)
            try:
                result = original(*args, **kwargs)
            except Exception as error:
                # the arguments after the call, where the function could have changed them
                calls.append((target, before, mutable, ("raise", type(error), str(error)),
                              _arguments(args, kwargs)[0] if mutable else None))
                raise
            calls.append((target, before, mutable, ("return", snapshot(result)),
                          _arguments(args, kwargs)[0] if mutable else None))
            return result
        return recorded
    return factory


def record_calls(files: dict, targets, evaluate, vectors, only=None) -> tuple[dict, dict]:
    """``(reached, calls)`` over every vector of ``files`` evaluated on the real spec
    (``evaluate``, ``vectors``: ``adequacy``'s): ``reached[key]`` the frozenset of
    ``targets`` the vector calls, ``calls[key]`` its recorded calls (None where there are
    more than ``MAX_CALLS``, or where the real spec fails the vector). ``only``: the keys
    to record (default every vector), when a worker screens a share of them."""
    from ..mutants.switch import replaced

    calls: list = []
    reached, recorded = {}, {}
    with replaced({target: _recorder(target, calls) for target in sorted(targets)}):
        for key, document, group, test in vectors(files):
            if only is not None and key not in only:
                continue
            calls.clear()
            passed = evaluate(document, group, test) is None
            reached[key] = frozenset(target for target, *_ in calls)
            # a vector the real spec fails is never cleared: "the same run" would be a kill
            recorded[key] = list(calls) if passed and len(calls) <= MAX_CALLS else None
    return reached, recorded


def screenable(mutant) -> bool:
    """Whether ``mutant`` may be screened: none of its targets is cached (module doc)."""
    from ..mutants.switch import cached

    return not any(cached(target) is not None for target in mutant.targets)


def _call_key(call) -> bytes | None:
    """The bytes that identify a recorded call (target, arguments before, outcome, arguments
    after) exactly: pickle keeps every type (``1``, ``1.0`` and ``True``; a list and a
    tuple; a Counter and a dict) and every float's bits, so two calls with the same key
    are the same call. None when it cannot be pickled."""
    import pickle

    target, before, _, outcome, after = call
    try:
        return pickle.dumps((target, before, outcome, after), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # an exception type or value pickle does not take: no memo for it
        return None


_NO_KEY = object()


def resolved(targets) -> dict:
    """``{target: the function now in its place}`` (under the mutant switched on)."""
    from ..mutants.switch import resolve

    return {target: resolve(target)[2] for target in targets}


def cannot_differ(calls: list | None, targets, memo: dict | None = None, functions: dict | None = None,
                  keys: dict | None = None) -> bool:
    """Whether, with the mutant of ``targets`` switched on, every recorded call of one of
    its targets gives the recorded outcome and leaves its arguments as recorded (module
    doc); False where that cannot be told (None: not recorded; a value not plain).

    ``memo`` (a dict kept by the caller for one mutant) remembers the calls found to give
    the recorded outcome: the same call recorded again (the same sentence tokenized by
    the statistics, the score and the one-call function, in every option family's file)
    is not run again. The targets are deterministic functions of their arguments (module
    doc), so the same call gives the same answer under the same mutant.

    ``functions``: ``{target: the function now in its place}`` of ``targets``, resolved once
    per mutant by the caller (default: resolved here); ``keys``: the calls' memo keys by
    ``id`` of the call (kept by the caller while ``calls`` live, across mutants: a recorded
    call is never changed, so its key is computed once)."""
    if calls is None:
        return False
    if functions is None:
        functions = resolved(targets)
    for call in calls:
        target, before, mutable, outcome, after = call
        if target not in functions:
            continue
        if before is OPAQUE or after is OPAQUE or (outcome[0] == "return" and outcome[1] is OPAQUE):
            return False
        if memo is None:
            key = None
        elif keys is None:
            key = _call_key(call)
        else:
            key = keys.get(id(call), _NO_KEY)
            if key is _NO_KEY:
                key = keys[id(call)] = _call_key(call)
        if key is not None and key in memo:
            continue
        args, kwargs = (_copy(before[0]), {k: _copy(v) for k, v in before[1].items()}) if mutable else before
        try:
            result = functions[target](*args, **kwargs)
        except Exception as error:
            if outcome != ("raise", type(error), str(error)):
                return False
        else:
            if outcome[0] != "return" or not same(outcome[1], result):
                return False
        if mutable and not same(after, (args, kwargs)):
            return False
        if key is not None:
            memo[key] = True
    return True
