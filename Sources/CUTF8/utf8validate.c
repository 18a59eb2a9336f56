#include "utf8validate.h"
#include <string.h>

// UTF-8 validation 16 bytes at a time with byte-table lookups (SSSE3 `pshufb`), after the
// "lookup" algorithm of J. Keiser and D. Lemire, "Validating UTF-8 in less than one
// instruction per byte" (Software: Practice and Experience, 2021).
//
// Every error of UTF-8 shows in a pair of adjacent bytes, except a missing or extra 3rd/4th
// byte: three 16-entry tables, indexed by the high nibble of the previous byte, its low
// nibble and the high nibble of the current byte, give for each pair a bit per error kind it
// could be; ANDing them leaves the errors the pair is. The kinds marked "carry" are length
// errors; whether a byte must be the 3rd or 4th of a character (2 or 3 bytes after a lead of
// 3 or 4 bytes) is computed separately and must agree with the pair saying "two continuation
// bytes in a row". The last block is zero-padded, so a character cut short at the end meets
// an ASCII byte and shows as an error.

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

// Error kinds, one bit each (several share a bit when no pair can be both).
#define TOO_SHORT (1 << 0)      // a lead byte not followed by a continuation byte
#define TOO_LONG (1 << 1)       // a continuation byte after an ASCII byte
#define OVERLONG_3 (1 << 2)     // E0 80..9F
#define TOO_LARGE (1 << 3)      // F4 90..BF, F5..FF
#define SURROGATE (1 << 4)      // ED A0..BF
#define OVERLONG_2 (1 << 5)     // C0, C1
#define TOO_LARGE_1000 (1 << 6) // F5..FF 80..8F
#define OVERLONG_4 (1 << 6)     // F0 80..8F
#define TWO_CONTS (1 << 7)      // two continuation bytes in a row
#define CARRY (TOO_SHORT | TOO_LONG | TWO_CONTS)

/// The error bits of each (previous byte, byte) pair of `input`, `previous` being the block before.
__attribute__((target("ssse3")))
static inline __m128i pair_errors(__m128i input, __m128i previous) {
    const __m128i low_nibble = _mm_set1_epi8(0x0F);
    const __m128i prev1 = _mm_alignr_epi8(input, previous, 15);
    static const uint8_t byte_1_high_bytes[16] = {
        TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, // 0___: ASCII
        TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,                                       // 10__: continuation
        TOO_SHORT | OVERLONG_2,                                                           // 1100
        TOO_SHORT,                                                                        // 1101
        TOO_SHORT | OVERLONG_3 | SURROGATE,                                               // 1110
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4};                             // 1111
    static const uint8_t byte_1_low_bytes[16] = {
        CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, // ____0000
        CARRY | OVERLONG_2,                           // ____0001
        CARRY, CARRY,                                 // ____001_
        CARRY | TOO_LARGE,                            // ____0100
        CARRY | TOO_LARGE | TOO_LARGE_1000,           // ____0101
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, // ____011_
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, // ____1___
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, // ____1101
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000};
    static const uint8_t byte_2_high_bytes[16] = {
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, // 0___
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,           // 1000
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,                             // 1001
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                              // 101_
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT};                                            // 11__
    const __m128i byte_1_high_table = _mm_loadu_si128((const __m128i *)byte_1_high_bytes);
    const __m128i byte_1_low_table = _mm_loadu_si128((const __m128i *)byte_1_low_bytes);
    const __m128i byte_2_high_table = _mm_loadu_si128((const __m128i *)byte_2_high_bytes);
    const __m128i byte_1_high = _mm_shuffle_epi8(byte_1_high_table, _mm_and_si128(_mm_srli_epi16(prev1, 4), low_nibble));
    const __m128i byte_1_low = _mm_shuffle_epi8(byte_1_low_table, _mm_and_si128(prev1, low_nibble));
    const __m128i byte_2_high = _mm_shuffle_epi8(byte_2_high_table, _mm_and_si128(_mm_srli_epi16(input, 4), low_nibble));
    return _mm_and_si128(_mm_and_si128(byte_1_high, byte_1_low), byte_2_high);
}

