/*
 * bleuprint.impl._terkernel: TER's edit count (Tercom's greedy shift search over a banded
 * edit distance, as sacreBLEU 2.5.1 computes it), in C.
 *
 * Functions (word ids are sequences of Python ints; equal words, equal ids):
 *
 *   edits(hyps, refs)
 *       For every pair (hyps[k], refs[k]): spec.ter.edits_with_shifts(hyp, ref)[0], the
 *       number of shifts applied plus the banded edit distance of the shifted words. One
 *       call for a whole batch; returns a list of ints.
 *   distance(hyp, ref)
 *       spec.ter.edit_distance_with_trace(hyp, ref)[0].
 *   alignment(hyp, ref)
 *       (distance, align, ref_errors, hyp_errors): spec.ter.alignment_from_trace of the
 *       spec's trace.
 *   candidates(hyp, ref, checked)
 *       (shifts, checked): the (hyp_start, length, target) sequence that one round of
 *       spec.ter.best_shift evaluates, in its order, and the cumulative count after the
 *       round (the same as bleuprint.impl.ter._candidates).
 *
 * Why this equals the spec, piece by piece (the same arguments as the numpy/Python code
 * of bleuprint/impl/ter.py, whose docstrings give them in more detail):
 *
 * - Band (spec.ter.band_columns, band_half_width): ratio = m / n, the half-width widened
 *   to ceil(ratio / 2 + 25) when ratio / 2 > 25, diagonal floor(i * ratio), all in IEEE
 *   double as Python computes them (one division, one multiplication, one addition: the
 *   same rounding; ISO C mode -std=c99 keeps GCC from contracting them into an FMA). The
 *   last row is whole to the right.
 * - Edit distance (spec.ter.edit_distance_with_trace): the matrices are int32, filled
 *   with BIG once per pair (only the cells that can be read are stored: see "Memory"
 *   below); only cells inside the band are ever written, so a cell outside it reads BIG
 *   (the spec's INFINITY). A cell is the minimum of its
 *   diagonal, vertical and horizontal candidates, clamped to BIG (the spec keeps INFINITY
 *   when no candidate is below it). Finite costs are at most n + m < 2^27 < BIG.
 * - Trace (spec.ter.alignment_from_trace): read back from the forward costs alone. The
 *   spec replaces a cell's value only on a strictly lower cost, in the order diagonal,
 *   deletion, insertion, so its operation is the diagonal if diagonal <= up and
 *   diagonal <= left, else the deletion if up <= left, else the insertion; a cell on the
 *   trace is finite, so the chosen candidate is finite. Column 0 is deletions, row 0
 *   insertions. The walk backwards also records, for every position, the next error at
 *   or after it (next_hyp, next_ref), which answers the filter's "some error in the span"
 *   in O(1).
 * - Candidates (spec.ter.matching_spans, worth_shifting, shift_targets and the budget of
 *   best_shift): hyp_start ascending, ref_start ascending within 50 positions, length
 *   ascending up to 10 words and the common extension; the filter passes exactly the
 *   lengths L with L > next_hyp[hs] - hs, L > next_ref[rs] - rs and, when
 *   align[rs] >= hs, L <= align[rs] - hs, so the other lengths are skipped without being
 *   visited; targets by offset -1..L-1, consecutive repeats skipped; the cumulative count
 *   is tested after each span's targets.
 * - Ranking (spec.ter.shift_rank): (gain, length, -start, -target), larger is better, the
 *   first of equal ranks kept. Equal ranks are the same shift (same block, same target),
 *   hence the same words, so the order in which candidates are evaluated does not matter.
 * - Distance of a candidate: every shifted variant has n words, hence the same band. A
 *   move (spec.ter.move_block) changes only positions lo..hi-1 (changed_range), so the
 *   candidate's matrix equals the current one in rows 0..lo, and its costs from row hi to
 *   (n, m) equal the current backward costs G[hi] (cheapest path from a cell to (n, m)
 *   through band cells). Its distance is min_j C[hi][j] + G[hi][j], with C computed from
 *   F[lo] over rows lo+1..hi only: every path to (n, m) crosses row hi.
 * - Loop (spec.ter.edits_with_shifts): stop when the cumulative count reaches 1,000 (the
 *   round's best shift discarded, so that round's candidates are never evaluated) or the
 *   best gain is not positive; otherwise apply the shift and count one edit. An empty
 *   reference gives n, an empty hypothesis m, identical words 0 (the trace is all
 *   matches: no span passes the filter).
 *
 * Memory: the three matrices (forward, backward, a candidate's rows) store only the cells
 * that can be read: row r keeps columns first[r] .. end[r]-1 (row_span), its band and the
 * few cells beside it that a neighbouring row's step or the trace reads, set to BIG and
 * never written. Every matrix access is at a column inside its row's span, so a stored
 * BIG is read wherever the full matrix would hold one, and the numbers are those of the
 * full (n+1) x (m+1) matrices. About 52 cells a row when the lengths are similar
 * (2 x BEAM_WIDTH + 2), and at most about 2m + 52n cells in all: O(n x band), not
 * O(n x m). Buffers are reused across the batch; every allocation is checked and a failure
 * is a MemoryError saying what was being allocated.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* Tercom's search constants: those of bleuprint.spec.ter, their one definition; the module
 * exports them under the same names, and tests/impl/test_constants.py holds them equal. */
