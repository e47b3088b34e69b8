/*
 * bleuprint.impl._ngrams: the per-token loops of BLEU and chrF, in C.
 *
 * The functions, each the compiled form of a numpy routine of bleuprint.impl that
 * stays as the fallback (and is checked against the same spec):
 *
 *   token_ids(texts, seps, mode, table[, spans])
 *       BLEU's tokens of every line of the strings `texts` (chunks of the corpus; the lines
 *       of texts[c] joined by the code point seps[c], or seps[c] = -1 for one line) as
 *       integer ids, equal tokens equal ids (dense, in order of first occurrence; in mode
 *       CHARS the code points), a bound on the ids, and the number of tokens of each line. The token boundaries are those of
 *       impl.tokenizers._cuts (whose docstring derives them from the spec's regular
 *       expressions): white space (Py_UNICODE_ISSPACE, exactly what str.split() splits
 *       on), both sides of a SPLIT character, the rule for runs of P characters, and
 *       (mode RULES_DASH: 13a, zh) both sides of a hyphen after a D character. Each line
 *       is handled on its own: the separator blocks every rule, as a text edge does; in
 *       mode 13A the lines are taken as padded with a space on each side (13a's step 3).
 *       Mode WHITESPACE (tokenizer none) cuts at white space only, mode CHARS (char) makes
 *       every non-white-space code point a token. `table` holds the flags of the code
 *       points (impl.tokenizers._kernel_table; past its end none) for the RULES modes.
 *       With spans, also (chunk, start, end) of every token, so that tests and
 *       impl.tokenizers.tokenize_corpus can read the token strings back.
 *
 *   line_token_ids(lines, mode, table, strip_left)
 *       token_ids of a list of lines, one str each, taken as BLEU gets them: the kernel
 *       does rstrip() (zh: strip()) and, in mode 13A, the tokenizer's steps 1-2 itself, so
 *       that impl.tokenizers.bleu_token_ids makes no Python pass over the text (no ids of
 *       spans: tokenize_corpus uses token_ids).
 *
 *   bleu_rows(hyps, refs, a, b, mode, table, strip_left, order)
 *       BLEU's statistics rows [c, r, m_1..m_N, t_1..t_N] of sentences a..b-1, read straight
 *       off the str objects: each line prepared and cut as line_token_ids does, the tokens
 *       numbered in a small table of the sentence's own (no corpus interner), the clipped
 *       matches counted as ngram_matches counts them (clip_max); None for inputs that are
 *       not plain lists of str.
 *
 *   chrf_units(texts, seps, keep_whitespace, words, punct)
 *       chrF's characters of every line (code points; white space dropped unless
 *       keep_whitespace: spec.chrf.char_ngram_counts) and chrF++'s words (white-space
 *       tokens with one ASCII punctuation mark split off, last character first:
 *       spec.chrf.chrf_words) as dense ids, with the count per line.
 *
 *   chrf_rows(hyps, refs, a, b, n, word_order, keep_whitespace, punct)
 *       chrF's statistics rows of every reference of sentences a..b-1 against its
 *       hypothesis, read straight off the str objects: each sentence's characters (code
 *       points) and chrF++ words (numbered per sentence) renumbered as bytes and counted,
 *       all orders up to 6 at once, in one radix-sorted array of 6-byte keys (see
 *       csort_pair); with more than 254 distinct units in a hypothesis, or an order past
 *       6, order by order in a small table of the sentence's own (see ccount_pair); None
 *       for inputs that are not plain lists of str.
 *
 *   line_index(hyps, refs)
 *       The distinct lines of a corpus (hypotheses, then the references flattened) in order
 *       of first occurrence, each line's id among them, and the number of references of
 *       each hypothesis, for lists of str (list or tuple references); None for anything
 *       else (impl.bleu checks it then, with the spec's messages).
 *
 *   ngram_matches(ids, line_start, line_len, hyp_line, ref_offsets, ref_line, order, clip_max)
 *       For every sentence (a hypothesis line and its reference lines) and every order
 *       n = 1..order, the clipped n-gram matches. clip_max (BLEU, spec.bleu.clipped_matches):
 *       one number per sentence, the sum over the hypothesis n-grams of
 *       min(count in hypothesis, largest count in one reference). Otherwise (chrF,
 *       spec.chrf.order_stats): one number per reference, sum of min(count in hypothesis,
 *       count in that reference).
 *
 * How n-grams are compared without spelling them out: within one sentence, every distinct
 * n-gram of the hypothesis gets a small id; the id of the (n+1)-gram at position p is
 * looked up by the pair (id of the n-gram at p, token at p + n), so equal pairs are equal
 * n-grams (by induction on n). Reference n-grams are only looked up: one whose prefix does
 * not occur in the hypothesis cannot match, and neither can its extensions.
 *
 * Only the Python C API is used; arrays are passed as buffers (numpy int64 arrays) and
 * returned as bytes objects of int64 that numpy reads without a copy.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "growable.h"

/* Flags of impl.tokenizers._table (checked by that module against these constants). */
#define F_WS 1
#define F_P 2
#define F_D 4
#define F_SPLIT 8
#define F_DASH 16

enum { MODE_WHITESPACE = 0, MODE_RULES_DASH = 1, MODE_RULES = 2, MODE_CHARS = 3, MODE_13A = 4 };

/* ---------------------------------------------------------------------------------- */
/* Interning spans of one string: equal code-point sequences get equal dense ids.       */

typedef struct {
    Py_ssize_t start, length; /* start: a byte offset in the arena */
    uint64_t hash;
} span_t;

/* A slot of the interner's table holds what most lookups need, so that one cache line
 * decides them: a sequence of up to 8 code points below 256, or of up to 3 code points
 * (21 bits each), is packed into its own exact key; a longer one is keyed by its 64-bit
 * hash and then compared with its copy in the arena (one byte per code point when all are
 * below 256, HASHED_NARROW, else four). The slot's `length` field carries the packing in
 * its top bits, so keys of different packings never compare equal. */
#define PACK_HASHED 0u
#define PACK_BYTES (1u << 30)
#define PACK_WIDE (2u << 30)
#define PACK_HASHED_NARROW (3u << 30)
#define PACK_OF(tagged) ((tagged) & (3u << 30))

typedef struct {
    uint64_t key;
    uint32_t id; /* id + 1, 0 = empty */
    uint32_t length;
} name_slot_t;

/* Equal code-point sequences get equal dense ids (0, 1, ... in order of first
 * occurrence), across all the strings of a call. Each distinct hashed sequence is copied
 * once into `arena` (as bytes or, 4-byte aligned, as UCS4), so comparisons read a compact
 * array, not the far corners of a large text; bytes keep it small enough for the caches. */
typedef struct {
    char *arena;
    Py_ssize_t arena_len, arena_cap;
    span_t *spans; /* by id */
    name_slot_t *slots;
    Py_ssize_t mask, count, cap_ids;
} interner_t;

static int interner_init(interner_t *t) {
    Py_ssize_t size = 1 << 13;
    t->mask = size - 1;
    t->count = 0;
    t->cap_ids = size / 2;
    t->arena_len = 0;
    t->arena_cap = 1 << 16;
    t->slots = PyMem_Calloc((size_t)size, sizeof(name_slot_t));
    t->spans = PyMem_Malloc((size_t)t->cap_ids * sizeof(span_t));
    t->arena = PyMem_Malloc((size_t)t->arena_cap);
    if (!t->slots || !t->spans || !t->arena) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void interner_free(interner_t *t) {
    PyMem_Free(t->slots);
    PyMem_Free(t->spans);
    PyMem_Free(t->arena);
}

static inline uint64_t fmix64(uint64_t h) { /* MurmurHash3's finaliser */
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
}

/* The key of a sequence (exact when short), its tagged length (see PACK_*) and the hash
 * that places it. */
/* The helpers that read a string take its kind as an argument and are always inlined,
 * so that token_ids' per-kind copies (tokens_of_line) read code units without testing the
 * kind at every character. */
#if defined(__GNUC__)
#define READS_TEXT __attribute__((always_inline)) static inline
#else
#define READS_TEXT static inline
#endif

READS_TEXT uint64_t span_key(const char *data, int kind, Py_ssize_t start, Py_ssize_t length, uint32_t *tagged,
                                uint64_t *hash) {
    uint64_t h = 0;
    if (length <= 8) {
        Py_UCS4 top = 0;
        for (Py_ssize_t i = start; i < start + length; i++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, i);
            top |= c;
            h = (h << 8) | (c & 0xFF);
        }
        if (top < 256) {
            *tagged = (uint32_t)length | PACK_BYTES;
            *hash = fmix64(h ^ ((uint64_t)length << 59));
            return h;
        }
    }
    if (length <= 3) {
        h = 0;
        for (Py_ssize_t i = start; i < start + length; i++)
            h = (h << 21) | PyUnicode_READ(kind, data, i);
        *tagged = (uint32_t)length | PACK_WIDE;
        *hash = fmix64(h ^ ((uint64_t)length << 63) ^ 0x5555555555555555ULL);
        return h;
    }
    h = 0x243F6A8885A308D3ULL ^ (uint64_t)length;
    Py_UCS4 top = 0;
    for (Py_ssize_t i = start; i < start + length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        top |= c;
        h = (h ^ c) * 0x100000001B3ULL; /* FNV-1a */
    }
    *tagged = (uint32_t)length | (top < 256 ? PACK_HASHED_NARROW : PACK_HASHED);
    *hash = fmix64(h); /* FNV's low bits mix poorly, and they pick the slot */
    return *hash;
}

