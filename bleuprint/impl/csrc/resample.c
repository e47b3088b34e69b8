/*
 * bleuprint.impl._resample: sacreBLEU's bootstrap resamples, drawn and summed in C.
 *
 * sacreBLEU 2.5.1 (significance.py, _bootstrap_resample and _paired_bs_test) draws its
 * resamples with ONE call idx = rng.choice(N, size=(n_boot, N), replace=True) on
 * numpy.random.default_rng(seed), and scores resample b on stats[idx[b]].sum(0): the
 * float32 statistics rows added in resample order (bleuprint.spec.intervals, step 2).
 * This module reproduces both steps exactly without materialising the n_boot x N index
 * matrix (only the indices of the few resamples being summed, in cache), for callers in
 * bleuprint.impl.intervals (which keeps the numpy code as the fallback and decides when
 * this module applies).
 *
 * The random numbers (numpy >= 1.17's Generator on its default bit generator; this is
 * our own implementation of the published algorithms, checked against numpy by
 * tests/impl/test_resample_native.py):
 *
 *   * PCG64 (M. E. O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically
 *     Good Algorithms for Random Number Generation", 2014), the XSL-RR 128/64 variant:
 *     a 128-bit LCG, state = state * 0x2360ED051FC65DA44385DF649FCCF645 + inc (mod 2^128),
 *     stepped first; the 64-bit output of the new state is the rotation of
 *     (high 64 bits XOR low 64 bits) right by the top 6 bits of the state.
 *   * numpy's 32-bit draws from that 64-bit generator: a draw returns the low half of a
 *     fresh 64-bit output and keeps the high half for the next draw (the bit generator's
 *     state fields has_uint32 and uinteger).
 *   * numpy's bounded integers in [0, N) for N - 1 <= 0xFFFFFFFE (choice -> integers ->
 *     random_bounded_uint64_fill, use_masked = false): D. Lemire, "Fast Random Integer
 *     Generation in an Interval", ACM TOMACS 2019, on 32-bit draws x: m = x * N (64 bits);
 *     if (m mod 2^32) < N, draws are rejected while (m mod 2^32) < (2^32 - N) mod N; the
 *     result is m >> 32. N = 1 draws nothing (every index is 0).
 *
 * The sums: resample b's statistics are rows idx[b, 0], idx[b, 1], ... added in that
 * order, column by column, in float32 (sacreBLEU's arithmetic) or float64 (bleuprint's
 * exact mode, exact for integer statistics below 2^53), starting from the first row
 * itself; each column is an independent chain of additions in resample order, so holding
 * several columns in one SIMD register, or summing several resamples side by side,
 * changes no result. The sums are returned as float64 (every float32 value is a float64
 * value).
 *
 * How the work is arranged (speed only; the tests compare every number with numpy's and
 * sacreBLEU's): outputs are generated 128 at a time on two interleaved LCG chains (the
 * same states as one step at a time), and Lemire's multiplications of a batch are done
 * together (vectorised); the indices of up to 4 resamples at a time are summed side by
 * side, their accumulators in SIMD registers, with 16-byte vectors or, where the
 * processor has AVX (checked when the module loads; simd() switches it for the tests),
 * 32-byte ones. Without 128-bit integers in the compiler the module refuses to load
 * (ImportError), and bleuprint.impl uses numpy.
 *
 * Functions (buffers: numpy arrays or anything with the buffer protocol, C-contiguous;
 * a generator state is (state_hi, state_lo, inc_hi, inc_lo, has_uint32, uinteger) and
 * the functions that draw return the state after as (state_hi, state_lo, has_uint32,
 * uinteger), which the caller writes back into numpy's bit generator):
 *
 *   draw_indices(state, N, out)       out (uint32, or uint16 if N <= 2^16; any length L):
 *                                     the next L indices in [0, N), as numpy's
 *                                     integers(0, N, L) draws them.
 *   draw_sums(state, N, n_boot, stats, out)
 *                                     stats: N x S float32 ('f') or float64 ('d');
 *                                     out: n_boot x S float64, resample b's row sums.
 *   index_sums(idx, stats, out)       idx: n_boot x N uint32 (or uint16) indices (< N, checked),
 *                                     stats and out as above: the same sums for indices
 *                                     drawn elsewhere (a bit generator other than PCG64).
 *   math_map(function, values, out)   out = log(values) or exp(values), element-wise, the
 *                                     C library's functions (what math.log and math.exp
 *                                     return for finite arguments in range), for scoring
 *                                     the resamples' BLEU without a Python call each.
 *   bleu_scores(sums, is32, method, value, effective_order, out)
 *                                     BLEU of every row (exp, floor or none smoothing),
 *                                     float32 arithmetic where is32, as the spec computes
 *                                     it on numpy float32 statistics, double elsewhere.
 *   simd([flag])                      whether the AVX sums run; with flag, switch them.
 *
 * The GIL is released while drawing and summing. Only the Python C API is used.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------- */
/* PCG64 (XSL-RR 128/64), as a stream of numpy's 32-bit draws.                          */

#if defined(__SIZEOF_INT128__)
#define HAVE_INT128 1
typedef unsigned __int128 u128;

#define MULT ((((u128)0x2360ED051FC65DA4ULL) << 64) | (u128)0x4385DF649FCCF645ULL)

