"""Perplexity and cross-entropy, fast (the definition: ``bleuprint.metrics.perplexity.spec``).

The pooled values of a list of float64 arrays or of lists of floats come from the compiled
superaccumulator (``bleuprint.impl.native.exactsum``, ``csrc/exactsum.c``): every token's
-log p added exactly, as an integer of 2^-1074 units (each float64's integer mantissa into
a 128-bit bucket of its exponent), in one pass over the arrays as they are (no
concatenation), then rounded once by Python's correctly rounded ``int / int``: the same
exactly rounded sum as the spec's ``math.fsum`` (any bad value, or another input type: the
general path below, whose checks are the spec's).

Otherwise the corpus is flattened once into a float64 array (checked in bulk; the first bad
value is reported by the spec's own check, so the errors are the spec's). The one-call
values use ``math.fsum`` over the arrays (C speed, exactly rounded, as the spec). The statistics rows
encode each sentence's exact sum as the spec's base-2^32 digits of 2^-1074 units, from
``numpy.frexp``: a token's 53-bit integer mantissa shifted to its unit position covers at
most three digits, which are added per sentence (``numpy.add.at``, int64) and then
carried.
"""

from __future__ import annotations

from itertools import chain

import numpy as np

from ...impl import native
from . import spec as S
from ...spec.inputs import check_no_references

__all__ = ["cross_entropy", "perplexity"]

MASK = (1 << S.LIMB_BITS) - 1
#: A float64's significand bits (``numpy.finfo(numpy.float64).nmant + 1``).
MANTISSA_BITS = np.finfo(np.float64).nmant + 1


def _as_array(sentence):
    """A sentence as a float64 array, or None where the spec's check must decide (a bool,
    a non-number, an unusual container)."""
    if isinstance(sentence, np.ndarray):
        return sentence.astype(np.float64) if sentence.ndim == 1 and sentence.dtype.kind in "fiu" else None
    if isinstance(sentence, (list, tuple)) and set(map(type, sentence)) <= {float, int}:
        return np.array(sentence, dtype=np.float64)
    return None


def flatten(logprobs, what: str = "logprobs"):
    """``(values, lengths, lists)``: every token's log-probability in one float64 array,
    each sentence's length, and the sentences as lists of floats where they came as lists
    or tuples of Python numbers (else None), checked as ``spec.check_sentences`` checks
    them (the first bad value is reported by the spec's own check)."""
    if isinstance(logprobs, (str, bytes)) or not (isinstance(logprobs, (list, tuple)) or hasattr(logprobs, "__array__")):
        S.check_sentences(logprobs, what)  # raises the spec's TypeError
    sentences = list(logprobs)
    if not sentences:
        S.check_sentences(sentences, what)
    lists = None
    if set(map(type, sentences)) <= {list, tuple}:  # the common case: one pass in C
        lengths = np.fromiter(map(len, sentences), dtype=np.int64, count=len(sentences))
        flat = list(chain.from_iterable(sentences))
        if lengths.all() and set(map(type, flat)) <= {float, int}:
            values = np.array(flat, dtype=np.float64)
            lists = sentences
        else:
            values = None
    else:
        values = None
    if values is None:
        arrays = []
        for i, sentence in enumerate(sentences):
            array = _as_array(sentence)
            if array is None or array.size == 0:
                array = np.array(S.check_logprobs(sentence, f"{what}[{i}]"), dtype=np.float64)
            arrays.append(array)
        lengths = np.fromiter((a.size for a in arrays), dtype=np.int64, count=len(arrays))
        values = np.concatenate(arrays)
    bad = ~(values <= 0) | np.isneginf(values)
    if bad.any():
        first = int(np.flatnonzero(bad)[0])
        i = int(np.searchsorted(np.cumsum(lengths), first, side="right"))
        S.check_logprobs(sentences[i], f"{what}[{i}]")  # raises the spec's ValueError
    return values, lengths, lists


def _fsum_nll(values) -> float:
    """fsum of the negated values: -fsum(values), exactly (negation is exact and fsum is
    symmetric)."""
    return -S.fsum_checked(values)


def _sentence_values(values, lengths, lists, name: str) -> np.ndarray:
    """Each sentence's own CE_i = fsum(-log p) / N_i, or exp of it for perplexity."""
    if lists is None:
        ends = np.cumsum(lengths).tolist()
        flat = values.tolist()
        lists = [flat[a:b] for a, b in zip([0] + ends[:-1], ends)]
    if name == "perplexity":  # sentence by sentence, so the first failure is the spec's
        return np.array([S.exp_checked(_fsum_nll(s) / len(s)) for s in lists], dtype=np.float64)
    return np.array([_fsum_nll(s) / len(s) for s in lists], dtype=np.float64)


def _pooled_nll(values, lists) -> float:
    """S = fsum of every token's -log p."""
    return _fsum_nll(chain.from_iterable(lists) if lists is not None else values.tolist())


