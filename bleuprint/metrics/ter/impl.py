"""TER, fast: the API, results and errors of ``bleuprint.metrics.ter.spec``.

Definition: ``bleuprint.metrics.ter.spec`` (Snover et al., AMTA 2006; Tercom's greedy shift
search as sacreBLEU 2.5.1 re-implements it). Every heuristic of the spec is kept as it is
(band, tie order of the edit distance, span and target order, ranking tuple, move rule,
limits of 10 words and 50 positions, the cumulative 1,000-candidate budget that discards
the shift of the round in which it is reached); only the way the numbers are computed
differs. A line beyond ``spec.ter.MAX_WORDS`` words is refused with the spec's ValueError
(``check_lengths``), after tokenization and before any search.

How it is fast:

* The banded edit distance is a shortest path from cell (0, 0) to (n, m) through the
  cells the band allows (row 0 whole, row i the columns ``band_columns(i)``), with
  diagonal steps costing 0 or 1 and vertical/horizontal steps 1. Every shifted variant of
  a hypothesis has its length, hence the same allowed cells. So for the current words of
  a round, the forward costs ``F`` and the backward costs ``G`` (from a cell to (n, m))
  are computed once; a candidate that changes only the words at positions ``lo..hi-1``
  shares rows ``0..lo`` of ``F`` and rows ``hi..n`` of ``G``, so its distance is
  ``min_j C[hi][j] + G[hi][j]`` with ``C`` computed from ``F[lo]`` over ``hi - lo`` rows
  only.
* Many pairs are searched at once (``_search_batch``): pairs sorted by length, in batches
  of at most ``_CHUNK`` pairs and ``_CELLS`` matrix cells, round after round in lockstep.
  A row of the matrix for all pairs (or all candidates) at once is a few numpy
  operations: the diagonal and vertical costs element-wise, the horizontal dependency
  ``D[j] = min(A[j], D[j-1] + 1)`` as ``j + cumulative-min(A[k] - k)`` (the backward rows
  likewise from the right); cells outside a band are raised to an unreachable cost.
  Candidates are sorted by the number of rows they change, so the ones still running at
  a step are a prefix of the batch.
* The trace is read back from the forward costs alone: at a cell, the spec's operation is
  the diagonal if its cost is <= the vertical and the horizontal ones, else the vertical
  if <= the horizontal, else the horizontal (the spec's strict replacements in the order
  diagonal, deletion, insertion), so the traces are the spec's. The walk and the
  candidate enumeration (spans, the filter, targets, the budget) stay per pair in
  Python; the enumeration skips start pairs whose every length the filter rejects.
* A round in which the cumulative candidate count reaches the budget is discarded by the
  definition, so its candidates are counted but never evaluated.
* Identical (hypothesis, reference) word lists give 0 edits without a search (the trace
  is all matches, so no span is worth shifting); an empty side gives the other side's
  length. Repeated (hypothesis words, reference words) pairs are computed once per call.

``_edits`` is the same search pair by pair in plain Python (``_VECTORISED = False``);
the tests run both.

When the compiled kernel is built (``native.ter``, source ``csrc/terkernel.c``), the
searches of all pairs go to it in one call (``_edits_many``); its header comment gives
why it equals the spec. Tokenization, word ids, the memo of repeated pairs and the
shortcuts above stay here; without the kernel (no C compiler, or
``BLEUPRINT_NO_NATIVE=1``) the numpy/Python search above runs, unchanged.
"""

from __future__ import annotations

import math
from collections import defaultdict
from itertools import count

import numpy as np

from ...spec.inputs import check_corpus, check_references, check_text
from .spec import BEAM_WIDTH, MAX_SHIFT_CANDIDATES, MAX_SHIFT_DISTANCE, MAX_SHIFT_SIZE, MAX_WORDS, check_lengths
from .spec import check_ter_stats
from ...impl import native
from ...impl.mixed import Mixed, columns as mixed_columns, row_flags
from .tercom_impl import tercom_words, tokenize_tercom
from ...core.one_call import one_call_functions

