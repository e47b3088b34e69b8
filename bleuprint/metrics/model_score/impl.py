"""``model_score`` fast: the rows of a whole system at once with numpy, the same bits as the
spec (``bleuprint.metrics.model_score.spec``): the split ``[x+, x-]`` is exact, and the
one-call mean sums left to right (``numpy.cumsum``, sequential, as the spec's ``sum``)."""

from __future__ import annotations

import numpy as np

from . import spec as S


def checked_array(scores, what: str = "hyps") -> np.ndarray:
    """The scores as a float64 array; a float or int numpy array is taken as it is (after
    the finiteness check), anything else through the spec's checks and messages."""
    if isinstance(scores, np.ndarray) and scores.dtype.kind in "fiu" and scores.ndim == 1 and scores.size:
        values = scores.astype(np.float64)
        bad = np.flatnonzero(~np.isfinite(values))
        if bad.size:
            S.check_score(float(values[bad[0]]), f"{what}[{int(bad[0])}]")
        return values
    return np.array(S.check_scores(scores, what), dtype=np.float64)


def rows(values: np.ndarray) -> np.ndarray:
    """The N x 2 matrix of ``[x+, x-]`` rows."""
    return np.stack([np.where(values > 0, values, 0.0), np.where(values < 0, -values, 0.0)], axis=1)


def model_score(scores, direction: str = "higher") -> float:
    """``spec.model_score``: the mean of the segment scores (the spec's bits)."""
    S.check_direction(direction)
    matrix = rows(checked_array(scores, "scores"))
    sums = np.cumsum(matrix, axis=0)[-1]
    return S.mean_from_row([float(sums[0]), float(sums[1])], matrix.shape[0])


def comet_compare(systems, num_splits: int = 300, sample_ratio: float = 0.4, seed: int = 1) -> list:
    """``spec.comet_compare``, fast (``comet_impl``)."""
    from .comet_impl import comet_compare as run

    return run(systems, num_splits, sample_ratio, seed)


def compare_scores(systems, convention: str = "sacrebleu-bs", n: int | None = None, seed: int | None = None,
                   sample_ratio: float = 0.4) -> dict:
    """``spec.compare_scores`` with impl's tests."""
    from ... import impl

    return S.comparison_report(convention, systems, n, seed, sample_ratio, impl)
