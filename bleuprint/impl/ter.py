"""TER, fast: the API, results and errors of ``bleuprint.spec.ter``.

Definition: ``bleuprint.spec.ter`` (Snover et al., AMTA 2006; Tercom's greedy shift
search as sacreBLEU 2.5.1 re-implements it). Every heuristic of the spec is kept as it is
(band, tie order of the edit distance, span and target order, ranking tuple, move rule,
limits of 10 words and 50 positions, the cumulative 1,000-candidate budget that discards
the shift of the round in which it is reached); only the way the numbers are computed
differs.

How it is fast:

* The banded edit distance is a shortest path from cell (0, 0) to (n, m) through the
  cells the band allows (row 0 whole, row i the columns ``band_columns(i)``), with
  diagonal steps costing 0 or 1 and vertical/horizontal steps 1. Every shifted variant of
  a hypothesis has its length, hence the same allowed cells. So for the current words of
  a round, the forward costs ``F`` (with the spec's operations, for the trace) and the
  backward costs ``G`` (from a cell to (n, m)) are computed once; a candidate that
  changes only the words at positions ``lo..hi-1`` shares rows ``0..lo`` of ``F`` and
  rows ``hi..n`` of ``G``, so its distance is ``min_j C[hi][j] + G[hi][j]`` with ``C``
  computed from ``F[lo]`` over ``hi - lo`` rows only.
* A round in which the cumulative candidate count reaches the budget is discarded by the
  definition, so its candidates are counted but never evaluated.
* Identical (hypothesis, reference) word lists give 0 edits without a search (the trace
  is all matches, so no span is worth shifting); an empty side gives the other side's
  length. Repeated (hypothesis words, reference words) pairs are computed once per call.
"""

from __future__ import annotations

import math

from ..spec.inputs import check_corpus, check_references, check_stats, check_text
from ..spec.summing import sum_stats
from ..spec.ter import BEAM_WIDTH, MAX_SHIFT_CANDIDATES, MAX_SHIFT_DISTANCE, MAX_SHIFT_SIZE
from .tercom_tokenizer import tercom_words, tokenize_tercom

__all__ = [
    "sentence_ter",
    "ter",
    "ter_from_stats",
    "ter_stats",
    "ter_stats_matrix",
    "tokenize_tercom",
]

#: Cost of a cell that cannot be reached (any value >= it means "unreachable"; sums of two
#: stay far below the int64 limit used by the vectorised code).
_INF = 1 << 40

# Operation codes of the forward matrix (the spec's MATCH/SUBSTITUTE, DELETE, INSERT).
_DIAGONAL, _DELETE, _INSERT, _UNDEFINED = 0, 1, 2, 3


def _options(normalized, no_punct, asian_support, case_sensitive) -> dict:
    return dict(normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                case_sensitive=case_sensitive)


def _words(line: str, options: dict) -> list[str]:
    return tercom_words(line.rstrip(), **options)


def _bands(n: int, m: int) -> tuple[list[int], list[int]]:
    """``(lows, highs)``: the columns ``lows[i] <= j < highs[i]`` allowed in row i of the
    edit-distance matrix of an n-word hypothesis against an m-word reference (n >= 1):
    row 0 whole, the last row from its low end to m (``spec.ter.band_columns``)."""
    ratio = m / n
    width = math.ceil(ratio / 2 + BEAM_WIDTH) if BEAM_WIDTH < ratio / 2 else BEAM_WIDTH
    lows, highs = [0], [m + 1]
    for i in range(1, n + 1):
        diagonal = math.floor(i * ratio)
        lows.append(max(0, diagonal - width))
        highs.append(min(m + 1, diagonal + width))
    highs[n] = m + 1
    return lows, highs


