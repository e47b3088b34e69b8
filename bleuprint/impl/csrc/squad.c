/* bleuprint.impl._squad: SQuAD's per-question [EM, F1, answered] rows in one call.
 *
 * rows(preds, golds, v2) -> list of [EM (int), F1 (int or float), answered (int)], the same
 * numbers, of the same types, as bleuprint.metrics.squad.spec.question_scores (checked by the differential
 * tests). preds: a list of str or None (a missing prediction: [0, 0, 0]); golds: a list
 * (same length) of lists of str. Anything else (and, in v1.1, an empty gold list) raises
 * TypeError, on which the caller runs the spec's checks, which name the problem.
 *
 * Normalisation, in the spec's order: str.lower() (called on each string: Python's full
 * case mapping); every ASCII character of string.punctuation deleted; each whole word
 * a, an, the replaced by a space, where "whole" is Python re's Unicode \b (a word
 * character is Py_UNICODE_ISALNUM or '_'); tokens split on Py_UNICODE_ISSPACE, as
 * str.split() does. EM compares token lists (the spec's joined strings are equal exactly
 * when they are); F1 counts the multiset overlap and computes 2*P*R/(P+R) in doubles in
 * the spec's order of operations.
 *
 * Speed (issue 17's 20x): ASCII strings are lowercased here (str.lower() maps only A-Z
 * on them); other strings call str.lower(). The normalised text and its tokens live in
 * two scratch buffers reused for every answer of the call.
 *
 * questions(articles) -> (ids, golds) or None: the dataset walk of
 * bleuprint.metrics.squad.official.dataset_questions on exact dicts, lists and strs; None
 * for anything else or anything it refuses (a duplicate id, no question), on which the
 * caller runs the checked walk, which names the problem.
 *
 * gather(ids, predictions, na_probs, v2) -> (preds, probs) or None: every question's
 * prediction (v1.1: None where missing) and no-answer probability (the objects
 * themselves; probs None when na_probs is None); None when a prediction is not a str,
 * one is missing (v2.0), or a probability is missing, NaN, not an exact float or int, or
 * an int beyond 2**53 (where a double would order it differently from Python).
 *
 * v2_parts(rows, preds, golds, probs, threshold) -> the pieces of
 * bleuprint.metrics.squad.spec.squad_v2_report: (em, f1, em_has, f1_has, em_no, f1_no,
 * best_em, i_em, best_f1, i_f1, answered). The six lists hold every question's EM and F1
 * after the threshold (the row's own objects, or the floats 0.0 / 1.0), overall and per
 * split, in question order, for Python's sum() to add as the spec does; best_* are the
 * best-threshold walks' best totals (doubles: the walk's additions are the spec's, in its
 * order) and i_* the index of the question whose probability is that threshold (-1: 0.0).
 * The order is a sort of (probability, index): the spec's stable sort. TypeError for
 * anything it cannot read exactly (the caller falls back to Python). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>


typedef struct {
    Py_UCS4 *text;  /* normalized characters */
    Py_ssize_t *start, *len;  /* tokens */
    Py_ssize_t n_tokens, cap;
} Answer;

static PyObject *str_lower, *k_paragraphs, *k_qas, *k_id, *k_answers, *k_text, *f_zero, *f_one;

