/* bleuprint.impl._wer: jiwer 4.0.0's word ids, Levenshtein distances and
 * hit/substitution/deletion/insertion counts of every (reference, hypothesis) pair, on
 * rapidfuzz 3.14.6's choice of alignment (bleuprint.metrics.wer.spec.alignment_counts).
 *
 * word_ids(texts) -> (ids, offsets): jiwer's word transform (the spec's ``words``: runs of
 * two or more white-space characters (Py_UNICODE_ISSPACE, which is both Python re's \s and
 * str.strip's white space) become one space, the ends are stripped, the text is split on
 * " ") applied to every str of the list, each distinct word (compared by code points) given
 * an int32 id in order of first appearance; ids as int32 bytes, offsets as N + 1 int64.
 *
 * char_ids(texts) -> (ids, offsets): jiwer's character transform (the spec's ``characters``:
 * the text stripped of white space at both ends, one element per code point), likewise.
 *
 * text_rows(refs, hyps, a, b, distances[, split_bytes]): counts or distances on characters
 * straight from two lists of str (see its comment).
 *
 * distances(ref_ids, ref_off, hyp_ids, hyp_off, a, b) -> bytes: the Levenshtein distance
 * (unit costs) of pairs k in [a, b), int64 each.
 *
 * counts(ref_ids, ref_off, hyp_ids, hyp_off, a, b) -> bytes: for pairs k in [a, b), the
 * int64 row [H, S, D, I, N_ref, N_hyp]. An optional seventh argument replaces rapidfuzz's
 * 1 MiB split size (spec.HIRSCHBERG_BYTES) so that the tests reach the split on short pairs.
 *
 * The buffers: ref_ids and hyp_ids int32 element ids (interned words, or code points),
 * ref_off and hyp_off int64 buffers of N + 1 offsets (pair k's reference is
 * ref_ids[ref_off[k] : ref_off[k + 1]]). ValueError on inconsistent offsets, MemoryError
 * (with a message) when scratch memory cannot be had. The GIL is released while the pairs
 * are computed (the buffers are held).
 *
 * The distance table is computed by Hyyro's bit-parallel form of Myers' algorithm (Hyyro
 * 2003, "A bit-vector algorithm for computing Levenshtein and Damerau edit distances"; the
 * block form of Hyyro 2004 for references longer than 64 elements): the reference's
 * elements are the bits, the hypothesis is read one element (one column j of the table) at
 * a time, and each column is kept as two bit-vectors, VP (bit i-1 set: D[i][j] - D[i-1][j]
 * = +1) and VN (= -1). The pattern bits of a hypothesis element: a dense row for ids below
 * 256, else the id's sparse (block, bits) postings (see Pattern).
 *
 * The counts follow bleuprint.metrics.wer.spec.alignment_counts step by step: the common
 * prefix, then the common suffix of the rest, are hits; a middle that rapidfuzz would split
 * (spec.needs_split) is cut by Hirschberg's rule at the first i minimising
 * D(a[:i], b[:m/2]) + D(a[i:], b[m/2:]) (two columns from the bit-parallel table, the second
 * on the reversed sequences), each half aligned the same way with its distance known; else
 * the spec's back-trace of the whole table from (n, m): delete when VP of column j has bit
 * i-1, else insert when j > 1 and VN of column j-1 has bit i-1, else step diagonally. The
 * back-trace needs the columns' bit-vectors, kept in linear memory: all blocks when the band
 * is the whole reference (rapidfuzz's rule then bounds n m / 4 bytes by 1 MiB, or n < 65,
 * or m < 10), else only the blocks of rows j - d - 1 .. j + d + 1 of column j (d the
 * distance): every cell (i, j) of the back-trace has |i - j| <= D[i][j] <= d, and it reads
 * column j at row i and column j - 1 at row i. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HIRSCHBERG_BYTES ((size_t)1024 * 1024)
/* ---- the pattern bits of a reference ---- */

#define DIRECT 256  /* ids below this (ASCII and Latin-1 code points, a corpus's first words) have a dense row */

/* Ids below DIRECT: a dense row of blocks words each (direct[id * blocks + w]). Other ids
 * (rarer words, other scripts' code points): a sparse list of (block, bits) postings per
 * distinct id, found through an open-addressing table, and written into a row of zeros for
 * the one column that reads them (then zeroed again): the cost is the id's occurrences, not
 * the reference's blocks, and the memory is linear in the reference. */
typedef struct {
    size_t blocks, cap;          /* blocks in use; blocks allocated (direct, zeros, row) */
    uint64_t *direct, *zeros, *row;
    size_t n_sparse;             /* elements with ids outside the dense rows (0: none) */
    size_t table_size, cap_table;
    int32_t *keys, *first, *count, *last; /* per table slot: the id, its postings, the last block seen */
    size_t cap_post;
    uint32_t *post_block;
    uint64_t *post_bits;
    size_t dirty_first, dirty_count; /* the postings written into row */
} Pattern;