static int interner_grow(interner_t *t) {
    Py_ssize_t size = (t->mask + 1) * 2;
    name_slot_t *slots = PyMem_Calloc((size_t)size, sizeof(name_slot_t));
    Py_ssize_t cap = size / 2;
    span_t *spans = PyMem_Realloc(t->spans, (size_t)cap * sizeof(span_t));
    if (spans)
        t->spans = spans;
    if (!slots || !spans) {
        PyMem_Free(slots);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t mask = size - 1;
    for (Py_ssize_t s = 0; s <= t->mask; s++) {
        name_slot_t slot = t->slots[s];
        if (slot.id == 0)
            continue;
        Py_ssize_t at = (Py_ssize_t)(t->spans[slot.id - 1].hash & (uint64_t)mask);
        while (slots[at].id)
            at = (at + 1) & mask;
        slots[at] = slot;
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->mask = mask;
    t->cap_ids = cap;
    return 0;
}

READS_TEXT int same_span(const interner_t *t, Py_ssize_t at, Py_ssize_t length, int narrow, const char *data,
                         int kind, Py_ssize_t start) {
    if (narrow) {
        const uint8_t *a = (const uint8_t *)t->arena + at;
        for (Py_ssize_t k = 0; k < length; k++)
            if (a[k] != PyUnicode_READ(kind, data, start + k))
                return 0;
        return 1;
    }
    const Py_UCS4 *a = (const Py_UCS4 *)(t->arena + at); /* 4-byte aligned */
    for (Py_ssize_t k = 0; k < length; k++)
        if (a[k] != PyUnicode_READ(kind, data, start + k))
            return 0;
    return 1;
}

/* A hashed sequence's slot key: the top half of its hash and the start of its copy in the
 * arena (NO_START when that does not fit in 32 bits: then spans[id] has it), so that a
 * lookup goes from the slot to the arena without loading spans[id] first. */
#define NO_START 0xFFFFFFFFu

static inline uint64_t hashed_key(uint64_t h, Py_ssize_t arena_start) {
    uint32_t at = arena_start < (Py_ssize_t)NO_START ? (uint32_t)arena_start : NO_START;
    return (h & 0xFFFFFFFF00000000ULL) | at;
}

/* Whether a slot (occupied) holds the sequence of this key, tagged length and hash. */
READS_TEXT int slot_holds(const interner_t *t, name_slot_t slot, uint64_t key, uint32_t tagged, uint64_t h,
                          int exact, const char *data, int kind, Py_ssize_t start, Py_ssize_t length) {
    if (slot.length != tagged)
        return 0;
    if (exact)
        return slot.key == key;
    if ((slot.key ^ h) >> 32)
        return 0;
    uint32_t at = (uint32_t)slot.key;
    return same_span(t, at != NO_START ? (Py_ssize_t)at : t->spans[slot.id - 1].start, length,
                     PACK_OF(tagged) == PACK_HASHED_NARROW, data, kind, start);
}

/* The id of data[start : start + length] (a string of the given kind), a new one if the
 * sequence was not seen; -1 on error. */
READS_TEXT int32_t intern_keyed(interner_t *t, const char *data, int kind, Py_ssize_t start, Py_ssize_t length,
                                uint64_t key, uint32_t tagged, uint64_t h);

READS_TEXT int32_t intern(interner_t *t, const char *data, int kind, Py_ssize_t start, Py_ssize_t length) {
    if (length >= (1 << 30)) {
        PyErr_SetString(PyExc_OverflowError, "a token of 2**30 characters or more");
        return -1;
    }
    uint64_t h;
    uint32_t tagged;
    uint64_t key = span_key(data, kind, start, length, &tagged, &h);
    return intern_keyed(t, data, kind, start, length, key, tagged, h);
}

/* intern's lookup and insertion, the key, tagged length and hash already computed
 * (span_key), so that a caller can compute those of several tokens first and have their
 * slots fetched from memory at the same time (token_batch). */
READS_TEXT int32_t intern_keyed(interner_t *t, const char *data, int kind, Py_ssize_t start, Py_ssize_t length,
                                uint64_t key, uint32_t tagged, uint64_t h) {
    int exact = PACK_OF(tagged) == PACK_BYTES || PACK_OF(tagged) == PACK_WIDE;
    Py_ssize_t s = (Py_ssize_t)(h & (uint64_t)t->mask);
    for (;;) {
        name_slot_t slot = t->slots[s];
        if (slot.id == 0)
            break;
        if (slot_holds(t, slot, key, tagged, h, exact, data, kind, start, length))
            return (int32_t)(slot.id - 1);
        s = (s + 1) & t->mask;
    }
    if (t->count >= INT32_MAX - 1) {
        PyErr_SetString(PyExc_OverflowError, "more than 2**31 distinct tokens");
        return -1;
    }
    if (t->count == t->cap_ids) {
        if (interner_grow(t) < 0)
            return -1;
        s = (Py_ssize_t)(h & (uint64_t)t->mask);
        while (t->slots[s].id)
            s = (s + 1) & t->mask;
    }
    Py_ssize_t id = t->count++;
    t->spans[id].hash = h;
    t->spans[id].length = length;
    if (!exact) {
        int narrow = PACK_OF(tagged) == PACK_HASHED_NARROW;
        Py_ssize_t at = narrow ? t->arena_len : (t->arena_len + 3) & ~(Py_ssize_t)3;
        Py_ssize_t end = at + (narrow ? length : 4 * length);
        if (end > t->arena_cap) {
            Py_ssize_t cap = t->arena_cap;
            while (cap < end)
                cap *= 2;
            char *arena = PyMem_Realloc(t->arena, (size_t)cap);
            if (arena == NULL) {
                t->count--;
                PyErr_NoMemory();
                return -1;
            }
            t->arena = arena;
            t->arena_cap = cap;
        }
        if (narrow)
            for (Py_ssize_t k = 0; k < length; k++)
                ((uint8_t *)t->arena)[at + k] = (uint8_t)PyUnicode_READ(kind, data, start + k);
        else
            for (Py_ssize_t k = 0; k < length; k++)
                ((Py_UCS4 *)(t->arena + at))[k] = PyUnicode_READ(kind, data, start + k);
        t->spans[id].start = at;
        t->arena_len = end;
    } else
        t->spans[id].start = 0;
    t->slots[s].key = exact ? key : hashed_key(h, t->spans[id].start);
    t->slots[s].length = tagged;
    t->slots[s].id = (uint32_t)(id + 1);
    return (int32_t)id;
}

/* The strings of a call: a list of str (chunks of the corpus, whole lines each) and, for
 * each, the code point that separates its lines (-1: the chunk is one line). */
static int check_chunks(PyObject *texts, PyObject *seps) {
    if (!PyList_Check(texts) || !PyList_Check(seps) || PyList_GET_SIZE(texts) != PyList_GET_SIZE(seps)) {
        PyErr_SetString(PyExc_TypeError, "texts and seps must be lists of the same length");
        return -1;
    }
    for (Py_ssize_t c = 0; c < PyList_GET_SIZE(texts); c++) {
        if (!PyUnicode_Check(PyList_GET_ITEM(texts, c)) || !PyLong_Check(PyList_GET_ITEM(seps, c))) {
            PyErr_SetString(PyExc_TypeError, "texts must hold str and seps int");
            return -1;
        }
    }
    return 0;
}

/* The lines of a call's chunks (checked by check_chunks), one after another: when
 * next_line returns 1 the line is data[start:end) (code units of width kind) of chunk c;
 * it returns 0 after the last line and -1 on error. A chunk of n code points holds one
 * line more than it has separators (seps[c] = -1: the whole chunk is one line). */
typedef struct {
    PyObject *texts, *seps;
    Py_ssize_t c, start, end, next, n;
    const char *data;
    int kind;
    long long sep;
} lines_t;

static void lines_init(lines_t *it, PyObject *texts, PyObject *seps) {
    memset(it, 0, sizeof(*it));
    it->texts = texts;
    it->seps = seps;
    it->c = -1;
}

static int next_line(lines_t *it) {
    while (it->c < 0 || it->next > it->n) {
        if (++it->c >= PyList_GET_SIZE(it->texts))
            return 0;
        PyObject *text = PyList_GET_ITEM(it->texts, it->c);
        it->sep = PyLong_AsLongLong(PyList_GET_ITEM(it->seps, it->c));
        if (it->sep == -1 && PyErr_Occurred())
            return -1;
        it->data = PyUnicode_DATA(text);
        it->kind = PyUnicode_KIND(text);
        it->n = PyUnicode_GET_LENGTH(text);
        it->next = 0;
    }
    Py_ssize_t b = it->next;
    if (it->sep < 0)
        b = it->n;
    else
        while (b < it->n && PyUnicode_READ(it->kind, it->data, b) != (Py_UCS4)it->sep)
            b++;
    it->start = it->next;
    it->end = b;
    it->next = b + 1;
    return 1;
}

/* ---------------------------------------------------------------------------------- */
/* token_ids                                                                            */

/* The flag table may cover a prefix of the code points only: past its end, no flags. */
typedef struct {
    const uint8_t *flags;
    Py_ssize_t size;
    uint8_t low[256]; /* code points below 256: their flags, and F_WS for white space */
} table_t;

static void table_init(table_t *table, const uint8_t *flags, Py_ssize_t size) {
    table->flags = flags;
    table->size = size;
    for (Py_UCS4 c = 0; c < 256; c++)
        table->low[c] = (uint8_t)(((Py_ssize_t)c < size ? flags[c] : 0) | (Py_UNICODE_ISSPACE(c) ? F_WS : 0));
}

/* The flags of c (F_WS aside: the rules do not read it). */
static inline uint8_t flags_of(const table_t *table, Py_UCS4 c) {
    return c < 256 ? table->low[c] : (Py_ssize_t)c < table->size ? table->flags[c] : 0;
}

/* Py_UNICODE_ISSPACE, from the table below 256 (a string of kind 1 never calls out). */
static inline int is_space(const table_t *table, Py_UCS4 c) {
    return c < 256 ? table->low[c] & F_WS : Py_UNICODE_ISSPACE(c);
}

/* The tokens of one sentence (bleu_rows): instead of the call's interner, a small table
 * of the sentence's own, sized to it (it stays in L1). The hypothesis' tokens are numbered
 * 0, 1, ... (add = 1); a reference's are looked up (add = 0), a token the hypothesis lacks
 * getting -1, which no hypothesis n-gram contains. Keys are span_key's: exact for short
 * tokens, the 64-bit hash otherwise, and then the texts are compared in full. A slot is
 * used iff its stamp is the current sentence's, so nothing is cleared between sentences. */
typedef struct {
    uint64_t key;
    uint32_t tagged;
    int32_t id;
    uint32_t stamp;
} tslot_t;

typedef struct {
    const char *data;
    int kind;
    Py_ssize_t start;
} tspan_t;

typedef struct {
    tslot_t *slots;
    tspan_t *spans; /* by id: where the hypothesis token's text is */
    uint64_t mask;
    uint32_t stamp;
    Py_ssize_t capacity; /* slots allocated */
    int32_t count;
    int add;
} sent_tokens_t;

/* What token_ids carries from line to line. */
typedef struct {
    int mode, rules, want_spans;
    const table_t *flags;
    interner_t *names;
    vec_t *ids, *lengths, *spans;
    Py_ssize_t bound;      /* MODE_CHARS: ids lie in range(bound) */
    sent_tokens_t *local;  /* bleu_rows: the sentence's table instead of `names` */
} line_state_t;

/* Tokens found but not interned yet: tokens_of_line finds up to TOKEN_BATCH tokens, computes
 * their keys and prefetches their interner slots, then interns them in order. On a large
 * vocabulary the slot loads are cache misses; issued together, they overlap instead of
 * following one another (the ids are the same: interning still happens in token order). */
#define TOKEN_BATCH 32

typedef struct {
    Py_ssize_t start[TOKEN_BATCH], length[TOKEN_BATCH];
    uint64_t key[TOKEN_BATCH], hash[TOKEN_BATCH];
    uint32_t tagged[TOKEN_BATCH];
    int n;
} token_batch_t;

/* The id of a token in the sentence's table (sent_tokens_t), key, tagged length and hash
 * computed by span_key; -1 for a reference token the hypothesis lacks. Touches no Python
 * object (bleu_rows runs it without the GIL). */
READS_TEXT int32_t sent_token(sent_tokens_t *t, const char *data, int kind, Py_ssize_t start, Py_ssize_t length,
                              uint64_t key, uint32_t tagged, uint64_t h) {
    int exact = PACK_OF(tagged) == PACK_BYTES || PACK_OF(tagged) == PACK_WIDE;
    uint64_t s = h & t->mask;
    for (;;) {
        tslot_t *slot = t->slots + s;
        if (slot->stamp != t->stamp)
            break;
        if (slot->tagged == tagged && slot->key == key) {
            if (exact)
                return slot->id;
            const tspan_t *at = t->spans + slot->id; /* same length: tagged holds it */
            Py_ssize_t k = 0;
            while (k < length && PyUnicode_READ(at->kind, at->data, at->start + k) ==
                                     PyUnicode_READ(kind, data, start + k))
                k++;
            if (k == length)
                return slot->id;
        }
        s = (s + 1) & t->mask;
    }
    if (!t->add)
        return -1;
    tslot_t *slot = t->slots + s;
    slot->stamp = t->stamp;
    slot->key = key;
    slot->tagged = tagged;
    slot->id = t->count;
    t->spans[t->count] = (tspan_t){data, kind, start};
    return t->count++;
}

/* Intern the batch's tokens (keys computed and slots prefetched first), appending their
 * ids (and spans, if wanted). 0, or -1 with an exception set. With a sentence table
 * (bleu_rows), ids come from it; the caller has made room for them and bounded the token
 * lengths, so nothing can fail there (no GIL to set an exception with). */
READS_TEXT int flush_batch(line_state_t *ls, token_batch_t *batch, const char *data, const int kind, Py_ssize_t c) {
    interner_t *t = ls->names;
    const int n = batch->n;
    batch->n = 0;
    if (n == 0)
        return 0;
    if (ls->local) {
        int64_t *ids = (int64_t *)ls->ids->data;
        for (int k = 0; k < n; k++) {
            uint32_t tagged;
            uint64_t h, key = span_key(data, kind, batch->start[k], batch->length[k], &tagged, &h);
            ids[ls->ids->len++] = sent_token(ls->local, data, kind, batch->start[k], batch->length[k], key, tagged, h);
        }
        return 0;
    }
    if (vec_reserve(ls->ids, n) < 0)
        return -1;
    for (int k = 0; k < n; k++) {
        if (batch->length[k] >= (1 << 30)) {
            PyErr_SetString(PyExc_OverflowError, "a token of 2**30 characters or more");
            return -1;
        }
        batch->key[k] = span_key(data, kind, batch->start[k], batch->length[k], &batch->tagged[k], &batch->hash[k]);
#if defined(__GNUC__)
        __builtin_prefetch(t->slots + (batch->hash[k] & (uint64_t)t->mask));
#endif
    }
    int64_t *ids = (int64_t *)ls->ids->data;
    for (int k = 0; k < n; k++) {
        int32_t id = intern_keyed(t, data, kind, batch->start[k], batch->length[k], batch->key[k], batch->tagged[k],
                                  batch->hash[k]);
        if (id < 0)
            return -1;
        ids[ls->ids->len++] = id;
        if (ls->want_spans &&
            (vec_push_i64(ls->spans, c) < 0 || vec_push_i64(ls->spans, batch->start[k]) < 0 ||
             vec_push_i64(ls->spans, batch->start[k] + batch->length[k]) < 0))
            return -1;
    }
    return 0;
}

/* Queue the token text[start:end) for interning (flush_batch when the batch is full). */
#define PUSH_TOKEN(start_, end_)                                                                                  \
    do {                                                                                                          \
        batch.start[batch.n] = (start_);                                                                          \
        batch.length[batch.n] = (end_) - (start_);                                                                \
        if (++batch.n == TOKEN_BATCH && flush_batch(ls, &batch, data, kind, c) < 0)                               \
            return -1;                                                                                            \
    } while (0)

/* The tokens of line text[a:b) of chunk c: their ids appended to ls->ids, their number to
 * ls->lengths (and their spans, if wanted). 0, or -1 with an exception set.
 *
 * One pass: a token runs until white space or a cut of the RULES modes
 * (impl.tokenizers._cuts, whose docstring derives them): both sides of a SPLIT character;
 * (mode RULES_DASH, 13A) both sides of a hyphen after a D character; for a maximal run
 * s..e of P characters, every gap inside it, a cut before s iff lx or the run has two or
 * more characters or after, and one after e ("after") iff r2 or rx. Every cut is one of a
 * character before it or after it, so closing the open token at the one and after the other
 * makes all of them; a mode without rules has a table with no such flags. */
READS_TEXT int tokens_of_line(line_state_t *ls, const char *data, const int kind, Py_ssize_t a, Py_ssize_t b,
                              Py_ssize_t c) {
    const int mode = ls->mode;
    const int dash_rule = mode == MODE_RULES_DASH || mode == MODE_13A, padded = mode == MODE_13A;
    const table_t *table = ls->flags;
    Py_ssize_t before = ls->ids->len;
    token_batch_t batch;
    batch.n = 0;
    if (mode == MODE_CHARS) {
        for (Py_ssize_t i = a; i < b; i++) {
            Py_UCS4 ch = PyUnicode_READ(kind, data, i);
            if (is_space(table, ch))
                continue;
            if (ls->local) { /* bleu_rows: the sentence's dense ids (room made by the caller) */
                uint32_t tagged;
                uint64_t h, key = span_key(data, kind, i, 1, &tagged, &h);
                ((int64_t *)ls->ids->data)[ls->ids->len++] = sent_token(ls->local, data, kind, i, 1, key, tagged, h);
                continue;
            }
            /* A character token's id is its code point (ids need not be dense). */
            if (vec_push_i64(ls->ids, (int64_t)ch) < 0)
                return -1;
            if ((int64_t)ch >= ls->bound)
                ls->bound = (int64_t)ch + 1;
            if (ls->want_spans && (vec_push_i64(ls->spans, c) < 0 || vec_push_i64(ls->spans, i) < 0 ||
                                   vec_push_i64(ls->spans, i + 1) < 0))
                return -1;
        }
        return vec_push_i64(ls->lengths, ls->ids->len - before);
    }
    Py_ssize_t open = -1; /* the start of the token being read, -1: none */
    Py_ssize_t i = a;
    while (i < b) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        uint8_t f = flags_of(table, ch);
        if (ch >= 256 && Py_UNICODE_ISSPACE(ch)) /* low[] has F_WS below 256 only */
            f = F_WS;                            /* (white space may carry other flags) */
        if (!(f & (F_SPLIT | F_P | F_DASH | F_WS))) {
            if (open < 0)
                open = i;
            /* the rest of a run of such characters, in a tight loop (most of the text) */
            for (i++; i < b; i++) {
                Py_UCS4 next = PyUnicode_READ(kind, data, i);
                if (next >= 256 || (table->low[next] & (F_SPLIT | F_P | F_DASH | F_WS)))
                    break;
            }
            continue;
        }
        if (f & F_WS) { /* before the rules: white space may be flagged too */
            if (open >= 0)
                PUSH_TOKEN(open, i);
            open = -1;
            i++;
            continue;
        }
        if ((f & F_SPLIT) ||
            (dash_rule && (f & F_DASH) && i > a && (flags_of(table, PyUnicode_READ(kind, data, i - 1)) & F_D))) {
            if (open >= 0)
                PUSH_TOKEN(open, i);
            PUSH_TOKEN(i, i + 1);
            open = -1;
            i++;
            continue;
        }
        if (!(f & F_P)) { /* a hyphen the rule leaves alone */
            if (open < 0)
                open = i;
            i++;
            continue;
        }
        /* A maximal run s..e of P characters (impl.tokenizers module docstring). */
        Py_ssize_t s = i, e = i;
        while (e + 1 < b && (flags_of(table, PyUnicode_READ(kind, data, e + 1)) & F_P))
            e++;
        /* A padded line (13a) has a space, which is X, beyond each edge. */
        int lx = s > a ? !(flags_of(table, PyUnicode_READ(kind, data, s - 1)) & F_D) : padded;
        int rx = e + 1 < b ? !(flags_of(table, PyUnicode_READ(kind, data, e + 1)) & F_D) : padded;
        Py_ssize_t run = e - s + 1;
        int r2 = lx == (int)(run & 1);
        int after = r2 || rx;
        int cut_before = lx || run >= 2 || after;
        if (open < 0)
            open = s;
        else if (cut_before) {
            PUSH_TOKEN(open, s);
            open = s;
        }
        for (Py_ssize_t k = s + 1; k <= e; k++) {
            PUSH_TOKEN(open, k);
            open = k;
        }
        if (after) {
            PUSH_TOKEN(open, e + 1);
            open = -1;
        }
        i = e + 1;
    }
    if (open >= 0)
        PUSH_TOKEN(open, b);
    if (flush_batch(ls, &batch, data, kind, c) < 0)
        return -1;
    return vec_push_i64(ls->lengths, ls->ids->len - before);
}

#undef PUSH_TOKEN

static PyObject *token_ids(PyObject *self, PyObject *args) {
    PyObject *texts, *seps;
    int mode;
    Py_buffer table = {0};
    int want_spans = 0;
    if (!PyArg_ParseTuple(args, "OOiy*|p", &texts, &seps, &mode, &table, &want_spans))
        return NULL;
    PyObject *result = NULL;
    vec_t ids = {0}, lengths = {0}, spans = {0};
    interner_t names = {0};
    Py_ssize_t bound = 0; /* bound: ids lie in range(bound) */
    int rules = mode == MODE_RULES || mode == MODE_RULES_DASH || mode == MODE_13A;
    if (check_chunks(texts, seps) < 0)
        goto done;
    if (mode < MODE_WHITESPACE || mode > MODE_13A) {
        PyErr_SetString(PyExc_ValueError, "unknown token_ids mode");
        goto done;
    }
    if (rules && (table.len < 128 || table.len > 0x110000)) {
        PyErr_SetString(PyExc_ValueError, "the flag table must cover ASCII and at most every code point");
        goto done;
    }
    table_t flags;
    table_init(&flags, table.buf, rules ? table.len : 0);
    if (vec_init(&ids, sizeof(int64_t), 1 << 12) < 0 || vec_init(&lengths, sizeof(int64_t), 1024) < 0 ||
        interner_init(&names) < 0 || vec_init(&spans, sizeof(int64_t), 16) < 0)
        goto done;
    lines_t line;
    lines_init(&line, texts, seps);
    line_state_t ls = {mode, rules, want_spans, &flags, &names, &ids, &lengths, &spans, 0};
    int more;
    while ((more = next_line(&line)) > 0) {
        int rc;
        switch (line.kind) { /* one copy of the loop per kind (READS_TEXT) */
        case PyUnicode_1BYTE_KIND:
            rc = tokens_of_line(&ls, line.data, PyUnicode_1BYTE_KIND, line.start, line.end, line.c);
            break;
        case PyUnicode_2BYTE_KIND:
            rc = tokens_of_line(&ls, line.data, PyUnicode_2BYTE_KIND, line.start, line.end, line.c);
            break;
        default:
            rc = tokens_of_line(&ls, line.data, PyUnicode_4BYTE_KIND, line.start, line.end, line.c);
        }
        if (rc < 0)
            goto done;
    }
    bound = ls.bound;
    if (more < 0)
        goto done;
    PyObject *ids_bytes = vec_to_bytes(&ids);
    PyObject *len_bytes = vec_to_bytes(&lengths);
    PyObject *span_bytes = want_spans ? vec_to_bytes(&spans) : (Py_INCREF(Py_None), Py_None);
    if (ids_bytes && len_bytes && span_bytes)
        result = Py_BuildValue("NNnN", ids_bytes, len_bytes, mode == MODE_CHARS ? bound : names.count, span_bytes);
    else {
        Py_XDECREF(ids_bytes);
        Py_XDECREF(len_bytes);
        Py_XDECREF(span_bytes);
    }
done:
    vec_free(&spans);
    vec_free(&ids);
    vec_free(&lengths);
    interner_free(&names);
    PyBuffer_Release(&table);
    return result;
}

/* ---------------------------------------------------------------------------------- */
/* line_token_ids: token_ids of the lines of a list, each prepared by the kernel        */

/* Replace every pattern[0:m) of buf[0:*n) by replacement[0:r) (r <= m), left to right and
 * without overlaps: str.replace. In place: the write position never passes the read one. */
static void replace_in(Py_UCS4 *buf, Py_ssize_t *n, const char *pattern, const char *replacement) {
    Py_ssize_t m = (Py_ssize_t)strlen(pattern), r = (Py_ssize_t)strlen(replacement), w = 0, i = 0;
    while (i < *n) {
        if (i + m <= *n && buf[i] == (Py_UCS4)(unsigned char)pattern[0]) {
            Py_ssize_t k = 1;
            while (k < m && buf[i + k] == (Py_UCS4)(unsigned char)pattern[k])
                k++;
            if (k == m) {
                for (Py_ssize_t q = 0; q < r; q++)
                    buf[w++] = (Py_UCS4)(unsigned char)replacement[q];
                i += m;
                continue;
            }
        }
        buf[w++] = buf[i++];
    }
    *n = w;
}

/* Whether data[a:b) holds a character that 13a's steps 1-2 look at (a newline, & or <):
 * only such lines need them applied. */
READS_TEXT int needs_13a_steps(const char *data, const int kind, Py_ssize_t a, Py_ssize_t b) {
    if (kind == PyUnicode_1BYTE_KIND) {
        const void *s = data + a;
        size_t len = (size_t)(b - a);
        return memchr(s, '\n', len) || memchr(s, '&', len) || memchr(s, '<', len);
    }
    for (Py_ssize_t i = a; i < b; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == '\n' || c == '&' || c == '<')
            return 1;
    }
    return 0;
}

