/* bleuprint.impl._meteor: Meteor 1.5's paraphrase table and aligner (the jar of
 * pycocoevalcap 1.2, edu.cmu.meteor.aligner), for bleuprint.metrics.meteor.impl.
 *
 * build_table(text) -> bytes: the paraphrase table (the text of data/paraphrase-en.gz,
 * entries of three lines: a probability, the source phrase, the target phrase, lines
 * ended as Java's readLine ends them, words split on " \t\n\r\f" as StringTokenizer
 * splits) as one self-contained blob of 8-byte-aligned arrays, so that it can be written to
 * a file and mapped back (no pointers inside):
 *   the vocabulary (every word of the file, its bytes in a pool, an open-addressing hash);
 *   the trie of source phrases (ParaphraseTransducer.State: an open-addressing hash of
 *   (state, word) -> child state), each state's emitted entries in file order;
 *   each entry's target phrase as word ids.
 *
 * word_ids(blob, words) -> list of int: each word's vocabulary id, -1 if absent
 * (ParaphraseTransducer.translate).
 *
 * emit_heads(blob) -> bytes: int32 per emit slot, its target's first word id (-1 if empty).
 *
 * root_states(blob, para_ids) -> bytes: int32 per id, its trie state under the root (-1 none).
 *
 * align_rows(blob, hashes, stem_hashes, para_ids, function, syn_off, syn, tokens, pairs[, heads[, roots]])
 *   -> bytes: for each pair, the 23 int64 statistics of MeteorScorer.getMeteorStats for
 *   one reference. The words of the call are numbered 0..W-1; hashes, stem_hashes (Java
 *   String.hashCode of the word and of its stem), para_ids and function (0/1) are int32
 *   buffers of W values, syn_off an int64 buffer of W + 1 offsets into syn (int32: each
 *   word's synsets and stem synsets, sorted, no repeats). tokens is an int32 buffer of word
 *   numbers; pairs an int64 buffer of 4 values a pair: hypothesis start and length,
 *   reference start and length in tokens; heads, if given, emit_heads(blob), and roots,
 *   root_states(blob, para_ids) (the rows are the same with or without them: heads skips the
 *   paraphrase entries that match nowhere, roots the first lookup of each walk in the trie). The GIL is
 *   released while the rows are computed.
 *
 * normalize_lines(texts, prefixes) -> list of (str or None): the -norm line of each text
 * (bleuprint.metrics.meteor.normalize, then str.lower), None where the Python module is
 * needed (the comment above normalize_lines).
 *
 * intern_words(lists) -> (vocab, tokens, offsets): the words of lists of str numbered in
 * order of first appearance (the comment above intern_words); intern_lines(items) the
 * same for items that may also be -norm lines (str), split at single spaces in place.
 *
 * The aligner is bleuprint.metrics.meteor.align (the literal port, which documents the
 * jar's quirks kept here: hash keys, the identical-sentence shortcut, truncated int
 * weights, the distance added to the extended path, Java's stable sort). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- the table blob */

#define MAGIC 0x31524f4554454d42ULL /* "BMETEOR1" */
enum { H_MAGIC, H_NV, H_POOL, H_VCAP, H_ECAP, H_NSTATES, H_NENTRIES, H_NTGT,
       H_O_POOL, H_O_VOFF, H_O_VSLOT, H_O_EKEY, H_O_EVAL, H_O_EMOFF, H_O_EMIT, H_O_TGOFF, H_O_TGT, H_SIZE,
       H_COUNT = 24 };

typedef struct {
    const uint64_t *h;
    const char *pool;
    const uint64_t *voff;  /* nv + 1 */
    const int32_t *vslot;  /* vcap, -1 empty */
    const uint64_t *ekey;  /* ecap, UINT64_MAX empty */
    const int32_t *eval;   /* ecap */
    const uint32_t *emoff; /* nstates + 1 */
    const uint32_t *emit;  /* nentries */
    const uint64_t *tgoff; /* nentries + 1 */
    const int32_t *tgt;    /* ntgt */
} table_t;

static uint64_t fnv(const char *s, size_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t k = 0; k < n; k++) h = (h ^ (unsigned char)s[k]) * 1099511628211ULL;
    return h;
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
    return x;
}

static int table_view(const char *data, Py_ssize_t size, table_t *t) {
    if (size < (Py_ssize_t)(H_COUNT * 8)) return -1;
    const uint64_t *h = (const uint64_t *)data;
    if (h[H_MAGIC] != MAGIC || (Py_ssize_t)h[H_SIZE] != size) return -1;
    t->h = h;
    t->pool = data + h[H_O_POOL];
    t->voff = (const uint64_t *)(data + h[H_O_VOFF]);
    t->vslot = (const int32_t *)(data + h[H_O_VSLOT]);
    t->ekey = (const uint64_t *)(data + h[H_O_EKEY]);
    t->eval = (const int32_t *)(data + h[H_O_EVAL]);
    t->emoff = (const uint32_t *)(data + h[H_O_EMOFF]);
    t->emit = (const uint32_t *)(data + h[H_O_EMIT]);
    t->tgoff = (const uint64_t *)(data + h[H_O_TGOFF]);
    t->tgt = (const int32_t *)(data + h[H_O_TGT]);
    return 0;
}

static int32_t table_word(const table_t *t, const char *s, size_t n) {
    uint64_t mask = t->h[H_VCAP] - 1, k = fnv(s, n) & mask;
    for (;; k = (k + 1) & mask) {
        int32_t id = t->vslot[k];
        if (id < 0) return -1;
        if (t->voff[id + 1] - t->voff[id] == n && memcmp(t->pool + t->voff[id], s, n) == 0) return id;
    }
}

static int32_t table_child(const table_t *t, int32_t state, int32_t word) {
    uint64_t key = ((uint64_t)(uint32_t)state << 32) | (uint32_t)word;
    uint64_t mask = t->h[H_ECAP] - 1, k = mix(key) & mask;
    for (;; k = (k + 1) & mask) {
        if (t->ekey[k] == UINT64_MAX) return -1;
        if (t->ekey[k] == key) return t->eval[k];
    }
}

/* ---------------------------------------------------------------- building it */

typedef struct { void *p; size_t len, cap, item; } buf_t;

static int buf_push(buf_t *b, const void *x, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n) cap *= 2;
        void *p = realloc(b->p, cap * b->item);
        if (!p) return -1;
        b->p = p;
        b->cap = cap;
    }
    memcpy((char *)b->p + b->len * b->item, x, n * b->item);
    b->len += n;
    return 0;
}

typedef struct {
    buf_t pool, voff;  /* char, uint64 */
    int32_t *vslot; uint64_t vcap;
    uint64_t *ekey; int32_t *eval; uint64_t ecap, nedges;
    int32_t nstates;
} builder_t;

static int vocab_grow(builder_t *b) {
    uint64_t cap = b->vcap ? b->vcap * 2 : (1u << 16), mask = cap - 1;
    int32_t *slot = malloc(cap * sizeof(int32_t));
    if (!slot) return -1;
    memset(slot, 0xff, cap * sizeof(int32_t));
    const uint64_t *off = b->voff.p;
    for (size_t id = 0; id + 1 < b->voff.len; id++) {
        uint64_t k = fnv((char *)b->pool.p + off[id], off[id + 1] - off[id]) & mask;
        while (slot[k] >= 0) k = (k + 1) & mask;
        slot[k] = (int32_t)id;
    }
    free(b->vslot);
    b->vslot = slot;
    b->vcap = cap;
    return 0;
}

static int32_t vocab_map(builder_t *b, const char *s, size_t n) {
    size_t nv = b->voff.len - 1;
    if ((nv + 1) * 2 > b->vcap && vocab_grow(b) < 0) return -2;
    uint64_t mask = b->vcap - 1, k = fnv(s, n) & mask;
    const uint64_t *off = b->voff.p;
    for (;; k = (k + 1) & mask) {
        int32_t id = b->vslot[k];
        if (id < 0) break;
        if (off[id + 1] - off[id] == n && memcmp((char *)b->pool.p + off[id], s, n) == 0) return id;
    }
    if (buf_push(&b->pool, s, n) < 0) return -2;
    uint64_t end = b->pool.len;
    if (buf_push(&b->voff, &end, 1) < 0) return -2;
    b->vslot[k] = (int32_t)nv;
    return (int32_t)nv;
}

static int edges_grow(builder_t *b) {
    uint64_t cap = b->ecap ? b->ecap * 2 : (1u << 16), mask = cap - 1;
    uint64_t *key = malloc(cap * sizeof(uint64_t));
    int32_t *val = malloc(cap * sizeof(int32_t));
    if (!key || !val) { free(key); free(val); return -1; }
    memset(key, 0xff, cap * sizeof(uint64_t));
    memset(val, 0, cap * sizeof(int32_t)); /* the blob's bytes are all defined */
    for (uint64_t k = 0; k < b->ecap; k++) {
        if (b->ekey[k] == UINT64_MAX) continue;
        uint64_t j = mix(b->ekey[k]) & mask;
        while (key[j] != UINT64_MAX) j = (j + 1) & mask;
        key[j] = b->ekey[k];
        val[j] = b->eval[k];
    }
    free(b->ekey); free(b->eval);
    b->ekey = key; b->eval = val; b->ecap = cap;
    return 0;
}