static inline size_t find_slot(const Pattern *p, int32_t c) {
    size_t mask = p->table_size - 1, slot = (size_t)(((uint64_t)(uint32_t)c * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
    while (p->first[slot] != -1 && p->keys[slot] != c) slot = (slot + 1) & mask;
    return slot;
}

static int pattern_build(Pattern *p, const int32_t *a, size_t n) {
    size_t blocks = (n + 63) / 64;
    if (blocks > p->cap) {
        free(p->direct); free(p->zeros); free(p->row);
        p->direct = calloc(DIRECT * blocks, sizeof(uint64_t));
        p->zeros = calloc(blocks, sizeof(uint64_t));
        p->row = calloc(blocks, sizeof(uint64_t));
        if (!p->direct || !p->zeros || !p->row) {
            free(p->direct); free(p->zeros); free(p->row);
            p->direct = p->zeros = p->row = NULL; p->cap = 0;
            return -1;
        }
        p->cap = blocks;
    }
    p->blocks = blocks;
    p->n_sparse = 0;
    p->dirty_count = 0;
    for (size_t i = 0; i < n; i++) {
        if ((uint32_t)a[i] < DIRECT) p->direct[(size_t)a[i] * blocks + i / 64] |= (uint64_t)1 << (i % 64);
        else p->n_sparse++;
    }
    if (p->n_sparse == 0) return 0;
    size_t size = 16;
    while (size < 2 * p->n_sparse) size *= 2;
    if (size > p->cap_table) {
        free(p->keys); free(p->first); free(p->count); free(p->last);
        p->keys = malloc(sizeof(int32_t) * size); p->first = malloc(sizeof(int32_t) * size);
        p->count = malloc(sizeof(int32_t) * size); p->last = malloc(sizeof(int32_t) * size);
        if (!p->keys || !p->first || !p->count || !p->last) {
            free(p->keys); free(p->first); free(p->count); free(p->last);
            p->keys = p->first = p->count = p->last = NULL; p->cap_table = 0;
            return -1;
        }
        p->cap_table = size;
    }
    if (p->n_sparse > p->cap_post) {
        free(p->post_block); free(p->post_bits);
        p->post_block = malloc(sizeof(uint32_t) * p->n_sparse);
        p->post_bits = malloc(sizeof(uint64_t) * p->n_sparse);
        if (!p->post_block || !p->post_bits) {
            free(p->post_block); free(p->post_bits);
            p->post_block = NULL; p->post_bits = NULL; p->cap_post = 0;
            return -1;
        }
        p->cap_post = p->n_sparse;
    }
    p->table_size = size;
    for (size_t k = 0; k < size; k++) p->first[k] = -1;
    /* pass 1: each id's number of postings (distinct blocks it occurs in) */
    for (size_t i = 0; i < n; i++) {
        if ((uint32_t)a[i] < DIRECT) continue;
        size_t slot = find_slot(p, a[i]);
        if (p->first[slot] == -1) { p->first[slot] = 0; p->keys[slot] = a[i]; p->count[slot] = 0; p->last[slot] = -1; }
        if (p->last[slot] != (int32_t)(i / 64)) { p->last[slot] = (int32_t)(i / 64); p->count[slot]++; }
    }
    /* where each id's postings start */
    int32_t used = 0;
    for (size_t k = 0; k < size; k++)
        if (p->first[k] != -1) { p->first[k] = used; used += p->count[k]; p->count[k] = 0; p->last[k] = -1; }
    /* pass 2: the postings, in block order */
    for (size_t i = 0; i < n; i++) {
        if ((uint32_t)a[i] < DIRECT) continue;
        size_t slot = find_slot(p, a[i]);
        size_t k = (size_t)p->first[slot] + (size_t)p->count[slot];
        if (p->last[slot] != (int32_t)(i / 64)) {
            p->last[slot] = (int32_t)(i / 64);
            p->post_block[k] = (uint32_t)(i / 64);
            p->post_bits[k] = 0;
            p->count[slot]++;
        } else {
            k--;
        }
        p->post_bits[k] |= (uint64_t)1 << (i % 64);
    }
    return 0;
}

/* empty the dense rows a build of a (n) filled */
static void pattern_clear(Pattern *p, const int32_t *a, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((uint32_t)a[i] < DIRECT) p->direct[(size_t)a[i] * p->blocks + i / 64] = 0;
}

/* the pattern bits of hypothesis element c in every block: a dense row, a row of zeros, or
 * its postings written into p->row (pattern_release zeroes them after the column) */
static inline const uint64_t *pattern_row(Pattern *p, int32_t c) {
    if ((uint32_t)c < DIRECT) return p->direct + (size_t)c * p->blocks;
    if (p->n_sparse == 0) return p->zeros;
    size_t slot = find_slot(p, c);
    if (p->first[slot] == -1) return p->zeros;
    size_t first = (size_t)p->first[slot], count = (size_t)p->count[slot];
    for (size_t k = first; k < first + count; k++) p->row[p->post_block[k]] = p->post_bits[k];
    p->dirty_first = first; p->dirty_count = count;
    return p->row;
}

static inline void pattern_release(Pattern *p) {
    for (size_t k = p->dirty_first; k < p->dirty_first + p->dirty_count; k++) p->row[p->post_block[k]] = 0;
    p->dirty_count = 0;
}

/* advance every block's VP / VN by the pattern bits pm of one hypothesis element; the
 * horizontal difference at the last row n (D[n][j] - D[n][j-1]) is returned */
static inline int advance(const uint64_t *pm, size_t blocks, size_t n, uint64_t *vp, uint64_t *vn) {
    uint64_t hp_in = 1, hn_in = 0; /* D[0][j] - D[0][j-1] = +1 */
    size_t w = 0;
    for (; w + 1 < blocks; w++) {
        uint64_t VP = vp[w], VN = vn[w];
        uint64_t X = pm[w] | hn_in;
        uint64_t D0 = (((X & VP) + VP) ^ VP) | X | VN;
        uint64_t HP = VN | ~(D0 | VP);
        uint64_t HN = D0 & VP;
        uint64_t hp_out = HP >> 63, hn_out = HN >> 63;
        HP = (HP << 1) | hp_in;
        HN = (HN << 1) | hn_in;
        vp[w] = HN | ~(D0 | HP);
        vn[w] = HP & D0;
        hp_in = hp_out; hn_in = hn_out;
    }
    uint64_t VP = vp[w], VN = vn[w];
    uint64_t X = pm[w] | hn_in;
    uint64_t D0 = (((X & VP) + VP) ^ VP) | X | VN;
    uint64_t HP = VN | ~(D0 | VP);
    uint64_t HN = D0 & VP;
    uint64_t last = (uint64_t)1 << ((n - 1) % 64);
    int delta = (HP & last) ? 1 : ((HN & last) ? -1 : 0);
    HP = (HP << 1) | hp_in;
    HN = (HN << 1) | hn_in;
    vp[w] = HN | ~(D0 | HP);
    vn[w] = HP & D0;
    return delta;
}

typedef struct {
    Pattern pat;
    uint64_t *vp, *vn;       /* one column: blocks each */
    size_t cap_col;
    uint64_t *store;         /* the back-trace's columns */
    size_t cap_store;
    int32_t *col;            /* a column of distances (n + 1) */
    size_t cap_dist;
    size_t split_bytes;      /* rapidfuzz's HIRSCHBERG_BYTES (a test may lower it) */
} Scratch;

static int reserve_col(Scratch *s, size_t blocks) {
    if (blocks > s->cap_col) {
        free(s->vp); free(s->vn);
        s->vp = malloc(sizeof(uint64_t) * blocks);
        s->vn = malloc(sizeof(uint64_t) * blocks);
        if (!s->vp || !s->vn) { free(s->vp); free(s->vn); s->vp = s->vn = NULL; s->cap_col = 0; return -1; }
        s->cap_col = blocks;
    }
    return 0;
}

/* D(a, b) for n >= 1 (a the pattern: built here and cleared again) */
static int64_t bit_distance(const int32_t *a, size_t n, const int32_t *b, size_t m, Scratch *s) {
    if (pattern_build(&s->pat, a, n) < 0 || reserve_col(s, s->pat.blocks) < 0) return -1;
    size_t blocks = s->pat.blocks;
    for (size_t w = 0; w < blocks; w++) { s->vp[w] = ~(uint64_t)0; s->vn[w] = 0; }
    int64_t score = (int64_t)n;
    for (size_t j = 0; j < m; j++) {
        score += advance(pattern_row(&s->pat, b[j]), blocks, n, s->vp, s->vn);
        pattern_release(&s->pat);
    }
    pattern_clear(&s->pat, a, n);
    return score;
}

static int64_t affix_distance(const int32_t *r, size_t n0, const int32_t *h, size_t m0, Scratch *s) {
    size_t prefix = 0, suffix = 0;
    while (prefix < n0 && prefix < m0 && r[prefix] == h[prefix]) prefix++;
    while (suffix < n0 - prefix && suffix < m0 - prefix && r[n0 - 1 - suffix] == h[m0 - 1 - suffix]) suffix++;
    size_t n = n0 - prefix - suffix, m = m0 - prefix - suffix;
    if (n == 0 || m == 0) return (int64_t)(n + m);
    if (m < n) return bit_distance(h + prefix, m, r + prefix, n, s); /* symmetric: fewer blocks */
    return bit_distance(r + prefix, n, h + prefix, m, s);
}

/* the column D(a[:i], b) for i = 0..n into s->col (n >= 1) */
static int distance_column(const int32_t *a, size_t n, const int32_t *b, size_t m, Scratch *s) {
    if (n + 1 > s->cap_dist) {
        int32_t *c = realloc(s->col, sizeof(int32_t) * (n + 1));
        if (!c) return -1;
        s->col = c; s->cap_dist = n + 1;
    }
    if (pattern_build(&s->pat, a, n) < 0 || reserve_col(s, s->pat.blocks) < 0) return -1;
    size_t blocks = s->pat.blocks;
    for (size_t w = 0; w < blocks; w++) { s->vp[w] = ~(uint64_t)0; s->vn[w] = 0; }
    for (size_t j = 0; j < m; j++) {
        advance(pattern_row(&s->pat, b[j]), blocks, n, s->vp, s->vn);
        pattern_release(&s->pat);
    }
    pattern_clear(&s->pat, a, n);
    int32_t *col = s->col;
    col[0] = (int32_t)m;
    for (size_t i = 1; i <= n; i++) {
        uint64_t bit = (uint64_t)1 << ((i - 1) % 64);
        size_t w = (i - 1) / 64;
        col[i] = col[i - 1] + ((s->vp[w] & bit) ? 1 : 0) - ((s->vn[w] & bit) ? 1 : 0);
    }
    return 0;
}

/* the spec's back_trace of the whole table of a (n >= 1) against b (m >= 1), keeping the
 * columns' bit-vectors of rows j - d - 1 .. j + d + 1 only when band (d >= 0) is given */
static int trace_counts(const int32_t *a, size_t n, const int32_t *b, size_t m, int64_t d, Scratch *s,
                        int64_t *out) {
    if (pattern_build(&s->pat, a, n) < 0 || reserve_col(s, s->pat.blocks) < 0) return -1;
    size_t blocks = s->pat.blocks, width = blocks;
    if (d >= 0) {
        size_t wanted = (size_t)(2 * d + 2) / 64 + 2;
        if (wanted < width) width = wanted;
    }
    size_t cells = 2 * width * (m + 1);
    if (cells / (m + 1) != 2 * width) { pattern_clear(&s->pat, a, n); return -1; }
    if (cells > s->cap_store) {
        uint64_t *st = realloc(s->store, sizeof(uint64_t) * cells);
        if (!st) { pattern_clear(&s->pat, a, n); return -1; }
        s->store = st; s->cap_store = cells;
    }
    uint64_t *store = s->store;
    /* first stored block of column j */
#define FIRST_BLOCK(j) (width == blocks ? 0 : ((int64_t)(j) - d - 2 <= 0 ? 0 : \
        (((size_t)((int64_t)(j) - d - 2) / 64) + width > blocks ? blocks - width : (size_t)((int64_t)(j) - d - 2) / 64)))
    for (size_t w = 0; w < blocks; w++) { s->vp[w] = ~(uint64_t)0; s->vn[w] = 0; }
    for (size_t j = 1; j <= m; j++) {
        advance(pattern_row(&s->pat, b[j - 1]), blocks, n, s->vp, s->vn);
        pattern_release(&s->pat);
        size_t first = FIRST_BLOCK(j);
        memcpy(store + 2 * width * j, s->vp + first, sizeof(uint64_t) * width);
        memcpy(store + 2 * width * j + width, s->vn + first, sizeof(uint64_t) * width);
    }
    pattern_clear(&s->pat, a, n);
    int64_t hits = 0, subs = 0, dels = 0, ins = 0;
    size_t i = n, j = m;
    while (i > 0 && j > 0) {
        size_t w = (i - 1) / 64;
        uint64_t bit = (uint64_t)1 << ((i - 1) % 64);
        if (store[2 * width * j + (w - FIRST_BLOCK(j))] & bit) { dels++; i--; }
        else if (j > 1 && (store[2 * width * (j - 1) + width + (w - FIRST_BLOCK(j - 1))] & bit)) { ins++; j--; }
        else {
            if (a[i - 1] == b[j - 1]) hits++; else subs++;
            i--; j--;
        }
    }
#undef FIRST_BLOCK
    dels += (int64_t)i;
    ins += (int64_t)j;
    out[0] = hits; out[1] = subs; out[2] = dels; out[3] = ins;
    return 0;
}

