"""Streaming and sharded scoring: accumulators of summed sufficient statistics.

A corpus score of a registered metric (exact match, BLEU, chrF, TER, ...) is a function
of the column sums of the per-sentence statistics (``bleuprint.spec.corpus``; sacreBLEU
``metrics/base.py`` sums the segments' statistics, then scores the sum). Integer sums do not depend on the order
or grouping of the additions, so a corpus fed in batches, in any split, or in shards
scored by separate processes and merged, has exactly the statistics, and therefore
exactly the score, of the corpus scored in one call.

Fractional columns (TER's average reference length, a column a metric lists in
``fractional_columns``) are summed exactly too, as ``fractions.Fraction`` of each row's
float64 value; the score reads the sum rounded once to the nearest float64. A one-call
score adds those floats in sentence order, rounding at every step, so the two can differ
in the last bits (well within 1e-9 on the 0-100 scale); with whole values in the column
(TER with one reference per segment, or references of equal length) they are equal.

An ``Accumulator`` holds only the metric, its options, the sentence count and one row
of summed statistics (Python ints or Fractions, so exact without bound): its memory does not grow
with the text. Each ``add`` computes the batch's statistics matrix, sums its columns and
drops it. Accumulators pickle, and ``to_dict``/``from_dict`` give a JSON-ready form for
transport between processes or machines::

    acc = Accumulator(bleuprint.metric("bleu", tokenize="13a"))
    for hyps, refs in batches:          # refs[i]: the references of hyps[i]
        acc.add(hyps, refs)
    total = acc.merge(other_shard)      # same metric and options, else ValueError
    total.score()
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..spec.corpus import as_metric
from .corpus import score_from_stats, score_numbers, stats_matrix
from ..spec.inputs import check_no_references, input_hooks
from ..core.metric import needs_context

__all__ = ["Accumulator", "FORMAT", "accumulate", "add_all"]

#: The ``format`` field of ``Accumulator.to_dict``; bumped if the layout ever changes.
FORMAT = "bleuprint.accumulator/1"


def _is_empty_batch(hyps) -> bool:
    return not isinstance(hyps, str) and hasattr(hyps, "__len__") and len(hyps) == 0


class Accumulator:
    """Summed statistics of ``metric``: a configured metric (``bleuprint.metric("bleu",
    tokenize="13a")``) or a registered name for its defaults. Option values the metric
    refuses are a TypeError or ValueError raised here rather than at the first batch.

    Attributes: ``metric`` (the name), ``options`` (every option, defaults filled in),
    ``n_sentences``, ``stats`` (int64 array of the summed statistics).
    """

    __hash__ = None  # mutable; equality compares the contents

    def __init__(self, metric, *, context=None) -> None:
        given = as_metric(metric)
        definition = given.definition
        name = definition.name
        if needs_context(definition) and context is None:
            raise ValueError(f"{name}'s rows depend on the whole corpus: compute its context first "
                             f"(combine the shards' corpus_context) and pass context=")
        if not needs_context(definition) and context is not None:
            raise ValueError(f"{name} has no corpus context; context= is for CORPUS_PASS and UNION metrics")
        full = given.resolved()
        value = given.replace(**full)
        # Probe with a one-sentence corpus and an all-zero sum: every option value is then
        # checked by the very code that add() and score() run, so an accumulator accepts
        # exactly the options the one-call functions accept.
        probe_hyps, probe_refs = input_hooks(definition).probe_corpus()
        if context is None:
            width = stats_matrix(value, probe_hyps, probe_refs).shape[1]
        else:  # the row's width may depend on the context (UNION: one column per item)
            width = definition.stats_matrix(probe_hyps, probe_refs, context=context,
                                            **value.stats_options()).shape[1]
        score_from_stats(value, np.zeros(width, dtype=np.int64), 1)
        self._metric = name
        self._value = value
        self._options = full
        self._stats = [0] * width
        self._context = context
        self._fractional = frozenset(definition.fractional_columns)
        self._n = 0

    # -- reading ------------------------------------------------------------------------

    @property
    def metric(self) -> str:
        return self._metric

    @property
    def configured(self):
        """The configured metric summed here (every option given, defaults filled in)."""
        return self._value

    @property
    def options(self) -> dict:
        """Every option of the metric, the defaults filled in (a copy)."""
        return dict(self._options)

    @property
    def n_sentences(self) -> int:
        return self._n

    @property
    def stats(self) -> np.ndarray:
        """The summed statistics as an int64 array (a copy; exact, as the sums are kept as
        Python ints and an int64 overflow would raise ``OverflowError`` here); float64 for
        a metric with fractional columns (each sum rounded once)."""
        if self._fractional:
            return np.array([float(x) for x in self._stats], dtype=np.float64)
        return np.array(self._stats, dtype=np.int64)

    def score(self) -> float:
        """The corpus score of every sentence added (or merged) so far: the same number as
        the metric's one-call function on all those sentences."""
        if self._n == 0:
            raise ValueError("no sentences accumulated: add at least one batch before score()")
        values = [float(x) if isinstance(x, Fraction) else x for x in self._stats]
        values = [int(x) if isinstance(x, float) and x.is_integer() else x for x in values]
        return score_numbers(self._value, values, self._n)

    # -- adding -------------------------------------------------------------------------

    def add(self, hyps, refs=None) -> Accumulator:
        """Add a batch: ``hyps`` a sequence of hypotheses, ``refs[i]`` the references of
        ``hyps[i]`` (the layout and checks of the one-call functions; for exact match a
        reference may be one string; None for a metric without references). An empty
        batch (both sequences empty) adds nothing. Returns ``self``, so calls chain."""
        if _is_empty_batch(hyps):
            definition = self._value.definition
            if not definition.references:
                check_no_references(definition, refs)
                return self
            if isinstance(refs, str) or not hasattr(refs, "__len__"):
                raise TypeError("refs must be a sequence with one list of references per hypothesis")
            if len(refs) != 0:
                raise ValueError(f"mismatched lengths: 0 hypotheses but {len(refs)} reference lists")
            return self
        if self._context is None:
            matrix = stats_matrix(self._value, hyps, refs)
        else:
            matrix = self._value.definition.stats_matrix(hyps, refs, context=self._context,
                                                         **self._value.stats_options())
        return self._add_matrix(matrix)

    def _add_matrix(self, matrix) -> Accumulator:
        """Add a batch's statistics matrix (one row per sentence)."""
        sums = matrix.sum(axis=0, dtype=np.int64) if matrix.dtype.kind in "iu" else None
        for c in range(matrix.shape[1]):
            if c in self._fractional:
                self._stats[c] = _exact(self._stats[c] + sum(map(Fraction, matrix[:, c].tolist())))
            else:
                self._stats[c] += int(sums[c]) if sums is not None else int(matrix[:, c].astype(np.int64).sum())
        self._n += matrix.shape[0]
        return self

    def merge(self, other: Accumulator) -> Accumulator:
        """A new accumulator holding both: statistics and sentence counts added. The two
        must have the same metric and options (defaults filled in), else ValueError."""
        if not isinstance(other, Accumulator):
            raise TypeError(f"can only merge an Accumulator, got {type(other).__name__}")
        if other._metric != self._metric:
            raise ValueError(f"cannot merge a {other._metric} accumulator into a {self._metric} one")
        if other._context != self._context:
            raise ValueError("cannot merge accumulators built on different corpus contexts")
        if other._options != self._options:
            differing = sorted(k for k in self._options if self._options[k] != other._options.get(k))
            described = ", ".join(f"{k}={self._options[k]!r} vs {other._options[k]!r}" for k in differing)
            raise ValueError(f"cannot merge accumulators with different options: {described}")
        merged = self._copy()
        merged._stats = [_exact(a + b) for a, b in zip(self._stats, other._stats)]
        merged._n = self._n + other._n
        return merged

    def _copy(self) -> Accumulator:
        clone = object.__new__(Accumulator)
        clone._metric = self._metric
        clone._options = dict(self._options)
        clone._value = self._value
        clone._stats = list(self._stats)
        clone._fractional = self._fractional
        clone._context = self._context
        clone._n = self._n
        return clone

    # -- transport ----------------------------------------------------------------------

    def to_dict(self) -> dict:
        """A JSON-ready dictionary: ``format``, ``metric``, ``options``, ``n_sentences``
        and ``stats`` (a list of ints; an exact fractional sum that is not whole is the
        string ``"p/q"``). ``from_dict`` reads it back. An accumulator built on a corpus
        context (``CORPUS_PASS``) has no such form yet: ValueError."""
        if self._context is not None:
            raise ValueError(f"a {self._metric} accumulator holds a corpus context, which has no data form yet")
        return {
            "format": FORMAT,
            "metric": self._metric,
            "options": dict(self._options),
            "n_sentences": self._n,
            "stats": [str(x) if isinstance(x, Fraction) else x for x in self._stats],
        }

    @classmethod
    def from_dict(cls, data: dict) -> Accumulator:
        """The accumulator ``to_dict`` described (checked: format, metric, options, and a
        statistics row of the right length of non-negative ints that the metric's score
        accepts: ``spec.inputs.check_counts``)."""
        if not isinstance(data, dict):
            raise TypeError(f"data must be a dict (from Accumulator.to_dict), got {type(data).__name__}")
        missing = sorted({"format", "metric", "options", "n_sentences", "stats"} - set(data))
        if missing:
            raise ValueError(f"accumulator data lacks {', '.join(missing)}")
        if data["format"] != FORMAT:
            raise ValueError(f"unknown accumulator format {data['format']!r}; expected {FORMAT!r}")
        if not isinstance(data["options"], dict):
            raise TypeError(f"options must be a dict, got {type(data['options']).__name__}")
        if not isinstance(data["metric"], str):
            raise TypeError(f"metric must be a str, got {type(data['metric']).__name__}")
        accumulator = cls(as_metric(data["metric"]).replace(**data["options"]))
        n, stats = data["n_sentences"], data["stats"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"n_sentences must be an int >= 0, got {n!r}")
        if isinstance(stats, (str, bytes)) or not hasattr(stats, "__len__"):
            raise TypeError(f"stats must be a list of ints, got {type(stats).__name__}")
        if len(stats) != len(accumulator._stats):
            raise ValueError(f"stats must have {len(accumulator._stats)} numbers for these options, got {len(stats)}")
        values = []
        for k, value in enumerate(stats):
            if k in accumulator._fractional and isinstance(value, str):
                try:
                    value = Fraction(value)
                except (ValueError, ZeroDivisionError):
                    raise ValueError(f"stats[{k}] must be an int >= 0 or a fraction 'p/q', got {value!r}") from None
                if value < 0:
                    raise ValueError(f"stats[{k}] must be >= 0, got {value!r}")
                values.append(_exact(value))
                continue
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
                raise ValueError(f"stats[{k}] must be an int >= 0, got {value!r}")
            values.append(int(value))
        if n == 0 and any(values):
            raise ValueError("non-zero stats with n_sentences = 0")
        accumulator._stats = values
        accumulator._n = n
        if n > 0:
            accumulator.score()  # the metric's own checks of summed statistics (matches <= n-grams, ...)
        return accumulator

    # -- comparison ---------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Accumulator):
            return NotImplemented
        return (self._metric, self._options, self._n, self._stats) == (
            other._metric, other._options, other._n, other._stats)

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return (f"Accumulator({self._metric!r}{', ' if options else ''}{options}; "
                f"n_sentences={self._n}, stats={self._stats})")


