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
 *   rows(code, predictions, targets) -> bytearray or None
 *       Every example's row of one lesson metric in one pass over the corpus (its comment
 *       below): exact match, token F1, BLEU-4, ROUGE-L (float64) or the pooled BLEU's
 *       counts (int64), equal to bleuprint.metrics.lesson.spec's to the bit.
 *
 * Only the Python C API; arrays are int64 buffers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

typedef struct { Py_ssize_t start, len; int64_t id; uint64_t hash; } slot_t;

static int is_word(Py_UCS4 ch) { return ch == '_' || Py_UNICODE_ISALNUM(ch); }

/* The tokens of text (lowercased lines joined by NUL): ids (1, 2, ... by first occurrence)
 * and the number of tokens of each line. 0, or -1 with MemoryError set. The caller frees. */
static int tokenize_text(int kind, const void *data, Py_ssize_t n, int64_t **ids_out, Py_ssize_t *n_ids_out,
                         int64_t **counts_out, Py_ssize_t *n_lines_out) {
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
    *ids_out = ids; *n_ids_out = n_ids; *counts_out = counts; *n_lines_out = n_lines;
    return 0;
nomem:
    free(ids); free(counts); free(table);
    PyErr_NoMemory();
    return -1;
}

static PyObject *word_ids(PyObject *self, PyObject *args) {
    PyObject *text;
    if (!PyArg_ParseTuple(args, "U", &text)) return NULL;
    if (PyUnicode_READY(text) < 0) return NULL;
    int64_t *ids, *counts;
    Py_ssize_t n_ids, n_lines;
    if (tokenize_text(PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text),
                      &ids, &n_ids, &counts, &n_lines) < 0) return NULL;
    PyObject *result = Py_BuildValue("(y#y#)", (const char *)ids, (Py_ssize_t)(n_ids * sizeof(int64_t)),
                                     (const char *)counts, (Py_ssize_t)(n_lines * sizeof(int64_t)));
    free(ids); free(counts);
    return result;
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

/* ---- per-line tokens for rows() -------------------------------------------------------------
 * A line is lowercased as str.lower does it on its own, then its runs of is_word characters
 * are its tokens. Lines of one byte a character (PEP 393 kind 1) go through two tables made
 * at import from Python's own str.lower and is_word (every Latin-1 character lowercases to one
 * Latin-1 character: checked then, else the tables are off); other lines through str.lower. */

static unsigned char latin1_lower[256], latin1_word[256], latin1_space[256];
static int latin1_ok = 0;

static int make_tables(void) {
    latin1_ok = 0;
    for (int ch = 0; ch < 256; ch++) {
        PyObject *s = PyUnicode_FromOrdinal(ch);
        if (!s) return -1;
        PyObject *low = PyObject_CallMethod(s, "lower", NULL);
        Py_DECREF(s);
        if (!low) return -1;
        if (PyUnicode_GET_LENGTH(low) != 1 || PyUnicode_READ_CHAR(low, 0) > 255) { Py_DECREF(low); return 0; }
        Py_UCS4 l = PyUnicode_READ_CHAR(low, 0);
        Py_DECREF(low);
        latin1_lower[ch] = (unsigned char)l;
        latin1_word[ch] = (unsigned char)is_word(l);
        latin1_space[ch] = (unsigned char)Py_UNICODE_ISSPACE(ch);
    }
    latin1_ok = 1;
    return 0;
}

typedef struct { Py_ssize_t start, len; int64_t id; uint64_t hash; } vslot_t;

typedef struct {
    vslot_t *table; Py_ssize_t size, used;
    Py_UCS4 *arena; Py_ssize_t arena_len, arena_cap;
    Py_UCS4 *word; Py_ssize_t word_cap;
    int64_t *ids; Py_ssize_t n_ids, ids_cap;
    int64_t next_id;
} vocab_t;

static void vocab_free(vocab_t *v) { free(v->table); free(v->arena); free(v->word); free(v->ids); }

