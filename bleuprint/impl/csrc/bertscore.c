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
    for (Py_ssize_t i = 0; i < n_h; i++) {
        if (h_len[i] < 1 || h_start[i] < 0 || (h_start[i] + h_len[i]) * d * hsize > h.len
            || (h_start[i] + h_len[i]) * 8 > wh.len) {
            PyErr_Format(PyExc_ValueError, "hypothesis segment %zd lies outside its buffers", i);
            goto done;
        }
        if (h_len[i] > longest_h) longest_h = h_len[i];
    }
    for (Py_ssize_t j = 0; j < n_r; j++) {
        if (r_len[j] < 1 || r_start[j] < 0 || (r_start[j] + r_len[j]) * d * rsize > r.len
            || (r_start[j] + r_len[j]) * 8 > wr.len) {
            PyErr_Format(PyExc_ValueError, "reference segment %zd lies outside its buffers", j);
            goto done;
        }
        if (r_len[j] > longest_r) longest_r = r_len[j];
    }
    for (Py_ssize_t k = 0; k < pairs; k++) {
        if (pair_h[k] < 0 || pair_h[k] >= n_h || pair_r[k] < 0 || pair_r[k] >= n_r) {
            PyErr_Format(PyExc_ValueError, "pair %zd names a segment that does not exist", k);
            goto done;
        }
    }
    Py_ssize_t most_h = padded(longest_h, BH), most_r = padded(longest_r, BR);
    Py_ssize_t most = most_h > most_r ? most_h : most_r;
    scratch = PyMem_RawMalloc(sizeof(double) * (size_t)(d * most_h + d * most_r + most_h * most_r + 3 * most));
    if (!scratch) {
        PyErr_NoMemory();
        goto done;
    }
    double *ht = scratch, *rt = ht + d * most_h, *cos = rt + d * most_r, *colmax = cos + most_h * most_r;
    double *scale = colmax + most, *total = scale + most;
    const char *H = h.buf, *R = r.buf;
    const double *WH = wh.buf, *WR = wr.buf;
    double *o = out.buf;
    Py_BEGIN_ALLOW_THREADS
    int64_t current_h = -1;
    for (Py_ssize_t k = 0; k < pairs; k++) {
        int64_t nh = h_len[pair_h[k]], nr = r_len[pair_r[k]];
        Py_ssize_t nhp = padded(nh, BH), nrp = padded(nr, BR);
        if (pair_h[k] != current_h) {
            if (!units_t(H + h_start[pair_h[k]] * d * hsize, h_f32, nh, nhp, d, ht, scale, total)) {
                status = 1;
                break;
            }
            current_h = pair_h[k];
        }
        if (!units_t(R + r_start[pair_r[k]] * d * rsize, r_f32, nr, nrp, d, rt, scale, total)) {
            status = 1;
            break;
        }
        cosines(ht, rt, nhp, nrp, d, cos);
        const double *w1 = WH + h_start[pair_h[k]], *w2 = WR + r_start[pair_r[k]];
        for (int64_t b = 0; b < nr; b++) colmax[b] = -INFINITY;
        double p = 0.0, q = 0.0;
        for (int64_t a = 0; a < nh; a++) {
            const double *row = cos + a * nrp;
            double best = -INFINITY;
            for (int64_t b = 0; b < nr; b++) {
                if (row[b] > best) best = row[b];
                if (row[b] > colmax[b]) colmax[b] = row[b];
            }
            double term = w1[a] * best;
            p = p + term;
        }
        for (int64_t b = 0; b < nr; b++) {
            double term = w2[b] * colmax[b];
            q = q + term;
        }
        o[3 * k] = p;
        o[3 * k + 1] = q;
        o[3 * k + 2] = (p + q == 0.0) ? 0.0 : 2.0 * p * q / (p + q);
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

static PyMethodDef methods[] = {
    {"greedy", greedy, METH_VARARGS, "(P, R, F) of every pair by greedy cosine matching (see the source's header)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bertscore", NULL, -1, methods};

PyMODINIT_FUNC PyInit__bertscore(void) { return PyModule_Create(&module); }
