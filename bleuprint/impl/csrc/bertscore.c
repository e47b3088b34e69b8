/* bleuprint.impl._bertscore: BERTScore's greedy matching of token vectors, the operations
 * of bleuprint.metrics.bertscore.spec in its order (bleuprint.metrics.bertscore.impl).
 *
 * greedy(h, r, h_f32, r_f32, wh, wr, h_start, h_len, r_start, r_len, pair_h, pair_r, d, out) -> int
 *   h, r: every hypothesis / reference token's vector as given (not normalised), rows of d
 *   values, float32 where h_f32 / r_f32 is true, else float64 (C-contiguous buffers);
 *   wh, wr: each token's normalised weight (float64, one a row);
 *   h_start, h_len, r_start, r_len: each segment's first row and row count (int64);
 *   pair_h, pair_r: each pair's hypothesis and reference segment (int64);
 *   out: a writable float64 buffer of 3 values a pair, filled with (P, R, F).
 *   Returns 0, or 1 where a row of a pair is not finite or is the zero vector (nothing is
 *   then promised of out: the caller checks the input with the spec's checks, which name
 *   the row).
 *
 * greedy_arrays(hyps, refs, pair_h, d, out) -> int: the same, every token weighing 1 (so
 *   1.0 / n after normalisation), on the arrays themselves (nothing stacked, no copy):
 *   hyps and refs lists of 2-D C-contiguous float32 or float64 arrays of d columns; pair k
 *   is hyps[pair_h[k]] against refs[k].
 *
 * For each pair: every token's unit vector (spec.unit: y = x / max|x_k|, then
 * y / sqrt(sum of y_k * y_k left to right from 0.0)); cos[a][b] = sum over k of
 * h[a][k] * r[b][k], added left to right from 0.0; a row's and a column's maxima, each
 * the first of equal values, in order; P = sum over a of wh[a] * rowmax[a] and
 * R = sum over b of wr[b] * colmax[b], left to right from 0.0; F = 0 where P + R == 0,
 * else ((2 * P) * R) / (P + R). Every value is rounded once a product and once a sum (the
 * build turns off floating-point contraction, so no fused multiply-add merges them), so
 * the results are the spec's bits (tests/impl/test_bertscore_differential.py asserts ==).
 *
 * Speed without changing an operation: a segment's unit vectors are held transposed
 * (dimension-major, the tokens of one dimension contiguous), so that the sums of many
 * tokens, and the cosines of a block of 4 x 4 token pairs, advance together one dimension
 * a step: independent sums the compiler keeps in vector registers, each still added in
 * the stated order. A hypothesis is normalised once for consecutive pairs that share it.
 * The GIL is released in the loop. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* The hot loops also built for AVX2, chosen at load time where the processor has it (GCC's
 * function multiversioning on x86-64 Linux): wider vectors, the same operations (no FMA:
 * contraction is off for every version). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define WIDE __attribute__((target_clones("avx2", "default")))
#else
#define WIDE
#endif

#define BH 4 /* hypothesis tokens a block */
#define BR 4 /* reference tokens a block */

static int need(Py_buffer *b, Py_ssize_t bytes, const char *what) {
    if (b->len < bytes) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd bytes, %zd needed", what, b->len, bytes);
        return 0;
    }
    return 1;
}

static Py_ssize_t padded(Py_ssize_t n, Py_ssize_t block) { return (n + block - 1) / block * block; }

/* The unit vectors of n rows of d values (float32 where f32) into yt, transposed:
 * yt[k * np + b] for row b < n; the columns n..np-1 are set to 0. scale and total hold np
 * values. Returns 0 where a row is not finite or is the zero vector, else 1. Each step
 * runs over the tokens of one dimension (independent values, in vector registers). */
