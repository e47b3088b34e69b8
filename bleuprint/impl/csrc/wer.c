/* bleuprint.impl._wer: jiwer 4.0.0's hit/substitution/deletion/insertion counts of every
 * (reference, hypothesis) pair in one call, on rapidfuzz 3.14.6's choice of alignment.
 *
 * counts(ref_ids, ref_off, hyp_ids, hyp_off, a, b) -> bytes: for pairs k in [a, b), the
 * int64 row [H, S, D, I, N_ref, N_hyp] (6 values a pair, pair after pair). ref_ids and
 * hyp_ids are int32 buffers of element ids (interned words, or code points), ref_off and
 * hyp_off int64 buffers of N + 1 offsets (pair k's reference is ref_ids[ref_off[k] :
 * ref_off[k + 1]]). ValueError on inconsistent offsets, MemoryError when a pair's table
 * does not fit. The GIL is released while the rows are computed (the buffers are held).
 *
 * The algorithm is bleuprint.metrics.wer.spec.alignment_counts: the common prefix, then the
 * common suffix of the rest, are hits; the middle (n x m) gets the Levenshtein table one
 * hypothesis position (column j) at a time, keeping two columns of distances and storing
 * only the vertical difference v[j][i] = D[i][j] - D[i-1][j] (-1, 0 or +1; one byte a
 * cell); the back-trace from (n, m) deletes when v[j][i] = +1, else inserts when
 * v[j-1][i] = -1 (D[i][j-1] + 1 = D[i-1][j-1]), else steps diagonally: the spec's rule
 * (rapidfuzz's VP / VN bits). The table is O(n m) time and bytes a pair: rapidfuzz's
 * bit-parallel (Hyyro 2003) table is 64 cells a machine word, but a word-level or
 * sentence-level pair is small, and the time goes to tokenizing (see benchmarks/wer.py). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int32_t *prev, *cur;
    int8_t *v;
    size_t cap_col, cap_v;
} Scratch;

#define HIRSCHBERG_BYTES ((size_t)1024 * 1024)

static int reserve_columns(Scratch *s, size_t n) {
    size_t col = n + 1;
    if (col > s->cap_col) {
        int32_t *p = realloc(s->prev, sizeof(int32_t) * col), *c;
        if (!p) return -1;
        s->prev = p;
        c = realloc(s->cur, sizeof(int32_t) * col);
        if (!c) return -1;
        s->cur = c;
        s->cap_col = col;
    }
    return 0;
}

static int reserve(Scratch *s, size_t n, size_t m) {
    size_t cells = (n + 1) * (m + 1);
    if (m != 0 && cells / (m + 1) != n + 1) return -1;
    if (reserve_columns(s, n) < 0) return -1;
    if (cells > s->cap_v) {
        int8_t *v = realloc(s->v, cells);
        if (!v) return -1;
        s->v = v;
        s->cap_v = cells;
    }
    return 0;
}

/* the last column of the distance table of a (n) against b (m): col[i] = D(a[:i], b), using
 * s->prev / s->cur (n + 1 each); reversed reads a and b backwards. Returns the column. */
static int32_t *last_column(const int32_t *a, size_t n, const int32_t *b, size_t m, int reversed, Scratch *s) {
    int32_t *prev = s->prev, *cur = s->cur;
    for (size_t i = 0; i <= n; i++) prev[i] = (int32_t)i;
    for (size_t j = 1; j <= m; j++) {
        int32_t bj = reversed ? b[m - j] : b[j - 1];
        cur[0] = (int32_t)j;
        for (size_t i = 1; i <= n; i++) {
            int32_t ai = reversed ? a[n - i] : a[i - 1];
            int32_t best = prev[i - 1] + (ai != bj);
            int32_t up = cur[i - 1] + 1, left = prev[i] + 1;
            if (up < best) best = up;
            if (left < best) best = left;
            cur[i] = best;
        }
        int32_t *t = prev; prev = cur; cur = t;
    }
    return prev;
}

static int table_counts(const int32_t *a, size_t n, const int32_t *b, size_t m, Scratch *s, int64_t *out);

/* counts of one pair into out[0..3] (the spec's alignment_counts: affix step, then one
 * back-trace or rapidfuzz's Hirschberg split); -1 on memory failure */
static int pair_counts(const int32_t *r, Py_ssize_t n0, const int32_t *h, Py_ssize_t m0, int whole, Scratch *s,
                       int64_t *out) {
    Py_ssize_t prefix = 0, suffix = 0;
    while (prefix < n0 && prefix < m0 && r[prefix] == h[prefix]) prefix++;
    while (suffix < n0 - prefix && suffix < m0 - prefix && r[n0 - 1 - suffix] == h[m0 - 1 - suffix]) suffix++;
    const int32_t *a = r + prefix, *b = h + prefix;
    size_t n = (size_t)(n0 - prefix - suffix), m = (size_t)(m0 - prefix - suffix);
    if (n == 0 || m == 0) {
        out[0] = prefix + suffix; out[1] = 0; out[2] = (int64_t)n; out[3] = (int64_t)m;
        return 0;
    }
    if (n >= 65 && m >= 10 && 2 * n * m / 8 >= HIRSCHBERG_BYTES) {
        if (reserve_columns(s, n) < 0) return -1;
        /* the whole pair: rapidfuzz's bound is the longer length, the band is n; a part:
         * its distance */
        size_t band = n;
        if (!whole) {
            size_t d = (size_t)last_column(a, n, b, m, 0, s)[n];
            if (2 * d + 1 < n) band = 2 * d + 1;
        }
        if (2 * band * m / 8 >= HIRSCHBERG_BYTES) {
            size_t middle = m / 2, best_i = 0;
            int32_t *left = malloc(sizeof(int32_t) * (n + 1));
            if (!left) return -1;
            memcpy(left, last_column(a, n, b, middle, 0, s), sizeof(int32_t) * (n + 1));
            int32_t *right = last_column(a, n, b + middle, m - middle, 1, s); /* right[k] = D(a[n-k:], b[middle:]) */
            int64_t best = -1;
            for (size_t i = 0; i <= n; i++) {
                int64_t total = (int64_t)left[i] + right[n - i];
                if (best < 0 || total < best) { best = total; best_i = i; }
            }
            free(left);
            int64_t first[4], second[4];
            if (pair_counts(a, (Py_ssize_t)best_i, b, (Py_ssize_t)middle, 0, s, first) < 0) return -1;
            if (pair_counts(a + best_i, (Py_ssize_t)(n - best_i), b + middle, (Py_ssize_t)(m - middle), 0, s, second) < 0)
                return -1;
            for (int k = 0; k < 4; k++) out[k] = first[k] + second[k];
            out[0] += prefix + suffix;
            return 0;
        }
    }
    if (table_counts(a, n, b, m, s, out) < 0) return -1;
    out[0] += prefix + suffix;
    return 0;
}

