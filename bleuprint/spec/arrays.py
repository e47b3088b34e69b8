"""Checks on float arrays given as input (token embeddings, sentence embeddings, weights,
features, histograms), pure Python so that every spec can use them; the one checker of the
embedding metrics (BERTScore, embedding similarity, MoverScore, MAUVE).

An array is a numpy array (anything with ``__array__`` and ``tolist``) or nested sequences
of numbers. It is refused with a TypeError (not a sequence, not a number, a bool, a
string) or a ValueError (no element, ragged rows, NaN or infinity, a zero vector where a
direction is needed), whose message names the argument and the position at fault with
Python's indexing: ``hyps[3][2][5] is nan`` is segment 3, row (token) 2, column 5.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence


def check_number(x: object, what: str) -> float:
    """A finite real number (a bool refused; a 0-dimensional numpy value taken)."""
    if hasattr(x, "item") and getattr(x, "shape", None) == ():
        x = x.item()
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise TypeError(f"{what} must be a number, got {type(x).__name__}")
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        raise ValueError(f"{what} is {x!r}: only finite numbers are accepted")
    return x


def check_sequence(x: object, what: str, of: str) -> list:
    """``x`` as a list: a sequence or an array of at least one dimension (a string, a
    mapping or a 0-dimensional array refused, naming ``of``, what it should hold)."""
    if isinstance(x, (str, bytes, Mapping)) or not (isinstance(x, Sequence) or hasattr(x, "__array__")):
        raise TypeError(f"{what} must be a sequence of {of}, got {type(x).__name__}")
    if hasattr(x, "__array__") and not isinstance(x, Sequence):
        shape = getattr(x, "shape", None)
        if shape is not None and len(shape) == 0:
            raise TypeError(f"{what} must be a sequence of {of}, got a 0-dimensional array")
        return list(x.tolist()) if hasattr(x, "tolist") else list(x)
    return list(x)


def check_vector(x: object, what: str, length: int | None = None, empty: str = "") -> tuple[float, ...]:
    """A non-empty 1-D array of finite floats, ``length`` long when given (``empty``: why
    an empty one is refused, added to the message)."""
    values = check_sequence(x, what, "numbers")
    if not values:
        raise ValueError(f"{what} is empty" + (f": {empty}" if empty else ""))
    if length is not None and len(values) != length:
        raise ValueError(f"{what} has {len(values)} values, expected {length} (one per row of its array)")
    return tuple(check_number(v, f"{what}[{k}]") for k, v in enumerate(values))


def check_rows(x: object, what: str, width: int | None = None, nonzero: bool = False) -> tuple[tuple[float, ...], ...]:
    """A 2-D array of finite floats: at least one row (a token), every row as long as the
    first (``width`` long when given) with at least one column; with ``nonzero``, no row
    the zero vector (a cosine needs a direction)."""
    rows = check_sequence(x, what, "rows (a tokens x dimensions array)")
    if not rows:
        raise ValueError(f"{what} has no token (no row): a zero-length segment cannot be scored")
    out = []
    for t, row in enumerate(rows):
        values = check_sequence(row, f"{what}[{t}]", "numbers (one row: a token's vector)")
        if not values:
            raise ValueError(f"{what}[{t}] has no dimension")
        if width is None and out:
            width = len(out[0])
        if width is not None and len(values) != width:
            if out and len(out[0]) == width:
                raise ValueError(f"{what} is ragged: row {t} has {len(values)} dimensions, row 0 has {width}")
            raise ValueError(f"{what}[{t}] has {len(values)} dimensions, expected {width}")
        vector = tuple(check_number(v, f"{what}[{t}][{k}]") for k, v in enumerate(values))
        if nonzero and not any(vector):
            raise ValueError(f"{what}[{t}] is the zero vector: it has no direction, so no cosine")
        out.append(vector)
    return tuple(out)


def check_segment_keys(x: Mapping, what: str, keys: tuple) -> None:
    """A segment given as a mapping (``{"embeddings": rows, ...}``, the form that carries a
    metric's per-token data: BERTScore's ids, MoverScore's idf): no key outside ``keys``,
    and ``embeddings`` present (TypeError naming ``what``)."""
    unknown = sorted(set(map(str, x)) - set(keys))
    if unknown:
        raise TypeError(f"{what} has unknown key(s) {', '.join(unknown)}: expected {', '.join(keys)}")
    if "embeddings" not in x:
        raise TypeError(f"{what} has no 'embeddings'")


def json_line(line: str, holds: str):
    """A line of ``bleuprint score``'s input parsed as JSON; ValueError ``not JSON (...): a
    line holds <holds>`` where it is not."""
    import json

    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg}): a line holds {holds}") from None