WIDE static int units_t(const char *src, int f32, Py_ssize_t n, Py_ssize_t np, Py_ssize_t d, double *yt,
                        double *scale, double *total) {
    for (Py_ssize_t b = 0; b < n; b++) {
        if (f32) {
            const float *v = (const float *)src + b * d;
            for (Py_ssize_t k = 0; k < d; k++) yt[k * np + b] = (double)v[k];
        } else {
            const double *v = (const double *)src + b * d;
            for (Py_ssize_t k = 0; k < d; k++) yt[k * np + b] = v[k];
        }
    }
    for (Py_ssize_t k = 0; k < d; k++)
        for (Py_ssize_t b = n; b < np; b++) yt[k * np + b] = 0.0;
    for (Py_ssize_t b = 0; b < np; b++) scale[b] = total[b] = 0.0;
    for (Py_ssize_t k = 0; k < d; k++) { /* scale: max |x_k| (exact in any order); total: NaN if one is not finite */
        const double *y = yt + k * np;
        for (Py_ssize_t b = 0; b < np; b++) {
            double a = fabs(y[b]);
            scale[b] = a > scale[b] ? a : scale[b];
            total[b] = total[b] + y[b] * 0.0;
        }
    }
    for (Py_ssize_t b = 0; b < n; b++)
        if (total[b] != total[b] || scale[b] == 0.0) return 0;
    for (Py_ssize_t b = n; b < np; b++) scale[b] = 1.0;
    for (Py_ssize_t b = 0; b < np; b++) total[b] = 0.0;
    for (Py_ssize_t k = 0; k < d; k++) {
        double *y = yt + k * np;
        for (Py_ssize_t b = 0; b < np; b++) {
            y[b] = y[b] / scale[b];
            double term = y[b] * y[b];
            total[b] = total[b] + term;
        }
    }
    for (Py_ssize_t b = 0; b < np; b++) total[b] = total[b] > 0.0 ? sqrt(total[b]) : 1.0;
    for (Py_ssize_t k = 0; k < d; k++) {
        double *y = yt + k * np;
        for (Py_ssize_t b = 0; b < np; b++) y[b] = y[b] / total[b];
    }
    return 1;
}

/* cos[a * nrp + b] = sum over k of ht[k * nhp + a] * rt[k * nrp + b], left to right from 0.0. */
WIDE static void cosines(const double *ht, const double *rt, Py_ssize_t nhp, Py_ssize_t nrp, Py_ssize_t d, double *cos) {
    for (Py_ssize_t a0 = 0; a0 < nhp; a0 += BH) {
        for (Py_ssize_t b0 = 0; b0 < nrp; b0 += BR) {
            double s[BH][BR];
            for (int i = 0; i < BH; i++)
                for (int u = 0; u < BR; u++) s[i][u] = 0.0;
            for (Py_ssize_t k = 0; k < d; k++) {
                const double *x = ht + k * nhp + a0, *y = rt + k * nrp + b0;
                for (int i = 0; i < BH; i++)
                    for (int u = 0; u < BR; u++) {
                        double term = x[i] * y[u];
                        s[i][u] = s[i][u] + term;
                    }
            }
            for (int i = 0; i < BH; i++)
                for (int u = 0; u < BR; u++) cos[(a0 + i) * nrp + b0 + u] = s[i][u];
        }
    }
}

/* Scratch of one call: unit vectors (transposed) of a hypothesis and a reference, their
 * cosines, the column maxima, and two values a token for units_t. */
typedef struct {
    double *ht, *rt, *cos, *colmax, *scale, *total;
} Work;

static double *work_alloc(Work *w, Py_ssize_t d, int64_t longest_h, int64_t longest_r) {
    Py_ssize_t most_h = padded(longest_h, BH), most_r = padded(longest_r, BR);
    Py_ssize_t most = most_h > most_r ? most_h : most_r;
    double *scratch = PyMem_RawMalloc(sizeof(double) * (size_t)(d * most_h + d * most_r + most_h * most_r + 3 * most));
    if (!scratch) return NULL;
    w->ht = scratch;
    w->rt = w->ht + d * most_h;
    w->cos = w->rt + d * most_r;
    w->colmax = w->cos + most_h * most_r;
    w->scale = w->colmax + most;
    w->total = w->scale + most;
    return scratch;
}

/* (P, R, F) of one pair into o[0..2]. The hypothesis's rows hv are normalised where hv is
 * not NULL, else its unit vectors from the last call are used. w1, w2: the tokens'
 * weights, or NULL where each of n tokens weighs 1.0 / n (the spec's 1.0 / seq_sum of n
 * ones: one rounding). Returns 0 where a row is not finite or is the zero vector. */
static int pair_prf(Work *w, Py_ssize_t d, const char *hv, int h32, int64_t nh, const char *rv, int r32, int64_t nr,
                    const double *w1, const double *w2, double *o) {
    Py_ssize_t nhp = padded(nh, BH), nrp = padded(nr, BR);
    if (hv && !units_t(hv, h32, nh, nhp, d, w->ht, w->scale, w->total)) return 0;
    if (!units_t(rv, r32, nr, nrp, d, w->rt, w->scale, w->total)) return 0;
    cosines(w->ht, w->rt, nhp, nrp, d, w->cos);
    double uh = 1.0 / (double)nh, ur = 1.0 / (double)nr;
    double *colmax = w->colmax;
    for (int64_t b = 0; b < nr; b++) colmax[b] = -INFINITY;
    double p = 0.0, q = 0.0;
    for (int64_t a = 0; a < nh; a++) {
        const double *row = w->cos + a * nrp;
        double best = -INFINITY;
        for (int64_t b = 0; b < nr; b++) {
            if (row[b] > best) best = row[b];
            if (row[b] > colmax[b]) colmax[b] = row[b];
        }
        double term = (w1 ? w1[a] : uh) * best;
        p = p + term;
    }
    for (int64_t b = 0; b < nr; b++) {
        double term = (w2 ? w2[b] : ur) * colmax[b];
        q = q + term;
    }
    o[0] = p;
    o[1] = q;
    o[2] = (p + q == 0.0) ? 0.0 : 2.0 * p * q / (p + q);
    return 1;
}

