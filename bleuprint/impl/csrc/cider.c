/* CIDEr-D of tokenized captions as pycocoevalcap 1.2 computes it (the definition:
 * bleuprint/metrics/cider/spec.py, whose operations this kernel performs in the same
 * order, so that its floats are the spec's).
 *
 * cider_rows(ids, lengths, refs_per_image, sigma) -> float64 bytes, one score per image.
 *   ids: int64 word ids of every caption, the N hypotheses first, then the references of
 *        image 0, of image 1, ...; lengths: int64 words per caption (N + sum of refs);
 *   refs_per_image: int64, N entries, each >= 1.
 * The context is the corpus's own: N images, df from the references.
 *
 * Steps: every k-gram (k = 1..4) of every caption is interned (open addressing on the
 * k word ids); each caption's distinct grams are listed in order of first occurrence
 * (order k ascending, then position: the spec's Counter order) with their raw counts;
 * df counts each gram once per image whose references have it; then per image the
 * weights count * (log N - log max(1, df)), the norms per order, the clipped dot
 * products with each reference (the hypothesis' grams in their order), the division by
 * the norms when both are non-zero, the Gaussian penalty on the bigram counts, the sum
 * over references, the mean over the four orders, / refs, * 10. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define ORDERS 4

typedef struct {
    int64_t *keys;   /* ORDERS slots per entry, -1 where unused */
    int64_t *slot;   /* table slot -> gram id, -1 empty */
    Py_ssize_t cap;  /* table slots (a power of two) */
    Py_ssize_t count;
    Py_ssize_t keys_cap;
} interner_t;

