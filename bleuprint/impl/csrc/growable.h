/* Growable arrays shared by the kernels (each kernel is its own extension module; this
 * header is compiled into each of them). A vec_t holds len items of item bytes in cap
 * slots; every function returns -1 with a Python MemoryError set when memory runs out. */

#ifndef BLEUPRINT_GROWABLE_H
#define BLEUPRINT_GROWABLE_H

#include <Python.h>
#include <stdint.h>

typedef struct {
    char *data;
    Py_ssize_t len, cap, item;
} vec_t;

static inline int vec_init(vec_t *v, Py_ssize_t item, Py_ssize_t cap) {
    v->item = item;
    v->len = 0;
    v->cap = cap > 16 ? cap : 16;
    v->data = PyMem_Malloc((size_t)(v->cap * item));
    if (v->data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Room for extra more items; a zeroed vec_t (item set) starts at 256 slots. */
static inline int vec_reserve(vec_t *v, Py_ssize_t extra) {
    if (v->len + extra <= v->cap)
        return 0;
    Py_ssize_t cap = v->cap ? v->cap : 256;
    while (cap < v->len + extra)
        cap *= 2;
    char *data = PyMem_Realloc(v->data, (size_t)(cap * v->item));
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    v->data = data;
    v->cap = cap;
    return 0;
}

static inline int vec_push_i64(vec_t *v, int64_t x) {
    if (v->len == v->cap && vec_reserve(v, 1) < 0)
        return -1;
    ((int64_t *)v->data)[v->len++] = x;
    return 0;
}

static inline int vec_push_i32(vec_t *v, int32_t x) {
    if (v->len == v->cap && vec_reserve(v, 1) < 0)
        return -1;
    ((int32_t *)v->data)[v->len++] = x;
    return 0;
}

static inline PyObject *vec_to_bytes(vec_t *v) {
    return PyBytes_FromStringAndSize(v->data, v->len * v->item);
}

static inline void vec_free(vec_t *v) {
    PyMem_Free(v->data);
    v->data = NULL;
}

#endif