/* Each of the n segments (start, len) lies inside its vectors (d values of size bytes each,
 * `bytes` in all) and its weights (float64, `weight_bytes` in all); *longest grows to the
 * longest. 0 with a ValueError naming the segment otherwise. */
static int segments_inside(const int64_t *start, const int64_t *len, Py_ssize_t n, Py_ssize_t d, Py_ssize_t size,
                           Py_ssize_t bytes, Py_ssize_t weight_bytes, const char *side, int64_t *longest) {
    for (Py_ssize_t i = 0; i < n; i++) {
        if (len[i] < 1 || start[i] < 0 || (start[i] + len[i]) * d * size > bytes
            || (start[i] + len[i]) * 8 > weight_bytes) {
            PyErr_Format(PyExc_ValueError, "%s segment %zd lies outside its buffers", side, i);
            return 0;
        }
        if (len[i] > *longest) *longest = len[i];
    }
    return 1;
}

static PyObject *greedy(PyObject *self, PyObject *args) {
    Py_buffer h, r, wh, wr, hs, hl, rs, rl, ph, pr, out;
    int h_f32, r_f32;
    Py_ssize_t d;
    if (!PyArg_ParseTuple(args, "y*y*ppy*y*y*y*y*y*y*y*nw*", &h, &r, &h_f32, &r_f32, &wh, &wr, &hs, &hl, &rs, &rl,
                          &ph, &pr, &d, &out))
        return NULL;
    PyObject *result = NULL;
    double *scratch = NULL;
    int status = 0;
    Py_ssize_t n_h = hs.len / 8, n_r = rs.len / 8, pairs = ph.len / 8;
    Py_ssize_t hsize = h_f32 ? 4 : 8, rsize = r_f32 ? 4 : 8;
    const int64_t *h_start = hs.buf, *h_len = hl.buf, *r_start = rs.buf, *r_len = rl.buf;
    const int64_t *pair_h = ph.buf, *pair_r = pr.buf;
    if (d < 1 || !need(&hl, n_h * 8, "h_len") || !need(&rl, n_r * 8, "r_len") || !need(&pr, pairs * 8, "pair_r")
        || !need(&out, pairs * 3 * 8, "out"))
        goto done;
    int64_t longest_h = 1, longest_r = 1;
    if (!segments_inside(h_start, h_len, n_h, d, hsize, h.len, wh.len, "hypothesis", &longest_h)
        || !segments_inside(r_start, r_len, n_r, d, rsize, r.len, wr.len, "reference", &longest_r))
        goto done;
    for (Py_ssize_t k = 0; k < pairs; k++) {
        if (pair_h[k] < 0 || pair_h[k] >= n_h || pair_r[k] < 0 || pair_r[k] >= n_r) {
            PyErr_Format(PyExc_ValueError, "pair %zd names a segment that does not exist", k);
            goto done;
        }
    }
    Work w;
    scratch = work_alloc(&w, d, longest_h, longest_r);
    if (!scratch) {
        PyErr_NoMemory();
        goto done;
    }
    const char *H = h.buf, *R = r.buf;
    const double *WH = wh.buf, *WR = wr.buf;
    double *o = out.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = 0; k < pairs; k++) {
        int64_t i = pair_h[k], j = pair_r[k];
        const char *hv = (k > 0 && pair_h[k - 1] == i) ? NULL : H + h_start[i] * d * hsize;
        if (!pair_prf(&w, d, hv, h_f32, h_len[i], R + r_start[j] * d * rsize, r_f32, r_len[j], WH + h_start[i],
                      WR + r_start[j], o + 3 * k)) {
            status = 1;
            break;
        }
    }
    Py_END_ALLOW_THREADS
    result = PyLong_FromLong(status);
