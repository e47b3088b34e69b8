"""One metric, written once (after sacreBLEU ``metrics/base.py``: statistics per segment,
combined, then scored).

A ``Metric`` declares its ``options`` (``bleuprint.core.options.Option``) and supplies:

* the spec layer: ``segment_stats(hyp, refs, **stats_options)``, the literal definition of
  one segment's statistics row, and ``score(combined, n_segments, **score_options)``, the
  score of combined statistics (with ``parts`` for its named intermediate values);
* the impl layer: ``stats_matrix(hyps, refs, **stats_options)``, the N x S matrix of every
  segment's row at once, ``fast_score``, ``batch_scores`` and ``batch_parts``; by default
  these run the spec row by row; ``pair_rows``, the rows of every (hypothesis, single
  reference) pair of blocks of lines (``bleuprint.impl.pairwise``), by default
  ``stats_matrix`` on the pairs spelled out. Those defaults are the functions of the
  definition at the end of this module (``spec_matrix``, ``row_scores``, ...);
* how statistics combine: its ``Shape``.

That is all a ``Metric`` is: its definition (seventeen members; the test
``tests/model/test_tool_hooks.py`` lists them). Its other names (aliases, public
functions) are the registry's (``register``); its options are read by functions of
``bleuprint.core.options`` (``option_defaults(definition)``, ``sentence_defaults``,
``options_for_stats``, ...). What a tool asks of a metric beyond it (its vector corpora,
verify's configurations, its planted faults, reproduce's search, its signature, how its
segments are read and the spec's rows of a corpus, how a paired test scores a trial) is
the tool's protocol, with the tool's default (``bleuprint.hooks``), and a metric tunes a
tool in ``bleuprint/metrics/NAME/<tool>.py``. This module imports no tool.

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

``needs_context(definition)`` is true for the last two: their consumers compute (or
combine) the context before any row.

Segments. By default a segment is a hypothesis string with its non-empty list of
reference strings. A metric with ``references = False`` scores hypotheses alone
(distinct-n, self-BLEU, perplexity): its one-call functions take ``refs`` as None (or
omit it), and ``segment_stats`` receives an empty tuple of references. How a corpus is
checked, what a segment is and the spec's rows of a corpus (``check_inputs``,
``segment_kind``: perplexity's sequences of log-probabilities, ``max_references``,
``min_segments``, ``rows``) is the inputs' protocol
(``bleuprint.spec.inputs``), tuned in ``metrics/NAME/inputs.py``; how segments are
generated, read and probed are the tools' hooks too: every consumer asks these, never the
metric's name.

Columns listed in ``fractional_columns`` may hold non-whole values (TER's average
reference length); every other column is a whole count.
"""

from __future__ import annotations

import functools
from enum import Enum

from .options import (check_option_names, find_option, option_defaults, options_for_score, options_for_stats,
                      sentence_defaults)


class Shape(str, Enum):
    """How a metric's statistics combine (module doc)."""

    SUM = "sum"
    MEAN = "mean"
    CORPUS_PASS = "corpus-pass"
    UNION = "union"