/* 13a's steps 1-2 (spec.tokenizers.tokenize_13a: <skipped>, -\n, \n, and when a & remains
 * the four entities, one str.replace after another) on data[a:b), copied into buf (room
 * for b - a code points); returns the length of the result, which is never longer. */
static Py_ssize_t steps_13a(const char *data, int kind, Py_ssize_t a, Py_ssize_t b, Py_UCS4 *buf) {
    Py_ssize_t n = b - a;
    for (Py_ssize_t k = 0; k < n; k++)
        buf[k] = PyUnicode_READ(kind, data, a + k);
    replace_in(buf, &n, "<skipped>", "");
    replace_in(buf, &n, "-\n", "");
    replace_in(buf, &n, "\n", " ");
    int amp = 0;
    for (Py_ssize_t k = 0; k < n && !amp; k++)
        amp = buf[k] == '&';
    if (amp) {
        replace_in(buf, &n, "&quot;", "\"");
        replace_in(buf, &n, "&amp;", "&");
        replace_in(buf, &n, "&lt;", "<");
        replace_in(buf, &n, "&gt;", ">");
    }
    return n;
}

/* line_token_ids(lines, mode, table, strip_left): token_ids of the str of the list `lines`,
 * one line each, prepared here as impl.tokenizers prepares them for the other entry point:
 * BLEU's rstrip() (Py_UNICODE_ISSPACE, as str.rstrip), zh's strip() when strip_left, and in
 * mode 13A the tokenizer's steps 1-2 (spec.tokenizers.tokenize_13a: <skipped>, -\n, \n,
 * and when a & remains the four entities, one str.replace after another) on the lines that
 * hold a newline, & or <, copied for that. Returns (ids, tokens per line, id bound). */
static PyObject *line_token_ids(PyObject *self, PyObject *args) {
    PyObject *lines;
    int mode, strip_left;
    Py_buffer table = {0};
    (void)self;
    if (!PyArg_ParseTuple(args, "O!iy*p", &PyList_Type, &lines, &mode, &table, &strip_left))
        return NULL;
    PyObject *result = NULL;
    vec_t ids = {0}, lengths = {0}, spans = {0};
    interner_t names = {0};
    Py_UCS4 *buf = NULL;
    Py_ssize_t buf_room = 0;
    int rules = mode == MODE_RULES || mode == MODE_RULES_DASH || mode == MODE_13A;
    line_state_t ls = {0};
    Py_ssize_t n_lines = PyList_GET_SIZE(lines);
    if (mode < MODE_WHITESPACE || mode > MODE_13A) {
        PyErr_SetString(PyExc_ValueError, "unknown token_ids mode");
        goto done;
    }
    if (rules && (table.len < 128 || table.len > 0x110000)) {
        PyErr_SetString(PyExc_ValueError, "the flag table must cover ASCII and at most every code point");
        goto done;
    }
    table_t flags;
    table_init(&flags, table.buf, rules ? table.len : 0);
    if (vec_init(&ids, sizeof(int64_t), 1 << 12) < 0 || vec_init(&lengths, sizeof(int64_t), n_lines) < 0 ||
        interner_init(&names) < 0 || vec_init(&spans, sizeof(int64_t), 16) < 0)
        goto done;
    line_state_t init = {mode, rules, 0, &flags, &names, &ids, &lengths, &spans, 0};
    ls = init;
    for (Py_ssize_t i = 0; i < n_lines; i++) {
#if defined(__GNUC__)
        /* The lines are separate objects: fetch a later line's header, and the text of
         * the line after next (whose header came earlier). */
        if (i + 4 < n_lines)
            __builtin_prefetch(PyList_GET_ITEM(lines, i + 4));
        if (i + 2 < n_lines && PyUnicode_Check(PyList_GET_ITEM(lines, i + 2))) {
            PyObject *later = PyList_GET_ITEM(lines, i + 2);
            const char *text = PyUnicode_DATA(later);
            Py_ssize_t bytes = PyUnicode_GET_LENGTH(later) * PyUnicode_KIND(later);
            for (Py_ssize_t at = 0; at < bytes && at < 512; at += 64)
                __builtin_prefetch(text + at);
        }
#endif
        PyObject *text = PyList_GET_ITEM(lines, i);
        if (!PyUnicode_Check(text)) {
            PyErr_SetString(PyExc_TypeError, "lines must hold str");
            goto done;
        }
        const char *data = PyUnicode_DATA(text);
        int kind = PyUnicode_KIND(text);
        Py_ssize_t a = 0, b = PyUnicode_GET_LENGTH(text);
        while (b > 0 && is_space(&flags, PyUnicode_READ(kind, data, b - 1)))
            b--;
        while (strip_left && a < b && is_space(&flags, PyUnicode_READ(kind, data, a)))
            a++;
        if (mode == MODE_13A && needs_13a_steps(data, kind, a, b)) {
            if (b - a > buf_room) {
                PyMem_Free(buf);
                buf_room = 2 * (b - a);
                buf = PyMem_Malloc((size_t)buf_room * sizeof(Py_UCS4));
                if (buf == NULL) {
                    PyErr_NoMemory();
                    goto done;
                }
            }
            b = steps_13a(data, kind, a, b, buf);
            data = (const char *)buf;
            kind = PyUnicode_4BYTE_KIND;
            a = 0;
        }
        int rc;
        switch (kind) { /* one copy of the loop per kind (READS_TEXT) */
        case PyUnicode_1BYTE_KIND:
            rc = tokens_of_line(&ls, data, PyUnicode_1BYTE_KIND, a, b, i);
            break;
        case PyUnicode_2BYTE_KIND:
            rc = tokens_of_line(&ls, data, PyUnicode_2BYTE_KIND, a, b, i);
            break;
        default:
            rc = tokens_of_line(&ls, data, PyUnicode_4BYTE_KIND, a, b, i);
        }
        if (rc < 0)
            goto done;
    }
    PyObject *ids_bytes = vec_to_bytes(&ids);
    PyObject *len_bytes = vec_to_bytes(&lengths);
    if (ids_bytes && len_bytes)
        result = Py_BuildValue("NNn", ids_bytes, len_bytes, mode == MODE_CHARS ? ls.bound : names.count);
    else {
        Py_XDECREF(ids_bytes);
        Py_XDECREF(len_bytes);
    }
done:
    PyMem_Free(buf);
    vec_free(&spans);
    vec_free(&ids);
    vec_free(&lengths);
    interner_free(&names);
    PyBuffer_Release(&table);
    return result;
}

