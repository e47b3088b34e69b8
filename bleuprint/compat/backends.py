"""Where the numbers of ``bleuprint.compat`` and ``bleuprint score`` come from.

A backend turns a corpus (``hyps``, and ``refs[i]`` the list of references of ``hyps[i]``)
into the N x S matrix of per-sentence sufficient statistics of a metric, and a sum of
rows into a score. Two backends exist:

* ``IMPL`` (default): ``bleuprint.impl``, the fast vectorised implementation.
* ``SPEC``: ``bleuprint.spec``, the literal specification (slow; ``--impl spec``).

TER: ``bleuprint.impl`` has no TER yet, so until it has one (an ``impl.ter`` module with
``ter_stats``), the IMPL backend takes TER's statistics from the specification too.

Metric options use bleuprint's names (``bleuprint.spec``): BLEU ``tokenize``,
``lowercase``, ``max_ngram_order``, ``smooth_method``, ``smooth_value``,
``effective_order``; chrF ``n``, ``beta``, ``word_order``, ``lowercase``, ``whitespace``,
``eps_smoothing``; TER ``normalized``, ``no_punct``, ``asian_support``, ``case_sensitive``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import numpy as np

METRIC_NAMES = ("bleu", "chrf", "ter")

_STATS_OPTIONS = {
    "bleu": ("tokenize", "lowercase", "max_ngram_order"),
    "chrf": ("n", "beta", "word_order", "lowercase", "whitespace", "eps_smoothing"),
    "ter": ("normalized", "no_punct", "asian_support", "case_sensitive"),
}
_SCORE_OPTIONS = {
    "bleu": ("smooth_method", "smooth_value", "effective_order"),
    "chrf": ("n", "beta", "word_order", "eps_smoothing"),
    "ter": (),
}


def _pick(options: dict, names) -> dict:
    return {key: options[key] for key in names if key in options}


def _optional(name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


@dataclass(frozen=True)
class Backend:
    """The statistics and scoring functions of one implementation (module doc)."""

    name: str

    def _package(self):
        return importlib.import_module(f"bleuprint.{self.name}")

    def _ter_module(self):
        """The module with ``ter_stats``/``ter_from_stats`` for this backend (module doc)."""
        if self.name == "impl":
            module = _optional("bleuprint.impl.ter")
            if module is not None and hasattr(module, "ter_stats") and hasattr(module, "ter_from_stats"):
                return module
        return importlib.import_module("bleuprint.spec.ter")

    def stats(self, metric: str, hyps: list[str], refs: list[list[str]], **options) -> np.ndarray:
        """The N x S statistics matrix: int64 for BLEU and chrF, float64 for TER (whose
        second column, the average reference length, is fractional)."""
        options = _pick(options, _STATS_OPTIONS[metric])
        package = self._package()
        if metric == "bleu":
            if self.name == "impl":
                return package.bleu_stats_matrix(hyps, refs, **options)
            tokenize = options.pop("tokenize", "13a")
            rows = [package.bleu_stats(h, r, tokenize, **options) for h, r in zip(hyps, refs)]
            return np.array(rows, dtype=np.int64).reshape(len(rows), -1)
        if metric == "chrf":
            if self.name == "impl":
                n, beta = options.pop("n", 6), options.pop("beta", 2)
                return package.chrf_stats_matrix(hyps, refs, n, beta, **options)
            rows = [package.chrf_stats(h, r, **options) for h, r in zip(hyps, refs)]
            return np.array(rows, dtype=np.int64).reshape(len(rows), -1)
        if metric == "ter":
            module = self._ter_module()
            matrix_function = getattr(module, "ter_stats_matrix", None)
            if matrix_function is not None:
                return np.asarray(matrix_function(hyps, refs, **options), dtype=np.float64)
            module.check_corpus_lengths(hyps, refs, **options)  # before any search, naming hyps[i]
            rows = [module.ter_stats(h, r, **options) for h, r in zip(hyps, refs)]
            return np.array(rows, dtype=np.float64).reshape(len(rows), 2)
        raise ValueError(f"unknown metric {metric!r}: expected one of {', '.join(METRIC_NAMES)}")

    def score(self, metric: str, summed: list, **options) -> float:
        """The score of summed statistics given as Python numbers."""
        options = _pick(options, _SCORE_OPTIONS[metric])
        if metric == "bleu":
            return self._package().bleu_from_stats(summed, **options)
        if metric == "chrf":
            n, beta = options.pop("n", 6), options.pop("beta", 2)
            return self._package().chrf_from_stats(summed, n, beta, **options)
        if metric == "ter":
            return self._ter_module().ter_from_stats(summed)
        raise ValueError(f"unknown metric {metric!r}: expected one of {', '.join(METRIC_NAMES)}")


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
    return [int(x) if float(x).is_integer() else float(x) for x in np.asarray(row, dtype=np.float64).tolist()]


__all__ = ["BACKENDS", "Backend", "IMPL", "METRIC_NAMES", "SPEC", "backend", "column_sums", "row_numbers"]
