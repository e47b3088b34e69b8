"""Similarity and distance between sentence embeddings, the literal definition.

Input: two arrays ``a`` and ``b`` of sentence embeddings, one row per sentence (N x d,
the same N and d; row i of ``a`` is compared with row i of ``b``). Values of any real
type; float32 inputs are read as float64, which holds them exactly.

Measures (``measure``), per row pair (u, v). Every sum is a plain float64 loop, left to
right from 0.0 (``seq_sum``), a stated order that impl follows bit for bit:

* ``cosine`` similarity: ``seq_sum_k unit(u)_k * unit(v)_k``, where ``unit(x)`` is y /
  sqrt(seq_sum(y_k^2)) with y = x / max_k |x_k| (no square overflows or underflows). Not
  clipped: rounding may put it an ulp outside [-1, 1]. scipy's ``distance.cosine`` is 1
  minus this (clipped to [0, 2]); scikit-learn's ``cosine_similarity`` is this.
* ``euclidean`` distance: with d_k = u_k - v_k and m = max_k |d_k|, ``m *
  sqrt(seq_sum((d_k / m)^2))`` (0 where m = 0).
* ``manhattan`` distance: ``seq_sum_k |u_k - v_k|``.

Accumulation is pinned: float64, whatever the input's type (float32 values are widened
exactly first). scipy and scikit-learn keep float32 inputs in float32 (but scikit-learn's
Manhattan), so on float32 embeddings their values differ from these by float32 rounding
(about 1e-7; ``tests/spec/test_embedding_similarity_oracle.py`` shows it).

The zero vector: its cosine with anything is undefined (0/0). scipy returns NaN (with a
RuntimeWarning), scikit-learn 0.0 (it normalises a zero row to zero). Here it is refused:
a ValueError naming the row, never a NaN nor an invented 0. The distances are defined for
it. A distance beyond float64 (coordinates near 1e308 of opposite signs) is refused too.

The registered metric ``embedding_similarity`` scores a corpus of hypothesis embeddings
against one reference embedding each: the mean of the rows' values.
"""

from __future__ import annotations

import math

from ...spec.arrays import check_sequence as _sequence
from ...spec.arrays import check_vector as check_vector_of
from ...spec.inputs import check_choice, check_not_empty

MEASURES = ("cosine", "euclidean", "manhattan")


def check_measure(measure: object) -> str:
    return check_choice(measure, MEASURES, "measure")


def check_vector(x, what: str) -> tuple[float, ...]:
    """One embedding: a non-empty sequence of finite real numbers, not bools
    (``bleuprint.spec.arrays``)."""
    return check_vector_of(x, what, empty="an embedding needs at least one dimension")


def check_pair_arrays(a, b) -> tuple[list, list]:
    """``a`` and ``b``: N x d arrays (N >= 1, d >= 1) of the same shape, every row checked."""
    rows_a = _sequence(a, "a", "sentence embeddings (an N x d array)")
    rows_b = _sequence(b, "b", "sentence embeddings (an N x d array)")
    check_not_empty(rows_a, "a")  # the one empty-corpus rule of every metric
    if len(rows_a) != len(rows_b):
        raise ValueError(f"a has {len(rows_a)} rows, b has {len(rows_b)}: one row per sentence in each")
    va = [check_vector(r, f"a[{i}]") for i, r in enumerate(rows_a)]
    vb = [check_vector(r, f"b[{i}]") for i, r in enumerate(rows_b)]
    d = len(va[0])
    for name, rows in (("a", va), ("b", vb)):
        for i, row in enumerate(rows):
            if len(row) != d:
                raise ValueError(f"dimension mismatch: {name}[{i}] has {len(row)} dimensions, a[0] has {d}")
    return va, vb


def seq_sum(values) -> float:
    """The float64 sum of ``values`` left to right, from 0.0 (the stated order)."""
    total = 0.0
    for value in values:
        total += value
    return total


def unit(x: tuple, what: str) -> list[float]:
    """``y / sqrt(seq_sum(y_k^2))`` with ``y = x / max_k |x_k|``; the zero vector refused."""
    m = max(abs(v) for v in x)
    if m == 0:
        raise ValueError(f"{what} is the zero vector: its cosine is undefined (scipy gives NaN, scikit-learn 0.0; "
                         f"bleuprint refuses)")
    y = [v / m for v in x]
    norm = math.sqrt(seq_sum(t * t for t in y))
    return [t / norm for t in y]


def cosine(u: tuple, v: tuple, what: str = "row") -> float:
    """``seq_sum_k unit(u)_k * unit(v)_k``."""
    return seq_sum(p * q for p, q in zip(unit(u, f"{what} (first)"), unit(v, f"{what} (second)")))


def _differences(u: tuple, v: tuple, what: str) -> list[float]:
    d = [p - q for p, q in zip(u, v)]
    if any(math.isinf(x) for x in d):
        raise ValueError(f"{what}: the distance exceeds float64")
    return d


def euclidean(u: tuple, v: tuple, what: str = "row") -> float:
    """``m * sqrt(seq_sum((d_k / m)^2))``, d = u - v, m = max |d_k| (0 where m = 0)."""
    d = _differences(u, v, what)
    m = max(abs(x) for x in d)
    if m == 0:
        return 0.0
    value = m * math.sqrt(seq_sum((x / m) * (x / m) for x in d))
    if math.isinf(value):
        raise ValueError(f"{what}: the distance exceeds float64")
    return value


def manhattan(u: tuple, v: tuple, what: str = "row") -> float:
    """``seq_sum_k |u_k - v_k|``."""
    value = seq_sum(abs(x) for x in _differences(u, v, what))
    if math.isinf(value):
        raise ValueError(f"{what}: the distance exceeds float64")
    return value


FUNCTIONS = {"cosine": cosine, "euclidean": euclidean, "manhattan": manhattan}


def row_value(u: tuple, v: tuple, measure: str, what: str) -> float:
    return FUNCTIONS[check_measure(measure)](u, v, what)


def embedding_similarity(a, b, metric: str = "cosine") -> list[float]:
    """The ``metric`` (``cosine`` similarity, ``euclidean`` or ``manhattan`` distance) of
    every row pair ``(a[i], b[i])`` (module doc); a list of N floats."""
    measure = check_measure(metric)
    va, vb = check_pair_arrays(a, b)
    return [row_value(u, v, measure, f"row {i} (a[{i}], b[{i}])") for i, (u, v) in enumerate(zip(va, vb))]


# -- the registered metric's rows -------------------------------------------------------------


def segment_row(hyp, ref, measure: str) -> list[float]:
    """``[x+, x-]``: the value of (hypothesis, reference) split into non-negative parts (a
    cosine may be negative; statistics are not)."""
    x = row_value(hyp, ref, measure, "the segment")
    return [x if x > 0 else 0.0, -x if x < 0 else 0.0]


def mean_from_row(combined, n_segments: int) -> float:
    if len(combined) != 2:
        raise ValueError(f"embedding_similarity statistics have 2 columns (x+, x-), got {len(combined)}")
    return (combined[0] - combined[1]) / n_segments
