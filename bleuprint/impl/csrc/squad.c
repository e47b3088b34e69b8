/* bleuprint.impl._squad: SQuAD's per-question [EM, F1, answered] rows in one call.
 *
 * rows(preds, golds, v2) -> list of [EM (int), F1 (float), answered (int)], the same
 * numbers as bleuprint.metrics.squad.spec.question_scores (checked by the differential
 * tests). preds: a list of str or None (a missing prediction: [0, 0.0, 0]); golds: a list
 * (same length) of lists of str. Anything else (and, in v1.1, an empty gold list) raises
 * TypeError, on which the caller runs the spec's checks, which name the problem.
 *
 * Normalisation, in the spec's order: str.lower() (called on each string: Python's full
 * case mapping); every ASCII character of string.punctuation deleted; each whole word
 * a, an, the replaced by a space, where "whole" is Python re's Unicode \b (a word
 * character is Py_UNICODE_ISALNUM or '_'); tokens split on Py_UNICODE_ISSPACE, as
 * str.split() does. EM compares token lists (the spec's joined strings are equal exactly
 * when they are); F1 counts the multiset overlap and computes 2*P*R/(P+R) in doubles in
 * the spec's order of operations. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    Py_UCS4 *text;  /* normalized characters */
    Py_ssize_t *start, *len;  /* tokens */
    Py_ssize_t n_tokens;
} Answer;

static int is_punct(Py_UCS4 c) {
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

static int is_word(Py_UCS4 c) { return c == '_' || Py_UNICODE_ISALNUM(c); }

static void answer_free(Answer *a) {
    PyMem_Free(a->text);
    PyMem_Free(a->start);
    PyMem_Free(a->len);
    a->text = NULL; a->start = a->len = NULL; a->n_tokens = 0;
}

/* 0 on success, -1 with an exception set. */
static int normalize(PyObject *s, Answer *out) {
    out->text = NULL; out->start = out->len = NULL; out->n_tokens = 0;
    PyObject *lowered = PyObject_CallMethod(s, "lower", NULL);
    if (lowered == NULL) return -1;
    Py_ssize_t n = PyUnicode_GET_LENGTH(lowered);
    int kind = PyUnicode_KIND(lowered);
    const void *data = PyUnicode_DATA(lowered);
    Py_UCS4 *b = PyMem_Malloc(sizeof(Py_UCS4) * (n + 1));
    Py_ssize_t *st = PyMem_Malloc(sizeof(Py_ssize_t) * (n / 2 + 1));
    Py_ssize_t *ln = PyMem_Malloc(sizeof(Py_ssize_t) * (n / 2 + 1));
    if (b == NULL || st == NULL || ln == NULL) {
        PyMem_Free(b); PyMem_Free(st); PyMem_Free(ln); Py_DECREF(lowered);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t m = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (!is_punct(c)) b[m++] = c;
    }
    Py_DECREF(lowered);
    /* articles: a, an, the as whole words (re's left-to-right scan, no overlap possible) */
    for (Py_ssize_t i = 0; i < m; i++) {
        if ((b[i] != 'a' && b[i] != 't') || (i > 0 && is_word(b[i - 1]))) continue;
        Py_ssize_t k = 0;
        if (b[i] == 'a') {
            if (i + 1 == m || !is_word(b[i + 1])) k = 1;
            else if (b[i + 1] == 'n' && (i + 2 == m || !is_word(b[i + 2]))) k = 2;
        } else if (i + 2 < m && b[i + 1] == 'h' && b[i + 2] == 'e' && (i + 3 == m || !is_word(b[i + 3]))) {
            k = 3;
        }
        if (k) {
            for (Py_ssize_t j = 0; j < k; j++) b[i + j] = ' ';  /* spaces: the same tokens as re's one space */
            i += k - 1;
        }
    }
    Py_ssize_t t = 0, i = 0;
    while (i < m) {
        while (i < m && Py_UNICODE_ISSPACE(b[i])) i++;
        if (i >= m) break;
        Py_ssize_t s0 = i;
        while (i < m && !Py_UNICODE_ISSPACE(b[i])) i++;
        st[t] = s0; ln[t] = i - s0; t++;
    }
    out->text = b; out->start = st; out->len = ln; out->n_tokens = t;
    return 0;
}

static int same_token(const Answer *a, Py_ssize_t i, const Answer *b, Py_ssize_t j) {
    return a->len[i] == b->len[j] &&
           memcmp(a->text + a->start[i], b->text + b->start[j], sizeof(Py_UCS4) * a->len[i]) == 0;
}

static int same_tokens(const Answer *a, const Answer *b) {
    if (a->n_tokens != b->n_tokens) return 0;
    for (Py_ssize_t i = 0; i < a->n_tokens; i++)
        if (!same_token(a, i, b, i)) return 0;
    return 1;
}

/* the multiset overlap of the two token lists; -1 on a failed allocation */
static Py_ssize_t overlap(const Answer *gold, const Answer *pred) {
    char small[256];
    char *used = gold->n_tokens <= 256 ? small : PyMem_Malloc(gold->n_tokens);
    if (used == NULL) return -1;
    memset(used, 0, gold->n_tokens);
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < pred->n_tokens; i++)
        for (Py_ssize_t j = 0; j < gold->n_tokens; j++)
            if (!used[j] && same_token(pred, i, gold, j)) { used[j] = 1; count++; break; }
    if (used != small) PyMem_Free(used);
    return count;
}