class _Pair:
    """The search state of one (hypothesis, reference) pair of word-id lists."""

    __slots__ = ("ref", "n", "m", "lows", "highs", "positions")

    def __init__(self, ref: list[int], n: int):
        self.ref = ref
        self.n = n
        self.m = len(ref)
        self.lows, self.highs = _bands(n, self.m)
        positions: dict[int, list[int]] = {}
        for j, word in enumerate(ref):
            positions.setdefault(word, []).append(j)
        self.positions = positions

    def forward(self, hyp: list[int]):
        """The forward cost rows and operation rows of ``hyp`` (the spec's matrix)."""
        ref, m, lows, highs = self.ref, self.m, self.lows, self.highs
        previous = list(range(m + 1))
        costs = [previous]
        operations = [[_INSERT] * (m + 1)]
        for i in range(1, self.n + 1):
            current = [_INF] * (m + 1)
            ops = [_UNDEFINED] * (m + 1)
            word = hyp[i - 1]
            low = lows[i]
            if low == 0:
                current[0] = previous[0] + 1
                ops[0] = _DELETE
                low = 1
            for j in range(low, highs[i]):
                best = previous[j - 1] if ref[j - 1] == word else previous[j - 1] + 1
                op = _DIAGONAL
                if best >= _INF:
                    best, op = _INF, _UNDEFINED
                up = previous[j] + 1
                if up < best:
                    best, op = up, _DELETE
                left = current[j - 1] + 1
                if left < best:
                    best, op = left, _INSERT
                current[j] = best
                ops[j] = op
            costs.append(current)
            operations.append(ops)
            previous = current
        return costs, operations

    def backward(self, hyp: list[int]) -> list[list[int]]:
        """``G[i][j]``: the cheapest way from allowed cell (i, j) to (n, m) through allowed
        cells (``_INF`` for cells outside the band)."""
        ref, m, n, lows, highs = self.ref, self.m, self.n, self.lows, self.highs
        rows = [None] * (n + 1)
        last = [_INF] * (m + 1)
        for j in range(lows[n], m + 1):
            last[j] = m - j
        rows[n] = last
        following = last
        for i in range(n - 1, -1, -1):
            current = [_INF] * (m + 1)
            word = hyp[i]  # the word of row i + 1
            high = highs[i]
            for j in range(high - 1, lows[i] - 1, -1):
                best = following[j] + 1
                if j < m:
                    diagonal = following[j + 1] if ref[j] == word else following[j + 1] + 1
                    if diagonal < best:
                        best = diagonal
                    right = current[j + 1] + 1
                    if right < best:
                        best = right
                current[j] = best if best < _INF else _INF
            rows[i] = current
            following = current
        return rows

    def distance_through(self, start_row: list[int], words: list[int], lo: int, end_row: list[int]) -> int:
        """The distance of a hypothesis equal to the current one except at positions
        ``lo..lo+len(words)-1``, which hold ``words``: forward from ``start_row`` (= F[lo])
        over those rows, then the cheapest join with ``end_row`` (= G[hi])."""
        ref, m, lows, highs = self.ref, self.m, self.lows, self.highs
        previous = start_row
        i = lo
        for word in words:
            i += 1
            current = [_INF] * (m + 1)
            low = lows[i]
            if low == 0:
                current[0] = previous[0] + 1
                low = 1
            for j in range(low, highs[i]):
                best = previous[j - 1] if ref[j - 1] == word else previous[j - 1] + 1
                up = previous[j] + 1
                if up < best:
                    best = up
                left = current[j - 1] + 1
                if left < best:
                    best = left
                current[j] = best
            previous = current
        return min(a + b for a, b in zip(previous, end_row))


def _trace_alignment(pair: _Pair, hyp: list[int], operations) -> tuple[list[int], list[int], list[int]]:
    """``spec.ter.alignment_from_trace`` of the trace read back from the operations."""
    ref = pair.ref
    i, j = pair.n, pair.m
    align = [0] * pair.m
    ref_errors = [0] * pair.m
    hyp_errors = [0] * pair.n
    # Walking backwards, align[r] is the hypothesis position reached *before* the step
    # forwards, i.e. i - 1 after a diagonal step and i - 1 (unchanged h) for an insert.
    while i > 0 or j > 0:
        op = operations[i][j]
        if op == _DIAGONAL:
            i -= 1
            j -= 1
            align[j] = i
            mark = 0 if hyp[i] == ref[j] else 1
            hyp_errors[i] = mark
            ref_errors[j] = mark
        elif op == _DELETE:
            i -= 1
            hyp_errors[i] = 1
        elif op == _INSERT:
            j -= 1
            align[j] = i - 1
            ref_errors[j] = 1
        else:
            raise AssertionError(f"edit-distance trace reached an undefined cell ({i}, {j})")
    return align, ref_errors, hyp_errors


def _candidates(pair: _Pair, hyp: list[int], align, ref_errors, hyp_errors, checked: int):
    """The candidate shifts of one round, in the spec's order, as ``(hyp_start, length,
    target)``, and the cumulative count after the round (``spec.ter.best_shift``: the
    search stops after the span whose targets make the count reach the budget)."""
    n, m, ref, positions = pair.n, pair.m, pair.ref, pair.positions
    found = []
    for hs in range(n):
        starts = positions.get(hyp[hs])
        if starts is None:
            continue
        for rs in starts:
            if rs - hs > MAX_SHIFT_DISTANCE or hs - rs > MAX_SHIFT_DISTANCE:
                continue
            hyp_wrong = ref_wrong = False
            aligned = align[rs]
            length = 0
            while length < MAX_SHIFT_SIZE and hs + length < n and rs + length < m \
                    and hyp[hs + length] == ref[rs + length]:
                hyp_wrong = hyp_wrong or hyp_errors[hs + length] == 1
                ref_wrong = ref_wrong or ref_errors[rs + length] == 1
                length += 1
                if not hyp_wrong or not ref_wrong or hs <= aligned < hs + length:
                    continue
                previous = -1
                for offset in range(-1, length):
                    target = 0 if rs + offset == -1 else align[rs + offset] + 1
                    if target == previous:
                        continue
                    previous = target
                    found.append((hs, length, target))
                    checked += 1
                if checked >= MAX_SHIFT_CANDIDATES:
                    return found, checked
    return found, checked