#define MAX_SHIFT_SIZE 10
#define MAX_SHIFT_DISTANCE 50
#define BEAM_WIDTH 25
#define MAX_SHIFT_CANDIDATES 1000
/* At most this many candidates in one round: the count is below the budget before the
   last span, whose targets add at most MAX_SHIFT_SIZE + 1. */
#define CANDIDATE_CAPACITY (MAX_SHIFT_CANDIDATES + MAX_SHIFT_SIZE + 1)
/* Unreachable cost; BIG + BIG + 1 still fits in int32. */
#define BIG ((int32_t)1 << 28)
/* Longest accepted line, so that finite costs (<= n + m) stay below BIG. */
#define MAX_WORDS ((Py_ssize_t)1 << 26)

typedef struct {
    Py_ssize_t start, length, target;
} Shift;

typedef struct {
    Py_ssize_t n, m, width;          /* current pair: hypothesis, reference, m + 1 */
    Py_ssize_t cells_cap, n_cap, m_cap;
    int32_t *forward, *backward, *scratch; /* the stored cells of each row (row_span) */
    Py_ssize_t *lows, *highs;        /* n + 1: band of each row */
    Py_ssize_t *base;                /* n + 1: row r's cell (r, j) is matrix[base[r] + j] */
    int64_t *words, *moved, *segment; /* n each */
    Py_ssize_t *align;               /* m */
    Py_ssize_t *next_hyp, *next_ref; /* n + 1, m + 1: next error at or after */
    Shift *shifts;                   /* CANDIDATE_CAPACITY */
    int64_t *hyp_ids, *ref_ids;      /* input conversion buffers */
    Py_ssize_t hyp_cap, ref_cap;
} Work;

static void work_free(Work *w)
{
    PyMem_Free(w->forward);
    PyMem_Free(w->backward);
    PyMem_Free(w->scratch);
    PyMem_Free(w->lows);
    PyMem_Free(w->highs);
    PyMem_Free(w->base);
    PyMem_Free(w->words);
    PyMem_Free(w->moved);
    PyMem_Free(w->segment);
    PyMem_Free(w->align);
    PyMem_Free(w->next_hyp);
    PyMem_Free(w->next_ref);
    PyMem_Free(w->shifts);
    PyMem_Free(w->hyp_ids);
    PyMem_Free(w->ref_ids);
    memset(w, 0, sizeof(*w));
}

/* A MemoryError naming what could not be allocated; returns -1. */
static int no_memory(const char *what, Py_ssize_t count, size_t size)
{
    PyErr_Format(PyExc_MemoryError, "TER kernel: out of memory for %s (%zd items of %zu bytes)", what, count,
                 size);
    return -1;
}

/* Grow *buffer to hold count items of size bytes each (contents not kept); `what` names
   the buffer in the MemoryError. */
static int grow(void **buffer, Py_ssize_t *capacity, Py_ssize_t count, size_t size, const char *what)
{
    void *fresh;
    if (count <= *capacity && *buffer != NULL)
        return 0;
    if (count < 1)
        count = 1;
    if ((size_t)count > PY_SSIZE_T_MAX / size)
        return no_memory(what, count, size);
    fresh = PyMem_Malloc((size_t)count * size);
    if (fresh == NULL)
        return no_memory(what, count, size);
    PyMem_Free(*buffer);
    *buffer = fresh;
    *capacity = count;
    return 0;
}

/* grow() of buffers that share one capacity: each holds `count` items after, and
 * *capacity says so once all have grown. */
static int grow_all(Py_ssize_t *capacity, Py_ssize_t count, int n_buffers, void **buffers[], const size_t sizes[],
                    const char *what)
{
    Py_ssize_t cap = *capacity;
    for (int k = 0; k < n_buffers; k++) {
        cap = *capacity;
        if (grow(buffers[k], &cap, count, sizes[k], what) < 0)
            return -1;
    }
    *capacity = cap;
    return 0;
}

