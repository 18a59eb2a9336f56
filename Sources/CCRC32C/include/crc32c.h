#ifndef HINDSIGHT_CRC32C_H
#define HINDSIGHT_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/// Extends a CRC32C (Castagnoli) checksum over `length` bytes.
/// Start with `crc = 0`; the result of one call can be passed as `crc` to the next to
/// checksum data given in pieces.
uint32_t hindsight_crc32c_extend(uint32_t crc, const void *data, size_t length);

#endif
