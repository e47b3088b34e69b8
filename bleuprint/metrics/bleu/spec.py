"""BLEU (Papineni et al., ACL 2002) exactly as sacreBLEU 2.5.1 computes it.

Sufficient statistics of one hypothesis against its references, for N = max_ngram_order:

    [c, r, m_1 .. m_N, t_1 .. t_N]

c: hypothesis length in tokens; r: length of the closest reference (ties to the shorter);
m_n: clipped n-gram matches; t_n: hypothesis n-grams. A corpus score is the score of the
element-wise sum of the sentences' statistics, never a mean of sentence scores.

Sources: Papineni et al. (2002) for the definition; Chen & Cherry, "A Systematic
Comparison of Smoothing Techniques for Sentence-Level BLEU" (WMT 2014) for the smoothing
methods; sacreBLEU 2.5.1 ``metrics/bleu.py`` and ``utils.my_log`` for the exact order of
floating-point operations, the zero-total rule and effective order (behaviour read, not
code copied).
"""

from __future__ import annotations

import math
from collections import Counter

from ...spec.inputs import (
    check_choice,
    check_counts,
    check_positive_int,
    check_references,
    check_smooth_value,
    check_text,
)
from ...spec.tokenizers import BLEU_TOKENIZERS, TOKENIZERS, tokenize as run_tokenizer  # noqa: F401 (TOKENIZERS: this module's name for the built-in five, kept)
from ...core.one_call import one_call_functions

#: Smoothing methods and their default values (Chen & Cherry 2014: floor = method 1,
#: add-k = method 2, exp = method 3, the NIST/mteval-v13a smoothing).
SMOOTH_DEFAULTS = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}
SMOOTH_METHODS = tuple(SMOOTH_DEFAULTS)

#: sacreBLEU's stand-in for log(0): a large negative *int*, so that exp() of the mean is 0.0.
LOG_ZERO = -9999999999


def bleu_tokens(line: str, tokenize: str = "13a", lowercase: bool = False) -> list[str]:
    """The tokens BLEU counts for one line: lowercase (``str.lower()``, optional), then
    ``rstrip()``, then the tokenizer, then ``str.split()``. This is sacreBLEU's order:
    lowercasing comes first, and only trailing white space is stripped before the
    tokenizer sees the line."""
    if lowercase:
        line = line.lower()
    return run_tokenizer(line.rstrip(), tokenize).split()


def ngram_counts(tokens: list[str], n: int) -> Counter:
    """How many times each n-gram (a tuple of n consecutive tokens) occurs in ``tokens``."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def max_reference_counts(ref_tokens: list[list[str]], n: int) -> Counter:
    """For each n-gram, the largest number of times it occurs in any *one* reference:
    the clipping bound of Papineni et al. (2002), section 2.1."""
    bound: Counter = Counter()
    for tokens in ref_tokens:
        for gram, count in ngram_counts(tokens, n).items():
            bound[gram] = max(bound[gram], count)
    return bound


def clipped_matches(hyp_tokens: list[str], ref_tokens: list[list[str]], n: int) -> int:
    """m_n = sum over the hypothesis n-grams g of min(count_h(g), max_k count_{r_k}(g))."""
    bound = max_reference_counts(ref_tokens, n)
    return sum(min(count, bound[gram]) for gram, count in ngram_counts(hyp_tokens, n).items())


def closest_ref_length(hyp_len: int, ref_lens: list[int]) -> int:
    """The reference length closest to ``hyp_len``; on a tie, the shorter one.

    References are visited in order; a reference replaces the current choice when it is
    strictly closer, or equally close and strictly shorter. An empty reference (length 0)
    is a real candidate. (sacreBLEU ``BLEU._get_closest_ref_len``.)
    """
    best_len = ref_lens[0]
    for ref_len in ref_lens[1:]:
        if abs(hyp_len - ref_len) < abs(hyp_len - best_len):
            best_len = ref_len
        elif abs(hyp_len - ref_len) == abs(hyp_len - best_len) and ref_len < best_len:
            best_len = ref_len
    return best_len


def bleu_stats(
    hyp: str,
    refs: list[str],
    tokenize: str = "13a",
    *,
    lowercase: bool = False,
    max_ngram_order: int = 4,
) -> list[int]:
    """The 2 + 2N sufficient statistics of one hypothesis: ``[c, r, m_1..m_N, t_1..t_N]``.

    ``refs`` is the list of references of ``hyp`` (a bare string is a TypeError). Every
    line is tokenized by ``bleu_tokens``.
    """
    check_text(hyp, "hyp")
    refs = check_references(refs)
    check_choice(tokenize, BLEU_TOKENIZERS, "tokenizer")
    check_positive_int(max_ngram_order, "max_ngram_order")
    hyp_tokens = bleu_tokens(hyp, tokenize, lowercase)
    ref_tokens = [bleu_tokens(ref, tokenize, lowercase) for ref in refs]
    orders = range(1, max_ngram_order + 1)
    matches = [clipped_matches(hyp_tokens, ref_tokens, n) for n in orders]
    totals = [max(len(hyp_tokens) - n + 1, 0) for n in orders]
    ref_len = closest_ref_length(len(hyp_tokens), [len(tokens) for tokens in ref_tokens])
    return [len(hyp_tokens), ref_len] + matches + totals


def brevity_penalty(sys_len: int, ref_len: int) -> float:
    """BP = 1 if c >= r, else exp(1 - r/c); 0.0 when c = 0 < r."""
    if sys_len >= ref_len:
        return 1.0
    if sys_len == 0:
        return 0.0
    return math.exp(1 - ref_len / sys_len)


def log_or_floor(x: float):
    """log(x), with sacreBLEU's ``LOG_ZERO`` for x == 0 (``utils.my_log``)."""
    return LOG_ZERO if x == 0.0 else math.log(x)


