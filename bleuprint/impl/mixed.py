"""Element-wise arithmetic in the scalar types of sacreBLEU's scorers, for impl's
vectorised scorers (``bleu_scores``, ``chrf_scores``, ``ter_scores``).

sacreBLEU scores a bootstrap resample on ``numpy.float32`` sums and a corpus on Python
numbers, and its scorers mix the two (a Python float constant meets a float32 count; a
0.0 branch returns a Python float). ``Mixed`` carries an array of such values (a column,
or a table of rows): ``value`` (float64, holding each value exactly) and ``is32`` (whether
each one is a float32).
Operations follow NumPy >= 2's rules (NEP 50): float32 with float32, or with a Python
number, is float32 arithmetic (the Python number rounded to float32 first); Python with
Python is double. IEEE arithmetic is element-wise, so a float32 (or float64) operation
on arrays gives, element by element, what the scalar operation gives.

``is32`` is a plain ``bool`` when it is the same for every element (a whole batch in one
arithmetic, the common case, costs one numpy operation per step), else a bool array.
"""

from __future__ import annotations

import math

import numpy as np

from . import native


def _uniform(is32):
    """``is32`` as a bool when all its elements agree, else as a bool array."""
    if isinstance(is32, (bool, np.bool_)):
        return bool(is32)
    is32 = np.asarray(is32, dtype=bool)
    if is32.ndim == 0 or not is32.any():
        return bool(is32.any())
    if is32.all():
        return True
    return is32


class Mixed:
    """Values that are Python numbers or numpy float32 scalars, element-wise (module doc)."""

    __slots__ = ("value", "is32")

    def __init__(self, value, is32=False):
        self.value = np.asarray(value, dtype=np.float64)
        self.is32 = _uniform(is32)

    @classmethod
    def _new(cls, value: np.ndarray, is32) -> "Mixed":
        """A ``Mixed`` of a float64 array (or scalar) and an ``is32`` already in the
        form ``_uniform`` gives (the operations' results; no conversion)."""
        made = object.__new__(cls)
        made.value, made.is32 = value, is32
        return made

    @staticmethod
    def of(x) -> "Mixed":
        """``x`` itself if a ``Mixed``, else the Python number ``x`` (broadcast in operations)."""
        return x if isinstance(x, Mixed) else Mixed._new(np.float64(x), False)

    def _op(self, other, op) -> "Mixed":
        other = Mixed.of(other)
        a, b = self.is32, other.is32
        if a is False and b is False:  # double arithmetic only
            return Mixed._new(op(self.value, other.value), False)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            narrow = op(self.value.astype(np.float32), other.value.astype(np.float32)).astype(np.float64)
        if a is True or b is True:  # float32 arithmetic only
            return Mixed._new(narrow, True)
        is32 = np.logical_or(a, b)
        return Mixed._new(np.where(is32, narrow, op(self.value, other.value)), _uniform(is32))

    def __add__(self, other):
        return self._op(other, np.add)

    def __mul__(self, other):
        return self._op(other, np.multiply)

    def __truediv__(self, other):
        with np.errstate(divide="ignore", invalid="ignore"):
            return self._op(other, np.divide)

    def __rmul__(self, other):
        return Mixed.of(other)._op(self, np.multiply)

    def __getitem__(self, key) -> "Mixed":
        """The elements at ``key`` (numpy indexing of ``value``)."""
        is32 = self.is32 if isinstance(self.is32, bool) else _uniform(self.is32[key])
        return Mixed._new(self.value[key], is32)

    def row_sums(self) -> "Mixed":
        """``0.0 + x[:, 0] + x[:, 1] + ...`` for every row of a 2-D ``Mixed``, added left to
        right from a Python 0.0, each addition in its operands' arithmetic. With one
        arithmetic throughout, one ``numpy.add.accumulate`` in it (sequential by
        definition: element k is element k - 1 plus the k-th term; 0.0 + x is x)."""
        if isinstance(self.is32, bool):
            dtype = np.float32 if self.is32 else np.float64
            total = np.add.accumulate(self.value.astype(dtype), axis=1)[:, -1].astype(np.float64)
            return Mixed._new(total, self.is32)
        total = Mixed.of(0.0)
        for c in range(self.value.shape[1]):
            total = total + self[:, c]
        return total

    def python_float(self) -> np.ndarray:
        """A bool per element: true where the value is a Python float (not a float32)."""
        return ~np.broadcast_to(np.asarray(self.is32, dtype=bool), self.value.shape)

    def where(self, mask, other) -> "Mixed":
        """``self`` where ``mask``, ``other`` (a ``Mixed`` or a Python number) elsewhere."""
        other = Mixed.of(other)
        value = np.where(mask, self.value, other.value)
        if self.is32 is other.is32:
            return Mixed._new(value, self.is32)
        return Mixed._new(value, _uniform(np.where(mask, self.is32, other.is32)))


def table(sums: np.ndarray, float32) -> Mixed:
    """The 2-D float64 array ``sums`` as a ``Mixed``. ``float32`` says which entries are
    float32: a bool (all or none), a bool per row, or a bool per entry (an array of the
    shape of ``sums``)."""
    flags = np.asarray(float32, dtype=bool)
    if flags.ndim == 1:
        flags = flags[:, None]
    return Mixed(sums, np.broadcast_to(flags, sums.shape) if flags.ndim else flags)


def columns(sums: np.ndarray, float32) -> list[Mixed]:
    """The columns of the 2-D array ``sums`` as ``Mixed`` values (``table``)."""
    whole = table(sums, float32)
    return [whole[:, c] for c in range(sums.shape[1])]


def row_flags(stats) -> list[list[bool]]:
    """The per-entry ``float32`` flags of one statistics row given as numbers: true for a
    ``numpy.float32`` scalar (the arithmetic then follows the entries' types, as the
    spec's scorers do on them), false for anything else."""
    return [[isinstance(x, np.float32) for x in stats]]


_KERNEL_FUNCTIONS = {math.log: "log", math.exp: "exp"}
#: Up to this many values ``math_map`` calls the math module directly (cheaper than the
#: kernel's checks; the same numbers).
_FEW = 8


def math_map(function, values: np.ndarray, mask: np.ndarray, fill: float) -> np.ndarray:
    """``function`` (``math.log`` or ``math.exp``) of ``values`` (an array of any shape)
    where ``mask``, ``fill`` elsewhere. With the kernel, the C library's log/exp applied in
    C: what the math module computes for finite arguments in range (the masked values are:
    positive precisions, exponents <= 1); numpy's vectorised log/exp could differ in the
    last bit."""
    out = np.full(values.shape, fill, dtype=np.float64)
    flat = out.reshape(-1)
    where = np.flatnonzero(mask)
    kernel = native.resample
    name = _KERNEL_FUNCTIONS.get(function)
    selected = np.ascontiguousarray(np.reshape(values, -1)[where], dtype=np.float64)
    if len(selected) <= _FEW:  # a few values: the math module itself, without the kernel's checks
        flat[where] = [function(x) for x in selected.tolist()]
    elif kernel is not None and name is not None and np.all(np.isfinite(selected)) and (
            name == "exp" and np.all(selected < 700) or name == "log" and np.all(selected > 0)):
        mapped = np.empty_like(selected)
        kernel.math_map(name, selected, mapped)
        flat[where] = mapped
    else:
        flat[where] = [function(x) for x in selected.tolist()]
    return out