static int vocab_init(vocab_t *v) {
    memset(v, 0, sizeof *v);
    v->size = 4096; v->table = calloc(v->size, sizeof(vslot_t));
    v->arena_cap = 4096; v->arena = malloc(v->arena_cap * sizeof(Py_UCS4));
    v->word_cap = 256; v->word = malloc(v->word_cap * sizeof(Py_UCS4));
    v->ids_cap = 4096; v->ids = malloc(v->ids_cap * sizeof(int64_t));
    v->next_id = 1;
    return (v->table && v->arena && v->word && v->ids) ? 0 : -1;
}

/* Append the id of the word v->word[0:len] (hash h). */
static int vocab_add(vocab_t *v, Py_ssize_t len, uint64_t h) {
    if (2 * (v->used + 1) > v->size) {
        Py_ssize_t new_size = v->size * 2;
        vslot_t *grown = calloc(new_size, sizeof(vslot_t));
        if (!grown) return -1;
        for (Py_ssize_t k = 0; k < v->size; k++)
            if (v->table[k].id) {
                Py_ssize_t p = (Py_ssize_t)(v->table[k].hash & (uint64_t)(new_size - 1));
                while (grown[p].id) p = (p + 1) & (new_size - 1);
                grown[p] = v->table[k];
            }
        free(v->table);
        v->table = grown; v->size = new_size;
    }
    Py_ssize_t mask = v->size - 1, p = (Py_ssize_t)(h & (uint64_t)mask);
    int64_t id = 0;
    while (v->table[p].id) {
        vslot_t *s = &v->table[p];
        if (s->hash == h && s->len == len && memcmp(v->arena + s->start, v->word, len * sizeof(Py_UCS4)) == 0) {
            id = s->id;
            break;
        }
        p = (p + 1) & mask;
    }
    if (!id) {
        if (v->arena_len + len > v->arena_cap) {
            while (v->arena_len + len > v->arena_cap) v->arena_cap *= 2;
            Py_UCS4 *grown = realloc(v->arena, v->arena_cap * sizeof(Py_UCS4));
            if (!grown) return -1;
            v->arena = grown;
        }
        memcpy(v->arena + v->arena_len, v->word, len * sizeof(Py_UCS4));
        id = v->next_id++;
        v->table[p].start = v->arena_len; v->table[p].len = len; v->table[p].id = id; v->table[p].hash = h;
        v->arena_len += len;
        v->used++;
    }
    if (v->n_ids == v->ids_cap) {
        v->ids_cap *= 2;
        int64_t *grown = realloc(v->ids, v->ids_cap * sizeof(int64_t));
        if (!grown) return -1;
        v->ids = grown;
    }
    v->ids[v->n_ids++] = id;
    return 0;
}

static int word_room(vocab_t *v, Py_ssize_t len) {
    if (len < v->word_cap) return 0;
    while (len >= v->word_cap) v->word_cap *= 2;
    Py_UCS4 *grown = realloc(v->word, v->word_cap * sizeof(Py_UCS4));
    if (!grown) return -1;
    v->word = grown;
    return 0;
}

/* Append the tokens of one line; their number in *count. 0, or -1 with an exception set. */
static int tokenize_line(vocab_t *v, PyObject *line, int64_t *count) {
    Py_ssize_t before = v->n_ids;
    if (PyUnicode_KIND(line) == PyUnicode_1BYTE_KIND && latin1_ok) {
        const unsigned char *d = PyUnicode_1BYTE_DATA(line);
        Py_ssize_t n = PyUnicode_GET_LENGTH(line);
        if (word_room(v, n + 1) < 0) { PyErr_NoMemory(); return -1; }
        for (Py_ssize_t i = 0; i < n;) {
            if (!latin1_word[d[i]]) { i++; continue; }
            Py_ssize_t len = 0;
            uint64_t h = 1469598103934665603ULL;
            while (i < n && latin1_word[d[i]]) {
                Py_UCS4 c = latin1_lower[d[i]];
                v->word[len++] = c;
                h = (h ^ (uint64_t)c) * 1099511628211ULL;
                i++;
            }
            if (vocab_add(v, len, h) < 0) { PyErr_NoMemory(); return -1; }
        }
    } else {
        PyObject *low = PyObject_CallMethod(line, "lower", NULL);
        if (!low || PyUnicode_READY(low) < 0) { Py_XDECREF(low); return -1; }
        int kind = PyUnicode_KIND(low);
        const void *d = PyUnicode_DATA(low);
        Py_ssize_t n = PyUnicode_GET_LENGTH(low);
        for (Py_ssize_t i = 0; i < n;) {
            if (!is_word(PyUnicode_READ(kind, d, i))) { i++; continue; }
            Py_ssize_t len = 0;
            uint64_t h = 1469598103934665603ULL;
            while (i < n) {
                Py_UCS4 c = PyUnicode_READ(kind, d, i);
                if (!is_word(c)) break;
                if (word_room(v, len + 1) < 0) { Py_DECREF(low); PyErr_NoMemory(); return -1; }
                v->word[len++] = c;
                h = (h ^ (uint64_t)c) * 1099511628211ULL;
                i++;
            }
            if (vocab_add(v, len, h) < 0) { Py_DECREF(low); PyErr_NoMemory(); return -1; }
        }
        Py_DECREF(low);
    }
    *count = v->n_ids - before;
    return 0;
}