/* ---------------------------------------------------------------------------------- */
/* line_index                                                                           */

/* Python's str equality for two exact str objects. */
static int same_str(PyObject *a, PyObject *b) {
    if (a == b)
        return 1;
    Py_ssize_t n = PyUnicode_GET_LENGTH(a);
    int kind = PyUnicode_KIND(a);
    return n == PyUnicode_GET_LENGTH(b) && kind == PyUnicode_KIND(b) &&
           memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), (size_t)n * (size_t)kind) == 0;
}

/* line_index(hyps, refs): for a corpus whose hyps is a list of exact str and refs a list,
 * as long and non-empty, of lists or tuples of exact str, each non-empty: the distinct
 * lines of hyps then of the flattened references in order of first occurrence (a list),
 * the id of every line in that list (int64 bytes, hyps first), and the number of
 * references of each hypothesis (int64 bytes). None for any other input, which the
 * caller checks with the spec's messages. */
#define LINE_AHEAD 8

static PyObject *line_index(PyObject *self, PyObject *args) {
    PyObject *hyps, *refs;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &hyps, &refs))
        return NULL;
    if (!PyList_CheckExact(hyps) || !PyList_CheckExact(refs) || PyList_GET_SIZE(hyps) == 0 ||
        PyList_GET_SIZE(hyps) != PyList_GET_SIZE(refs))
        Py_RETURN_NONE;
    Py_ssize_t n_sent = PyList_GET_SIZE(hyps), n_lines = n_sent;
    for (Py_ssize_t i = 0; i < n_sent; i++) {
        PyObject *r = PyList_GET_ITEM(refs, i);
        if (!PyUnicode_CheckExact(PyList_GET_ITEM(hyps, i)) || !(PyList_CheckExact(r) || PyTuple_CheckExact(r)) ||
            PySequence_Fast_GET_SIZE(r) == 0)
            Py_RETURN_NONE;
        PyObject **items = PySequence_Fast_ITEMS(r);
        for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(r); k++)
            if (!PyUnicode_CheckExact(items[k]))
                Py_RETURN_NONE;
        n_lines += PySequence_Fast_GET_SIZE(r);
    }
    PyObject *result = NULL, *distinct = PyList_New(0);
    PyObject *ids = PyBytes_FromStringAndSize(NULL, n_lines * (Py_ssize_t)sizeof(int64_t));
    PyObject *counts = PyBytes_FromStringAndSize(NULL, n_sent * (Py_ssize_t)sizeof(int64_t));
    Py_ssize_t size = 16;
    while (size < 2 * n_lines)
        size *= 2;
    Py_ssize_t *slots = PyMem_Malloc((size_t)size * sizeof(Py_ssize_t)); /* id + 1, 0 = empty */
    if (!distinct || !ids || !counts || !slots) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    memset(slots, 0, (size_t)size * sizeof(Py_ssize_t));
    int64_t *id_of = (int64_t *)PyBytes_AS_STRING(ids), *count_of = (int64_t *)PyBytes_AS_STRING(counts);
    Py_ssize_t at = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (Py_ssize_t i = 0; i < n_sent; i++) {
            PyObject *r = PyList_GET_ITEM(refs, i);
            Py_ssize_t many = pass == 0 ? 1 : PySequence_Fast_GET_SIZE(r);
            PyObject **items = pass == 0 ? PySequence_Fast_ITEMS(hyps) + i : PySequence_Fast_ITEMS(r);
            if (pass == 1)
                count_of[i] = many;
#if defined(__GNUC__)
            /* The slot of a later sentence's first line: each lookup in a table of this
             * size is a cache miss, and this way the misses overlap. (Its hash is computed
             * here instead of there; a str caches it.) */
            if (i + LINE_AHEAD < n_sent) {
                PyObject *later = pass == 0 ? PyList_GET_ITEM(hyps, i + LINE_AHEAD)
                                            : PySequence_Fast_ITEMS(PyList_GET_ITEM(refs, i + LINE_AHEAD))[0];
                Py_hash_t lh = PyObject_Hash(later);
                if (lh == -1)
                    goto done;
                __builtin_prefetch(slots + ((size_t)lh & (size_t)(size - 1)));
            }
#endif
            for (Py_ssize_t k = 0; k < many; k++) {
                PyObject *line = items[k];
                Py_hash_t h = PyObject_Hash(line); /* cached in the str after the first time */
                if (h == -1)
                    goto done;
                Py_ssize_t s = (Py_ssize_t)((size_t)h & (size_t)(size - 1));
                while (slots[s] && !same_str(PyList_GET_ITEM(distinct, slots[s] - 1), line))
                    s = (s + 1) & (size - 1);
                if (!slots[s]) {
                    if (PyList_Append(distinct, line) < 0)
                        goto done;
                    slots[s] = PyList_GET_SIZE(distinct);
                }
                id_of[at++] = slots[s] - 1;
            }
        }
    }
    result = Py_BuildValue("OOO", distinct, ids, counts);
done:
    PyMem_Free(slots);
    Py_XDECREF(distinct);
    Py_XDECREF(ids);
    Py_XDECREF(counts);
    return result;
}

/* ---------------------------------------------------------------------------------- */
/* chrf_units                                                                           */

/* What chrf_units carries from line to line. */
typedef struct {
    int keep_whitespace, want_words;
    const uint8_t *is_punct; /* 128 flags */
    interner_t *names;
    vec_t *chars, *char_counts, *words, *word_counts;
} units_state_t;

/* chrF's characters and chrF++'s words of line text[a:b), appended with their counts.
 * 0, or -1 with an exception set. */
READS_TEXT int units_of_line(units_state_t *us, const char *data, const int kind, Py_ssize_t a, Py_ssize_t b) {
    vec_t *chars = us->chars, *words = us->words;
    Py_ssize_t chars_before = chars->len, words_before = words->len;
    if (vec_reserve(chars, b - a) < 0)
        return -1;
    int64_t *out = (int64_t *)chars->data;
    for (Py_ssize_t i = a; i < b; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (us->keep_whitespace || !Py_UNICODE_ISSPACE(c))
            out[chars->len++] = (int64_t)c;
    }
    for (Py_ssize_t i = a; us->want_words && i < b;) {
        if (Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, i))) {
            i++;
            continue;
        }
        Py_ssize_t j = i + 1;
        while (j < b && !Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, j)))
            j++;
        /* Token text[i:j): split off the last, else the first, ASCII punctuation. */
        Py_UCS4 first = PyUnicode_READ(kind, data, i), last = PyUnicode_READ(kind, data, j - 1);
        Py_ssize_t cut = j; /* the token is text[i:cut) + text[cut:j) */
        if (j - i >= 2 && last < 128 && us->is_punct[last])
            cut = j - 1;
        else if (j - i >= 2 && first < 128 && us->is_punct[first])
            cut = i + 1;
        int32_t x = intern(us->names, data, kind, i, cut - i);
        if (x < 0 || vec_push_i64(words, x) < 0)
            return -1;
        if (cut < j) {
            int32_t y = intern(us->names, data, kind, cut, j - cut);
            if (y < 0 || vec_push_i64(words, y) < 0)
                return -1;
        }
        i = j;
    }
    if (vec_push_i64(us->char_counts, chars->len - chars_before) < 0 ||
        vec_push_i64(us->word_counts, words->len - words_before) < 0)
        return -1;
    return 0;
}

static PyObject *chrf_units(PyObject *self, PyObject *args) {
    PyObject *texts, *seps, *punct;
    int keep_whitespace, want_words;
    if (!PyArg_ParseTuple(args, "OOppU", &texts, &seps, &keep_whitespace, &want_words, &punct))
        return NULL;
    if (check_chunks(texts, seps) < 0)
        return NULL;
    uint8_t is_punct[128] = {0};
    for (Py_ssize_t k = 0; k < PyUnicode_GET_LENGTH(punct); k++) {
        Py_UCS4 c = PyUnicode_READ_CHAR(punct, k);
        if (c >= 128) {
            PyErr_SetString(PyExc_ValueError, "punctuation must be ASCII");
            return NULL;
        }
        is_punct[c] = 1;
    }
    PyObject *result = NULL;
    vec_t chars = {0}, char_counts = {0}, words = {0}, word_counts = {0};
    interner_t names = {0};
    if (vec_init(&chars, sizeof(int64_t), 1 << 14) < 0 || vec_init(&char_counts, sizeof(int64_t), 1024) < 0 ||
        vec_init(&words, sizeof(int64_t), 1 << 12) < 0 || vec_init(&word_counts, sizeof(int64_t), 1024) < 0 ||
        interner_init(&names) < 0)
        goto done;
    lines_t line;
    lines_init(&line, texts, seps);
    int more;
    units_state_t us = {keep_whitespace, want_words, is_punct, &names, &chars, &char_counts, &words, &word_counts};
    while ((more = next_line(&line)) > 0) {
        int rc;
        switch (line.kind) { /* one copy of the loop per kind (READS_TEXT) */
        case PyUnicode_1BYTE_KIND:
            rc = units_of_line(&us, line.data, PyUnicode_1BYTE_KIND, line.start, line.end);
            break;
        case PyUnicode_2BYTE_KIND:
            rc = units_of_line(&us, line.data, PyUnicode_2BYTE_KIND, line.start, line.end);
            break;
        default:
            rc = units_of_line(&us, line.data, PyUnicode_4BYTE_KIND, line.start, line.end);
        }
        if (rc < 0)
            goto done;
    }
    if (more < 0)
        goto done;
    PyObject *parts[4] = {vec_to_bytes(&chars), vec_to_bytes(&char_counts), vec_to_bytes(&words),
                          vec_to_bytes(&word_counts)};
    if (parts[0] && parts[1] && parts[2] && parts[3])
        result = Py_BuildValue("NNNN", parts[0], parts[1], parts[2], parts[3]);
    else
        for (int k = 0; k < 4; k++)
            Py_XDECREF(parts[k]);
done:
    vec_free(&chars);
    vec_free(&char_counts);
    vec_free(&words);
    vec_free(&word_counts);
    interner_free(&names);
    return result;
}

/* ---------------------------------------------------------------------------------- */
/* ngram_matches                                                                        */

/* The n-grams of one hypothesis: (prefix id + 1, last token) -> id. One slot holds key,
 * value and stamp together (one cache line per probe). */
typedef struct {
    uint64_t key;
    int32_t value;
    uint32_t stamp; /* the slot is used iff its stamp is the map's current one */
} gram_slot_t;

typedef struct {
    gram_slot_t *slots;
    uint32_t stamp;
    Py_ssize_t mask, capacity;
    int shift;
} gram_map_t;

/* The smallest power of two >= 8 * entries and >= 2^bits, as its exponent. */
static int table_bits(Py_ssize_t entries, int bits) {
    while (((Py_ssize_t)1 << bits) < 8 * entries)
        bits++;
    return bits;
}