static int32_t edge_walk(builder_t *b, int32_t state, int32_t word) {
    if ((b->nedges + 1) * 2 > b->ecap && edges_grow(b) < 0) return -2;
    uint64_t key = ((uint64_t)(uint32_t)state << 32) | (uint32_t)word;
    uint64_t mask = b->ecap - 1, k = mix(key) & mask;
    for (;; k = (k + 1) & mask) {
        if (b->ekey[k] == key) return b->eval[k];
        if (b->ekey[k] == UINT64_MAX) break;
    }
    b->ekey[k] = key;
    b->eval[k] = b->nstates++;
    b->nedges++;
    return b->eval[k];
}

/* Java's readLine: a line ends at \n, \r or \r\n; NULL at the end of the text. */
static const char *next_line(const char **pos, const char *end, size_t *n) {
    const char *s = *pos, *p = s;
    if (s >= end) return NULL;
    while (p < end && *p != '\n' && *p != '\r') p++;
    *n = (size_t)(p - s);
    if (p < end && *p == '\r') p++, (p < end && *p == '\n') ? p++ : 0;
    else if (p < end) p++;
    *pos = p;
    return s;
}

static int is_delim(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

/* The ids of a line's tokens appended to out; -1 when memory runs out. */
static int tokens_to_ids(builder_t *b, const char *s, size_t n, buf_t *out) {
    size_t k = 0;
    while (k < n) {
        while (k < n && is_delim(s[k])) k++;
        if (k == n) break;
        size_t a = k;
        while (k < n && !is_delim(s[k])) k++;
        int32_t id = vocab_map(b, s + a, k - a);
        if (id < -1 || buf_push(out, &id, 1) < 0) return -1;
    }
    return 0;
}

static size_t align8(size_t x) { return (x + 7) & ~(size_t)7; }

static PyObject *build_table(PyObject *self, PyObject *args) {
    Py_buffer text;
    if (!PyArg_ParseTuple(args, "y*", &text)) return NULL;
    builder_t b = {{0}};
    b.pool.item = 1; b.voff.item = sizeof(uint64_t);
    buf_t src = {NULL, 0, 0, sizeof(int32_t)}, tgt = {NULL, 0, 0, sizeof(int32_t)};
    buf_t tgoff = {NULL, 0, 0, sizeof(uint64_t)}, estate = {NULL, 0, 0, sizeof(int32_t)};
    PyObject *result = NULL;
    uint32_t *emoff = NULL, *emit = NULL;
    int failed = 0;
    uint64_t zero = 0;
    size_t nentries = 0;
    b.nstates = 1; /* the root */
    Py_BEGIN_ALLOW_THREADS
    const char *pos = text.buf, *end = pos + text.len, *line;
    size_t n;
    if (buf_push(&b.voff, &zero, 1) < 0 || buf_push(&tgoff, &zero, 1) < 0 || vocab_grow(&b) < 0 || edges_grow(&b) < 0)
        failed = 1;
    while (!failed && next_line(&pos, end, &n) != NULL) {
        /* the probability line is read and ignored, as the jar does */
        if ((line = next_line(&pos, end, &n)) == NULL) break;
        src.len = 0;
        if (tokens_to_ids(&b, line, n, &src) < 0) { failed = 1; break; }
        if ((line = next_line(&pos, end, &n)) == NULL) line = pos, n = 0;
        if (tokens_to_ids(&b, line, n, &tgt) < 0) { failed = 1; break; }
        uint64_t t_end = tgt.len;
        int32_t state = 0;
        for (size_t k = 0; k < src.len && state >= 0; k++) state = edge_walk(&b, state, ((int32_t *)src.p)[k]);
        if (state < 0 || buf_push(&tgoff, &t_end, 1) < 0 || buf_push(&estate, &state, 1) < 0) { failed = 1; break; }
    }
    nentries = estate.len;
    if (!failed) {
        emoff = calloc((size_t)b.nstates + 1, sizeof(uint32_t));
        emit = malloc((nentries ? nentries : 1) * sizeof(uint32_t));
        if (!emoff || !emit) failed = 1;
    }
    if (!failed) { /* each state's entries, in file order (a stable counting sort) */
        const int32_t *st = estate.p;
        for (size_t e = 0; e < nentries; e++) emoff[st[e] + 1]++;
        for (int32_t s = 0; s < b.nstates; s++) emoff[s + 1] += emoff[s];
        uint32_t *fill = malloc(((size_t)b.nstates + 1) * sizeof(uint32_t));
        if (!fill) failed = 1;
        else {
            memcpy(fill, emoff, ((size_t)b.nstates + 1) * sizeof(uint32_t));
            for (size_t e = 0; e < nentries; e++) emit[fill[st[e]]++] = (uint32_t)e;
            free(fill);
        }
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&text);
    if (failed) { PyErr_NoMemory(); goto done; }
    {
        uint64_t h[H_COUNT] = {0};
        size_t nv = b.voff.len - 1, o = H_COUNT * 8;
        h[H_MAGIC] = MAGIC; h[H_NV] = nv; h[H_POOL] = b.pool.len; h[H_VCAP] = b.vcap; h[H_ECAP] = b.ecap;
        h[H_NSTATES] = (uint64_t)b.nstates; h[H_NENTRIES] = nentries; h[H_NTGT] = tgt.len;
        h[H_O_POOL] = o; o = align8(o + b.pool.len);
        h[H_O_VOFF] = o; o = align8(o + (nv + 1) * 8);
        h[H_O_VSLOT] = o; o = align8(o + b.vcap * 4);
        h[H_O_EKEY] = o; o = align8(o + b.ecap * 8);
        h[H_O_EVAL] = o; o = align8(o + b.ecap * 4);
        h[H_O_EMOFF] = o; o = align8(o + ((size_t)b.nstates + 1) * 4);
        h[H_O_EMIT] = o; o = align8(o + nentries * 4);
        h[H_O_TGOFF] = o; o = align8(o + (nentries + 1) * 8);
        h[H_O_TGT] = o; o = align8(o + tgt.len * 4);
        h[H_SIZE] = o;
        result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)o);
        if (!result) goto done;
        char *d = PyBytes_AS_STRING(result);
        memset(d, 0, o);
        memcpy(d, h, sizeof h);
        if (b.pool.len) memcpy(d + h[H_O_POOL], b.pool.p, b.pool.len);
        memcpy(d + h[H_O_VOFF], b.voff.p, (nv + 1) * 8);
        memcpy(d + h[H_O_VSLOT], b.vslot, b.vcap * 4);
        memcpy(d + h[H_O_EKEY], b.ekey, b.ecap * 8);
        memcpy(d + h[H_O_EVAL], b.eval, b.ecap * 4);
        memcpy(d + h[H_O_EMOFF], emoff, ((size_t)b.nstates + 1) * 4);
        if (nentries) memcpy(d + h[H_O_EMIT], emit, nentries * 4);
        memcpy(d + h[H_O_TGOFF], tgoff.p, (nentries + 1) * 8);
        if (tgt.len) memcpy(d + h[H_O_TGT], tgt.p, tgt.len * 4);
    }
done:
    free(b.pool.p); free(b.voff.p); free(b.vslot); free(b.ekey); free(b.eval);
    free(src.p); free(tgt.p); free(tgoff.p); free(estate.p); free(emoff); free(emit);
    return result;
}

static int get_table(PyObject *obj, Py_buffer *view, table_t *t) {
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0) return -1;
    if (table_view(view->buf, view->len, t) < 0) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "Meteor: not a paraphrase table built by build_table");
        return -1;
    }
    return 0;
}

static PyObject *word_ids(PyObject *self, PyObject *args) {
    PyObject *blob, *words;
    if (!PyArg_ParseTuple(args, "OO!", &blob, &PyList_Type, &words)) return NULL;
    Py_buffer view;
    table_t t;
    if (get_table(blob, &view, &t) < 0) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(words);
    PyObject *out = PyList_New(n);
    for (Py_ssize_t k = 0; out && k < n; k++) {
        PyObject *w = PyList_GET_ITEM(words, k);
        Py_ssize_t len;
        if (!PyUnicode_Check(w)) {
            PyErr_SetString(PyExc_TypeError, "Meteor: word_ids needs a list of str");
            Py_CLEAR(out);
            break;
        }
        const char *s = PyUnicode_AsUTF8AndSize(w, &len);
        if (s == NULL) { /* a lone surrogate: never in the table, which Java read as UTF-8 */
            PyErr_Clear();
            PyList_SET_ITEM(out, k, PyLong_FromLong(-1));
            continue;
        }
        PyList_SET_ITEM(out, k, PyLong_FromLong(table_word(&t, s, (size_t)len)));
    }
    PyBuffer_Release(&view);
    return out;
}

