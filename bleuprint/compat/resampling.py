"""Bootstrap intervals and paired significance tests on statistics matrices, as sacreBLEU
2.5.1's command line and ``corpus_score(n_bootstrap=...)`` run them.

The recipes (one ``choice(N, (n, N))`` index matrix per generator, float32 resample sums,
``n // 40`` order statistics, the centred paired-bootstrap statistic, the
``integers(2, dtype=bool)`` swap masks of approximate randomization, ``(c + 1) / (n + 1)``
p-values) are implemented once per layer, on statistics matrices: ``bootstrap_stats`` of
``bleuprint.impl.intervals`` / ``bleuprint.spec.intervals``, and
``paired_bootstrap_stats`` / ``paired_approximate_randomization_stats`` of
``bleuprint.impl.significance`` / ``bleuprint.spec.significance``, whose docstrings cite
the sources. This module only hands them the matrices that the caller computed once (so
that a metric's statistics serve the score, the interval and the tests), with the fast
(``impl``) or the literal (``spec``) backend's layer.

``SACREBLEU_SEED`` is read as sacreBLEU reads it: default ``12345``; ``none`` (any case)
means an unseeded generator. Its *raw* lower-cased text goes into the ``--confidence``
signature, its int into the paired tests' signatures.
"""

from __future__ import annotations

import os

from ..core.value import metric as configured
from .backends import Backend


def __getattr__(name: str):
    # ``PairedRow``, one row of the paired-test table (sacreBLEU's ``significance.Result``):
    # the layers' ``PairedResult`` (score, p_value, mean, ci), on first use (PEP 562), so
    # that scoring without a paired test does not import the significance module
    if name == "PairedRow":
        from ..spec.significance import PairedResult

        return PairedResult
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def seed_from_environment() -> tuple[str, int | None]:
    """``(text, seed)``: ``SACREBLEU_SEED`` lower-cased, and the seed it means."""
    from ..spec.significance import DEFAULT_SEED

    raw = os.environ.get("SACREBLEU_SEED", str(DEFAULT_SEED))
    if raw.lower() == "none":
        return "none", None
    try:
        return raw.lower(), int(raw)
    except ValueError:
        raise ValueError(f"SACREBLEU_SEED must be an integer or 'none', got {raw!r}") from None


def _layer(backend: Backend) -> tuple:
    """The backend's ``(intervals, significance)`` modules: impl's or the spec's."""
    if backend.name == "impl":
        from ..impl import intervals, significance
    else:
        from ..spec import intervals, significance
    return intervals, significance


def bootstrap_interval(backend: Backend, metric: str, matrix: np.ndarray, n: int, seed: int | None,
                       options: dict) -> tuple[float, float]:
    """``(mean, half_width)`` of ``n`` bootstrap resamples (``--confidence``) drawn from
    ``numpy.random.default_rng(seed)``: the layer's ``bootstrap_stats`` at alpha 0.05 (exact
    mean of the scores, as ``statistics.mean``, rounded to float32 where the scores are
    float32; half of ``sorted[n - n//40 - 1] - sorted[n//40]``)."""
    import numpy as np

    intervals, _ = _layer(backend)
    result = intervals.bootstrap_stats(configured(metric, **options), matrix, n, 0.05, np.random.default_rng(seed))
    return result.mean, result.half_width


def paired_test(backend: Backend, metric: str, baseline: np.ndarray, systems: list[np.ndarray], test: str,
                n: int, seed: int | None, options: dict) -> tuple[PairedRow, list[PairedRow]]:
    """sacreBLEU's ``PairedTest`` for one metric: the baseline's row and one row per
    system. ``test`` is ``"bs"`` (paired bootstrap, ``n`` resamples) or ``"ar"``
    (approximate randomization, ``n`` trials); ``options`` in the metric's own names."""
    if test not in ("bs", "ar"):
        raise ValueError(f"unknown paired test {test!r}: expected 'bs' or 'ar'")
    _, significance = _layer(backend)
    run = significance.paired_bootstrap_stats if test == "bs" else significance.paired_approximate_randomization_stats
    result = run(configured(metric, **options), baseline, list(systems), n, seed)
    return result.baseline, list(result.systems)
