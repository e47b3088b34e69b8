"""Checks on float arrays given as segments (token embeddings, weights, features), pure
Python so the spec can use them.

A segment's array is a numpy array or a sequence of rows (sequences of numbers). It is
refused with a TypeError (not numbers, bools, strings) or a ValueError (ragged rows, NaN
or infinity, no row, no column, a dimension that differs from the other segments'),
whose message names the argument and the segment: ``hyps[3][2][5] is nan`` (segment 3, row 2,
column 5).

The element checks are ``bleuprint.spec.arrays``'s, shared with BERTScore and embedding
similarity (one set of rules and messages).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...spec.arrays import check_number, check_rows
from ...spec.arrays import check_vector as check_vector_of

__all__ = ["check_number", "check_matrix", "check_vector", "check_segments"]


def check_matrix(value: object, what: str, width: int | None = None) -> list[list[float]]:
    """A non-empty 2-D array of finite floats, every row ``width`` long when given
    (``bleuprint.spec.arrays.check_rows``)."""
    return [list(row) for row in check_rows(value, what, width)]


def check_vector(value: object, what: str, length: int | None = None) -> list[float]:
    """A non-empty 1-D array of finite floats, ``length`` long when given."""
    return list(check_vector_of(value, what, length))


def check_segments(value: object, what: str) -> list:
    """A non-empty sequence of segments (not a bare array of numbers)."""
    items = value.tolist() if hasattr(value, "tolist") and not isinstance(value, (list, tuple, str, bytes)) else value
    if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
        raise TypeError(f"{what} must be a sequence of segments (one 2-D array each), got {type(value).__name__}")
    if not items:
        raise ValueError(f"{what} is empty: no segment to score")
    return list(items)