/* ---------------------------------------------------------------- the aligner */

typedef struct { int32_t start, length, mstart, mlength, module; } match_t;

enum { NMOD = 4, BEAM = 40 };
#define BLOOM_WORDS 64
#define SYN_MEMO (1 << 14)
#define ROOT_UNKNOWN INT32_MIN /* trie_paths: look the first word's state up */
static const double ALIGN_W[NMOD] = {1.0, 0.5, 0.5, 0.5};

/* A partial alignment: the fixed fields, then matches[n2] (int32 match numbers, -1 none),
 * used1[n1] and used2[n2] (bytes), in one block of path_bytes. */
typedef struct { int32_t matches1, matches2, chunks, idx, last_end, distance; } path_t;

typedef struct {
    match_t *m; size_t nm, capm;
    int32_t *first, *count, *cov1, *cov2;   /* by reference start; coverage */
    int32_t *l1, *l2;                       /* per-position paraphrase ids */
    int64_t *idx1, *idx2;                   /* the positions by id (index_line) */
    char *arena[2]; size_t cap_arena[2];
    path_t **list[2], **tmp; size_t cap_list[2], cap_tmp;
    match_t *sorted; size_t cap_sorted;
    int32_t *paths; size_t cap_paths;
    size_t cap_pos;
    uint64_t bloom1[BLOOM_WORDS], bloom2[BLOOM_WORDS]; /* the lines' paraphrase ids */
    uint64_t *syn_memo;                     /* SYN_MEMO answers of syn_share (syn_shared) */
} work_t;

static int grow(void **p, size_t *cap, size_t need, size_t item) {
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * item);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

static int add_match(work_t *w, int32_t module, int32_t start, int32_t length, int32_t mstart, int32_t mlength) {
    if (grow((void **)&w->m, &w->capm, w->nm + 1, sizeof(match_t)) < 0) return -1;
    match_t *m = &w->m[w->nm++];
    m->module = module; m->start = start; m->length = length; m->mstart = mstart; m->mlength = mlength;
    for (int32_t k = 0; k < mlength; k++) w->cov1[mstart + k]++;
    for (int32_t k = 0; k < length; k++) w->cov2[start + k]++;
    return 0;
}

static int syn_share(const int32_t *syn, const int64_t *off, int32_t a, int32_t b) {
    const int32_t *x = syn + off[a], *xe = syn + off[a + 1], *y = syn + off[b], *ye = syn + off[b + 1];
    while (x < xe && y < ye) {
        if (*x == *y) return 1;
        if (*x < *y) x++; else y++;
    }
    return 0;
}

/* ParaphraseTransducer.getPaths: (length, entry) pairs of the source phrases starting at
 * words[start], shortest first, each state's entries in file order; with heads (each
 * emit slot's first target word, -1 for an empty target: emit_heads) and a bloom filter of
 * the other line's words, the entries whose target cannot start in the other line are left
 * out (they match nowhere; the order of the others is kept). */
#define BLOOM_HAS(b, x) ((b)[((uint32_t)(x) >> 6) & (BLOOM_WORDS - 1)] & (1ULL << ((uint32_t)(x) & 63)))
static int trie_paths(work_t *w, const table_t *t, const int32_t *heads, const uint64_t *bloom, const int32_t *words,
                      int32_t root, int32_t n, int32_t start, size_t *np) {
    int32_t state = 0;
    *np = 0;
    for (int32_t i = 0; i < n - start; i++) {
        if (i == 0 && root != ROOT_UNKNOWN) state = root;
        else if (words[start + i] < 0) break;
        else state = table_child(t, state, words[start + i]);
        if (state < 0) break;
        uint32_t a = t->emoff[state], b = t->emoff[state + 1];
        if (grow((void **)&w->paths, &w->cap_paths, *np + 2 * (size_t)(b - a), sizeof(int32_t)) < 0) return -1;
        for (uint32_t e = a; e < b; e++) {
            if (heads && heads[e] >= 0 && !BLOOM_HAS(bloom, heads[e])) continue;
            w->paths[(*np)++] = i + 1;
            w->paths[(*np)++] = (int32_t)t->emit[e];
        }
    }
    return 0;
}

static void bloom_line(uint64_t *bloom, const int32_t *line, int32_t n) {
    memset(bloom, 0, BLOOM_WORDS * sizeof(uint64_t));
    for (int32_t i = 0; i < n; i++)
        if (line[i] >= 0) bloom[((uint32_t)line[i] >> 6) & (BLOOM_WORDS - 1)] |= 1ULL << ((uint32_t)line[i] & 63);
}

/* The positions of a line sorted by (word id, position), so that a phrase is tried only
 * where its first word stands (the jar tries every position; the matches found, and their
 * order, are the same: ascending positions). */
static int cmp_pos(const void *a, const void *b) {
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static void index_line(int64_t *idx, const int32_t *line, int32_t n) {
    for (int32_t i = 0; i < n; i++) idx[i] = ((int64_t)line[i] << 32) | (uint32_t)i;
    qsort(idx, (size_t)n, sizeof(int64_t), cmp_pos);
}

/* The first index of idx[0..n) whose word id is word (n when none). */
static int32_t first_of(const int64_t *idx, int32_t n, int32_t word) {
    int32_t lo = 0, hi = n;
    int64_t key = (int64_t)word << 32;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (idx[mid] < key) lo = mid + 1; else hi = mid;
    }
    return (lo < n && (int32_t)(idx[lo] >> 32) == word) ? lo : n;
}

static int phrase_at(const table_t *t, uint32_t entry, const int32_t *line, int32_t n, int32_t at) {
    uint64_t a = t->tgoff[entry], b = t->tgoff[entry + 1];
    for (uint64_t k = a; k < b; k++) {
        int32_t pos = at + (int32_t)(k - a);
        if (pos == n || line[pos] != t->tgt[k]) return 0;
    }
    return 1;
}

typedef struct {
    const table_t *t;
    const int32_t *hash, *stem, *para, *func, *syn;
    const int64_t *syn_off;
    const uint64_t *syn_sig; /* per word: one bit per synset (a hash of it); 0 without synsets */
    const int32_t *heads;    /* per emit slot: its target's first word, -1 if empty; or NULL */
    const int32_t *roots;    /* per word: its state under the trie's root, -1 none (root_states); or NULL */
} words_t;

static int compare(const path_t *x, const path_t *y) {
    int32_t diff = (y->matches1 + y->matches2) - (x->matches1 + x->matches2);
    if (diff > 0) return 1;
    if (diff < 0) return -1;
    if (x->chunks != y->chunks) return x->chunks - y->chunks;
    return x->distance - y->distance;
}

/* A stable merge sort of n paths (Collections.sort's order for a consistent comparator). */
static void sort_paths(path_t **a, path_t **tmp, size_t n) {
    if (n < 2) return;
    if (n <= 12) {
        for (size_t i = 1; i < n; i++) {
            path_t *x = a[i];
            size_t j = i;
            while (j > 0 && compare(a[j - 1], x) > 0) { a[j] = a[j - 1]; j--; }
            a[j] = x;
        }
        return;
    }
    size_t h = n / 2;
    sort_paths(a, tmp, h);
    sort_paths(a + h, tmp, n - h);
    if (compare(a[h - 1], a[h]) <= 0) return;
    memcpy(tmp, a, h * sizeof(path_t *));
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n) a[k++] = compare(a[j], tmp[i]) < 0 ? a[j++] : tmp[i++];
    while (i < h) a[k++] = tmp[i++];
}

/* syn_share of two word numbers, remembered in a direct-mapped table: the same pairs of
 * common words meet again and again in a corpus. An entry is the pair's key (a < 2^31 in
 * the high half, b in the low) with the answer in the top bit; all ones is empty. */
static int syn_shared(work_t *w, const words_t *ws, int32_t a, int32_t b) {
    uint64_t key = ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
    uint64_t *slot = &w->syn_memo[mix(key) & (SYN_MEMO - 1)];
    if ((*slot & ~(1ULL << 63)) == key) return (int)(*slot >> 63);
    int share = syn_share(ws->syn, ws->syn_off, a, b);
    *slot = key | ((uint64_t)share << 63);
    return share;
}

#define PM(p) ((int32_t *)((char *)(p) + sizeof(path_t)))
#define PU1(p, n2) ((char *)(p) + sizeof(path_t) + 4 * (size_t)(n2))
#define PU2(p, n1, n2) (PU1(p, n2) + (n1))