def _changed_range(n: int, start: int, length: int, target: int) -> tuple[int, int]:
    """The positions ``lo..hi-1`` that ``spec.ter.move_block`` may change."""
    if target < start:
        return target, start + length
    if target > start + length:
        return start, target
    return start, min(target + length, n)


def _move(words: list[int], start: int, length: int, target: int) -> list[int]:
    """``spec.ter.move_block`` (same three cases)."""
    block = words[start : start + length]
    if target < start:
        return words[:target] + block + words[target:start] + words[start + length :]
    if target > start + length:
        return words[:start] + words[start + length : target] + block + words[target:]
    return words[:start] + words[start + length : target + length] + block + words[target + length :]


def _edits(hyp: list[int], ref: list[int]) -> int:
    """``spec.ter.edits_with_shifts(hyp, ref)[0]`` on word ids."""
    n, m = len(hyp), len(ref)
    if m == 0:
        return n
    if n == 0:
        return m
    if hyp == ref:
        return 0
    pair = _Pair(ref, n)
    shifts = 0
    checked = 0
    words = hyp
    while True:
        costs, operations = pair.forward(words)
        distance = costs[n][m]
        align, ref_errors, hyp_errors = _trace_alignment(pair, words, operations)
        found, checked = _candidates(pair, words, align, ref_errors, hyp_errors, checked)
        if checked >= MAX_SHIFT_CANDIDATES or not found:
            return shifts + distance
        backward = pair.backward(words)
        best_rank = None
        for start, length, target in found:
            lo, hi = _changed_range(n, start, length, target)
            if lo == hi:
                gain = 0
            else:
                moved = _move(words, start, length, target)
                gain = distance - pair.distance_through(costs[lo], moved[lo:hi], lo, backward[hi])
            rank = (gain, length, -start, -target)
            if best_rank is None or rank > best_rank:
                best_rank = rank
        gain, length, negative_start, negative_target = best_rank
        if gain <= 0:
            return shifts + distance
        shifts += 1
        words = _move(words, -negative_start, length, -negative_target)


class _Vocabulary(dict):
    """Word -> dense integer id."""

    def ids(self, words: list[str]) -> list[int]:
        return [self.setdefault(word, len(self)) for word in words]


def _stats_rows(hyps: list[str], refs: list[list[str]], options: dict) -> list[list]:
    vocabulary = _Vocabulary()
    memo: dict[tuple, int] = {}
    tokenized: dict[str, list[int]] = {}

    def ids(line: str) -> list[int]:
        found = tokenized.get(line)
        if found is None:
            found = tokenized[line] = vocabulary.ids(_words(line, options))
        return found

    rows = []
    for hyp, references in zip(hyps, refs):
        hyp_ids = ids(hyp)
        best = None
        total = 0
        for ref in references:
            ref_ids = ids(ref)
            key = (tuple(hyp_ids), tuple(ref_ids))
            edits = memo.get(key)
            if edits is None:
                edits = memo[key] = _edits(hyp_ids, ref_ids)
            total += len(ref_ids)
            if best is None or edits < best:
                best = edits
        rows.append([best, total / len(references)])
    return rows


def ter_stats_matrix(hyps, refs, *, normalized=False, no_punct=False, asian_support=False,
                     case_sensitive=False):
    """The float64 N x 2 matrix of ``spec.ter.ter_stats`` rows ``[E, L]`` (validated
    inputs, one row per sentence)."""
    import numpy as np

    hyps, refs = check_corpus(hyps, refs)
    options = _options(normalized, no_punct, asian_support, case_sensitive)
    return np.array(_stats_rows(hyps, refs, options), dtype=np.float64).reshape(len(hyps), 2)


def ter_stats(
    hyp: str,
    refs: list[str],
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> list:
    """``[E, L]`` of one hypothesis (``spec.ter.ter_stats``): the smallest edit count over
    the references (an int) and their average length (a float)."""
    check_text(hyp, "hyp")
    refs = check_references(refs)
    options = _options(normalized, no_punct, asian_support, case_sensitive)
    return _stats_rows([hyp], [refs], options)[0]


def ter_from_stats(stats) -> float:
    """TER on the 0..100 scale from summed ``[E, L]`` (``spec.ter.ter_from_stats``)."""
    edits, length = check_stats(stats, 2, "TER stats")
    if length > 0:
        rate = edits / length
    elif edits > 0:
        rate = 1.0
    else:
        rate = 0.0
    return 100 * rate


def ter(
    hyps: list[str],
    refs: list[list[str]],
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> float:
    """Corpus TER (``spec.ter.ter``): the score of the statistics summed in sentence order."""
    hyps, refs = check_corpus(hyps, refs)
    options = _options(normalized, no_punct, asian_support, case_sensitive)
    return ter_from_stats(sum_stats(_stats_rows(hyps, refs, options)))


def sentence_ter(
    hyp: str,
    refs: list[str],
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> float:
    """TER of one hypothesis: the corpus score of a one-sentence corpus."""
    check_text(hyp, "hyp")
    return ter([hyp], [check_references(refs)], normalized=normalized, no_punct=no_punct,
               asian_support=asian_support, case_sensitive=case_sensitive)
