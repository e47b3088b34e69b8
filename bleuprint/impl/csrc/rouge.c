/*
 * bleuprint.impl._rouge: ROUGE's per-token loops (rouge-score 0.1.2's definitions, as in
 * bleuprint.metrics.rouge.spec), for bleuprint.metrics.rouge.impl.
 *
 *   token_ids(texts, want_vocab) -> (ids, text_tok, sent_tok, text_sent, id_bound, vocab)
 *   rouge_rows(ids, text_tok, sent_tok, text_sent, seg_text, id_bound, types, a, b) -> bytes
 *
 * token_ids: rouge-score's tokens of every text (spec.tokenize), interned as int32 ids in
 * order of first occurrence. The spec lowercases with str.lower and keeps the runs of
 * [a-z0-9]; of all code points, str.lower maps to an ASCII letter or digit only A-Z,
 * U+212A KELVIN SIGN (to "k") and U+0130 (to "i" and U+0307, a separator), and it never
 * makes or removes a newline (checked over every code point when this was written, and by
 * the differential tests), so the kernel reads the str's code points directly: a-z, 0-9
 * and those are token characters, anything else separates. Text k's tokens are
 * ids[text_tok[k] : text_tok[k + 1]]. Its Lsum sentences (its "\n"-separated lines that
 * hold at least one token: a line without tokens adds nothing to any union LCS, and only
 * the token totals decide the zero cases) are sentences text_sent[k] .. text_sent[k+1]-1,
 * sentence s being ids[sent_tok[s] : sent_tok[s + 1]] (offsets into all of ids). vocab is
 * the list of the distinct tokens (id order) when want_vocab is true (for stemming), else
 * None. Offsets are int64 bytes, ids int32 bytes.
 *
 * rouge_rows: for segments a..b-1 (segment s's texts are seg_text[s] (the prediction) and
 * seg_text[s]+1 .. seg_text[s+1]-1 (its targets)), for each type t of types (n >= 1:
 * ROUGE-n; 0: ROUGE-L; -1: ROUGE-Lsum), the (P, R, F) of the first target with the highest
 * F, as float64 bytes in the order segment, type, (P, R, F). The arrays are any buffers of
 * the stated item sizes (numpy arrays or bytes). The values are computed with the same
 * IEEE double operations, in the same order, as the spec's Python floats (P = hits /
 * count, F = 2 * P * R / (P + R)); the loops run without the GIL.
 *
 * ROUGE-n: the target's n-grams in an open-addressing table with counts; each prediction
 * n-gram found with a positive count uses one (the sum of min(count, count)).
 * ROUGE-L: the LCS length, bit-parallel (Allison and Dix 1986; Hyyro 2004), one machine
 * word per 64 target tokens, V' = (V + (V & M)) | (V & ~M), LCS = zeros of V.
 * ROUGE-Lsum: for each target sentence, the DP table against each prediction sentence and
 * rouge-score's back-trace (spec.lcs_positions: match when equal, else left when
 * table[i][j-1] > table[i-1][j], else up), the union of the positions, then the hits
 * against the remaining counts of both texts (spec.rouge_lsum).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "growable.h"

/* ---------------------------------------------------------------------------------- */
/* token_ids                                                                            */

/* Open addressing over compact slots (the table stays in cache: the probe reads one word):
 * a slot is (the token's 32-bit hash << 32) | (id + 1), 0 when empty; the token itself is
 * checked against its id's head word and characters. */
typedef struct {
    uint64_t *slots;
    uint64_t mask;
    int32_t n;
    vec_t chars;   /* every distinct token's characters, one after another */
    vec_t offsets; /* int64: where token id starts in chars (n + 1 entries) */
    vec_t heads;   /* uint64: head_word of token id */
} vocab_t;

/* The first min(n, 8) bytes of s as a little-endian word, zero-padded. */
static inline uint64_t head_word(const char *s, Py_ssize_t n) {
    uint64_t x = 0;
    if (n >= 8)
        memcpy(&x, s, 8);
    else
        for (Py_ssize_t k = 0; k < n; k++)
            x |= (uint64_t)(unsigned char)s[k] << (8 * k);
    return x;
}

/* The hash of token s[0..n): eight bytes per multiply (a token's bytes are one short
 * dependency chain, not one multiply per character). */
