/* bleuprint.impl._bertscore: BERTScore's greedy matching of token unit vectors, the
 * operations of bleuprint.metrics.bertscore.spec in its order (bleuprint.metrics.bertscore.impl).
 *
 * greedy(h, r, wh, wr, h_start, h_len, r_start, r_len, pair_h, pair_r, d, out) -> None
 *   h, r: the unit vectors of every hypothesis / reference token, rows of d float64
 *   (C-contiguous buffers); wh, wr: each token's normalised weight (float64, one a row);
 *   h_start, h_len, r_start, r_len: each segment's first row and row count (int64);
 *   pair_h, pair_r: each pair's hypothesis and reference segment (int64);
 *   out: a writable float64 buffer of 3 values a pair, filled with (P, R, F).
 *
 * For each pair: cos[a][b] = sum over k of h[a][k] * r[b][k], added left to right from 0.0
 * (one rounding a product, one a sum: the build turns off floating-point contraction, so no
 * fused multiply-add merges them); a row's and a column's maxima; P = sum over a of
 * wh[a] * rowmax[a] and R = sum over b of wr[b] * colmax[b], left to right from 0.0;
 * F = 0 where P + R == 0, else ((2 * P) * R) / (P + R). These are the spec's float64
 * operations in the spec's order, so the results are its bits
 * (tests/impl/test_bertscore_differential.py asserts ==). The GIL is released in the loop.
 *
 * units(x, d, out) -> None: spec.unit of every row of d float64 values (x, C-contiguous):
 *   y = x / max|x_k|, then y / sqrt(sum of y_k * y_k left to right from 0.0), into out. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>

static int need(Py_buffer *b, Py_ssize_t bytes, const char *what) {
    if (b->len < bytes) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd bytes, %zd needed", what, b->len, bytes);
        return 0;
    }
    return 1;
}

static PyObject *greedy(PyObject *self, PyObject *args) {
    Py_buffer h, r, wh, wr, hs, hl, rs, rl, ph, pr, out;
    Py_ssize_t d;
    if (!PyArg_ParseTuple(args, "y*y*y*y*y*y*y*y*y*y*nw*", &h, &r, &wh, &wr, &hs, &hl, &rs, &rl, &ph, &pr, &d,
                          &out))
        return NULL;
    PyObject *result = NULL;
    double *rowmax = NULL, *colmax = NULL;
    Py_ssize_t n_h = hs.len / 8, n_r = rs.len / 8, pairs = ph.len / 8;
    const int64_t *h_start = hs.buf, *h_len = hl.buf, *r_start = rs.buf, *r_len = rl.buf;
    const int64_t *pair_h = ph.buf, *pair_r = pr.buf;
    if (d < 1 || !need(&hl, n_h * 8, "h_len") || !need(&rl, n_r * 8, "r_len") || !need(&pr, pairs * 8, "pair_r")
        || !need(&out, pairs * 3 * 8, "out"))
        goto done;
    int64_t longest_h = 1, longest_r = 1;
    for (Py_ssize_t i = 0; i < n_h; i++) {
        if (h_len[i] < 1 || h_start[i] < 0 || (h_start[i] + h_len[i]) * d * 8 > h.len || (h_start[i] + h_len[i]) * 8 > wh.len) {
            PyErr_Format(PyExc_ValueError, "hypothesis segment %zd lies outside its buffers", i);
            goto done;
        }
        if (h_len[i] > longest_h) longest_h = h_len[i];
    }
    for (Py_ssize_t j = 0; j < n_r; j++) {
        if (r_len[j] < 1 || r_start[j] < 0 || (r_start[j] + r_len[j]) * d * 8 > r.len || (r_start[j] + r_len[j]) * 8 > wr.len) {
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
    rowmax = PyMem_RawMalloc(sizeof(double) * (size_t)longest_h);
    colmax = PyMem_RawMalloc(sizeof(double) * (size_t)longest_r);
    if (!rowmax || !colmax) {
        PyErr_NoMemory();
        goto done;
    }
    const double *H = h.buf, *R = r.buf, *WH = wh.buf, *WR = wr.buf;
    double *o = out.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = 0; k < pairs; k++) {
        int64_t nh = h_len[pair_h[k]], nr = r_len[pair_r[k]];
        const double *hv = H + h_start[pair_h[k]] * d, *rv = R + r_start[pair_r[k]] * d;
        const double *w1 = WH + h_start[pair_h[k]], *w2 = WR + r_start[pair_r[k]];
        for (int64_t b = 0; b < nr; b++) colmax[b] = -INFINITY;
        for (int64_t a = 0; a < nh; a++) {
            const double *x = hv + a * d;
            double best = -INFINITY;
            for (int64_t b = 0; b < nr; b++) {
                const double *y = rv + b * d;
                double acc = 0.0;
                for (Py_ssize_t t = 0; t < d; t++) {
                    double term = x[t] * y[t];
                    acc = acc + term;
                }
                if (acc > best) best = acc;
                if (acc > colmax[b]) colmax[b] = acc;
            }
            rowmax[a] = best;
        }
        double p = 0.0, q = 0.0;
        for (int64_t a = 0; a < nh; a++) {
            double term = w1[a] * rowmax[a];
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
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_RawFree(rowmax);
    PyMem_RawFree(colmax);
    PyBuffer_Release(&h); PyBuffer_Release(&r); PyBuffer_Release(&wh); PyBuffer_Release(&wr);
    PyBuffer_Release(&hs); PyBuffer_Release(&hl); PyBuffer_Release(&rs); PyBuffer_Release(&rl);
    PyBuffer_Release(&ph); PyBuffer_Release(&pr); PyBuffer_Release(&out);
    return result;
}

static PyObject *units(PyObject *self, PyObject *args) {
    Py_buffer x, out;
    Py_ssize_t d;
    if (!PyArg_ParseTuple(args, "y*nw*", &x, &d, &out)) return NULL;
    PyObject *result = NULL;
    if (d < 1 || x.len % (d * 8) != 0 || out.len < x.len) {
        PyErr_SetString(PyExc_ValueError, "units: x must hold whole rows of d float64 values, out as many");
        goto done;
    }
    Py_ssize_t rows = x.len / (d * 8);
    const double *X = x.buf;
    double *Y = out.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < rows; i++) {
        const double *v = X + i * d;
        double *y = Y + i * d;
        double m = 0.0;
        for (Py_ssize_t k = 0; k < d; k++) {
            double a = fabs(v[k]);
            if (a > m) m = a;
        }
        double total = 0.0;
        for (Py_ssize_t k = 0; k < d; k++) {
            y[k] = v[k] / m;
            double term = y[k] * y[k];
            total = total + term;
        }
        double norm = sqrt(total);
        for (Py_ssize_t k = 0; k < d; k++) y[k] = y[k] / norm;
    }
    Py_END_ALLOW_THREADS
    result = Py_None;
    Py_INCREF(result);
done:
    PyBuffer_Release(&x);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"units", units, METH_VARARGS, "spec.unit of every row (see the source's header)."},
    {"greedy", greedy, METH_VARARGS, "(P, R, F) of every pair by greedy cosine matching (see the source's header)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bertscore", NULL, -1, methods};

PyMODINIT_FUNC PyInit__bertscore(void) { return PyModule_Create(&module); }