/* One (hypothesis, reference) pair's 23 statistics; -1 when memory runs out. */
static int align_pair(work_t *w, const words_t *ws, const int32_t *hyp, int32_t n1, const int32_t *ref, int32_t n2,
                      int64_t *row) {
    size_t npos = (size_t)(n1 > n2 ? n1 : n2) + 1;
    if (npos > w->cap_pos) {
        int32_t **arrs[] = {&w->first, &w->count, &w->cov1, &w->cov2, &w->l1, &w->l2};
        for (int k = 0; k < 6; k++) {
            void *q = realloc(*arrs[k], npos * 2 * sizeof(int32_t));
            if (!q) return -1;
            *arrs[k] = q;
        }
        int64_t **idxs[] = {&w->idx1, &w->idx2};
        for (int k = 0; k < 2; k++) {
            void *q = realloc(*idxs[k], npos * 2 * sizeof(int64_t));
            if (!q) return -1;
            *idxs[k] = q;
        }
        w->cap_pos = npos * 2;
    }
    memset(w->cov1, 0, (size_t)n1 * 4);
    memset(w->cov2, 0, (size_t)n2 * 4);
    w->nm = 0;
    const int32_t *H = ws->hash;
    int identical = n1 == n2;
    for (int32_t k = 0; identical && k < n1; k++) identical = H[hyp[k]] == H[ref[k]];
    int mods = identical ? 1 : NMOD;

    for (int32_t j = 0; j < n2; j++)
        for (int32_t i = 0; i < n1; i++)
            if (H[hyp[i]] == H[ref[j]] && add_match(w, 0, j, 1, i, 1) < 0) return -1;
    if (mods > 1) {
        for (int32_t j = 0; j < n2; j++)
            for (int32_t i = 0; i < n1; i++)
                if (ws->stem[hyp[i]] == ws->stem[ref[j]] && H[hyp[i]] != H[ref[j]] && add_match(w, 1, j, 1, i, 1) < 0)
                    return -1;
        for (int32_t j = 0; j < n2; j++)
            for (int32_t i = 0; i < n1; i++)
                if ((ws->syn_sig[hyp[i]] & ws->syn_sig[ref[j]]) && H[hyp[i]] != H[ref[j]] &&
                    syn_shared(w, ws, hyp[i], ref[j]) &&
                    add_match(w, 2, j, 1, i, 1) < 0)
                    return -1;
        for (int32_t i = 0; i < n1; i++) w->l1[i] = ws->para[hyp[i]];
        for (int32_t j = 0; j < n2; j++) w->l2[j] = ws->para[ref[j]];
        index_line(w->idx1, w->l1, n1);
        index_line(w->idx2, w->l2, n2);
        bloom_line(w->bloom1, w->l1, n1);
        bloom_line(w->bloom2, w->l2, n2);
        size_t np;
        for (int32_t j = 0; j < n2; j++) {
            int32_t root = ws->roots ? ws->roots[ref[j]] : ROOT_UNKNOWN;
            if (trie_paths(w, ws->t, ws->heads, w->bloom1, w->l2, root, n2, j, &np) < 0) return -1;
            for (size_t p = 0; p < np; p += 2) {
                uint32_t e = (uint32_t)w->paths[p + 1];
                int32_t len = (int32_t)(ws->t->tgoff[e + 1] - ws->t->tgoff[e]);
                if (len == 0) {
                    for (int32_t i = 0; i < n1; i++)
                        if (add_match(w, 3, j, w->paths[p], i, len) < 0) return -1;
                    continue;
                }
                int32_t head = ws->t->tgt[ws->t->tgoff[e]];
                for (int32_t q = first_of(w->idx1, n1, head); q < n1 && (int32_t)(w->idx1[q] >> 32) == head; q++) {
                    int32_t i = (int32_t)(w->idx1[q] & 0xffffffff);
                    if (phrase_at(ws->t, e, w->l1, n1, i) && add_match(w, 3, j, w->paths[p], i, len) < 0) return -1;
                }
            }
        }
        for (int32_t i = 0; i < n1; i++) {
            int32_t root = ws->roots ? ws->roots[hyp[i]] : ROOT_UNKNOWN;
            if (trie_paths(w, ws->t, ws->heads, w->bloom2, w->l1, root, n1, i, &np) < 0) return -1;
            for (size_t p = 0; p < np; p += 2) {
                uint32_t e = (uint32_t)w->paths[p + 1];
                int32_t len = (int32_t)(ws->t->tgoff[e + 1] - ws->t->tgoff[e]);
                if (len == 0) {
                    for (int32_t j = 0; j < n2; j++)
                        if (add_match(w, 3, j, len, i, w->paths[p]) < 0) return -1;
                    continue;
                }
                int32_t head = ws->t->tgt[ws->t->tgoff[e]];
                for (int32_t q = first_of(w->idx2, n2, head); q < n2 && (int32_t)(w->idx2[q] >> 32) == head; q++) {
                    int32_t j = (int32_t)(w->idx2[q] & 0xffffffff);
                    if (phrase_at(ws->t, e, w->l2, n2, j) && add_match(w, 3, j, len, i, w->paths[p]) < 0) return -1;
                }
            }
        }
    }
    /* the candidates by reference start, in the order found (a stable counting sort) */
    memset(w->count, 0, (size_t)(n2 + 1) * 4);
    for (size_t k = 0; k < w->nm; k++) w->count[w->m[k].start + 1]++;
    for (int32_t j = 0; j < n2; j++) w->count[j + 1] += w->count[j];
    memcpy(w->first, w->count, (size_t)(n2 + 1) * 4);
    if (grow((void **)&w->sorted, &w->cap_sorted, w->nm + 1, sizeof(match_t)) < 0) return -1;
    for (size_t k = 0; k < w->nm; k++) w->sorted[w->count[w->m[k].start]++] = w->m[k];
    const match_t *M = w->sorted;
    const int32_t *first = w->first;

    size_t pb = (sizeof(path_t) + 4 * (size_t)n2 + (size_t)n1 + (size_t)n2 + 7) & ~(size_t)7;
    /* the start path with the definite matches */
    if (grow((void **)&w->arena[0], &w->cap_arena[0], pb, 1) < 0) return -1;
    path_t *start = (path_t *)w->arena[0];
    memset(start, 0, pb);
    start->last_end = -1;
    for (int32_t j = 0; j < n2; j++) PM(start)[j] = -1;
    for (int32_t j = 0; j < n2; j++) {
        if (first[j + 1] - first[j] != 1) continue;
        const match_t *m = &M[first[j]];
        int overlap = 0;
        for (int32_t k = 0; k < m->length; k++) overlap |= w->cov2[j + k] != 1;
        for (int32_t k = 0; k < m->mlength; k++) overlap |= w->cov1[m->mstart + k] != 1;
        if (overlap) continue;
        PM(start)[j] = first[j];
        for (int32_t k = 0; k < m->length; k++) PU2(start, n1, n2)[j + k] = 1;
        for (int32_t k = 0; k < m->mlength; k++) PU1(start, n2)[m->mstart + k] = 1;
    }
    if (grow((void **)&w->list[0], &w->cap_list[0], 1, sizeof(path_t *)) < 0) return -1;
    w->list[0][0] = start;
    size_t ncur = 1;
    int cur = 0;
    for (int32_t current = 0; current <= n2; current++) {
        path_t **paths = w->list[cur];
        if (grow((void **)&w->tmp, &w->cap_tmp, ncur, sizeof(path_t *)) < 0) return -1;
        sort_paths(paths, w->tmp, ncur);
        size_t ranks = ncur < BEAM ? ncur : BEAM, need = 0;
        for (size_t r = 0; r < ranks; r++) {
            const path_t *p = paths[r];
            need += 1;
            if (current < n2 && !PU2(p, n1, n2)[current]) need += (size_t)(first[current + 1] - first[current]);
        }
        int nx = 1 - cur;
        if (grow((void **)&w->arena[nx], &w->cap_arena[nx], (need + 1) * pb, 1) < 0 ||
            grow((void **)&w->list[nx], &w->cap_list[nx], need + 1, sizeof(path_t *)) < 0)
            return -1;
        paths = w->list[cur]; /* (the other list may have moved, not this one) */
        size_t nnext = 0;
        char *slot = w->arena[nx];
#define PUSH(src) \
    do { \
        path_t *q_ = (path_t *)(slot + nnext * pb); \
        memcpy(q_, (src), pb); \
        w->list[nx][nnext++] = q_; \
    } while (0)
        for (size_t r = 0; r < ranks; r++) {
            path_t *p = paths[r];
            if (current == n2) {
                if (p->last_end != -1) p->chunks++;
                PUSH(p);
                continue;
            }
            char *u1 = PU1(p, n2), *u2 = PU2(p, n1, n2);
            if (u2[current]) {
                if (current < p->idx) PUSH(p);
                else if (PM(p)[p->idx] >= 0) {
                    const match_t *m = &M[PM(p)[p->idx]];
                    p->matches1 = (int32_t)((double)p->matches1 + m->mlength * ALIGN_W[m->module]);
                    p->matches2 = (int32_t)((double)p->matches2 + m->length * ALIGN_W[m->module]);
                    if (p->last_end != -1 && m->mstart != p->last_end) p->chunks++;
                    p->idx = m->start + m->length;
                    p->last_end = m->mstart + m->mlength;
                    p->distance += abs(m->start - m->mstart);
                    PUSH(p);
                }
                continue;
            }
            for (int32_t k = first[current]; k < first[current + 1]; k++) {
                const match_t *m = &M[k];
                int used = 0;
                for (int32_t q = 0; q < m->length && !used; q++) used = u2[m->start + q];
                for (int32_t q = 0; q < m->mlength && !used; q++) used = u1[m->mstart + q];
                if (used) continue;
                PUSH(p);
                path_t *np = w->list[nx][nnext - 1];
                for (int32_t q = 0; q < m->length; q++) PU2(np, n1, n2)[m->start + q] = 1;
                for (int32_t q = 0; q < m->mlength; q++) PU1(np, n2)[m->mstart + q] = 1;
                PM(np)[current] = k;
                np->matches1 = (int32_t)((double)np->matches1 + m->mlength * ALIGN_W[m->module]);
                np->matches2 = (int32_t)((double)np->matches2 + m->length * ALIGN_W[m->module]);
                if (np->last_end != -1 && m->mstart != np->last_end) np->chunks++;
                np->idx = m->start + m->length;
                np->last_end = m->mstart + m->mlength;
                p->distance += abs(m->start - m->mstart); /* sic: the extended path, as the jar */
            }
            if (p->last_end != -1) {
                p->chunks++;
                p->last_end = -1;
            }
            p->idx++;
            PUSH(p);
        }
        if (nnext == 0) PUSH(paths[0]); /* the jar's "unexpected conditions" fallback */
#undef PUSH
        cur = nx;
        ncur = nnext;
    }
    if (grow((void **)&w->tmp, &w->cap_tmp, ncur, sizeof(path_t *)) < 0) return -1;
    sort_paths(w->list[cur], w->tmp, ncur);
    const path_t *best = w->list[cur][0];

    /* the statistics (Aligner.align's sums, getCountAndChunks, MeteorScorer's row) */
    int64_t c1[NMOD] = {0}, c2[NMOD] = {0}, f1[NMOD] = {0}, f2[NMOD] = {0}, fw1 = 0, fw2 = 0;
    for (int32_t i = 0; i < n1; i++) fw1 += ws->func[hyp[i]] != 0;
    for (int32_t j = 0; j < n2; j++) fw2 += ws->func[ref[j]] != 0;
    for (int32_t j = 0; j < n2; j++) {
        if (PM(best)[j] < 0) continue;
        const match_t *m = &M[PM(best)[j]];
        for (int32_t k = 0; k < m->mlength; k++) {
            if (ws->func[hyp[m->mstart + k]]) f1[m->module]++; else c1[m->module]++;
        }
        for (int32_t k = 0; k < m->length; k++) {
            if (ws->func[ref[m->start + k]]) f2[m->module]++; else c2[m->module]++;
        }
    }
    int64_t chunks = 0;
    int32_t idx = 0, last = -1;
    while (idx < n2) {
        int32_t k = PM(best)[idx];
        if (k < 0) {
            if (last != -1) { chunks++; last = -1; }
            idx++;
        } else {
            const match_t *m = &M[k];
            if (last != -1 && m->mstart != last) chunks++;
            idx = m->start + m->length;
            last = m->mstart + m->mlength;
        }
    }
    if (last != -1) chunks++;
    row[0] = n1; row[1] = n2; row[2] = fw1; row[3] = fw2;
    int64_t t1 = 0, t2 = 0;
    for (int s = 0; s < NMOD; s++) {
        row[4 + 4 * s] = c1[s]; row[5 + 4 * s] = c2[s]; row[6 + 4 * s] = f1[s]; row[7 + 4 * s] = f2[s];
        t1 += c1[s] + f1[s];
        t2 += c2[s] + f2[s];
    }
    row[20] = chunks; row[21] = t1; row[22] = t2;
    return 0;
}

