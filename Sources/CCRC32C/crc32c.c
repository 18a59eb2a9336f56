#include "crc32c.h"
#include <string.h>

// CRC32C (Castagnoli), reflected polynomial 0x82F63B78.
// Hardware: SSE4.2 crc32 on x86-64 (runtime-detected), the ARMv8 CRC extension on arm64,
// three streams interleaved on large buffers. Fallback: slicing-by-8 over tables built once.

#define POLY 0x82F63B78u

static uint32_t table[8][256];
static volatile int table_ready = 0;

static void build_table(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (POLY & (0u - (c & 1u)));
        table[0][n] = c;
    }
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = table[0][n];
        for (int t = 1; t < 8; t++) {
            c = table[0][c & 0xFF] ^ (c >> 8);
            table[t][n] = c;
        }
    }
    __atomic_store_n(&table_ready, 1, __ATOMIC_RELEASE);
}

uint32_t hindsight_crc32c_extend_portable(uint32_t crc, const void *data, size_t length) {
    // Building twice concurrently is harmless: both writers store identical values.
    if (!__atomic_load_n(&table_ready, __ATOMIC_ACQUIRE)) build_table();
    const uint8_t *p = (const uint8_t *)data;
    crc = ~crc;
    while (length && ((uintptr_t)p & 7)) {
        crc = table[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
        length--;
    }
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        word = __builtin_bswap64(word);
#endif
        uint32_t lo = (uint32_t)word ^ crc;
        uint32_t hi = (uint32_t)(word >> 32);
        crc = table[7][lo & 0xFF] ^ table[6][(lo >> 8) & 0xFF] ^ table[5][(lo >> 16) & 0xFF] ^
              table[4][lo >> 24] ^ table[3][hi & 0xFF] ^ table[2][(hi >> 8) & 0xFF] ^
              table[1][(hi >> 16) & 0xFF] ^ table[0][hi >> 24];
        p += 8;
        length -= 8;
    }
    while (length--) crc = table[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

void hindsight_crc32c_multi_portable(const void *const *data, const size_t *lengths, uint32_t *crcs, size_t count) {
    for (size_t i = 0; i < count; i++) crcs[i] = hindsight_crc32c_extend_portable(0, data[i], lengths[i]);
}

// Large buffers: three independent streams of the crc32 instruction (its latency is three
// cycles, its throughput one a cycle), combined at the end of each block by shifting the
// earlier streams' CRCs over the later streams' lengths (multiplication by x^(8n) mod P,
// done with tables built once; Mark Adler's method). Blocks of 3 x 8 KiB, then 3 x 256 bytes.
#if defined(__x86_64__) || (defined(__aarch64__) && defined(__ARM_FEATURE_CRC32))
#define LONG_BLOCK 8192
#define SHORT_BLOCK 256

static uint32_t shift_long[4][256];
static uint32_t shift_short[4][256];
static volatile int shift_ready = 0;

static uint32_t gf2_times(const uint32_t *matrix, uint32_t vector) {
    uint32_t sum = 0;
    while (vector) {
        if (vector & 1) sum ^= *matrix;
        vector >>= 1;
        matrix++;
    }
    return sum;
}

static void gf2_square(uint32_t *square, const uint32_t *matrix) {
    for (int n = 0; n < 32; n++) square[n] = gf2_times(matrix, matrix[n]);
}

// The operator that appends `length` zero bytes (a power of two) to a raw CRC.
static void zeros_operator(uint32_t *even, size_t length) {
    uint32_t odd[32];
    odd[0] = POLY;
    uint32_t row = 1;
    for (int n = 1; n < 32; n++) { odd[n] = row; row <<= 1; }
    gf2_square(even, odd);   // two zero bits
    gf2_square(odd, even);   // four zero bits
    do {
        gf2_square(even, odd);
        length >>= 1;
        if (length == 0) return;
        gf2_square(odd, even);
        length >>= 1;
    } while (length);
    for (int n = 0; n < 32; n++) even[n] = odd[n];
}

static void zeros_table(uint32_t table_out[4][256], size_t length) {
    uint32_t op[32];
    zeros_operator(op, length);
    for (uint32_t n = 0; n < 256; n++) {
        table_out[0][n] = gf2_times(op, n);
        table_out[1][n] = gf2_times(op, n << 8);
        table_out[2][n] = gf2_times(op, n << 16);
        table_out[3][n] = gf2_times(op, n << 24);
    }
}

static void build_shift_tables(void) {
    zeros_table(shift_long, LONG_BLOCK);
    zeros_table(shift_short, SHORT_BLOCK);
    __atomic_store_n(&shift_ready, 1, __ATOMIC_RELEASE);
}

static inline uint32_t shift(uint32_t zeros[4][256], uint32_t crc) {
    return zeros[0][crc & 0xFF] ^ zeros[1][(crc >> 8) & 0xFF] ^ zeros[2][(crc >> 16) & 0xFF] ^ zeros[3][crc >> 24];
}

static inline uint64_t load64(const uint8_t *p) {
    uint64_t word;
    memcpy(&word, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    return word;
}

// The body shared by both instruction sets: CRC8(c, byte) and CRC64(c, word) are the
// instructions on a raw (not inverted) 32-bit state.
#define INTERLEAVED_CRC(CRC8, CRC64)                                                         \
    const uint8_t *p = (const uint8_t *)data;                                                \
    uint32_t c0 = ~crc;                                                                      \
    while (length && ((uintptr_t)p & 7)) { c0 = CRC8(c0, *p++); length--; }                 \
    if (length >= 3 * SHORT_BLOCK && !__atomic_load_n(&shift_ready, __ATOMIC_ACQUIRE))       \
        build_shift_tables();                                                                \
    while (length >= 3 * LONG_BLOCK) {                                                       \
        uint32_t c1 = 0, c2 = 0;                                                             \
        const uint8_t *end = p + LONG_BLOCK;                                                 \
        do {                                                                                 \
            c0 = CRC64(c0, load64(p));                                                       \
            c1 = CRC64(c1, load64(p + LONG_BLOCK));                                          \
            c2 = CRC64(c2, load64(p + 2 * LONG_BLOCK));                                      \
            p += 8;                                                                          \
        } while (p < end);                                                                   \
        c0 = shift(shift_long, c0) ^ c1;                                                     \
        c0 = shift(shift_long, c0) ^ c2;                                                     \
        p += 2 * LONG_BLOCK;                                                                 \
        length -= 3 * LONG_BLOCK;                                                            \
    }                                                                                        \
    while (length >= 3 * SHORT_BLOCK) {                                                      \
        uint32_t c1 = 0, c2 = 0;                                                             \
        const uint8_t *end = p + SHORT_BLOCK;                                                \
        do {                                                                                 \
            c0 = CRC64(c0, load64(p));                                                       \
            c1 = CRC64(c1, load64(p + SHORT_BLOCK));                                         \
            c2 = CRC64(c2, load64(p + 2 * SHORT_BLOCK));                                     \
            p += 8;                                                                          \
        } while (p < end);                                                                   \
        c0 = shift(shift_short, c0) ^ c1;                                                    \
        c0 = shift(shift_short, c0) ^ c2;                                                    \
        p += 2 * SHORT_BLOCK;                                                                \
        length -= 3 * SHORT_BLOCK;                                                           \
    }                                                                                        \
    while (length >= 8) { c0 = CRC64(c0, load64(p)); p += 8; length -= 8; }                \
    while (length--) c0 = CRC8(c0, *p++);                                                    \
    return ~c0;


// Several short buffers (log records) at once: one record's CRC is a single dependent chain of
// crc32 instructions (latency three cycles), so four records' chains advance side by side, a
// word of each per round. To keep the loops free of branches that depend on the lengths (their
// mispredictions cost more than the CRC itself), each buffer's first `length % 8` bytes go
// first, as the top bytes of a word whose other bytes are zero, from a starting state that
// those zero bytes carry to the standard initial state (HEAD_STATE); then every buffer is a
// whole number of words. The lanes are sorted by word count (five compare-and-swaps), and the
// rounds run in four stretches: all four lanes up to the shortest one's end, then the three
// longer ones, then two, then the longest alone. Records of a mixed log differ in length a
// lot (a review against a card with its texts), and carrying the finished lanes along
// (masked, as this did before) cost more instructions than the CRC of the longest lane.
// Buffers under 8 bytes or over MULTI_ALONE bytes go through the single-buffer path.
#define MULTI_ALONE 2048

// HEAD_STATE[r]: the raw state that (8 - r) zero bytes take to 0xFFFFFFFF (the inverse of
// the CRC's shift by 8(8 - r) bits, applied to the initial state).
static const uint32_t HEAD_STATE[8] = {
    0x20481012u, 0xF145FF88u, 0x08DE2648u, 0xCBAA9B55u, 0x641F6454u, 0x96DB52A8u, 0x2804363Bu, 0xA942E6BCu,
};
static const uint8_t ZERO_WORD[8] = {0};

#define MULTI_LANE_START(i, CRC64, SINGLE)                                                   \
    if (i < k && lengths[group + i] >= 8 && lengths[group + i] <= MULTI_ALONE) {             \
        const uint8_t *d = (const uint8_t *)data[group + i];                                 \
        size_t r = lengths[group + i] & 7;                                                   \
        uint64_t head = (load64(d) << 1) << (63 - 8 * r);                                    \
        c##i = (uint32_t)CRC64(HEAD_STATE[r], head);                                         \
        p##i = d + r;                                                                        \
        w##i = lengths[group + i] >> 3;                                                      \
    } else {                                                                                 \
        if (i < k) crcs[group + i] = SINGLE(0, data[group + i], lengths[group + i]);         \
        c##i = 0; p##i = ZERO_WORD; w##i = 0;                                                \
    }                                                                                        \
    size_t n##i = group + i;
// Puts lanes a and b in order of word count (a lane is its pointer, count, state and slot).
#define MULTI_ORDER(a, b)                                                                    \
    if (w##b < w##a) {                                                                       \
        const uint8_t *tp = p##a; p##a = p##b; p##b = tp;                                    \
        size_t tw = w##a; w##a = w##b; w##b = tw;                                            \
        uint32_t tc = c##a; c##a = c##b; c##b = tc;                                          \
        size_t tn = n##a; n##a = n##b; n##b = tn;                                            \
    }
#define MULTI_CRC(CRC8, CRC64, SINGLE)                                                       \
    for (size_t group = 0; group < count; group += 4) {                                      \
        size_t k = count - group < 4 ? count - group : 4;                                    \
        const uint8_t *p0, *p1, *p2, *p3;                                                    \
        size_t w0, w1, w2, w3;                                                               \
        uint32_t c0, c1, c2, c3;                                                             \
        MULTI_LANE_START(0, CRC64, SINGLE) MULTI_LANE_START(1, CRC64, SINGLE)                \
        MULTI_LANE_START(2, CRC64, SINGLE) MULTI_LANE_START(3, CRC64, SINGLE)                \
        MULTI_ORDER(0, 1) MULTI_ORDER(2, 3) MULTI_ORDER(0, 2) MULTI_ORDER(1, 3) MULTI_ORDER(1, 2) \
        size_t w = 0;                                                                        \
        for (; w < w0; w++) {                                                                \
            c0 = (uint32_t)CRC64(c0, load64(p0 + 8 * w));                                    \
            c1 = (uint32_t)CRC64(c1, load64(p1 + 8 * w));                                    \
            c2 = (uint32_t)CRC64(c2, load64(p2 + 8 * w));                                    \
            c3 = (uint32_t)CRC64(c3, load64(p3 + 8 * w));                                    \
        }                                                                                    \
        for (; w < w1; w++) {                                                                \
            c1 = (uint32_t)CRC64(c1, load64(p1 + 8 * w));                                    \
            c2 = (uint32_t)CRC64(c2, load64(p2 + 8 * w));                                    \
            c3 = (uint32_t)CRC64(c3, load64(p3 + 8 * w));                                    \
        }                                                                                    \
        for (; w < w2; w++) {                                                                \
            c2 = (uint32_t)CRC64(c2, load64(p2 + 8 * w));                                    \
            c3 = (uint32_t)CRC64(c3, load64(p3 + 8 * w));                                    \
        }                                                                                    \
        for (; w < w3; w++) c3 = (uint32_t)CRC64(c3, load64(p3 + 8 * w));                   \
        if (w0) crcs[n0] = ~c0;                                                              \
        if (w1) crcs[n1] = ~c1;                                                              \
        if (w2) crcs[n2] = ~c2;                                                              \
        if (w3) crcs[n3] = ~c3;                                                              \
    }

#if defined(__x86_64__)
#include <nmmintrin.h>

#define SSE_CRC8(c, byte) _mm_crc32_u8((c), (byte))
#define SSE_CRC64(c, word) ((uint32_t)_mm_crc32_u64((c), (word)))

__attribute__((target("sse4.2")))
static uint32_t crc32c_sse42(uint32_t crc, const void *data, size_t length) {
    INTERLEAVED_CRC(SSE_CRC8, SSE_CRC64)
}

__attribute__((target("sse4.2")))
static void crc32c_multi_sse42(const void *const *data, const size_t *lengths, uint32_t *crcs, size_t count) {
    MULTI_CRC(SSE_CRC8, SSE_CRC64, crc32c_sse42)
}

static int hardware_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2");
}

#define HARDWARE_IMPL crc32c_sse42
#define HARDWARE_MULTI crc32c_multi_sse42

#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>

#define ARM_CRC8(c, byte) __crc32cb((c), (byte))
#define ARM_CRC64(c, word) __crc32cd((c), (word))

static uint32_t crc32c_armv8(uint32_t crc, const void *data, size_t length) {
    INTERLEAVED_CRC(ARM_CRC8, ARM_CRC64)
}

static void crc32c_multi_armv8(const void *const *data, const size_t *lengths, uint32_t *crcs, size_t count) {
    MULTI_CRC(ARM_CRC8, ARM_CRC64, crc32c_armv8)
}

static int hardware_available(void) { return 1; }

#define HARDWARE_IMPL crc32c_armv8
#define HARDWARE_MULTI crc32c_multi_armv8
#endif
#endif  // x86-64 or ARMv8 CRC

#ifdef HARDWARE_IMPL
// -1 unknown, 0 no, 1 yes; racing first calls compute the same answer.
static volatile int hardware_state = -1;

static int use_hardware(void) {
    int state = __atomic_load_n(&hardware_state, __ATOMIC_RELAXED);
    if (state < 0) {
        state = hardware_available() ? 1 : 0;
        __atomic_store_n(&hardware_state, state, __ATOMIC_RELAXED);
    }
    return state;
}

uint32_t hindsight_crc32c_extend(uint32_t crc, const void *data, size_t length) {
    if (use_hardware()) return HARDWARE_IMPL(crc, data, length);
    return hindsight_crc32c_extend_portable(crc, data, length);
}

void hindsight_crc32c_multi(const void *const *data, const size_t *lengths, uint32_t *crcs, size_t count) {
    if (use_hardware()) { HARDWARE_MULTI(data, lengths, crcs, count); return; }
    hindsight_crc32c_multi_portable(data, lengths, crcs, count);
}

int hindsight_crc32c_is_hardware_accelerated(void) { return use_hardware(); }
#else
uint32_t hindsight_crc32c_extend(uint32_t crc, const void *data, size_t length) {
    return hindsight_crc32c_extend_portable(crc, data, length);
}

void hindsight_crc32c_multi(const void *const *data, const size_t *lengths, uint32_t *crcs, size_t count) {
    hindsight_crc32c_multi_portable(data, lengths, crcs, count);
}

int hindsight_crc32c_is_hardware_accelerated(void) { return 0; }
#endif
