#include "crc32c.h"

// Portable bitwise CRC32C (reflected polynomial 0x82F63B78). The EventLog issue replaces
// this with the CPU instruction plus a table-driven fallback.
uint32_t hindsight_crc32c_extend(uint32_t crc, const void *data, size_t length) {
    const uint8_t *p = (const uint8_t *)data;
    crc = ~crc;
    for (size_t i = 0; i < length; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
    }
    return ~crc;
}
