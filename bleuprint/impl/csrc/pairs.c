/*
 * bleuprint.impl._pairs: the clipped n-gram matches of every (hypothesis, reference) pair
 * of blocks of lines, for bleuprint.impl.pairwise (MBR's matrices of sentence scores).
 *
 *   block_matches(ids, line_start, line_len, hyp_lines, ref_lines, blocks, order) -> bytes
 *   ref_table(ids, line_start, line_len, ref_lines, order) -> table (bytes)
 *   table_matches(table, ids, line_start, line_len, hyp_lines) -> bytes
 *
 * Line k's units (BLEU's token ids, chrF's characters or chrF++'s word ids) are
 * ids[line_start[k] : line_start[k] + line_len[k]]. blocks is an int64 array of rows
 * (hyp_off, n_hyp, ref_off, n_ref): the hypotheses hyp_lines[hyp_off : hyp_off + n_hyp]
 * against the references ref_lines[ref_off : ref_off + n_ref]. The result holds, block
 * after block, the rows of its pairs in row-major order (hypothesis i, reference j), each
 * row `order` int64: for n = 1..order, the sum over the distinct n-grams g of
 * min(count of g in the hypothesis, count of g in the reference). With one reference
 * that is both BLEU's clipped matches (spec.bleu.clipped_matches: the largest count in one
 * reference is that reference's count) and chrF's (spec.chrf.order_stats).
 *
 * ref_table and table_matches are the same in two steps, for one large block read a slice
 * of hypotheses at a time: the references' table is built once (a bytes object, read-only
 * afterwards, so that slices are counted on several threads against it), and each call
 * gives the rows of its hypotheses against every reference of the table, reading each
 * reference's list once for a gang of up to 16 hypotheses (the lists of a large table do
 * not fit the caches, the hypotheses' n-grams do).
 *
 * Shared work, per block: every n-gram of the block's references gets a small id, built
 * once (the id of the (n+1)-gram at p is looked up by the pair (id of the n-gram at p,
 * unit at p + n), so equal pairs are equal n-grams, by induction on n), and each
 * reference line becomes its list of (id, count), grouped by order. A hypothesis' counts
 * are scattered once into a dense array over those ids (its n-grams are only looked up:
 * one that is not in any reference matches nothing, nor do its extensions); each pair
 * then reads the reference's list against that array. A block whose hypotheses are its
 * references, in the same order (a list against itself), computes the pairs j >= i only:
 * the sum of minima is symmetric in its two lines.
 *
 * Only the Python C API is used; the arrays are buffers of int64 (numpy arrays), and the
 * counting runs without the GIL, so that parts of the blocks can be counted on several
 * threads (bleuprint.impl.native.run_parallel).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* One slot of the open-addressing table from (prefix id, unit) keys to n-gram ids; a
 * slot is in use when its stamp is the table's (so that a block clears it by counting). */
typedef struct {
    uint64_t key;
    int32_t id;
    uint32_t stamp;
} slot_t;

typedef struct {
    slot_t *slots;
    uint64_t mask;
    int shift;
    uint32_t stamp;
} table_t;

static inline uint64_t gram_key(int32_t prefix, int64_t unit) {
    return ((uint64_t)(uint32_t)(prefix + 1) << 32) | (uint64_t)(uint32_t)unit;
}

static inline uint64_t slot_of(const table_t *t, uint64_t key) {
    return (key * 0x9E3779B97F4A7C15ULL) >> t->shift;
}

/* The id of key, inserted as `next` if absent (*added set). */
static inline int32_t table_insert(table_t *t, uint64_t key, int32_t next, int *added) {
    uint64_t s = slot_of(t, key);
    for (;;) {
        slot_t *x = t->slots + s;
        if (x->stamp != t->stamp) {
            x->stamp = t->stamp;
            x->key = key;
            x->id = next;
            *added = 1;
            return next;
        }
        if (x->key == key) {
            *added = 0;
            return x->id;
        }
        s = (s + 1) & t->mask;
    }
}

static inline int32_t table_find(const table_t *t, uint64_t key) {
    uint64_t s = slot_of(t, key);
    for (;;) {
        const slot_t *x = t->slots + s;
        if (x->stamp != t->stamp)
            return -1;
        if (x->key == key)
            return x->id;
        s = (s + 1) & t->mask;
    }
}