static inline uint64_t hash_bytes(const char *s, Py_ssize_t n) {
    uint64_t h = (uint64_t)n * 0x9E3779B97F4A7C15ULL;
    Py_ssize_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x;
        memcpy(&x, s + i, 8);
        h = (h ^ x) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    if (i < n)
        h = (h ^ head_word(s + i, n - i)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

static int vocab_grow(vocab_t *v) {
    uint64_t n_slots = (v->mask + 1) * 2;
    uint64_t *slots = PyMem_Calloc((size_t)n_slots, sizeof(uint64_t));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (uint64_t s = 0; s <= v->mask; s++)
        if (v->slots[s]) {
            uint64_t k = (v->slots[s] >> 32) & (n_slots - 1);
            while (slots[k])
                k = (k + 1) & (n_slots - 1);
            slots[k] = v->slots[s];
        }
    PyMem_Free(v->slots);
    v->slots = slots;
    v->mask = n_slots - 1;
    return 0;
}

/* The id of token s[0..n) whose hash_bytes is h (added if new), or -1 with an exception set. */
static int32_t vocab_id_hashed(vocab_t *v, const char *s, Py_ssize_t n, uint64_t h) {
    uint64_t h32 = h & 0xFFFFFFFFULL, k = h32 & v->mask, head = head_word(s, n);
    const int64_t *off = (const int64_t *)v->offsets.data;
    const uint64_t *heads = (const uint64_t *)v->heads.data;
    for (;;) {
        uint64_t slot = v->slots[k];
        if (!slot)
            break;
        if ((slot >> 32) == h32) {
            int32_t id = (int32_t)(uint32_t)slot - 1;
            if (heads[id] == head && off[id + 1] - off[id] == n &&
                (n <= 8 || memcmp(v->chars.data + off[id] + 8, s + 8, (size_t)(n - 8)) == 0))
                return id;
        }
        k = (k + 1) & v->mask;
    }
    if (v->n == INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "more than 2**31 - 1 distinct tokens");
        return -1;
    }
    if (vec_reserve(&v->chars, n) < 0 || vec_reserve(&v->heads, 1) < 0)
        return -1;
    int32_t id = v->n++;
    v->slots[k] = (h32 << 32) | (uint64_t)(uint32_t)(id + 1);
    memcpy(v->chars.data + v->chars.len, s, (size_t)n);
    v->chars.len += n;
    ((uint64_t *)v->heads.data)[v->heads.len++] = head;
    if (vec_push_i64(&v->offsets, v->chars.len) < 0)
        return -1;
    if ((uint64_t)v->n * 2 > v->mask && vocab_grow(v) < 0)
        return -1;
    return id;
}

/* The id of token s[0..n) (added if new), or -1 with an exception set. */
static int32_t vocab_id(vocab_t *v, const char *s, Py_ssize_t n) { return vocab_id_hashed(v, s, n, hash_bytes(s, n)); }

static PyObject *bytes_of(vec_t *v) {
    return PyBytes_FromStringAndSize(v->data ? v->data : "", v->len * v->item);
}

/* The token character of each ASCII code point (A-Z lowered), 0 for a separator. */
static char ASCII_TOKEN_CHAR[128];

static void init_ascii_table(void) {
    for (int c = 0; c < 128; c++)
        ASCII_TOKEN_CHAR[c] = (char)((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ? c
                                     : c >= 'A' && c <= 'Z'                          ? c - 'A' + 'a'
                                                                                      : 0);
}

/* A stemmer's state (the pair scorer's): surface token id -> stemmed token id (-2: not yet
 * known, -1: dropped), the stems' own vocabulary, and the Python callable that stems one
 * token (the metric's ``_stemmed``: a str, or None when the token is dropped). */
typedef struct {
    PyObject *stem; /* callable(str) -> str or None */
    vec_t of_surface; /* int32 per surface id */
    vocab_t stems;
} stem_cache_t;

/* The stem id of surface token id (its characters s[0..n)), computed once, or -3 with an
 * exception set. */
static int32_t stem_id(stem_cache_t *sc, int32_t id, const char *s, Py_ssize_t n) {
    while (sc->of_surface.len <= id)
        if (vec_push_i32(&sc->of_surface, -2) < 0)
            return -3;
    int32_t known = ((int32_t *)sc->of_surface.data)[id];
    if (known != -2)
        return known;
    PyObject *word = PyUnicode_DecodeASCII(s, n, NULL);
    if (word == NULL)
        return -3;
    PyObject *stemmed = PyObject_CallOneArg(sc->stem, word);
    Py_DECREF(word);
    if (stemmed == NULL)
        return -3;
    int32_t sid = -1;
    if (stemmed != Py_None) {
        Py_ssize_t len;
        const char *u = PyUnicode_Check(stemmed) ? PyUnicode_AsUTF8AndSize(stemmed, &len) : NULL;
        if (u == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "the stemmer must return a str or None");
            Py_DECREF(stemmed);
            return -3;
        }
        sid = vocab_id(&sc->stems, u, len);
    }
    Py_DECREF(stemmed);
    if (sid == -1 && PyErr_Occurred())
        return -3;
    ((int32_t *)sc->of_surface.data)[id] = sid;
    return sid;
}

/* Appends text's token ids to ids and the end of each of its sentences (lines with a
 * token) to sent_tok (module doc). With a stem cache, each token is replaced by its stem's
 * id, or dropped. word is scratch. 0, or -1 with an exception set. */
static int tokenize_text(vocab_t *vocab, stem_cache_t *sc, PyObject *text, vec_t *ids, vec_t *sent_tok, vec_t *word) {
    if (PyUnicode_READY(text) < 0)
        return -1;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    Py_ssize_t line_first = ids->len; /* first token of the current line */
    word->len = 0;
    if (vec_reserve(word, n + 1) < 0) /* a token is at most the text's length */
        return -1;
#define TOKENIZE_LOOP(T)                                                                                  \
    do {                                                                                                  \
        const T *d = (const T *)data;                                                                     \
        for (Py_ssize_t i = 0; i <= n; i++) {                                                             \
            Py_UCS4 c = i < n ? d[i] : '\n';                                                              \
            char ch;                                                                                      \
            int ends = 0; /* U+0130 lowers to "i" + U+0307: the token ends after the i */                \
            if (c < 128)                                                                                  \
                ch = ASCII_TOKEN_CHAR[c];                                                                 \
            else if (c == 0x212A)                                                                         \
                ch = 'k';                                                                                 \
            else if (c == 0x130) {                                                                        \
                ch = 'i';                                                                                 \
                ends = 1;                                                                                 \
            } else                                                                                        \
                ch = 0;                                                                                   \
            if (ch) {                                                                                     \
                word->data[word->len++] = ch;                                                             \
                if (!ends)                                                                                \
                    continue;                                                                             \
            }                                                                                             \
            if (word->len) {                                                                              \
                int32_t id = vocab_id(vocab, word->data, word->len);                                      \
                if (id < 0)                                                                               \
                    return -1;                                                                            \
                if (sc != NULL && (id = stem_id(sc, id, word->data, word->len)) == -3)                    \
                    return -1;                                                                            \
                if (id >= 0 && vec_push_i32(ids, id) < 0)                                                 \
                    return -1;                                                                            \
                word->len = 0;                                                                            \
            }                                                                                             \
            if (c == '\n') {                                                                              \
                if (ids->len > line_first && vec_push_i64(sent_tok, ids->len) < 0)                        \
                    return -1;                                                                            \
                line_first = ids->len;                                                                    \
            }                                                                                             \
        }                                                                                                 \
    } while (0)
    /* One loop per string kind (each reads its own code units directly). */
    if (kind == PyUnicode_1BYTE_KIND)
        TOKENIZE_LOOP(Py_UCS1);
    else if (kind == PyUnicode_2BYTE_KIND)
        TOKENIZE_LOOP(Py_UCS2);
    else
        TOKENIZE_LOOP(Py_UCS4);
#undef TOKENIZE_LOOP
    return 0;
}

static int vocab_init(vocab_t *v) {
    memset(v, 0, sizeof *v);
    v->mask = 1023;
    v->chars.item = 1;
    v->offsets.item = 8;
    v->heads.item = 8;
    v->slots = PyMem_Calloc(1024, sizeof(uint64_t));
    if (v->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return vec_push_i64(&v->offsets, 0);
}

static void vocab_free(vocab_t *v) {
    PyMem_Free(v->slots);
    PyMem_Free(v->chars.data);
    PyMem_Free(v->offsets.data);
    PyMem_Free(v->heads.data);
    v->slots = NULL;
    v->chars.data = v->offsets.data = v->heads.data = NULL;
}

static PyObject *token_ids(PyObject *self, PyObject *args) {
    PyObject *texts;
    int want_vocab;
    if (!PyArg_ParseTuple(args, "Op", &texts, &want_vocab))
        return NULL;
    if (!PyList_Check(texts)) {
        PyErr_SetString(PyExc_TypeError, "texts must be a list of str");
        return NULL;
    }
    PyObject *result = NULL;
    vec_t ids = {NULL, 0, 0, 4}, text_tok = {NULL, 0, 0, 8}, sent_tok = {NULL, 0, 0, 8}, text_sent = {NULL, 0, 0, 8};
    vec_t word = {NULL, 0, 0, 1};
    vocab_t vocab;
    if (vocab_init(&vocab) < 0)
        goto done;
    if (vec_push_i64(&text_tok, 0) < 0 || vec_push_i64(&text_sent, 0) < 0 || vec_push_i64(&sent_tok, 0) < 0)
        goto done;
    Py_ssize_t n_texts = PyList_GET_SIZE(texts);
    for (Py_ssize_t t = 0; t < n_texts; t++) {
        PyObject *text = PyList_GET_ITEM(texts, t);
        if (!PyUnicode_Check(text)) {
            PyErr_Format(PyExc_TypeError, "texts[%zd] must be a str, got %.100s", t, Py_TYPE(text)->tp_name);
            goto done;
        }
        if (tokenize_text(&vocab, NULL, text, &ids, &sent_tok, &word) < 0)
            goto done;
        if (vec_push_i64(&text_tok, ids.len) < 0 || vec_push_i64(&text_sent, sent_tok.len - 1) < 0)
            goto done;
    }
    PyObject *words = Py_None;
    Py_INCREF(Py_None);
    if (want_vocab) {
        Py_DECREF(Py_None);
        words = PyList_New(vocab.n);
        if (words == NULL)
            goto done;
        const int64_t *off = (const int64_t *)vocab.offsets.data;
        for (int32_t k = 0; k < vocab.n; k++) {
            PyObject *w = PyUnicode_DecodeASCII(vocab.chars.data + off[k], off[k + 1] - off[k], NULL);
            if (w == NULL) {
                Py_DECREF(words);
                goto done;
            }
            PyList_SET_ITEM(words, k, w);
        }
    }
    result = Py_BuildValue("(NNNNiN)", bytes_of(&ids), bytes_of(&text_tok), bytes_of(&sent_tok), bytes_of(&text_sent),
                           (int)vocab.n, words);
done:
    PyMem_Free(ids.data);
    PyMem_Free(text_tok.data);
    PyMem_Free(sent_tok.data);
    PyMem_Free(text_sent.data);
    PyMem_Free(word.data);
    vocab_free(&vocab);
    return result;
}

/* ---------------------------------------------------------------------------------- */
/* rouge_rows                                                                           */

typedef struct {
    Py_buffer view;
    Py_ssize_t n;
} array_arg;

static int get_array(PyObject *obj, array_arg *a, Py_ssize_t item, const char *name) {
    if (PyObject_GetBuffer(obj, &a->view, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if ((a->view.itemsize != item && a->view.itemsize != 1) || a->view.len % item) {
        PyErr_Format(PyExc_TypeError, "%s must be an array of %zd-byte integers", name, item);
        PyBuffer_Release(&a->view);
        a->view.obj = NULL;
        return -1;
    }
    a->n = a->view.len / item;
    return 0;
}

static void release(array_arg **arrays, int n) {
    for (int k = 0; k < n; k++)
        if (arrays[k]->view.obj != NULL)
            PyBuffer_Release(&arrays[k]->view);
}

/* Scratch memory of one rouge_rows call, grown as needed (raw allocator: no GIL). */
typedef struct {
    int32_t *count_t, *count_p; /* per id, zero between uses */
    int32_t *slot_of;           /* per id, -1 between uses: the token's row of masks */
    uint64_t *masks, *v;
    Py_ssize_t masks_cap, v_cap;
    int32_t *gram_start, *gram_count; /* n-gram table */
    Py_ssize_t table_cap;
    int32_t *table;   /* Lsum's DP table */
    Py_ssize_t dp_cap;
    char *union_flags;
    Py_ssize_t flags_cap;
    int32_t *loc_t, *loc_p, *loc_count; /* pair_overlaps: local ids of both texts, counts per local id */
    Py_ssize_t loc_t_cap, loc_p_cap, loc_count_cap;
    int32_t *pair_table; /* pair_overlaps' bigram counts by local ids (zero between uses) */
    Py_ssize_t pair_table_cap;
} scratch_t;

static void scratch_free(scratch_t *s) {
    void *all[] = {s->count_t, s->count_p, s->slot_of, s->masks, s->v, s->gram_start, s->gram_count, s->table,
                   s->union_flags, s->loc_t, s->loc_p, s->loc_count, s->pair_table};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        PyMem_RawFree(all[k]);
    memset(s, 0, sizeof *s);
}

static int ensure(void **p, Py_ssize_t *cap, Py_ssize_t need, size_t item) {
    if (need <= *cap)
        return 0;
    Py_ssize_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *q = PyMem_RawRealloc(*p, (size_t)c * item);
    if (q == NULL)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

static inline double fmeasure(double p, double r) { return p + r > 0 ? 2 * p * r / (p + r) : 0.0; }

static inline uint64_t gram_hash(const int32_t *g, int n) {
    if (n == 2) { /* the common case: one multiply of the pair as a 64-bit word */
        uint64_t x = (((uint64_t)(uint32_t)g[0] << 32) | (uint32_t)g[1]) * 0x9E3779B97F4A7C15ULL;
        return x ^ (x >> 32);
    }
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int k = 0; k < n; k++) {
        h ^= (uint32_t)g[k];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

static inline int grams_equal(const int32_t *a, const int32_t *b, int n) {
    if (n == 2)
        return a[0] == b[0] && a[1] == b[1];
    return memcmp(a, b, (size_t)n * sizeof(int32_t)) == 0;
}

/* ROUGE-n's overlap (sum over the target's n-grams of the smaller count) of t[0..m), p[0..l). */
static int ngram_overlap(scratch_t *s, const int32_t *t, Py_ssize_t m, const int32_t *p, Py_ssize_t l, int n,
                         int64_t *overlap) {
    *overlap = 0;
    Py_ssize_t mg = m - n + 1, lg = l - n + 1;
    if (mg <= 0 || lg <= 0)
        return 0;
    if (n == 1) {
        for (Py_ssize_t i = 0; i < m; i++)
            s->count_t[t[i]]++;
        int64_t o = 0;
        for (Py_ssize_t j = 0; j < l; j++)
            if (s->count_t[p[j]] > 0) {
                s->count_t[p[j]]--;
                o++;
            }
        for (Py_ssize_t i = 0; i < m; i++)
            s->count_t[t[i]] = 0;
        *overlap = o;
        return 0;
    }
    Py_ssize_t size = 16;
    while (size < 2 * mg)
        size *= 2;
    if (size > s->table_cap) {
        Py_ssize_t cap = s->table_cap;
        if (ensure((void **)&s->gram_start, &cap, size, sizeof(int32_t)) < 0)
            return -1;
        cap = s->table_cap;
        if (ensure((void **)&s->gram_count, &cap, size, sizeof(int32_t)) < 0)
            return -1;
        s->table_cap = cap;
    }
    uint64_t mask = (uint64_t)size - 1;
    for (Py_ssize_t k = 0; k < size; k++)
        s->gram_start[k] = -1;
    for (Py_ssize_t i = 0; i < mg; i++) {
        uint64_t k = gram_hash(t + i, n) & mask;
        for (;;) {
            int32_t g = s->gram_start[k];
            if (g < 0) {
                s->gram_start[k] = (int32_t)i;
                s->gram_count[k] = 1;
                break;
            }
            if (grams_equal(t + g, t + i, n)) {
                s->gram_count[k]++;
                break;
            }
            k = (k + 1) & mask;
        }
    }
    int64_t o = 0;
    for (Py_ssize_t j = 0; j < lg; j++) {
        uint64_t k = gram_hash(p + j, n) & mask;
        for (;;) {
            int32_t g = s->gram_start[k];
            if (g < 0)
                break;
            if (grams_equal(t + g, p + j, n)) {
                if (s->gram_count[k] > 0) {
                    s->gram_count[k]--;
                    o++;
                }
                break;
            }
            k = (k + 1) & mask;
        }
    }
    *overlap = o;
    return 0;
}

/* Largest (local alphabet size)^2 for pair_overlaps' direct bigram table (int32 counts). */
#define PAIR_TABLE_MAX (1 << 16)

/* ROUGE-1's and ROUGE-2's overlaps and the LCS length of t[0..m) and p[0..l) (m, l > 0)
 * from one pass over both texts (the types of one segment share it): each distinct token
 * of t gets a local id (slot_of), the prediction's tokens are mapped to them (-1: absent
 * from t, it matches nothing), then
 *   ROUGE-1: counts per local id, each prediction token with a positive count uses one;
 *   ROUGE-2: the same with bigrams, counted in a table indexed by (local id, local id)
 *            when the alphabet is small enough, else ngram_overlap's hash table;
 *   ROUGE-L: lcs_length's bit-parallel loop with a mask per local id.
 * want[0..2] say which of the three to compute; the results go to out[0..2]. */
static int pair_overlaps(scratch_t *s, const int32_t *t, Py_ssize_t m, const int32_t *p, Py_ssize_t l,
                         const int want[3], int64_t out[3]) {
    Py_ssize_t words = (m + 63) / 64, A = 0;
    if (ensure((void **)&s->loc_t, &s->loc_t_cap, m, sizeof(int32_t)) < 0 ||
        ensure((void **)&s->loc_p, &s->loc_p_cap, l, sizeof(int32_t)) < 0 ||
        ensure((void **)&s->loc_count, &s->loc_count_cap, m, sizeof(int32_t)) < 0 ||
        (want[2] && (ensure((void **)&s->masks, &s->masks_cap, (m + 1) * words, sizeof(uint64_t)) < 0 ||
                     ensure((void **)&s->v, &s->v_cap, words, sizeof(uint64_t)) < 0)))
        return -1;
    int32_t *lt = s->loc_t, *lp = s->loc_p, *cnt = s->loc_count;
    for (Py_ssize_t i = 0; i < m; i++) {
        int32_t r = s->slot_of[t[i]];
        if (r < 0) {
            r = s->slot_of[t[i]] = (int32_t)A++;
            cnt[r] = 0;
            if (want[2])
                memset(s->masks + r * words, 0, (size_t)words * sizeof(uint64_t));
        }
        lt[i] = r;
        cnt[r]++;
        if (want[2])
            s->masks[r * words + i / 64] |= (uint64_t)1 << (i % 64);
    }
    for (Py_ssize_t j = 0; j < l; j++)
        lp[j] = s->slot_of[p[j]];
    for (Py_ssize_t i = 0; i < m; i++)
        s->slot_of[t[i]] = -1;
    out[0] = out[1] = out[2] = 0;
    if (want[0]) {
        int64_t o = 0;
        for (Py_ssize_t j = 0; j < l; j++) {
            int32_t r = lp[j];
            if (r >= 0 && cnt[r] > 0) {
                cnt[r]--;
                o++;
            }
        }
        out[0] = o;
    }
    if (want[1] && m >= 2 && l >= 2) {
        if (A * A <= PAIR_TABLE_MAX) {
            if (s->pair_table == NULL) {
                s->pair_table = PyMem_RawCalloc(PAIR_TABLE_MAX, sizeof(int32_t));
                if (s->pair_table == NULL)
                    return -1;
            }
            int32_t *tab = s->pair_table;
            for (Py_ssize_t i = 0; i + 1 < m; i++)
                tab[lt[i] * A + lt[i + 1]]++;
            int64_t o = 0;
            for (Py_ssize_t j = 0; j + 1 < l; j++) {
                int32_t a = lp[j], b = lp[j + 1];
                if (a >= 0 && b >= 0 && tab[a * A + b] > 0) {
                    tab[a * A + b]--;
                    o++;
                }
            }
            for (Py_ssize_t i = 0; i + 1 < m; i++)
                tab[lt[i] * A + lt[i + 1]] = 0;
            out[1] = o;
        } else if (ngram_overlap(s, t, m, p, l, 2, &out[1]) < 0)
            return -1;
    }
    if (want[2]) {
        uint64_t *v = s->v;
        for (Py_ssize_t w = 0; w < words; w++)
            v[w] = ~(uint64_t)0;
        for (Py_ssize_t j = 0; j < l; j++) {
            int32_t r = lp[j];
            if (r < 0)
                continue;
            const uint64_t *mk = s->masks + r * words;
            if (words == 1) {
                uint64_t x = v[0], u = x & mk[0];
                v[0] = (x + u) | (x & ~mk[0]);
                continue;
            }
            uint64_t carry = 0;
            for (Py_ssize_t w = 0; w < words; w++) {
                uint64_t x = v[w], u = x & mk[w];
                uint64_t sum = x + u;
                uint64_t c1 = sum < x;
                uint64_t sum2 = sum + carry;
                uint64_t c2 = sum2 < sum;
                v[w] = sum2 | (x & ~mk[w]);
                carry = c1 | c2;
            }
        }
        int64_t zeros = 0;
        for (Py_ssize_t w = 0; w < words; w++) {
            uint64_t x = v[w];
            if (w == words - 1 && m % 64)
                x |= ~(((uint64_t)1 << (m % 64)) - 1);
            zeros += 64 - __builtin_popcountll(x);
        }
        out[2] = zeros;
    }
    return 0;
}

typedef struct {
    const int32_t *ids;
    const int64_t *text_tok, *sent_tok, *text_sent;
} corpus_t;

/* Lsum's hits of target text a against prediction text b (both with tokens). */
static int lsum_hits(scratch_t *s, const corpus_t *c, Py_ssize_t target, Py_ssize_t prediction, int64_t *hits) {
    const int32_t *ids = c->ids;
    for (int64_t k = c->text_tok[target]; k < c->text_tok[target + 1]; k++)
        s->count_t[ids[k]]++;
    for (int64_t k = c->text_tok[prediction]; k < c->text_tok[prediction + 1]; k++)
        s->count_p[ids[k]]++;
    int64_t h = 0;
    for (int64_t rs = c->text_sent[target]; rs < c->text_sent[target + 1]; rs++) {
        const int32_t *r = ids + c->sent_tok[rs];
        Py_ssize_t m = (Py_ssize_t)(c->sent_tok[rs + 1] - c->sent_tok[rs]);
        if (ensure((void **)&s->union_flags, &s->flags_cap, m, 1) < 0)
            return -1;
        memset(s->union_flags, 0, (size_t)m);
        for (int64_t ps = c->text_sent[prediction]; ps < c->text_sent[prediction + 1]; ps++) {
            const int32_t *q = ids + c->sent_tok[ps];
            Py_ssize_t l = (Py_ssize_t)(c->sent_tok[ps + 1] - c->sent_tok[ps]);
            Py_ssize_t width = l + 1;
            if (ensure((void **)&s->table, &s->dp_cap, (m + 1) * width, sizeof(int32_t)) < 0)
                return -1;
            int32_t *tab = s->table;
            memset(tab, 0, (size_t)width * sizeof(int32_t));
            for (Py_ssize_t i = 1; i <= m; i++) {
                int32_t *row = tab + i * width, *above = row - width;
                int32_t ti = r[i - 1], left = 0;
                row[0] = 0;
                for (Py_ssize_t j = 1; j <= l; j++) {
                    if (ti == q[j - 1])
                        left = above[j - 1] + 1;
                    else if (above[j] > left)
                        left = above[j];
                    row[j] = left;
                }
            }
            Py_ssize_t i = m, j = l;
            while (i > 0 && j > 0) {
                if (r[i - 1] == q[j - 1]) {
                    s->union_flags[i - 1] = 1;
                    i--;
                    j--;
                } else if (tab[i * width + j - 1] > tab[(i - 1) * width + j])
                    j--;
                else
                    i--;
            }
        }
        for (Py_ssize_t i = 0; i < m; i++)
            if (s->union_flags[i] && s->count_t[r[i]] > 0 && s->count_p[r[i]] > 0) {
                h++;
                s->count_t[r[i]]--;
                s->count_p[r[i]]--;
            }
    }
    for (int64_t k = c->text_tok[target]; k < c->text_tok[target + 1]; k++)
        s->count_t[ids[k]] = 0;
    for (int64_t k = c->text_tok[prediction]; k < c->text_tok[prediction + 1]; k++)
        s->count_p[ids[k]] = 0;
    *hits = h;
    return 0;
}

#define MAX_TYPES 16

/* The (P, R, F) rows, type after type, of the prediction text hyp against its targets
 * hyp+1 .. end-1: for each type the first target with the highest F. ROUGE-1, ROUGE-2 and
 * ROUGE-L of one target share pair_overlaps' pass. 0, or -1 when out of memory (no
 * exception set: it may run without the GIL). */
static int score_segment(scratch_t *s, const corpus_t *c, Py_ssize_t hyp, Py_ssize_t end, const int *types,
                         Py_ssize_t n_types, double *rows) {
    const int32_t *p = c->ids + c->text_tok[hyp];
    Py_ssize_t l = (Py_ssize_t)(c->text_tok[hyp + 1] - c->text_tok[hyp]);
    int want[3] = {0, 0, 0};
    for (Py_ssize_t k = 0; k < n_types; k++)
        if (types[k] >= 0 && types[k] <= 2)
            want[types[k] == 0 ? 2 : types[k] - 1] = 1;
    for (Py_ssize_t ref = hyp + 1; ref < end; ref++) {
        const int32_t *t = c->ids + c->text_tok[ref];
        Py_ssize_t m = (Py_ssize_t)(c->text_tok[ref + 1] - c->text_tok[ref]);
        int64_t shared[3] = {0, 0, 0};
        if (m > 0 && l > 0 && (want[0] || want[1] || want[2]) && pair_overlaps(s, t, m, p, l, want, shared) < 0)
            return -1;
        for (Py_ssize_t k = 0; k < n_types; k++) {
            int type = types[k];
            double P = 0, R = 0;
            int64_t hits;
            if (type >= 1) {
                if (type <= 2)
                    hits = shared[type - 1];
                else if (ngram_overlap(s, t, m, p, l, type, &hits) < 0)
                    return -1;
                Py_ssize_t pg = l - type + 1 > 0 ? l - type + 1 : 0, tg = m - type + 1 > 0 ? m - type + 1 : 0;
                P = (double)hits / (double)(pg > 1 ? pg : 1);
                R = (double)hits / (double)(tg > 1 ? tg : 1);
            } else if (m > 0 && l > 0) {
                if (type == 0)
                    hits = shared[2];
                else if (lsum_hits(s, c, ref, hyp, &hits) < 0)
                    return -1;
                P = (double)hits / (double)l;
                R = (double)hits / (double)m;
            }
            double F = fmeasure(P, R), *row = rows + k * 3;
            if (ref == hyp + 1 || F > row[2]) {
                row[0] = P;
                row[1] = R;
                row[2] = F;
            }
        }
    }
    return 0;
}


/* Checks what segments' texts first..last-1 make the loops read, and only that (a part of a
 * call split over threads reads its own texts: checking every id of the corpus in each part
 * cost a pass over all the ids per part): their token offsets and their sentences' offsets
 * ascend inside ids, and their token ids lie in range(id_bound). 0, or -1 with ValueError. */
static int check_span(const corpus_t *c, Py_ssize_t n_ids, Py_ssize_t n_sent_tok, int64_t first, int64_t last,
                      Py_ssize_t id_bound) {
    const int64_t *tt = c->text_tok, *ts = c->text_sent, *stk = c->sent_tok;
    if (tt[first] < 0 || ts[first] < 0)
        goto offsets;
    for (int64_t t = first; t < last; t++)
        if (tt[t + 1] < tt[t] || ts[t + 1] < ts[t])
            goto offsets;
    if (tt[last] > n_ids || ts[last] + 1 > n_sent_tok)
        goto offsets;
    for (int64_t t = first; t < last; t++)
        for (int64_t s = ts[t]; s < ts[t + 1]; s++)
            if (stk[s] < tt[t] || stk[s + 1] < stk[s] || stk[s + 1] > tt[t + 1])
                goto offsets;
    for (int64_t k = tt[first]; k < tt[last]; k++)
        if (c->ids[k] < 0 || c->ids[k] >= id_bound) {
            PyErr_SetString(PyExc_ValueError, "a token id is outside range(id_bound)");
            return -1;
        }
    return 0;
offsets:
    PyErr_SetString(PyExc_ValueError, "inconsistent text offsets");
    return -1;
}

static PyObject *rouge_rows(PyObject *self, PyObject *args) {
    PyObject *o_ids, *o_text_tok, *o_sent_tok, *o_text_sent, *o_seg, *o_types;
    Py_ssize_t id_bound, a, b;
    if (!PyArg_ParseTuple(args, "OOOOOnOnn", &o_ids, &o_text_tok, &o_sent_tok, &o_text_sent, &o_seg, &id_bound,
                          &o_types, &a, &b))
        return NULL;
    int types[MAX_TYPES];
    PyObject *seq = PySequence_Fast(o_types, "types must be a sequence of int");
    if (seq == NULL)
        return NULL;
    Py_ssize_t n_types = PySequence_Fast_GET_SIZE(seq);
    if (n_types < 1 || n_types > MAX_TYPES) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "types must hold 1 to %d ROUGE types, got %zd", MAX_TYPES, n_types);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n_types; k++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (x < -1 || x > 1000) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "a ROUGE type code is -1 (Lsum), 0 (L) or n >= 1, got %ld", x);
            return NULL;
        }
        types[k] = (int)x;
    }
    Py_DECREF(seq);
    array_arg ids = {{0}}, text_tok = {{0}}, sent_tok = {{0}}, text_sent = {{0}}, seg = {{0}};
    array_arg *all[5] = {&ids, &text_tok, &sent_tok, &text_sent, &seg};
    PyObject *result = NULL, *out = NULL;
    scratch_t s;
    memset(&s, 0, sizeof s);
    if (get_array(o_ids, &ids, 4, "ids") < 0 || get_array(o_text_tok, &text_tok, 8, "text_tok") < 0 ||
        get_array(o_sent_tok, &sent_tok, 8, "sent_tok") < 0 || get_array(o_text_sent, &text_sent, 8, "text_sent") < 0 ||
        get_array(o_seg, &seg, 8, "seg_text") < 0)
        goto done;
    const int64_t *st = seg.view.buf;
    if (a < 0 || b < a || b + 1 > seg.n) {
        PyErr_SetString(PyExc_ValueError, "segment range out of bounds");
        goto done;
    }
    corpus_t c = {ids.view.buf, text_tok.view.buf, sent_tok.view.buf, text_sent.view.buf};
    Py_ssize_t n_texts = text_tok.n - 1;
    if (n_texts < 0 || text_sent.n != text_tok.n || (b > a && (st[a] < 0 || st[b] > n_texts))) {
        PyErr_SetString(PyExc_ValueError, "inconsistent text offsets");
        goto done;
    }
    for (Py_ssize_t x = a; x < b; x++)
        if (st[x + 1] - st[x] < 2) {
            PyErr_SetString(PyExc_ValueError, "every segment needs a prediction and at least one target");
            goto done;
        }
    if (b > a && check_span(&c, ids.n, sent_tok.n, st[a], st[b], id_bound) < 0)
        goto done;
    out = PyBytes_FromStringAndSize(NULL, (b - a) * n_types * 3 * (Py_ssize_t)sizeof(double));
    if (out == NULL)
        goto done;
    double *rows = (double *)PyBytes_AS_STRING(out);
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    s.count_t = PyMem_RawCalloc((size_t)id_bound + 1, sizeof(int32_t));
    s.count_p = PyMem_RawCalloc((size_t)id_bound + 1, sizeof(int32_t));
    s.slot_of = PyMem_RawMalloc(((size_t)id_bound + 1) * sizeof(int32_t));
    if (s.count_t == NULL || s.count_p == NULL || s.slot_of == NULL)
        failed = 1;
    else
        memset(s.slot_of, 0xff, ((size_t)id_bound + 1) * sizeof(int32_t));
    for (Py_ssize_t x = a; x < b && !failed; x++)
        failed = score_segment(&s, &c, (Py_ssize_t)st[x], (Py_ssize_t)st[x + 1], types, n_types,
                               rows + (x - a) * n_types * 3) < 0;
    scratch_free(&s);
    Py_END_ALLOW_THREADS
    if (failed) {
        PyErr_NoMemory();
        goto done;
    }
    result = out;
    out = NULL;
done:
    Py_XDECREF(out);
    release(all, 5);
    return result;
}

/* ---------------------------------------------------------------------------------- */
/* PairScorer: rouge-score's score(target, prediction) per call, with the tokens' state    */
/* kept between calls (bleuprint.compat.rouge_score's direct path).                       */

/* Tokens interned before the state is cleared (bounds its memory over endless calls). */
#define PAIR_VOCAB_LIMIT (1 << 20)

typedef struct {
    PyObject_HEAD
    int types[MAX_TYPES];
    Py_ssize_t n_types;
    PyObject *keys;        /* tuple of str: the dict's keys, one per type */
    PyTypeObject *score;   /* a tuple subclass of 3 items (compat's Score) */
    int stemming;
    vocab_t vocab;
    stem_cache_t sc;
    scratch_t s;
    Py_ssize_t id_cap; /* size of s.count_t, s.count_p, s.slot_of */
    vec_t ids, text_tok, sent_tok, text_sent, word;
} PairScorer;

static void pair_clear_tokens(PairScorer *self) {
    vocab_free(&self->vocab);
    vocab_free(&self->sc.stems);
    PyMem_Free(self->sc.of_surface.data);
    self->sc.of_surface.data = NULL;
    self->sc.of_surface.len = self->sc.of_surface.cap = 0;
}

static void pair_dealloc(PairScorer *self) {
    pair_clear_tokens(self);
    Py_XDECREF(self->keys);
    Py_XDECREF(self->score);
    Py_XDECREF(self->sc.stem);
    scratch_free(&self->s);
    vec_t *vecs[5] = {&self->ids, &self->text_tok, &self->sent_tok, &self->text_sent, &self->word};
    for (int k = 0; k < 5; k++)
        PyMem_Free(vecs[k]->data);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int pair_init_tokens(PairScorer *self) {
    if (vocab_init(&self->vocab) < 0)
        return -1;
    if (self->stemming) {
        self->sc.of_surface.item = 4;
        if (vocab_init(&self->sc.stems) < 0)
            return -1;
    }
    return 0;
}

/* PairScorer(types, keys, score_class, stem): types the kernel's type codes, keys the
 * dict's keys (same length), score_class a tuple subclass, stem None or the callable that
 * stems one token (a str, or None: dropped). */
static PyObject *pair_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *o_types, *keys, *score, *stem;
    if (!PyArg_ParseTuple(args, "OO!O!O", &o_types, &PyTuple_Type, &keys, &PyType_Type, &score, &stem))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)score, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "score_class must be a tuple subclass");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(o_types, "types must be a sequence of int");
    if (seq == NULL)
        return NULL;
    Py_ssize_t n_types = PySequence_Fast_GET_SIZE(seq);
    if (n_types < 1 || n_types > MAX_TYPES || n_types != PyTuple_GET_SIZE(keys)) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "types must hold 1 to %d ROUGE types, one per key", MAX_TYPES);
        return NULL;
    }
    PairScorer *self = (PairScorer *)type->tp_alloc(type, 0);
    if (self == NULL) {
        Py_DECREF(seq);
        return NULL;
    }
    /* tp_alloc zeroed every field */
    self->ids.item = 4;
    self->text_tok.item = self->sent_tok.item = self->text_sent.item = 8;
    self->word.item = 1;
    self->n_types = n_types;
    for (Py_ssize_t k = 0; k < n_types; k++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if ((x == -1 && PyErr_Occurred()) || x < -1 || x > 1000) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "a ROUGE type code is -1 (Lsum), 0 (L) or n >= 1, got %ld", x);
            Py_DECREF(seq);
            Py_DECREF(self);
            return NULL;
        }
        self->types[k] = (int)x;
    }
    Py_DECREF(seq);
    Py_INCREF(keys);
    self->keys = keys;
    Py_INCREF(score);
    self->score = (PyTypeObject *)score;
    self->stemming = stem != Py_None;
    if (self->stemming) {
        Py_INCREF(stem);
        self->sc.stem = stem;
    }
    if (pair_init_tokens(self) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

/* Room for token ids below bound in the per-id scratch (new entries zero / -1). */
static int pair_ids(PairScorer *self, Py_ssize_t bound) {
    if (bound <= self->id_cap)
        return 0;
    Py_ssize_t cap = self->id_cap ? self->id_cap : 1024;
    while (cap < bound)
        cap *= 2;
    scratch_t *s = &self->s;
    int32_t *a = PyMem_RawRealloc(s->count_t, (size_t)cap * sizeof(int32_t));
    if (a == NULL)
        return PyErr_NoMemory(), -1;
    s->count_t = a;
    a = PyMem_RawRealloc(s->count_p, (size_t)cap * sizeof(int32_t));
    if (a == NULL)
        return PyErr_NoMemory(), -1;
    s->count_p = a;
    a = PyMem_RawRealloc(s->slot_of, (size_t)cap * sizeof(int32_t));
    if (a == NULL)
        return PyErr_NoMemory(), -1;
    s->slot_of = a;
    Py_ssize_t old = self->id_cap;
    memset(s->count_t + old, 0, (size_t)(cap - old) * sizeof(int32_t));
    memset(s->count_p + old, 0, (size_t)(cap - old) * sizeof(int32_t));
    memset(s->slot_of + old, 0xff, (size_t)(cap - old) * sizeof(int32_t));
    self->id_cap = cap;
    return 0;
}

static int pair_add_text(PairScorer *self, PyObject *text) {
    if (tokenize_text(&self->vocab, self->stemming ? &self->sc : NULL, text, &self->ids, &self->sent_tok,
                      &self->word) < 0)
        return -1;
    if (vec_push_i64(&self->text_tok, self->ids.len) < 0 || vec_push_i64(&self->text_sent, self->sent_tok.len - 1) < 0)
        return -1;
    return 0;
}

/* The dict {key: score_class(P, R, F)} of n_types rows. */
static PyObject *rows_dict(PyObject *keys, PyTypeObject *score, const double *rows, Py_ssize_t n_types) {
    PyObject *d = _PyDict_NewPresized(n_types);
    if (d == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < n_types; k++) {
        PyObject *row = score->tp_alloc(score, 3);
        if (row == NULL) {
            Py_DECREF(d);
            return NULL;
        }
        for (int j = 0; j < 3; j++) {
            PyObject *x = PyFloat_FromDouble(rows[3 * k + j]);
            if (x == NULL) {
                Py_DECREF(row);
                Py_DECREF(d);
                return NULL;
            }
            PyTuple_SET_ITEM(row, j, x);
        }
        int bad = PyDict_SetItem(d, PyTuple_GET_ITEM(keys, k), row);
        Py_DECREF(row);
        if (bad < 0) {
            Py_DECREF(d);
            return NULL;
        }
    }
    return d;
}

/* The scores of prediction against targets[0..n) (the first best per type). */
static PyObject *pair_scores(PairScorer *self, PyObject *prediction, PyObject *const *targets, Py_ssize_t n,
                             const char *target_name) {
    if (!PyUnicode_Check(prediction))
        return PyErr_Format(PyExc_TypeError, "prediction must be a str, got %.100s", Py_TYPE(prediction)->tp_name);
    for (Py_ssize_t k = 0; k < n; k++)
        if (!PyUnicode_Check(targets[k])) {
            if (target_name[0] == 't' && target_name[6] == 's')
                return PyErr_Format(PyExc_TypeError, "targets[%zd] must be a str, got %.100s", k,
                                    Py_TYPE(targets[k])->tp_name);
            return PyErr_Format(PyExc_TypeError, "%s must be a str, got %.100s", target_name,
                                Py_TYPE(targets[k])->tp_name);
        }
    Py_ssize_t bound = self->stemming ? self->sc.stems.n : self->vocab.n;
    if (self->vocab.n > PAIR_VOCAB_LIMIT || bound > PAIR_VOCAB_LIMIT) {
        pair_clear_tokens(self);
        if (pair_init_tokens(self) < 0)
            return NULL;
    }
    self->ids.len = self->text_tok.len = self->sent_tok.len = self->text_sent.len = 0;
    if (vec_push_i64(&self->text_tok, 0) < 0 || vec_push_i64(&self->sent_tok, 0) < 0 ||
        vec_push_i64(&self->text_sent, 0) < 0 || pair_add_text(self, prediction) < 0)
        return NULL;
    for (Py_ssize_t k = 0; k < n; k++)
        if (pair_add_text(self, targets[k]) < 0)
            return NULL;
    bound = self->stemming ? self->sc.stems.n : self->vocab.n;
    if (pair_ids(self, bound + 1) < 0)
        return NULL;
    corpus_t c = {(const int32_t *)self->ids.data, (const int64_t *)self->text_tok.data,
                  (const int64_t *)self->sent_tok.data, (const int64_t *)self->text_sent.data};
    double rows[3 * MAX_TYPES];
    if (score_segment(&self->s, &c, 0, n + 1, self->types, self->n_types, rows) < 0)
        return PyErr_NoMemory();
    return rows_dict(self->keys, self->score, rows, self->n_types);
}

static PyObject *pair_score(PairScorer *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2)
        return PyErr_Format(PyExc_TypeError, "score(target, prediction) takes 2 arguments, got %zd", nargs);
    return pair_scores(self, args[1], args, 1, "target");
}

