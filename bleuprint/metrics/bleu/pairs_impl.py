"""BLEU's statistics rows of every (hypothesis, single reference) pair of blocks of lines,
by the shared-work route of ``bleuprint.impl.pairs`` (``BLEU.pair_rows``, for MBR's
pairwise matrices).

Every distinct line is tokenized once (``bleuprint.impl.tokenizers.bleu_token_ids``: the
spec's ``bleu_tokens`` as integer ids), the compiled kernel counts each block's reference
n-grams once and reads each pair's clipped matches of orders 1..N off them, and the row of
a pair is what ``bleu_stats_matrix`` makes of that one-reference segment:
``[c, r, m_1..m_N, t_1..t_N]``, c and r the two lines' token counts (one reference: the
closest reference length is its length), ``t_n = max(c - n + 1, 0)`` the hypothesis'
n-grams (``spec.bleu_stats``).
"""

from __future__ import annotations

import numpy as np

from ...impl.pairs import shared_pair_rows
from ...impl.tokenizers import BLEU_TOKENIZERS, bleu_token_ids
from ...spec.inputs import check_choice, check_positive_int

__all__ = ["bleu_pair_rows"]


def bleu_pair_rows(hyps, refs, blocks, chunk, tokenize: str = "13a", *, lowercase: bool = False,
                   max_ngram_order: int = 4):
    """``Metric.pair_rows`` of BLEU by the shared-work route (module doc), or None without
    the compiled kernel (``native.pairs``)."""
    check_choice(tokenize, BLEU_TOKENIZERS, "tokenizer")
    check_positive_int(max_ngram_order, "max_ngram_order")
    order = max_ngram_order

    def streams_of(lines):
        ids, lengths, _ = bleu_token_ids(lines, tokenize, lowercase)
        return [(ids, lengths, order)]

    def rows_of(pair_hyp, pair_ref, streams, matches):
        lengths = streams[0][1]
        c = lengths[pair_hyp]
        stats = np.empty((len(pair_hyp), 2 + 2 * order), dtype=np.int64)
        stats[:, 0] = c
        stats[:, 1] = lengths[pair_ref]
        stats[:, 2 : 2 + order] = matches[0]
        for n in range(1, order + 1):
            np.maximum(c - (n - 1), 0, out=stats[:, 1 + order + n])
        return stats

    return shared_pair_rows(hyps, refs, blocks, chunk, streams_of, rows_of)