/* The 64-bit output of a (freshly stepped) state: XSL-RR. */
static inline uint64_t xsl_rr(u128 s) {
    uint64_t hi = (uint64_t)(s >> 64), v = hi ^ (uint64_t)s;
    unsigned r = (unsigned)(hi >> 58);
    return (v >> r) | (v << ((64u - r) & 63u));
}

/* The 64-bit outputs after state `start`, count of them (a multiple of 4), into out;
 * *after = the state after the last. Four interleaved LCG chains (state_{t+4} = state_t *
 * MULT^4 + inc * (MULT^3 + MULT^2 + MULT + 1)) give the same states as stepping one at a
 * time, faster: one step's 128-bit multiplication waits for the previous one (about
 * seven cycles), and four independent chains keep the multiplier busy meanwhile. (An
 * AVX2 version with eight chains, the 128-bit products built from 32 x 32-bit
 * multiplications, was measured only 10% faster than two scalar chains on the project's
 * machine, and left out.) */
static void generate(u128 start, u128 inc, uint64_t *out, size_t count, u128 *after) {
    const u128 mult2 = MULT * MULT, mult4 = mult2 * mult2;
    const u128 inc4 = inc * (MULT + 1) * (mult2 + 1);
    u128 a = start * MULT + inc, b = a * MULT + inc, c = b * MULT + inc, d = c * MULT + inc, last = start;
    for (size_t t = 0; t < count; t += 4) {
        out[t] = xsl_rr(a);
        out[t + 1] = xsl_rr(b);
        out[t + 2] = xsl_rr(c);
        out[t + 3] = xsl_rr(d);
        last = d;
        a = a * mult4 + inc4;
        b = b * mult4 + inc4;
        c = c * mult4 + inc4;
        d = d * mult4 + inc4;
    }
    *after = last;
}

/* 64-bit outputs generated at once. */
#define BATCH 128
#define RAW (2 * BATCH)

/* numpy's 32-bit draws, turned into bounded indices a batch at a time: the index of a
 * 32-bit draw u is (u * n) >> 32 when (u * n) mod 2^32 >= threshold, and u is rejected
 * (Lemire's loop draws again) otherwise; so the indices are the accepted draws' values
 * in order, and the batch can be computed before any index is used. */
typedef struct {
    uint32_t n, threshold;
    u128 state;          /* the LCG state before the outputs in raw */
    u128 after;          /* the state after them */
    u128 inc;
    int generated;       /* raw holds generated outputs (else the initial half, if any) */
    int compacted;       /* some draw of raw was rejected: where[] maps index -> draw */
    uint32_t uinteger0;  /* numpy's uinteger on entry */
    uint32_t uinteger_before;  /* numpy's uinteger before the outputs in raw */
    size_t n_raw;        /* 32-bit draws in raw */
    size_t len, pos;     /* indices in idx, and how many of them are used */
    uint32_t raw[RAW];   /* low half, high half, low, high, ... of successive outputs */
    uint32_t idx[RAW];   /* the indices of the accepted draws */
    uint16_t where[RAW]; /* (compacted) the draw each index comes from */
} stream_t;

static uint32_t lemire_threshold(uint32_t n) { return (uint32_t)((0x100000000ULL - n) % n); }

/* Indices of raw[0..n_raw) into idx; sets len and compacted. */
static void stream_bound(stream_t *st) {
    const uint64_t n = st->n;
    const uint32_t threshold = st->threshold;
    uint32_t rejected = 0;
    for (size_t k = 0; k < st->n_raw; k++) {
        uint64_t m = (uint64_t)st->raw[k] * n;
        st->idx[k] = (uint32_t)(m >> 32);
        rejected |= (uint32_t)m < threshold;
    }
    st->len = st->n_raw;
    st->compacted = 0;
    if (rejected) { /* rare: about n_raw * threshold / 2^32 */
        size_t len = 0;
        for (size_t k = 0; k < st->n_raw; k++)
            if ((uint32_t)((uint64_t)st->raw[k] * n) >= threshold) {
                st->idx[len] = (uint32_t)(((uint64_t)st->raw[k] * n) >> 32);
                st->where[len++] = (uint16_t)k;
            }
        st->len = len;
        st->compacted = 1;
    }
    st->pos = 0;
}

/* numpy's state (the LCG state, and a buffered high half: has_uint32, uinteger), for
 * bounded draws in [0, n), 2 <= n <= 2^32 - 1. */
static void stream_init(stream_t *st, u128 state, u128 inc, int has_uint32, uint32_t uinteger, uint32_t n) {
    st->n = n;
    st->threshold = n > 1 ? lemire_threshold(n) : 0;
    st->state = st->after = state;
    st->inc = inc;
    st->generated = 0;
    st->uinteger0 = st->uinteger_before = uinteger;
    st->n_raw = 0;
    if (has_uint32) /* numpy's next 32-bit draw is the buffered half */
        st->raw[st->n_raw++] = uinteger;
    stream_bound(st);
}

/* The next BATCH outputs (RAW draws) and their indices. Returns the new len (0 if every
 * draw was rejected). */
static size_t stream_refill(stream_t *st) {
    uint64_t outputs[BATCH];
    st->uinteger_before = st->generated ? st->raw[RAW - 1] : st->uinteger0;
    st->state = st->after;
    generate(st->state, st->inc, outputs, BATCH, &st->after);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(st->raw, outputs, sizeof outputs); /* the low half of each output first, as numpy draws */
#else
    for (size_t t = 0; t < BATCH; t++) { /* numpy draws the low half first */
        st->raw[2 * t] = (uint32_t)outputs[t];
        st->raw[2 * t + 1] = (uint32_t)(outputs[t] >> 32);
    }
#endif
    st->generated = 1;
    st->n_raw = RAW;
    stream_bound(st);
    return st->len;
}