static PyObject *pair_score_multi(PairScorer *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyList_Check(args[0]) || PyList_GET_SIZE(args[0]) < 1)
        return PyErr_Format(PyExc_TypeError, "score_multi(targets, prediction): targets a non-empty list of str");
    return pair_scores(self, args[1], &PyList_GET_ITEM(args[0], 0), PyList_GET_SIZE(args[0]), "targets");
}

static PyMethodDef pair_methods[] = {
    {"score", (PyCFunction)(void (*)(void))pair_score, METH_FASTCALL,
     "score(target, prediction) -> {key: score_class(P, R, F)}"},
    {"score_multi", (PyCFunction)(void (*)(void))pair_score_multi, METH_FASTCALL,
     "score_multi(targets, prediction) -> {key: score_class(P, R, F)}, the first best target per type"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PairScorerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bleuprint.impl._rouge.PairScorer",
    .tp_basicsize = sizeof(PairScorer),
    .tp_dealloc = (destructor)pair_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "PairScorer(types, keys, score_class, stem): rouge-score's score per call (see rouge.c)",
    .tp_methods = pair_methods,
    .tp_new = pair_new,
};

/* rows_dicts(rows, keys, score_class) -> [{key: score_class(P, R, F)}] per segment, from
 * rouge_rows' float64 bytes (segment, type, P R F): one buffer, or the list of a split
 * call's parts in order (read as their concatenation, which is not made). A corpus repeats
 * few distinct (P, R, F) triples (10,000 TED segments of four types: about 3,000 distinct in
 * 40,000), so the score objects (tuples: their values cannot change) are shared: a
 * direct-mapped table of SCORE_CACHE slots keyed by the three values' bits (so 0.0 and -0.0
 * stay apart) hands out the one made last for those bits, and a type whose bits equal the previous type's in the same segment
 * takes that type's score without a look-up; a new score's floats come the same way from a
 * table of FLOAT_CACHE slots (the values repeat far more than the triples: 6,006 distinct in
 * the 11,616 distinct triples of 10,000 TED documents). Each segment's dict is its own.
 *
 * The tables hold borrowed references: every object in them is in a dict of the result list,
 * which nothing else sees before the call returns (the keys are str, so no Python code runs
 * meanwhile), so they stay alive as long as the tables are read (after an error they are not
 * read again). Replacing an entry and freeing the tables then touch no object (holding a
 * reference each would visit every score made once more, a cache miss each). */
#define SCORE_CACHE_BITS 14
#define SCORE_CACHE (1 << SCORE_CACHE_BITS)
typedef struct { uint64_t bits[3]; PyObject *score; } cached_score_t;

/* The slot of a triple: the three values' bits mixed by multiplications, the slot taken from
 * the high bits. (A double's low mantissa bits are zero for simple fractions such as 0.5 or
 * 0.25, and a product's low bits depend on the factors' low bits only: slots from the low
 * bits made most such triples collide, ~12,400 scores made for 3,094 distinct triples of
 * 10,000 TED segments against ~4,200 now.) */
static uint64_t triple_slot(const uint64_t *b) {
    uint64_t h = b[0] * 0x9e3779b97f4a7c15ULL;
    h = (h ^ b[1]) * 0xc2b2ae3d27d4eb4fULL;
    h = (h ^ b[2]) * 0x165667b19e3779f9ULL;
    return h >> (64 - SCORE_CACHE_BITS);
}

#define FLOAT_CACHE_BITS 12
#define FLOAT_CACHE (1 << FLOAT_CACHE_BITS)
typedef struct { uint64_t bits; PyObject *value; } cached_float_t;

/* The float x, a new reference, from the table (borrowed there); NULL with an exception set. */
static PyObject *cached_float(cached_float_t *cache, double x) {
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    cached_float_t *c = &cache[(b * 0x9e3779b97f4a7c15ULL) >> (64 - FLOAT_CACHE_BITS)];
    if (c->value != NULL && c->bits == b) {
        Py_INCREF(c->value);
        return c->value;
    }
    PyObject *value = PyFloat_FromDouble(x);
    if (value != NULL) {
        c->value = value;
        c->bits = b;
    }
    return value;
}

/* score_class(P, R, F) of prf, a new reference, from the table (borrowed there); NULL with
 * an exception set. */
static PyObject *cached_score(cached_score_t *cache, cached_float_t *floats, PyTypeObject *score, const double *prf) {
    uint64_t b[3];
    memcpy(b, prf, sizeof b);
    cached_score_t *c = &cache[triple_slot(b)];
    if (c->score != NULL && memcmp(c->bits, b, sizeof b) == 0) {
        Py_INCREF(c->score);
        return c->score;
    }
    PyObject *row = score->tp_alloc(score, 3);
    if (row == NULL)
        return NULL;
    for (int j = 0; j < 3; j++) {
        PyObject *x = cached_float(floats, prf[j]);
        if (x == NULL) {
            Py_DECREF(row);
            return NULL;
        }
        PyTuple_SET_ITEM(row, j, x);
    }
    c->score = row;
    memcpy(c->bits, b, sizeof b);
    return row;
}

static PyObject *rows_dicts(PyObject *self, PyObject *args) {
    PyObject *o_rows, *keys, *score;
    if (!PyArg_ParseTuple(args, "OO!O!", &o_rows, &PyTuple_Type, &keys, &PyType_Type, &score))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)score, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "score_class must be a tuple subclass");
        return NULL;
    }
    Py_ssize_t n_types = PyTuple_GET_SIZE(keys);
    if (n_types < 1) {
        PyErr_SetString(PyExc_ValueError, "keys must not be empty");
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n_types; k++) /* str: no Python code runs while the dicts are built */
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(keys, k))) {
            PyErr_Format(PyExc_TypeError, "keys[%zd] must be a str, got %.100s", k,
                         Py_TYPE(PyTuple_GET_ITEM(keys, k))->tp_name);
            return NULL;
        }
    /* rows: one buffer, or a list of buffers (rouge_rows' parts, in order) read as one */
    int is_list = PyList_Check(o_rows);
    Py_ssize_t n_parts = is_list ? PyList_GET_SIZE(o_rows) : 1;
    Py_buffer *views = PyMem_Calloc(n_parts ? n_parts : 1, sizeof(Py_buffer));
    if (views == NULL)
        return PyErr_NoMemory();
    Py_ssize_t row_bytes = (Py_ssize_t)(3 * n_types * sizeof(double)), n = 0, got = 0;
    PyObject *out = NULL;
    cached_score_t *cache = NULL;
    cached_float_t *floats = NULL;
    for (; got < n_parts; got++) {
        if (PyObject_GetBuffer(is_list ? PyList_GET_ITEM(o_rows, got) : o_rows, &views[got], PyBUF_C_CONTIGUOUS) < 0)
            goto done;
        if (views[got].len % row_bytes) {
            got++;
            PyErr_SetString(PyExc_ValueError, "rows must hold 3 float64 per key per segment");
            goto done;
        }
        n += views[got].len / row_bytes;
    }
    cache = calloc(SCORE_CACHE, sizeof(cached_score_t));
    floats = calloc(FLOAT_CACHE, sizeof(cached_float_t));
    if (cache == NULL || floats == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyList_New(n);
    /* Millions of new containers, none of them garbage: the collector would only walk them. */
    int was_enabled = PyGC_Disable();
    Py_ssize_t x = 0;
    for (Py_ssize_t part = 0; out != NULL && part < n_parts; part++) {
        const double *rows = (const double *)views[part].buf;
        for (Py_ssize_t end = x + views[part].len / row_bytes; out != NULL && x < end; x++, rows += 3 * n_types) {
            PyObject *d = _PyDict_NewPresized(n_types), *row = NULL;
            for (Py_ssize_t k = 0; d != NULL && k < n_types; k++) {
                /* the previous type's bits (ROUGE-L and Lsum of one-line texts): its score */
                if (k == 0 || memcmp(rows + 3 * k, rows + 3 * (k - 1), 3 * sizeof(double)) != 0)
                    row = cached_score(cache, floats, (PyTypeObject *)score, rows + 3 * k);
                else
                    Py_INCREF(row);
                if (row == NULL || PyDict_SetItem(d, PyTuple_GET_ITEM(keys, k), row) < 0)
                    Py_CLEAR(d);
                Py_XDECREF(row); /* the dict keeps it alive for the next type and the table */
            }
            if (d == NULL)
                Py_CLEAR(out);
            else
                PyList_SET_ITEM(out, x, d);
        }
    }
    if (was_enabled)
        PyGC_Enable();
done:
    free(cache); /* borrowed references (above) */
    free(floats);
    for (Py_ssize_t k = 0; k < got; k++)
        if (views[k].obj != NULL)
            PyBuffer_Release(&views[k]);
    PyMem_Free(views);
    return out;
}

static PyMethodDef methods[] = {
    {"token_ids", token_ids, METH_VARARGS,
     "token_ids(texts, want_vocab) -> (ids int32 bytes, text_tok, sent_tok, text_sent int64 bytes, id_bound,"
     " vocab list or None)"},
    {"rouge_rows", rouge_rows, METH_VARARGS,
     "rouge_rows(ids, text_tok, sent_tok, text_sent, seg_text, id_bound, types, a, b) -> float64 bytes"
     " (segment, type, P R F)"},
    {"rows_dicts", rows_dicts, METH_VARARGS,
     "rows_dicts(rows, keys, score_class) -> [{key: score_class(P, R, F)}] per segment of rouge_rows' bytes"
     " (one buffer or a list of them)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_rouge", "ROUGE's per-token loops (see rouge.c).", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__rouge(void) {
    init_ascii_table();
    if (PyType_Ready(&PairScorerType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&PairScorerType);
    if (PyModule_AddObject(m, "PairScorer", (PyObject *)&PairScorerType) < 0) {
        Py_DECREF(&PairScorerType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