static uint64_t mix(const int64_t *w, int k) {
    uint64_t h = 0x9E3779B97F4A7C15ULL * (uint64_t)(k + 1);
    for (int i = 0; i < k; i++) {
        h ^= (uint64_t)w[i] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

static int grow_table(interner_t *t) {
    Py_ssize_t cap = t->cap * 2;
    int64_t *slot = PyMem_Malloc((size_t)cap * sizeof(int64_t));
    if (slot == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < cap; i++)
        slot[i] = -1;
    for (Py_ssize_t g = 0; g < t->count; g++) {
        const int64_t *key = t->keys + g * ORDERS;
        int k = 0;
        while (k < ORDERS && key[k] >= 0)
            k++;
        Py_ssize_t at = (Py_ssize_t)(mix(key, k) & (uint64_t)(cap - 1));
        while (slot[at] >= 0)
            at = (at + 1) & (cap - 1);
        slot[at] = g;
    }
    PyMem_Free(t->slot);
    t->slot = slot;
    t->cap = cap;
    return 0;
}

/* The id of the k-gram w[0..k-1]; -1 on memory failure. */
static int64_t intern(interner_t *t, const int64_t *w, int k) {
    if (2 * (t->count + 1) > t->cap && grow_table(t) < 0)
        return -1;
    Py_ssize_t at = (Py_ssize_t)(mix(w, k) & (uint64_t)(t->cap - 1));
    for (;;) {
        int64_t g = t->slot[at];
        if (g < 0)
            break;
        const int64_t *key = t->keys + g * ORDERS;
        int same = 1;
        for (int i = 0; i < ORDERS && same; i++)
            same = key[i] == (i < k ? w[i] : -1);
        if (same)
            return g;
        at = (at + 1) & (t->cap - 1);
    }
    if (t->count == t->keys_cap) {
        Py_ssize_t cap = t->keys_cap * 2;
        int64_t *keys = PyMem_Realloc(t->keys, (size_t)cap * ORDERS * sizeof(int64_t));
        if (keys == NULL)
            return -1;
        t->keys = keys;
        t->keys_cap = cap;
    }
    int64_t g = t->count++;
    for (int i = 0; i < ORDERS; i++)
        t->keys[g * ORDERS + i] = i < k ? w[i] : -1;
    t->slot[at] = g;
    return g;
}

static PyObject *cider_rows(PyObject *self, PyObject *args) {
    Py_buffer ids_b = {0}, len_b = {0}, refs_b = {0};
    double sigma;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*d", &ids_b, &len_b, &refs_b, &sigma))
        return NULL;
    PyObject *result = NULL;
    const int64_t *ids = ids_b.buf, *lengths = len_b.buf, *refs_per = refs_b.buf;
    Py_ssize_t n_ids = ids_b.len / 8, n_captions = len_b.len / 8, n_images = refs_b.len / 8;
    interner_t t = {0};
    int64_t *first = NULL, *gram = NULL, *count = NULL, *mark = NULL, *tally = NULL, *df = NULL, *start = NULL;
    int64_t *ref_mark = NULL;
    double *idf = NULL, *ref_w = NULL, *scores = NULL, *hyp_w = NULL;
    Py_ssize_t total_refs = 0;
    for (Py_ssize_t i = 0; i < n_images; i++) {
        if (refs_per[i] < 1) {
            PyErr_SetString(PyExc_ValueError, "every image needs at least one reference");
            goto done;
        }
        total_refs += refs_per[i];
    }
    if (n_images == 0 || total_refs + n_images != n_captions) {
        PyErr_SetString(PyExc_ValueError, "lengths must hold N hypotheses then every image's references");
        goto done;
    }
    start = PyMem_Malloc((size_t)(n_captions + 1) * sizeof(int64_t));
    if (start == NULL)
        goto nomem;
    start[0] = 0;
    for (Py_ssize_t c = 0; c < n_captions; c++)
        start[c + 1] = start[c] + lengths[c];
    if (start[n_captions] != n_ids) {
        PyErr_SetString(PyExc_ValueError, "the lengths do not add up to the ids");
        goto done;
    }
    /* intern every gram, caption by caption, order by order, position by position */
    Py_ssize_t n_occ = 0;
    for (Py_ssize_t c = 0; c < n_captions; c++)
        for (int k = 1; k <= ORDERS; k++)
            n_occ += lengths[c] - k + 1 > 0 ? lengths[c] - k + 1 : 0;
    t.cap = 1024;
    t.keys_cap = 1024;
    t.slot = PyMem_Malloc((size_t)t.cap * sizeof(int64_t));
    t.keys = PyMem_Malloc((size_t)t.keys_cap * ORDERS * sizeof(int64_t));
    gram = PyMem_Malloc((size_t)(n_occ + 1) * sizeof(int64_t));
    first = PyMem_Malloc((size_t)(n_captions + 1) * sizeof(int64_t));
    if (t.slot == NULL || t.keys == NULL || gram == NULL || first == NULL)
        goto nomem;
    for (Py_ssize_t i = 0; i < t.cap; i++)
        t.slot[i] = -1;
    Py_ssize_t at = 0;
    for (Py_ssize_t c = 0; c < n_captions; c++) {
        first[c] = at;
        const int64_t *w = ids + start[c];
        for (int k = 1; k <= ORDERS; k++)
            for (int64_t p = 0; p + k <= lengths[c]; p++) {
                int64_t g = intern(&t, w + p, k);
                if (g < 0)
                    goto nomem;
                gram[at++] = g;
            }
    }
    first[n_captions] = at;
    Py_ssize_t n_grams = t.count > 0 ? t.count : 1;
    /* distinct grams of each caption, first occurrence first, with their counts:
     * compacted in place into gram[first[c] .. first[c] + distinct) */
    count = PyMem_Malloc((size_t)(n_occ + 1) * sizeof(int64_t));
    mark = PyMem_Malloc((size_t)n_grams * sizeof(int64_t));
    tally = PyMem_Malloc((size_t)n_grams * sizeof(int64_t));
    df = PyMem_Calloc((size_t)n_grams, sizeof(int64_t));
    int64_t *distinct = PyMem_Malloc((size_t)(n_captions + 1) * sizeof(int64_t));
    if (count == NULL || mark == NULL || tally == NULL || df == NULL || distinct == NULL) {
        PyMem_Free(distinct);
        goto nomem;
    }
    for (Py_ssize_t g = 0; g < n_grams; g++)
        mark[g] = -1;
    for (Py_ssize_t c = 0; c < n_captions; c++) {
        Py_ssize_t out = first[c];
        for (Py_ssize_t o = first[c]; o < first[c + 1]; o++) {
            int64_t g = gram[o];
            if (mark[g] != c) {
                mark[g] = c;
                tally[g] = 0;
                gram[out++] = g;
            }
            tally[g]++;
        }
        distinct[c] = out - first[c];
        for (Py_ssize_t o = first[c]; o < out; o++)
            count[o] = tally[gram[o]];
    }
    /* df: images whose references contain the gram */
    for (Py_ssize_t g = 0; g < n_grams; g++)
        mark[g] = -1;
    Py_ssize_t c = n_images;
    for (Py_ssize_t i = 0; i < n_images; i++)
        for (int64_t r = 0; r < refs_per[i]; r++, c++)
            for (Py_ssize_t o = first[c]; o < first[c] + distinct[c]; o++)
                if (mark[gram[o]] != i) {
                    mark[gram[o]] = i;
                    df[gram[o]]++;
                }
    idf = PyMem_Malloc((size_t)n_grams * sizeof(double));
    ref_w = PyMem_Malloc((size_t)n_grams * sizeof(double));
    ref_mark = PyMem_Malloc((size_t)n_grams * sizeof(int64_t));
    scores = PyMem_Malloc((size_t)n_images * sizeof(double));
    Py_ssize_t longest = 1;
    for (Py_ssize_t k = 0; k < n_captions; k++)
        if (distinct[k] > longest)
            longest = distinct[k];
    hyp_w = PyMem_Malloc((size_t)longest * sizeof(double));
    if (idf == NULL || ref_w == NULL || ref_mark == NULL || scores == NULL || hyp_w == NULL) {
        PyMem_Free(distinct);
        goto nomem;
    }
    double log_n = log((double)n_images);
    for (Py_ssize_t g = 0; g < t.count; g++) {
        ref_mark[g] = -1;
        idf[g] = log_n - log(df[g] > 1 ? (double)df[g] : 1.0);
    }
    double two_sigma2 = 2 * pow(sigma, 2.0);
    c = n_images;
    for (Py_ssize_t i = 0; i < n_images; i++) {
        /* the hypothesis' weights, norms and bigram count */
        Py_ssize_t h0 = first[i], hn = distinct[i];
        double hyp_sq[ORDERS] = {0}, hyp_norm[ORDERS];
        for (Py_ssize_t j = 0; j < hn; j++) {
            int64_t g = gram[h0 + j];
            int order = 0;
            while (order + 1 < ORDERS && t.keys[g * ORDERS + order + 1] >= 0)
                order++;
            hyp_w[j] = (double)count[h0 + j] * idf[g];
            hyp_sq[order] += hyp_w[j] * hyp_w[j];
        }
        for (int n = 0; n < ORDERS; n++)
            hyp_norm[n] = sqrt(hyp_sq[n]);
        int64_t hyp_len = lengths[i] > 1 ? lengths[i] - 1 : 0;
        double totals[ORDERS] = {0};
        for (int64_t r = 0; r < refs_per[i]; r++, c++) {
            double ref_sq[ORDERS] = {0};
            for (Py_ssize_t o = first[c]; o < first[c] + distinct[c]; o++) {
                int64_t g = gram[o];
                int order = 0;
                while (order + 1 < ORDERS && t.keys[g * ORDERS + order + 1] >= 0)
                    order++;
                double w = (double)count[o] * idf[g];
                ref_w[g] = w;
                ref_mark[g] = c;
                ref_sq[order] += w * w;
            }
            int64_t ref_len = lengths[c] > 1 ? lengths[c] - 1 : 0;
            double delta = (double)(hyp_len - ref_len);
            double penalty = pow(2.718281828459045, -pow(delta, 2.0) / two_sigma2); /* math.e ** x */
            double value[ORDERS] = {0};
            for (Py_ssize_t j = 0; j < hn; j++) {
                int64_t g = gram[h0 + j];
                int order = 0;
                while (order + 1 < ORDERS && t.keys[g * ORDERS + order + 1] >= 0)
                    order++;
                double wr = ref_mark[g] == c ? ref_w[g] : 0.0;
                double wh = hyp_w[j];
                value[order] += (wr < wh ? wr : wh) * wr;
            }
            for (int n = 0; n < ORDERS; n++) {
                double norm_r = sqrt(ref_sq[n]);
                if (hyp_norm[n] != 0 && norm_r != 0)
                    value[n] /= hyp_norm[n] * norm_r;
                totals[n] += value[n] * penalty;
            }
        }
        double sum = 0.0;
        for (int n = 0; n < ORDERS; n++)
            sum += totals[n];
        scores[i] = sum / ORDERS / (double)refs_per[i] * 10.0;
    }
    PyMem_Free(distinct);
    result = PyBytes_FromStringAndSize((const char *)scores, (Py_ssize_t)(n_images * sizeof(double)));
    goto done;
nomem:
    PyErr_NoMemory();
done:
    PyMem_Free(t.keys);
    PyMem_Free(t.slot);
    PyMem_Free(first);
    PyMem_Free(gram);
    PyMem_Free(count);
    PyMem_Free(mark);
    PyMem_Free(tally);
    PyMem_Free(df);
    PyMem_Free(start);
    PyMem_Free(ref_mark);
    PyMem_Free(idf);
    PyMem_Free(ref_w);
    PyMem_Free(scores);
    PyMem_Free(hyp_w);
    PyBuffer_Release(&ids_b);
    PyBuffer_Release(&len_b);
    PyBuffer_Release(&refs_b);
    return result;
}

static PyMethodDef methods[] = {
    {"cider_rows", cider_rows, METH_VARARGS,
     "cider_rows(ids, lengths, refs_per_image, sigma) -> float64 bytes of every image's CIDEr-D"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cider", "CIDEr-D kernel", -1, methods};

PyMODINIT_FUNC PyInit__cider(void) { return PyModule_Create(&module); }