static int gram_map_reserve(gram_map_t *m, Py_ssize_t entries) {
    int bits = table_bits(entries, 6);
    Py_ssize_t size = (Py_ssize_t)1 << bits;
    m->slots = PyMem_Calloc((size_t)size, sizeof(gram_slot_t));
    if (m->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    m->capacity = size;
    m->mask = size - 1;
    m->shift = 64 - bits;
    m->stamp = 0;
    return 0;
}

/* Use the first slots only, enough for `entries` at most half full (<= the reserved size):
 * a short sentence's n-grams then stay in a few cache lines. */
static void gram_map_resize(gram_map_t *m, Py_ssize_t entries) {
    int bits = table_bits(entries, 4);
    m->mask = ((Py_ssize_t)1 << bits) - 1;
    m->shift = 64 - bits;
}

static inline Py_ssize_t gram_slot(const gram_map_t *m, uint64_t key) {
    return (Py_ssize_t)((key * 0x9E3779B97F4A7C15ULL) >> m->shift);
}

/* The id of key, inserting next_id if absent (then *inserted = 1). */
static inline int32_t gram_insert(gram_map_t *m, uint64_t key, int32_t next_id, int *inserted) {
    Py_ssize_t s = gram_slot(m, key);
    gram_slot_t *slot = m->slots + s;
    while (slot->stamp == m->stamp) {
        if (slot->key == key) {
            *inserted = 0;
            return slot->value;
        }
        s = (s + 1) & m->mask;
        slot = m->slots + s;
    }
    slot->stamp = m->stamp;
    slot->key = key;
    slot->value = next_id;
    *inserted = 1;
    return next_id;
}

static inline int32_t gram_find(const gram_map_t *m, uint64_t key) {
    Py_ssize_t s = gram_slot(m, key);
    const gram_slot_t *slot = m->slots + s;
    while (slot->stamp == m->stamp) {
        if (slot->key == key)
            return slot->value;
        s = (s + 1) & m->mask;
        slot = m->slots + s;
    }
    return -1;
}

static inline uint64_t gram_key(int32_t prefix, int64_t token) {
    return ((uint64_t)(uint32_t)(prefix + 1) << 32) | (uint32_t)token;
}

/* What is known of one hypothesis n-gram (by id): its n, its count in the hypothesis,
 * its count in the reference being read (0 between references) and its largest count in
 * one reference so far. */
typedef struct {
    int32_t order, current;
    int64_t hyp, best;
} gram_info_t;

typedef struct {
    Py_buffer view;
    Py_ssize_t n;
} array_arg;

static int get_array(PyObject *obj, array_arg *a, Py_ssize_t itemsize, const char *name) {
    if (PyObject_GetBuffer(obj, &a->view, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (a->view.itemsize != itemsize || a->view.len % itemsize) {
        PyErr_Format(PyExc_TypeError, "%s must be an array of %zd-byte integers", name, itemsize);
        PyBuffer_Release(&a->view);
        a->view.obj = NULL;
        return -1;
    }
    a->n = a->view.len / itemsize;
    return 0;
}

static PyObject *ngram_matches(PyObject *self, PyObject *args) {
    PyObject *o_ids, *o_start, *o_len, *o_hyp, *o_offsets, *o_ref;
    int order, clip_max;
    if (!PyArg_ParseTuple(args, "OOOOOOip", &o_ids, &o_start, &o_len, &o_hyp, &o_offsets, &o_ref, &order,
                          &clip_max))
        return NULL;
    array_arg ids = {0}, start = {0}, len = {0}, hyp = {0}, offsets = {0}, ref = {0};
    PyObject *result = NULL;
    gram_map_t map = {0};
    int32_t *hyp_gram = NULL, *ref_gram = NULL;
    gram_info_t *info = NULL;
    int32_t *touched = NULL;
    if (get_array(o_ids, &ids, 8, "ids") < 0 || get_array(o_start, &start, 8, "line_start") < 0 ||
        get_array(o_len, &len, 8, "line_len") < 0 || get_array(o_hyp, &hyp, 8, "hyp_line") < 0 ||
        get_array(o_offsets, &offsets, 8, "ref_offsets") < 0 || get_array(o_ref, &ref, 8, "ref_line") < 0)
        goto done;
    const int64_t *tok = ids.view.buf;
    const int64_t *l_start = start.view.buf, *l_len = len.view.buf, *h_line = hyp.view.buf,
                  *r_off = offsets.view.buf, *r_line = ref.view.buf;
    Py_ssize_t n_sent = hyp.n, n_lines = start.n;
    if (order < 1 || len.n != n_lines || offsets.n != n_sent + 1 || r_off[0] != 0 || r_off[n_sent] != ref.n) {
        PyErr_SetString(PyExc_ValueError, "inconsistent ngram_matches arguments");
        goto done;
    }
    /* Bounds: ids fit the 32-bit key fields, every line inside ids, every line index
     * valid, offsets increasing. */
    for (Py_ssize_t k = 0; k < ids.n; k++)
        if (tok[k] < 0 || tok[k] > INT32_MAX) {
            PyErr_SetString(PyExc_ValueError, "ids must lie in 0..2**31-1");
            goto done;
        }
    Py_ssize_t longest = 1;
    for (Py_ssize_t k = 0; k < n_lines; k++) {
        if (l_start[k] < 0 || l_len[k] < 0 || l_start[k] + l_len[k] > ids.n) {
            PyErr_SetString(PyExc_ValueError, "a line lies outside the ids");
            goto done;
        }
        if (l_len[k] > longest)
            longest = l_len[k];
    }
    for (Py_ssize_t s = 0; s < n_sent; s++)
        if (h_line[s] < 0 || h_line[s] >= n_lines || r_off[s + 1] < r_off[s]) {
            PyErr_SetString(PyExc_ValueError, "bad hypothesis line or reference offsets");
            goto done;
        }
    for (Py_ssize_t k = 0; k < ref.n; k++)
        if (r_line[k] < 0 || r_line[k] >= n_lines) {
            PyErr_SetString(PyExc_ValueError, "bad reference line");
            goto done;
        }
    Py_ssize_t rows = clip_max ? n_sent : ref.n;
    PyObject *out = PyBytes_FromStringAndSize(NULL, rows * order * (Py_ssize_t)sizeof(int64_t));
    if (out == NULL)
        goto done;
    int64_t *matches = (int64_t *)PyBytes_AS_STRING(out);
    memset(matches, 0, (size_t)(rows * order) * sizeof(int64_t));

    Py_ssize_t cap = longest * order + 1;
    hyp_gram = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    ref_gram = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    info = PyMem_Calloc((size_t)cap, sizeof(gram_info_t));
    touched = PyMem_Malloc((size_t)cap * sizeof(int32_t));
    if (!hyp_gram || !ref_gram || !info || !touched) {
        PyErr_NoMemory();
        Py_DECREF(out);
        goto done;
    }
    if (gram_map_reserve(&map, cap) < 0) {
        Py_DECREF(out);
        goto done;
    }

    /* The counting touches no Python object: without the GIL, so that the sentences of
     * one corpus can be counted in parts on several threads (bleuprint.impl.native). */
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t s = 0; s < n_sent; s++) {
        const int64_t *h = tok + l_start[h_line[s]];
        Py_ssize_t hl = l_len[h_line[s]];
        if (++map.stamp == 0) { /* stamps wrapped: clear them */
            memset(map.slots, 0, (size_t)map.capacity * sizeof(gram_slot_t));
            map.stamp = 1;
        }
        gram_map_resize(&map, hl * order + 1);
        /* The hypothesis' n-grams, order by order, each prefix id replaced in place. */
        int32_t n_grams = 0;
        Py_ssize_t depth = 0;
        for (int n = 1; n <= order && n <= hl; n++) {
            depth = n;
            for (Py_ssize_t p = 0; p + n <= hl; p++) {
                int inserted;
                int32_t prefix = n == 1 ? -1 : hyp_gram[p];
                int32_t g = gram_insert(&map, gram_key(prefix, h[p + n - 1]), n_grams, &inserted);
                if (inserted) {
                    info[g].order = n;
                    info[g].hyp = 0;
                    info[g].best = 0;
                    n_grams++;
                }
                info[g].hyp++;
                hyp_gram[p] = g;
            }
        }
        for (Py_ssize_t k = r_off[s]; k < r_off[s + 1]; k++) {
            const int64_t *r = tok + l_start[r_line[k]];
            Py_ssize_t rl = l_len[r_line[k]];
            Py_ssize_t n_touched = 0;
            for (int n = 1; n <= depth && n <= rl; n++) {
                Py_ssize_t alive = 0;
                for (Py_ssize_t p = 0; p + n <= rl; p++) {
                    int32_t g;
                    if (n == 1)
                        g = gram_find(&map, gram_key(-1, r[p]));
                    else
                        g = ref_gram[p] < 0 ? -1 : gram_find(&map, gram_key(ref_gram[p], r[p + n - 1]));
                    ref_gram[p] = g;
                    if (g >= 0) {
                        alive++;
                        if (info[g].current++ == 0)
                            touched[n_touched++] = g;
                    }
                }
                if (alive == 0)
                    break;
            }
            int64_t *row = matches + (clip_max ? s : k) * order;
            for (Py_ssize_t t = 0; t < n_touched; t++) {
                int32_t g = touched[t];
                gram_info_t *x = info + g;
                if (clip_max) {
                    if (x->current > x->best)
                        x->best = x->current;
                } else {
                    row[x->order - 1] += x->current < x->hyp ? x->current : x->hyp;
                }
                x->current = 0;
            }
        }
        if (clip_max) {
            int64_t *row = matches + s * order;
            /* ids were given order by order, so each order's grams are one run of ids:
             * summed in a register, stored once (not a load and a store per gram) */
            for (int32_t g = 0; g < n_grams;) {
                const int32_t o = info[g].order;
                int64_t sum = 0;
                for (; g < n_grams && info[g].order == o; g++)
                    sum += info[g].best < info[g].hyp ? info[g].best : info[g].hyp;
                row[o - 1] += sum;
            }
        }
    }
    Py_END_ALLOW_THREADS
    result = out;
done:
    PyMem_Free(map.slots);
    PyMem_Free(hyp_gram);
    PyMem_Free(ref_gram);
    PyMem_Free(info);
    PyMem_Free(touched);
    array_arg *all[6] = {&ids, &start, &len, &hyp, &offsets, &ref};
    for (int k = 0; k < 6; k++)
        if (all[k]->view.obj)
            PyBuffer_Release(&all[k]->view);
    return result;
}

/* ---------------------------------------------------------------------------------- */
/* bleu_rows                                                                            */

/* One line of a bleu_rows or chrf_rows call: its text (the str, which the call holds a
 * reference to), read while the GIL is held, so that the counting can run without it. */
typedef struct {
    const char *data;
    Py_ssize_t len;
    int kind;
} sline_t;

/* The lines of sentences a..b-1 of a *_rows call, gathered by hold_lines. */
typedef struct {
    PyObject **held;    /* a new reference to each line's str, n_held of them */
    sline_t *lines;     /* sentence by sentence: the hypothesis, then its references */
    Py_ssize_t *first;  /* first[s]: the index of sentence s's hypothesis; first[b - a] = n_held */
    Py_ssize_t n_held, longest;
} held_lines_t;

/* What hold_lines took (the fields of its held_lines_t), given back. */
static void release_lines(PyObject **held, Py_ssize_t n_held, sline_t *lines, Py_ssize_t *first) {
    for (Py_ssize_t k = 0; k < n_held; k++)
        Py_DECREF(held[k]);
    PyMem_Free(held);
    PyMem_Free(lines);
    PyMem_Free(first);
}

/* Gather hyps[a:b] and their refs (the caller checked the range) into h: 1 when done, 0
 * when the input is not plain (a hypothesis that is not a str; refs[i] not a non-empty
 * list of str, nor a tuple when tuples_ok; a line of max_len code points or more), -1 on
 * an error (set). Whatever it returns, h holds what it took (the caller frees the three
 * arrays and releases held[0..n_held)). */
static int hold_lines(PyObject *hyps, PyObject *refs, Py_ssize_t a, Py_ssize_t b, int tuples_ok, Py_ssize_t max_len,
                      held_lines_t *h) {
    Py_ssize_t n_sent = b - a, n_lines = 0;
    h->n_held = 0;
    h->longest = 1;
    for (Py_ssize_t i = a; i < b; i++) {
        PyObject *hyp = PyList_GET_ITEM(hyps, i), *rs = PyList_GET_ITEM(refs, i);
        if (!PyUnicode_CheckExact(hyp) || !(PyList_CheckExact(rs) || (tuples_ok && PyTuple_CheckExact(rs))) ||
            PySequence_Fast_GET_SIZE(rs) == 0)
            return 0;
        n_lines += 1 + PySequence_Fast_GET_SIZE(rs);
    }
    h->held = PyMem_Malloc((size_t)(n_lines + 1) * sizeof(PyObject *));
    h->lines = PyMem_Malloc((size_t)(n_lines + 1) * sizeof(sline_t));
    h->first = PyMem_Malloc((size_t)(n_sent + 1) * sizeof(Py_ssize_t));
    if (!h->held || !h->lines || !h->first) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = a; i < b; i++) {
        PyObject *rs = PyList_GET_ITEM(refs, i);
        Py_ssize_t m = PySequence_Fast_GET_SIZE(rs);
        if (m == 0 || h->n_held + 1 + m > n_lines)
            return 0; /* the lists changed under us (a __del__ or another thread) */
        h->first[i - a] = h->n_held;
        for (Py_ssize_t j = -1; j < m; j++) {
            PyObject *s = j < 0 ? PyList_GET_ITEM(hyps, i) : PySequence_Fast_GET_ITEM(rs, j);
            if (!PyUnicode_CheckExact(s))
                return 0;
#if PY_VERSION_HEX < 0x030C0000
            if (PyUnicode_READY(s) < 0)
                return -1;
#endif
            Py_INCREF(s);
            h->held[h->n_held] = s;
            sline_t *line = h->lines + h->n_held++;
            line->data = PyUnicode_DATA(s);
            line->kind = PyUnicode_KIND(s);
            line->len = PyUnicode_GET_LENGTH(s);
            if (line->len >= max_len)
                return 0;
            if (line->len > h->longest)
                h->longest = line->len;
        }
    }
    if (h->n_held != n_lines)
        return 0;
    h->first[n_sent] = h->n_held;
    return 1;
}

/* The tokens of one line of a sentence into ls->ids (emptied first): line_token_ids'
 * preparation (13a's steps 1-2 into buf when the line needs them) and tokens_of_line, the
 * ids from the sentence's table. Cannot fail: the caller sized ids, lengths and buf. */
static void sentence_line_tokens(line_state_t *ls, const sline_t *line, int strip_left, Py_UCS4 *buf) {
    const char *data = line->data;
    int kind = line->kind;
    Py_ssize_t a = 0, b = line->len;
    while (b > 0 && is_space(ls->flags, PyUnicode_READ(kind, data, b - 1)))
        b--;
    while (strip_left && a < b && is_space(ls->flags, PyUnicode_READ(kind, data, a)))
        a++;
    if (ls->mode == MODE_13A && needs_13a_steps(data, kind, a, b)) {
        b = steps_13a(data, kind, a, b, buf);
        data = (const char *)buf;
        kind = PyUnicode_4BYTE_KIND;
        a = 0;
    }
    ls->ids->len = 0;
    ls->lengths->len = 0;
    switch (kind) { /* one copy of the loop per kind (READS_TEXT) */
    case PyUnicode_1BYTE_KIND:
        (void)tokens_of_line(ls, data, PyUnicode_1BYTE_KIND, a, b, 0);
        break;
    case PyUnicode_2BYTE_KIND:
        (void)tokens_of_line(ls, data, PyUnicode_2BYTE_KIND, a, b, 0);
        break;
    default:
        (void)tokens_of_line(ls, data, PyUnicode_4BYTE_KIND, a, b, 0);
    }
}

/* bleu_rows(hyps, refs, a, b, mode, table, strip_left, order): the statistics rows
 * [c, r, m_1..m_N, t_1..t_N] (2 + 2 * order int64 each) of sentences a..b-1, each read
 * straight off its str objects and counted on its own: line_token_ids' preparation and
 * cuts, the tokens numbered in the sentence's table (sent_tokens_t), then ngram_matches'
 * clipped counts (clip_max) in a table sized to the sentence. None when some hypothesis
 * is not a str, some refs[i] not a non-empty list or tuple of str, or a line has 2**30 code
 * points or more (the caller then takes its checked route). */
static PyObject *bleu_rows(PyObject *self, PyObject *args) {
    PyObject *hyps, *refs;
    Py_ssize_t a, b;
    int mode, strip_left, order;
    Py_buffer table = {0};
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!nniy*pi", &PyList_Type, &hyps, &PyList_Type, &refs, &a, &b, &mode, &table,
                          &strip_left, &order))
        return NULL;
    PyObject *result = NULL, *out = NULL;
    PyObject **held = NULL;
    sline_t *lines = NULL;
    Py_ssize_t *first = NULL, n_held = 0;
    vec_t hyp_ids = {0}, ref_ids = {0}, lengths = {0};
    sent_tokens_t tokens = {0};
    gram_map_t map = {0};
    int32_t *hyp_gram = NULL, *ref_gram = NULL, *touched = NULL;
    gram_info_t *info = NULL;
    Py_UCS4 *buf = NULL; /* 13a's prepared lines: the hypothesis', then a reference's */
    int rules = mode == MODE_RULES || mode == MODE_RULES_DASH || mode == MODE_13A;
    if (a < 0 || b < a || b > PyList_GET_SIZE(hyps) || b > PyList_GET_SIZE(refs) || order < 1) {
        PyErr_SetString(PyExc_ValueError, "bad sentence range or order");
        goto done;
    }
    if (mode < MODE_WHITESPACE || mode > MODE_13A) {
        PyErr_SetString(PyExc_ValueError, "unknown token_ids mode");
        goto done;
    }
    if (rules && (table.len < 128 || table.len > 0x110000)) {
        PyErr_SetString(PyExc_ValueError, "the flag table must cover ASCII and at most every code point");
        goto done;
    }
    table_t flags;
    table_init(&flags, table.buf, rules ? table.len : 0);

    Py_ssize_t n_sent = b - a;
    /* a line of 2**30 code points or more: the checked route raises the interner's error */
    held_lines_t got = {0};
    int plain = hold_lines(hyps, refs, a, b, 1, (Py_ssize_t)1 << 30, &got);
    held = got.held;
    lines = got.lines;
    first = got.first;
    n_held = got.n_held;
    Py_ssize_t longest = got.longest;
    if (plain < 0)
        goto done;
    if (plain == 0)
        goto not_plain;

    Py_ssize_t width = 2 + 2 * (Py_ssize_t)order;
    out = PyBytes_FromStringAndSize(NULL, n_sent * width * (Py_ssize_t)sizeof(int64_t));
    if (out == NULL)
        goto done;
    /* A line of L code points has at most L tokens, so at most L n-grams of one order. */
    int depth_max = order < longest ? order : (int)longest;
    Py_ssize_t cap = longest * depth_max + 1;
    tokens.capacity = 64;
    while (tokens.capacity < 2 * longest + 2)
        tokens.capacity *= 2;
    tokens.slots = PyMem_Calloc((size_t)tokens.capacity, sizeof(tslot_t));
    tokens.spans = PyMem_Malloc((size_t)(longest + 1) * sizeof(tspan_t));
    buf = PyMem_Malloc((size_t)(2 * longest) * sizeof(Py_UCS4));
    hyp_gram = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    ref_gram = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    info = PyMem_Calloc((size_t)cap, sizeof(gram_info_t));
    touched = PyMem_Malloc((size_t)cap * sizeof(int32_t));
    if (!tokens.slots || !tokens.spans || !buf || !hyp_gram || !ref_gram || !info || !touched) {
        PyErr_NoMemory();
        goto done;
    }
    if (vec_init(&hyp_ids, sizeof(int64_t), longest + TOKEN_BATCH) < 0 ||
        vec_init(&ref_ids, sizeof(int64_t), longest + TOKEN_BATCH) < 0 || vec_init(&lengths, sizeof(int64_t), 16) < 0 ||
        gram_map_reserve(&map, cap) < 0)
        goto done;
    line_state_t ls = {mode, rules, 0, &flags, NULL, &hyp_ids, &lengths, NULL, 0, &tokens};

    Py_BEGIN_ALLOW_THREADS
    int64_t *row = (int64_t *)PyBytes_AS_STRING(out);
    for (Py_ssize_t s = 0; s < n_sent; s++, row += width) {
        const sline_t *line = lines + first[s];
        Py_ssize_t n_refs = first[s + 1] - first[s] - 1;
#if defined(__GNUC__)
        /* The texts are separate objects, far apart: fetch those of a later sentence. */
        if (s + 2 < n_sent)
            for (Py_ssize_t k = first[s + 2]; k < first[s + 3]; k++)
                for (Py_ssize_t at = 0; at < lines[k].len * lines[k].kind && at < 512; at += 64)
                    __builtin_prefetch(lines[k].data + at);
#endif
        memset(row, 0, (size_t)width * sizeof(int64_t));
        /* The hypothesis' tokens, numbered in a table sized to it. */
        Py_ssize_t size = 16;
        while (size < 2 * line->len + 2)
            size *= 2;
        tokens.mask = (uint64_t)size - 1;
        tokens.count = 0;
        if (++tokens.stamp == 0) {
            memset(tokens.slots, 0, (size_t)tokens.capacity * sizeof(tslot_t));
            tokens.stamp = 1;
        }
        tokens.add = 1;
        ls.ids = &hyp_ids;
        sentence_line_tokens(&ls, line, strip_left, buf);
        const int64_t *h = (const int64_t *)hyp_ids.data;
        Py_ssize_t hl = hyp_ids.len;
        /* The hypothesis' n-grams, order by order (as ngram_matches); a unigram's id is
         * its token's (both dense in order of first occurrence), with no table. */
        if (++map.stamp == 0) {
            memset(map.slots, 0, (size_t)map.capacity * sizeof(gram_slot_t));
            map.stamp = 1;
        }
        gram_map_resize(&map, hl * (order < hl ? order : hl) + 1);
        int32_t n_grams = tokens.count;
        int depth = hl > 0;
        for (int32_t g = 0; g < n_grams; g++) {
            info[g].order = 1;
            info[g].hyp = 0;
            info[g].best = 0;
        }
        for (Py_ssize_t p = 0; p < hl; p++) {
            info[h[p]].hyp++;
            hyp_gram[p] = (int32_t)h[p];
        }
        for (int n = 2; n <= order && n <= hl; n++) {
            depth = n;
            for (Py_ssize_t p = 0; p + n <= hl; p++) {
                int inserted;
                int32_t prefix = n == 1 ? -1 : hyp_gram[p];
                int32_t g = gram_insert(&map, gram_key(prefix, h[p + n - 1]), n_grams, &inserted);
                if (inserted) {
                    info[g].order = n;
                    info[g].hyp = 0;
                    info[g].best = 0;
                    n_grams++;
                }
                info[g].hyp++;
                hyp_gram[p] = g;
            }
        }
        /* Each reference: its tokens looked up, its n-grams counted, the largest count
         * of each hypothesis n-gram in one reference kept; the closest length. */
        tokens.add = 0;
        ls.ids = &ref_ids;
        Py_ssize_t closest = -1;
        for (Py_ssize_t j = 0; j < n_refs; j++) {
            sentence_line_tokens(&ls, line + 1 + j, strip_left, buf + longest); /* the hypothesis' tokens may point into buf */
            const int64_t *r = (const int64_t *)ref_ids.data;
            Py_ssize_t rl = ref_ids.len;
            Py_ssize_t gap = rl > hl ? rl - hl : hl - rl, best_gap = closest > hl ? closest - hl : hl - closest;
            if (closest < 0 || gap < best_gap || (gap == best_gap && rl < closest))
                closest = rl;
            Py_ssize_t n_touched = 0;
            for (int n = 1; n <= depth && n <= rl; n++) {
                Py_ssize_t alive = 0;
                for (Py_ssize_t p = 0; p + n <= rl; p++) {
                    int32_t g;
                    if (n == 1)
                        g = (int32_t)r[p];
                    else
                        g = ref_gram[p] < 0 || r[p + n - 1] < 0 ? -1
                                                                : gram_find(&map, gram_key(ref_gram[p], r[p + n - 1]));
                    ref_gram[p] = g;
                    if (g >= 0) {
                        alive++;
                        if (info[g].current++ == 0)
                            touched[n_touched++] = g;
                    }
                }
                if (alive == 0)
                    break;
            }
            for (Py_ssize_t t = 0; t < n_touched; t++) {
                gram_info_t *x = info + touched[t];
                if (x->current > x->best)
                    x->best = x->current;
                x->current = 0;
            }
        }
        row[0] = hl;
        row[1] = closest;
        for (int32_t g = 0; g < n_grams;) { /* one run of ids per order, as in ngram_matches */
            const int32_t o = info[g].order;
            int64_t sum = 0;
            for (; g < n_grams && info[g].order == o; g++)
                sum += info[g].best < info[g].hyp ? info[g].best : info[g].hyp;
            row[1 + o] += sum;
        }
        for (int n = 1; n <= order; n++)
            row[1 + order + n] = hl - n + 1 > 0 ? hl - n + 1 : 0;
    }
    Py_END_ALLOW_THREADS
    result = out;
    out = NULL;
    goto done;
