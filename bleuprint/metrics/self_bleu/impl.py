"""self-BLEU, fast: the same rows as ``bleuprint.metrics.self_bleu.spec`` (checked by
``tests/impl/test_self_bleu_diff.py``), in time linear in the corpus's n-grams rather than
quadratic in its outputs.

The spec scores each output against every other output. Both oracles' statistics need,
per hypothesis n-gram g, the *max* count of g over the references, and the reference
length closest to the hypothesis's (ties shorter). Over "all outputs but one copy of
this one":

* clipping bound: keep per n-gram the two largest counts over the outputs (a duplicate
  output contributes its count twice, so two copies holding the max give max2 = max1).
  Leaving output i out, the bound is max2 where i's own count is max1, else max1 (i's
  count is below the max, so removing it changes nothing);
* closest length: the multiset of lengths minus one copy of c = len(output i): if c
  occurs twice or more, r = c; else the nearest distinct length below and above c
  (``bisect`` on the sorted distinct lengths), the shorter on a tie.

An output that is not one of the context's (scored against a corpus it is not part of)
leaves nothing out: the bound is max1 and every length is a candidate.

Rows of equal outputs are equal, so each distinct output is scored once. The statistics
``[c, r, m_1..m_N, t_1..t_N]`` are the spec's exactly (whole numbers), then scored by the
spec's own functions (``evalsuite_bleu``, ``texygen_bleu``): the floats are the same.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter

import numpy as np

from . import spec


def _table(distinct: dict, n_max: int) -> list[dict]:
    """Per order, ``{ngram: (max1, max2)}`` over the outputs counted with multiplicity.
    ``distinct``: ``{output: (multiplicity, tokens)}``."""
    tables = [dict() for _ in range(n_max)]
    for copies, toks in distinct.values():
        length = len(toks)
        for n in range(1, n_max + 1):
            if length < n:
                break
            table = tables[n - 1]
            counts = Counter(zip(*(toks[k:] for k in range(n)))) if n > 1 else Counter(toks)
            for gram, count in counts.items():
                first, second = table.get(gram, (0, 0))
                for _ in range(min(copies, 2)):
                    if count > first:
                        first, second = count, first
                    elif count > second:
                        second = count
                table[gram] = (first, second)
    return tables


def _closest_length(c: int, lengths: Counter, sorted_lengths: list, member: bool) -> int:
    """The closest length to ``c`` among ``lengths`` minus one copy of ``c`` when the output
    is one of the context's (``member``), ties to the shorter."""
    if lengths[c] >= (2 if member else 1):
        return c
    k = bisect_left(sorted_lengths, c)
    below = sorted_lengths[k - 1] if k > 0 else None
    j = k + 1 if (k < len(sorted_lengths) and sorted_lengths[k] == c) else k
    above = sorted_lengths[j] if j < len(sorted_lengths) else None
    if above is None or (below is not None and c - below <= above - c):
        return below
    return above


class _Context:
    """A context's tables: top-two counts per n-gram, the lengths with multiplicity."""

    def __init__(self, context: Counter, variant: str, n_max: int):
        self.variant, self.n_max, self.context = variant, n_max, context
        distinct = {o: (copies, spec.tokens(o, variant)) for o, copies in context.items()}
        self.tables = _table(distinct, n_max)
        self.lengths = Counter()
        for copies, toks in distinct.values():
            self.lengths[len(toks)] += copies
        self.sorted_lengths = sorted(self.lengths)
        self.total = sum(context.values())
        self.score = spec.evalsuite_bleu if variant == "evalsuite" else spec.texygen_bleu

    def value(self, output: str) -> float:
        member = self.context.get(output, 0) >= 1
        if self.total - member < 1:
            spec.other_outputs(output, self.context)  # the spec's ValueError
        toks = spec.tokens(output, self.variant)
        c = len(toks)
        matches, totals = [], []
        for n in range(1, self.n_max + 1):
            totals.append(max(c - n + 1, 0))
            if c < n:
                matches.append(0)
                continue
            table = self.tables[n - 1]
            counts = Counter(zip(*(toks[k:] for k in range(n)))) if n > 1 else Counter(toks)
            m = 0
            for gram, count in counts.items():
                first, second = table.get(gram, (0, 0))
                bound = second if (member and count == first) else first
                m += count if count < bound else bound
            matches.append(m)
        return self.score([c, _closest_length(c, self.lengths, self.sorted_lengths, member)] + matches + totals)


def self_bleu_matrix(outputs, variant: str = "evalsuite", gram=None, context=None) -> np.ndarray:
    """The N x 2 float64 matrix of ``spec.self_bleu_rows`` (same arguments, same rule for
    ``context`` and Texygen's first 500)."""
    outputs = spec.check_outputs(outputs)
    n_max = spec.order(variant, gram)
    if context is None:
        context = spec.outputs_context(outputs, variant)
        counted = len(spec.first_outputs(outputs, variant))
    else:
        spec.check_context(context, variant)
        counted = len(outputs)
    tables = _Context(context, variant, n_max)
    values = {}
    for output in outputs[:counted]:
        if output not in values:
            values[output] = tables.value(output)
    out = np.zeros((len(outputs), 2), dtype=np.float64)
    for i in range(counted):
        out[i, 0] = values[outputs[i]]
        out[i, 1] = 1.0
    return out


def self_bleu(outputs, variant: str = "evalsuite", gram=None) -> float:
    """``spec.self_bleu``, fast: the rows summed left to right as the spec does."""
    matrix = self_bleu_matrix(outputs, variant, gram)
    total = 0.0
    for value in matrix[:, 0].tolist():
        total += value
    return spec.mean_of_rows([total, int(matrix[:, 1].sum())])
