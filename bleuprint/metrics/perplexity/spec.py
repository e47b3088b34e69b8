"""Perplexity and cross-entropy from per-token log-probabilities, the literal definition.

Input: one sequence per sentence of the natural-log probabilities ``log p(w_t | w_<t)``
the model gave each scored token (whatever tokens the caller scored: BOS/EOS and the
first token are the caller's choice, as ``ignore_index`` is in torchmetrics).

Definitions (Jurafsky and Martin, *Speech and Language Processing*, 3rd ed., ch. 3:
perplexity is the inverse probability of the test set normalised by the number of words,
PP = P(w_1..w_N)^(-1/N) = exp(-(1/N) sum log p); cross-entropy H = -(1/N) sum log p, so
PP = e^H = 2^(H / ln 2)):

* ``pooled`` (torchmetrics' ``Perplexity``: ``exp(total NLL / total count)`` over all
  scored tokens of all sentences; seed 004's ``es.perplexity``/``es.cross_entropy``,
  "pooled over all tokens"): CE = S / N with S the sum of the negative log-probabilities
  of every token of the corpus and N the number of tokens; PPL = exp(CE).
* ``sentence-mean`` (HF evaluate's ``mean_perplexity``: the mean over sentences of each
  sentence's own perplexity): PPL = (1/M) sum_i exp(S_i / N_i); for cross-entropy the mean
  of the sentences' own S_i / N_i.
* ``base``: "e" gives cross-entropy in nats, "2" in bits (H / ln 2). Perplexity has no
  base: e^H(nats) = 2^H(bits) is the same number.

The stated float64 order: every sum of floats here is the exactly rounded sum
(``math.fsum``: the float64 nearest to the exact real sum), which no order or grouping of
the terms changes: S = fsum(every token's -log p), CE = S / N (one float64 division),
PPL = ``math.exp(CE)``; a sentence's CE_i = fsum(its -log p) / N_i; the sentence mean is
fsum(the M sentence values) / M.

Statistics rows that make a sharded or batched run give the same bits: a row holds the
*exact* value of a sentence's sum (pooled: the sentence's S_i; sentence-mean: its own
PPL_i or CE_i) as a fixed-point integer in units of 2^-1074 (every float64 is a whole
number of those units), split into ``LIMBS`` base-2^32 digits (little-endian; the last
digit holds the rest), followed by a count (pooled: N_i; sentence-mean: 1). Integer rows
sum exactly in any order; the score rebuilds the exact total and rounds it once to
float64, which is ``math.fsum`` of all the terms.

Refused, with a message naming the sentence and the token: a log-probability above 0 (a
probability above 1), NaN, +inf, -inf (probability 0: the perplexity would be infinite;
refusing says where, which an infinite number would not), a non-number or a bool, an
empty sentence, a corpus with no sentence. A perplexity beyond float64 (CE above about
709.78 nats) is a ValueError, not inf.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

from ...spec.inputs import check_choice, check_not_empty

VARIANTS = ("pooled", "sentence-mean")
BASES = ("e", "2")
LIMB_BITS = 32
#: float64 values are below 2^1024, i.e. 2^2098 units of 2^-1074: 66 digits of 32 bits.
LIMBS = 66
UNIT_SHIFT = 1074
LN2 = math.log(2)


def check_variant(variant: object) -> str:
    return check_choice(variant, VARIANTS, "variant")


def check_base(base: object) -> str:
    return check_choice(base, BASES, "base")


def check_logprobs(sentence: object, what: str) -> list[float]:
    """One sentence's log-probabilities as floats (module doc: the refusals)."""
    if isinstance(sentence, (str, bytes)) or not (isinstance(sentence, Sequence) or hasattr(sentence, "__array__")):
        raise TypeError(f"{what} must be a sequence of log-probabilities (floats), got {type(sentence).__name__}")
    values = list(sentence)
    if not values:
        raise ValueError(f"{what} is empty: a sentence needs at least one scored token")
    out = []
    for t, x in enumerate(values):
        if hasattr(x, "item") and not isinstance(x, numbers.Real):
            x = x.item() if getattr(x, "shape", None) == () else x
        if isinstance(x, bool) or type(x).__name__ == "bool_" or not isinstance(x, numbers.Real):
            raise TypeError(f"{what}[{t}] must be a number (a log-probability), got {type(x).__name__}")
        x = float(x)
        if math.isnan(x):
            raise ValueError(f"{what}[{t}] is NaN: not a log-probability")
        if x == -math.inf:
            raise ValueError(f"{what}[{t}] is -inf (probability 0): the perplexity would be infinite")
        if x > 0:
            raise ValueError(f"{what}[{t}] is {x!r} > 0: a log-probability above 0 is a probability above 1")
        out.append(x)
    return out


def check_sentences(logprobs: object, what: str = "logprobs") -> list[list[float]]:
    """A corpus: a non-empty sequence of sentences, each checked by ``check_logprobs``."""
    if isinstance(logprobs, (str, bytes)) or not (isinstance(logprobs, Sequence) or hasattr(logprobs, "__array__")):
        raise TypeError(f"{what} must be a sequence of sentences (sequences of log-probabilities), "
                        f"got {type(logprobs).__name__}")
    sentences = check_not_empty(list(logprobs), what)
    return [check_logprobs(s, f"{what}[{i}]") for i, s in enumerate(sentences)]