not_plain:
    result = Py_None;
    Py_INCREF(result);
done:
    Py_XDECREF(out);
    release_lines(held, n_held, lines, first);
    PyMem_Free(tokens.slots);
    PyMem_Free(tokens.spans);
    PyMem_Free(buf);
    PyMem_Free(hyp_gram);
    PyMem_Free(ref_gram);
    PyMem_Free(info);
    PyMem_Free(touched);
    PyMem_Free(map.slots);
    vec_free(&hyp_ids);
    vec_free(&ref_ids);
    vec_free(&lengths);
    PyBuffer_Release(&table);
    return result;
}

/* ---------------------------------------------------------------------------------- */
/* chrf_rows                                                                            */


/* The n-grams of one hypothesis, in one sentence's id space: the n-gram at a position is
 * the pair (id of its (n-1)-gram prefix, its last unit), so a slot's key is exact. The
 * table is sized to the sentence (a few KB: it stays in L1); a slot is used iff its stamp
 * is the current sentence's, so nothing is cleared between sentences. */
typedef struct {
    uint64_t key;
    int32_t id;
    uint32_t stamp;
} cslot_t;

/* hyp: the k-gram's count in the hypothesis; cur: its count so far in the reference. */
typedef struct {
    int32_t hyp, cur;
} cgram_t;

typedef struct {
    cslot_t *slots;
    cgram_t *grams;
    int32_t *hyp_gram, *ref_gram;
    uint32_t *hyp_units, *ref_units;
    uint64_t mask;
    int shift;
    uint32_t stamp;
    Py_ssize_t capacity; /* slots allocated */
} ccount_t;

static inline uint64_t cgram_key(int32_t prefix, uint32_t unit) {
    return ((uint64_t)(uint32_t)(prefix + 1) << 32) | unit;
}

static inline uint64_t cslot_of(const ccount_t *c, uint64_t key) {
    return (key * 0x9E3779B97F4A7C15ULL) >> c->shift;
}

/* matches[k-1] = sum over the k-grams of min(count in h[0..hl), count in r[0..rl)), for
 * k = 1..order, order by order. The table holds one order's hypothesis k-grams at a time
 * (so it is sized to a line and stays in L1; a slot is used iff its stamp is the current
 * order's, so nothing is cleared). Only k-grams whose (k-1)-gram prefix occurs on both
 * sides can match, so only those positions are counted at order k: the others are marked
 * dead (-1) after order k-1. A reference occurrence beyond the hypothesis' count adds
 * nothing, so the sum of minimums is the number of reference occurrences found while the
 * running count is at most the hypothesis'. */
static void ccount_pair(ccount_t *c, const uint32_t *h, Py_ssize_t hl, const uint32_t *r, Py_ssize_t rl,
                        int order, int64_t *matches) {
    int bits = 6;
    while (((Py_ssize_t)1 << bits) < 2 * hl + 2)
        bits++;
    c->mask = ((uint64_t)1 << bits) - 1;
    c->shift = 64 - bits;
    int32_t *hg = c->hyp_gram, *rg = c->ref_gram;
    cgram_t *grams = c->grams;
    for (int n = 1; n <= order && n <= hl && n <= rl; n++) {
        if (++c->stamp == 0) { /* stamps wrapped: clear them */
            memset(c->slots, 0, (size_t)c->capacity * sizeof(cslot_t));
            c->stamp = 1;
        }
        const uint32_t stamp = c->stamp;
        int32_t n_grams = 0;
        for (Py_ssize_t p = 0; p + n <= hl; p++) {
            int32_t prefix = n == 1 ? -1 : hg[p];
            if (n > 1 && prefix < 0) {
                continue; /* hg[p] stays -1 */
            }
            uint64_t key = cgram_key(prefix, h[p + n - 1]);
            uint64_t s = cslot_of(c, key);
            for (;;) {
                cslot_t *slot = c->slots + s;
                if (slot->stamp != stamp) {
                    slot->stamp = stamp;
                    slot->key = key;
                    slot->id = n_grams;
                    grams[n_grams].hyp = 1;
                    grams[n_grams].cur = 0;
                    hg[p] = n_grams++;
                    break;
                }
                if (slot->key == key) {
                    grams[slot->id].hyp++;
                    hg[p] = slot->id;
                    break;
                }
                s = (s + 1) & c->mask;
            }
        }
        int64_t found = 0, alive = 0;
        for (Py_ssize_t p = 0; p + n <= rl; p++) {
            int32_t prefix = n == 1 ? -1 : rg[p];
            int32_t g = -1;
            if (n == 1 || prefix >= 0) {
                uint64_t key = cgram_key(prefix, r[p + n - 1]);
                uint64_t s = cslot_of(c, key);
                for (;;) {
                    const cslot_t *slot = c->slots + s;
                    if (slot->stamp != stamp)
                        break;
                    if (slot->key == key) {
                        g = slot->id;
                        break;
                    }
                    s = (s + 1) & c->mask;
                }
            }
            rg[p] = g;
            if (g >= 0) {
                alive++;
                found += ++grams[g].cur <= grams[g].hyp;
            }
        }
        matches[n - 1] = found;
        if (alive == 0)
            break;
        /* hypothesis positions whose k-gram the reference lacks: dead from now on */
        for (Py_ssize_t p = 0; p + n <= hl; p++)
            if (hg[p] >= 0 && grams[hg[p]].cur == 0)
                hg[p] = -1;
    }
}