static int is_punct(Py_UCS4 c) {
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

static int is_word(Py_UCS4 c) { return c == '_' || Py_UNICODE_ISALNUM(c); }

static void answer_free(Answer *a) {
    PyMem_Free(a->text);
    PyMem_Free(a->start);
    PyMem_Free(a->len);
    a->text = NULL; a->start = a->len = NULL; a->n_tokens = a->cap = 0;
}

/* room for n characters and n / 2 + 1 tokens; 0 or -1 (MemoryError set) */
static int reserve(Answer *a, Py_ssize_t n) {
    if (n <= a->cap) return 0;
    Py_ssize_t cap = n < 64 ? 64 : 2 * n;
    Py_UCS4 *b = PyMem_Realloc(a->text, sizeof(Py_UCS4) * (cap + 1));
    if (b) a->text = b;
    Py_ssize_t *st = PyMem_Realloc(a->start, sizeof(Py_ssize_t) * (cap / 2 + 1));
    if (st) a->start = st;
    Py_ssize_t *ln = PyMem_Realloc(a->len, sizeof(Py_ssize_t) * (cap / 2 + 1));
    if (ln) a->len = ln;
    if (!b || !st || !ln) { PyErr_NoMemory(); return -1; }
    a->cap = cap;
    return 0;
}

/* s normalized into out's buffers; 0 on success, -1 with an exception set. */
static int normalize(PyObject *s, Answer *out) {
    Py_ssize_t m = 0;
    out->n_tokens = 0;
    if (PyUnicode_READY(s) < 0) return -1;
    if (PyUnicode_IS_ASCII(s)) {
        Py_ssize_t n = PyUnicode_GET_LENGTH(s);
        const Py_UCS1 *data = PyUnicode_1BYTE_DATA(s);
        if (reserve(out, n) < 0) return -1;
        Py_UCS4 *b = out->text;
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_UCS4 c = data[i];
            if (is_punct(c)) continue;
            b[m++] = (c >= 'A' && c <= 'Z') ? c + 32 : c;
        }
    } else {
        PyObject *lowered = PyObject_CallMethodNoArgs(s, str_lower);
        if (lowered == NULL) return -1;
        Py_ssize_t n = PyUnicode_GET_LENGTH(lowered);
        int kind = PyUnicode_KIND(lowered);
        const void *data = PyUnicode_DATA(lowered);
        if (reserve(out, n) < 0) { Py_DECREF(lowered); return -1; }
        Py_UCS4 *b = out->text;
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, i);
            if (!is_punct(c)) b[m++] = c;
        }
        Py_DECREF(lowered);
    }
    Py_UCS4 *b = out->text;
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
        out->start[t] = s0; out->len[t] = i - s0; t++;
    }
    out->n_tokens = t;
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

/* F1 as the spec's object: an int where a rule decides it (0: no overlap or one side
 * empty; 1: both empty in v2.0), else a float; the types matter to sum() from Python 3.12
 * on, whose compensated float sum adds ints without compensation. */
static PyObject *row(long em, double f1, int f1_is_int, long answered) {
    PyObject *r = PyList_New(3);
    if (r == NULL) return NULL;
    PyObject *a = PyLong_FromLong(em), *c = PyLong_FromLong(answered);
    PyObject *b = f1_is_int ? PyLong_FromLong((long)f1) : PyFloat_FromDouble(f1);
    if (!a || !b || !c) { Py_XDECREF(a); Py_XDECREF(b); Py_XDECREF(c); Py_DECREF(r); return NULL; }
    PyList_SET_ITEM(r, 0, a); PyList_SET_ITEM(r, 1, b); PyList_SET_ITEM(r, 2, c);
    return r;
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
    Answer p = {0}, g = {0};
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
            r = row(0, 0.0, 1, 0);
        } else {
            if (normalize(pred, &p) < 0) goto fail;
            long em = 0;
            double best = 0.0;
            int scored = 0;
            for (Py_ssize_t k = 0; k < PyList_GET_SIZE(gs); k++) {
                if (normalize(PyList_GET_ITEM(gs, k), &g) < 0) goto fail;
                if (v2 && g.n_tokens == 0) continue;  /* v2.0 drops it */
                double f1;
                if (f1_of(&g, &p, v2, &f1) < 0) goto fail;
                if (!em && same_tokens(&g, &p)) em = 1;
                if (!scored || f1 > best) best = f1;
                scored = 1;
            }
            if (!scored) {  /* v2.0: no gold answer left, scored against [""] */
                em = p.n_tokens == 0;
                best = p.n_tokens == 0 ? 1.0 : 0.0;
            }
            r = row(em, best, !scored || best == 0.0, 1);
        }
        if (r == NULL) goto fail;
        PyList_SET_ITEM(out, q, r);
    }
    answer_free(&p); answer_free(&g);
    return out;