/* Double t's slots, keeping its entries (stamps become 1). Uses the raw allocator: it runs
 * without the GIL. 0, or -1 when out of memory (t unchanged). */
static int table_grow(table_t *t) {
    uint64_t n_slots = (t->mask + 1) * 2;
    slot_t *slots = PyMem_RawCalloc((size_t)n_slots, sizeof(slot_t));
    if (slots == NULL)
        return -1;
    table_t bigger = {slots, n_slots - 1, t->shift - 1, 1};
    for (uint64_t s = 0; s <= t->mask; s++)
        if (t->slots[s].stamp == t->stamp) {
            int added;
            table_insert(&bigger, t->slots[s].key, t->slots[s].id, &added);
        }
    PyMem_RawFree(t->slots);
    *t = bigger;
    return 0;
}

typedef struct {
    int32_t id, count;
} entry_t;

typedef struct {
    Py_buffer view;
    Py_ssize_t n;
} array_arg;

static int get_array(PyObject *obj, array_arg *a, const char *name) {
    if (PyObject_GetBuffer(obj, &a->view, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (a->view.itemsize != 8 || a->view.len % 8) {
        PyErr_Format(PyExc_TypeError, "%s must be an array of 8-byte integers", name);
        PyBuffer_Release(&a->view);
        a->view.obj = NULL;
        return -1;
    }
    a->n = a->view.len / 8;
    return 0;
}

/* The unit arrays of the lines. */
typedef struct {
    const int64_t *tok, *start, *len;
    int order;
} units_t;

/* Intern every n-gram of the references rs[0..n_ref) into t (cleared by a new stamp), and
 * write each reference's (id, count) list, order by order: entries[ref_off[j * order + n - 1]
 * .. ref_off[j * order + n]) are reference j's distinct n-grams. Returns the number of
 * n-gram ids (-1 when the table could not grow); *n_entries gets the number of entries.
 * The table doubles whenever it is half full. cur (zeros) and touched hold at least as many
 * items as the references have n-gram positions; gram_buf one per unit of the longest
 * line. */
static int32_t intern_refs(table_t *t, const units_t *u, const int64_t *rs, Py_ssize_t n_ref, entry_t *entries,
                           Py_ssize_t *ref_off, Py_ssize_t *n_entries, int32_t *gram_buf, int32_t *cur,
                           int32_t *touched) {
    int order = u->order;
    if (++t->stamp == 0) { /* stamps wrapped: clear them */
        memset(t->slots, 0, (size_t)(t->mask + 1) * sizeof(slot_t));
        t->stamp = 1;
    }
    int32_t n_grams = 0;
    Py_ssize_t e = 0;
    ref_off[0] = 0;
    for (Py_ssize_t j = 0; j < n_ref; j++) {
        const int64_t *r = u->tok + u->start[rs[j]];
        Py_ssize_t rl = u->len[rs[j]];
        for (int n = 1; n <= order; n++) {
            Py_ssize_t n_touched = 0;
            for (Py_ssize_t p = 0; p + n <= rl; p++) {
                int added;
                if ((uint64_t)n_grams * 2 >= t->mask && table_grow(t) < 0)
                    return -1;
                int32_t g = table_insert(t, gram_key(n == 1 ? -1 : gram_buf[p], r[p + n - 1]), n_grams, &added);
                n_grams += added;
                gram_buf[p] = g;
                if (cur[g]++ == 0)
                    touched[n_touched++] = g;
            }
            for (Py_ssize_t k = 0; k < n_touched; k++) {
                int32_t g = touched[k];
                entries[e].id = g;
                entries[e].count = cur[g];
                e++;
                cur[g] = 0;
            }
            ref_off[j * order + n] = e;
        }
    }
    *n_entries = e;
    return n_grams;
}

/* Scatter the counts of hypothesis line `line` over t's n-gram ids into hcount (its
 * n-grams only looked up: one absent from t matches nothing, nor do its extensions);
 * returns how many ids it set, listed in touched. */
static Py_ssize_t scatter_hyp(const table_t *t, const units_t *u, int64_t line, int32_t *gram_buf, int32_t *hcount,
                              int32_t *touched) {
    const int64_t *h = u->tok + u->start[line];
    Py_ssize_t hl = u->len[line], n_touched = 0;
    for (int n = 1; n <= u->order; n++) {
        Py_ssize_t alive = 0;
        for (Py_ssize_t p = 0; p + n <= hl; p++) {
            int32_t g = -1;
            if (n == 1 || gram_buf[p] >= 0)
                g = table_find(t, gram_key(n == 1 ? -1 : gram_buf[p], h[p + n - 1]));
            gram_buf[p] = g;
            if (g >= 0) {
                alive++;
                if (hcount[g]++ == 0)
                    touched[n_touched++] = g;
            }
        }
        if (alive == 0)
            break;
    }
    return n_touched;
}

/* The matches of each order of the scattered hypothesis against reference j. */
static inline void pair_row(const entry_t *entries, const Py_ssize_t *ref_off, Py_ssize_t j, int order,
                            const int32_t *hcount, int64_t *row) {
    for (int n = 1; n <= order; n++) {
        int64_t sum = 0;
        const entry_t *e = entries + ref_off[j * order + n - 1], *end = entries + ref_off[j * order + n];
        for (; e < end; e++) {
            int32_t h = hcount[e->id];
            sum += h < e->count ? h : e->count;
        }
        row[n - 1] = sum;
    }
}

/* Check the unit arrays and line indices; the longest line's length, or -1 with an
 * exception set. */
static Py_ssize_t check_units(const array_arg *ids, const array_arg *start, const array_arg *len,
                              const array_arg *lines[], int n_lists) {
    const int64_t *tok = ids->view.buf, *l_start = start->view.buf, *l_len = len->view.buf;
    if (len->n != start->n) {
        PyErr_SetString(PyExc_ValueError, "line_start and line_len differ in length");
        return -1;
    }
    for (Py_ssize_t k = 0; k < ids->n; k++)
        if (tok[k] < 0 || tok[k] > UINT32_MAX) {
            PyErr_SetString(PyExc_ValueError, "ids must lie in 0..2**32-1");
            return -1;
        }
    Py_ssize_t longest = 1;
    for (Py_ssize_t k = 0; k < start->n; k++) {
        if (l_start[k] < 0 || l_len[k] < 0 || l_start[k] + l_len[k] > ids->n) {
            PyErr_SetString(PyExc_ValueError, "a line lies outside the ids");
            return -1;
        }
        if (l_len[k] > longest)
            longest = l_len[k];
    }
    for (int q = 0; q < n_lists; q++) {
        const int64_t *x = lines[q]->view.buf;
        for (Py_ssize_t k = 0; k < lines[q]->n; k++)
            if (x[k] < 0 || x[k] >= start->n) {
                PyErr_SetString(PyExc_ValueError, "a line index is out of range");
                return -1;
            }
    }
    return longest;
}

static int table_alloc(table_t *t, Py_ssize_t grams) {
    int bits = 4;
    while (((uint64_t)1 << bits) < (uint64_t)(2 * grams))
        bits++;
    t->mask = ((uint64_t)1 << bits) - 1;
    t->shift = 64 - bits;
    t->stamp = 0;
    t->slots = PyMem_RawCalloc((size_t)t->mask + 1, sizeof(slot_t));
    if (t->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void release(array_arg **all, int n) {
    for (int k = 0; k < n; k++)
        if (all[k]->view.obj)
            PyBuffer_Release(&all[k]->view);
}

static PyObject *block_matches(PyObject *self, PyObject *args) {
    PyObject *o_ids, *o_start, *o_len, *o_hyp, *o_ref, *o_blocks;
    int order;
    if (!PyArg_ParseTuple(args, "OOOOOOi", &o_ids, &o_start, &o_len, &o_hyp, &o_ref, &o_blocks, &order))
        return NULL;
    array_arg ids = {0}, start = {0}, len = {0}, hyp = {0}, ref = {0}, blk = {0};
    PyObject *result = NULL, *out = NULL;
    table_t table = {0};
    entry_t *entries = NULL;
    Py_ssize_t *ref_off = NULL;
    int32_t *gram_buf = NULL, *cur = NULL, *hcount = NULL, *touched = NULL;
    if (get_array(o_ids, &ids, "ids") < 0 || get_array(o_start, &start, "line_start") < 0 ||
        get_array(o_len, &len, "line_len") < 0 || get_array(o_hyp, &hyp, "hyp_lines") < 0 ||
        get_array(o_ref, &ref, "ref_lines") < 0 || get_array(o_blocks, &blk, "blocks") < 0)
        goto done;
    const array_arg *lists[2] = {&hyp, &ref};
    Py_ssize_t longest = check_units(&ids, &start, &len, lists, 2);
    if (longest < 0)
        goto done;
    if (order < 1 || blk.n % 4) {
        PyErr_SetString(PyExc_ValueError, "inconsistent block_matches arguments");
        goto done;
    }
    units_t u = {ids.view.buf, start.view.buf, len.view.buf, order};
    const int64_t *h_line = hyp.view.buf, *r_line = ref.view.buf, *b = blk.view.buf;
    Py_ssize_t n_blocks = blk.n / 4;
    /* Sizes: the largest block's reference n-gram positions and reference count. */
    Py_ssize_t rows = 0, most_grams = 1, most_refs = 1;
    for (Py_ssize_t q = 0; q < n_blocks; q++) {
        const int64_t *x = b + 4 * q;
        if (x[0] < 0 || x[1] < 0 || x[2] < 0 || x[3] < 0 || x[0] + x[1] > hyp.n || x[2] + x[3] > ref.n) {
            PyErr_SetString(PyExc_ValueError, "a block lies outside the hypothesis or reference lines");
            goto done;
        }
        Py_ssize_t grams = 0;
        for (Py_ssize_t j = 0; j < x[3]; j++)
            grams += u.len[r_line[x[2] + j]] * order;
        if (grams > INT32_MAX - 1) {
            PyErr_SetString(PyExc_ValueError, "a block has more than 2**31 reference n-grams");
            goto done;
        }
        if (grams > most_grams)
            most_grams = grams;
        if (x[3] > most_refs)
            most_refs = x[3];
        rows += x[1] * x[3];
    }
    out = PyBytes_FromStringAndSize(NULL, rows * order * (Py_ssize_t)sizeof(int64_t));
    if (out == NULL || table_alloc(&table, most_grams) < 0)
        goto done;
    int64_t *matches = (int64_t *)PyBytes_AS_STRING(out);
    entries = PyMem_Malloc((size_t)most_grams * sizeof(entry_t));
    ref_off = PyMem_Malloc((size_t)(most_refs * order + 1) * sizeof(Py_ssize_t));
    gram_buf = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    cur = PyMem_Calloc((size_t)most_grams, sizeof(int32_t));
    hcount = PyMem_Calloc((size_t)most_grams, sizeof(int32_t));
    touched = PyMem_Malloc((size_t)most_grams * sizeof(int32_t));
    if (!entries || !ref_off || !gram_buf || !cur || !hcount || !touched) {
        PyErr_NoMemory();
        goto done;
    }

    int out_of_memory = 0;
    Py_BEGIN_ALLOW_THREADS
    int64_t *row0 = matches;
    for (Py_ssize_t q = 0; q < n_blocks; q++) {
        const int64_t *x = b + 4 * q;
        const int64_t *hs = h_line + x[0], *rs = r_line + x[2];
        Py_ssize_t n_hyp = x[1], n_ref = x[3], n_entries;
        if (intern_refs(&table, &u, rs, n_ref, entries, ref_off, &n_entries, gram_buf, cur, touched) < 0) {
            out_of_memory = 1;
            break;
        }
        int symmetric = n_hyp == n_ref;
        for (Py_ssize_t i = 0; symmetric && i < n_hyp; i++)
            symmetric = hs[i] == rs[i];
        for (Py_ssize_t i = 0; i < n_hyp; i++) {
            Py_ssize_t n_touched = 0;
            if (symmetric) { /* the hypothesis is reference i: its list is its counts */
                for (Py_ssize_t e = ref_off[i * order]; e < ref_off[(i + 1) * order]; e++) {
                    hcount[entries[e].id] = entries[e].count;
                    touched[n_touched++] = entries[e].id;
                }
            } else {
                n_touched = scatter_hyp(&table, &u, hs[i], gram_buf, hcount, touched);
            }
            for (Py_ssize_t j = symmetric ? i : 0; j < n_ref; j++) {
                int64_t *row = row0 + (i * n_ref + j) * order;
                pair_row(entries, ref_off, j, order, hcount, row);
                if (symmetric && j > i)
                    memcpy(row0 + (j * n_ref + i) * order, row, (size_t)order * sizeof(int64_t));
            }
            for (Py_ssize_t t = 0; t < n_touched; t++)
                hcount[touched[t]] = 0;
        }
        row0 += n_hyp * n_ref * order;
    }
    Py_END_ALLOW_THREADS
    if (out_of_memory) {
        PyErr_NoMemory();
        goto done;
    }
    result = out;
    out = NULL;
done:
    Py_XDECREF(out);
    PyMem_RawFree(table.slots);
    PyMem_Free(entries);
    PyMem_Free(ref_off);
    PyMem_Free(gram_buf);
    PyMem_Free(cur);
    PyMem_Free(hcount);
    PyMem_Free(touched);
    array_arg *all[6] = {&ids, &start, &len, &hyp, &ref, &blk};
    release(all, 6);
    return result;
}

/* A reference table as a bytes object: a header of int64 (order, references, entries,
 * table bits, n-gram ids), then ref_off (int64, references * order + 1), the entries and
 * the slots (stamp 1 where in use). */
enum { HEADER = 5 };

static PyObject *ref_table(PyObject *self, PyObject *args) {
    PyObject *o_ids, *o_start, *o_len, *o_ref;
    int order;
    if (!PyArg_ParseTuple(args, "OOOOi", &o_ids, &o_start, &o_len, &o_ref, &order))
        return NULL;
    array_arg ids = {0}, start = {0}, len = {0}, ref = {0};
    PyObject *result = NULL;
    table_t table = {0};
    entry_t *entries = NULL;
    Py_ssize_t *ref_off = NULL;
    int32_t *gram_buf = NULL, *cur = NULL, *touched = NULL;
    if (get_array(o_ids, &ids, "ids") < 0 || get_array(o_start, &start, "line_start") < 0 ||
        get_array(o_len, &len, "line_len") < 0 || get_array(o_ref, &ref, "ref_lines") < 0)
        goto done;
    const array_arg *lists[1] = {&ref};
    Py_ssize_t longest = check_units(&ids, &start, &len, lists, 1);
    if (longest < 0)
        goto done;
    if (order < 1) {
        PyErr_SetString(PyExc_ValueError, "order must be >= 1");
        goto done;
    }
    units_t u = {ids.view.buf, start.view.buf, len.view.buf, order};
    const int64_t *rs = ref.view.buf;
    Py_ssize_t grams = 1;
    for (Py_ssize_t j = 0; j < ref.n; j++)
        grams += u.len[rs[j]] * order;
    if (grams > INT32_MAX - 1) {
        PyErr_SetString(PyExc_ValueError, "more than 2**31 reference n-grams");
        goto done;
    }
    entries = PyMem_Malloc((size_t)grams * sizeof(entry_t));
    ref_off = PyMem_Malloc((size_t)(ref.n * order + 1) * sizeof(Py_ssize_t));
    gram_buf = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    cur = PyMem_Calloc((size_t)grams, sizeof(int32_t));
    touched = PyMem_Malloc((size_t)grams * sizeof(int32_t));
    if (!entries || !ref_off || !gram_buf || !cur || !touched) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t n_entries;
    int32_t n_grams;
    /* Interned in a table that starts small and doubles as it fills; the kept copy is
     * sized by the distinct n-grams (at most half full). */
    if (table_alloc(&table, grams < 64 ? grams : 64) < 0)
        goto done;
    Py_BEGIN_ALLOW_THREADS
    n_grams = intern_refs(&table, &u, rs, ref.n, entries, ref_off, &n_entries, gram_buf, cur, touched);
    Py_END_ALLOW_THREADS
    if (n_grams < 0) {
        PyErr_NoMemory();
        goto done;
    }
    int bits = 4;
    while (((uint64_t)1 << bits) < (uint64_t)(2 * (Py_ssize_t)n_grams))
        bits++;
    Py_ssize_t n_slots = (Py_ssize_t)1 << bits;
    Py_ssize_t size = HEADER * 8 + (ref.n * order + 1) * 8 + n_entries * (Py_ssize_t)sizeof(entry_t) +
                      n_slots * (Py_ssize_t)sizeof(slot_t);
    result = PyBytes_FromStringAndSize(NULL, size);
    if (result == NULL)
        goto done;
    char *at = PyBytes_AS_STRING(result);
    int64_t header[HEADER] = {order, ref.n, n_entries, bits, n_grams};
    memcpy(at, header, sizeof(header));
    at += sizeof(header);
    for (Py_ssize_t k = 0; k <= ref.n * order; k++) {
        int64_t x = ref_off[k];
        memcpy(at + 8 * k, &x, 8);
    }
    at += (ref.n * order + 1) * 8;
    memcpy(at, entries, (size_t)n_entries * sizeof(entry_t));
    at += n_entries * (Py_ssize_t)sizeof(entry_t);
    /* Move every used slot into the kept table. */
    table_t kept = {(slot_t *)at, (uint64_t)n_slots - 1, 64 - bits, 1};
    memset(kept.slots, 0, (size_t)n_slots * sizeof(slot_t));
    for (uint64_t s = 0; s <= table.mask; s++)
        if (table.slots[s].stamp == table.stamp) {
            int added;
            table_insert(&kept, table.slots[s].key, table.slots[s].id, &added);
        }
done:
    PyMem_RawFree(table.slots);
    PyMem_Free(entries);
    PyMem_Free(ref_off);
    PyMem_Free(gram_buf);
    PyMem_Free(cur);
    PyMem_Free(touched);
    array_arg *all[4] = {&ids, &start, &len, &ref};
    release(all, 4);
    return result;
}

/* Hypotheses read against one reference table together, in table_matches. */
#define GANG 16

static PyObject *table_matches(PyObject *self, PyObject *args) {
    PyObject *o_table, *o_ids, *o_start, *o_len, *o_hyp;
    if (!PyArg_ParseTuple(args, "SOOOO", &o_table, &o_ids, &o_start, &o_len, &o_hyp))
        return NULL;
    array_arg ids = {0}, start = {0}, len = {0}, hyp = {0};
    PyObject *result = NULL, *out = NULL;
    int32_t *gram_buf = NULL, *local_of = NULL, *touched = NULL, *counts = NULL;
    if (get_array(o_ids, &ids, "ids") < 0 || get_array(o_start, &start, "line_start") < 0 ||
        get_array(o_len, &len, "line_len") < 0 || get_array(o_hyp, &hyp, "hyp_lines") < 0)
        goto done;
    const array_arg *lists[1] = {&hyp};
    Py_ssize_t longest = check_units(&ids, &start, &len, lists, 1);
    if (longest < 0)
        goto done;
    const char *at = PyBytes_AS_STRING(o_table);
    Py_ssize_t size = PyBytes_GET_SIZE(o_table);
    int64_t header[HEADER];
    if (size < (Py_ssize_t)sizeof(header)) {
        PyErr_SetString(PyExc_ValueError, "not a reference table");
        goto done;
    }
    memcpy(header, at, sizeof(header));
    int order = (int)header[0];
    Py_ssize_t n_ref = header[1], n_entries = header[2], n_grams = header[4];
    int bits = (int)header[3];
    if (order < 1 || n_ref < 0 || n_entries < 0 || bits < 4 || bits > 40 || n_grams < 0 ||
        size != HEADER * 8 + (n_ref * order + 1) * 8 + n_entries * (Py_ssize_t)sizeof(entry_t) +
                ((Py_ssize_t)1 << bits) * (Py_ssize_t)sizeof(slot_t)) {
        PyErr_SetString(PyExc_ValueError, "not a reference table");
        goto done;
    }
    const Py_ssize_t *ref_off = (const Py_ssize_t *)(at + HEADER * 8);
    const entry_t *entries = (const entry_t *)(at + HEADER * 8 + (n_ref * order + 1) * 8);
    table_t table = {(slot_t *)(entries + n_entries), ((uint64_t)1 << bits) - 1, 64 - bits, 1};
    units_t u = {ids.view.buf, start.view.buf, len.view.buf, order};
    const int64_t *hs = hyp.view.buf;
    Py_ssize_t most_local = GANG * longest * order + 1; /* n-grams of one gang of hypotheses */
    out = PyBytes_FromStringAndSize(NULL, hyp.n * n_ref * order * (Py_ssize_t)sizeof(int64_t));
    gram_buf = PyMem_Malloc((size_t)longest * sizeof(int32_t));
    local_of = PyMem_Calloc((size_t)n_grams + 1, sizeof(int32_t));
    touched = PyMem_Malloc((size_t)most_local * sizeof(int32_t));
    counts = PyMem_Malloc((size_t)most_local * GANG * sizeof(int32_t));
    if (out == NULL || !gram_buf || !local_of || !touched || !counts) {
        if (out != NULL)
            PyErr_NoMemory();
        goto done;
    }
    int64_t *matches = (int64_t *)PyBytes_AS_STRING(out);
    /* A gang of up to GANG hypotheses at a time: their n-grams get local ids 1..L
     * (local_of, by table id), counts[(l - 1) * GANG + t] the count of local n-gram l in
     * hypothesis t of the gang; each reference's list is then read once for the whole
     * gang, its entries of n-grams no hypothesis of the gang has skipped at once. */
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i0 = 0; i0 < hyp.n; i0 += GANG) {
        Py_ssize_t gang = hyp.n - i0 < GANG ? hyp.n - i0 : GANG;
        Py_ssize_t n_local = 0;
        for (Py_ssize_t t = 0; t < gang; t++) {
            const int64_t *h = u.tok + u.start[hs[i0 + t]];
            Py_ssize_t hl = u.len[hs[i0 + t]];
            for (int n = 1; n <= order; n++) {
                Py_ssize_t alive = 0;
                for (Py_ssize_t p = 0; p + n <= hl; p++) {
                    int32_t g = -1;
                    if (n == 1 || gram_buf[p] >= 0)
                        g = table_find(&table, gram_key(n == 1 ? -1 : gram_buf[p], h[p + n - 1]));
                    gram_buf[p] = g;
                    if (g < 0)
                        continue;
                    alive++;
                    if (local_of[g] == 0) {
                        touched[n_local++] = g;
                        local_of[g] = (int32_t)n_local;
                        memset(counts + (n_local - 1) * GANG, 0, GANG * sizeof(int32_t));
                    }
                    counts[(local_of[g] - 1) * GANG + t]++;
                }
                if (alive == 0)
                    break;
            }
        }
        for (Py_ssize_t j = 0; j < n_ref; j++) {
            for (int n = 1; n <= order; n++) {
                int64_t sum[GANG] = {0};
                const entry_t *e = entries + ref_off[j * order + n - 1], *end = entries + ref_off[j * order + n];
                for (; e < end; e++) {
                    int32_t l = local_of[e->id];
                    if (l == 0)
                        continue;
                    const int32_t *c = counts + (l - 1) * GANG, r = e->count;
                    for (int t = 0; t < GANG; t++)
                        sum[t] += c[t] < r ? c[t] : r;
                }
                for (Py_ssize_t t = 0; t < gang; t++)
                    matches[((i0 + t) * n_ref + j) * order + n - 1] = sum[t];
            }
        }
        for (Py_ssize_t k = 0; k < n_local; k++)
            local_of[touched[k]] = 0;
    }
    Py_END_ALLOW_THREADS
    result = out;
    out = NULL;
done:
    Py_XDECREF(out);
    PyMem_Free(gram_buf);
    PyMem_Free(local_of);
    PyMem_Free(touched);
    PyMem_Free(counts);
    array_arg *all[4] = {&ids, &start, &len, &hyp};
    release(all, 4);
    return result;
}

static PyMethodDef methods[] = {
    {"block_matches", block_matches, METH_VARARGS,
     "block_matches(ids, line_start, line_len, hyp_lines, ref_lines, blocks, order) -> int64 bytes"},
    {"ref_table", ref_table, METH_VARARGS, "ref_table(ids, line_start, line_len, ref_lines, order) -> table bytes"},
    {"table_matches", table_matches, METH_VARARGS,
     "table_matches(table, ids, line_start, line_len, hyp_lines) -> int64 bytes"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_pairs",
                                    "Clipped n-gram matches of every pair of blocks of lines (see pairs.c).", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__pairs(void) { return PyModule_Create(&module); }