__all__ = [
    "sentence_ter",
    "ter",
    "ter_from_stats",
    "ter_scores",
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


def _next_marks(marks: list[int]) -> list[int]:
    """``result[k]``: the first position >= k whose mark is 1 (``len(marks)`` if none)."""
    result = [0] * (len(marks) + 1)
    following = len(marks)
    result[following] = following
    for k in range(len(marks) - 1, -1, -1):
        if marks[k]:
            following = k
        result[k] = following
    return result


def _candidates(pair: _Pair, hyp: list[int], align, ref_errors, hyp_errors, checked: int, next_errors=None):
    """The candidate shifts of one round, in the spec's order, as ``(hyp_start, length,
    target)``, and the cumulative count after the round (``spec.ter.best_shift``: the
    search stops after the span whose targets make the count reach the budget).

    For a start pair (hs, rs), the spec's filter passes exactly the lengths L with
    ``L_min <= L <= L_max``: a hypothesis error in ``hs..hs+L-1`` and a reference error in
    ``rs..rs+L-1`` need ``L > next_error - start`` on each side, and
    ``not hs <= align[rs] < hs + L`` needs ``L <= align[rs] - hs`` when ``align[rs] >= hs``.
    Start pairs with no such length are skipped without extending the match.
    ``next_errors``: ``(_next_marks(hyp_errors), _next_marks(ref_errors))`` if known."""
    n, m, ref, positions = pair.n, pair.m, pair.ref, pair.positions
    if next_errors is None:
        next_errors = _next_marks(hyp_errors), _next_marks(ref_errors)
    next_hyp_error, next_ref_error = next_errors
    found = []
    for hs in range(n):
        hyp_need = next_hyp_error[hs] - hs
        longest_here = n - hs if n - hs < MAX_SHIFT_SIZE else MAX_SHIFT_SIZE
        if hyp_need >= longest_here:
            continue
        starts = positions.get(hyp[hs])
        if starts is None:
            continue
        for rs in starts:
            if rs - hs > MAX_SHIFT_DISTANCE or hs - rs > MAX_SHIFT_DISTANCE:
                continue
            ref_need = next_ref_error[rs] - rs
            shortest = (hyp_need if hyp_need > ref_need else ref_need) + 1
            longest = longest_here if longest_here < m - rs else m - rs
            aligned = align[rs]
            if aligned >= hs and aligned - hs < longest:
                longest = aligned - hs
            if shortest > longest:
                continue
            length = 1
            while length < longest and hyp[hs + length] == ref[rs + length]:
                length += 1
            for span in range(shortest, length + 1):
                previous = -1
                for offset in range(-1, span):
                    target = 0 if rs + offset == -1 else align[rs + offset] + 1
                    if target == previous:
                        continue
                    previous = target
                    found.append((hs, span, target))
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


# --- The vectorised search: many pairs at once ------------------------------------------

#: Unreachable cost in the int32 arrays (sums of two and a few steps stay below 2**31).
_BIG = 1 << 28
#: Pairs per batch; the batch's arrays are padded to its longest hypothesis and reference
#: (pairs are sorted by length first, so the padding is small).
_CHUNK = 384
#: At most this many matrix cells per batch (pairs x rows x columns), so that memory stays
#: bounded on long lines (a single longer pair still gets its batch).
_CELLS = 1 << 19
#: Whether ``_edits_many`` uses the vectorised search (False: ``_edits`` pair by pair).
_VECTORISED = True


def _band_arrays(n: np.ndarray, m: np.ndarray, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """``lows, highs`` of shape (P, rows + 1): ``_bands`` of every pair (the same float
    ratio, product and floor as the spec); rows past a pair's last row are left whole."""
    ratio = m / n
    half = ratio / 2
    width = np.where(BEAM_WIDTH < half, np.ceil(half + BEAM_WIDTH), BEAM_WIDTH).astype(np.int64)
    i = np.arange(rows + 1)
    diagonal = np.floor(i[None, :] * ratio[:, None]).astype(np.int64)
    lows = np.maximum(0, diagonal - width[:, None])
    highs = np.minimum(m.astype(np.int64)[:, None] + 1, diagonal + width[:, None])
    whole = (i[None, :] == 0) | (i[None, :] >= n[:, None])
    lows = np.where((i[None, :] == 0) | (i[None, :] > n[:, None]), 0, lows)
    highs = np.where(whole, m.astype(np.int64)[:, None] + 1, highs)
    return lows, highs


def _forward_rows(start: np.ndarray, words: np.ndarray, refs: np.ndarray, floors: np.ndarray) -> np.ndarray:
    """Banded forward rows for a batch: ``start`` (K, W) is row r0 of every item,
    ``words`` (K, T) the hypothesis words of rows r0+1..r0+T, ``floors`` (K, T, W) 0 inside
    their bands and ``_BIG`` outside. Returns the T+1 rows (T+1, K, W); a cell >= ``_BIG``
    is unreachable."""
    k, width = start.shape
    steps = words.shape[1]
    columns = np.arange(width, dtype=np.int32)
    costs = np.empty((steps + 1, k, width), dtype=np.int32)
    costs[0] = start
    # mismatch[t, k, j]: 1 where the word of row t+1 differs from reference word j
    mismatch = (refs[None, :, :] != words.T[:, :, None]).astype(np.int32)
    for t in range(steps):
        previous = costs[t]
        best = previous + 1
        np.minimum(best[:, 1:], previous[:, :-1] + mismatch[t], out=best[:, 1:])
        floor = floors[:, t]
        np.maximum(best, floor, out=best)
        best -= columns
        row = np.minimum.accumulate(best, axis=1)
        row += columns
        np.maximum(row, floor, out=costs[t + 1])
    return costs


def _backward_rows(hyps: np.ndarray, refs: np.ndarray, n: np.ndarray, floors: np.ndarray,
                   last: np.ndarray, lowest: int = 0) -> np.ndarray:
    """``G`` (P, N+1, W) of every pair of a batch (see ``_Pair.backward``): ``floors`` as
    for ``_forward_rows`` (rows 0..N), ``last`` (P, W) row n of each pair. Rows below
    ``lowest`` are left undefined."""
    p, rows_plus, width = floors.shape
    reversed_columns = np.arange(width - 1, -1, -1, dtype=np.int32)
    rows = np.empty((p, rows_plus, width), dtype=np.int32)
    following = np.full((p, width), _BIG, dtype=np.int32)
    mismatch = (refs[None, :, :] != hyps.T[:, :, None]).astype(np.int32)
    for i in range(rows_plus - 1, lowest - 1, -1):
        if i < rows_plus - 1:
            best = following + 1
            np.minimum(best[:, :-1], following[:, 1:] + mismatch[i], out=best[:, :-1])
            floor = floors[:, i]
            np.maximum(best, floor, out=best)
            # right to left: G[j] = min over k >= j of best[k] + (k - j)
            reversed_best = best[:, ::-1] + reversed_columns
            row = (np.minimum.accumulate(reversed_best, axis=1) - reversed_columns)[:, ::-1]
            row = np.maximum(row, floor)
        else:
            row = following
        ends = n == i
        if ends.any():
            row = np.where(ends[:, None], last, row)
        rows[:, i] = row
        following = row
    return rows


def _trace_from_costs(flat: list[int], width: int, hyp: list[int], ref: list[int]):
    """``spec.ter.alignment_from_trace`` of the trace read back from the forward costs
    (row-major, ``width`` columns) of one pair: at a cell, the spec's operation is the
    diagonal if its cost is <= the vertical and horizontal ones, else the vertical if <=
    the horizontal, else the horizontal."""
    n, m = len(hyp), len(ref)
    align = [0] * m
    ref_errors = [0] * m
    hyp_errors = [0] * n
    # The walk visits positions from the last to the first, so the next error at or after
    # each position (``_next_marks``) is known on the way.
    next_hyp = [n] * (n + 1)
    next_ref = [m] * (m + 1)
    following_hyp, following_ref = n, m
    i, j = n, m
    while i > 0 and j > 0:
        here = i * width + j
        above = here - width
        mark = 0 if hyp[i - 1] == ref[j - 1] else 1
        diagonal = flat[above - 1] + mark
        up = flat[above] + 1
        left = flat[here - 1] + 1
        if diagonal <= up and diagonal <= left:
            i -= 1
            j -= 1
            align[j] = i
            if mark:
                hyp_errors[i] = ref_errors[j] = 1
                following_hyp, following_ref = i, j
            next_hyp[i] = following_hyp
            next_ref[j] = following_ref
        elif up <= left:
            i -= 1
            hyp_errors[i] = 1
            next_hyp[i] = following_hyp = i
        else:
            j -= 1
            align[j] = i - 1
            ref_errors[j] = 1
            next_ref[j] = following_ref = j
    while i > 0:  # column 0: deletions
        i -= 1
        hyp_errors[i] = 1
        next_hyp[i] = i
    while j > 0:  # row 0: insertions
        j -= 1
        align[j] = -1
        ref_errors[j] = 1
        next_ref[j] = j
    return align, ref_errors, hyp_errors, (next_hyp, next_ref)


def _search_batch(hyps: list[list[int]], refs: list[list[int]]) -> list[int]:
    """``_edits`` of every pair of a batch (all non-empty, not identical), vectorised."""
    count = len(hyps)
    n = np.array([len(h) for h in hyps], dtype=np.int64)
    m = np.array([len(r) for r in refs], dtype=np.int64)
    rows, width = int(n.max()), int(m.max()) + 1
    columns = np.arange(width, dtype=np.int64)
    ref_array = np.full((count, width - 1), -1, dtype=np.int64)
    for p, ref in enumerate(refs):
        ref_array[p, : len(ref)] = ref
    lows, highs = _band_arrays(n.astype(np.float64), m.astype(np.float64), rows)
    floors_all = np.where((columns >= lows[:, :, None]) & (columns < highs[:, :, None]), 0, _BIG).astype(np.int32)
    first_rows = np.where(columns <= m[:, None], columns, _BIG).astype(np.int32)
    last_rows = np.where((columns >= lows[np.arange(count), n][:, None]) & (columns <= m[:, None]),
                         m[:, None] - columns, _BIG).astype(np.int32)
    positions_of: dict[tuple, dict] = {}
    pairs = [_PairInfo(ref, len(hyp), positions_of) for hyp, ref in zip(hyps, refs)]
    n_list, m_list = n.tolist(), m.tolist()
    words = [list(h) for h in hyps]
    shifts = [0] * count
    checked = [0] * count
    result = [0] * count
    active = list(range(count))
    while active:
        index = np.array(active)
        k = len(active)
        hyp_array = np.full((k, rows), -2, dtype=np.int64)
        for a, p in enumerate(active):
            hyp_array[a, : n_list[p]] = words[p]
        floors = floors_all[index]
        refs_here = ref_array[index]
        costs = _forward_rows(first_rows[index], hyp_array, refs_here, floors[:, 1:])
        by_pair = costs.transpose(1, 0, 2)
        distances = costs[n[index], np.arange(k), m[index]].tolist()
        searching, found_all = [], []
        for a, p in enumerate(active):
            size_m = m_list[p]
            flat = by_pair[a, : n_list[p] + 1, : size_m + 1].ravel().tolist()
            align, ref_errors, hyp_errors, next_errors = _trace_from_costs(flat, size_m + 1, words[p], refs[p])
            found, checked[p] = _candidates(pairs[p], words[p], align, ref_errors, hyp_errors, checked[p],
                                            next_errors)
            if checked[p] >= MAX_SHIFT_CANDIDATES or not found:
                result[p] = shifts[p] + distances[a]
            else:
                searching.append(a)
                found_all.append(found)
        if not searching:
            break
        chosen = np.array(searching)
        # The candidates of every searching pair, described by the rows lo+1..hi they
        # change: the moved words there are x_length words from x_source, then words
        # from y_source.
        described = []
        add = described.append
        for s, (a, found) in enumerate(zip(searching, found_all)):
            size = n_list[active[a]]
            for start_h, length, target in found:
                if target < start_h:
                    # rows target+1..start+length: the block, then the words it jumps over
                    add((s, target, start_h, length, target, start_h + length - target))
                else:
                    extra = target - start_h - length if target > start_h + length \
                        else min(target + length, size) - start_h - length
                    # rows start+1..: the words the block jumps over, then the block
                    add((s, start_h, start_h + length, extra, start_h, extra + length))
        table = np.array(described, dtype=np.int64)
        # G is read at rows hi only: the rows below the lowest hi are not needed.
        backward = _backward_rows(hyp_array[chosen], refs_here[chosen], n[index[chosen]], floors[chosen],
                                  last_rows[index[chosen]], int((table[:, 1] + table[:, 5]).min()))
        order = np.argsort(-table[:, 5], kind="stable")
        o_owner, o_lo, o_xs, o_xl, o_ys, o_steps = table[order].T
        u = np.arange(max(int(o_steps[0]), 1))[None, :]
        source = np.where(u < o_xl[:, None], o_xs[:, None] + u, o_ys[:, None] + (u - o_xl[:, None]))
        row_of_pair = chosen[o_owner]
        source = np.minimum(source, n[index[row_of_pair]][:, None] - 1)
        moved_words = hyp_array[row_of_pair[:, None], source]
        step_rows = np.minimum(o_lo[:, None] + u + 1, rows)
        finals = _candidate_rows(costs[o_lo, row_of_pair], moved_words, refs_here[row_of_pair], floors,
                                 row_of_pair, step_rows, o_steps)
        candidate_distance = np.empty(len(order), dtype=np.int64)
        candidate_distance[order] = (finals + backward[o_owner, o_lo + o_steps]).min(axis=1)
        candidate_distance = candidate_distance.tolist()
        position = 0
        next_active = []
        for a, found in zip(searching, found_all):
            p = active[a]
            distance = distances[a]
            best_rank = None
            for start_h, length, target in found:
                rank = (distance - candidate_distance[position], length, -start_h, -target)
                position += 1
                if best_rank is None or rank > best_rank:
                    best_rank = rank
            gain, length, negative_start, negative_target = best_rank
            if gain <= 0:
                result[p] = shifts[p] + distance
                continue
            shifts[p] += 1
            words[p] = _move(words[p], -negative_start, length, -negative_target)
            next_active.append(p)
        active = next_active
    return result


def _candidate_rows(start_rows, words, refs, floors, row_of_pair, step_rows, steps) -> np.ndarray:
    """The forward row after ``steps[k]`` rows from ``start_rows[k]`` for every candidate
    (words ``words[k]``, bands ``floors[row_of_pair[k], step_rows[k]]``); candidates are
    sorted by ``steps`` descending, so the ones still running at step t are a prefix."""
    rows = start_rows.copy()
    total = len(steps)
    width = rows.shape[1]
    columns = np.arange(width, dtype=np.int32)
    ascending = steps[::-1]
    for t in range(int(steps[0]) if total else 0):
        running = total - int(np.searchsorted(ascending, t, side="right"))
        previous = rows[:running]
        best = previous + 1
        np.minimum(best[:, 1:], previous[:, :-1] + (refs[:running] != words[:running, t, None]), out=best[:, 1:])
        floor = floors[row_of_pair[:running], step_rows[:running, t]]
        np.maximum(best, floor, out=best)
        best -= columns
        row = np.minimum.accumulate(best, axis=1)
        row += columns
        np.maximum(row, floor, out=rows[:running])
    return rows


class _PairInfo:
    """What ``_candidates`` reads of a pair: sizes and the positions of each reference word."""

    __slots__ = ("ref", "n", "m", "positions")

    def __init__(self, ref: list[int], n: int, known: dict):
        self.ref = ref
        self.n = n
        self.m = len(ref)
        key = tuple(ref)
        positions = known.get(key)
        if positions is None:
            positions = known[key] = {}
            for j, word in enumerate(ref):
                positions.setdefault(word, []).append(j)
        self.positions = positions


def _edits_many(pairs: list[tuple[list[int], list[int]]]) -> list[int]:
    """``_edits`` of every pair: in one call to the compiled kernel when it is loaded,
    else the searches batched by similar sizes."""
    kernel = native.ter  # read at call time: tests switch the kernel off
    result = [0] * len(pairs)
    pending = []
    for k, (hyp, ref) in enumerate(pairs):
        if not ref:
            result[k] = len(hyp)
        elif not hyp:
            result[k] = len(ref)
        elif hyp == ref:
            result[k] = 0
        elif kernel is None and not _VECTORISED:
            result[k] = _edits(hyp, ref)
        else:
            pending.append(k)
    if kernel is not None:
        for k, edits in zip(pending, kernel.edits([pairs[k][0] for k in pending], [pairs[k][1] for k in pending])):
            result[k] = edits
        return result
    pending.sort(key=lambda k: (len(pairs[k][0]), len(pairs[k][1])))
    batches, batch, rows, width = [], [], 0, 0
    for k in pending:
        hyp, ref = pairs[k]
        grown_rows, grown_width = max(rows, len(hyp) + 1), max(width, len(ref) + 1)
        if batch and (len(batch) == _CHUNK or (len(batch) + 1) * grown_rows * grown_width > _CELLS):
            batches.append(batch)
            batch, grown_rows, grown_width = [], len(hyp) + 1, len(ref) + 1
        batch.append(k)
        rows, width = grown_rows, grown_width
    if batch:
        batches.append(batch)
    for batch in batches:
        for k, edits in zip(batch, _search_batch([pairs[k][0] for k in batch], [pairs[k][1] for k in batch])):
            result[k] = edits
    return result


def _stats_rows(hyps: list[str], refs: list[list[str]], options: dict, single: bool = False) -> list[list]:
    """The ``[E, L]`` rows of a validated corpus. Every line is tokenized first; if one is
    longer than ``spec.ter.MAX_WORDS`` words, the first segment with such a line is refused
    (``check_lengths``, naming ``hyps[i]``, or ``hyp`` when ``single``) before any search."""
    # word -> dense id, a new word getting the next integer (in C: the default factory)
    word_id = defaultdict(count().__next__).__getitem__
    tokenized: dict[str, list[int]] = {}

    def ids(line: str) -> list[int]:
        found = tokenized.get(line)
        if found is None:
            found = tokenized[line] = list(map(word_id, _words(line, options)))
        return found

    keys: dict[tuple, int] = {}
    unique: list[tuple[list[int], list[int]]] = []
    layout = []
    for hyp, references in zip(hyps, refs):
        hyp_ids = ids(hyp)
        hyp_key = tuple(hyp_ids)
        entries = []
        for ref in references:
            ref_ids = ids(ref)
            key = (hyp_key, tuple(ref_ids))
            slot = keys.get(key)
            if slot is None:
                slot = keys[key] = len(unique)
                unique.append((hyp_ids, ref_ids))
            entries.append((slot, len(ref_ids)))
        layout.append(entries)
    if max(map(len, tokenized.values())) > MAX_WORDS:
        for i, (hyp, references) in enumerate(zip(hyps, refs)):
            check_lengths(len(ids(hyp)), [len(ids(ref)) for ref in references], "hyp" if single else f"hyps[{i}]")
    edits = _edits_many(unique)
    rows = []
    for entries in layout:
        best = None
        total = 0
        for slot, length in entries:
            total += length
            if best is None or edits[slot] < best:
                best = edits[slot]
        rows.append([best, total / len(entries)])
    return rows


def ter_stats_matrix(hyps, refs, *, normalized=False, no_punct=False, asian_support=False,
                     case_sensitive=False):
    """The float64 N x 2 matrix of ``spec.ter.ter_stats`` rows ``[E, L]`` (validated
    inputs, one row per sentence)."""
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
    return _stats_rows([hyp], [refs], options, single=True)[0]


def ter_from_stats(stats) -> float:
    """TER on the 0..100 scale from summed ``[E, L]``: ``ter_scores`` of the one row (the
    definition: ``spec.ter.ter_from_stats``), after the spec's checks
    (``check_ter_stats``). The arithmetic follows the numbers' types as the spec's does:
    double on Python numbers, float32 where an entry is a ``numpy.float32`` (the score is
    then a ``numpy.float32``, but for the Python-float branches of L = 0)."""
    stats = check_ter_stats(stats)
    values, python_float = ter_scores(np.array([stats], dtype=np.float64), row_flags(stats))
    return float(values[0]) if python_float[0] else np.float32(values[0])


def ter_scores(sums, float32=False):
    """TER of every row of the 2-D array ``sums`` (``[E, L]`` sums, one row each: a
    corpus, bootstrap resamples, paired trials) as ``spec.ter.ter_from_stats`` computes
    it: 100 * (E / L); 100.0 if L = 0 < E; 0.0 if both are 0. ``(values, python_float)``:
    float64 scores and a flag per row, true where the spec's score is a Python float
    rather than a ``numpy.float32``. ``float32`` says which statistics are
    ``numpy.float32`` (a bool, a bool per row or per entry; ``bleuprint.impl.mixed``). The
    rows are not checked (they are sums of checked rows)."""
    sums = np.asarray(sums, dtype=np.float64)
    if sums.ndim != 2 or sums.shape[1] != 2:
        raise ValueError(f"TER sums must be a 2-D array of rows [edits, length], got shape {sums.shape}")
    edits, length = mixed_columns(sums, float32)
    result = Mixed.of(100) * (edits / length)
    result = result.where(length.value > 0, Mixed(np.where(edits.value > 0, 100.0, 0.0)))
    return result.value, result.python_float()


# ``ter`` and ``sentence_ter``: declared once in ``api.py``, made from the registered
# definition on first use (``bleuprint.core.one_call``).
__getattr__ = one_call_functions(__name__)
