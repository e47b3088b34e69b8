"""Checks on the shape of the metrics' inputs, shared by every metric.

Layout (the contract of section 4 of the course module): ``hyps`` is a sequence of N
strings and ``refs[i]`` is the sequence of references of ``hyps[i]``; the number of
references may vary from sentence to sentence. sacreBLEU's own API takes the transpose
(reference *streams*) and silently truncates to the shortest of them; bleuprint refuses
mismatched lengths instead. Statistics and smoothing values that are not numbers (NaN,
infinite, negative, more matches than n-grams) are refused where sacreBLEU computes NaN,
inf or a negative TER (``check_counts``, ``check_smooth_value``). ``docs/differences.md``
lists every deliberate difference from sacreBLEU in one table.

Every check raises ``TypeError`` (wrong kind of value) or ``ValueError`` (right kind,
wrong content) with a message that names the argument and the position at fault.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

from ..core.metric import check_not_empty
from ..hooks import Protocol


def check_text(value: object, what: str) -> str:
    """``value`` must be a ``str``; ``what`` names it in the error."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, got {type(value).__name__}")
    return value


def check_references(refs: object, what: str = "refs") -> list[str]:
    """The references of one hypothesis: a non-empty sequence of strings.

    A bare string is refused (iterating it would make each character a reference).
    """
    if isinstance(refs, str):
        raise TypeError(
            f"{what} must be a list of reference strings, got a bare str {refs[:30]!r}; "
            f"wrap it: [{refs[:30]!r}]"
        )
    if not isinstance(refs, Sequence):
        raise TypeError(f"{what} must be a sequence of reference strings, got {type(refs).__name__}")
    if len(refs) == 0:
        raise ValueError(f"{what} is empty: every hypothesis needs at least one reference")
    return [check_text(ref, f"{what}[{k}]") for k, ref in enumerate(refs)]


def check_hypotheses(hyps: object) -> list[str]:
    """A corpus of hypotheses: a non-empty sequence of strings (not a bare string)."""
    if isinstance(hyps, str):
        raise TypeError("hyps must be a sequence of hypothesis strings, got a bare str")
    if not isinstance(hyps, Sequence):
        raise TypeError(f"hyps must be a sequence of hypothesis strings, got {type(hyps).__name__}")
    check_not_empty(hyps)
    return [check_text(hyp, f"hyps[{i}]") for i, hyp in enumerate(hyps)]


def check_corpus(hyps: object, refs: object) -> tuple[list[str], list[list[str]]]:
    """A corpus: N hypotheses and, for each, its own non-empty list of references."""
    hyps = check_hypotheses(hyps)
    if isinstance(refs, str) or not isinstance(refs, Sequence):
        raise TypeError(
            f"refs must be a sequence with one list of references per hypothesis, "
            f"got {type(refs).__name__}"
        )
    if len(refs) != len(hyps):
        raise ValueError(
            f"mismatched lengths: {len(hyps)} hypotheses but {len(refs)} reference lists "
            f"(refs[i] is the list of references of hyps[i]; sacreBLEU would silently truncate)"
        )
    return hyps, [check_references(r, f"refs[{i}]") for i, r in enumerate(refs)]


