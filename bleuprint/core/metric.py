"""One metric, written once (after sacreBLEU ``metrics/base.py``: statistics per segment,
combined, then scored).

A ``Metric`` declares its ``options`` (``bleuprint.core.options.Option``) and supplies:

* the spec layer: ``segment_stats(hyp, refs, **stats_options)``, the literal definition of
  one segment's statistics row, and ``score(combined, n_segments, **score_options)``, the
  score of combined statistics (with ``parts`` for its named intermediate values);
* the impl layer: ``stats_matrix(hyps, refs, **stats_options)``, the N x S matrix of every
  segment's row at once, and ``fast_score``; by default these run the spec row by row;
* how statistics combine: its ``Shape``;
* its signature (``signature_fields``), where it has one.

Shapes (every consumer handles a metric through these, never through its name):

* ``SUM``: the corpus statistics are the element-wise sum of the segments' rows, and the
  corpus score is the score of that sum (BLEU, chrF, TER, WER later). A bootstrap
  resample, a shard or a batch is scored the same way.
* ``MEAN``: the corpus value is the mean of per-segment values (ROUGE, SQuAD, exact
  match). Each row holds the segment's values; the rows are summed like ``SUM`` rows and
  ``score`` divides by ``n_segments``: a sum of rows and a count is all it needs.
* ``CORPUS_PASS``: a segment's row depends on the whole corpus (CIDEr-D's document
  frequencies). ``corpus_context(hyps, refs, **stats_options)`` computes what the rows
  depend on, contexts of shards combine with ``combine_contexts`` (counters add), and
  ``segment_stats`` receives it as ``context=``. A bootstrap keeps the context of the
  whole corpus and resamples rows.
* ``UNION``: the corpus value counts the distinct items of the union of the segments'
  sets (distinct-n). A union of sets is the support of the sum of their indicator
  vectors, so a ``UNION`` metric is a corpus pass whose context indexes the corpus's
  distinct items (sorted, so that contexts of shards combine into the same columns) and
  whose row counts each item in the segment; ``score`` counts the non-zero columns of
  the sum. Every consumer then sums rows as for ``SUM``: a bootstrap resample's union is
  the support of its resampled sum. The row is as wide as the corpus's vocabulary of
  items (a sparse row is the next step if a real metric needs it).

``needs_context`` is true for the last two: their consumers compute (or combine) the
context before any row.

Columns listed in ``fractional_columns`` may hold non-whole values (TER's average
reference length); every other column is a whole count.
"""

from __future__ import annotations

from enum import Enum


class Shape(str, Enum):
    """How a metric's statistics combine (module doc)."""

    SUM = "sum"
    MEAN = "mean"
    CORPUS_PASS = "corpus-pass"
    UNION = "union"