/* ---- rows(code, predictions, targets): every example's row in one pass -------------------
 *
 * code 0: exact match (1.0 when the stripped prediction equals a stripped target, str.strip's
 * white space: Py_UNICODE_ISSPACE); 1: token F1; 2: add-one BLEU-4; 3: ROUGE-L F1 (1-3: the
 * best over the targets, 0.0 for none); 4: the pooled BLEU row [m_1..m_4, t_1..t_4, c, r]
 * (int64; clipped by the largest count in one target, r the closest target length, the
 * shorter on ties). 0-3 give float64 bytes, one per example, with the spec's floating-point
 * operations in its order. predictions: a list or tuple of str; targets: a list or tuple,
 * of lists or tuples of str, one per prediction. Returns None when the inputs are of any
 * other form, when a line holds a NUL, or (code 4) when an example has no target: the caller
 * then takes its general route (which raises the spec's errors).
 *
 * Tokens: the lines are joined by NUL and lowercased by str.lower (one call), then
 * tokenize_text. n-gram counts: the grams of one example's lines are numbered densely order
 * by order (gram n at position p is the pair (number of gram n-1 at p, token p+n-1)), then
 * counted in arrays.
 */

typedef struct {
    int64_t *tok; int32_t *cur, *cnt, *maxr, *tmp; int64_t *row;
    int64_t *ka, *kb; int32_t *kv; uint64_t *stamp; uint64_t epoch;
    Py_ssize_t cap, tcap;
} work_t;

static void work_free(work_t *w) {
    free(w->tok); free(w->cur); free(w->cnt); free(w->maxr); free(w->tmp); free(w->row);
    free(w->ka); free(w->kb); free(w->kv); free(w->stamp);
}

static int work_reserve(work_t *w, Py_ssize_t L) {
    if (L < 1) L = 1;
    if (L > w->cap) {
        Py_ssize_t cap = w->cap ? w->cap : 64;
        while (cap < L) cap *= 2;
        free(w->tok); free(w->cur); free(w->cnt); free(w->maxr); free(w->tmp); free(w->row);
        w->tok = malloc(cap * sizeof(int64_t)); w->cur = malloc(cap * sizeof(int32_t));
        w->cnt = calloc(cap, sizeof(int32_t)); w->maxr = calloc(cap, sizeof(int32_t));
        w->tmp = calloc(cap, sizeof(int32_t)); w->row = malloc((cap + 1) * sizeof(int64_t));
        w->cap = cap;
        if (!w->tok || !w->cur || !w->cnt || !w->maxr || !w->tmp || !w->row) return -1;
    }
    if (2 * L > w->tcap) {
        Py_ssize_t tcap = w->tcap ? w->tcap : 128;
        while (tcap < 2 * L) tcap *= 2;
        free(w->ka); free(w->kb); free(w->kv); free(w->stamp);
        w->ka = malloc(tcap * sizeof(int64_t)); w->kb = malloc(tcap * sizeof(int64_t));
        w->kv = malloc(tcap * sizeof(int32_t)); w->stamp = calloc(tcap, sizeof(uint64_t));
        w->tcap = tcap; w->epoch = 0;
        if (!w->ka || !w->kb || !w->kv || !w->stamp) return -1;
    }
    return 0;
}

