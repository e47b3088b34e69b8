"""Where the numbers of ``bleuprint.compat`` and ``bleuprint score`` come from.

A backend turns a corpus (``hyps``, and ``refs[i]`` the list of references of ``hyps[i]``)
into the N x S matrix of per-sentence sufficient statistics of a registered metric, and a
sum of rows into a score. Two backends exist:

* ``IMPL`` (default): ``bleuprint.impl``, the fast implementation (the metric's
  ``stats_matrix`` and ``fast_score``).
* ``SPEC``: ``bleuprint.spec``, the literal specification (slow; ``--impl spec``).

Metric options use bleuprint's names (``bleuprint.core``: each metric's ``options``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import get_metric, metric_names
from ..core.options import options_for_score, options_for_stats


@dataclass(frozen=True)
class Backend:
    """The statistics and scoring functions of one implementation (module doc)."""

    name: str

    def stats(self, metric: str, hyps: list[str], refs: list[list[str]], **options) -> np.ndarray:
        """The N x S statistics matrix: int64, or float64 for a metric with fractional
        columns (TER's average reference length)."""
        definition = get_metric(metric)
        options = options_for_stats(definition, options)
        if self.name == "impl":
            return definition.stats_matrix(hyps, refs, **options)
        import numpy as np

        from ..spec.corpus import segment_rows

        dtype = np.float64 if definition.fractional_columns else np.int64
        rows = segment_rows(definition(**options), hyps, refs)
        return np.array(rows, dtype=dtype).reshape(len(rows), -1)

    def score(self, metric: str, summed: list, **options) -> float:
        """The score of summed statistics given as Python numbers. The sacreBLEU metrics
        are ``SUM``-shaped, so their scores do not read the number of segments (None)."""
        definition = get_metric(metric)
        options = options_for_score(definition, options)
        score = definition.fast_score if self.name == "impl" else definition.score
        return score(summed, None, **options)

    def row_scores(self, metric: str, matrix: np.ndarray, **options) -> list:
        """The score of every row of a statistics matrix (sentence-level scores, each row a
        one-segment corpus): the layer's ``scores_of_rows``, which in impl scores them in
        one call of the metric's batch scorer, in double precision (the same operations as
        its one-row scorer), and in the spec row by row."""
        import numpy as np

        from .. import impl, spec

        layer = impl if self.name == "impl" else spec
        return [float(x) for x in layer.scores_of_rows(get_metric(metric)(**options), np.asarray(matrix))]


IMPL = Backend("impl")
SPEC = Backend("spec")
BACKENDS = {"impl": IMPL, "spec": SPEC}

def backend(name: str) -> Backend:
    if name not in BACKENDS:
        raise ValueError(f"unknown implementation {name!r}: expected 'impl' or 'spec'")
    return BACKENDS[name]


def column_sums(matrix: np.ndarray) -> list:
    """The corpus statistics as sacreBLEU's ``sum_of_lists`` gives them: integer columns as
    exact Python ints, fractional columns (TER's average lengths) added one row after
    another in float64 (``numpy.cumsum`` accumulates sequentially, unlike ``sum``)."""
    import numpy as np

    matrix = np.asarray(matrix)
    if matrix.dtype.kind in "iu":
        return [int(x) for x in matrix.sum(axis=0, dtype=np.int64)]
    out = []
    for c in range(matrix.shape[1]):
        column = matrix[:, c]
        if np.all(column == np.floor(column)) and np.abs(column).max(initial=0) < 2**52:
            out.append(int(column.astype(np.int64).sum()))
        else:
            out.append(float(np.cumsum(column)[-1]))
    return out


def row_numbers(row) -> list:
    """One statistics row as Python numbers (whole values as int)."""
    import numpy as np

    return [int(x) if float(x).is_integer() else float(x) for x in np.asarray(row, dtype=np.float64).tolist()]


__all__ = ["BACKENDS", "Backend", "IMPL", "SPEC", "backend", "column_sums", "metric_names", "row_numbers"]