/* counts of one pair into out[0..3] (the spec's alignment_counts: affix step, then one
 * back-trace or rapidfuzz's Hirschberg split); whole: the whole pair (rapidfuzz's band is
 * the reference), else a part whose distance is known (d). -1 on memory failure. */
static int pair_counts(const int32_t *r, size_t n0, const int32_t *h, size_t m0, int whole, int64_t d, Scratch *s,
                       int64_t *out) {
    size_t prefix = 0, suffix = 0;
    while (prefix < n0 && prefix < m0 && r[prefix] == h[prefix]) prefix++;
    while (suffix < n0 - prefix && suffix < m0 - prefix && r[n0 - 1 - suffix] == h[m0 - 1 - suffix]) suffix++;
    const int32_t *a = r + prefix, *b = h + prefix;
    size_t n = n0 - prefix - suffix, m = m0 - prefix - suffix;
    if (n == 0 || m == 0) {
        out[0] = (int64_t)(prefix + suffix); out[1] = 0; out[2] = (int64_t)n; out[3] = (int64_t)m;
        return 0;
    }
    size_t band = n;
    if (!whole && (size_t)(2 * d + 1) < n) band = (size_t)(2 * d + 1);
    if (n >= 65 && m >= 10 && 2 * band * m / 8 >= s->split_bytes) {
        size_t middle = m / 2, best_i = 0;
        int32_t *left = malloc(sizeof(int32_t) * (n + 1));
        int32_t *ra = malloc(sizeof(int32_t) * (n + m - middle));
        if (!left || !ra) { free(left); free(ra); return -1; }
        if (distance_column(a, n, b, middle, s) < 0) { free(left); free(ra); return -1; }
        memcpy(left, s->col, sizeof(int32_t) * (n + 1));
        int32_t *rb = ra + n; /* a and b[middle:] reversed */
        for (size_t k = 0; k < n; k++) ra[k] = a[n - 1 - k];
        for (size_t k = 0; k < m - middle; k++) rb[k] = b[m - 1 - k];
        if (distance_column(ra, n, rb, m - middle, s) < 0) { free(left); free(ra); return -1; }
        free(ra);
        const int32_t *right = s->col; /* right[k] = D(a[n-k:], b[middle:]) */
        int64_t best = -1, d1 = 0, d2 = 0;
        for (size_t i = 0; i <= n; i++) {
            int64_t total = (int64_t)left[i] + right[n - i];
            if (best < 0 || total < best) { best = total; best_i = i; d1 = left[i]; d2 = right[n - i]; }
        }
        free(left);
        int64_t first[4], second[4];
        if (pair_counts(a, best_i, b, middle, 0, d1, s, first) < 0) return -1;
        if (pair_counts(a + best_i, n - best_i, b + middle, m - middle, 0, d2, s, second) < 0) return -1;
        for (int k = 0; k < 4; k++) out[k] = first[k] + second[k];
        out[0] += (int64_t)(prefix + suffix);
        return 0;
    }
    if (trace_counts(a, n, b, m, band == n ? -1 : d, s, out) < 0) return -1;
    out[0] += (int64_t)(prefix + suffix);
    return 0;
}