class Metric:
    """Base class of every metric (module doc). Subclasses set the class attributes and
    implement ``segment_stats`` and ``score``."""

    #: The registry key ("bleu"), the name of the score (a sentence), the scale (100 or 1).
    name: str = ""
    title: str = ""
    scale: int = 100
    shape: Shape = Shape.SUM
    #: ``Option`` objects, in the order of the metric's one-call function.
    options: tuple = ()
    #: Indices of statistics columns that may be fractional.
    fractional_columns: tuple = ()

    # -- options --------------------------------------------------------------------------

    def option(self, name: str):
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def option_names(self) -> frozenset:
        return frozenset(option.name for option in self.options)

    def defaults(self) -> dict:
        """Every option with its default."""
        return {option.name: option.default for option in self.options}

    def check_option_names(self, options: dict) -> None:
        """TypeError naming the options this metric does not have."""
        unknown = sorted(set(options) - self.option_names())
        if unknown:
            raise TypeError(f"unknown option(s) for {self.name}: {', '.join(unknown)}")

    def stats_options(self, options: dict) -> dict:
        """The given options that the statistics read (defaults are not filled in: the
        metric's functions apply them)."""
        used = {option.name for option in self.options if option.used_by_stats}
        return {key: value for key, value in options.items() if key in used}

    def score_options(self, options: dict) -> dict:
        """The given options that the score reads."""
        used = {option.name for option in self.options if option.used_by_score}
        return {key: value for key, value in options.items() if key in used}

    @property
    def needs_context(self) -> bool:
        """Whether rows depend on a corpus-wide context (``CORPUS_PASS``, ``UNION``)."""
        return self.shape in (Shape.CORPUS_PASS, Shape.UNION)

    # -- inputs ---------------------------------------------------------------------------

    def check_inputs(self, hyps, refs) -> tuple[list, list]:
        """The corpus, checked: ``hyps`` N strings, ``refs[i]`` the non-empty list of
        references of ``hyps[i]`` (``bleuprint.spec.inputs.check_corpus``)."""
        from ..spec.inputs import check_corpus

        return check_corpus(hyps, refs)

    def check_corpus_limits(self, hyps: list, refs: list, **stats_options) -> None:
        """Refuse, before any work, a checked corpus the metric cannot compute (a
        segment beyond a length limit); by default nothing is refused."""

    # -- the spec layer -------------------------------------------------------------------

    def corpus_context(self, hyps: list, refs: list, **stats_options):
        """What every segment's row depends on (``CORPUS_PASS`` metrics), else None."""
        return None

    def segment_stats(self, hyp: str, refs: list, **stats_options) -> list:
        """One segment's statistics row (the definition)."""
        raise NotImplementedError

    def score(self, combined: list, n_segments: int, **score_options) -> float:
        """The score of combined statistics (Python numbers) of ``n_segments`` segments."""
        raise NotImplementedError

    def parts(self, combined: list, n_segments: int, **score_options) -> dict:
        """The score's named intermediate values (precisions, brevity penalty, ...)."""
        return {}

    # -- the impl layer -------------------------------------------------------------------

    def rows(self, hyps, refs, context=None, **stats_options) -> list[list]:
        """Every segment's row as the spec defines it: inputs checked, the limits checked
        before any work, and for a ``CORPUS_PASS`` metric the ``context`` of a larger corpus
        (shards scored apart), else the corpus's own, computed first."""
        hyps, refs = self.check_inputs(hyps, refs)
        self.check_corpus_limits(hyps, refs, **stats_options)
        if context is None:
            context = self.corpus_context(hyps, refs, **stats_options)
        extra = {} if context is None else {"context": context}
        return [self.segment_stats(h, r, **stats_options, **extra) for h, r in zip(hyps, refs)]

    def stats_matrix(self, hyps, refs, context=None, **stats_options):
        """The N x S matrix of every segment's row (int64, or float64 when some column is
        fractional); by default the spec's ``rows``."""
        import numpy as np

        rows = self.rows(hyps, refs, context, **stats_options)
        dtype = np.float64 if self.fractional_columns else np.int64
        return np.array(rows, dtype=dtype).reshape(len(rows), -1)

    def fast_score(self, combined: list, n_segments: int, **score_options) -> float:
        """impl's score of combined statistics; by default the spec's."""
        return self.score(combined, n_segments, **score_options)

    def batch_scores(self, sums, n_segments: int, float32, **score_options):
        """The score of every row of the 2-D array ``sums`` (bootstrap resamples, paired
        trials), as the spec's ``score`` computes it on ``numpy.float32`` scalars where
        ``float32`` is true (a bool, or a bool per row) and on Python numbers elsewhere:
        ``(values, python_float)``, the second flagging the scores that are Python floats
        rather than ``numpy.float32`` (the interval's arithmetic follows the types, as
        sacreBLEU's does). By default the spec's scorer row by row; impl's metrics
        vectorise it."""
        import numpy as np

        from ..spec.corpus import as_numbers

        rows = np.asarray(sums)
        per_row = np.broadcast_to(np.asarray(float32, dtype=bool), (rows.shape[0],))
        values, python_float = [], []
        for row, as32 in zip(rows, per_row):
            numbers = [np.float32(x) for x in row] if as32 else as_numbers(row)
            value = self.score(numbers, n_segments, **score_options)
            values.append(float(value))
            python_float.append(not isinstance(value, np.float32))
        return np.array(values, dtype=np.float64), np.array(python_float, dtype=bool)

    def paired_trial_scores(self, sums, n_segments: int, **score_options):
        """The double-precision scores of a paired test's exact trial sums (``sums``, one
        row per trial); by default ``batch_scores`` on Python numbers. A metric whose
        paired test departs from its plain score (BLEU's add-k in sacreBLEU) says so here."""
        return self.batch_scores(sums, n_segments, False, **score_options)[0]

    # -- combining ------------------------------------------------------------------------

    def combine_contexts(self, first, second):
        """The context of two shards together (``CORPUS_PASS``)."""
        raise NotImplementedError(f"{self.name} has no corpus context")

    # -- what the metric contributes to the tools ------------------------------------------
    # Each tool asks the metric, never a list of names: a new metric that overrides none
    # of these still gets a verify row, a strategy of its options and a reproduce search.

    def spec_entry_points(self) -> tuple[str, ...]:
        """``"module:function"`` targets of the spec functions that compute this metric
        (the mutants' sanity fault x00 breaks them all); by default its own methods."""
        cls = type(self)
        return tuple(f"{cls.__module__}:{cls.__qualname__}.{name}" for name in ("segment_stats", "score"))

    def faults(self) -> list:
        """This metric's planted faults of its spec (``bleuprint.mutants.model.Mutant``),
        contributed to the mutants catalogue; none by default."""
        return []

    def option_strategy(self):
        """A Hypothesis strategy of keyword dicts of this metric's options (used by
        ``bleuprint.strategies.metric_options``); by default one derived from the
        options' data."""
        from ..strategies import options_from_data

        return options_from_data(self.options)

    def verify_configurations(self) -> tuple:
        """``(options, label)`` pairs on which ``bleuprint verify`` compares the spec with
        impl on its built-in texts; by default the metric's defaults."""
        return (({}, f"{self.name} (defaults)"),)

    def search_space(self, hint: str = "") -> list[dict]:
        """The option dicts ``bleuprint reproduce`` tries for this metric, given the
        claim's signature or name (``hint``, possibly empty); by default the defaults."""
        return [{}]

    # -- signatures -----------------------------------------------------------------------

    def signature_fields(self, **options) -> list | None:
        """sacreBLEU-style ``(key, value)`` pairs of the metric's own signature keys, in
        order, or None for a metric without a signature."""
        return None

    def __repr__(self) -> str:
        return f"<Metric {self.name}>"