static int f1_of(const Answer *gold, const Answer *pred, int v2, double *f1) {
    if (v2 && (gold->n_tokens == 0 || pred->n_tokens == 0)) {
        *f1 = (gold->n_tokens == 0 && pred->n_tokens == 0) ? 1.0 : 0.0;
        return 0;
    }
    Py_ssize_t common = overlap(gold, pred);
    if (common < 0) { PyErr_NoMemory(); return -1; }
    if (common == 0) { *f1 = 0.0; return 0; }
    double precision = (double)common / (double)pred->n_tokens;
    double recall = (double)common / (double)gold->n_tokens;
    *f1 = 2 * precision * recall / (precision + recall);
    return 0;
}

static PyObject *row(long em, double f1, long answered) {
    return Py_BuildValue("[ldl]", em, f1, answered);
}

static PyObject *squad_rows(PyObject *self, PyObject *args) {
    PyObject *preds, *golds;
    int v2;
    if (!PyArg_ParseTuple(args, "O!O!p", &PyList_Type, &preds, &PyList_Type, &golds, &v2)) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(preds);
    if (PyList_GET_SIZE(golds) != n) {
        PyErr_SetString(PyExc_ValueError, "preds and golds differ in length");
        return NULL;
    }
    PyObject *out = PyList_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t q = 0; q < n; q++) {
        PyObject *pred = PyList_GET_ITEM(preds, q), *gs = PyList_GET_ITEM(golds, q);
        PyObject *r;
        /* every input is checked, a missing prediction's gold answers too (as the spec does) */
        if ((pred != Py_None && !PyUnicode_Check(pred)) || !PyList_Check(gs) || (!v2 && PyList_GET_SIZE(gs) == 0)) {
            PyErr_SetString(PyExc_TypeError, "not a str or None, a list of str, or (v1.1) a gold answer");
            goto fail;
        }
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(gs); k++) {
            if (!PyUnicode_Check(PyList_GET_ITEM(gs, k))) {
                PyErr_SetString(PyExc_TypeError, "a gold answer must be a str");
                goto fail;
            }
        }
        if (pred == Py_None) {
            r = row(0, 0.0, 0);
        } else {
            Answer p, g;
            if (normalize(pred, &p) < 0) goto fail;
            long em = 0;
            double best = 0.0;
            int scored = 0;
            for (Py_ssize_t k = 0; k < PyList_GET_SIZE(gs); k++) {
                PyObject *text = PyList_GET_ITEM(gs, k);
                if (normalize(text, &g) < 0) { answer_free(&p); goto fail; }
                if (v2 && g.n_tokens == 0) { answer_free(&g); continue; }  /* v2.0 drops it */
                double f1;
                int bad = f1_of(&g, &p, v2, &f1);
                int same = same_tokens(&g, &p);
                answer_free(&g);
                if (bad < 0) { answer_free(&p); goto fail; }
                if (same) em = 1;
                if (!scored || f1 > best) best = f1;
                scored = 1;
            }
            if (!scored) {  /* v2.0: no gold answer left, scored against [""] */
                em = p.n_tokens == 0;
                best = p.n_tokens == 0 ? 1.0 : 0.0;
            }
            answer_free(&p);
            r = row(em, best, 1);
        }
        if (r == NULL) goto fail;
        PyList_SET_ITEM(out, q, r);
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyMethodDef methods[] = {
    {"rows", squad_rows, METH_VARARGS, "rows(preds, golds, v2) -> SQuAD [EM, F1, answered] rows"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_squad", "SQuAD EM/F1 rows (see squad.c)", -1, methods};

PyMODINIT_FUNC PyInit__squad(void) { return PyModule_Create(&module); }