/* numpy's state after the indices used so far (st->pos of idx). The draws used are those
 * up to the one of the last index used; a 32-bit draw takes the low half of a new output
 * and keeps its high half (has_uint32 = 1, uinteger = high half), or takes the kept half
 * (has_uint32 = 0, uinteger unchanged). */
static void stream_finish(const stream_t *st, u128 *state, int *has_uint32, uint32_t *uinteger) {
    size_t used = st->pos == 0 ? 0 : (st->compacted ? (size_t)st->where[st->pos - 1] : st->pos - 1) + 1;
    if (!st->generated) {
        *state = st->state;
        *has_uint32 = st->n_raw == 1 && used == 0;
        *uinteger = st->uinteger0;
        return;
    }
    u128 s = st->state;
    for (size_t k = 0; k < (used + 1) / 2; k++)
        s = s * MULT + st->inc;
    *state = s;
    *has_uint32 = (int)(used & 1);
    *uinteger = used == 0 ? st->uinteger_before : (used & 1) ? st->raw[used] : st->raw[used - 1];
}

/* ---------------------------------------------------------------------------------- */
/* Row sums in resample order.                                                          */

#if defined(__GNUC__)
#define HAVE_VECTORS 1
typedef float vf __attribute__((vector_size(16)));   /* 4 float32 */
typedef double vd __attribute__((vector_size(16)));  /* 2 float64 */
#define ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define HAVE_VECTORS 0
#define ALWAYS_INLINE inline
#endif

/* Columns held in registers at once: MAX_VECTORS vectors of 16 bytes; and resamples
 * summed side by side (independent chains of additions, which the processor overlaps),
 * at most MAX_GROUP and at most ACC_REGISTERS accumulator vectors in all. */
#define MAX_VECTORS 8
#define MAX_GROUP 4
#define ACC_REGISTERS 12
#define LANE_BYTES 16

typedef struct {
    const char *rows;   /* N rows of `pitch` bytes, padded with zeros to whole vectors */
    size_t pitch;       /* bytes per row (a multiple of 16) */
    size_t n_rows;
    size_t n_cols;      /* S */
    int is_double;
} padded_t;

/* The next count indices of the stream into out (numpy's integers(0, n, count)). */
static void draw_into(stream_t *st, size_t count, uint32_t *out) {
    if (st->n == 1) { /* numpy's range-0 case: no draw */
        memset(out, 0, count * sizeof(uint32_t));
        return;
    }
    while (count > 0) {
        if (st->pos == st->len) {
            while (stream_refill(st) == 0)
                ;
        }
        size_t take = st->len - st->pos < count ? st->len - st->pos : count;
        memcpy(out, st->idx + st->pos, take * sizeof(uint32_t));
        st->pos += take;
        out += take;
        count -= take;
    }
}

/* draw_into for N <= 2^16, the indices narrowed to uint16 as they are copied out. */
static void draw_into16(stream_t *st, size_t count, uint16_t *out) {
    if (st->n == 1) {
        memset(out, 0, count * sizeof(uint16_t));
        return;
    }
    while (count > 0) {
        if (st->pos == st->len) {
            while (stream_refill(st) == 0)
                ;
        }
        size_t take = st->len - st->pos < count ? st->len - st->pos : count;
        const uint32_t *from = st->idx + st->pos;
        for (size_t i = 0; i < take; i++)
            out[i] = (uint16_t)from[i];
        st->pos += take;
        out += take;
        count -= take;
    }
}

#if HAVE_VECTORS
/* r resamples (indices idx[q * N + i], q < r), the columns of vectors [first, first + k):
 * acc_q = row[j_q0]; acc_q += row[j_q1]; ... into dst + q * dst_stride. k and r are
 * constants after inlining, so the accumulators live in registers. */
#define DEFINE_GROUP(NAME, VT, CT, LANES)                                                      \
    static ALWAYS_INLINE void NAME(const padded_t *p, size_t first, const int k, const int r, \
                                   const uint32_t *idx, CT *dst, size_t dst_stride) {        \
        VT acc[MAX_GROUP][MAX_VECTORS];                                                      \
        const char *base = p->rows + first * LANE_BYTES;                                     \
        const size_t pitch = p->pitch, n = p->n_rows;                                        \
        for (int q = 0; q < r; q++) {                                                        \
            const char *row = base + (size_t)idx[q * n] * pitch;                             \
            for (int v = 0; v < k; v++)                                                      \
                memcpy(&acc[q][v], row + v * LANE_BYTES, LANE_BYTES);                        \
        }                                                                                    \
        for (size_t i = 1; i < n; i++) {                                                     \
            for (int q = 0; q < r; q++) {                                                    \
                const char *row = base + (size_t)idx[q * n + i] * pitch;                     \
                for (int v = 0; v < k; v++) {                                                \
                    VT x;                                                                    \
                    memcpy(&x, row + v * LANE_BYTES, LANE_BYTES);                            \
                    acc[q][v] += x;                                                          \
                }                                                                            \
            }                                                                                \
        }                                                                                    \
        for (int q = 0; q < r; q++)                                                          \
            for (int v = 0; v < k; v++)                                                      \
                memcpy(dst + q * dst_stride + v * LANES, &acc[q][v], LANE_BYTES);            \
    }

