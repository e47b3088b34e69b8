"""chrF (Popovic, WMT 2015) and chrF++ (Popovic, WMT 2017) exactly as sacreBLEU 2.5.1.

Statistics of one hypothesis against one reference: for each order in the sequence
(character orders 1..n, then word orders 1..word_order; ``n = 0`` is a word-only chrF,
at least one order in all: ``check_orders``), three numbers

    [hyp n-grams, ref n-grams, matches]

where matches are clipped (sum of min of the two counts), and the hypothesis count is
*0 when the reference has no n-gram of that order* (sacreBLEU's rule, so such n-grams
never hurt precision, even at corpus level). With several references a sentence keeps
the statistics of the reference with the strictly highest sentence score (the first on
a tie). A corpus score is the score of the summed statistics.

Sources: Popovic (2015, 2017) for the definitions; sacreBLEU 2.5.1 ``metrics/chrf.py``
and ``metrics/helpers.py`` for the effective-order averaging, eps smoothing, word
splitting and the order of floating-point operations (behaviour read, not code copied).
"""

from __future__ import annotations

from collections import Counter

from ...spec.inputs import (
    check_beta,
    check_non_negative_int,
    check_counts,
    check_references,
    check_text,
)
from ...core.one_call import one_call_functions

#: The placeholder sacreBLEU uses for an undefined precision, recall or F (eps smoothing).
EPS = 1e-16

#: ASCII punctuation, Python's ``string.punctuation``; chrF++ splits one such mark off a word.
ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def check_orders(n: object, word_order: object) -> None:
    """chrF's orders: ``n`` character orders and ``word_order`` word orders, each an int
    >= 0, and at least one order in all.

    ``n = 0`` with ``word_order >= 1`` is a word-only chrF: sacreBLEU 2.5.1's
    ``CHRF(char_order=0, word_order=k)`` has only the k word orders in its statistics (its
    character n-gram loop ``range(1, 0 + 1)`` is empty) and scores them as any other
    orders. Both 0 leaves no statistic at all, and sacreBLEU then has no score: with eps
    smoothing it divides by the 0 orders (ZeroDivisionError), summing the empty rows of
    several segments raises IndexError, and a one-segment corpus gets a silent 0.0; here
    it is a ValueError.
    """
    check_non_negative_int(n, "n")
    check_non_negative_int(word_order, "word_order")
    if n + word_order == 0:
        raise ValueError(
            "n (the character order, sacreBLEU's char_order) and word_order are both 0: "
            "chrF needs at least one character or word order"
        )


def char_ngram_counts(line: str, n: int, whitespace: bool = False) -> Counter:
    """Counts of the character n-grams (substrings of n code points) of ``line``.

    Unless ``whitespace`` is true, all white space (as ``str.split()`` sees it) is removed
    first. With ``whitespace=True`` the line is used as given, leading and trailing spaces
    included: chrF never strips.
    """
    if not whitespace:
        line = "".join(line.split())
    return Counter(line[i : i + n] for i in range(len(line) - n + 1))


def chrf_words(line: str) -> list[str]:
    """chrF++'s words: the white-space tokens, with at most one ASCII punctuation mark
    split off each token of two or more characters, the last character first:
    ``hello.`` -> ``hello``, ``.``; else ``(hi`` -> ``(``, ``hi``. Hence ``(hi)`` -> ``(hi``,
    ``)``. (After m-popovic/chrF, as sacreBLEU does it.)"""
    words = []
    for token in line.split():
        if len(token) == 1:
            words.append(token)
        elif token[-1] in ASCII_PUNCTUATION:
            words += [token[:-1], token[-1]]
        elif token[0] in ASCII_PUNCTUATION:
            words += [token[0], token[1:]]
        else:
            words.append(token)
    return words


def word_ngram_counts(words: list[str], n: int) -> Counter:
    """Counts of the word n-grams of ``words`` (n consecutive words joined by a space)."""
    return Counter(" ".join(words[i : i + n]) for i in range(len(words) - n + 1))


def all_ngram_counts(line: str, n: int, word_order: int, whitespace: bool) -> list[Counter]:
    """The n-gram counts of every order in chrF's sequence: characters 1..n, then words
    1..word_order."""
    counts = [char_ngram_counts(line, k, whitespace) for k in range(1, n + 1)]
    words = chrf_words(line)
    counts += [word_ngram_counts(words, k) for k in range(1, word_order + 1)]
    return counts


def order_stats(hyp_counts: Counter, ref_counts: Counter) -> list[int]:
    """``[hyp, ref, matches]`` for one order; hyp is 0 when the reference has no n-gram."""
    matches = sum(min(count, ref_counts[gram]) for gram, count in hyp_counts.items())
    hyp_total = sum(hyp_counts.values()) if len(ref_counts) > 0 else 0
    return [hyp_total, sum(ref_counts.values()), matches]


def check_chrf_stats(stats, n: int = 6, beta: float = 2, word_order: int = 0) -> list:
    """chrF's options (``check_orders``, ``check_beta``) and its statistics: 3 numbers per
    order, each a count (``check_counts``: finite, >= 0, whole, at most 2**53), an order's
    matches at most its hypothesis and its reference n-grams. Returns the entries."""
    check_orders(n, word_order)
    check_beta(beta)
    orders = n + word_order
    bounds = [(3 * i + 2, 3 * i + j) for i in range(orders) for j in (0, 1)]
    return check_counts(stats, 3 * orders, "stats", at_most=bounds)