/* The fast route of ccount_pair for orders 1..6 over a small alphabet. Each sentence's
 * hypothesis units are numbered densely as bytes 1..A (cbytes_number); a reference unit
 * the hypothesis lacks becomes the byte A + 1, which no hypothesis n-gram contains (so
 * two such units looking alike changes nothing: a group without hypothesis n-grams adds
 * min(0, r) = 0). The bytes of the up to 6 units from a position, first unit highest,
 * zero bytes past the line's end, make one exact key (0 is no unit's byte, so a k-gram
 * cut short by the end never equals a full one). csort_pair sorts the keys of both
 * lines together (LSD radix sort, byte by byte over the A + 2 byte values: no branch
 * depends on the data) and reads every order off the one sorted array: the k-grams of a
 * position are equal iff their keys agree in the top k bytes, so each order's equal
 * k-grams are runs of the sorted array, and where a run ends is where the common prefix
 * of two neighbours is shorter than k (count leading zeros of their xor). */
#define CBYTES_MAX 254 /* hypothesis units numbered 1..254; 255 is the reference-only byte */
#define CSORT_LINE_MAX ((Py_ssize_t)1 << 29) /* so that the counts of two lines fit an int32 */
#define CBIG_SLOTS 512 /* >= 2 * CBYTES_MAX: the map of the code points >= 256 */
#if defined(__GNUC__)
#define CSORT_ORDER 6
#define CLIKELY(x) __builtin_expect(!!(x), 1)
typedef int32_t cv4 __attribute__((vector_size(16)));
#else
#define CSORT_ORDER 0 /* the sorted route needs GCC's or clang's vectors and builtins: off */
#define CLIKELY(x) (x)
#endif

typedef struct {
    uint8_t small[256];      /* byte of a code point < 256, 0 if the hypothesis lacks it */
    uint32_t big_unit[CBIG_SLOTS];
    uint8_t big_byte[CBIG_SLOTS]; /* 0: empty slot */
    uint32_t numbered[CBYTES_MAX]; /* the units numbered, to forget them */
    int32_t big_used[CBYTES_MAX];  /* the big slots used, to clear them */
    int n_numbered, n_big;
    uint64_t *keys, *spare;        /* 2 * longest + 2 keys each */
    uint8_t *hyp_bytes, *ref_bytes; /* longest each */
    int32_t at[256], end[256], count[256]; /* csort_pair's counting sort */
} cbytes_t;

static inline Py_ssize_t cbig_slot(uint32_t unit) {
    return (Py_ssize_t)((unit * 0x9E3779B1u) >> 23); /* 9 bits: CBIG_SLOTS */
}

/* Forgets the numbering of the last hypothesis. */
static void cbytes_forget(cbytes_t *m) {
    for (int k = 0; k < m->n_numbered; k++)
        if (m->numbered[k] < 256)
            m->small[m->numbered[k]] = 0;
    for (int k = 0; k < m->n_big; k++)
        m->big_byte[m->big_used[k]] = 0;
    m->n_numbered = m->n_big = 0;
}

/* Numbers the hypothesis units u[0..len) densely from 1 into out; returns the number A
 * of distinct units, or -1 (numbering forgotten) when there are more than CBYTES_MAX. */
static int cbytes_number(cbytes_t *m, const uint32_t *u, Py_ssize_t len, uint8_t *out) {
    for (Py_ssize_t p = 0; p < len; p++) {
        uint32_t x = u[p];
        uint8_t b;
        if (CLIKELY(x < 256)) {
            b = m->small[x];
            if (!CLIKELY(b != 0)) {
                if (m->n_numbered == CBYTES_MAX)
                    goto overflow;
                b = m->small[x] = (uint8_t)++m->n_numbered;
                m->numbered[m->n_numbered - 1] = x;
            }
        } else {
            Py_ssize_t s = cbig_slot(x);
            while (m->big_byte[s] && m->big_unit[s] != x)
                s = (s + 1) & (CBIG_SLOTS - 1);
            b = m->big_byte[s];
            if (b == 0) {
                if (m->n_numbered == CBYTES_MAX)
                    goto overflow;
                m->big_unit[s] = x;
                b = m->big_byte[s] = (uint8_t)++m->n_numbered;
                m->numbered[m->n_numbered - 1] = x;
                m->big_used[m->n_big++] = (int32_t)s;
            }
        }
        out[p] = b;
    }
    return m->n_numbered;
overflow:
    cbytes_forget(m);
    return -1;
}

/* The bytes of reference units under the hypothesis' numbering; absent ones get `absent`. */
static void cbytes_lookup(const cbytes_t *m, const uint32_t *u, Py_ssize_t len, uint8_t absent, uint8_t *out) {
    for (Py_ssize_t p = 0; p < len; p++) {
        uint32_t x = u[p];
        uint8_t b;
        if (CLIKELY(x < 256)) {
            b = m->small[x];
        } else {
            Py_ssize_t s = cbig_slot(x);
            while (m->big_byte[s] && m->big_unit[s] != x)
                s = (s + 1) & (CBIG_SLOTS - 1);
            b = m->big_byte[s];
        }
        out[p] = b ? b : absent;
    }
}

/* Appends the keys of the line b[0..len) to keys: bits 63..16 the bytes of the (up to)
 * 6 units from the position, bits 3..1 how many of them the line has (min(6, len - p)),
 * bit 0 the side (1: hypothesis). */
static inline uint64_t *csort_keys(const uint8_t *b, Py_ssize_t len, uint64_t side, uint64_t *keys) {
    uint64_t window = 0;
    for (Py_ssize_t p = len - 1; p >= 0; p--) {
        window = ((window >> 8) | ((uint64_t)b[p] << 56)) & 0xFFFFFFFFFFFF0000ULL;
        Py_ssize_t left = len - p;
        keys[p] = window | (uint64_t)(left < CSORT_ORDER ? left : CSORT_ORDER) << 1 | side;
    }
    return keys + len;
}

/* matches[k-1] for k = 1..order (order <= 6) of the byte lines h and r (see above);
 * `values` bounds the bytes (A + 2). */
#if CSORT_ORDER == 0
static void csort_pair(cbytes_t *m, const uint8_t *h, Py_ssize_t hl, const uint8_t *r, Py_ssize_t rl, int values,
                       int order, int64_t *matches) { /* never called: CSORT_ORDER = 0 */
    (void)m, (void)h, (void)hl, (void)r, (void)rl, (void)values, (void)order, (void)matches;
}
#else
static void csort_pair(cbytes_t *m, const uint8_t *h, Py_ssize_t hl, const uint8_t *r, Py_ssize_t rl, int values,
                       int order, int64_t *matches) {
    if (hl == 0 || rl == 0)
        return;
    uint64_t *src = m->keys, *dst = m->spare;
    Py_ssize_t total = csort_keys(r, rl, 0, csort_keys(h, hl, 1, src)) - src;
    /* The byte of digit d at position p is b[p + d] (0 past the end), so each digit's
     * histogram is the lines' byte histogram less their first d bytes, plus d zeros. */
    int32_t *count = m->count;
    memset(count, 0, (size_t)values * sizeof(int32_t));
    for (Py_ssize_t p = 0; p < hl; p++)
        count[h[p]]++;
    for (Py_ssize_t p = 0; p < rl; p++)
        count[r[p]]++;
    for (int d = order - 1; d >= 0; d--) { /* last unit first: LSD, stable */
        int32_t *at = m->at, sum = 0;
        memcpy(at, count, (size_t)values * sizeof(int32_t));
        for (int j = 0; j < d; j++) {
            if (j < hl) {
                at[h[j]]--;
                at[0]++;
            }
            if (j < rl) {
                at[r[j]]--;
                at[0]++;
            }
        }
        int32_t *end = m->end;
        for (int v = 0; v < values; v++) {
            int32_t c = at[v];
            at[v] = sum;
            sum += c;
            end[v] = sum;
        }
        /* The first half of src fills each bucket from its start, the second half (read
         * backwards) from its end, so the pass stays stable; two independent chains of
         * counter updates (a bucket met twice in a row waits on its own store). */
        const int shift = 56 - 8 * d;
        Py_ssize_t i = 0, j = total - 1;
        for (; i < j; i++, j--) {
            uint64_t front = src[i], back = src[j];
            dst[at[(front >> shift) & 0xFF]++] = front;
            dst[--end[(back >> shift) & 0xFF]] = back;
        }
        if (i == j)
            dst[at[(src[i] >> shift) & 0xFF]] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    /* Lane k of hs, rs: the (k + 1)-grams of each side in the current run of order k + 1,
     * in two vectors of 4 lanes (GCC's and clang's vector extension: SSE2 or NEON, no
     * flags needed) of which 6 are used. */
    const cv4 lanes_lo = {0, 1, 2, 3}, lanes_hi = {4, 5, 6, 7};
    cv4 hs_lo = {0}, hs_hi = {0}, rs_lo = {0}, rs_hi = {0}, found_lo = {0}, found_hi = {0};
    uint64_t prev = src[0] ^ 0x8000000000000000ULL; /* a first byte unlike the first key's */
    for (Py_ssize_t i = 0; i < total; i++) {
        uint64_t key = src[i];
        /* the number of top bytes key and prev share (7: all 6) */
        int32_t same = __builtin_clzll(((key ^ prev) & 0xFFFFFFFFFFFF0000ULL) | 0x80) >> 3;
        prev = key;
        int32_t hyp = -(int32_t)(key & 1), have = (int32_t)((key >> 1) & 7);
        /* all ones in the lanes whose run ends here, and in those of the orders the
         * position has a k-gram of */
        cv4 ends_lo = lanes_lo >= same, ends_hi = lanes_hi >= same;
        cv4 counted_lo = lanes_lo < have, counted_hi = lanes_hi < have;
        cv4 less_lo = hs_lo < rs_lo, less_hi = hs_hi < rs_hi;
        found_lo += ((hs_lo & less_lo) | (rs_lo & ~less_lo)) & ends_lo;
        found_hi += ((hs_hi & less_hi) | (rs_hi & ~less_hi)) & ends_hi;
        hs_lo = (hs_lo & ~ends_lo) - (counted_lo & hyp);
        hs_hi = (hs_hi & ~ends_hi) - (counted_hi & hyp);
        rs_lo = (rs_lo & ~ends_lo) - (counted_lo & ~hyp);
        rs_hi = (rs_hi & ~ends_hi) - (counted_hi & ~hyp);
    }
    int32_t hs[8], rs[8], found[8];
    memcpy(hs, &hs_lo, sizeof hs_lo);
    memcpy(hs + 4, &hs_hi, sizeof hs_hi);
    memcpy(rs, &rs_lo, sizeof rs_lo);
    memcpy(rs + 4, &rs_hi, sizeof rs_hi);
    memcpy(found, &found_lo, sizeof found_lo);
    memcpy(found + 4, &found_hi, sizeof found_hi);
    for (int k = 0; k < order; k++)
        matches[k] = found[k] + (hs[k] < rs[k] ? hs[k] : rs[k]);
}
#endif

/* The [hyp, ref, matches] triples of orders 1..order into row (3 * order numbers): a line of
 * L units has max(L - k + 1, 0) k-grams; the hypothesis count is 0 when the reference has
 * none (spec.chrf.order_stats). */
static void ccount_row(Py_ssize_t hl, Py_ssize_t rl, int order, const int64_t *matches, int64_t *row) {
    for (int k = 1; k <= order; k++) {
        Py_ssize_t ht = hl - k + 1, rt = rl - k + 1;
        row[3 * (k - 1)] = rt > 0 && ht > 0 ? ht : 0;
        row[3 * (k - 1) + 1] = rt > 0 ? rt : 0;
        row[3 * (k - 1) + 2] = matches[k - 1];
    }
}

/* chrF's characters of a line: its code points, white space (Py_UNICODE_ISSPACE, what
 * str.split() splits on) dropped unless keep. Returns their number. */
READS_TEXT Py_ssize_t line_chars(const void *data, int kind, Py_ssize_t len, int keep, uint32_t *out) {
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        out[k] = ch;
        k += keep || !Py_UNICODE_ISSPACE(ch);
    }
    return k;
}

static Py_ssize_t chars_of(const sline_t *line, int keep, uint32_t *out) {
    switch (line->kind) {
    case PyUnicode_1BYTE_KIND:
        return line_chars(line->data, PyUnicode_1BYTE_KIND, line->len, keep, out);
    case PyUnicode_2BYTE_KIND:
        return line_chars(line->data, PyUnicode_2BYTE_KIND, line->len, keep, out);
    default:
        return line_chars(line->data, PyUnicode_4BYTE_KIND, line->len, keep, out);
    }
}

/* chrF++'s words of one sentence as ids in the sentence's own space: the hypothesis' words
 * are numbered (words_of with add), a reference's are looked up (a word the hypothesis
 * lacks gets NO_WORD, which no hypothesis n-gram contains). A slot keys a word by a hash
 * of its code points; equal hashes are compared in full. */
#define NO_WORD 0xFFFFFFFFu

typedef struct {
    uint64_t hash;
    int32_t id;
    uint32_t stamp;
} wslot_t;

typedef struct {
    const void *data;
    int kind;
    Py_ssize_t start, len;
} wspan_t;

typedef struct {
    wslot_t *slots;
    wspan_t *spans; /* by id */
    uint64_t mask;
    uint32_t stamp;
    Py_ssize_t capacity;
    int32_t count;
    const uint8_t *is_punct;
} cwords_t;