/* The columns first .. end-1 that row r of the matrices stores (1 <= r <= n; row 0 below):
   its band lows[r] .. highs[r]-1 and what the other accesses read of it (all other cells
   of the full matrix are BIG, never written and never read):
   - the step of row r + 1 (forward_row: the diagonal and vertical candidates of its band,
     columns lows[r+1]-1 .. highs[r+1]-1) and the trace in row r + 1 (the same columns);
   - row r's own step and the trace in row r: the cell left of its band, column lows[r]-1;
   - the backward step of row r - 1 when r >= 2 (backward_all: columns lows[r-1] ..
     highs[r-1], the vertical and diagonal candidates; row 0 of the backward costs is never
     computed, because every candidate changes a row >= 1);
   clipped to 0 .. m. Row 0 (k insertions) is read only by the step of row 1 and the trace
   in row 1: columns 0 .. highs[1]-1 (all of it when n = 0, where it is the last row). */
static void row_span(const Work *w, Py_ssize_t r, Py_ssize_t *first, Py_ssize_t *end)
{
    Py_ssize_t n = w->n, low, high;
    if (r == 0) {
        *first = 0;
        *end = n == 0 ? w->width : w->highs[1];
        return;
    }
    low = w->lows[r] - 1;
    high = w->highs[r];
    if (r < n) {
        if (w->lows[r + 1] - 1 < low)
            low = w->lows[r + 1] - 1;
        if (w->highs[r + 1] > high)
            high = w->highs[r + 1];
    }
    if (r >= 2) {
        if (w->lows[r - 1] < low)
            low = w->lows[r - 1];
        if (w->highs[r - 1] + 1 > high)
            high = w->highs[r - 1] + 1;
    }
    *first = low > 0 ? low : 0;
    *end = high < w->width ? high : w->width;
}

/* Make the workspace hold an n-word hypothesis against an m-word reference: compute the
   bands and the stored spans of the rows, and fill the matrices with BIG (row 0 of the
   forward costs with its insertions). Row r's cells are matrix[base[r] + j] for j in its
   span; the spans follow each other, and base[r] >= 0 because each row's span ends past
   the start of the next one (both hold the next row's band). */
static int work_prepare(Work *w, Py_ssize_t n, Py_ssize_t m)
{
    Py_ssize_t width = m + 1, cells, i, k, first, end;
    if (n + 1 > w->n_cap || w->lows == NULL) {
        void **buffers[] = {(void **)&w->lows, (void **)&w->highs, (void **)&w->base, (void **)&w->next_hyp,
                            (void **)&w->words, (void **)&w->moved, (void **)&w->segment};
        const size_t sizes[] = {sizeof(Py_ssize_t), sizeof(Py_ssize_t), sizeof(Py_ssize_t), sizeof(Py_ssize_t),
                                sizeof(int64_t), sizeof(int64_t), sizeof(int64_t)};
        if (grow_all(&w->n_cap, n + 1, 7, buffers, sizes, "the per-word arrays of the hypothesis") < 0)
            return -1;
    }
    if (m + 1 > w->m_cap || w->align == NULL) {
        void **buffers[] = {(void **)&w->align, (void **)&w->next_ref};
        const size_t sizes[] = {sizeof(Py_ssize_t), sizeof(Py_ssize_t)};
        if (grow_all(&w->m_cap, m + 1, 2, buffers, sizes, "the per-word arrays of the reference") < 0)
            return -1;
    }
    if (w->shifts == NULL) {
        w->shifts = PyMem_Malloc(CANDIDATE_CAPACITY * sizeof(Shift));
        if (w->shifts == NULL)
            return no_memory("the candidate shifts", CANDIDATE_CAPACITY, sizeof(Shift));
    }
    w->n = n;
    w->m = m;
    w->width = width;
    /* spec.ter.band_columns / band_half_width */
    w->lows[0] = 0;
    w->highs[0] = width;
    if (n > 0) {
        double ratio = (double)m / (double)n;
        Py_ssize_t half = BEAM_WIDTH;
        if ((double)BEAM_WIDTH < ratio / 2)
            half = (Py_ssize_t)ceil(ratio / 2 + (double)BEAM_WIDTH);
        for (i = 1; i <= n; i++) {
            Py_ssize_t diagonal = (Py_ssize_t)floor((double)i * ratio);
            Py_ssize_t low = diagonal - half, high = diagonal + half;
            w->lows[i] = low > 0 ? low : 0;
            w->highs[i] = high < width ? high : width;
        }
        w->highs[n] = width;
    }
    cells = 0;
    for (i = 0; i <= n; i++) {
        row_span(w, i, &first, &end);
        w->base[i] = cells - first;
        if (cells > PY_SSIZE_T_MAX - (end - first))
            return no_memory("the edit-distance band matrices", PY_SSIZE_T_MAX, 3 * sizeof(int32_t));
        cells += end - first;
    }
    if (cells > w->cells_cap || w->forward == NULL) {
        void **buffers[] = {(void **)&w->forward, (void **)&w->backward, (void **)&w->scratch};
        const size_t sizes[] = {sizeof(int32_t), sizeof(int32_t), sizeof(int32_t)};
        if (grow_all(&w->cells_cap, cells, 3, buffers, sizes, "the edit-distance band matrices") < 0)
            return -1;
    }
    for (k = 0; k < cells; k++)
        w->forward[k] = w->backward[k] = w->scratch[k] = BIG;
    row_span(w, 0, &first, &end);
    for (k = first; k < end; k++)
        w->forward[w->base[0] + k] = (int32_t)k; /* row 0: k insertions */
    return 0;
}