/// The errors of block `input` after block `previous`: the pair errors, with "two continuation
/// bytes in a row" allowed exactly where a byte must be a 3rd or 4th byte.
__attribute__((target("ssse3")))
static inline __m128i block_errors(__m128i input, __m128i previous) {
    const __m128i pairs = pair_errors(input, previous);
    const __m128i prev2 = _mm_alignr_epi8(input, previous, 14);
    const __m128i prev3 = _mm_alignr_epi8(input, previous, 13);
    // High bit set where the byte two back is E0..FF or the byte three back is F0..FF.
    const __m128i third = _mm_subs_epu8(prev2, _mm_set1_epi8((char)(0xE0 - 0x80)));
    const __m128i fourth = _mm_subs_epu8(prev3, _mm_set1_epi8((char)(0xF0 - 0x80)));
    const __m128i must_be_continuation = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8((char)0x80));
    return _mm_xor_si128(must_be_continuation, pairs);
}

__attribute__((target("ssse3")))
static int validate_ssse3(const uint8_t *bytes, size_t count) {
    __m128i previous = _mm_setzero_si128();
    __m128i errors = _mm_setzero_si128();
    __m128i seen = _mm_setzero_si128();
    size_t index = 0;
    for (; index + 16 <= count; index += 16) {
        const __m128i input = _mm_loadu_si128((const __m128i *)(bytes + index));
        seen = _mm_or_si128(seen, input);
        // An ASCII block after a block that ended between characters needs no lookups: the
        // check of the zero block at the end, or of the next non-ASCII block, sees the rest.
        if (_mm_movemask_epi8(input) == 0 && _mm_movemask_epi8(previous) == 0) {
            previous = input;
            continue;
        }
        errors = _mm_or_si128(errors, block_errors(input, previous));
        previous = input;
    }
    // The tail (0-15 bytes), zero-padded: at least one zero byte follows the last byte, so a
    // character cut short at the end meets an ASCII byte and shows as an error in this block.
    // It is loaded with one 16-byte load where that stays inside the text (the last 16 bytes,
    // shifted down) or inside the text's memory page (then the bytes past the end are zeroed),
    // else copied: a short copy followed by a wide load of the copy stalls the load.
    const size_t rest = count - index;
    const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i last;
    if (rest == 0) {
        last = _mm_setzero_si128();
    } else if (count >= 16) {
        // Byte i of the result is byte i + (16 - rest) of the last 16, or zero past them.
        static const uint8_t shift_masks[32] = {
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
            0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80};
        const __m128i tail16 = _mm_loadu_si128((const __m128i *)(bytes + count - 16));
        last = _mm_shuffle_epi8(tail16, _mm_loadu_si128((const __m128i *)(shift_masks + (16 - rest))));
    } else if (((uintptr_t)bytes & 4095) <= 4096 - 16) {
        const __m128i head = _mm_loadu_si128((const __m128i *)bytes);
        last = _mm_and_si128(head, _mm_cmpgt_epi8(_mm_set1_epi8((char)rest), iota));
    } else {
        uint8_t tail[16] = {0};
        memcpy(tail, bytes + index, rest);
        last = _mm_loadu_si128((const __m128i *)tail);
    }
    seen = _mm_or_si128(seen, last);
    errors = _mm_or_si128(errors, block_errors(last, previous));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(errors, _mm_setzero_si128())) != 0xFFFF) return -1;
    return _mm_movemask_epi8(seen) == 0 ? 1 : 0;
}
#endif

int hindsight_utf8_validate_is_available(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("ssse3") ? 1 : 0;
#else
    return 0;
#endif
}

int hindsight_utf8_validate(const uint8_t *bytes, size_t count) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (!__builtin_cpu_supports("ssse3")) return -2;
    return validate_ssse3(bytes, count);
#else
    (void)bytes;
    (void)count;
    return -2;
#endif
}