DEFINE_GROUP(group_f32, vf, float, 4)
DEFINE_GROUP(group_f64, vd, double, 2)

/* The largest group for k vectors: MAX_GROUP, and at most ACC_REGISTERS accumulators. */
static int group_size(int k) {
    int r = ACC_REGISTERS / k;
    return r < 1 ? 1 : r > MAX_GROUP ? MAX_GROUP : r;
}

#define KR(FN, K, R) \
    case (K) * 8 + (R): FN(p, first, K, R, idx, dst, dst_stride); break;
#define KS(FN, K) KR(FN, K, 1) KR(FN, K, 2) KR(FN, K, 3) KR(FN, K, 4)
/* Dispatch (k, r), 1 <= k <= MAX_VECTORS, 1 <= r <= group_size(k), to constant copies. */
#define DISPATCH(FN)                                                                 \
    switch (k * 8 + r) {                                                             \
        KS(FN, 1) KS(FN, 2) KS(FN, 3) KR(FN, 4, 1) KR(FN, 4, 2) KR(FN, 4, 3)         \
        KR(FN, 5, 1) KR(FN, 5, 2) KR(FN, 6, 1) KR(FN, 6, 2) KR(FN, 7, 1) KR(FN, 8, 1) \
    default: FN(p, first, 8, 1, idx, dst, dst_stride); break;                        \
    }

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HAVE_AVX 1
/* The same sums with 32-byte AVX vectors: a block of k 16-byte vectors is k / 2 wide
 * ones and, for odd k, one 16-byte one, so fewer loads per row (the additions of each
 * column stay one chain in resample order: the results are the same). Used where the
 * processor has AVX (use_avx; simd() switches it for the tests). */
typedef float vf8 __attribute__((vector_size(32)));
typedef double vd4 __attribute__((vector_size(32)));
static int use_avx = 0;

#define DEFINE_GROUP_AVX(NAME, VW, VN, CT, LANES)                                              \
    __attribute__((target("avx"))) static ALWAYS_INLINE void NAME(                           \
        const padded_t *p, size_t first, const int k, const int r, const uint32_t *idx,      \
        CT *dst, size_t dst_stride) {                                                        \
        const int kw = k / 2, kn = k % 2;                                                    \
        VW wide[MAX_GROUP][MAX_VECTORS / 2];                                                 \
        VN narrow[MAX_GROUP];                                                                \
        const char *base = p->rows + first * LANE_BYTES;                                     \
        const size_t pitch = p->pitch, n = p->n_rows;                                        \
        for (int q = 0; q < r; q++) {                                                        \
            const char *row = base + (size_t)idx[q * n] * pitch;                             \
            for (int v = 0; v < kw; v++)                                                     \
                memcpy(&wide[q][v], row + v * 2 * LANE_BYTES, 2 * LANE_BYTES);               \
            if (kn)                                                                          \
                memcpy(&narrow[q], row + kw * 2 * LANE_BYTES, LANE_BYTES);                   \
        }                                                                                    \
        for (size_t i = 1; i < n; i++) {                                                     \
            for (int q = 0; q < r; q++) {                                                    \
                const char *row = base + (size_t)idx[q * n + i] * pitch;                     \
                for (int v = 0; v < kw; v++) {                                               \
                    VW x;                                                                    \
                    memcpy(&x, row + v * 2 * LANE_BYTES, 2 * LANE_BYTES);                    \
                    wide[q][v] += x;                                                         \
                }                                                                            \
                if (kn) {                                                                    \
                    VN y;                                                                    \
                    memcpy(&y, row + kw * 2 * LANE_BYTES, LANE_BYTES);                       \
                    narrow[q] += y;                                                          \
                }                                                                            \
            }                                                                                \
        }                                                                                    \
        for (int q = 0; q < r; q++) {                                                        \
            for (int v = 0; v < kw; v++)                                                     \
                memcpy(dst + q * dst_stride + v * 2 * LANES, &wide[q][v], 2 * LANE_BYTES);   \
            if (kn)                                                                          \
                memcpy(dst + q * dst_stride + kw * 2 * LANES, &narrow[q], LANE_BYTES);       \
        }                                                                                    \
    }

DEFINE_GROUP_AVX(group_f32_avx, vf8, vf, float, 4)
DEFINE_GROUP_AVX(group_f64_avx, vd4, vd, double, 2)

__attribute__((target("avx"))) static void group_any_avx(const padded_t *p, size_t first, int k, int r,
                                                         const uint32_t *idx, char *out_rows, size_t pitch) {
    if (p->is_double) {
        double *dst = (double *)out_rows + first * 2;
        size_t dst_stride = pitch / sizeof(double);
        DISPATCH(group_f64_avx)
    } else {
        float *dst = (float *)out_rows + first * 4;
        size_t dst_stride = pitch / sizeof(float);
        DISPATCH(group_f32_avx)
    }
}
#else
#define HAVE_AVX 0
static const int use_avx = 0;
#endif

