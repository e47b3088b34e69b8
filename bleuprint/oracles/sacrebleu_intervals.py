"""sacreBLEU 2.5.1's confidence intervals and paired significance tests, asked live.

* ``oracle_bootstrap``: ``corpus_score(hyps, streams, n_bootstrap=n)`` of a fresh metric
  object with ``SACREBLEU_SEED`` set to the seed -> the score, μ (``_mean``) and the
  half-width (``_ci``) sacreBLEU prints as ``score (μ = mean ± ci)``.
* ``oracle_bootstrap_stats``: the same recipe on a statistics matrix given directly
  (sacreBLEU's ``significance._bootstrap_resample`` and ``Score.estimate_ci``, private
  functions of the pinned version), with every resample score; this is how the float32
  behaviour above 2^24 is checked without scoring a corpus of tens of millions of tokens.
* ``oracle_paired``: ``significance.PairedTest`` (``test_type`` ``"bs"`` or ``"ar"``) on
  a baseline and systems -> one result per system plus the baseline's.

``SACREBLEU_SEED`` is set only for the duration of a call and restored afterwards (also
when sacreBLEU raises); the seed string is ``str(seed)``, ``"None"`` for ``None``.
Metric objects are built fresh for every call: sacreBLEU stores ``n_bootstrap`` and the
seed on them.
"""

from __future__ import annotations

import contextlib
import copy
import os
from collections.abc import Mapping
from dataclasses import dataclass

from .sacrebleu_oracle import (
    BLEU_DEFAULTS,
    CHRF_DEFAULTS,
    _bleu_metric,
    _check_corpus,
    _chrf_metric,
    _options,
    require_sacrebleu,
    to_streams,
)

#: bleuprint's TER option names and defaults (sacreBLEU ``TER()``).
TER_DEFAULTS = {"normalized": False, "no_punct": False, "asian_support": False, "case_sensitive": False}

METRICS = ("bleu", "chrf", "ter")


@contextlib.contextmanager
def sacrebleu_seed(seed):
    """Set ``SACREBLEU_SEED`` to ``seed`` (``None`` -> ``"None"``, sacreBLEU's unseeded
    value) inside the block; restore the previous value (or its absence) afterwards."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be an int or None, got {type(seed).__name__}")
    previous = os.environ.get("SACREBLEU_SEED")
    os.environ["SACREBLEU_SEED"] = "None" if seed is None else str(seed)
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("SACREBLEU_SEED", None)
        else:
            os.environ["SACREBLEU_SEED"] = previous


def metric_object(metric: str, **options):
    """A fresh sacreBLEU metric object for bleuprint's ``metric`` name and options."""
    if metric == "bleu":
        return _bleu_metric(_options(options, BLEU_DEFAULTS, "BLEU"))
    if metric == "chrf":
        return _chrf_metric(_options(options, CHRF_DEFAULTS, "chrF"))
    if metric == "ter":
        given = _options(options, TER_DEFAULTS, "TER")
        return require_sacrebleu().TER(**given)
    raise ValueError(f"unknown metric {metric!r} for sacreBLEU's intervals: expected one of {', '.join(METRICS)}")


def _number(value):
    return None if value is None else float(value)


@dataclass(frozen=True)
class OracleInterval:
    """sacreBLEU's bootstrap answer: ``score`` (corpus score), ``mean`` (μ), ``ci``
    (half-width), ``scores`` (the resample scores in resample order; only from
    ``oracle_bootstrap_stats``), ``types`` (their Python type names there)."""

    score: float
    mean: float
    ci: float
    scores: tuple = ()
    types: tuple = ()


def oracle_bootstrap(metric: str, hyps, refs, n_boot: int, seed, **options) -> OracleInterval:
    """``corpus_score(..., n_bootstrap=n_boot)`` under ``SACREBLEU_SEED=seed``."""
    hyps, refs = _check_corpus(hyps, refs)
    if n_boot < 2:
        raise ValueError("sacreBLEU bootstraps only for n_bootstrap > 1")
    scorer = metric_object(metric, **options)
    with sacrebleu_seed(seed):
        result = scorer.corpus_score(hyps, to_streams(refs), n_bootstrap=n_boot)
    return OracleInterval(score=float(result.score), mean=float(result._mean), ci=float(result._ci))


def oracle_bootstrap_stats(metric: str, stats, n_boot: int, seed, **options) -> OracleInterval:
    """sacreBLEU's bootstrap on the statistics rows ``stats`` (list of lists of Python
    numbers): ``_bootstrap_resample`` then ``Score.estimate_ci``, as ``corpus_score`` does
    after extracting the statistics."""
    require_sacrebleu()
    from sacrebleu.significance import _bootstrap_resample

    scorer = metric_object(metric, **options)
    rows = [list(row) for row in stats]
    with sacrebleu_seed(seed):
        actual = scorer._aggregate_and_compute(copy.deepcopy(rows))
        _, scores = _bootstrap_resample(copy.deepcopy(rows), scorer, n_boot)
    raw = [s.score for s in scores]
    try:
        actual.estimate_ci(scores)
        mean, ci = float(actual._mean), float(actual._ci)
    except TypeError:  # mixed float / float32 scores: sacreBLEU's statistics.mean gives up
        mean, ci = float("nan"), float("nan")
    return OracleInterval(score=float(actual.score), mean=mean, ci=ci,
                          scores=tuple(float(x) for x in raw), types=tuple(type(x).__name__ for x in raw))


@dataclass(frozen=True)
class OraclePaired:
    """One row of sacreBLEU's paired-test table: ``score``, ``p_value`` (None for the
    baseline), ``mean`` and ``ci`` (None where sacreBLEU computes none)."""

    score: float
    p_value: float | None
    mean: float | None
    ci: float | None


def oracle_paired(metric: str, baseline, systems, refs, test: str, n: int, seed, **options):
    """sacreBLEU's ``PairedTest`` (``test`` = ``"bs"`` or ``"ar"``, ``n_samples=n``) under
    ``SACREBLEU_SEED=seed``: returns ``(baseline_row, system_rows)`` where ``system_rows``
    is a list, or a dict when ``systems`` is a mapping name -> hypotheses."""
    require_sacrebleu()
    from sacrebleu.significance import PairedTest

    if test not in ("bs", "ar"):
        raise ValueError(f"test must be 'bs' or 'ar', got {test!r}")
    baseline, refs = _check_corpus(baseline, refs)
    named = list(systems.items()) if isinstance(systems, Mapping) else [(f"system-{k}", s)
                                                                        for k, s in enumerate(systems)]
    for name, hyps in named:
        _check_corpus(hyps, refs)
    scorer = metric_object(metric, **options)
    with sacrebleu_seed(seed):
        tester = PairedTest([("baseline", list(baseline))] + [(name, list(h)) for name, h in named],
                            {metric: scorer}, to_streams(refs), test_type=test, n_samples=n)
        _, table = tester()
    (column,) = [value for key, value in table.items() if key != "System"]
    rows = [OraclePaired(score=float(r.score), p_value=_number(r.p_value), mean=_number(r.mean), ci=_number(r.ci))
            for r in column]
    if isinstance(systems, Mapping):
        return rows[0], {name: row for (name, _), row in zip(named, rows[1:])}
    return rows[0], rows[1:]