/* The dense number of the key (a, b) in the current epoch's table. */
static int32_t dense_id(work_t *w, int64_t a, int64_t b, int32_t *next) {
    uint64_t h = (uint64_t)a * 0x9E3779B97F4A7C15ULL ^ ((uint64_t)b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    Py_ssize_t mask = w->tcap - 1, p = (Py_ssize_t)(h & (uint64_t)mask);
    while (w->stamp[p] == w->epoch) {
        if (w->ka[p] == a && w->kb[p] == b) return w->kv[p];
        p = (p + 1) & mask;
    }
    w->stamp[p] = w->epoch; w->ka[p] = a; w->kb[p] = b; w->kv[p] = *next;
    return (*next)++;
}

/* m[n-1] for n = 1..max_order: the candidate's n-grams, each count clipped by its largest
 * count in one of the nref references. */
static int clipped_matches(work_t *w, const int64_t *cand, Py_ssize_t c, const int64_t **refs,
                           const Py_ssize_t *rlen, Py_ssize_t nref, int max_order, int64_t *m) {
    Py_ssize_t L = c;
    for (Py_ssize_t k = 0; k < nref; k++) L += rlen[k];
    for (int n = 0; n < max_order; n++) m[n] = 0;
    if (c == 0 || L == c) return 0;
    if (work_reserve(w, L) < 0) return -1;
    memcpy(w->tok, cand, c * sizeof(int64_t));
    Py_ssize_t at = c;
    for (Py_ssize_t k = 0; k < nref; k++) { memcpy(w->tok + at, refs[k], rlen[k] * sizeof(int64_t)); at += rlen[k]; }
    for (Py_ssize_t p = 0; p < L; p++) w->cur[p] = 0;
    for (int n = 1; n <= max_order && n <= c; n++) {
        int32_t next = 0;
        w->epoch++;
        /* renumber: segment 0 is the candidate, then the references */
        Py_ssize_t s0 = 0;
        for (Py_ssize_t k = -1; k < nref; k++) {
            Py_ssize_t len = k < 0 ? c : rlen[k];
            for (Py_ssize_t p = s0; p + n <= s0 + len; p++)
                w->cur[p] = dense_id(w, w->cur[p], w->tok[p + n - 1], &next);
            s0 += len;
        }
        for (Py_ssize_t p = 0; p + n <= c; p++) w->cnt[w->cur[p]]++;
        s0 = c;
        for (Py_ssize_t k = 0; k < nref; k++) {
            Py_ssize_t len = rlen[k];
            for (Py_ssize_t p = s0; p + n <= s0 + len; p++) w->tmp[w->cur[p]]++;
            for (Py_ssize_t p = s0; p + n <= s0 + len; p++) {
                int32_t id = w->cur[p];
                if (w->tmp[id] > w->maxr[id]) w->maxr[id] = w->tmp[id];
            }
            for (Py_ssize_t p = s0; p + n <= s0 + len; p++) w->tmp[w->cur[p]] = 0;
            s0 += len;
        }
        int64_t matches = 0;
        for (Py_ssize_t p = 0; p + n <= c; p++) {
            int32_t id = w->cur[p];
            if (w->cnt[id]) { matches += w->cnt[id] < w->maxr[id] ? w->cnt[id] : w->maxr[id]; w->cnt[id] = 0; }
        }
        s0 = c;
        for (Py_ssize_t k = 0; k < nref; k++) {
            for (Py_ssize_t p = s0; p + n <= s0 + rlen[k]; p++) w->maxr[w->cur[p]] = 0;
            s0 += rlen[k];
        }
        m[n - 1] = matches;
    }
    return 0;
}

static int64_t lcs_of(work_t *w, const int64_t *x, Py_ssize_t n, const int64_t *y, Py_ssize_t m) {
    if (n == 0 || m == 0) return 0;
    int64_t *row = w->row;
    memset(row, 0, (m + 1) * sizeof(int64_t));
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t diag = 0;
        for (Py_ssize_t j = 0; j < m; j++) {
            int64_t up = row[j + 1];
            int64_t value = x[i] == y[j] ? diag + 1 : (row[j] > up ? row[j] : up);
            diag = up;
            row[j + 1] = value;
        }
    }
    return row[m];
}