static void scratch_free(Scratch *s) {
    Pattern *p = &s->pat;
    free(p->direct); free(p->zeros); free(p->row); free(p->keys); free(p->first); free(p->count); free(p->last);
    free(p->post_block); free(p->post_bits);
    free(s->vp); free(s->vn); free(s->store); free(s->col);
}

/* the pairs' rows (distances: one value a pair; else six) */
static PyObject *run_pairs(PyObject *args, int distances) {
    Py_buffer rb, ro, hb, ho;
    Py_ssize_t a, b, split_bytes = (Py_ssize_t)HIRSCHBERG_BYTES;
    if (!PyArg_ParseTuple(args, "y*y*y*y*nn|n", &rb, &ro, &hb, &ho, &a, &b, &split_bytes)) return NULL;
    PyObject *result = NULL;
    const int32_t *rid = rb.buf, *hid = hb.buf;
    const int64_t *roff = ro.buf, *hoff = ho.buf;
    Py_ssize_t n_ref = rb.len / 4, n_hyp = hb.len / 4, n_off = ro.len / 8;
    if (ho.len != ro.len || a < 0 || b < a || b + 1 > n_off || split_bytes < 1) {
        PyErr_SetString(PyExc_ValueError, "wer kernel: offsets and pair range do not match");
        goto done;
    }
    for (Py_ssize_t k = a; k <= b; k++) {
        if (roff[k] < 0 || roff[k] > n_ref || hoff[k] < 0 || hoff[k] > n_hyp
                || (k > a && (roff[k] < roff[k - 1] || hoff[k] < hoff[k - 1]))) {
            PyErr_SetString(PyExc_ValueError, "wer kernel: offsets out of range");
            goto done;
        }
    }
    Py_ssize_t width = distances ? 1 : 6;
    result = PyBytes_FromStringAndSize(NULL, (b - a) * width * (Py_ssize_t)sizeof(int64_t));
    if (!result) goto done;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(result);
    Scratch s;
    memset(&s, 0, sizeof(s));
    s.split_bytes = (size_t)split_bytes;
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = a; k < b && !failed; k++) {
        int64_t *row = out + (k - a) * width;
        size_t n = (size_t)(roff[k + 1] - roff[k]), m = (size_t)(hoff[k + 1] - hoff[k]);
        if (distances) {
            row[0] = affix_distance(rid + roff[k], n, hid + hoff[k], m, &s);
            if (row[0] < 0) failed = 1;
        } else {
            if (pair_counts(rid + roff[k], n, hid + hoff[k], m, 1, 0, &s, row) < 0) failed = 1;
            row[4] = (int64_t)n; row[5] = (int64_t)m;
        }
    }
    Py_END_ALLOW_THREADS
    scratch_free(&s);
    if (failed) {
        Py_CLEAR(result);
        PyErr_SetString(PyExc_MemoryError, "wer kernel: no memory for a pair's bit-vectors");
    }
