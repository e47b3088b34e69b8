/* Kernels of the classical-metrics lesson (bleuprint.metrics.lesson.impl).
 *
 *   word_ids(text) -> (ids, counts)
 *       text: lowercased lines joined by NUL. Every maximal run of word characters
 *       (Py_UNICODE_ISALNUM or '_': what Python's re calls \w for str patterns) is a
 *       token; equal runs get equal ids (1, 2, ... in order of first occurrence). ids:
 *       int64 bytes, the tokens in order; counts: int64 bytes, the number of tokens of
 *       each NUL-separated line (NUL ends a line and is not a word character).
 *
 *   lcs_lengths(ids, starts, lengths, a, b) -> int64 bytes
 *       For each k, the length of a longest common subsequence of line a[k] and line
 *       b[k] (line i: ids[starts[i] : starts[i] + lengths[i]]), by the table's
 *       recurrence kept one row at a time.
 *
 * Only the Python C API; arrays are int64 buffers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct { Py_ssize_t start, len; int64_t id; uint64_t hash; } slot_t;

static int is_word(Py_UCS4 ch) { return ch == '_' || Py_UNICODE_ISALNUM(ch); }

static PyObject *word_ids(PyObject *self, PyObject *args) {
    PyObject *text;
    if (!PyArg_ParseTuple(args, "U", &text)) return NULL;
    if (PyUnicode_READY(text) < 0) return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    Py_ssize_t cap_ids = 64, n_ids = 0, cap_lines = 64, n_lines = 0;
    int64_t *ids = malloc(cap_ids * sizeof(int64_t)), *counts = malloc(cap_lines * sizeof(int64_t));
    Py_ssize_t table_size = 1024, used = 0;
    slot_t *table = calloc(table_size, sizeof(slot_t));
    int64_t next_id = 1, line_count = 0;
    if (!ids || !counts || !table) goto nomem;
    for (Py_ssize_t i = 0; i <= n;) {
        Py_UCS4 ch = i < n ? PyUnicode_READ(kind, data, i) : 0;
        if (i == n || ch == 0) {
            if (n_lines == cap_lines) {
                cap_lines *= 2;
                int64_t *grown = realloc(counts, cap_lines * sizeof(int64_t));
                if (!grown) goto nomem;
                counts = grown;
            }
            counts[n_lines++] = line_count;
            line_count = 0;
            i++;
            continue;
        }
        if (!is_word(ch)) { i++; continue; }
        Py_ssize_t start = i;
        uint64_t h = 1469598103934665603ULL;
        while (i < n) {
            Py_UCS4 c = PyUnicode_READ(kind, data, i);
            if (!is_word(c)) break;
            h = (h ^ (uint64_t)c) * 1099511628211ULL;
            i++;
        }
        Py_ssize_t len = i - start;
        if (2 * (used + 1) > table_size) { /* grow and rehash */
            Py_ssize_t new_size = table_size * 2;
            slot_t *grown = calloc(new_size, sizeof(slot_t));
            if (!grown) goto nomem;
            for (Py_ssize_t k = 0; k < table_size; k++)
                if (table[k].id) {
                    Py_ssize_t p = (Py_ssize_t)(table[k].hash & (uint64_t)(new_size - 1));
                    while (grown[p].id) p = (p + 1) & (new_size - 1);
                    grown[p] = table[k];
                }
            free(table);
            table = grown;
            table_size = new_size;
        }
        Py_ssize_t p = (Py_ssize_t)(h & (uint64_t)(table_size - 1));
        int64_t id = 0;
        while (table[p].id) {
            if (table[p].hash == h && table[p].len == len) {
                Py_ssize_t k = 0;
                while (k < len && PyUnicode_READ(kind, data, table[p].start + k) == PyUnicode_READ(kind, data, start + k)) k++;
                if (k == len) { id = table[p].id; break; }
            }
            p = (p + 1) & (table_size - 1);
        }
        if (!id) {
            id = next_id++;
            table[p].start = start; table[p].len = len; table[p].id = id; table[p].hash = h;
            used++;
        }
        if (n_ids == cap_ids) {
            cap_ids *= 2;
            int64_t *grown = realloc(ids, cap_ids * sizeof(int64_t));
            if (!grown) goto nomem;
            ids = grown;
        }
        ids[n_ids++] = id;
        line_count++;
    }
    free(table);
    PyObject *result = Py_BuildValue("(y#y#)", (const char *)ids, (Py_ssize_t)(n_ids * sizeof(int64_t)),
                                     (const char *)counts, (Py_ssize_t)(n_lines * sizeof(int64_t)));
    free(ids); free(counts);
    return result;