done:
    PyMem_RawFree(scratch);
    PyBuffer_Release(&h); PyBuffer_Release(&r); PyBuffer_Release(&wh); PyBuffer_Release(&wr);
    PyBuffer_Release(&hs); PyBuffer_Release(&hl); PyBuffer_Release(&rs); PyBuffer_Release(&rl);
    PyBuffer_Release(&ph); PyBuffer_Release(&pr); PyBuffer_Release(&out);
    return result;
}

/* The buffers of a list of 2-D C-contiguous float32 or float64 arrays of d columns and at
 * least one row, into views[0..n-1] (each acquired: the caller releases them). Returns the
 * number acquired; fewer than n with an exception set. */
static Py_ssize_t acquire(PyObject *list, Py_ssize_t n, Py_ssize_t d, Py_buffer *views, const char *what) {
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_buffer *v = views + i;
        if (PyObject_GetBuffer(PyList_GET_ITEM(list, i), v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return i;
        int f32 = v->format && strcmp(v->format, "f") == 0, f64 = v->format && strcmp(v->format, "d") == 0;
        if (v->ndim != 2 || !(f32 || f64) || v->shape[1] != d || v->shape[0] < 1) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] is not a C-contiguous float32 or float64 array of rows of %zd "
                         "values", what, i, d);
            PyBuffer_Release(v);
            return i;
        }
    }
    return n;
}

static PyObject *greedy_arrays(PyObject *self, PyObject *args) {
    PyObject *hyps, *refs;
    Py_buffer ph, out;
    Py_ssize_t d;
    if (!PyArg_ParseTuple(args, "O!O!y*nw*", &PyList_Type, &hyps, &PyList_Type, &refs, &ph, &d, &out)) return NULL;
    PyObject *result = NULL;
    double *scratch = NULL;
    int status = 0;
    Py_ssize_t n_h = PyList_GET_SIZE(hyps), pairs = PyList_GET_SIZE(refs), got_h = 0, got_r = 0;
    const int64_t *pair_h = ph.buf;
    Py_buffer *hv = PyMem_Calloc((size_t)n_h + 1, sizeof(Py_buffer));
    Py_buffer *rv = PyMem_Calloc((size_t)pairs + 1, sizeof(Py_buffer));
    if (!hv || !rv) {
        PyErr_NoMemory();
        goto done;
    }
    if (d < 1 || !need(&ph, pairs * 8, "pair_h") || !need(&out, pairs * 3 * 8, "out")) goto done;
    got_h = acquire(hyps, n_h, d, hv, "hyps");
    if (got_h < n_h) goto done;
    got_r = acquire(refs, pairs, d, rv, "refs");
    if (got_r < pairs) goto done;
    int64_t longest_h = 1, longest_r = 1;
    for (Py_ssize_t i = 0; i < n_h; i++)
        if (hv[i].shape[0] > longest_h) longest_h = hv[i].shape[0];
    for (Py_ssize_t k = 0; k < pairs; k++) {
        if (pair_h[k] < 0 || pair_h[k] >= n_h) {
            PyErr_Format(PyExc_ValueError, "pair %zd names a hypothesis that does not exist", k);
            goto done;
        }
        if (rv[k].shape[0] > longest_r) longest_r = rv[k].shape[0];
    }
    Work w;
    scratch = work_alloc(&w, d, longest_h, longest_r);
    if (!scratch) {
        PyErr_NoMemory();
        goto done;
    }
    double *o = out.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = 0; k < pairs; k++) {
        Py_buffer *x = hv + pair_h[k], *y = rv + k;
        const char *rows = (k > 0 && pair_h[k - 1] == pair_h[k]) ? NULL : x->buf;
        if (!pair_prf(&w, d, rows, x->itemsize == 4, x->shape[0], y->buf, y->itemsize == 4, y->shape[0], NULL, NULL,
                      o + 3 * k)) {
            status = 1;
            break;
        }
    }
    Py_END_ALLOW_THREADS
    result = PyLong_FromLong(status);
done:
    PyMem_RawFree(scratch);
    for (Py_ssize_t i = 0; i < got_h; i++) PyBuffer_Release(hv + i);
    for (Py_ssize_t k = 0; k < got_r; k++) PyBuffer_Release(rv + k);
    PyMem_Free(hv);
    PyMem_Free(rv);
    PyBuffer_Release(&ph);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"greedy", greedy, METH_VARARGS, "(P, R, F) of every pair by greedy cosine matching (see the source's header)."},
    {"greedy_arrays", greedy_arrays, METH_VARARGS,
     "greedy on lists of arrays, every token weighing 1/n (see the source's header)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bertscore", NULL, -1, methods};

PyMODINIT_FUNC PyInit__bertscore(void) { return PyModule_Create(&module); }