done:
    PyBuffer_Release(&rb); PyBuffer_Release(&ro); PyBuffer_Release(&hb); PyBuffer_Release(&ho);
    return result;
}

static PyObject *wer_counts(PyObject *self, PyObject *args) { return run_pairs(args, 0); }
static PyObject *wer_distances(PyObject *self, PyObject *args) { return run_pairs(args, 1); }

/* ---- word ids ---- */

typedef struct {
    int kind;
    const void *data;
    Py_ssize_t start, len;
    uint64_t hash;
} Word;

typedef struct {
    Word *words;
    size_t n_words, cap_words;
    int32_t *table;          /* ids, -1 empty */
    size_t table_size;
    int32_t *ids;
    size_t n_ids;
} Vocab;

static int same_word(const Word *x, int kind, const void *data, Py_ssize_t start, Py_ssize_t len) {
    if (x->len != len) return 0;
    if (x->kind == kind)
        return memcmp((const char *)x->data + x->start * kind, (const char *)data + start * kind, (size_t)len * kind) == 0;
    for (Py_ssize_t k = 0; k < len; k++)
        if (PyUnicode_READ(x->kind, x->data, x->start + k) != PyUnicode_READ(kind, data, start + k)) return 0;
    return 1;
}

/* the id of the word data[start : start + len] (hash: FNV-1a of its code points), a new one
 * for a word not seen before; -1 when memory fails */
