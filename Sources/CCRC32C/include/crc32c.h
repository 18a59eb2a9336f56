#ifndef HINDSIGHT_CRC32C_H
#define HINDSIGHT_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/// Extends a CRC32C (Castagnoli) checksum over `length` bytes.
/// Start with `crc = 0`; the result of one call can be passed as `crc` to the next to
/// checksum data given in pieces. Uses the CPU's CRC32C instruction when present
/// (SSE4.2 on x86-64, the ARMv8 CRC extension on arm64; from 768 bytes on, three
/// independent instruction streams whose results are combined), else the portable fallback.
uint32_t hindsight_crc32c_extend(uint32_t crc, const void *data, size_t length);

/// The portable table-driven (slicing-by-8) implementation, always available.
/// Exposed so that tests can check that it agrees with the hardware path.
uint32_t hindsight_crc32c_extend_portable(uint32_t crc, const void *data, size_t length);

/// The CRC32C (from 0) of each of `count` separate buffers: `crcs[i]` is the checksum of the
/// `lengths[i]` bytes at `data[i]` (any alignment; a zero length may have any pointer).
/// On the hardware path up to four buffers' instruction chains run side by side, which hides
/// the instruction's latency for short buffers such as log records; same results as
/// `hindsight_crc32c_extend(0, data[i], lengths[i])` for each.
void hindsight_crc32c_multi(const void *const *data, const size_t *lengths, uint32_t *crcs, size_t count);

/// The portable path of `hindsight_crc32c_multi` (one buffer after another), for tests.
void hindsight_crc32c_multi_portable(const void *const *data, const size_t *lengths, uint32_t *crcs, size_t count);

/// 1 when `hindsight_crc32c_extend` uses a CPU instruction on this machine, else 0.
int hindsight_crc32c_is_hardware_accelerated(void);

#endif