/* Row r of a matrix (forward, backward or scratch), indexed by column j: only the columns
   of row_span(r) may be accessed. */
#define ROW(matrix, r) ((matrix) + w->base[r])

/* One forward row: cur[lo..hi) from prev (the row above) for the hypothesis word `word`.
   Cells outside a band read BIG (never written). */
static void forward_row(const int32_t *prev, int32_t *cur, Py_ssize_t lo, Py_ssize_t hi, int64_t word,
                        const int64_t *ref)
{
    Py_ssize_t j = lo;
    int32_t left;
    if (j == 0) {
        cur[0] = prev[0] + 1; /* column 0: a deletion */
        j = 1;
    }
    left = cur[j - 1];
    for (; j < hi; j++) {
        int32_t best = prev[j - 1] + (ref[j - 1] != word);
        int32_t up = prev[j] + 1;
        if (up < best)
            best = up;
        if (left + 1 < best)
            best = left + 1;
        if (best > BIG)
            best = BIG;
        cur[j] = left = best;
    }
}

/* The forward matrix of w->words (spec.ter.edit_distance_with_trace); returns the
   distance. */
static int32_t forward_all(Work *w, const int64_t *ref)
{
    Py_ssize_t i;
    for (i = 1; i <= w->n; i++)
        forward_row(ROW(w->forward, i - 1), ROW(w->forward, i), w->lows[i], w->highs[i], w->words[i - 1], ref);
    return ROW(w->forward, w->n)[w->m];
}

/* Backward costs G[i][j] of w->words for rows lowest..n: the cheapest path from band cell
   (i, j) to (n, m) through band cells. lowest >= 1: row 0 is not stored for it (row_span),
   and no candidate needs it (changed_range ends at a row >= 1). */
static void backward_all(Work *w, const int64_t *ref, Py_ssize_t lowest)
{
    Py_ssize_t n = w->n, m = w->m, width = w->width, i, j;
    int32_t *last = ROW(w->backward, n);
    for (j = w->lows[n]; j <= m; j++)
        last[j] = (int32_t)(m - j);
    for (i = n - 1; i >= lowest; i--) {
        const int32_t *following = ROW(w->backward, i + 1);
        int32_t *cur = ROW(w->backward, i);
        int64_t word = w->words[i]; /* the word of row i + 1 */
        Py_ssize_t lo = w->lows[i], hi = w->highs[i];
        int32_t right = BIG;
        j = hi - 1;
        if (hi == width) { /* column m: only the deletion */
            int32_t best = following[m] + 1;
            if (best > BIG)
                best = BIG;
            cur[m] = right = best;
            j = m - 1;
        }
        for (; j >= lo; j--) {
            int32_t best = following[j] + 1;
            int32_t diagonal = following[j + 1] + (ref[j] != word);
            if (diagonal < best)
                best = diagonal;
            if (right + 1 < best)
                best = right + 1;
            if (best > BIG)
                best = BIG;
            cur[j] = right = best;
        }
    }
}

/* The trace of the forward matrix, as w->align and the next-error arrays
   (spec.ter.alignment_from_trace). */