static int32_t intern(Vocab *v, int kind, const void *data, Py_ssize_t start, Py_ssize_t len, uint64_t hash) {
    size_t slot = (size_t)(hash ^ (hash >> 29)) & (v->table_size - 1);
    for (;;) {
        int32_t id = v->table[slot];
        if (id < 0) break;
        if (v->words[id].hash == hash && same_word(&v->words[id], kind, data, start, len)) return id;
        slot = (slot + 1) & (v->table_size - 1);
    }
    if (v->n_words >= (size_t)INT32_MAX) return -1;
    if (v->n_words == v->cap_words) {
        Word *grown = realloc(v->words, sizeof(Word) * v->cap_words * 2);
        if (!grown) return -1;
        v->words = grown; v->cap_words *= 2;
    }
    int32_t id = (int32_t)v->n_words;
    v->words[v->n_words++] = (Word){kind, data, start, len, hash};
    v->table[slot] = id;
    if (2 * v->n_words > v->table_size) { /* grow and re-insert */
        size_t size = v->table_size * 2;
        int32_t *grown = malloc(sizeof(int32_t) * size);
        if (!grown) return -1;
        for (size_t k = 0; k < size; k++) grown[k] = -1;
        for (size_t w = 0; w < v->n_words; w++) {
            size_t sl = (size_t)(v->words[w].hash ^ (v->words[w].hash >> 29)) & (size - 1);
            while (grown[sl] >= 0) sl = (sl + 1) & (size - 1);
            grown[sl] = (int32_t)w;
        }
        free(v->table);
        v->table = grown; v->table_size = size;
    }
    return id;
}

#define IS_SPACE(ch) ((ch) < 128 ? (ch) == ' ' || ((ch) >= 9 && (ch) <= 13) || ((ch) >= 28 && (ch) <= 31) : Py_UNICODE_ISSPACE(ch))

/* one text's words (module doc) interned into v: a word ends at " " or at a run of two or
 * more white-space characters; a single other white-space character stays inside it */
#define WORDS_OF(NAME, T)                                                                                     \
    static int NAME(Vocab *v, int kind, const T *d, Py_ssize_t len) {                                         \
        Py_ssize_t start = 0, end = len;                                                                      \
        while (start < end && IS_SPACE(d[start])) start++;                                                   \
        while (end > start && IS_SPACE(d[end - 1])) end--;                                                    \
        Py_ssize_t p = start, word_start = start;                                                             \
        uint64_t hash = 1469598103934665603ULL;                                                               \
        while (p <= end) {                                                                                    \
            Py_ssize_t next = p + 1;                                                                          \
            int boundary = 0;                                                                                 \
            if (p == end) boundary = 1;                                                                       \
            else {                                                                                            \
                Py_UCS4 ch = d[p];                                                                            \
                if (IS_SPACE(ch)) {                                                                           \
                    Py_ssize_t q = p + 1;                                                                     \
                    while (q < end && IS_SPACE(d[q])) q++;                                                    \
                    if (ch == ' ' || q - p >= 2) { boundary = 1; next = q; }                                  \
                }                                                                                             \
                if (!boundary) { hash ^= ch; hash *= 1099511628211ULL; }                                      \
            }                                                                                                 \
            if (boundary) {                                                                                   \
                if (p > word_start) {                                                                         \
                    int32_t id = intern(v, kind, d, word_start, p - word_start, hash);                       \
                    if (id < 0) return -1;                                                                    \
                    v->ids[v->n_ids++] = id;                                                                  \
                }                                                                                             \
                word_start = next;                                                                            \
                hash = 1469598103934665603ULL;                                                                \
            }                                                                                                 \
            p = next;                                                                                         \
        }                                                                                                     \
        return 0;                                                                                             \
    }
WORDS_OF(words_ucs1, Py_UCS1)
WORDS_OF(words_ucs2, Py_UCS2)
WORDS_OF(words_ucs4, Py_UCS4)