static void cwords_start(cwords_t *w, Py_ssize_t entries) {
    Py_ssize_t size = 64;
    while (size < 2 * entries + 2)
        size *= 2;
    w->mask = (uint64_t)size - 1;
    w->count = 0;
    if (++w->stamp == 0) {
        memset(w->slots, 0, (size_t)w->capacity * sizeof(wslot_t));
        w->stamp = 1;
    }
}

static int same_word(const wspan_t *a, const void *data, int kind, Py_ssize_t start, Py_ssize_t len) {
    if (a->len != len)
        return 0;
    for (Py_ssize_t k = 0; k < len; k++)
        if (PyUnicode_READ(a->kind, a->data, a->start + k) != PyUnicode_READ(kind, data, start + k))
            return 0;
    return 1;
}

static uint32_t word_id(cwords_t *w, const void *data, int kind, Py_ssize_t start, Py_ssize_t len, int add) {
    uint64_t h = 0x243F6A8885A308D3ULL ^ (uint64_t)len;
    for (Py_ssize_t k = 0; k < len; k++)
        h = (h ^ PyUnicode_READ(kind, data, start + k)) * 0x100000001B3ULL;
    h = fmix64(h);
    uint64_t s = h & w->mask;
    for (;;) {
        wslot_t *slot = w->slots + s;
        if (slot->stamp != w->stamp)
            break;
        if (slot->hash == h && same_word(w->spans + slot->id, data, kind, start, len))
            return (uint32_t)slot->id;
        s = (s + 1) & w->mask;
    }
    if (!add)
        return NO_WORD;
    wslot_t *slot = w->slots + s;
    slot->stamp = w->stamp;
    slot->hash = h;
    slot->id = w->count;
    w->spans[w->count] = (wspan_t){data, kind, start, len};
    return (uint32_t)w->count++;
}

/* The words of a line (spec.chrf.chrf_words: white-space tokens, one ASCII punctuation
 * mark split off a token of two or more characters, the last character first) as ids.
 * Returns their number. */
static Py_ssize_t words_of(cwords_t *w, const sline_t *line, int add, uint32_t *out) {
    const void *data = line->data;
    int kind = line->kind;
    Py_ssize_t b = line->len, k = 0;
    for (Py_ssize_t i = 0; i < b;) {
        if (Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, i))) {
            i++;
            continue;
        }
        Py_ssize_t j = i + 1;
        while (j < b && !Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, j)))
            j++;
        Py_UCS4 first = PyUnicode_READ(kind, data, i), last = PyUnicode_READ(kind, data, j - 1);
        Py_ssize_t cut = j;
        if (j - i >= 2 && last < 128 && w->is_punct[last])
            cut = j - 1;
        else if (j - i >= 2 && first < 128 && w->is_punct[first])
            cut = i + 1;
        out[k++] = word_id(w, data, kind, i, cut - i, add);
        if (cut < j)
            out[k++] = word_id(w, data, kind, cut, j - cut, add);
        i = j;
    }
    return k;
}

/* chrF++'s word ids of a line (words_of) as bytes: id + 1, or `absent` for NO_WORD. */
static void cwords_bytes(const uint32_t *u, Py_ssize_t len, uint8_t absent, uint8_t *out) {
    for (Py_ssize_t p = 0; p < len; p++)
        out[p] = u[p] == NO_WORD ? absent : (uint8_t)(u[p] + 1);
}

/* chrf_rows(hyps, refs, a, b, n, word_order, keep_whitespace, punct): the statistics rows
 * (3 * (n + word_order) int64 each: characters 1..n, then words 1..word_order) of every
 * reference of sentences a..b-1 against its hypothesis, sentence by sentence; None when
 * some hypothesis is not a str, or some refs[i] is not a non-empty list of str (the
 * caller then takes its checked route). */
static PyObject *chrf_rows(PyObject *self, PyObject *args) {
    PyObject *hyps, *refs, *punct;
    Py_ssize_t a, b;
    int n, word_order, keep_whitespace;
    if (!PyArg_ParseTuple(args, "O!O!nniipU", &PyList_Type, &hyps, &PyList_Type, &refs, &a, &b, &n, &word_order,
                          &keep_whitespace, &punct))
        return NULL;
    if (a < 0 || b < a || b > PyList_GET_SIZE(hyps) || b > PyList_GET_SIZE(refs) || n < 0 || word_order < 0 ||
        n > 1000 || word_order > 1000) {
        PyErr_SetString(PyExc_ValueError, "bad sentence range or orders");
        return NULL;
    }
    uint8_t is_punct[128] = {0};
    for (Py_ssize_t k = 0; k < PyUnicode_GET_LENGTH(punct); k++) {
        Py_UCS4 ch = PyUnicode_READ_CHAR(punct, k);
        if (ch >= 128) {
            PyErr_SetString(PyExc_ValueError, "punctuation must be ASCII");
            return NULL;
        }
        is_punct[ch] = 1;
    }
    /* The lines (hypothesis, then its references), a reference held to each, so that no
     * str can go away while the GIL is released. */
    Py_ssize_t n_sent = b - a;
    PyObject *result = NULL, *out = NULL;
    ccount_t c = {0};
    cwords_t w = {0};
    cbytes_t *bytes = NULL;
    held_lines_t got = {0};
    int plain = hold_lines(hyps, refs, a, b, 0, PY_SSIZE_T_MAX, &got);
    PyObject **held = got.held;
    sline_t *lines = got.lines;
    Py_ssize_t *first = got.first, n_held = got.n_held, n_lines = got.n_held, longest = got.longest;
    if (plain < 0)
        goto done;
    if (plain == 0)
        goto not_plain;

    int orders = n + word_order;
    Py_ssize_t n_rows = n_lines - n_sent, width = 3 * (Py_ssize_t)orders;
    out = PyBytes_FromStringAndSize(NULL, n_rows * width * (Py_ssize_t)sizeof(int64_t));
    if (out == NULL)
        goto done;
    int64_t *rows = (int64_t *)PyBytes_AS_STRING(out);
    /* A line of L code points has at most L characters and L words (a word piece is not
     * empty), so at most L n-grams of one order. */
    c.capacity = 64;
    while (c.capacity < 2 * longest + 2)
        c.capacity *= 2;
    c.slots = PyMem_Calloc((size_t)c.capacity, sizeof(cslot_t));
    c.grams = PyMem_Malloc((size_t)(longest + 1) * sizeof(cgram_t));
    c.hyp_gram = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    c.ref_gram = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    c.hyp_units = PyMem_Malloc((size_t)longest * sizeof(uint32_t));
    c.ref_units = PyMem_Malloc((size_t)longest * sizeof(uint32_t));
    bytes = PyMem_Calloc(1, sizeof(cbytes_t));
    if (bytes) {
        bytes->keys = PyMem_Malloc((size_t)(2 * longest + 2) * sizeof(uint64_t));
        bytes->spare = PyMem_Malloc((size_t)(2 * longest + 2) * sizeof(uint64_t));
        bytes->hyp_bytes = PyMem_Malloc((size_t)longest);
        bytes->ref_bytes = PyMem_Malloc((size_t)longest);
    }
    if (!c.slots || !c.grams || !c.hyp_gram || !c.ref_gram || !c.hyp_units || !c.ref_units || !bytes ||
        !bytes->keys || !bytes->spare || !bytes->hyp_bytes || !bytes->ref_bytes) {
        PyErr_NoMemory();
        goto done;
    }
    if (word_order > 0) {
        w.capacity = 64;
        while (w.capacity < 2 * longest + 2)
            w.capacity *= 2;
        w.slots = PyMem_Calloc((size_t)w.capacity, sizeof(wslot_t));
        w.spans = PyMem_Malloc((size_t)longest * sizeof(wspan_t));
        w.is_punct = is_punct;
        if (!w.slots || !w.spans) {
            PyErr_NoMemory();
            goto done;
        }
    }
    Py_BEGIN_ALLOW_THREADS
    int64_t matches[2000];
    int64_t *row = rows;
    for (Py_ssize_t s = 0; s < n_sent; s++) {
        const sline_t *hyp = lines + first[s];
        Py_ssize_t n_refs = first[s + 1] - first[s] - 1;
        if (n > 0) {
            Py_ssize_t hl = chars_of(hyp, keep_whitespace, c.hyp_units);
            int letters =
                n <= CSORT_ORDER && hl < CSORT_LINE_MAX ? cbytes_number(bytes, c.hyp_units, hl, bytes->hyp_bytes) : -1;
            for (Py_ssize_t j = 0; j < n_refs; j++) {
                Py_ssize_t rl = chars_of(hyp + 1 + j, keep_whitespace, c.ref_units);
                memset(matches, 0, (size_t)n * sizeof(int64_t));
                if (letters >= 0 && rl < CSORT_LINE_MAX) {
                    cbytes_lookup(bytes, c.ref_units, rl, (uint8_t)(letters + 1), bytes->ref_bytes);
                    csort_pair(bytes, bytes->hyp_bytes, hl, bytes->ref_bytes, rl, letters + 2, n, matches);
                } else {
                    ccount_pair(&c, c.hyp_units, hl, c.ref_units, rl, n, matches);
                }
                ccount_row(hl, rl, n, matches, row + j * width);
            }
            if (letters >= 0)
                cbytes_forget(bytes);
        }
        if (word_order > 0) {
            cwords_start(&w, hyp->len);
            Py_ssize_t hl = words_of(&w, hyp, 1, c.hyp_units);
            /* the hypothesis' words are numbered 0..count-1 already */
            int words = word_order <= CSORT_ORDER && w.count <= CBYTES_MAX && hl < CSORT_LINE_MAX ? w.count : -1;
            if (words >= 0)
                cwords_bytes(c.hyp_units, hl, (uint8_t)(words + 1), bytes->hyp_bytes);
            for (Py_ssize_t j = 0; j < n_refs; j++) {
                Py_ssize_t rl = words_of(&w, hyp + 1 + j, 0, c.ref_units);
                memset(matches, 0, (size_t)word_order * sizeof(int64_t));
                if (words >= 0 && rl < CSORT_LINE_MAX) {
                    cwords_bytes(c.ref_units, rl, (uint8_t)(words + 1), bytes->ref_bytes);
                    csort_pair(bytes, bytes->hyp_bytes, hl, bytes->ref_bytes, rl, words + 2, word_order, matches);
                } else {
                    ccount_pair(&c, c.hyp_units, hl, c.ref_units, rl, word_order, matches);
                }
                ccount_row(hl, rl, word_order, matches, row + j * width + 3 * n);
            }
        }
        row += n_refs * width;
    }
    Py_END_ALLOW_THREADS
    result = out;
    out = NULL;
    goto done;
not_plain:
    result = Py_None;
    Py_INCREF(result);
done:
    Py_XDECREF(out);
    release_lines(held, n_held, lines, first);
    PyMem_Free(c.slots);
    PyMem_Free(c.grams);
    PyMem_Free(c.hyp_gram);
    PyMem_Free(c.ref_gram);
    PyMem_Free(c.hyp_units);
    PyMem_Free(c.ref_units);
    PyMem_Free(w.slots);
    PyMem_Free(w.spans);
    if (bytes) {
        PyMem_Free(bytes->keys);
        PyMem_Free(bytes->spare);
        PyMem_Free(bytes->hyp_bytes);
        PyMem_Free(bytes->ref_bytes);
        PyMem_Free(bytes);
    }
    return result;
}

/* ---------------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"token_ids", token_ids, METH_VARARGS,
     "token_ids(texts, seps, mode, table[, spans]) -> (ids int64 bytes, tokens per line int64 bytes, id bound,"
     " (chunk, start, end) of every token as int64 bytes if spans else None)"},
    {"line_token_ids", line_token_ids, METH_VARARGS,
     "line_token_ids(lines, mode, table, strip_left) -> (ids int64 bytes, tokens per line int64 bytes, id bound)"},
    {"chrf_units", chrf_units, METH_VARARGS,
     "chrf_units(texts, seps, keep_whitespace, words, punct) -> (chars, chars per line, word ids, words per line)"},
    {"chrf_rows", chrf_rows, METH_VARARGS,
     "chrf_rows(hyps, refs, a, b, n, word_order, keep_whitespace, punct) -> int64 bytes of the statistics rows of"
     " every reference of sentences a..b-1, or None if the inputs are not plain lists of str"},
    {"bleu_rows", bleu_rows, METH_VARARGS,
     "bleu_rows(hyps, refs, a, b, mode, table, strip_left, order) -> int64 bytes of BLEU's statistics rows of"
     " sentences a..b-1, or None if the inputs are not plain lists of str"},
    {"line_index", line_index, METH_VARARGS,
     "line_index(hyps, refs) -> (distinct lines, int64 bytes line ids, int64 bytes reference counts) or None"},
    {"ngram_matches", ngram_matches, METH_VARARGS,
     "ngram_matches(ids, line_start, line_len, hyp_line, ref_offsets, ref_line, order, clip_max) -> int64 bytes"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ngrams",
                                    "BLEU's and chrF's per-token loops (see ngrams.c).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__ngrams(void) {
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "F_WS", F_WS) < 0 || PyModule_AddIntConstant(m, "F_P", F_P) < 0 ||
        PyModule_AddIntConstant(m, "F_D", F_D) < 0 || PyModule_AddIntConstant(m, "F_SPLIT", F_SPLIT) < 0 ||
        PyModule_AddIntConstant(m, "F_DASH", F_DASH) < 0 ||
        PyModule_AddIntConstant(m, "MODE_WHITESPACE", MODE_WHITESPACE) < 0 ||
        PyModule_AddIntConstant(m, "MODE_RULES_DASH", MODE_RULES_DASH) < 0 ||
        PyModule_AddIntConstant(m, "MODE_RULES", MODE_RULES) < 0 ||
        PyModule_AddIntConstant(m, "MODE_13A", MODE_13A) < 0 ||
        PyModule_AddIntConstant(m, "MODE_CHARS", MODE_CHARS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