def check_choice(value: object, allowed: Sequence[str], what: str) -> str:
    """``value`` must be one of ``allowed`` (an unknown tokenizer, metric, smoothing...)."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, one of {', '.join(allowed)}; got {type(value).__name__}")
    if value not in allowed:
        raise ValueError(f"unknown {what} {value!r}: expected one of {', '.join(allowed)}")
    return value


def check_positive_int(value: object, what: str) -> int:
    """A whole number >= 1 (``bool`` is refused although it is an ``int``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{what} must be >= 1, got {value}")
    return value


def check_non_negative_int(value: object, what: str) -> int:
    """A whole number >= 0."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{what} must be >= 0, got {value}")
    return value


def check_number(value: object, what: str) -> float:
    """A real number (int or float, not bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number, got {type(value).__name__}")
    return value


def check_beta(beta: object) -> float:
    """chrF's beta: a real number whose square is finite (inf or NaN would make every
    sentence score NaN, so that no reference could be chosen; sacreBLEU crashes there)."""
    check_number(beta, "beta")
    try:
        square = float(beta) ** 2
    except OverflowError:
        square = math.inf
    if not math.isfinite(square):
        raise ValueError(f"beta must be a finite number with a finite square, got {beta!r}")
    return beta


def check_stats(stats: object, length: int, what: str) -> list:
    """A statistics vector of exactly ``length`` numbers."""
    if isinstance(stats, (str, bytes)) or not hasattr(stats, "__len__"):
        raise TypeError(f"{what} must be a sequence of {length} numbers, got {type(stats).__name__}")
    if len(stats) != length:
        raise ValueError(f"{what} must have {length} numbers, got {len(stats)}")
    return list(stats)


# ---------------------------------------------------------------- numbers that must be numbers

#: Float64 holds every whole number up to 2**53; 2**53 + 1 is the first it rounds.
FLOAT64_EXACT_LIMIT = 2**53

#: The largest value a statistic (or a smoothing value) may take: 2**53. Up to it float64
#: holds every whole number, so a count is not rounded on its way to the score (the
#: matrices of ``sentence_stats`` and ``score_from_stats``' input are float64), and every
#: step of a score stays finite (100 * m / t, exp, log). No corpus comes near it (9e15
#: tokens); sacreBLEU can never produce more.
MAX_STATISTIC = FLOAT64_EXACT_LIMIT


def _is_finite(value) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


def _shown(value):
    """``value`` as a message shows it (a numpy scalar as the Python number it holds)."""
    return value.item() if hasattr(value, "item") else value


def check_statistic(value: object, what: str, *, whole: bool = True):
    """One sufficient statistic (the rule is ``check_counts``'): a real number (int, float
    or numpy number; not bool), finite, >= 0, at most ``MAX_STATISTIC``, and a whole number
    unless ``whole`` is false. Returned unchanged."""
    if type(value) is int and 0 <= value <= MAX_STATISTIC:  # the common case, at once (the same verdict)
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a number, got {type(value).__name__}")
    if not _is_finite(value) or value < 0 or value > MAX_STATISTIC:
        raise ValueError(f"{what} must be a finite number >= 0 (at most 2**53), got {_shown(value)!r}")
    if whole and not float(value).is_integer():
        raise ValueError(f"{what} must be a whole number (a count), got {_shown(value)!r}")
    return value


def check_counts(stats: object, length: int, what: str = "stats", *, fractional=(), at_most=()) -> list:
    """A vector of ``length`` sufficient statistics, each checked by ``check_statistic``.

    The rule, from the definitions (every statistic is a count, or an average of counts):

    * every entry is a real number, finite and >= 0: BLEU's ``[c, r, m_1..m_N, t_1..t_N]``,
      chrF's ``[hyp, ref, matches]`` per order and TER's edits count things. A negative or
      NaN entry is not a statistic, and sacreBLEU 2.5.1 turns it into a silent number or
      an unrelated error: BLEU with a negative count raises ``math domain error`` or
      returns NaN, with a NaN count NaN; TER of ``[-1, 3]`` is -33.33; chrF scores such
      vectors as if nothing were wrong. An infinite entry makes NaN or inf.
    * every entry is at most ``MAX_STATISTIC`` (2**53): beyond it float64 no longer holds
      the count, and a score's products overflow to inf near 1.8e306.
    * an entry is a whole number, except at the positions in ``fractional``: TER's
      reference length is the *average* length of a segment's references (fractional,
      e.g. 1.5), all other statistics are counts. A fractional BLEU length would be
      truncated by the score (sacreBLEU fails on it when it prints the score).
    * for each pair ``(part, whole)`` in ``at_most``, ``stats[part] <= stats[whole]``:
      matches are counted among the n-grams (BLEU's m_n among the hypothesis' t_n, chrF's
      matches among both the hypothesis' and the reference's n-grams), so more matches
      than n-grams is no statistic of any corpus: a precision above 100 %, and with BLEU's
      add-k a tiny k then makes 100 (m + k) / (t + k) overflow to inf.

    Legitimate edges are kept: zeros anywhere (an empty hypothesis, an empty reference:
    BLEU's r = 0, TER's L = 0, an order without n-grams), TER's edits above its length
    (TER is not capped at 100), and float32 whole numbers (the bootstrap's float32 sums).
    No other relation is checked (c = t_1, t_(n+1) <= t_n, ... hold for real statistics,
    but without them every score is still finite).

    Errors name the entry: ``stats[3] must be a finite number >= 0 (at most 2**53), got -1``
    (ValueError; TypeError for a non-number). Returns the entries as a list.
    """
    values = check_stats(stats, length, what)
    for i, value in enumerate(values):
        check_statistic(value, f"{what}[{i}]", whole=i not in fractional)
    for part, whole in at_most:
        if values[part] > values[whole]:
            raise ValueError(
                f"{what}[{part}] must not exceed {what}[{whole}], got {_shown(values[part])!r} > "
                f"{_shown(values[whole])!r} (matches are counted among the n-grams)"
            )
    return values


def check_smooth_value(smooth_value: object):
    """BLEU's ``smooth_value``: None (the smoothing method's default) or a real number (int
    or float, not bool) that is finite, >= 0 and at most 2**53. Returned unchanged.

    Why each refusal (sacreBLEU 2.5.1 computes all of them, ``BLEU.compute_bleu``):

    * NaN: floor and add-k score NaN;
    * inf: floor scores inf, add-k NaN ((m + inf) / (t + inf));
    * negative: floor makes a negative precision (``math domain error`` in the log); with
      add-k, m + k < 0 makes one too, t + k = 0 stops the orders early, and otherwise the
      precisions shrink instead of being smoothed;
    * above 2**53 (the bound of a count, to which add-k adds it): floor's 100 * v and
      add-k's 100 (m + k) overflow to inf from about 1.8e306 on.

    Kept: 0, for floor and add-k alike the same as no smoothing (a zero precision is
    log 0 = ``LOG_ZERO``, the score 0.0, as in sacreBLEU; the paired tests score add-k's
    truncated sums with k = 0), and any tiny positive value (the precisions stay finite;
    one that underflows to 0 counts as log 0, as in sacreBLEU).

    The value is checked whatever the method, also for exp and none, which ignore it (as
    sacreBLEU does): a value that cannot smooth anything is a mistake of the caller, and a
    call must not start failing when only the method is changed.
    """
    if smooth_value is None:
        return None
    check_number(smooth_value, "smooth_value")
    if not _is_finite(smooth_value) or smooth_value < 0 or smooth_value > MAX_STATISTIC:
        raise ValueError(f"smooth_value must be a finite number >= 0 (at most 2**53), got {smooth_value!r}")
    return smooth_value


# -- the inputs' protocol (``bleuprint.hooks``): how a consumer that reads or probes a
# metric's segments (``bleuprint score -i``, Dask, the Accumulator) asks for them, and the
# spec's rows of a checked corpus (``rows``); a metric whose segments are not text says so
# in ``bleuprint/metrics/NAME/inputs.py``.

def check_text_corpus(definition, hyps, refs) -> tuple[list, list]:
    """The default ``check_inputs``: ``hyps`` N strings, ``refs[i]`` the non-empty list of
    references of ``hyps[i]`` (``check_corpus``). For a metric without references, ``refs``
    must be None and comes back as N empty tuples."""
    if not definition.references:
        check_no_references(definition, refs)
        hyps = check_hypotheses(hyps)
        return hyps, [()] * len(hyps)
    if refs is None:
        raise TypeError(f"{definition.name} needs references: refs is None")
    return check_corpus(hyps, refs)


def check_corpus_limits(definition, hyps: list, refs: list, **stats_options) -> None:
    """Refuse, before any work, a checked corpus the metric cannot compute (a segment
    beyond a length limit); by default nothing is refused."""


def check_corpus_size(definition, hyps, refs=None) -> None:
    """The empty-corpus rule (``check_not_empty``), run before every metric's
    ``check_inputs`` (the protocol's ``first``). A metric with ``min_segments`` above 1
    refuses smaller corpora in its own checks."""
    check_not_empty(hyps)


def check_corpus_given(definition, hyps, *args, **options) -> None:
    """The empty-corpus rule (``check_not_empty``), run before every metric's ``rows`` (the
    protocol's ``first``)."""
    check_not_empty(hyps)


def spec_rows(definition, hyps, refs, context=None, **stats_options) -> list[list]:
    """The default ``rows``: every segment's row as the spec defines it (its
    ``segment_stats``), inputs checked (``check_inputs``), the limits checked before any
    work (``check_corpus_limits``), and for a ``CORPUS_PASS`` metric the ``context`` of a
    larger corpus (shards scored apart), else the corpus's own, computed first. impl's
    ``stats_matrix`` is these rows by default; a metric whose spec computes the rows of a
    corpus at once (self-BLEU, SQuAD) overrides it."""
    inputs = input_hooks(definition)
    hyps, refs = inputs.check_inputs(hyps, refs)
    inputs.check_corpus_limits(hyps, refs, **stats_options)
    if context is None:
        context = definition.corpus_context(hyps, refs, **stats_options)
    extra = {} if context is None else {"context": context}
    return [definition.segment_stats(h, r, **stats_options, **extra) for h, r in zip(hyps, refs)]


def check_no_references(definition, refs) -> None:
    """TypeError unless ``refs`` is None (a metric without references)."""
    if refs is not None:
        raise TypeError(f"{definition.name} scores hypotheses alone and takes no references "
                        f"(got refs of type {type(refs).__name__}; pass None or leave it out)")


def segment_references(definition, refs):
    """``refs`` (one checked segment's references) as a one-segment corpus's ``refs``
    argument: ``[refs]``, or None for a metric without references."""
    return [refs] if definition.references else None


def corpus_references(definition, refs):
    """A checked corpus's references (or a slice of them) as the ``refs`` argument of the
    one-call functions: themselves, or None for a metric without references."""
    return refs if definition.references else None


def fit_references(definition, refs: list) -> list:
    """``refs`` (one list of references a segment) with each list cut to the metric's first
    ``max_references``; unchanged for a metric without a limit."""
    most = input_hooks(definition).max_references
    if most is None:
        return refs
    return [list(group)[:most] for group in refs]


def probe_corpus(definition) -> tuple[list, list | None]:
    """A one-segment corpus of the simplest input (an empty hypothesis and reference),
    on which an ``Accumulator`` checks its options and learns the row's width."""
    return [""], ([[""]] if definition.references else None)


def read_segment(definition, line: str):
    """One line of a ``bleuprint score -i`` file as a hypothesis: the line itself (a
    metric whose segments are not text parses it, ValueError naming the problem)."""
    return line


INPUTS = Protocol("inputs", "inputs", {
    # what a segment's hypothesis is: "text" (a str), or the metric's own kind ("logprobs":
    # a sequence of floats), which it checks, generates and reads itself
    "segment_kind": "text",
    # the most references one segment may have (None: any number). jiwer's measures align
    # each hypothesis with exactly one reference (1) and refuse more; a generic caller whose
    # corpora have several references a segment gives such a metric each segment's first
    # (``fit_references``)
    "max_references": None,
    # the fewest segments a corpus of this metric can have (self-BLEU: 2, as one output has
    # no other output to be its reference); the metric refuses smaller corpora, and generic
    # corpora (the interval vectors') smaller than this are left out for it
    "min_segments": 1,
    "check_inputs": check_text_corpus,
    "check_corpus_limits": check_corpus_limits,
    "rows": spec_rows,
    "probe_corpus": probe_corpus,
    "read_segment": read_segment,
}, first={"check_inputs": check_corpus_size, "rows": check_corpus_given})
input_hooks = INPUTS.of