/* The correctly rounded sum of n finite doubles (Shewchuk 1997's exact partials, then the
 * round-half-even fix of the last partial), the value math.fsum gives. */
static double exact_sum(const double *xs, int count) {
    double partials[64];
    int np = 0;
    for (int k = 0; k < count; k++) {
        double x = xs[k];
        int i = 0;
        for (int j = 0; j < np; j++) {
            double y = partials[j];
            if (fabs(x) < fabs(y)) { double t = x; x = y; y = t; }
            double hi = x + y, lo = y - (hi - x);
            if (lo != 0.0) partials[i++] = lo;
            x = hi;
        }
        partials[i] = x;
        np = i + 1;
    }
    double hi = 0.0, lo = 0.0;
    int n = np;
    if (n > 0) {
        hi = partials[--n];
        while (n > 0) {
            double x = hi, y = partials[--n];
            hi = x + y;
            double yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) break;
        }
        if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
            double y = lo * 2.0, x = hi + y, yr = x - hi;
            if (y == yr) hi = x;
        }
    }
    return hi;
}

/* spec.bleu_from_counts of one pair with max_order 4. */
static double bleu4_value(const int64_t *m, Py_ssize_t c, Py_ssize_t r) {
    if (c == 0 || r == 0) return 0.0;
    double logs[4];
    for (int n = 0; n < 4; n++) {
        int64_t t = c - n > 0 ? c - n : 0;
        logs[n] = (1.0 / 4) * log((double)(m[n] + 1) / (double)(t + 1));
    }
    double bp = c > r ? 1.0 : exp(1 - (double)r / (double)c);
    return bp * exp(exact_sum(logs, 4));
}

static Py_ssize_t stripped(PyObject *s, Py_ssize_t *start) {
    int kind = PyUnicode_KIND(s);
    const void *data = PyUnicode_DATA(s);
    Py_ssize_t a = 0, b = PyUnicode_GET_LENGTH(s);
    if (kind == PyUnicode_1BYTE_KIND && latin1_ok) {
        const unsigned char *d = data;
        while (a < b && latin1_space[d[a]]) a++;
        while (b > a && latin1_space[d[b - 1]]) b--;
        *start = a;
        return b - a;
    }
    while (a < b && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, a))) a++;
    while (b > a && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, b - 1))) b--;
    *start = a;
    return b - a;
}

static int stripped_equal(PyObject *x, Py_ssize_t xa, Py_ssize_t xn, PyObject *y) {
    Py_ssize_t ya, yn = stripped(y, &ya);
    if (xn != yn) return 0;
    int kx = PyUnicode_KIND(x), ky = PyUnicode_KIND(y);
    const void *dx = PyUnicode_DATA(x), *dy = PyUnicode_DATA(y);
    if (kx == ky) return memcmp((const char *)dx + xa * kx, (const char *)dy + ya * ky, xn * kx) == 0;
    for (Py_ssize_t k = 0; k < xn; k++)
        if (PyUnicode_READ(kx, dx, xa + k) != PyUnicode_READ(ky, dy, ya + k)) return 0;
    return 1;
}