static void trace(Work *w, const int64_t *ref)
{
    Py_ssize_t n = w->n, m = w->m, i = n, j = m;
    Py_ssize_t following_hyp = n, following_ref = m;
    const int64_t *hyp = w->words;
    const int32_t *row = ROW(w->forward, n), *above = n > 0 ? ROW(w->forward, n - 1) : row; /* rows i, i - 1 */
    w->next_hyp[n] = n;
    w->next_ref[m] = m;
    while (i > 0 && j > 0) {
        int mark = hyp[i - 1] != ref[j - 1];
        int32_t diagonal = above[j - 1] + mark, up = above[j] + 1, left = row[j - 1] + 1;
        if (diagonal <= up && diagonal <= left) {
            i--;
            j--;
            w->align[j] = i;
            if (mark) {
                following_hyp = i;
                following_ref = j;
            }
            w->next_hyp[i] = following_hyp;
            w->next_ref[j] = following_ref;
        } else if (up <= left) {
            i--;
            w->next_hyp[i] = following_hyp = i;
        } else {
            j--;
            w->align[j] = i - 1;
            w->next_ref[j] = following_ref = j;
            continue;
        }
        if (i > 0) {
            row = above;
            above = ROW(w->forward, i - 1);
        }
    }
    while (i > 0) { /* column 0: deletions */
        i--;
        w->next_hyp[i] = i;
    }
    while (j > 0) { /* row 0: insertions */
        j--;
        w->align[j] = -1;
        w->next_ref[j] = j;
    }
}

/* The candidates of one round in the spec's order (spec.ter.best_shift's loop over
   matching_spans, worth_shifting, shift_targets and the budget). Adds to *checked;
   returns how many were stored in w->shifts. */
static Py_ssize_t enumerate_candidates(Work *w, const int64_t *ref, long *checked)
{
    Py_ssize_t n = w->n, m = w->m, hs, rs, count = 0;
    const int64_t *hyp = w->words;
    const Py_ssize_t *align = w->align;
    for (hs = 0; hs < n; hs++) {
        Py_ssize_t hyp_need = w->next_hyp[hs] - hs;
        Py_ssize_t longest_here = n - hs < MAX_SHIFT_SIZE ? n - hs : MAX_SHIFT_SIZE;
        Py_ssize_t rs_low = hs - MAX_SHIFT_DISTANCE, rs_high = hs + MAX_SHIFT_DISTANCE + 1;
        int64_t first = hyp[hs];
        if (hyp_need >= longest_here)
            continue;
        if (rs_low < 0)
            rs_low = 0;
        if (rs_high > m)
            rs_high = m;
        for (rs = rs_low; rs < rs_high; rs++) {
            Py_ssize_t ref_need, shortest, longest, aligned, length, span;
            if (ref[rs] != first)
                continue;
            ref_need = w->next_ref[rs] - rs;
            shortest = (hyp_need > ref_need ? hyp_need : ref_need) + 1;
            longest = longest_here < m - rs ? longest_here : m - rs;
            aligned = align[rs];
            if (aligned >= hs && aligned - hs < longest)
                longest = aligned - hs;
            if (shortest > longest)
                continue;
            length = 1;
            while (length < longest && hyp[hs + length] == ref[rs + length])
                length++;
            for (span = shortest; span <= length; span++) {
                Py_ssize_t offset, previous = -1;
                for (offset = -1; offset < span; offset++) {
                    Py_ssize_t target = rs + offset == -1 ? 0 : align[rs + offset] + 1;
                    if (target == previous)
                        continue;
                    previous = target;
                    w->shifts[count].start = hs;
                    w->shifts[count].length = span;
                    w->shifts[count].target = target;
                    count++;
                    (*checked)++;
                }
                if (*checked >= MAX_SHIFT_CANDIDATES)
                    return count;
            }
        }
    }
    return count;
}

/* The positions lo..hi-1 that spec.ter.move_block may change. */
static void changed_range(Py_ssize_t n, const Shift *s, Py_ssize_t *lo, Py_ssize_t *hi)
{
    if (s->target < s->start) {
        *lo = s->target;
        *hi = s->start + s->length;
    } else if (s->target > s->start + s->length) {
        *lo = s->start;
        *hi = s->target;
    } else {
        *lo = s->start;
        *hi = s->target + s->length < n ? s->target + s->length : n;
    }
}

/* The moved words at positions lo..hi-1 (changed_range), into out[0..hi-lo). */
static void moved_segment(const int64_t *words, Py_ssize_t n, const Shift *s, int64_t *out)
{
    Py_ssize_t start = s->start, length = s->length, target = s->target;
    if (target < start) { /* the block, then the words it jumps over */
        memcpy(out, words + start, (size_t)length * sizeof(int64_t));
        memcpy(out + length, words + target, (size_t)(start - target) * sizeof(int64_t));
    } else if (target > start + length) { /* the words it jumps over, then the block */
        memcpy(out, words + start + length, (size_t)(target - start - length) * sizeof(int64_t));
        memcpy(out + (target - start - length), words + start, (size_t)length * sizeof(int64_t));
    } else { /* the block moves right past the next target - start words (as many as exist) */
        Py_ssize_t end = target + length < n ? target + length : n;
        memcpy(out, words + start + length, (size_t)(end - start - length) * sizeof(int64_t));
        memcpy(out + (end - start - length), words + start, (size_t)length * sizeof(int64_t));
    }
}

