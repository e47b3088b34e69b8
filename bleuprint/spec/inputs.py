"""Checks on the shape of the metrics' inputs, shared by every metric.

Layout (the contract of section 4 of the course module): ``hyps`` is a sequence of N
strings and ``refs[i]`` is the sequence of references of ``hyps[i]``; the number of
references may vary from sentence to sentence. sacreBLEU's own API takes the transpose
(reference *streams*) and silently truncates to the shortest of them; bleuprint refuses
mismatched lengths instead. That is the one deliberate difference from sacreBLEU.

Every check raises ``TypeError`` (wrong kind of value) or ``ValueError`` (right kind,
wrong content) with a message that names the argument and the position at fault.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


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
    if len(hyps) == 0:
        raise ValueError("empty corpus: hyps has no sentences")
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