/* the total length of a list of str (TypeError naming an item that is not one) */
static Py_ssize_t total_length(PyObject *list, const char *what) {
    if (!PyList_Check(list)) {
        PyErr_Format(PyExc_TypeError, "%s: expected a list of str", what);
        return -1;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t t = 0; t < PyList_GET_SIZE(list); t++) {
        PyObject *text = PyList_GET_ITEM(list, t);
        if (!PyUnicode_Check(text)) {
            PyErr_Format(PyExc_TypeError, "%s: item %zd is %s, not str", what, t, Py_TYPE(text)->tp_name);
            return -1;
        }
        if (PyUnicode_READY(text) < 0) return -1;
        total += PyUnicode_GET_LENGTH(text);
    }
    return total;
}

static PyObject *wer_word_ids(PyObject *self, PyObject *arg) {
    Py_ssize_t total = total_length(arg, "word_ids");
    if (total < 0) return NULL;
    Py_ssize_t n_texts = PyList_GET_SIZE(arg);
    Vocab v = {NULL, 0, 1024, NULL, 2048, NULL, 0};
    /* at most (length + 1) / 2 words a text */
    v.ids = malloc(sizeof(int32_t) * (size_t)(total / 2 + n_texts + 1));
    PyObject *off = PyBytes_FromStringAndSize(NULL, (n_texts + 1) * (Py_ssize_t)sizeof(int64_t));
    v.words = malloc(sizeof(Word) * v.cap_words);
    v.table = malloc(sizeof(int32_t) * v.table_size);
    PyObject *result = NULL;
    if (!v.ids || !off || !v.words || !v.table) goto nomem;
    for (size_t k = 0; k < v.table_size; k++) v.table[k] = -1;
    int64_t *offsets = (int64_t *)PyBytes_AS_STRING(off);
    offsets[0] = 0;
    for (Py_ssize_t t = 0; t < n_texts; t++) {
        PyObject *text = PyList_GET_ITEM(arg, t);
        int kind = PyUnicode_KIND(text), failed;
        const void *data = PyUnicode_DATA(text);
        Py_ssize_t len = PyUnicode_GET_LENGTH(text);
        if (kind == PyUnicode_1BYTE_KIND) failed = words_ucs1(&v, kind, data, len);
        else if (kind == PyUnicode_2BYTE_KIND) failed = words_ucs2(&v, kind, data, len);
        else failed = words_ucs4(&v, kind, data, len);
        if (failed) goto nomem;
        offsets[t + 1] = (int64_t)v.n_ids;
    }
    PyObject *ids = PyBytes_FromStringAndSize((const char *)v.ids, (Py_ssize_t)(v.n_ids * sizeof(int32_t)));
    if (ids) result = Py_BuildValue("(NO)", ids, off);
    Py_DECREF(off);
    free(v.ids); free(v.words); free(v.table);
    return result;
nomem:
    PyErr_SetString(PyExc_MemoryError, "word_ids: no memory for the word table");
    Py_XDECREF(off);
    free(v.ids); free(v.words); free(v.table);
    return NULL;
}

/* ---- code points ---- */

#define CHARS_OF(NAME, T)                                                                                     \
    static Py_ssize_t NAME(const T *d, Py_ssize_t len, int32_t *out) {                                        \
        Py_ssize_t start = 0, end = len;                                                                      \
        while (start < end && IS_SPACE(d[start])) start++;                                                    \
        while (end > start && IS_SPACE(d[end - 1])) end--;                                                    \
        for (Py_ssize_t k = start; k < end; k++) out[k - start] = (int32_t)d[k];                             \
        return end - start;                                                                                   \
    }
CHARS_OF(chars_ucs1, Py_UCS1)
CHARS_OF(chars_ucs2, Py_UCS2)
CHARS_OF(chars_ucs4, Py_UCS4)

static PyObject *wer_char_ids(PyObject *self, PyObject *arg) {
    Py_ssize_t total = total_length(arg, "char_ids");
    if (total < 0) return NULL;
    Py_ssize_t n_texts = PyList_GET_SIZE(arg);
    PyObject *ids = PyBytes_FromStringAndSize(NULL, total * (Py_ssize_t)sizeof(int32_t));
    PyObject *off = PyBytes_FromStringAndSize(NULL, (n_texts + 1) * (Py_ssize_t)sizeof(int64_t));
    if (!ids || !off) { Py_XDECREF(ids); Py_XDECREF(off); return NULL; }
    int32_t *out = (int32_t *)PyBytes_AS_STRING(ids);
    int64_t *offsets = (int64_t *)PyBytes_AS_STRING(off);
    Py_ssize_t used = 0;
    offsets[0] = 0;
    for (Py_ssize_t t = 0; t < n_texts; t++) {
        PyObject *text = PyList_GET_ITEM(arg, t);
        int kind = PyUnicode_KIND(text);
        const void *data = PyUnicode_DATA(text);
        Py_ssize_t len = PyUnicode_GET_LENGTH(text);
        if (kind == PyUnicode_1BYTE_KIND) used += chars_ucs1(data, len, out + used);
        else if (kind == PyUnicode_2BYTE_KIND) used += chars_ucs2(data, len, out + used);
        else used += chars_ucs4(data, len, out + used);
        offsets[t + 1] = used;
    }
    if (_PyBytes_Resize(&ids, used * (Py_ssize_t)sizeof(int32_t)) < 0) { Py_DECREF(off); return NULL; }
    return Py_BuildValue("(NN)", ids, off);
}