/* spec.ter.move_block of the whole line, into out (n words: every case keeps the length). */
static void move_block(const int64_t *words, Py_ssize_t n, const Shift *s, int64_t *out)
{
    Py_ssize_t lo, hi;
    changed_range(n, s, &lo, &hi);
    memcpy(out, words, (size_t)lo * sizeof(int64_t));
    moved_segment(words, n, s, out + lo);
    memcpy(out + hi, words + hi, (size_t)(n - hi) * sizeof(int64_t));
}

/* The banded distance of the candidate s (see the header: F[lo], rows lo+1..hi, G[hi]). */
static int32_t candidate_distance(Work *w, const int64_t *ref, const Shift *s)
{
    Py_ssize_t lo, hi, i, j;
    const int32_t *prev, *g;
    int32_t best = 2 * BIG + 1;
    changed_range(w->n, s, &lo, &hi);
    moved_segment(w->words, w->n, s, w->segment);
    prev = ROW(w->forward, lo);
    for (i = lo + 1; i <= hi; i++) {
        int32_t *cur = ROW(w->scratch, i);
        forward_row(prev, cur, w->lows[i], w->highs[i], w->segment[i - 1 - lo], ref);
        prev = cur;
    }
    g = ROW(w->backward, hi);
    for (j = w->lows[hi]; j < w->highs[hi]; j++) {
        int32_t total = prev[j] + g[j];
        if (total < best)
            best = total;
    }
    return best;
}

static int unreachable(void)
{
    PyErr_SetString(PyExc_AssertionError, "TER kernel: the last cell of the edit-distance band is unreachable");
    return -1;
}

/* spec.ter.edits_with_shifts(hyp, ref)[0] into *result; -1 with an exception on error. */
static int search(Work *w, const int64_t *hyp, Py_ssize_t n, const int64_t *ref, Py_ssize_t m, long *result)
{
    long shifts = 0, checked = 0;
    if (m == 0) {
        *result = (long)n;
        return 0;
    }
    if (n == 0) {
        *result = (long)m;
        return 0;
    }
    if (n == m && memcmp(hyp, ref, (size_t)n * sizeof(int64_t)) == 0) {
        *result = 0;
        return 0;
    }
    if (work_prepare(w, n, m) < 0)
        return -1;
    memcpy(w->words, hyp, (size_t)n * sizeof(int64_t));
    for (;;) {
        int32_t distance = forward_all(w, ref);
        Py_ssize_t count, k, lowest = n;
        long best_gain = 0;
        const Shift *best = NULL;
        int64_t *swap;
        if (distance >= BIG)
            return unreachable();
        trace(w, ref);
        count = enumerate_candidates(w, ref, &checked);
        if (checked >= MAX_SHIFT_CANDIDATES || count == 0) {
            *result = shifts + distance;
            return 0;
        }
        for (k = 0; k < count; k++) {
            Py_ssize_t lo, hi;
            changed_range(n, &w->shifts[k], &lo, &hi);
            if (hi < lowest)
                lowest = hi;
        }
        backward_all(w, ref, lowest);
        for (k = 0; k < count; k++) {
            const Shift *s = &w->shifts[k];
            long gain = (long)distance - (long)candidate_distance(w, ref, s);
            if (best == NULL || gain > best_gain ||
                (gain == best_gain &&
                 (s->length > best->length ||
                  (s->length == best->length &&
                   (s->start < best->start || (s->start == best->start && s->target < best->target)))))) {
                best = s;
                best_gain = gain;
            }
        }
        if (best_gain <= 0) {
            *result = shifts + distance;
            return 0;
        }
        shifts++;
        move_block(w->words, n, best, w->moved);
        swap = w->words;
        w->words = w->moved;
        w->moved = swap;
    }
}

/* --- Python interface ------------------------------------------------------------------ */