def _pooled_exact(logprobs):
    """``(S, N)``: the exactly rounded sum of every token's -log p and the number of tokens,
    from the superaccumulator; None where the general path must decide (no kernel, another
    input type, an empty sentence or corpus, a value that is not a log-probability)."""
    kernel = native.exactsum
    if kernel is None or type(logprobs) is not list:
        return None
    found = kernel.nll_units(logprobs)
    if found is None or found[2] >= 0:
        return None
    units, tokens, _ = found
    try:
        return int.from_bytes(units, "little") / (1 << S.UNIT_SHIFT), tokens  # rounded once, to nearest
    except OverflowError:
        raise ValueError("the sum of the negative log-probabilities exceeds float64") from None


def cross_entropy(logprobs, base: str = "e", variant: str = "pooled") -> float:
    """Cross-entropy (``spec.cross_entropy``: same arguments, value and errors)."""
    variant, base = S.check_variant(variant), S.check_base(base)
    if variant == "pooled" and (exact := _pooled_exact(logprobs)) is not None:
        return S.to_base(exact[0] / exact[1], base)
    values, lengths, lists = flatten(logprobs)
    if variant == "pooled":
        return S.to_base(_pooled_nll(values, lists) / int(lengths.sum()), base)
    return S.to_base(S.fsum_checked(_sentence_values(values, lengths, lists, "cross_entropy").tolist())
                     / lengths.size, base)


def perplexity(logprobs, variant: str = "pooled") -> float:
    """Perplexity (``spec.perplexity``: same arguments, value and errors)."""
    variant = S.check_variant(variant)
    if variant == "pooled" and (exact := _pooled_exact(logprobs)) is not None:
        return S.exp_checked(exact[0] / exact[1])
    values, lengths, lists = flatten(logprobs)
    if variant == "pooled":
        return S.exp_checked(_pooled_nll(values, lists) / int(lengths.sum()))
    return S.fsum_checked(_sentence_values(values, lengths, lists, "perplexity").tolist()) / lengths.size


# -- exact rows -----------------------------------------------------------------------------------


def limb_rows(magnitudes: np.ndarray, owner: np.ndarray, n_rows: int) -> np.ndarray:
    """The exact sum of the non-negative float64 ``magnitudes`` of each row (``owner[k]``
    the row of value k) as the spec's ``limbs``: an (n_rows, LIMBS) int64 array."""
    mantissa, exponent = np.frexp(magnitudes)
    m = np.ldexp(mantissa, MANTISSA_BITS).astype(np.int64)  # exact: the 53-bit integer mantissas
    shift = exponent.astype(np.int64) + (S.UNIT_SHIFT - MANTISSA_BITS)
    low = shift < 0  # subnormals: the mantissa has trailing zeros
    m[low] >>= -shift[low]
    shift[low] = 0
    digit, offset = shift // S.LIMB_BITS, (shift % S.LIMB_BITS).astype(np.uint64)
    um = m.astype(np.uint64)
    a = (um & np.uint64(MASK)) << offset  # < 2^64
    b = (um >> np.uint64(S.LIMB_BITS)) << offset  # < 2^53
    width = S.LIMBS + 3
    acc = np.zeros((n_rows, width), dtype=np.int64)
    for column, part in ((digit, a & np.uint64(MASK)), (digit + 1, a >> np.uint64(S.LIMB_BITS)),
                         (digit + 1, b & np.uint64(MASK)), (digit + 2, b >> np.uint64(S.LIMB_BITS))):
        np.add.at(acc, (owner, column), part.astype(np.int64))
    for k in range(width - 1):  # carry into canonical digits
        carry = acc[:, k] >> S.LIMB_BITS
        acc[:, k] &= MASK
        acc[:, k + 1] += carry
    top = S.LIMBS - 1
    for k in range(S.LIMBS, width):  # everything above the last digit belongs to it
        acc[:, top] += acc[:, k] << (S.LIMB_BITS * (k - top))
    return acc[:, :S.LIMBS]


def logprob_matrix(metric, hyps, refs, variant="pooled") -> np.ndarray:
    """Every sentence's row (``spec.sentence_row``)."""
    variant = S.check_variant(variant)
    check_no_references(metric, refs)
    values, lengths, lists = flatten(hyps)
    if variant == "pooled":
        owner = np.repeat(np.arange(lengths.size, dtype=np.int64), lengths)
        digits = limb_rows(-values, owner, lengths.size)
        counts = lengths
    else:
        per = _sentence_values(values, lengths, lists, metric.name)
        digits = limb_rows(per, np.arange(lengths.size, dtype=np.int64), lengths.size)
        counts = np.ones(lengths.size, dtype=np.int64)
    return np.concatenate([digits, counts.reshape(-1, 1)], axis=1)
