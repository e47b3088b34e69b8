"""Checks on float arrays given as segments (token embeddings, weights, features), pure
Python so the spec can use them.

A segment's array is a numpy array or a sequence of rows (sequences of numbers). It is
refused with a TypeError (not numbers, bools, strings) or a ValueError (ragged rows, NaN
or infinity, no row, no column, a dimension that differs from the other segments'),
whose message names the argument and the segment: ``hyps[3] row 2 column 5 is nan``.

(Issue 35's BERTScore folder checks its own arrays; the two were written in parallel and
can be merged into one shared check later.)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence


def _as_list(value):
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        return value.tolist()
    return value


def check_number(x: object, what: str) -> float:
    """A finite real number (bool refused)."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise TypeError(f"{what} must be a number, got {type(x).__name__}")
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        raise ValueError(f"{what} is {x}: only finite numbers are accepted")
    return x


def check_matrix(value: object, what: str, width: int | None = None) -> list[list[float]]:
    """A non-empty 2-D array of finite floats, every row ``width`` long when given."""
    rows = _as_list(value)
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise TypeError(f"{what} must be a 2-D float array (rows x dimensions), got {type(value).__name__}")
    if not rows:
        raise ValueError(f"{what} has no row: a zero-length segment cannot be scored")
    out = []
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise TypeError(f"{what} row {r} must be a sequence of numbers, got {type(row).__name__} "
                            f"(a 2-D array is needed)")
        if not row:
            raise ValueError(f"{what} row {r} has no column")
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise ValueError(f"{what} row {r} has {len(row)} dimensions, expected {width} "
                             f"(ragged array, or dimensions that differ between segments)")
        out.append([check_number(x, f"{what} row {r} column {c}") for c, x in enumerate(row)])
    return out


def check_vector(value: object, what: str, length: int | None = None) -> list[float]:
    """A non-empty 1-D array of finite floats, ``length`` long when given."""
    items = _as_list(value)
    if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
        raise TypeError(f"{what} must be a 1-D sequence of numbers, got {type(value).__name__}")
    if not items:
        raise ValueError(f"{what} is empty")
    if length is not None and len(items) != length:
        raise ValueError(f"{what} has {len(items)} values, expected {length} (one per row of its array)")
    return [check_number(x, f"{what}[{k}]") for k, x in enumerate(items)]


def check_segments(value: object, what: str) -> list:
    """A non-empty sequence of segments (not a bare array of numbers)."""
    items = _as_list(value) if not isinstance(value, (list, tuple)) else value
    if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
        raise TypeError(f"{what} must be a sequence of segments (one 2-D array each), got {type(value).__name__}")
    if not items:
        raise ValueError(f"{what} is empty: no segment to score")
    return list(items)