static void work_free(work_t *w) {
    free(w->m); free(w->first); free(w->count); free(w->cov1); free(w->cov2); free(w->l1); free(w->l2);
    free(w->arena[0]); free(w->arena[1]); free(w->list[0]); free(w->list[1]); free(w->tmp); free(w->sorted);
    free(w->paths); free(w->idx1); free(w->idx2); free(w->syn_memo);
}

static int get_buf(PyObject *obj, Py_buffer *v, Py_ssize_t item, const char *name) {
    if (PyObject_GetBuffer(obj, v, PyBUF_SIMPLE) < 0) return -1;
    if (v->len % item) {
        PyBuffer_Release(v);
        PyErr_Format(PyExc_ValueError, "Meteor: %s is not a buffer of %zd-byte items", name, item);
        return -1;
    }
    return 0;
}

/* emit_heads(blob) -> bytes: for each emit slot (the table's entries state by state), the
 * first word id of its target phrase, -1 when the target is empty: what align_rows reads
 * to skip, without touching the entry, an entry whose target cannot start in the other line. */
static PyObject *emit_heads(PyObject *self, PyObject *blob) {
    Py_buffer view;
    table_t t;
    if (get_table(blob, &view, &t) < 0) return NULL;
    size_t n = (size_t)t.h[H_NENTRIES];
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 4));
    if (out) {
        int32_t *heads = (int32_t *)PyBytes_AS_STRING(out);
        Py_BEGIN_ALLOW_THREADS
        for (size_t s = 0; s < n; s++) {
            uint32_t e = t.emit[s];
            heads[s] = t.tgoff[e + 1] > t.tgoff[e] ? t.tgt[t.tgoff[e]] : -1;
        }
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&view);
    return out;
}

/* root_states(blob, para_ids) -> bytes: int32 per id, the trie state its word reaches
 * from the root (-1: no source phrase starts with it, or the id is -1). */