class Metric:
    """Base class of every metric (module doc). Subclasses set the class attributes and
    implement ``segment_stats`` and ``score``."""

    #: The registry key ("bleu"), the name of the score (a sentence), the scale (100, 10 or 1).
    #: (Its other names, aliases and public functions, are the registry's: ``register``.)
    name: str = ""
    title: str = ""
    scale: int = 100
    shape: Shape = Shape.SUM
    #: ``Option`` objects, in the order of the metric's one-call function.
    options: tuple = ()
    #: Indices of statistics columns that may be fractional.
    fractional_columns: tuple = ()
    #: Whether a segment has references (module doc, "Segments"); False: hypotheses alone.
    references: bool = True

    def __init_subclass__(cls, **kwargs) -> None:
        """Every metric refuses the empty corpus by one rule (``check_not_empty``): the
        corpus entry points a subclass defines (``CORPUS_ENTRY_POINTS``) are wrapped so that
        the rule runs before the metric's own code, which cannot forget it (Meteor 1.5's
        kernel rows of no segment summed to 0.0; SQuAD and perplexity had messages of
        their own). The inputs' protocol runs it before every ``check_inputs`` and the
        spec's ``rows`` (``bleuprint.spec.inputs``)."""
        super().__init_subclass__(**kwargs)
        for name in CORPUS_ENTRY_POINTS:
            method = cls.__dict__.get(name)
            if method is not None:
                setattr(cls, name, refusing_empty_corpus(method))

    # -- the value ------------------------------------------------------------------------

    def __call__(self, /, **options):
        """This metric with ``options``, as one value (``ConfiguredMetric``): the options
        are checked now against their data; every generic function takes the value."""
        return ConfiguredMetric(self, options)

    # -- the spec layer -------------------------------------------------------------------

    def corpus_context(self, hyps: list, refs: list, **stats_options):
        """What every segment's row depends on (``CORPUS_PASS`` metrics), else None."""
        return None

    def combine_contexts(self, first, second):
        """The context of two shards together (``CORPUS_PASS``)."""
        raise NotImplementedError(f"{self.name} has no corpus context")

    def segment_stats(self, hyp: str, refs: list, **stats_options) -> list:
        """One segment's statistics row (the definition)."""
        raise NotImplementedError

    def score(self, combined: list, n_segments: int, **score_options) -> float:
        """The score of combined statistics (Python numbers) of ``n_segments`` segments."""
        raise NotImplementedError

    def parts(self, combined: list, n_segments: int, **score_options) -> dict:
        """The score's named intermediate values (precisions, brevity penalty, ...)."""
        return {}

    # -- the impl layer: vectorised overrides, by default the spec's rows and scores ------

    def stats_matrix(self, hyps, refs, context=None, **stats_options):
        """The N x S matrix of every segment's row (int64, or float64 when some column is
        fractional); by default the spec's rows (the inputs' protocol's ``rows``: inputs
        and limits checked, the ``context`` of a larger corpus or the corpus's own)."""
        return spec_matrix(self, hyps, refs, context, **stats_options)

    def fast_score(self, combined: list, n_segments: int, **score_options) -> float:
        """impl's score of combined statistics; by default the spec's."""
        return self.score(combined, n_segments, **score_options)

    def batch_scores(self, sums, n_segments: int, float32, **score_options):
        """The score of every row of the 2-D array ``sums`` (bootstrap resamples, paired
        trials), as the spec's ``score`` computes it on ``numpy.float32`` scalars where
        ``float32`` is true (a bool, or a bool per row) and on Python numbers elsewhere:
        ``(values, python_float)``, the second flagging the scores that are Python floats
        rather than ``numpy.float32`` (the interval's arithmetic follows the types, as
        sacreBLEU's does). By default the spec's scorer row by row (``row_scores``)."""
        return row_scores(self, sums, n_segments, float32, **score_options)

    def batch_parts(self, sums, n_segments: int, **score_options) -> dict:
        """``parts`` of every row of the 2-D array ``sums`` (exact statistics, scored in
        double precision), as ``{name: array}`` whose first axis is the rows: a number per
        row gives an (R,) array, a list of k numbers an (R, k) array (int64 where every
        value is an int, else float64). By default ``parts`` row by row (``row_parts``)."""
        return row_parts(self, sums, n_segments, **score_options)

    def pair_rows(self, hyps: list, refs: list, blocks: list, chunk: int, **stats_options):
        """The statistics rows of every (hypothesis, single reference) pair of each block,
        for ``bleuprint.impl.pairwise``: ``blocks`` are ``(h0, h1, r0, r1)``, the hypotheses
        ``hyps[h0:h1]`` against the references ``refs[r0:r1]`` (checked lines), and the rows
        come block after block, each block row-major (hypothesis i, then reference j), as
        arrays of at most ``chunk`` rows. Row ``(i, j)`` is ``stats_matrix([hyps[i]],
        [[refs[j]]])``'s. By default the pairs spelled out (``explicit_pair_rows``); a metric
        whose lines can be prepared once for all their pairs (BLEU, chrF) overrides it."""
        return explicit_pair_rows(self, hyps, refs, blocks, chunk, **stats_options)

    def __repr__(self) -> str:
        return f"<Metric {self.name}>"