static void group_any(const padded_t *p, size_t first, int k, int r, const uint32_t *idx, char *out_rows,
                      size_t pitch) {
#if HAVE_AVX
    if (use_avx) {
        group_any_avx(p, first, k, r, idx, out_rows, pitch);
        return;
    }
#endif
    if (p->is_double) {
        double *dst = (double *)out_rows + first * 2;
        size_t dst_stride = pitch / sizeof(double);
        DISPATCH(group_f64)
    } else {
        float *dst = (float *)out_rows + first * 4;
        size_t dst_stride = pitch / sizeof(float);
        DISPATCH(group_f32)
    }
}
#else
/* Scalar version (no vector extension): the columns of one resample from idx[0..N). */
static void column_sums(const padded_t *p, const uint32_t *idx, char *dst) {
    size_t n_rows = p->n_rows, pitch = p->pitch;
    for (size_t c = 0; c < p->n_cols; c++) {
        if (p->is_double) {
            double acc = ((const double *)(p->rows + (size_t)idx[0] * pitch))[c];
            for (size_t i = 1; i < n_rows; i++)
                acc += ((const double *)(p->rows + (size_t)idx[i] * pitch))[c];
            ((double *)dst)[c] = acc;
        } else {
            float acc = ((const float *)(p->rows + (size_t)idx[0] * pitch))[c];
            for (size_t i = 1; i < n_rows; i++)
                acc += ((const float *)(p->rows + (size_t)idx[i] * pitch))[c];
            ((float *)dst)[c] = acc;
        }
    }
}
#endif

/* All resamples into out (n_boot x S float64), indices drawn from st (st != NULL) or read
 * from idx_all (n_boot x N uint32) or idx16 (the same as uint16, N <= 2^16). The resamples go in groups: the indices of a group are
 * drawn into a buffer (a few times N, in cache), then the group is summed side by side,
 * in blocks of at most MAX_VECTORS vectors of columns. Returns 0, or -1 if the workspace
 * cannot be allocated. */
static int resample_sums(const padded_t *p, stream_t *st, const uint32_t *idx_all, const uint16_t *idx16,
                         size_t n_boot, double *out) {
    size_t n_vectors = p->pitch / LANE_BYTES;
    size_t n = p->n_rows;
#if HAVE_VECTORS
    size_t group = n_vectors <= MAX_VECTORS ? (size_t)group_size((int)n_vectors) : 1;
#else
    size_t group = 1;
#endif
    uint32_t *buffer = NULL;
    char *rows_out = malloc(group * p->pitch);
    if (rows_out == NULL)
        return -1;
    if (st != NULL || idx16 != NULL) {
        buffer = malloc(group * n * sizeof(uint32_t));
        if (buffer == NULL) {
            free(rows_out);
            return -1;
        }
    }
    for (size_t b = 0; b < n_boot; b += group) {
        size_t r = n_boot - b < group ? n_boot - b : group;
        const uint32_t *idx = idx_all == NULL ? NULL : idx_all + b * n;
        if (st != NULL) {
            draw_into(st, r * n, buffer);
            idx = buffer;
        } else if (idx16 != NULL) { /* widened into the group's buffer, in cache */
            const uint16_t *from = idx16 + b * n;
            for (size_t i = 0; i < r * n; i++)
                buffer[i] = from[i];
            idx = buffer;
        }
#if HAVE_VECTORS
        for (size_t first = 0; first < n_vectors; first += MAX_VECTORS) {
            size_t k = n_vectors - first < MAX_VECTORS ? n_vectors - first : MAX_VECTORS;
            group_any(p, first, (int)k, (int)r, idx, rows_out, p->pitch);
        }
#else
        for (size_t q = 0; q < r; q++)
            column_sums(p, idx + q * n, rows_out + q * p->pitch);
#endif
        for (size_t q = 0; q < r; q++) {
            double *dst = out + (b + q) * p->n_cols;
            const char *src = rows_out + q * p->pitch;
            if (p->is_double)
                memcpy(dst, src, p->n_cols * sizeof(double));
            else
                for (size_t c = 0; c < p->n_cols; c++)
                    dst[c] = (double)((const float *)src)[c];
        }
    }
    free(buffer);
    free(rows_out);
    return 0;
}

/* ---------------------------------------------------------------------------------- */
/* Python glue.                                                                         */

static int parse_state(PyObject *state, stream_t *st, Py_ssize_t n) {
    unsigned long long hi, lo, inc_hi, inc_lo;
    int has;
    unsigned long uinteger;
    if (!PyArg_ParseTuple(state, "KKKKpk;state must be (state_hi, state_lo, inc_hi, inc_lo, has_uint32, uinteger)",
                          &hi, &lo, &inc_hi, &inc_lo, &has, &uinteger))
        return -1;
    if (uinteger > 0xFFFFFFFFUL) {
        PyErr_SetString(PyExc_ValueError, "uinteger must be < 2^32");
        return -1;
    }
    if (n < 1 || (unsigned long long)n > 0xFFFFFFFFULL) {
        PyErr_Format(PyExc_ValueError, "N must be in [1, 2^32 - 1], got %zd", n);
        return -1;
    }
    stream_init(st, ((u128)hi << 64) | lo, ((u128)inc_hi << 64) | inc_lo, has, (uint32_t)uinteger, (uint32_t)n);
    return 0;
}

static PyObject *state_after(const stream_t *st) {
    u128 state;
    int has;
    uint32_t uinteger;
    stream_finish(st, &state, &has, &uinteger);
    return Py_BuildValue("(KKik)", (unsigned long long)(state >> 64), (unsigned long long)state, has,
                         (unsigned long)uinteger);
}

/* Reads a C-contiguous N x S statistics buffer of float32/float64 into zero-padded rows
 * (whole 16-byte vectors). Fills p; p->rows must be freed. */