fail:
    answer_free(&p); answer_free(&g);
    Py_DECREF(out);
    return NULL;
}

/* -- the dataset walk and the gathering ---------------------------------------------------- */

/* d[key] of an exact dict, borrowed; NULL (no exception) when d is not one or lacks it */
static PyObject *field(PyObject *d, PyObject *key) {
    return PyDict_CheckExact(d) ? PyDict_GetItemWithError(d, key) : NULL;
}

static PyObject *squad_questions(PyObject *self, PyObject *articles) {
    if (!PyList_CheckExact(articles)) Py_RETURN_NONE;
    PyObject *ids = PyList_New(0), *golds = PyList_New(0), *seen = PySet_New(NULL), *texts = NULL;
    if (!ids || !golds || !seen) goto fail;
    for (Py_ssize_t a = 0; a < PyList_GET_SIZE(articles); a++) {
        PyObject *paragraphs = field(PyList_GET_ITEM(articles, a), k_paragraphs);
        if (paragraphs == NULL || !PyList_CheckExact(paragraphs)) goto odd;
        for (Py_ssize_t p = 0; p < PyList_GET_SIZE(paragraphs); p++) {
            PyObject *qas = field(PyList_GET_ITEM(paragraphs, p), k_qas);
            if (qas == NULL || !PyList_CheckExact(qas)) goto odd;
            for (Py_ssize_t k = 0; k < PyList_GET_SIZE(qas); k++) {
                PyObject *question = PyList_GET_ITEM(qas, k);
                PyObject *qid = field(question, k_id), *answers = field(question, k_answers);
                if (qid == NULL || answers == NULL || !PyUnicode_CheckExact(qid) || !PyList_CheckExact(answers))
                    goto odd;
                int dup = PySet_Contains(seen, qid);
                if (dup < 0) goto fail;
                if (dup) goto odd;
                if (PySet_Add(seen, qid) < 0) goto fail;
                Py_ssize_t n = PyList_GET_SIZE(answers);
                texts = PyList_New(n);
                if (texts == NULL) goto fail;
                for (Py_ssize_t j = 0; j < n; j++) {
                    PyObject *text = field(PyList_GET_ITEM(answers, j), k_text);
                    if (text == NULL || !PyUnicode_CheckExact(text)) goto odd;
                    Py_INCREF(text);
                    PyList_SET_ITEM(texts, j, text);
                }
                if (PyList_Append(ids, qid) < 0 || PyList_Append(golds, texts) < 0) goto fail;
                Py_CLEAR(texts);
            }
        }
    }
    if (PyList_GET_SIZE(ids) == 0) goto odd;
    Py_DECREF(seen);
    PyObject *out = PyTuple_Pack(2, ids, golds);
    Py_DECREF(ids); Py_DECREF(golds);
    return out;
odd:
    if (PyErr_Occurred()) goto fail;
    Py_XDECREF(texts); Py_DECREF(ids); Py_DECREF(golds); Py_DECREF(seen);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(texts); Py_XDECREF(ids); Py_XDECREF(golds); Py_XDECREF(seen);
    return NULL;
}

#define EXACT_INT_LIMIT 9007199254740992LL  /* 2**53 */

/* an exact float (not NaN) or exact int within 2**53 as a double: 1; else 0 (-1: error) */
static int exact_number(PyObject *x, double *out) {
    if (PyFloat_CheckExact(x)) {
        *out = PyFloat_AS_DOUBLE(x);
        return *out == *out;
    }
    if (PyLong_CheckExact(x)) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (overflow || v > EXACT_INT_LIMIT || v < -EXACT_INT_LIMIT) return 0;
        *out = (double)v;
        return 1;
    }
    return 0;
}