class ConfiguredMetric:
    """A registered metric with its given options (``bleuprint.core.value``: what the value
    is and why). Made by ``bleuprint.metric`` or by calling a ``Metric``; never changed
    afterwards."""

    __slots__ = ("_definition", "_items")

    def __init__(self, definition: Metric, options: dict | None = None) -> None:
        if not isinstance(definition, Metric):
            raise TypeError(f"a configured metric needs a Metric, got {type(definition).__name__}")
        options = dict(options or {})
        check_option_names(definition, options)
        for name, value in options.items():
            find_option(definition, name).check(value)
        order = [option.name for option in definition.options]
        object.__setattr__(self, "_definition", definition)
        object.__setattr__(self, "_items", tuple((name, options[name]) for name in order if name in options))

    def __setattr__(self, name, value):
        raise AttributeError("a configured metric is immutable: make another with metric(value, **options)")

    __delattr__ = __setattr__

    @property
    def definition(self) -> Metric:
        """The registered ``Metric``."""
        return self._definition

    @property
    def name(self) -> str:
        """The metric's registry name."""
        return self._definition.name

    @property
    def options(self) -> dict:
        """The options given (a fresh dict, in the order of the metric's options)."""
        return dict(self._items)

    def resolved(self) -> dict:
        """Every option: the defaults, overridden by the given ones."""
        return {**option_defaults(self._definition), **self.options}

    def stats_options(self) -> dict:
        """The given options that the statistics read."""
        return options_for_stats(self._definition, self.options)

    def score_options(self) -> dict:
        """The given options that the score reads."""
        return options_for_score(self._definition, self.options)

    def sentence_level(self) -> ConfiguredMetric:
        """This value under the metric's sentence-level defaults (``Option.sentence_default``:
        BLEU's effective order) where the options given leave them open."""
        return ConfiguredMetric(self._definition, {**sentence_defaults(self._definition), **self.options})

    def replace(self, **options) -> ConfiguredMetric:
        """The same metric with ``options`` given over this value's."""
        return ConfiguredMetric(self._definition, {**self.options, **options})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ConfiguredMetric):
            return NotImplemented
        return self._definition is other._definition and self._items == other._items

    def __hash__(self) -> int:
        return hash((id(self._definition), self._items))

    def __repr__(self) -> str:
        given = "".join(f", {name}={value!r}" for name, value in self._items)
        return f"metric({self.name!r}{given})"

    def __copy__(self) -> ConfiguredMetric:
        return self

    def __deepcopy__(self, memo) -> ConfiguredMetric:
        return self


# -- the defaults of impl's overrides: the spec's rows and scores --------------------------

def spec_matrix(definition, hyps, refs, context=None, **stats_options):
    """``Metric.stats_matrix``'s default: the spec's rows (``rows`` of the inputs' protocol,
    ``bleuprint.spec.inputs``) as an int64 matrix, float64 when some column is fractional."""
    import numpy as np

    from ..spec.inputs import input_hooks

    rows = input_hooks(definition).rows(hyps, refs, context, **stats_options)
    dtype = np.float64 if definition.fractional_columns else np.int64
    return np.array(rows, dtype=dtype).reshape(len(rows), -1)


def row_scores(definition, sums, n_segments: int, float32, **score_options):
    """``Metric.batch_scores``' default: the spec's ``score`` of each row, on
    ``numpy.float32`` scalars where ``float32`` is true, else on Python numbers."""
    import numpy as np

    from ..spec.corpus import as_numbers

    rows = np.asarray(sums)
    per_row = np.broadcast_to(np.asarray(float32, dtype=bool), (rows.shape[0],))
    values, python_float = [], []
    for row, as32 in zip(rows, per_row):
        numbers = [np.float32(x) for x in row] if as32 else as_numbers(row)
        value = definition.score(numbers, n_segments, **score_options)
        values.append(float(value))
        python_float.append(not isinstance(value, np.float32))
    return np.array(values, dtype=np.float64), np.array(python_float, dtype=bool)