static PyObject *root_states(PyObject *self, PyObject *args) {
    PyObject *blob, *ids;
    if (!PyArg_ParseTuple(args, "OO", &blob, &ids)) return NULL;
    Py_buffer view, iv;
    table_t t;
    if (get_table(blob, &view, &t) < 0) return NULL;
    if (get_buf(ids, &iv, 4, "para_ids") < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t n = iv.len / 4;
    PyObject *out = PyBytes_FromStringAndSize(NULL, n * 4);
    if (out) {
        const int32_t *id = iv.buf;
        int32_t *root = (int32_t *)PyBytes_AS_STRING(out);
        for (Py_ssize_t k = 0; k < n; k++) root[k] = id[k] < 0 ? -1 : table_child(&t, 0, id[k]);
    }
    PyBuffer_Release(&iv);
    PyBuffer_Release(&view);
    return out;
}

static PyObject *align_rows(PyObject *self, PyObject *args) {
    PyObject *o[9], *heads_obj = NULL, *roots_obj = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO|OO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7], &o[8],
                          &heads_obj, &roots_obj))
        return NULL;
    Py_buffer hv = {0}, rv = {0};
    int got_heads = 0, got_roots = 0;
    static const char *names[9] = {"table", "hashes", "stem_hashes", "para_ids", "function", "syn_off", "syn",
                                   "tokens", "pairs"};
    static const Py_ssize_t items[9] = {1, 4, 4, 4, 4, 8, 4, 4, 8};
    Py_buffer v[9];
    int got = 0;
    PyObject *result = NULL;
    table_t t;
    if (get_table(o[0], &v[0], &t) < 0) return NULL;
    for (got = 1; got < 9; got++)
        if (get_buf(o[got], &v[got], items[got], names[got]) < 0) goto done;
    if (heads_obj != NULL && heads_obj != Py_None) {
        if (get_buf(heads_obj, &hv, 4, "heads") < 0) goto done;
        got_heads = 1;
        if ((uint64_t)(hv.len / 4) != t.h[H_NENTRIES]) {
            PyErr_SetString(PyExc_ValueError, "Meteor: the heads are not the table's (emit_heads)");
            goto done;
        }
    }
    if (roots_obj != NULL && roots_obj != Py_None) {
        if (get_buf(roots_obj, &rv, 4, "roots") < 0) goto done;
        got_roots = 1;
        const int32_t *r = rv.buf;
        for (Py_ssize_t k = 0; k < rv.len / 4; k++)
            if (r[k] < -1 || (uint64_t)(r[k] + 1) > t.h[H_NSTATES]) {
                PyErr_SetString(PyExc_ValueError, "Meteor: a root is not a state of the table (root_states)");
                goto done;
            }
    }
    Py_ssize_t nw = v[1].len / 4, nsyn = v[6].len / 4, ntok = v[7].len / 4, npairs = v[8].len / 32;
    const int64_t *syn_off = v[5].buf, *pairs = v[8].buf;
    const int32_t *tokens = v[7].buf;
    if (v[2].len / 4 != nw || v[3].len / 4 != nw || v[4].len / 4 != nw || v[5].len / 8 != nw + 1 || v[8].len % 32 ||
        (got_roots && rv.len / 4 != nw)) {
        PyErr_SetString(PyExc_ValueError, "Meteor: the word arrays disagree in length");
        goto done;
    }
    for (Py_ssize_t k = 0; k < nw; k++)
        if (syn_off[k] < 0 || syn_off[k] > syn_off[k + 1] || syn_off[k + 1] > nsyn) {
            PyErr_SetString(PyExc_ValueError, "Meteor: inconsistent synonym offsets");
            goto done;
        }
    for (Py_ssize_t k = 0; k < ntok; k++)
        if (tokens[k] < 0 || tokens[k] >= nw) {
            PyErr_SetString(PyExc_ValueError, "Meteor: a token is not a word number");
            goto done;
        }
    for (Py_ssize_t k = 0; k < npairs; k++) {
        const int64_t *p = pairs + 4 * k;
        if (p[0] < 0 || p[1] < 0 || p[2] < 0 || p[3] < 0 || p[0] + p[1] > ntok || p[2] + p[3] > ntok ||
            p[1] > INT32_MAX / 8 || p[3] > INT32_MAX / 8) {
            PyErr_SetString(PyExc_ValueError, "Meteor: a pair's tokens are out of range");
            goto done;
        }
    }
    result = PyBytes_FromStringAndSize(NULL, npairs * 23 * 8);
    if (!result) goto done;
    {
        int64_t *rows = (int64_t *)PyBytes_AS_STRING(result);
        /* two words share a synset only if their signatures share a bit */
        uint64_t *sig = malloc((size_t)(nw ? nw : 1) * sizeof(uint64_t));
        if (!sig) {
            Py_CLEAR(result);
            PyErr_NoMemory();
            goto done;
        }
        const int32_t *syn = v[6].buf;
        for (Py_ssize_t k = 0; k < nw; k++) {
            sig[k] = 0;
            for (int64_t q = syn_off[k]; q < syn_off[k + 1]; q++) sig[k] |= 1ULL << (mix((uint64_t)(uint32_t)syn[q]) & 63);
        }
        words_t ws = {&t, v[1].buf, v[2].buf, v[3].buf, v[4].buf, v[6].buf, syn_off, sig,
                      got_heads ? (const int32_t *)hv.buf : NULL, got_roots ? (const int32_t *)rv.buf : NULL};
        work_t w;
        memset(&w, 0, sizeof w);
        int failed = (w.syn_memo = malloc(SYN_MEMO * sizeof(uint64_t))) == NULL;
        if (!failed) memset(w.syn_memo, 0xff, SYN_MEMO * sizeof(uint64_t));
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t k = 0; k < npairs && !failed; k++) {
            const int64_t *p = pairs + 4 * k;
            failed = align_pair(&w, &ws, tokens + p[0], (int32_t)p[1], tokens + p[2], (int32_t)p[3], rows + 23 * k) < 0;
        }
        Py_END_ALLOW_THREADS
        work_free(&w);
        free(sig);
        if (failed) {
            Py_CLEAR(result);
            PyErr_NoMemory();
        }
    }
done:
    for (int k = 0; k < got; k++) PyBuffer_Release(&v[k]);
    if (got_heads) PyBuffer_Release(&hv);
    if (got_roots) PyBuffer_Release(&rv);
    return result;
}

/* Java's String.hashCode of each str (UTF-16 code units, 32-bit wrap-around). */
static PyObject *java_hashes(PyObject *self, PyObject *arg) {
    if (!PyList_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "Meteor: java_hashes needs a list of str");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(arg);
    PyObject *out = PyBytes_FromStringAndSize(NULL, n * 4);
    if (!out) return NULL;
    int32_t *h = (int32_t *)PyBytes_AS_STRING(out);
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *s = PyList_GET_ITEM(arg, k);
        if (!PyUnicode_Check(s)) {
            Py_DECREF(out);
            PyErr_SetString(PyExc_TypeError, "Meteor: java_hashes needs a list of str");
            return NULL;
        }
        uint32_t x = 0;
        Py_ssize_t len = PyUnicode_GET_LENGTH(s);
        int kind = PyUnicode_KIND(s);
        const void *data = PyUnicode_DATA(s);
        for (Py_ssize_t i = 0; i < len; i++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, i);
            if (c >= 0x10000) {
                c -= 0x10000;
                x = 31 * x + (0xD800 + (c >> 10));
                x = 31 * x + (0xDC00 + (c & 0x3FF));
            } else
                x = 31 * x + c;
        }
        h[k] = (int32_t)x;
    }
    return out;
}

/* ---------------------------------------------------------------- the -norm text layer */

/* normalize_lines(texts, prefixes) -> list of (str or None): for each text, the line
 * bleuprint.metrics.meteor.normalize.normalize gives for java_trim(text) (the jar's
 * Normalizer.normalizeLine with punctuation kept, then String.toLowerCase, which is
 * Python's str.lower), or None where the text needs the rarely used steps this port leaves
 * to the Python module: the escaping of runs of dots (the line holds ".." or "DOTMULTI."
 * after step 1, or "DOTMULTI" after step 8). Steps and their numbers are normalize.py's;
 * each regular expression there is a fixed three-character pattern, matched here as
 * re.sub matches it: leftmost first, non-overlapping, left to right. prefixes is
 * normalize's table of nonbreaking prefixes (str -> "numeric" or "any"). */

typedef struct { Py_UCS4 *p; size_t n, cap; } ubuf_t;

static int ub_reserve(ubuf_t *b, size_t need) {
    if (need <= b->cap) return 0;
    size_t c = b->cap ? b->cap : 256;
    while (c < need) c *= 2;
    Py_UCS4 *q = realloc(b->p, c * sizeof(Py_UCS4));
    if (!q) return -1;
    b->p = q;
    b->cap = c;
    return 0;
}