def bleu_precisions(
    matches: list,
    totals: list,
    smooth_method: str = "exp",
    smooth_value=None,
    effective_order: bool = False,
) -> tuple[list[float], int]:
    """The N n-gram precisions in percent, and the number of orders in the mean.

    For n = 1..N in order (sacreBLEU ``BLEU.compute_bleu``):

    * add-k: for n >= 2, k is added to m_n and t_n *first* (so a sentence shorter than n
      gets precision 100 there and the loop never stops early);
    * if t_n == 0 (no hypothesis n-grams) the loop stops: the remaining precisions stay 0;
    * with ``effective_order`` the mean covers orders 1..n for the last n reached;
      without it, all N orders (so a stop makes the score 0);
    * m_n > 0: p_n = 100 * m_n / t_n;
    * m_n == 0: exp gives the j-th such order 100 / (2^j * t_n); floor gives
      100 * v / t_n; none leaves 0.
    """
    matches = list(matches)
    totals = list(totals)
    order = len(matches)
    precisions = [0.0] * order
    value = SMOOTH_DEFAULTS[smooth_method] if smooth_value is None else smooth_value
    mteval_factor = 1.0
    eff_order = order
    for n in range(1, order + 1):
        if smooth_method == "add-k" and n > 1:
            matches[n - 1] += value
            totals[n - 1] += value
        if totals[n - 1] == 0:
            break
        if effective_order:
            eff_order = n
        if matches[n - 1] == 0:
            if smooth_method == "exp":
                mteval_factor *= 2
                precisions[n - 1] = 100.0 / (mteval_factor * totals[n - 1])
            elif smooth_method == "floor":
                precisions[n - 1] = 100.0 * value / totals[n - 1]
        else:
            precisions[n - 1] = 100.0 * matches[n - 1] / totals[n - 1]
    return precisions, eff_order


def check_bleu_stats(stats, max_ngram_order: int | None = None) -> tuple[list, int]:
    """BLEU's statistics ``[c, r, m_1..m_N, t_1..t_N]`` and their order N: 2 + 2N numbers
    (N >= 1; ``max_ngram_order``, if given, must be N), each a count (``check_counts``:
    finite, >= 0, whole, at most 2**53), with m_n <= t_n (clipped matches are some of the
    hypothesis n-grams, Papineni et al. 2002, section 2.1). c = 0 (an empty hypothesis) and
    r = 0 (empty references) are statistics like any other."""
    if isinstance(stats, (str, bytes)) or not hasattr(stats, "__len__"):
        raise TypeError(f"stats must be a sequence of numbers, got {type(stats).__name__}")
    if len(stats) < 4 or len(stats) % 2:
        raise ValueError(f"BLEU stats must have 2 + 2N numbers (N >= 1), got {len(stats)}")
    order = (len(stats) - 2) // 2
    if max_ngram_order is not None and check_positive_int(max_ngram_order, "max_ngram_order") != order:
        raise ValueError(f"stats of length {len(stats)} are for order {order}, not max_ngram_order={max_ngram_order}")
    bounds = [(2 + n, 2 + order + n) for n in range(order)]
    return check_counts(stats, 2 + 2 * order, "stats", at_most=bounds), order


def bleu_from_stats(
    stats,
    *,
    smooth_method: str = "exp",
    smooth_value=None,
    effective_order: bool = False,
    max_ngram_order: int | None = None,
) -> float:
    """BLEU on the 0..100 scale from (summed) statistics ``[c, r, m_1..m_N, t_1..t_N]``.

        BLEU = BP * exp( (1/E) * sum_{n=1..E} log p_n )

    with p_n in percent (``bleu_precisions``), E the number of orders in the mean, and
    log 0 replaced by ``LOG_ZERO``; the logs are summed left to right from the int 0, as
    Python's ``sum`` does. If no order has a match at all the score is 0.0 before any
    smoothing (sacreBLEU issue #141). N is read from the length of ``stats``
    (``max_ngram_order``, if given, must agree). The input is not modified. Statistics
    that are not counts (``check_bleu_stats``) and a ``smooth_value`` that is not a finite
    number >= 0 (``check_smooth_value``) are refused where sacreBLEU returns NaN, inf or a
    negative-log error.

    A perfect match scores exp(log 100) = 100.00000000000004, not 100.0, as in sacreBLEU.
    """
    check_choice(smooth_method, SMOOTH_METHODS, "smooth_method")
    check_smooth_value(smooth_value)
    stats, order = check_bleu_stats(stats, max_ngram_order)
    sys_len, ref_len = int(stats[0]), int(stats[1])
    matches, totals = stats[2 : 2 + order], stats[2 + order :]
    bp = brevity_penalty(sys_len, ref_len)
    if not any(matches):
        return 0.0
    precisions, eff_order = bleu_precisions(matches, totals, smooth_method, smooth_value, effective_order)
    log_sum = sum([log_or_floor(p) for p in precisions[:eff_order]])
    return bp * math.exp(log_sum / eff_order)


# ``corpus_bleu`` and ``sentence_bleu``: declared once in ``api.py``, made from the registered
# definition on first use (``bleuprint.core.one_call``).
__getattr__ = one_call_functions(__name__)