/* text_rows(refs, hyps, a, b, distances[, split_bytes]) -> bytes: on characters, the rows of
 * counts (or, distances true, the rows [distance, N_ref]) of pairs [a, b) of the lists of str refs and hyps, each text
 * stripped and read as code points into a small buffer of its own (no corpus-wide array
 * of ids: the pairs stay in the CPU's caches). */
typedef struct {
    int kind;
    const void *data;
    Py_ssize_t len;
} Text;

static Py_ssize_t text_codes(const Text *t, int32_t *out) {
    if (t->kind == PyUnicode_1BYTE_KIND) return chars_ucs1(t->data, t->len, out);
    if (t->kind == PyUnicode_2BYTE_KIND) return chars_ucs2(t->data, t->len, out);
    return chars_ucs4(t->data, t->len, out);
}

static PyObject *wer_text_rows(PyObject *self, PyObject *args) {
    PyObject *refs, *hyps;
    Py_ssize_t a, b, split_bytes = (Py_ssize_t)HIRSCHBERG_BYTES;
    int distances;
    if (!PyArg_ParseTuple(args, "O!O!nnp|n", &PyList_Type, &refs, &PyList_Type, &hyps, &a, &b, &distances,
                          &split_bytes))
        return NULL;
    if (PyList_GET_SIZE(refs) != PyList_GET_SIZE(hyps) || a < 0 || b < a || b > PyList_GET_SIZE(refs)
            || split_bytes < 1) {
        PyErr_SetString(PyExc_ValueError, "text_rows: the lists and the pair range do not match");
        return NULL;
    }
    PyObject *held_refs = PyList_GetSlice(refs, a, b), *held_hyps = PyList_GetSlice(hyps, a, b);
    PyObject *result = NULL;
    Text *texts = NULL;
    int32_t *buffer = NULL;
    if (!held_refs || !held_hyps) goto done;
    Py_ssize_t n_pairs = b - a, longest = 0;
    if (total_length(held_refs, "text_rows") < 0 || total_length(held_hyps, "text_rows") < 0) goto done;
    texts = malloc(sizeof(Text) * (size_t)(2 * n_pairs + 1));
    if (!texts) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t k = 0; k < 2 * n_pairs; k++) {
        PyObject *text = PyList_GET_ITEM(k < n_pairs ? held_refs : held_hyps, k % n_pairs);
        texts[k] = (Text){PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text)};
        if (texts[k].len > longest) longest = texts[k].len;
    }
    buffer = malloc(sizeof(int32_t) * (size_t)(2 * longest + 1));
    if (!buffer) { PyErr_NoMemory(); goto done; }
    Py_ssize_t width = distances ? 2 : 6;
    result = PyBytes_FromStringAndSize(NULL, n_pairs * width * (Py_ssize_t)sizeof(int64_t));
    if (!result) goto done;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(result);
    Scratch s;
    memset(&s, 0, sizeof(s));
    s.split_bytes = (size_t)split_bytes;
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = 0; k < n_pairs && !failed; k++) {
        int32_t *r = buffer, *h = buffer + longest;
        size_t n = (size_t)text_codes(&texts[k], r), m = (size_t)text_codes(&texts[n_pairs + k], h);
        int64_t *row = out + k * width;
        if (distances) {
            row[0] = affix_distance(r, n, h, m, &s);
            row[1] = (int64_t)n;
            if (row[0] < 0) failed = 1;
        } else {
            if (pair_counts(r, n, h, m, 1, 0, &s, row) < 0) failed = 1;
            row[4] = (int64_t)n; row[5] = (int64_t)m;
        }
    }
    Py_END_ALLOW_THREADS
    scratch_free(&s);
    if (failed) {
        Py_CLEAR(result);
        PyErr_SetString(PyExc_MemoryError, "wer kernel: no memory for a pair's bit-vectors");
    }
done:
    Py_XDECREF(held_refs); Py_XDECREF(held_hyps);
    free(texts); free(buffer);
    return result;
}

static PyMethodDef methods[] = {
    {"counts", wer_counts, METH_VARARGS, "counts(ref_ids, ref_off, hyp_ids, hyp_off, a, b) -> int64 rows (see wer.c)"},
    {"distances", wer_distances, METH_VARARGS,
     "distances(ref_ids, ref_off, hyp_ids, hyp_off, a, b) -> int64 distances (see wer.c)"},
    {"text_rows", wer_text_rows, METH_VARARGS,
     "text_rows(refs, hyps, a, b, distances[, split_bytes]) -> int64 rows on characters (see wer.c)"},
    {"char_ids", wer_char_ids, METH_O, "char_ids(texts) -> (int32 code points, int64 offsets) (see wer.c)"},
    {"word_ids", wer_word_ids, METH_O, "word_ids(texts) -> (int32 ids, int64 offsets) (see wer.c)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_wer", "jiwer's alignment counts (see wer.c)", -1, methods};

PyMODINIT_FUNC PyInit__wer(void) { return PyModule_Create(&module); }
