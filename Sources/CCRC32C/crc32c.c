#include "crc32c.h"
#include <string.h>

// CRC32C (Castagnoli), reflected polynomial 0x82F63B78.
// Hardware: SSE4.2 crc32 on x86-64 (runtime-detected), the ARMv8 CRC extension on arm64.
// Fallback: slicing-by-8 over tables built once.

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

#if defined(__x86_64__)
#include <nmmintrin.h>

__attribute__((target("sse4.2")))
static uint32_t crc32c_sse42(uint32_t crc, const void *data, size_t length) {
    const uint8_t *p = (const uint8_t *)data;
    uint64_t c = (uint32_t)~crc;
    while (length && ((uintptr_t)p & 7)) { c = _mm_crc32_u8((uint32_t)c, *p++); length--; }
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        c = _mm_crc32_u64(c, word);
        p += 8;
        length -= 8;
    }
    while (length--) c = _mm_crc32_u8((uint32_t)c, *p++);
    return ~(uint32_t)c;
}

static int hardware_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2");
}

#define HARDWARE_IMPL crc32c_sse42

#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>

static uint32_t crc32c_armv8(uint32_t crc, const void *data, size_t length) {
    const uint8_t *p = (const uint8_t *)data;
    crc = ~crc;
    while (length && ((uintptr_t)p & 7)) { crc = __crc32cb(crc, *p++); length--; }
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        crc = __crc32cd(crc, word);
        p += 8;
        length -= 8;
    }
    while (length--) crc = __crc32cb(crc, *p++);
    return ~crc;
}

static int hardware_available(void) { return 1; }

#define HARDWARE_IMPL crc32c_armv8
#endif

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

int hindsight_crc32c_is_hardware_accelerated(void) { return use_hardware(); }
#else
uint32_t hindsight_crc32c_extend(uint32_t crc, const void *data, size_t length) {
    return hindsight_crc32c_extend_portable(crc, data, length);
}

int hindsight_crc32c_is_hardware_accelerated(void) { return 0; }
#endif