/* Word ids of obj (a sequence of ints) into *buffer; their number into *length. */
static int read_ids(PyObject *obj, int64_t **buffer, Py_ssize_t *capacity, Py_ssize_t *length)
{
    PyObject *seq, **items;
    Py_ssize_t size, k;
    if (PyUnicode_Check(obj) || PyBytes_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "word ids must be a sequence of int, not %.100s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    seq = PySequence_Fast(obj, "word ids must be a sequence of int");
    if (seq == NULL)
        return -1;
    size = PySequence_Fast_GET_SIZE(seq);
    if (size > MAX_WORDS) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "a line of %zd words is longer than the TER kernel's limit of %zd", size,
                     MAX_WORDS);
        return -1;
    }
    if (grow((void **)buffer, capacity, size, sizeof(int64_t), "the word ids of a line") < 0) {
        Py_DECREF(seq);
        return -1;
    }
    items = PySequence_Fast_ITEMS(seq);
    for (k = 0; k < size; k++) {
        long long value;
        if (!PyLong_Check(items[k])) {
            PyErr_Format(PyExc_TypeError, "word ids must be int, not %.100s", Py_TYPE(items[k])->tp_name);
            Py_DECREF(seq);
            return -1;
        }
        value = PyLong_AsLongLong(items[k]);
        if (value == -1 && PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_SetString(PyExc_ValueError, "word ids must fit in 64 bits");
            }
            Py_DECREF(seq);
            return -1;
        }
        (*buffer)[k] = (int64_t)value;
    }
    *length = size;
    Py_DECREF(seq);
    return 0;
}

/* Both lines of a pair into the work buffers. */
static int read_pair(Work *w, PyObject *hyp, PyObject *ref, Py_ssize_t *n, Py_ssize_t *m)
{
    if (read_ids(hyp, &w->hyp_ids, &w->hyp_cap, n) < 0)
        return -1;
    return read_ids(ref, &w->ref_ids, &w->ref_cap, m);
}

PyDoc_STRVAR(edits_doc,
             "edits(hyps, refs) -> list of int\n\n"
             "spec.ter.edits_with_shifts(hyps[k], refs[k])[0] for every k: hyps and refs are\n"
             "sequences of equal length of word-id sequences (ints; equal words, equal ids).");

static PyObject *py_edits(PyObject *self, PyObject *args)
{
    PyObject *hyps, *refs, *hyp_seq = NULL, *ref_seq = NULL, *out = NULL;
    Py_ssize_t count, k;
    Work w;
    memset(&w, 0, sizeof(w));
    if (!PyArg_ParseTuple(args, "OO:edits", &hyps, &refs))
        return NULL;
    hyp_seq = PySequence_Fast(hyps, "edits: hyps must be a sequence of word-id sequences");
    if (hyp_seq == NULL)
        goto done;
    ref_seq = PySequence_Fast(refs, "edits: refs must be a sequence of word-id sequences");
    if (ref_seq == NULL)
        goto done;
    count = PySequence_Fast_GET_SIZE(hyp_seq);
    if (count != PySequence_Fast_GET_SIZE(ref_seq)) {
        PyErr_Format(PyExc_ValueError, "edits: %zd hypotheses but %zd references", count,
                     PySequence_Fast_GET_SIZE(ref_seq));
        goto done;
    }
    out = PyList_New(count);
    if (out == NULL)
        goto done;
    for (k = 0; k < count; k++) {
        Py_ssize_t n, m;
        long result;
        PyObject *value;
        if (read_pair(&w, PySequence_Fast_GET_ITEM(hyp_seq, k), PySequence_Fast_GET_ITEM(ref_seq, k), &n, &m) < 0 ||
            search(&w, w.hyp_ids, n, w.ref_ids, m, &result) < 0) {
            Py_CLEAR(out);
            goto done;
        }
        value = PyLong_FromLong(result);
        if (value == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, k, value);
    }
done:
    Py_XDECREF(hyp_seq);
    Py_XDECREF(ref_seq);
    work_free(&w);
    return out;
}

/* The forward matrix and trace of one pair, for distance/alignment/candidates. */
static int prepare_single(Work *w, PyObject *args, const char *format, long *checked, int32_t *distance)
{
    PyObject *hyp, *ref;
    Py_ssize_t n, m;
    int ok = checked ? PyArg_ParseTuple(args, format, &hyp, &ref, checked) : PyArg_ParseTuple(args, format, &hyp, &ref);
    if (!ok)
        return -1;
    if (read_pair(w, hyp, ref, &n, &m) < 0 || work_prepare(w, n, m) < 0)
        return -1;
    memcpy(w->words, w->hyp_ids, (size_t)n * sizeof(int64_t));
    *distance = forward_all(w, w->ref_ids);
    if (*distance >= BIG)
        return unreachable();
    trace(w, w->ref_ids);
    return 0;
}

PyDoc_STRVAR(distance_doc, "distance(hyp, ref) -> int\n\nspec.ter.edit_distance_with_trace(hyp, ref)[0] on word ids.");