/* the one back-trace of the whole table of a (n >= 1) against b (m >= 1) */
static int table_counts(const int32_t *a, size_t n, const int32_t *b, size_t m, Scratch *s, int64_t *out) {
    int64_t hits = 0, subs = 0, dels = 0, ins = 0;
    if (reserve(s, n, m) < 0) return -1;
    int32_t *prev = s->prev, *cur = s->cur;
    int8_t *v = s->v;
    size_t stride = n + 1;
    for (size_t i = 0; i <= n; i++) { prev[i] = (int32_t)i; v[i] = 1; }
    for (size_t j = 1; j <= m; j++) {
        int8_t *vj = v + j * stride;
        int32_t bj = b[j - 1];
        cur[0] = (int32_t)j;
        vj[0] = 0;
        for (size_t i = 1; i <= n; i++) {
            int32_t best = prev[i - 1] + (a[i - 1] != bj);
            int32_t up = cur[i - 1] + 1, left = prev[i] + 1;
            if (up < best) best = up;
            if (left < best) best = left;
            cur[i] = best;
            vj[i] = (int8_t)(best - cur[i - 1]);
        }
        int32_t *t = prev; prev = cur; cur = t;
    }
    size_t i = n, j = m;
    while (i > 0 && j > 0) {
        if (v[j * stride + i] == 1) { dels++; i--; }
        else if (j > 1 && v[(j - 1) * stride + i] == -1) { ins++; j--; }
        else {
            if (a[i - 1] == b[j - 1]) hits++; else subs++;
            i--; j--;
        }
    }
    dels += (int64_t)i;
    ins += (int64_t)j;
    out[0] = hits; out[1] = subs; out[2] = dels; out[3] = ins;
    return 0;
}

static PyObject *wer_counts(PyObject *self, PyObject *args) {
    Py_buffer rb, ro, hb, ho;
    Py_ssize_t a, b;
    if (!PyArg_ParseTuple(args, "y*y*y*y*nn", &rb, &ro, &hb, &ho, &a, &b)) return NULL;
    PyObject *result = NULL;
    const int32_t *rid = rb.buf, *hid = hb.buf;
    const int64_t *roff = ro.buf, *hoff = ho.buf;
    Py_ssize_t n_ref = rb.len / 4, n_hyp = hb.len / 4, n_off = ro.len / 8;
    if (ho.len != ro.len || a < 0 || b < a || b + 1 > n_off) {
        PyErr_SetString(PyExc_ValueError, "wer counts: offsets and pair range do not match");
        goto done;
    }
    for (Py_ssize_t k = a; k <= b; k++) {
        if (roff[k] < 0 || roff[k] > n_ref || hoff[k] < 0 || hoff[k] > n_hyp
                || (k > a && (roff[k] < roff[k - 1] || hoff[k] < hoff[k - 1]))) {
            PyErr_SetString(PyExc_ValueError, "wer counts: offsets out of range");
            goto done;
        }
    }
    result = PyBytes_FromStringAndSize(NULL, (b - a) * 6 * (Py_ssize_t)sizeof(int64_t));
    if (!result) goto done;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(result);
    Scratch s = {NULL, NULL, NULL, 0, 0};
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = a; k < b && !failed; k++) {
        int64_t *row = out + (k - a) * 6;
        Py_ssize_t n = (Py_ssize_t)(roff[k + 1] - roff[k]), m = (Py_ssize_t)(hoff[k + 1] - hoff[k]);
        if (pair_counts(rid + roff[k], n, hid + hoff[k], m, 1, &s, row) < 0) failed = 1;
        row[4] = n; row[5] = m;
    }
    Py_END_ALLOW_THREADS
    free(s.prev); free(s.cur); free(s.v);
    if (failed) {
        Py_CLEAR(result);
        PyErr_SetString(PyExc_MemoryError, "wer counts: a pair's alignment table does not fit in memory");
    }
done:
    PyBuffer_Release(&rb); PyBuffer_Release(&ro); PyBuffer_Release(&hb); PyBuffer_Release(&ho);
    return result;
}

static PyMethodDef methods[] = {
    {"counts", wer_counts, METH_VARARGS, "counts(ref_ids, ref_off, hyp_ids, hyp_off, a, b) -> int64 rows (see wer.c)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_wer", "jiwer's alignment counts (see wer.c)", -1, methods};

PyMODINIT_FUNC PyInit__wer(void) { return PyModule_Create(&module); }