static int padded_copy(PyObject *obj, padded_t *p) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return -1;
    if (view.ndim != 2 || view.format == NULL || view.format[0] == '\0' || view.format[1] != '\0' ||
        (view.format[0] != 'f' && view.format[0] != 'd') || view.itemsize != (view.format[0] == 'f' ? 4 : 8)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "stats must be a 2-dimensional float32 or float64 buffer");
        return -1;
    }
    p->is_double = view.format[0] == 'd';
    p->n_rows = (size_t)view.shape[0];
    p->n_cols = (size_t)view.shape[1];
    if (p->n_rows == 0 || p->n_cols == 0 || p->n_rows > 0xFFFFFFFFULL) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "stats must have 1 to 2^32 - 1 rows and at least one column");
        return -1;
    }
    size_t row_bytes = p->n_cols * (size_t)view.itemsize;
    p->pitch = (row_bytes + LANE_BYTES - 1) / LANE_BYTES * LANE_BYTES;
    char *rows = calloc(p->n_rows, p->pitch);
    if (rows == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < p->n_rows; i++)
        memcpy(rows + i * p->pitch, (const char *)view.buf + i * row_bytes, row_bytes);
    PyBuffer_Release(&view);
    p->rows = rows;
    return 0;
}

/* A writable C-contiguous buffer of `count` items of one-character format in `formats`
 * and size itemsize. */
