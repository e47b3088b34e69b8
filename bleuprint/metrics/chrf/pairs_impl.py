"""chrF's and chrF++'s statistics rows of every (hypothesis, single reference) pair of
blocks of lines, by the shared-work route of ``bleuprint.impl.pairs``
(``CHRF.pair_rows``, for MBR's pairwise matrices).

Every distinct line's characters and chrF++ words are read once by the n-gram kernel's
``chrf_units`` (lowercased line by line first where asked, as ``chrf.impl`` hands each
line to it), the compiled pairs kernel counts each block's reference n-grams once and
reads each pair's clipped matches off them, and the row of a pair is what
``chrf_stats_matrix`` makes of that one-reference segment: for each order k (characters
1..n, then words 1..word_order) ``[hyp, ref, matches]``, with ``ref = max(L_r - k + 1, 0)``
and ``hyp = max(L_h - k + 1, 0)``, but 0 when the reference has no k-gram
(``spec.chrf.order_stats``). One reference: there is no best reference to choose.
"""

from __future__ import annotations

import numpy as np

from ...impl import native
from ...impl.pairs import shared_pair_rows
from .spec import ASCII_PUNCTUATION, check_orders

__all__ = ["chrf_pair_rows"]

_PUNCT = "".join(sorted(ASCII_PUNCTUATION))


def chrf_pair_rows(hyps, refs, blocks, chunk, n: int = 6, beta: float = 2, *, word_order: int = 0,
                   lowercase: bool = False, whitespace: bool = False, eps_smoothing: bool = False):
    """``Metric.pair_rows`` of chrF by the shared-work route (module doc), or None without
    the compiled kernels (``native.pairs``, and ``native.ngrams`` for the units). ``beta``
    and ``eps_smoothing`` choose among several references only: unused here."""
    check_orders(n, word_order)
    units = native.ngrams
    if units is None:
        return None

    def streams_of(lines):
        texts = [line.lower() for line in lines] if lowercase else lines
        chars, char_counts, words, word_counts = units.chrf_units(texts, [-1] * len(texts), whitespace,
                                                                  word_order > 0, _PUNCT)
        return [(np.frombuffer(chars, np.int64), np.frombuffer(char_counts, np.int64), n),
                (np.frombuffer(words, np.int64), np.frombuffer(word_counts, np.int64), word_order)]

    def rows_of(pair_hyp, pair_ref, streams, matches):
        stats = np.empty((len(pair_hyp), 3 * (n + word_order)), dtype=np.int64)
        column = 0
        for (_, counts, depth), found in zip(streams, matches):
            hyp_len, ref_len = counts[pair_hyp], counts[pair_ref]
            for k in range(1, depth + 1):
                ref_total = np.maximum(ref_len - (k - 1), 0)
                stats[:, column] = np.where(ref_total > 0, np.maximum(hyp_len - (k - 1), 0), 0)
                stats[:, column + 1] = ref_total
                stats[:, column + 2] = found[:, k - 1]
                column += 3
        return stats

    return shared_pair_rows(hyps, refs, blocks, chunk, streams_of, rows_of)