static PyObject *py_distance(PyObject *self, PyObject *args)
{
    Work w;
    int32_t distance;
    PyObject *out = NULL;
    memset(&w, 0, sizeof(w));
    if (prepare_single(&w, args, "OO:distance", NULL, &distance) == 0)
        out = PyLong_FromLong(distance);
    work_free(&w);
    return out;
}

PyDoc_STRVAR(alignment_doc,
             "alignment(hyp, ref) -> (distance, align, ref_errors, hyp_errors)\n\n"
             "The distance and spec.ter.alignment_from_trace of the spec's trace, on word ids.");

static PyObject *py_alignment(PyObject *self, PyObject *args)
{
    Work w;
    int32_t distance;
    PyObject *align = NULL, *ref_errors = NULL, *hyp_errors = NULL, *out = NULL;
    Py_ssize_t k;
    memset(&w, 0, sizeof(w));
    if (prepare_single(&w, args, "OO:alignment", NULL, &distance) < 0)
        goto done;
    align = PyList_New(w.m);
    ref_errors = PyList_New(w.m);
    hyp_errors = PyList_New(w.n);
    if (align == NULL || ref_errors == NULL || hyp_errors == NULL)
        goto done;
    for (k = 0; k < w.m; k++) {
        PyObject *a = PyLong_FromSsize_t(w.align[k]);
        if (a == NULL)
            goto done;
        PyList_SET_ITEM(align, k, a);
        PyList_SET_ITEM(ref_errors, k, PyLong_FromLong(w.next_ref[k] == k)); /* small ints: cannot fail */
    }
    for (k = 0; k < w.n; k++)
        PyList_SET_ITEM(hyp_errors, k, PyLong_FromLong(w.next_hyp[k] == k));
    out = Py_BuildValue("(lOOO)", (long)distance, align, ref_errors, hyp_errors);
done:
    Py_XDECREF(align);
    Py_XDECREF(ref_errors);
    Py_XDECREF(hyp_errors);
    work_free(&w);
    return out;
}

PyDoc_STRVAR(candidates_doc,
             "candidates(hyp, ref, checked) -> (list of (hyp_start, length, target), checked)\n\n"
             "The candidate shifts one round of spec.ter.best_shift evaluates, in its order, given\n"
             "the cumulative count `checked` of the earlier rounds, and the count after the round.");

static PyObject *py_candidates(PyObject *self, PyObject *args)
{
    Work w;
    int32_t distance;
    long checked = 0;
    Py_ssize_t count, k;
    PyObject *found = NULL, *out = NULL;
    memset(&w, 0, sizeof(w));
    if (prepare_single(&w, args, "OOl:candidates", &checked, &distance) < 0)
        goto done;
    if (checked < 0 || checked >= MAX_SHIFT_CANDIDATES) {
        PyErr_Format(PyExc_ValueError, "candidates: checked must be in 0..%d, not %ld", MAX_SHIFT_CANDIDATES - 1,
                     checked);
        goto done;
    }
    count = enumerate_candidates(&w, w.ref_ids, &checked);
    found = PyList_New(count);
    if (found == NULL)
        goto done;
    for (k = 0; k < count; k++) {
        PyObject *item = Py_BuildValue("(nnn)", w.shifts[k].start, w.shifts[k].length, w.shifts[k].target);
        if (item == NULL)
            goto done;
        PyList_SET_ITEM(found, k, item);
    }
    out = Py_BuildValue("(Ol)", found, checked);
done:
    Py_XDECREF(found);
    work_free(&w);
    return out;
}

static PyMethodDef methods[] = {
    {"edits", py_edits, METH_VARARGS, edits_doc},
    {"distance", py_distance, METH_VARARGS, distance_doc},
    {"alignment", py_alignment, METH_VARARGS, alignment_doc},
    {"candidates", py_candidates, METH_VARARGS, candidates_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
             "TER's edit count (Tercom's shift search over sacreBLEU 2.5.1's banded edit distance)\n"
             "on word ids, equal to bleuprint.spec.ter; see bleuprint/impl/csrc/terkernel.c.");

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_terkernel", module_doc, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__terkernel(void) {
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "MAX_SHIFT_SIZE", MAX_SHIFT_SIZE) < 0 ||
        PyModule_AddIntConstant(m, "MAX_SHIFT_DISTANCE", MAX_SHIFT_DISTANCE) < 0 ||
        PyModule_AddIntConstant(m, "BEAM_WIDTH", BEAM_WIDTH) < 0 ||
        PyModule_AddIntConstant(m, "MAX_SHIFT_CANDIDATES", MAX_SHIFT_CANDIDATES) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
