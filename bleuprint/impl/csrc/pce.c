/* bleuprint.impl._pce: the two loops of the soft pairwise accuracy (bleuprint.metaeval.impl)
 * that numpy cannot do at memory speed: the permutation test's sign matrix, and reading
 * score matrices given as Python lists into float32.
 *
 * signs(state_hi, state_lo, inc_hi, inc_lo, above, out) -> None (where the compiler has 128-bit integers):
 *   fills the writable float32 buffer out (n cells) with the +-1 matrix mt-metrics-eval's
 *   pce.compute_pairwise_p_values draws with numpy.random.default_rng(seed).random(dtype=float32),
 *   rint and 2 m - 1, given the 128-bit state and increment of a fresh numpy PCG64(seed)
 *   (its .state, split into 64-bit halves). numpy's PCG64 steps the state (state * M + inc,
 *   mod 2^128) and outputs the XSL-RR of the new state (the two halves xor-ed, rotated right
 *   by the top six bits); a float32 draw takes the next 32 bits, low half of a 64-bit output
 *   first, as (x >> 8) * 2^-24, which rint makes 1 when it exceeds 0.5: x >= above, the caller's
 *   0x80000100 (bleuprint.metaeval.impl._signs says why). An odd n leaves the last high half unused.
 *
 * floats32(matrices, systems, segments, out) -> bool:
 *   copies a list of matrices, each a list of `systems` lists of `segments` Python floats
 *   (exact type float), into the writable float32 buffer out, each value cast to float32 as
 *   numpy casts it (one rounding, to nearest even). False, with out partly written, when
 *   anything else is found: the caller then takes numpy's general path, whose checks name
 *   the problem. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 u128;
#define PCE_HAVE_INT128 1
#else
#define PCE_HAVE_INT128 0
#endif

static int float32_buffer(PyObject *obj, Py_buffer *view) {
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (view->itemsize != 4 || !view->format || strcmp(view->format, "f") != 0) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_TypeError, "out must be a writable C-contiguous float32 buffer");
        return -1;
    }
    return 0;
}

#if PCE_HAVE_INT128
/* the float32 +1 (0x3F800000) or -1 (the same with the sign bit) of one 32-bit draw, without a
 * branch (a coin-flip branch mispredicts half the time) */
static inline uint32_t sign_bits(uint32_t x, uint32_t above) { return 0x3F800000u | ((uint32_t)(x < above) << 31); }

static inline uint64_t xsl_rr(u128 state) {
    uint64_t x = (uint64_t)(state >> 64) ^ (uint64_t)state;
    unsigned rot = (unsigned)(state >> 122);
    return (x >> rot) | (x << ((64 - rot) & 63));
}

static void fill_signs(u128 state, u128 inc, uint32_t above, uint32_t *out, Py_ssize_t n) {
    const u128 mult = ((u128)0x2360ED051FC65DA4ULL << 64) | 0x4385DF649FCCF645ULL;
    for (Py_ssize_t k = 0; k < n; k += 2) { /* an odd n drops the last output's high half */
        state = state * mult + inc;
        uint64_t x = xsl_rr(state);
        out[k] = sign_bits((uint32_t)x, above);
        if (k + 1 < n) out[k + 1] = sign_bits((uint32_t)(x >> 32), above);
    }
}

static PyObject *signs(PyObject *self, PyObject *args) {
    unsigned long long state_hi, state_lo, inc_hi, inc_lo;
    unsigned int above;
    PyObject *out;
    if (!PyArg_ParseTuple(args, "KKKKIO", &state_hi, &state_lo, &inc_hi, &inc_lo, &above, &out)) return NULL;
    Py_buffer view;
    if (float32_buffer(out, &view) < 0) return NULL;
    u128 state = ((u128)state_hi << 64) | state_lo, inc = ((u128)inc_hi << 64) | inc_lo;
    Py_BEGIN_ALLOW_THREADS
    fill_signs(state, inc, above, (uint32_t *)view.buf, view.len / 4);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}
#endif

static PyObject *floats32(PyObject *self, PyObject *args) {
    PyObject *matrices, *out;
    Py_ssize_t systems, segments;
    if (!PyArg_ParseTuple(args, "OnnO", &matrices, &systems, &segments, &out)) return NULL;
    if (!PyList_Check(matrices)) Py_RETURN_FALSE;
    Py_buffer view;
    if (float32_buffer(out, &view) < 0) return NULL;
    Py_ssize_t count = PyList_GET_SIZE(matrices);
    int ok = view.len / 4 == count * systems * segments;
    float *cell = view.buf;
    for (Py_ssize_t m = 0; ok && m < count; m++) {
        PyObject *matrix = PyList_GET_ITEM(matrices, m);
        if (!PyList_Check(matrix) || PyList_GET_SIZE(matrix) != systems) { ok = 0; break; }
        for (Py_ssize_t s = 0; ok && s < systems; s++) {
            PyObject *row = PyList_GET_ITEM(matrix, s);
            if (!PyList_Check(row) || PyList_GET_SIZE(row) != segments) { ok = 0; break; }
            for (Py_ssize_t k = 0; k < segments; k++) {
                PyObject *item = PyList_GET_ITEM(row, k);
                if (!PyFloat_CheckExact(item)) { ok = 0; break; }
                *cell++ = (float)PyFloat_AS_DOUBLE(item);
            }
        }
    }
    PyBuffer_Release(&view);
    return PyBool_FromLong(ok);
}

static PyMethodDef methods[] = {
#if PCE_HAVE_INT128 /* without 128-bit integers the module has no signs: numpy's draws are used */
    {"signs", signs, METH_VARARGS, "signs(state_hi, state_lo, inc_hi, inc_lo, above, out) -> None (see pce.c)"},
#endif
    {"floats32", floats32, METH_VARARGS, "floats32(matrices, systems, segments, out) -> bool (see pce.c)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_pce",
                                    "the permutation test's sign matrix and float32 score matrices (see pce.c)",
                                    -1, methods};

PyMODINIT_FUNC PyInit__pce(void) { return PyModule_Create(&module); }