static PyObject *squad_gather(PyObject *self, PyObject *args) {
    PyObject *ids, *predictions, *na_probs;
    int v2;
    if (!PyArg_ParseTuple(args, "O!OOp", &PyList_Type, &ids, &predictions, &na_probs, &v2)) return NULL;
    if (!PyDict_CheckExact(predictions) || (na_probs != Py_None && !PyDict_CheckExact(na_probs))) Py_RETURN_NONE;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(predictions, &pos, &key, &value))
        if (!PyUnicode_Check(value)) Py_RETURN_NONE;
    Py_ssize_t n = PyList_GET_SIZE(ids);
    PyObject *preds = PyList_New(n), *probs = NULL;
    if (preds == NULL) return NULL;
    if (na_probs != Py_None && (probs = PyList_New(n)) == NULL) goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *qid = PyList_GET_ITEM(ids, i);
        PyObject *pred = PyDict_GetItemWithError(predictions, qid);
        if (pred == NULL) {
            if (PyErr_Occurred()) goto fail;
            if (v2) goto odd;
            pred = Py_None;
        }
        Py_INCREF(pred);
        PyList_SET_ITEM(preds, i, pred);
        if (probs != NULL) {
            PyObject *p = PyDict_GetItemWithError(na_probs, qid);
            double d;
            if (p == NULL) { if (PyErr_Occurred()) goto fail; goto odd; }
            int ok = exact_number(p, &d);
            if (ok < 0) goto fail;
            if (!ok) goto odd;
            Py_INCREF(p);
            PyList_SET_ITEM(probs, i, p);
        }
    }
    PyObject *out = PyTuple_Pack(2, preds, probs ? probs : Py_None);
    Py_DECREF(preds); Py_XDECREF(probs);
    return out;
odd:
    Py_DECREF(preds); Py_XDECREF(probs);
    Py_RETURN_NONE;
fail:
    Py_DECREF(preds); Py_XDECREF(probs);
    return NULL;
}

/* -- the v2.0 report's pieces --------------------------------------------------------------- */

typedef struct { double p; Py_ssize_t i; } Keyed;

static int by_prob(const void *x, const void *y) {
    const Keyed *a = x, *b = y;
    if (a->p < b->p) return -1;
    if (a->p > b->p) return 1;
    return (a->i > b->i) - (a->i < b->i);
}

