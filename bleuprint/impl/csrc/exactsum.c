/* bleuprint.impl._exactsum: the exact sum of a corpus's negative log-probabilities, for
 * perplexity and cross-entropy (bleuprint.metrics.perplexity.impl).
 *
 * nll_units(sentences) -> (units, tokens, bad) or None:
 *   sentences: a list of sentences, each a 1-D C-contiguous float64 buffer (a numpy array)
 *   or a list of Python floats (exact type float). None when any sentence is something
 *   else, or empty: the caller then takes its general path, whose checks name the problem.
 *   units: the exact sum of -x over every token, as a little-endian unsigned integer (bytes)
 *   in units of 2^-1074 (every float64 is a whole number of those);
 *   tokens: how many values; bad: the index (over the whole corpus) of the first value that
 *   is not a log-probability (NaN, +-inf, above 0), or -1.
 *
 * How (a "superaccumulator"): a float64 -x >= 0 is f * 2^(e - 1075) for its 53-bit integer
 * mantissa f and biased exponent e >= 1 (subnormals: f * 2^-1074, e = 0), i.e. f << max(e - 1, 0)
 * units. The mantissas are added, as integers, into one 128-bit bucket per exponent (2048
 * buckets; 2^75 values before a bucket could overflow), and the buckets are then added,
 * shifted, into one 2,176-bit integer. Nothing is rounded: the caller rounds the total once
 * (Python's int / int true division is correctly rounded), which is math.fsum's exactly
 * rounded sum. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define BUCKETS 2048
#define LIMBS 34 /* 2,176 bits: 2^(2046 + 53) units (the largest value) times 2^75 values */

typedef struct {
    uint64_t lo[BUCKETS], hi[BUCKETS];
} Accumulator;

/* add -x for each of the n values; the index of the first value that is no log-probability, or -1 */
static Py_ssize_t add_values(Accumulator *acc, const double *x, Py_ssize_t n) {
    for (Py_ssize_t k = 0; k < n; k++) {
        uint64_t bits;
        memcpy(&bits, &x[k], sizeof bits);
        unsigned e = (unsigned)(bits >> 52) & 0x7FF;
        /* a log-probability: +0.0, or negative and finite */
        if (!((bits >> 63) || bits == 0) || e == 0x7FF) return k;
        uint64_t f = (bits & (((uint64_t)1 << 52) - 1)) | (e ? (uint64_t)1 << 52 : 0);
        uint64_t lo = acc->lo[e] + f;
        acc->hi[e] += lo < f;
        acc->lo[e] = lo;
    }
    return -1;
}

static PyObject *nll_units(PyObject *self, PyObject *arg) {
    if (!PyList_Check(arg)) Py_RETURN_NONE;
    Accumulator *acc = PyMem_Calloc(1, sizeof(Accumulator));
    if (!acc) return PyErr_NoMemory();
    Py_ssize_t tokens = 0, bad = -1;
    PyObject *result = NULL;
    for (Py_ssize_t s = 0; s < PyList_GET_SIZE(arg) && bad < 0; s++) {
        PyObject *sentence = PyList_GET_ITEM(arg, s);
        if (PyList_Check(sentence)) {
            Py_ssize_t n = PyList_GET_SIZE(sentence);
            if (n == 0) goto general;
            for (Py_ssize_t k = 0; k < n; k++) {
                PyObject *item = PyList_GET_ITEM(sentence, k);
                if (!PyFloat_CheckExact(item)) goto general;
                double x = PyFloat_AS_DOUBLE(item);
                if (add_values(acc, &x, 1) >= 0) { bad = tokens + k; break; }
            }
            tokens += n;
            continue;
        }
        if (!PyObject_CheckBuffer(sentence)) goto general;
        Py_buffer view;
        if (PyObject_GetBuffer(sentence, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            PyErr_Clear();
            goto general;
        }
        int fits = view.ndim == 1 && view.itemsize == 8 && view.format && strcmp(view.format, "d") == 0
                   && view.shape[0] > 0;
        if (fits) {
            Py_ssize_t n = view.shape[0], first;
            Py_BEGIN_ALLOW_THREADS
            first = add_values(acc, view.buf, n);
            Py_END_ALLOW_THREADS
            if (first >= 0) bad = tokens + first;
            tokens += n;
        }
        PyBuffer_Release(&view);
        if (!fits) goto general;
    }
    if (PyList_GET_SIZE(arg) == 0) goto general;
    uint64_t limbs[LIMBS];
    memset(limbs, 0, sizeof limbs);
    for (unsigned e = 0; e < BUCKETS; e++) {
        if (!acc->lo[e] && !acc->hi[e]) continue;
        unsigned shift = e ? e - 1 : 0, limb = shift / 64, bit = shift % 64;
        /* the bucket (hi:lo) << bit spans three limbs */
        uint64_t parts[3] = {acc->lo[e] << bit, bit ? (acc->lo[e] >> (64 - bit)) | (acc->hi[e] << bit) : acc->hi[e],
                             bit ? acc->hi[e] >> (64 - bit) : 0};
        uint64_t carry = 0;
        for (unsigned k = limb; k < LIMBS; k++) {
            uint64_t add = (k - limb < 3 ? parts[k - limb] : 0);
            uint64_t sum = limbs[k] + add;
            uint64_t c1 = sum < add;
            uint64_t sum2 = sum + carry;
            carry = c1 | (sum2 < sum);
            limbs[k] = sum2;
            if (k - limb >= 2 && !carry) break;
        }
    }
    unsigned char bytes[LIMBS * 8];
    for (unsigned k = 0; k < LIMBS; k++)
        for (unsigned b = 0; b < 8; b++) bytes[8 * k + b] = (unsigned char)(limbs[k] >> (8 * b));
    result = Py_BuildValue("(y#nn)", (const char *)bytes, (Py_ssize_t)sizeof bytes, tokens, bad);
    PyMem_Free(acc);
    return result;
general:
    PyMem_Free(acc);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"nll_units", nll_units, METH_O, "nll_units(sentences) -> (units bytes, tokens, bad) or None (see exactsum.c)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_exactsum",
                                    "exact sums of negative log-probabilities (see exactsum.c)", -1, methods};

PyMODINIT_FUNC PyInit__exactsum(void) { return PyModule_Create(&module); }