static PyObject *rows(PyObject *self, PyObject *args) {
    int code;
    PyObject *preds, *targets;
    if (!PyArg_ParseTuple(args, "iOO", &code, &preds, &targets)) return NULL;
    if (code < 0 || code > 4) { PyErr_SetString(PyExc_ValueError, "rows: code must be 0..4"); return NULL; }
    if (!(PyList_CheckExact(preds) || PyTuple_CheckExact(preds)) || !(PyList_CheckExact(targets) || PyTuple_CheckExact(targets)))
        Py_RETURN_NONE;
    Py_ssize_t N = PySequence_Fast_GET_SIZE(preds);
    if (N == 0 || PySequence_Fast_GET_SIZE(targets) != N) Py_RETURN_NONE;
    PyObject **P = PySequence_Fast_ITEMS(preds), **T = PySequence_Fast_ITEMS(targets);
    if (code == 0) { /* exact match: the checks and the rows in one pass (no tokens) */
        PyObject *out = PyByteArray_FromStringAndSize(NULL, N * 8);
        if (!out) return NULL;
        double *res = (double *)PyByteArray_AS_STRING(out);
        for (Py_ssize_t i = 0; i < N; i++) {
            PyObject *ts = T[i];
            if (!PyUnicode_CheckExact(P[i]) || !(PyList_CheckExact(ts) || PyTuple_CheckExact(ts))) goto declined;
            PyObject **items = PySequence_Fast_ITEMS(ts);
            Py_ssize_t k = PySequence_Fast_GET_SIZE(ts), pa = 0, pn = k ? stripped(P[i], &pa) : 0, j = 0;
            double value = 0.0;
            for (; j < k; j++) {
                if (!PyUnicode_CheckExact(items[j])) goto declined;
                if (items[j] == P[i] || stripped_equal(P[i], pa, pn, items[j])) { value = 1.0; break; }
            }
            for (; j < k; j++) if (!PyUnicode_CheckExact(items[j])) goto declined;
            res[i] = value;
        }
        return out;
    declined:
        Py_DECREF(out);
        Py_RETURN_NONE;
    }
    Py_ssize_t n_targets = 0;
    for (Py_ssize_t i = 0; i < N; i++) {
        if (!PyUnicode_CheckExact(P[i])) Py_RETURN_NONE;
        PyObject *ts = T[i];
        if (!(PyList_CheckExact(ts) || PyTuple_CheckExact(ts))) Py_RETURN_NONE;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(ts);
        if (k == 0 && code == 4) Py_RETURN_NONE;
        PyObject **items = PySequence_Fast_ITEMS(ts);
        for (Py_ssize_t j = 0; j < k; j++) if (!PyUnicode_CheckExact(items[j])) Py_RETURN_NONE;
        n_targets += k;
    }
    Py_ssize_t width = code == 4 ? 10 : 1;
    PyObject *out = PyByteArray_FromStringAndSize(NULL, N * width * 8);
    if (!out) return NULL;
    /* the distinct lines, tokenized once each */
    PyObject *index = PyDict_New();
    int64_t *line_of = NULL, *counts = NULL, *starts = NULL;
    const int64_t **refs = NULL;
    Py_ssize_t *rlen = NULL;
    work_t w = {0};
    vocab_t v;
    int32_t *tally = NULL;
    int vocab_ok = vocab_init(&v) == 0;
    Py_ssize_t n_lines = 0, total = N + n_targets;
    line_of = malloc(total * sizeof(int64_t));
    counts = malloc(total * sizeof(int64_t));
    starts = malloc((total + 1) * sizeof(int64_t));
    Py_ssize_t most = 1;
    for (Py_ssize_t i = 0; i < N; i++) if (PySequence_Fast_GET_SIZE(T[i]) > most) most = PySequence_Fast_GET_SIZE(T[i]);
    refs = malloc(most * sizeof(int64_t *));
    rlen = malloc(most * sizeof(Py_ssize_t));
    if (!index || !vocab_ok || !line_of || !counts || !starts || !refs || !rlen) goto fail;
    Py_ssize_t at = 0;
    for (Py_ssize_t q = 0; q <= N; q++) {
        /* q < N: the prediction q; q == N: every target, example by example */
        for (Py_ssize_t e = q < N ? q : 0; e < (q < N ? q + 1 : N); e++) {
            Py_ssize_t m = q < N ? 1 : PySequence_Fast_GET_SIZE(T[e]);
            PyObject **items = q < N ? &P[e] : PySequence_Fast_ITEMS(T[e]);
            for (Py_ssize_t j = 0; j < m; j++) {
                PyObject *s = items[j];
                PyObject *known = PyDict_GetItemWithError(index, s);
                if (known) { line_of[at++] = PyLong_AsSsize_t(known); continue; }
                if (PyErr_Occurred()) goto fail;
                PyObject *number = PyLong_FromSsize_t(n_lines);
                if (!number) goto fail;
                int bad = PyDict_SetItem(index, s, number);
                Py_DECREF(number);
                if (bad < 0) goto fail;
                starts[n_lines] = v.n_ids;
                if (tokenize_line(&v, s, &counts[n_lines]) < 0) goto fail;
                line_of[at++] = n_lines++;
            }
        }
    }
    starts[n_lines] = v.n_ids;
    const int64_t *ids = v.ids;
    if (code == 1 && !(tally = calloc(v.next_id, sizeof(int32_t)))) goto fail;
    Py_ssize_t line = N;
    for (Py_ssize_t i = 0; i < N; i++) {
        Py_ssize_t k = PySequence_Fast_GET_SIZE(T[i]);
        const int64_t *cand = ids + starts[line_of[i]];
        Py_ssize_t c = counts[line_of[i]];
        if (code == 4) {
            int64_t *res = (int64_t *)PyByteArray_AS_STRING(out) + 10 * i;
            Py_ssize_t best_r = -1;
            for (Py_ssize_t j = 0; j < k; j++) {
                refs[j] = ids + starts[line_of[line + j]]; rlen[j] = counts[line_of[line + j]];
                Py_ssize_t r = rlen[j];
                if (best_r < 0) best_r = r;
                else {
                    Py_ssize_t d = r > c ? r - c : c - r, bd = best_r > c ? best_r - c : c - best_r;
                    if (d < bd || (d == bd && r < best_r)) best_r = r;
                }
            }
            if (clipped_matches(&w, cand, c, refs, rlen, k, 4, res) < 0) { PyErr_NoMemory(); goto fail; }
            for (int n = 0; n < 4; n++) res[4 + n] = c - n > 0 ? c - n : 0;
            res[8] = c; res[9] = best_r;
        } else {
            double best = 0.0;
            for (Py_ssize_t j = 0; j < k; j++) {
                const int64_t *ref = ids + starts[line_of[line + j]];
                Py_ssize_t r = counts[line_of[line + j]];
                double value;
                if (code == 1) {
                    if (c == 0 || r == 0) value = (c == 0 && r == 0) ? 1.0 : 0.0;
                    else {
                        /* the multiset overlap: the prediction's token counts, spent by the target's tokens */
                        int64_t overlap = 0;
                        for (Py_ssize_t p = 0; p < c; p++) tally[cand[p]]++;
                        for (Py_ssize_t p = 0; p < r; p++) if (tally[ref[p]] > 0) { tally[ref[p]]--; overlap++; }
                        for (Py_ssize_t p = 0; p < c; p++) tally[cand[p]] = 0;
                        if (overlap == 0) value = 0.0;
                        else {
                            double precision = (double)overlap / (double)c, recall = (double)overlap / (double)r;
                            value = 2 * precision * recall / (precision + recall);
                        }
                    }
                } else if (code == 2) {
                    int64_t m[4];
                    if (clipped_matches(&w, cand, c, &ref, &r, 1, 4, m) < 0) { PyErr_NoMemory(); goto fail; }
                    value = bleu4_value(m, c, r);
                } else {
                    if (work_reserve(&w, r + 1) < 0) { PyErr_NoMemory(); goto fail; }
                    int64_t lcs = lcs_of(&w, cand, c, ref, r);
                    if (lcs == 0) value = 0.0;
                    else { /* spec.f_beta with beta = 1 */
                        double precision = (double)lcs / (double)c, recall = (double)lcs / (double)r;
                        double b2 = 1.0 * 1.0, denominator = recall + b2 * precision;
                        value = denominator == 0 ? 0.0 : (1 + b2) * precision * recall / denominator;
                    }
                }
                if (j == 0 || value > best) best = value;
            }
            ((double *)PyByteArray_AS_STRING(out))[i] = best;
        }
        line += k;
    }
    goto done;
fail:
    Py_CLEAR(out);
    if (!PyErr_Occurred()) PyErr_NoMemory();
done:
    Py_XDECREF(index);
    free(line_of); free(counts); free(starts); free(refs); free(rlen); free(tally);
    vocab_free(&v);
    work_free(&w);
    return out;
}

static PyMethodDef methods[] = {
    {"word_ids", word_ids, METH_VARARGS, "word_ids(text) -> (ids, counts) int64 bytes"},
    {"rows", rows, METH_VARARGS, "rows(code, predictions, targets) -> bytearray of float64 (int64 for code 4) or None"},
    {"lcs_lengths", lcs_lengths, METH_VARARGS, "lcs_lengths(ids, starts, lengths, a, b) -> int64 bytes"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_lesson", NULL, -1, methods};

PyMODINIT_FUNC PyInit__lesson(void) {
    if (make_tables() < 0) return NULL;
    return PyModule_Create(&module);
}