static inline int is_alpha(Py_UCS4 c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == 0x160 || c == 0x17d || c == 0x161 ||
           c == 0x17e || c == 0x178 || (c >= 0xc0 && c <= 0xd6) || (c >= 0xd8 && c <= 0xf6) ||
           (c >= 0xf8 && c <= 0x17e) || (c >= 0x400 && c <= 0x4ff) || (c >= 0x500 && c <= 0x527) ||
           (c >= 0xa640 && c <= 0xa66e) || (c >= 0xa67e && c <= 0xa697) || (c >= 0x1d00 && c <= 0x1d7f);
}
static inline int is_digit(Py_UCS4 c) { return c >= '0' && c <= '9'; }
static inline int is_alnum(Py_UCS4 c) { return is_digit(c) || is_alpha(c); }
static inline int is_java_space(Py_UCS4 c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0b || c == '\f' || c == '\r';
}
static inline int is_tok_delim(Py_UCS4 c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
static inline int is_white(Py_UCS4 c) {
    return c == ' ' || (c >= 0x2000 && c <= 0x200a) || c == 0x202f || c == 0x205f || c == 0x3000 || c == 0xa0;
}

/* the character classes of the three-character patterns */
enum { C_NOT_DIGIT, C_DIGIT, C_ALNUM_DOT, C_ALNUM, C_NOT_ALPHA, C_ALPHA, C_NOT_ALNUM, C_S };

static inline int in_class(int k, Py_UCS4 c) {
    switch (k) {
    case C_NOT_DIGIT: return !is_digit(c);
    case C_DIGIT: return is_digit(c);
    case C_ALNUM_DOT: return c == '.' || is_alnum(c);
    case C_ALNUM: return is_alnum(c);
    case C_NOT_ALPHA: return !is_alpha(c);
    case C_ALPHA: return is_alpha(c);
    case C_NOT_ALNUM: return !is_alnum(c);
    default: return c == 's';
    }
}

static int ub_push(ubuf_t *b, Py_UCS4 c) {
    if (b->n == b->cap && ub_reserve(b, b->n + 1) < 0) return -1;
    b->p[b->n++] = c;
    return 0;
}

static int ub_ascii(ubuf_t *b, const char *s) {
    for (; *s; s++)
        if (ub_push(b, (Py_UCS4)(unsigned char)*s) < 0) return -1;
    return 0;
}

static int ub_has(const ubuf_t *b, Py_UCS4 c) {
    for (size_t i = 0; i < b->n; i++)
        if (b->p[i] == c) return 1;
    return 0;
}

static int ub_find(const ubuf_t *b, const char *s) {
    size_t m = strlen(s);
    for (size_t i = 0; i + m <= b->n; i++) {
        size_t k = 0;
        while (k < m && b->p[i + k] == (Py_UCS4)(unsigned char)s[k]) k++;
        if (k == m) return 1;
    }
    return 0;
}

/* re.sub of (A)mid(B) by "\1" middle "\2", from src to dst. */
static int sub3(const ubuf_t *src, ubuf_t *dst, int a, Py_UCS4 mid, int b, const char *middle) {
    dst->n = 0;
    size_t i = 0, n = src->n;
    const Py_UCS4 *s = src->p;
    while (i < n) {
        if (i + 2 < n && s[i + 1] == mid && in_class(a, s[i]) && in_class(b, s[i + 2])) {
            if (ub_push(dst, s[i]) < 0 || ub_ascii(dst, middle) < 0 || ub_push(dst, s[i + 2]) < 0) return -1;
            i += 3;
        } else {
            if (ub_push(dst, s[i]) < 0) return -1;
            i++;
        }
    }
    return 0;
}

#define SWAP_UB(x, y) do { ubuf_t t_ = (x); (x) = (y); (y) = t_; } while (0)

/* One text's line (module comment); 0 ok, 1 left to Python, -1 error (exception set). */
static int normalize_one(PyObject *text, PyObject *prefixes, ubuf_t *A, ubuf_t *B, PyObject **out) {
    Py_ssize_t len = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t lo = 0, hi = len;
    while (lo < hi && PyUnicode_READ(kind, data, lo) <= ' ') lo++;     /* java_trim */
    while (hi > lo && PyUnicode_READ(kind, data, hi - 1) <= ' ') hi--;
    /* step 1 */
    A->n = 0;
    if (ub_reserve(A, 3 * (size_t)(hi - lo) + 2) < 0) return -1;
    A->p[A->n++] = ' ';
    for (Py_ssize_t i = lo; i < hi; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (is_alnum(c) || is_java_space(c) || c == '.' || c == '\'' || c == '`' || c == ',' || c == '-' ||
            c == 0x2018 || c == 0x2019)
            A->p[A->n++] = c;
        else {
            A->p[A->n++] = ' ';
            A->p[A->n++] = c;
            A->p[A->n++] = ' ';
        }
    }
    A->p[A->n++] = ' ';
    /* step 2: left to Python */
    if (ub_find(A, "..") || ub_find(A, "DOTMULTI.")) return 1;
    /* step 3 */
    if (ub_has(A, ',')) {
        if (sub3(A, B, C_NOT_DIGIT, ',', C_NOT_DIGIT, " , ") < 0) return -1;
        if (sub3(B, A, C_DIGIT, ',', C_NOT_DIGIT, " , ") < 0) return -1;
        if (sub3(A, B, C_NOT_DIGIT, ',', C_DIGIT, " , ") < 0) return -1;
        SWAP_UB(*A, *B);
    }
    /* steps 4 and 5 */
    int quotes = 0, doubles = 0, dashes = 0;
    for (size_t i = 0; i < A->n; i++) {
        Py_UCS4 c = A->p[i];
        if (c == '`' || c == 0x2018 || c == 0x2019) quotes = 1;
        else if (c == 0x201c || c == 0x201d) doubles = 1;
        else if (c == 0x2013 || c == '-') dashes = 1;
    }
    if (quotes)
        for (size_t i = 0; i < A->n; i++)
            if (A->p[i] == '`' || A->p[i] == 0x2018 || A->p[i] == 0x2019) A->p[i] = '\'';
    if (doubles || ub_find(A, "''")) {
        B->n = 0;
        for (size_t i = 0; i < A->n;) {
            Py_UCS4 c = A->p[i];
            if (c == 0x201c || c == 0x201d || (c == '\'' && i + 1 < A->n && A->p[i + 1] == '\'')) {
                if (ub_ascii(B, " \" ") < 0) return -1;
                i += c == '\'' ? 2 : 1;
            } else {
                if (ub_push(B, c) < 0) return -1;
                i++;
            }
        }
        SWAP_UB(*A, *B);
    }
    if (dashes) {
        for (size_t i = 0; i < A->n; i++)
            if (A->p[i] == 0x2013) A->p[i] = '-';
        B->n = 0;
        for (size_t i = 0; i < A->n;) {
            if (A->p[i] == '-' && i + 1 < A->n && A->p[i + 1] == '-') {
                if (ub_push(B, '-') < 0) return -1;
                i += 2;
            } else {
                if (ub_push(B, A->p[i]) < 0) return -1;
                i++;
            }
        }
        SWAP_UB(*A, *B);
        /* step 6 */
        if (ub_has(A, '-')) {
            if (sub3(A, B, C_ALNUM_DOT, '-', C_ALNUM, " ") < 0) return -1;
            SWAP_UB(*A, *B);
        }
    }
    /* step 7 */
    if (ub_has(A, '\'')) {
        if (sub3(A, B, C_NOT_ALPHA, '\'', C_NOT_ALPHA, " ' ") < 0) return -1;
        if (sub3(B, A, C_NOT_ALNUM, '\'', C_ALPHA, " ' ") < 0) return -1;
        if (sub3(A, B, C_ALPHA, '\'', C_NOT_ALPHA, " ' ") < 0) return -1;
        if (sub3(B, A, C_ALPHA, '\'', C_ALPHA, " '") < 0) return -1;
        if (sub3(A, B, C_DIGIT, '\'', C_S, " '") < 0) return -1;
        SWAP_UB(*A, *B);
    }
    /* step 8: the words (StringTokenizer's split), each followed by one space */
    B->n = 0;
    size_t i = 0, n = A->n;
    const Py_UCS4 *s = A->p;
    while (i < n && is_tok_delim(s[i])) i++;
    while (i < n) {
        size_t a = i;
        while (i < n && !is_tok_delim(s[i])) i++;
        size_t b = i;                                    /* the word is s[a..b) */
        while (i < n && is_tok_delim(s[i])) i++;          /* the next word starts at i (i == n: none) */
        int keep = 1;
        if (b - a > 1 && s[b - 1] == '.') {
            int dot = 0, letter = 0;
            for (size_t k = a; k + 1 < b; k++) {
                dot |= s[k] == '.';
                letter |= is_alpha(s[k]);
            }
            if (dot && letter) {
                for (size_t k = a; k < b; k++)
                    if (s[k] != '.' && ub_push(B, s[k]) < 0) return -1;
                if (ub_push(B, ' ') < 0) return -1;
                continue;
            }
            int following_lower = i < n && s[i] >= 'a' && s[i] <= 'z';
            int following_digit = i < n && is_digit(s[i]);
            keep = following_lower;
            if (!keep) {
                PyObject *prefix = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, s + a, (Py_ssize_t)(b - 1 - a));
                if (!prefix) return -1;
                PyObject *found = PyDict_GetItemWithError(prefixes, prefix);
                Py_DECREF(prefix);
                if (!found && PyErr_Occurred()) return -1;
                if (found && PyUnicode_Check(found)) {
                    if (PyUnicode_CompareWithASCIIString(found, "any") == 0) keep = 1;
                    else if (PyUnicode_CompareWithASCIIString(found, "numeric") == 0 && following_digit) keep = 1;
                }
            }
            if (!keep) {
                for (size_t k = a; k + 1 < b; k++)
                    if (ub_push(B, s[k]) < 0) return -1;
                if (ub_ascii(B, " . ") < 0) return -1;
                continue;
            }
        }
        for (size_t k = a; k < b; k++)
            if (ub_push(B, s[k]) < 0) return -1;
        if (ub_push(B, ' ') < 0) return -1;
    }
    /* step 9: left to Python when escapes are there; the spaces collapsed; trimmed */
    if (ub_find(B, "DOTMULTI")) return 1;
    A->n = 0;
    for (size_t k = 0; k < B->n;) {
        if (is_white(B->p[k])) {
            if (ub_push(A, ' ') < 0) return -1;
            while (k < B->n && is_white(B->p[k])) k++;
        } else {
            if (ub_push(A, B->p[k]) < 0) return -1;
            k++;
        }
    }
    size_t x = 0, y = A->n;
    while (x < y && A->p[x] <= ' ') x++;
    while (y > x && A->p[y - 1] <= ' ') y--;
    PyObject *line = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, A->p + x, (Py_ssize_t)(y - x));
    if (!line) return -1;
    *out = PyObject_CallMethod(line, "lower", NULL);
    Py_DECREF(line);
    return *out ? 0 : -1;
}

static PyObject *normalize_lines(PyObject *self, PyObject *args) {
    PyObject *texts, *prefixes;
    if (!PyArg_ParseTuple(args, "O!O!", &PyList_Type, &texts, &PyDict_Type, &prefixes)) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(texts);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    ubuf_t A = {0}, B = {0};
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *t = PyList_GET_ITEM(texts, k), *line = NULL;
        if (!PyUnicode_Check(t)) {
            PyErr_SetString(PyExc_TypeError, "Meteor: normalize_lines needs a list of str");
            goto fail;
        }
        int r = normalize_one(t, prefixes, &A, &B, &line);
        if (r < 0) {
            if (!PyErr_Occurred()) PyErr_NoMemory();
            goto fail;
        }
        if (r == 1) {
            Py_INCREF(Py_None);
            line = Py_None;
        }
        PyList_SET_ITEM(out, k, line);
    }
    free(A.p); free(B.p);
    return out;