def _exact(value):
    """A sum as an int when it is whole, else the Fraction."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def accumulate(metric, batches) -> Accumulator:
    """An ``Accumulator`` of ``metric`` (a configured metric or a name) fed every
    ``(hyps, refs)`` pair of the iterable ``batches`` in turn (a generator keeps only one
    batch in memory at a time)."""
    accumulator = Accumulator(metric)
    for hyps, refs in batches:
        accumulator.add(hyps, refs)
    return accumulator


def _rouge_group(accumulator: Accumulator):
    """The ``use_stemmer`` of a ROUGE accumulator that ``add_all`` can feed from one
    ``rouge_all`` call, else None."""
    if accumulator._metric != "rouge" or accumulator._context is not None:
        return None
    return accumulator._options["use_stemmer"]


def add_all(accumulators, hyps, refs=None) -> list:
    """Add one batch to every accumulator of ``accumulators`` (a list), as
    ``[a.add(hyps, refs) for a in accumulators]`` does, with the same numbers: the ROUGE
    accumulators of one ``use_stemmer`` value take their rows from one
    ``rouge_all(hyps, refs, their types, use_stemmer)`` call (each text tokenized and
    stemmed once for all their types: issue 40 item 2) instead of one tokenizing call per
    type. Returns ``accumulators``."""
    accumulators = list(accumulators)
    for accumulator in accumulators:
        if not isinstance(accumulator, Accumulator):
            raise TypeError(f"add_all takes Accumulators, got {type(accumulator).__name__}")
    groups: dict = {}
    for accumulator in accumulators:
        stem = _rouge_group(accumulator)
        if stem is not None:
            groups.setdefault(stem, []).append(accumulator)
    shared = {id(a) for group in groups.values() if len(group) > 1 for a in group}
    if shared and not _is_empty_batch(hyps):
        from ..metrics.rouge.impl import rouge_all  # the one-pass call (only when ROUGE is fed)

        for stem, group in groups.items():
            if len(group) < 2:
                continue
            types = list(dict.fromkeys(a._options["rouge_type"] for a in group))
            rows = rouge_all(hyps, refs, types, use_stemmer=stem)
            for accumulator in group:
                accumulator._add_matrix(rows[accumulator._options["rouge_type"]])
    for accumulator in accumulators:
        if id(accumulator) not in shared or _is_empty_batch(hyps):
            accumulator.add(hyps, refs)
    return accumulators