static PyObject *squad_v2_parts(PyObject *self, PyObject *args) {
    PyObject *rows, *preds, *golds, *probs;
    double threshold;
    if (!PyArg_ParseTuple(args, "O!O!O!O!d", &PyList_Type, &rows, &PyList_Type, &preds, &PyList_Type, &golds,
                          &PyList_Type, &probs, &threshold))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(rows);
    if (PyList_GET_SIZE(preds) != n || PyList_GET_SIZE(golds) != n || PyList_GET_SIZE(probs) != n) {
        PyErr_SetString(PyExc_TypeError, "rows, preds, golds and probs differ in length");
        return NULL;
    }
    PyObject *lists[6] = {NULL};
    Keyed *order = PyMem_Malloc(sizeof(Keyed) * (n + 1));
    double *em_raw = PyMem_Malloc(sizeof(double) * (n + 1)), *f_raw = PyMem_Malloc(sizeof(double) * (n + 1));
    char *has = PyMem_Malloc(n + 1), *said = PyMem_Malloc(n + 1);  /* answerable; prediction non-empty */
    if (!order || !em_raw || !f_raw || !has || !said) { PyErr_NoMemory(); goto fail; }
    for (int k = 0; k < 6; k++)
        if ((lists[k] = PyList_New(0)) == NULL) goto fail;
    Py_ssize_t unanswerable = 0, answered = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *r = PyList_GET_ITEM(rows, i), *gs = PyList_GET_ITEM(golds, i), *pred = PyList_GET_ITEM(preds, i);
        if (!PyList_Check(r) || PyList_GET_SIZE(r) != 3 || !PyList_Check(gs)
                || (pred != Py_None && !PyUnicode_Check(pred))) {
            PyErr_SetString(PyExc_TypeError, "v2_parts: a row, a gold list or a prediction is not readable");
            goto fail;
        }
        PyObject *em = PyList_GET_ITEM(r, 0), *f = PyList_GET_ITEM(r, 1);
        int ok_p = exact_number(PyList_GET_ITEM(probs, i), &order[i].p);
        int ok_e = exact_number(em, &em_raw[i]), ok_f = exact_number(f, &f_raw[i]);
        if (ok_p < 0 || ok_e < 0 || ok_f < 0) goto fail;
        if (!ok_p || !ok_e || !ok_f) {
            PyErr_SetString(PyExc_TypeError, "v2_parts: a probability or score is not an exact float or int");
            goto fail;
        }
        order[i].i = i;
        has[i] = PyList_GET_SIZE(gs) > 0;
        said[i] = pred != Py_None && PyUnicode_GET_LENGTH(pred) > 0;
        unanswerable += !has[i];
        answered += pred != Py_None;
        if (order[i].p > threshold) em = f = has[i] ? f_zero : f_one;
        if (PyList_Append(lists[0], em) < 0 || PyList_Append(lists[1], f) < 0 ||
                PyList_Append(lists[has[i] ? 2 : 4], em) < 0 || PyList_Append(lists[has[i] ? 3 : 5], f) < 0)
            goto fail;
    }
    qsort(order, n, sizeof(Keyed), by_prob);
    double best[2], current[2];
    Py_ssize_t at[2] = {-1, -1};
    for (int c = 0; c < 2; c++) best[c] = current[c] = (double)unanswerable;
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_ssize_t i = order[k].i;
        if (PyList_GET_ITEM(preds, i) == Py_None) continue;
        for (int c = 0; c < 2; c++) {
            if (has[i]) current[c] += c == 0 ? em_raw[i] : f_raw[i];
            else if (said[i]) current[c] -= 1;
            if (current[c] > best[c]) { best[c] = current[c]; at[c] = i; }
        }
    }
    PyMem_Free(order); PyMem_Free(em_raw); PyMem_Free(f_raw); PyMem_Free(has); PyMem_Free(said);
    PyObject *out = Py_BuildValue("(NNNNNNdndnn)", lists[0], lists[1], lists[2], lists[3], lists[4], lists[5],
                                  best[0], at[0], best[1], at[1], answered);
    return out;
fail:
    PyMem_Free(order); PyMem_Free(em_raw); PyMem_Free(f_raw); PyMem_Free(has); PyMem_Free(said);
    for (int k = 0; k < 6; k++) Py_XDECREF(lists[k]);
    return NULL;
}

static PyMethodDef methods[] = {
    {"rows", squad_rows, METH_VARARGS, "rows(preds, golds, v2) -> SQuAD [EM, F1, answered] rows"},
    {"questions", squad_questions, METH_O, "questions(articles) -> (ids, golds) or None"},
    {"gather", squad_gather, METH_VARARGS, "gather(ids, predictions, na_probs, v2) -> (preds, probs) or None"},
    {"v2_parts", squad_v2_parts, METH_VARARGS, "v2_parts(rows, preds, golds, probs, threshold) -> report pieces"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_squad", "SQuAD EM/F1 rows (see squad.c)", -1, methods};

PyMODINIT_FUNC PyInit__squad(void) {
    if (!(str_lower = PyUnicode_InternFromString("lower")) || !(k_paragraphs = PyUnicode_InternFromString("paragraphs"))
            || !(k_qas = PyUnicode_InternFromString("qas")) || !(k_id = PyUnicode_InternFromString("id"))
            || !(k_answers = PyUnicode_InternFromString("answers")) || !(k_text = PyUnicode_InternFromString("text"))
            || !(f_zero = PyFloat_FromDouble(0.0)) || !(f_one = PyFloat_FromDouble(1.0)))
        return NULL;
    return PyModule_Create(&module);
}