def chrf_from_stats(stats, n: int = 6, beta: float = 2, *, word_order: int = 0, eps_smoothing: bool = False) -> float:
    """chrF on the 0..100 scale from (summed) statistics, 3 numbers per order.

    Per order: P = m/h (EPS if h = 0), R = m/r (EPS if r = 0), F = (1+b^2) P R / (b^2 P + R)
    (EPS if the denominator is 0), with b^2 = ``beta ** 2``.

    * Default (sacreBLEU's "effective order", signature ``eff:yes``): average P and R over
      the orders with h > 0 and r > 0 only, then score
      100 * (1 + b^2) * avgP * avgR / (b^2 * avgP + avgR), and 0.0 when avgP + avgR is 0.
    * ``eps_smoothing=True`` (chrF++.py, NLTK, Moses; ``eff:no``): the mean of the per-order
      F over *all* n + word_order orders, times 100.
    """
    stats = check_chrf_stats(stats, n, beta, word_order)
    orders = n + word_order
    factor = beta**2
    f_sum = 0.0
    sum_p, sum_r, effective = 0.0, 0.0, 0
    for i in range(orders):
        hyp_total, ref_total, matches = stats[3 * i : 3 * i + 3]
        precision = matches / hyp_total if hyp_total > 0 else EPS
        recall = matches / ref_total if ref_total > 0 else EPS
        denominator = factor * precision + recall
        f_sum += (1 + factor) * precision * recall / denominator if denominator > 0 else EPS
        if hyp_total > 0 and ref_total > 0:
            sum_p += precision
            sum_r += recall
            effective += 1
    if eps_smoothing:
        return 100 * f_sum / orders
    if effective == 0:
        avg_p = avg_r = 0.0
    else:
        avg_p = sum_p / effective
        avg_r = sum_r / effective
    if avg_p + avg_r == 0:
        return 0.0
    score = (1 + factor) * avg_p * avg_r
    score /= factor * avg_p + avg_r
    return 100 * score


def chrf_parts(stats, n: int = 6, beta: float = 2, *, word_order: int = 0, eps_smoothing: bool = False) -> dict:
    """The precision and recall behind a chrF score, on its 0..100 scale, from (summed)
    statistics (3 numbers per order, as ``chrf_from_stats`` reads them).

    ``precision`` and ``recall`` are 100 * avgP and 100 * avgR: the per-order
    P = m/h and R = m/r averaged over the orders with h > 0 and r > 0 (0.0 when there is
    none), the two numbers whose F-beta is the default score (``eff:yes``). Under
    ``eps_smoothing`` the score is the mean of the per-order F instead; the averages are
    the same definition there. ``beta`` and ``eps_smoothing`` are checked and otherwise
    unused: both belong to the score, not to P and R."""
    stats = check_chrf_stats(stats, n, beta, word_order)
    sum_p, sum_r, effective = 0.0, 0.0, 0
    for i in range(n + word_order):
        hyp_total, ref_total, matches = stats[3 * i : 3 * i + 3]
        if hyp_total > 0 and ref_total > 0:
            sum_p += matches / hyp_total
            sum_r += matches / ref_total
            effective += 1
    if effective == 0:
        return {"precision": 0.0, "recall": 0.0}
    return {"precision": 100 * (sum_p / effective), "recall": 100 * (sum_r / effective)}


def chrf_stats(
    hyp: str,
    refs: list[str],
    n: int = 6,
    beta: float = 2,
    *,
    word_order: int = 0,
    lowercase: bool = False,
    whitespace: bool = False,
    eps_smoothing: bool = False,
) -> list[int]:
    """The 3 * (n + word_order) statistics of one hypothesis: those of its best reference.

    Each reference gives a statistics vector; its sentence score is ``chrf_from_stats``
    with the same ``beta`` and ``eps_smoothing``; the vector of the first reference with
    the strictly highest score is kept (a first score of 0 still beats the start value -1).
    Lowercasing (``str.lower()``, optional) is the only preprocessing: no stripping.
    """
    check_text(hyp, "hyp")
    refs = check_references(refs)
    check_orders(n, word_order)
    check_beta(beta)
    if lowercase:
        hyp = hyp.lower()
        refs = [ref.lower() for ref in refs]
    hyp_counts = all_ngram_counts(hyp, n, word_order, whitespace)
    best_stats, best_score = None, -1.0
    for ref in refs:
        ref_counts = all_ngram_counts(ref, n, word_order, whitespace)
        stats = []
        for h, r in zip(hyp_counts, ref_counts):
            stats += order_stats(h, r)
        score = chrf_from_stats(stats, n, beta, word_order=word_order, eps_smoothing=eps_smoothing)
        if score > best_score:
            best_stats, best_score = stats, score
    return best_stats


# ``chrf`` and ``sentence_chrf``: declared once in ``api.py``, made from the registered
# definition on first use (``bleuprint.core.one_call``).
__getattr__ = one_call_functions(__name__)