nomem:
    free(ids); free(counts); free(table);
    return PyErr_NoMemory();
}

static PyObject *lcs_lengths(PyObject *self, PyObject *args) {
    Py_buffer ids, starts, lengths, a, b;
    if (!PyArg_ParseTuple(args, "y*y*y*y*y*", &ids, &starts, &lengths, &a, &b)) return NULL;
    PyObject *out = NULL;
    int64_t *row = NULL;
    const int64_t *tok = ids.buf, *st = starts.buf, *ln = lengths.buf, *pa = a.buf, *pb = b.buf;
    Py_ssize_t n_tok = ids.len / 8, n_lines = starts.len / 8, n_pairs = a.len / 8;
    if (lengths.len / 8 != n_lines || b.len / 8 != n_pairs) {
        PyErr_SetString(PyExc_ValueError, "inconsistent lcs_lengths arguments");
        goto done;
    }
    Py_ssize_t longest = 1;
    for (Py_ssize_t k = 0; k < n_lines; k++) {
        if (st[k] < 0 || ln[k] < 0 || st[k] + ln[k] > n_tok) {
            PyErr_SetString(PyExc_ValueError, "a line lies outside the ids");
            goto done;
        }
        if (ln[k] > longest) longest = ln[k];
    }
    for (Py_ssize_t k = 0; k < n_pairs; k++)
        if (pa[k] < 0 || pa[k] >= n_lines || pb[k] < 0 || pb[k] >= n_lines) {
            PyErr_SetString(PyExc_ValueError, "bad line index");
            goto done;
        }
    out = PyBytes_FromStringAndSize(NULL, n_pairs * 8);
    row = malloc((longest + 1) * sizeof(int64_t));
    if (!out || !row) { Py_CLEAR(out); if (!PyErr_Occurred()) PyErr_NoMemory(); goto done; }
    int64_t *res = (int64_t *)PyBytes_AS_STRING(out);
    for (Py_ssize_t k = 0; k < n_pairs; k++) {
        const int64_t *x = tok + st[pa[k]], *y = tok + st[pb[k]];
        Py_ssize_t n = ln[pa[k]], m = ln[pb[k]];
        memset(row, 0, (m + 1) * sizeof(int64_t));
        for (Py_ssize_t i = 0; i < n; i++) {
            int64_t diag = 0; /* dp[i][j] */
            for (Py_ssize_t j = 0; j < m; j++) {
                int64_t up = row[j + 1]; /* dp[i][j+1] */
                int64_t value = x[i] == y[j] ? diag + 1 : (row[j] > up ? row[j] : up);
                diag = up;
                row[j + 1] = value;
            }
        }
        res[k] = row[m];
    }
done:
    free(row);
    PyBuffer_Release(&ids); PyBuffer_Release(&starts); PyBuffer_Release(&lengths);
    PyBuffer_Release(&a); PyBuffer_Release(&b);
    return out;
}

static PyMethodDef methods[] = {
    {"word_ids", word_ids, METH_VARARGS, "word_ids(text) -> (ids, counts) int64 bytes"},
    {"lcs_lengths", lcs_lengths, METH_VARARGS, "lcs_lengths(ids, starts, lengths, a, b) -> int64 bytes"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_lesson", NULL, -1, methods};

PyMODINIT_FUNC PyInit__lesson(void) { return PyModule_Create(&module); }