static int get_out(PyObject *obj, Py_buffer *out, const char *formats, Py_ssize_t itemsize, size_t count,
                   const char *what) {
    if (PyObject_GetBuffer(obj, out, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (out->itemsize != itemsize || out->format == NULL || strlen(out->format) != 1 ||
        strchr(formats, out->format[0]) == NULL || (count != (size_t)-1 && (size_t)out->len != count * itemsize)) {
        PyBuffer_Release(out);
        PyErr_Format(PyExc_ValueError, "out must be a writable C-contiguous %s buffer", what);
        return -1;
    }
    return 0;
}

static PyObject *py_draw_indices(PyObject *self, PyObject *args) {
    PyObject *state, *out_obj;
    Py_ssize_t n;
    Py_buffer out;
    stream_t st;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!nO", &PyTuple_Type, &state, &n, &out_obj) || parse_state(state, &st, n) < 0)
        return NULL;
    /* uint32 ('L' is 32-bit on some platforms), or uint16 for N <= 2^16 */
    if (PyObject_GetBuffer(out_obj, &out, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    int narrow = out.itemsize == 2;
    if (out.format == NULL || strlen(out.format) != 1 || out.len % out.itemsize ||
        !(narrow ? n <= 65536 && out.format[0] == 'H' : out.itemsize == 4 && strchr("IL", out.format[0]) != NULL)) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "out must be a writable C-contiguous uint32 buffer (or uint16 for N <= 2^16)");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    if (narrow)
        draw_into16(&st, (size_t)out.len / 2, out.buf);
    else
        draw_into(&st, (size_t)out.len / 4, out.buf);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&out);
    return state_after(&st);
}

static PyObject *py_draw_sums(PyObject *self, PyObject *args) {
    PyObject *state, *stats_obj, *out_obj;
    Py_ssize_t n, n_boot;
    Py_buffer out;
    stream_t st;
    padded_t p;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!nnOO", &PyTuple_Type, &state, &n, &n_boot, &stats_obj, &out_obj) ||
        parse_state(state, &st, n) < 0)
        return NULL;
    if (n_boot < 1) {
        PyErr_SetString(PyExc_ValueError, "n_boot must be >= 1");
        return NULL;
    }
    if (padded_copy(stats_obj, &p) < 0)
        return NULL;
    if (p.n_rows != (size_t)n) {
        free((void *)p.rows);
        PyErr_SetString(PyExc_ValueError, "stats must have N rows");
        return NULL;
    }
    if (get_out(out_obj, &out, "d", 8, (size_t)n_boot * p.n_cols, "float64 n_boot x S") < 0) {
        free((void *)p.rows);
        return NULL;
    }
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = resample_sums(&p, &st, NULL, NULL, (size_t)n_boot, out.buf);
    Py_END_ALLOW_THREADS
    free((void *)p.rows);
    PyBuffer_Release(&out);
    if (rc < 0)
        return PyErr_NoMemory();
    return state_after(&st);
}

static PyObject *py_index_sums(PyObject *self, PyObject *args) {
    PyObject *idx_obj, *stats_obj, *out_obj;
    Py_buffer idx, out;
    padded_t p;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO", &idx_obj, &stats_obj, &out_obj))
        return NULL;
    if (padded_copy(stats_obj, &p) < 0)
        return NULL;
    if (PyObject_GetBuffer(idx_obj, &idx, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        free((void *)p.rows);
        return NULL;
    }
    int narrow = idx.itemsize == 2;
    int bad = idx.ndim != 2 || (idx.itemsize != 4 && !narrow) || idx.format == NULL || strlen(idx.format) != 1 ||
              strchr(narrow ? "H" : "IL", idx.format[0]) == NULL ||
              idx.shape[0] < 1 || (size_t)idx.shape[1] != p.n_rows;
    size_t n_boot = bad ? 0 : (size_t)idx.shape[0];
    if (!bad && get_out(out_obj, &out, "d", 8, n_boot * p.n_cols, "float64 n_boot x S") < 0) {
        free((void *)p.rows);
        PyBuffer_Release(&idx);
        return NULL;
    }
    int rc = 0;
    if (!bad) {
        /* without the GIL, so that callers summing parts of one index matrix on several
         * threads check and sum them at the same time */
        Py_BEGIN_ALLOW_THREADS
        uint32_t largest = 0;
        if (narrow) {
            const uint16_t *ix = idx.buf;
            for (size_t i = 0; i < n_boot * p.n_rows; i++)
                largest = ix[i] > largest ? ix[i] : largest;
        } else {
            const uint32_t *ix = idx.buf;
            for (size_t i = 0; i < n_boot * p.n_rows; i++)
                largest = ix[i] > largest ? ix[i] : largest;
        }
        bad = largest >= p.n_rows;
        if (!bad)
            rc = narrow ? resample_sums(&p, NULL, NULL, idx.buf, n_boot, out.buf)
                        : resample_sums(&p, NULL, idx.buf, NULL, n_boot, out.buf);
        Py_END_ALLOW_THREADS
        PyBuffer_Release(&out);
    }
    free((void *)p.rows);
    PyBuffer_Release(&idx);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "idx must be an n_boot x N uint32 (or uint16) buffer of indices < N");
        return NULL;
    }
    if (rc < 0)
        return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* log or exp of every element: the C library's functions, which Python's math.log and
 * math.exp call for finite arguments in range (impl.intervals scores BLEU with those;
 * numpy's own vectorised log/exp may differ in the last bit). */
static PyObject *py_math_map(PyObject *self, PyObject *args) {
    const char *name;
    PyObject *in_obj, *out_obj;
    Py_buffer in, out;
    (void)self;
    if (!PyArg_ParseTuple(args, "sOO", &name, &in_obj, &out_obj))
        return NULL;
    int is_log = strcmp(name, "log") == 0;
    if (!is_log && strcmp(name, "exp") != 0) {
        PyErr_SetString(PyExc_ValueError, "function must be 'log' or 'exp'");
        return NULL;
    }
    if (PyObject_GetBuffer(in_obj, &in, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (in.itemsize != 8 || in.format == NULL || strcmp(in.format, "d") != 0) {
        PyBuffer_Release(&in);
        PyErr_SetString(PyExc_ValueError, "values must be a C-contiguous float64 buffer");
        return NULL;
    }
    size_t count = (size_t)in.len / 8;
    if (get_out(out_obj, &out, "d", 8, count, "float64 buffer as long as values") < 0) {
        PyBuffer_Release(&in);
        return NULL;
    }
    const double *x = in.buf;
    double *y = out.buf;
    Py_BEGIN_ALLOW_THREADS
    if (is_log)
        for (size_t i = 0; i < count; i++)
            y[i] = log(x[i]);
    else
        for (size_t i = 0; i < count; i++)
            y[i] = exp(x[i]);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&in);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* bleu_scores(sums, is32, method, value, effective_order, out): BLEU of every row of sums
 * (n x (2 + 2 * order) float64 holding exact values) into out (n float64), as
 * bleuprint.spec.bleu.bleu_from_stats computes it on that row (sacreBLEU's
 * BLEU.compute_bleu), for the smoothing methods 'exp' (0), 'floor' (1) and 'none' (2);
 * 'add-k' is left to impl.intervals' numpy code. is32 (n bytes): the row's statistics are
 * numpy float32 scalars (sacreBLEU's resamples: the precisions are then float32
 * arithmetic, a Python float operand rounded to float32 first, NumPy >= 2 rules) or
 * Python numbers (the corpus row, exact mode: double arithmetic). Lengths, brevity
 * penalty, logs and their left-to-right sum are doubles either way, the logs and
 * exponentials the C library's, as Python's math module computes them. (Each float
 * operation is rounded to float: ISO C, no contraction into fused multiply-adds.) */
/* sacreBLEU's stand-in for log(0): bleuprint.spec.bleu.LOG_ZERO, its one definition; the
 * module exports it as LOG_ZERO, and tests/impl/test_resample_native.py holds the two equal. */
#define LOG_ZERO_VALUE (-9999999999.0)
static double bleu_of_row(const double *v, int order, int is32, int method, double value, int effective) {
    double c = v[0], r = v[1];
    double bp = c >= r ? 1.0 : c == 0.0 ? 0.0 : exp(1.0 - r / c);
    int any = 0;
    for (int n = 0; n < order; n++)
        any |= v[2 + n] != 0.0;
    if (!any)
        return 0.0;
    double precision[64];
    int eff = order;
    double mteval = 1.0;
    for (int n = 0; n < order; n++)
        precision[n] = 0.0;
    for (int n = 1; n <= order; n++) {
        double m = v[1 + n], t = v[1 + order + n];
        if (t == 0.0)
            break;
        if (effective)
            eff = n;
        if (m == 0.0) {
            if (method == 0) {
                mteval *= 2;
                if (is32)
                    precision[n - 1] = (double)(100.0f / ((float)mteval * (float)t));
                else
                    precision[n - 1] = 100.0 / (mteval * t);
            } else if (method == 1) {
                if (is32)
                    precision[n - 1] = (double)((float)(100.0 * value) / (float)t);
                else
                    precision[n - 1] = 100.0 * value / t;
            }
        } else if (is32)
            precision[n - 1] = (double)(100.0f * (float)m / (float)t);
        else
            precision[n - 1] = 100.0 * m / t;
    }
    double log_sum = 0.0;
    for (int n = 0; n < eff; n++)
        log_sum += precision[n] == 0.0 ? LOG_ZERO_VALUE : log(precision[n]);
    return bp * exp(log_sum / eff);
}

static PyObject *py_bleu_scores(PyObject *self, PyObject *args) {
    PyObject *sums_obj, *is32_obj, *out_obj;
    int method, effective;
    double value;
    Py_buffer sums, is32, out;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOidpO", &sums_obj, &is32_obj, &method, &value, &effective, &out_obj))
        return NULL;
    if (method < 0 || method > 2) {
        PyErr_SetString(PyExc_ValueError, "method must be 0 (exp), 1 (floor) or 2 (none)");
        return NULL;
    }
    if (PyObject_GetBuffer(sums_obj, &sums, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (sums.ndim != 2 || sums.itemsize != 8 || sums.format == NULL || strcmp(sums.format, "d") != 0 ||
        sums.shape[1] < 4 || sums.shape[1] % 2 || sums.shape[1] > 2 + 2 * 64) {
        PyBuffer_Release(&sums);
        PyErr_SetString(PyExc_ValueError, "sums must be an n x (2 + 2 * order) float64 buffer, order <= 64");
        return NULL;
    }
    size_t n = (size_t)sums.shape[0], width = (size_t)sums.shape[1];
    if (PyObject_GetBuffer(is32_obj, &is32, PyBUF_C_CONTIGUOUS) < 0) {
        PyBuffer_Release(&sums);
        return NULL;
    }
    if ((size_t)is32.len != n || is32.itemsize != 1) {
        PyBuffer_Release(&sums);
        PyBuffer_Release(&is32);
        PyErr_SetString(PyExc_ValueError, "is32 must hold one byte per row");
        return NULL;
    }
    if (get_out(out_obj, &out, "d", 8, n, "float64 buffer of one value per row") < 0) {
        PyBuffer_Release(&sums);
        PyBuffer_Release(&is32);
        return NULL;
    }
    const double *rows = sums.buf;
    const uint8_t *flags = is32.buf;
    double *y = out.buf;
    int order = (int)(width - 2) / 2;
    Py_BEGIN_ALLOW_THREADS
    for (size_t i = 0; i < n; i++)
        y[i] = bleu_of_row(rows + i * width, order, flags[i] != 0, method, value, effective);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&sums);
    PyBuffer_Release(&is32);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* simd() -> whether the AVX sums run; simd(flag) switches them (on only where the
 * processor has AVX) and returns the previous setting: for the tests of both versions. */
static PyObject *py_simd(PyObject *self, PyObject *args) {
    int flag = -1;
    (void)self;
    if (!PyArg_ParseTuple(args, "|p", &flag))
        return NULL;
#if HAVE_AVX && HAVE_VECTORS
    int previous = use_avx;
    if (flag >= 0)
        use_avx = flag && __builtin_cpu_supports("avx");
    return PyBool_FromLong(previous);
#else
    return PyBool_FromLong(0);
#endif
}

static PyMethodDef methods[] = {
    {"draw_indices", py_draw_indices, METH_VARARGS,
     "draw_indices(state, N, out): fill the uint32 (or, N <= 2^16, uint16) buffer out with numpy's bounded draws in [0, N) "
     "from the PCG64 state; returns the state after."},
    {"draw_sums", py_draw_sums, METH_VARARGS,
     "draw_sums(state, N, n_boot, stats, out): out[b] = sum of the stats rows of resample b "
     "(numpy's choice(N, (n_boot, N)) indices), added in resample order in the dtype of stats; "
     "returns the state after."},
    {"index_sums", py_index_sums, METH_VARARGS,
     "index_sums(idx, stats, out): out[b] = sum of stats[idx[b, 0]], stats[idx[b, 1]], ... in that "
     "order, in the dtype of stats."},
    {"math_map", py_math_map, METH_VARARGS,
     "math_map(function, values, out): out[i] = log(values[i]) or exp(values[i]) (function 'log' or "
     "'exp'), the C library's, as Python's math module computes them."},
    {"bleu_scores", py_bleu_scores, METH_VARARGS,
     "bleu_scores(sums, is32, method, value, effective_order, out): out[i] = BLEU of row i as "
     "bleuprint.spec.bleu.bleu_from_stats computes it (method 0 exp, 1 floor, 2 none), in float32 "
     "arithmetic where is32[i] (numpy float32 statistics) and double elsewhere."},
    {"simd", py_simd, METH_VARARGS,
     "simd([flag]): whether the AVX version of the sums runs (chosen on loading where the processor "
     "has AVX); with flag, switch it (on only with AVX) and return the previous setting."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_resample",
    "sacreBLEU's bootstrap resamples (numpy's PCG64 + Lemire bounded draws) drawn and summed in C.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__resample(void) {
#if HAVE_AVX && HAVE_VECTORS
    __builtin_cpu_init();
    use_avx = __builtin_cpu_supports("avx");
#endif
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    PyObject *log_zero = PyFloat_FromDouble(LOG_ZERO_VALUE);
    if (log_zero == NULL || PyModule_AddObject(m, "LOG_ZERO", log_zero) < 0) {
        Py_XDECREF(log_zero);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

#else /* no 128-bit integers: no kernel, impl.native falls back to numpy */

PyMODINIT_FUNC PyInit__resample(void) {
    PyErr_SetString(PyExc_ImportError, "bleuprint.impl._resample needs a compiler with 128-bit integers");
    return NULL;
}
#endif