# -- exact sums -------------------------------------------------------------------------------


def units(x: float) -> int:
    """A non-negative float64 as a whole number of 2^-1074 units (exact)."""
    p, q = x.as_integer_ratio()
    return p * ((1 << UNIT_SHIFT) // q)


def limbs(value: int) -> list[int]:
    """A non-negative integer as ``LIMBS`` base-2^32 digits, little-endian, the last one
    holding everything above."""
    mask = (1 << LIMB_BITS) - 1
    return [(value >> (LIMB_BITS * k)) & mask for k in range(LIMBS - 1)] + [value >> (LIMB_BITS * (LIMBS - 1))]


def from_limbs(digits) -> int:
    return sum(int(d) << (LIMB_BITS * k) for k, d in enumerate(digits))


def fsum_checked(values) -> float:
    """``math.fsum``, refusing a sum beyond float64 (ValueError, never inf)."""
    try:
        return math.fsum(values)
    except OverflowError:
        raise ValueError("the sum of the negative log-probabilities exceeds float64") from None


def nll_sum(sentence: list[float]) -> float:
    """S_i: the exactly rounded sum of the sentence's negative log-probabilities."""
    return fsum_checked(-x for x in sentence)


def sentence_cross_entropy(sentence: list[float]) -> float:
    """CE_i = S_i / N_i (nats)."""
    return nll_sum(sentence) / len(sentence)


def exp_checked(ce: float) -> float:
    """exp(CE), refusing an overflow (ValueError) rather than returning inf."""
    try:
        return math.exp(ce)
    except OverflowError:
        raise ValueError(f"the perplexity exp({ce!r}) exceeds float64 (cross-entropy above about 709.78 nats): "
                         f"report the cross-entropy instead") from None


def sentence_perplexity(sentence: list[float]) -> float:
    """PPL_i = exp(CE_i)."""
    return exp_checked(sentence_cross_entropy(sentence))


def to_base(ce_nats: float, base: str) -> float:
    """Cross-entropy in ``base``: nats as they are, bits = nats / ln 2."""
    return ce_nats if check_base(base) == "e" else ce_nats / LN2


def pooled_cross_entropy_nats(sentences: list[list[float]]) -> float:
    """CE = fsum(every token's -log p) / N."""
    return fsum_checked(-x for s in sentences for x in s) / sum(len(s) for s in sentences)


def cross_entropy(logprobs, base: str = "e", variant: str = "pooled") -> float:
    """Cross-entropy of a corpus of per-token natural-log probabilities (module doc):
    ``pooled`` fsum(-log p) / N over every token; ``sentence-mean`` the mean of the
    sentences' own; in nats (``base="e"``) or bits (``base="2"``)."""
    variant, base = check_variant(variant), check_base(base)
    sentences = check_sentences(logprobs)
    if variant == "pooled":
        return to_base(pooled_cross_entropy_nats(sentences), base)
    return to_base(fsum_checked(sentence_cross_entropy(s) for s in sentences) / len(sentences), base)


def perplexity(logprobs, variant: str = "pooled") -> float:
    """Perplexity of a corpus of per-token natural-log probabilities (module doc):
    ``pooled`` exp(CE) over every token (torchmetrics); ``sentence-mean`` the mean of the
    sentences' own perplexities (HF evaluate's mean_perplexity)."""
    variant = check_variant(variant)
    sentences = check_sentences(logprobs)
    if variant == "pooled":
        return exp_checked(pooled_cross_entropy_nats(sentences))
    return fsum_checked(sentence_perplexity(s) for s in sentences) / len(sentences)


# -- the registered metrics' rows ---------------------------------------------------------------


def sentence_row(sentence: list[float], metric: str, variant: str) -> list[int]:
    """A sentence's row (module doc): the exact value as limbs, then its count. pooled:
    (S_i exactly, N_i); sentence-mean: (PPL_i or CE_i in nats, 1)."""
    variant = check_variant(variant)
    if variant == "pooled":
        return limbs(sum(units(-x) for x in sentence)) + [len(sentence)]
    value = sentence_perplexity(sentence) if metric == "perplexity" else sentence_cross_entropy(sentence)
    return limbs(units(value)) + [1]


def mean_from_row(combined) -> float:
    """The summed row's exact total over its count, rounded once (the fsum of the terms
    over the count, as the definition: the exact total rounded to float64, then divided).
    All-zero statistics (no token: only an Accumulator's probe makes them, since every
    sentence has a token) give 0: cross-entropy 0, perplexity 1."""
    total, count = from_limbs(combined[:LIMBS]), int(combined[LIMBS])
    if count == 0:  # no token: all-zero statistics (an Accumulator's probe), no surprise
        return 0.0
    try:
        rounded = total / (1 << UNIT_SHIFT)
    except OverflowError:
        raise ValueError("the sum of the negative log-probabilities exceeds float64") from None
    return rounded / count


def score_from_row(combined, metric: str, variant: str, base: str = "e") -> float:
    """The metric of summed rows: pooled, the mean is CE (then exp for perplexity);
    sentence-mean, the mean is already the metric's (CE in nats, or PPL)."""
    mean = mean_from_row(combined)
    if check_variant(variant) == "pooled" and metric == "perplexity":
        return exp_checked(mean)
    return mean if metric == "perplexity" else to_base(mean, base)