def row_parts(definition, sums, n_segments: int, **score_options) -> dict:
    """``Metric.batch_parts``' default: ``parts`` of each row (as Python numbers), stacked."""
    import numpy as np

    from ..spec.corpus import as_numbers

    rows = [definition.parts(as_numbers(row), n_segments, **score_options) for row in np.asarray(sums)]
    if not rows:
        return {}
    return {name: np.array([row[name] for row in rows]) for name in rows[0]}


def explicit_pair_rows(definition, hyps: list, refs: list, blocks: list, chunk: int, **stats_options):
    """``Metric.pair_rows``' default: the pairs spelled out a chunk at a time and handed to
    ``stats_matrix`` (one pair at a time for a metric whose rows depend on a corpus
    context, as a one-segment corpus has its own), so that a caller scoring each array
    holds one bounded chunk at a time: every metric gets this."""

    def pairs():
        for h0, h1, r0, r1 in blocks:
            for i in range(h0, h1):
                for j in range(r0, r1):
                    yield hyps[i], [refs[j]]

    batch_hyps, batch_refs = [], []
    for hyp, ref in pairs():
        batch_hyps.append(hyp)
        batch_refs.append(ref)
        if len(batch_hyps) == chunk:
            yield _pair_chunk(definition, batch_hyps, batch_refs, stats_options)
            batch_hyps, batch_refs = [], []
    if batch_hyps:
        yield _pair_chunk(definition, batch_hyps, batch_refs, stats_options)


def _pair_chunk(definition, hyps, refs, stats_options):
    """``explicit_pair_rows``' rows of explicit pairs."""
    import numpy as np

    if not needs_context(definition):
        return definition.stats_matrix(hyps, refs, **stats_options)
    rows = [definition.stats_matrix([hyp], [ref], **stats_options)[0] for hyp, ref in zip(hyps, refs)]
    return np.array(rows).reshape(len(rows), -1)


def needs_context(definition) -> bool:
    """Whether ``definition``'s rows depend on a corpus-wide context (``CORPUS_PASS``,
    ``UNION``): its consumers compute (or combine) the context before any row."""
    return definition.shape in (Shape.CORPUS_PASS, Shape.UNION)


#: The methods through which a corpus enters a metric (impl's matrix; the spec's rows are
#: the inputs' protocol's, which runs the rule first too): each runs ``check_not_empty``
#: first, in every metric.
CORPUS_ENTRY_POINTS = ("stats_matrix",)


def check_not_empty(segments: object, what: str = "hyps") -> object:
    """The empty-corpus rule, one for every metric (issue 33): a corpus without a segment
    has no score (its statistics are a sum of no rows, 0/0 for a mean; Meteor 1.5 read it
    as 0.0), so it is refused: ``ValueError("empty corpus: <what> has no sentences")``.
    Anything without a length (or a bare string) is left to the caller's own TypeError.
    The model applies it before every metric's own checks (``CORPUS_ENTRY_POINTS``, and the
    inputs' protocol before ``check_inputs`` and ``rows``);
    the metrics' one-call functions apply it through their corpus checks. Returned
    unchanged."""
    if isinstance(segments, (str, bytes)):
        return segments
    try:
        size = len(segments)
    except TypeError:  # no length (a 0-d array, a generator): the caller's checks say so
        return segments
    if size == 0:
        raise ValueError(f"empty corpus: {what} has no sentences")
    return segments


def refusing_empty_corpus(method):
    """``method`` (a metric's corpus entry point, ``f(self, hyps, refs, ...)``) preceded by
    the empty-corpus rule; wrapped once."""
    if getattr(method, "refuses_empty_corpus", False):
        return method

    @functools.wraps(method)
    def checked(self, *args, **kwargs):
        check_not_empty(args[0] if args else kwargs.get("hyps"))
        return method(self, *args, **kwargs)

    checked.refuses_empty_corpus = True
    return checked


for _name in CORPUS_ENTRY_POINTS:
    setattr(Metric, _name, refusing_empty_corpus(Metric.__dict__[_name]))
del _name