fail:
    free(A.p); free(B.p);
    Py_DECREF(out);
    return NULL;
}

/* intern_words(lists) -> (vocab, tokens, offsets): the words of a list of lists of str
 * numbered in order of first appearance; vocab the list of distinct words, tokens the
 * int32 numbers of every word of every list one list after another, offsets the int64
 * start of each list in tokens and the end (len(lists) + 1 values).
 *
 * intern_lines(items) -> (vocab, tokens, offsets): the same for items that are each a list
 * of str (its words) or a str (a -norm line: its words are the pieces between single
 * spaces, "" has none, as line.split(" ") if line else []). Both are intern_items: a
 * word is hashed and compared by its code points where it stands (a word of a line is not
 * made a str to be looked up); a str is made only for each new word of a line. */
typedef struct { int kind; const void *data; Py_ssize_t len; } vword_t;

typedef struct {
    vword_t *w; size_t nw, capw;
    int32_t *slot; uint64_t *hash; size_t cap; /* open addressing: a vocabulary id, -1 empty */
} vtable_t;

static uint64_t cp_hash(int kind, const void *data, Py_ssize_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (Py_ssize_t i = 0; i < n; i++) h = (h ^ (uint64_t)PyUnicode_READ(kind, data, i)) * 1099511628211ULL;
    return mix(h);
}

static int cp_equal(const vword_t *a, int kind, const void *data, Py_ssize_t n) {
    if (a->len != n) return 0;
    if (a->kind == kind) return memcmp(a->data, data, (size_t)n * (size_t)kind) == 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyUnicode_READ(a->kind, a->data, i) != PyUnicode_READ(kind, data, i)) return 0;
    return 1;
}

static int vtable_rehash(vtable_t *v, size_t cap) {
    int32_t *slot = malloc(cap * sizeof(int32_t));
    uint64_t *hash = malloc(cap * sizeof(uint64_t));
    if (!slot || !hash) { free(slot); free(hash); return -1; }
    memset(slot, 0xff, cap * sizeof(int32_t));
    for (size_t k = 0; k < v->cap; k++) {
        if (v->slot[k] < 0) continue;
        size_t q = v->hash[k] & (cap - 1);
        while (slot[q] >= 0) q = (q + 1) & (cap - 1);
        slot[q] = v->slot[k];
        hash[q] = v->hash[k];
    }
    free(v->slot); free(v->hash);
    v->slot = slot; v->hash = hash; v->cap = cap;
    return 0;
}

/* The id of the word of n code points at data (of the given kind): src[a:a+n] of the str
 * src, or src itself when a < 0; added to vocab if new. -1 with an exception on failure. */
static long vtable_id(vtable_t *v, PyObject *vocab, int kind, const void *data, Py_ssize_t n, PyObject *src,
                      Py_ssize_t a) {
    uint64_t h = cp_hash(kind, data, n);
    size_t q = h & (v->cap - 1);
    for (; v->slot[q] >= 0; q = (q + 1) & (v->cap - 1))
        if (v->hash[q] == h && cp_equal(&v->w[v->slot[q]], kind, data, n)) return v->slot[q];
    if (v->nw >= INT32_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "Meteor: too many distinct words");
        return -1;
    }
    PyObject *word = a < 0 ? (Py_INCREF(src), src) : PyUnicode_Substring(src, a, a + n);
    if (!word) return -1;
    int bad = PyList_Append(vocab, word) < 0;
    Py_DECREF(word);
    if (bad) return -1;
    if (grow((void **)&v->w, &v->capw, v->nw + 1, sizeof(vword_t)) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    long id = (long)v->nw;
    v->w[v->nw++] = (vword_t){kind, data, n};
    v->slot[q] = (int32_t)id;
    v->hash[q] = h;
    if (2 * v->nw > v->cap && vtable_rehash(v, 2 * v->cap) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return id;
}

static PyObject *intern_items(PyObject *items, int lines, const char *bad_input) {
    if (!PyList_Check(items)) {
        PyErr_SetString(PyExc_TypeError, bad_input);
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(items), total = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *x = PyList_GET_ITEM(items, k);
        if (PyList_Check(x)) {
            total += PyList_GET_SIZE(x);
        } else if (lines && PyUnicode_Check(x)) {
            Py_ssize_t len = PyUnicode_GET_LENGTH(x);
            int kind = PyUnicode_KIND(x);
            const void *data = PyUnicode_DATA(x);
            if (len) total++;
            for (Py_ssize_t i = 0; i < len; i++) total += PyUnicode_READ(kind, data, i) == ' ';
        } else {
            PyErr_SetString(PyExc_TypeError, bad_input);
            return NULL;
        }
    }
    vtable_t v = {0};
    PyObject *vocab = PyList_New(0), *result = NULL;
    PyObject *tokens = PyBytes_FromStringAndSize(NULL, total * 4);
    PyObject *offsets = PyBytes_FromStringAndSize(NULL, (n + 1) * 8);
    if (!vocab || !tokens || !offsets) goto done;
    v.cap = 1024;
    v.slot = malloc(v.cap * sizeof(int32_t));
    v.hash = malloc(v.cap * sizeof(uint64_t));
    if (!v.slot || !v.hash) { PyErr_NoMemory(); goto done; }
    memset(v.slot, 0xff, v.cap * sizeof(int32_t));
    int32_t *t = (int32_t *)PyBytes_AS_STRING(tokens);
    int64_t *o = (int64_t *)PyBytes_AS_STRING(offsets);
    Py_ssize_t at = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *x = PyList_GET_ITEM(items, k);
        o[k] = at;
        if (PyList_Check(x)) {
            Py_ssize_t m = PyList_GET_SIZE(x);
            if (at + m > total) {
                PyErr_SetString(PyExc_RuntimeError, "Meteor: a list changed while its words were numbered");
                goto done;
            }
            for (Py_ssize_t i = 0; i < m; i++) {
                PyObject *w = PyList_GET_ITEM(x, i);
                if (!PyUnicode_Check(w)) {
                    PyErr_SetString(PyExc_TypeError, bad_input);
                    goto done;
                }
                long id = vtable_id(&v, vocab, PyUnicode_KIND(w), PyUnicode_DATA(w), PyUnicode_GET_LENGTH(w), w, -1);
                if (id < 0) goto done;
                t[at++] = (int32_t)id;
            }
            continue;
        }
        Py_ssize_t len = PyUnicode_GET_LENGTH(x);
        if (!len) continue;
        int kind = PyUnicode_KIND(x);
        const char *data = PyUnicode_DATA(x);
        for (Py_ssize_t a = 0, b = 0; b <= len; b++) {
            if (b < len && PyUnicode_READ(kind, data, b) != ' ') continue;
            long id = vtable_id(&v, vocab, kind, data + a * kind, b - a, x, a);
            if (id < 0) goto done;
            t[at++] = (int32_t)id;
            a = b + 1;
        }
    }
    o[n] = at;
    result = Py_BuildValue("(OOO)", vocab, tokens, offsets);
done:
    free(v.w); free(v.slot); free(v.hash);
    Py_XDECREF(vocab); Py_XDECREF(tokens); Py_XDECREF(offsets);
    return result;
}

static PyObject *intern_words(PyObject *self, PyObject *lists) {
    return intern_items(lists, 0, "Meteor: intern_words needs a list of lists of str");
}

static PyObject *intern_lines(PyObject *self, PyObject *items) {
    return intern_items(items, 1, "Meteor: intern_lines needs a list of str or lists of str");
}

static PyMethodDef methods[] = {
    {"build_table", build_table, METH_VARARGS, "The paraphrase table's text as a table blob."},
    {"word_ids", word_ids, METH_VARARGS, "Vocabulary ids of words in a table blob (-1 absent)."},
    {"align_rows", align_rows, METH_VARARGS, "Meteor 1.5 statistics of (hypothesis, reference) pairs."},
    {"root_states", root_states, METH_VARARGS, "Each paraphrase id's trie state under the root (-1 none)."},
    {"emit_heads", emit_heads, METH_O, "Each emit slot's first target word id (-1 empty), as int32 bytes."},
    {"java_hashes", java_hashes, METH_O, "Java String.hashCode of each str, as int32 bytes."},
    {"intern_words", intern_words, METH_O, "Number the words of lists of str: (vocab, tokens, offsets)."},
    {"intern_lines", intern_lines, METH_O, "intern_words for -norm lines (str) and lists of str."},
    {"normalize_lines", normalize_lines, METH_VARARGS, "Meteor 1.5's -norm line of each text (None: left to Python)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_meteor", NULL, -1, methods};

PyMODINIT_FUNC PyInit__meteor(void) { return PyModule_Create(&module); }
