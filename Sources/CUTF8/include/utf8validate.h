#ifndef HINDSIGHT_UTF8VALIDATE_H
#define HINDSIGHT_UTF8VALIDATE_H

#include <stddef.h>
#include <stdint.h>

/// 1 when `hindsight_utf8_validate` can run on this machine (x86-64 with SSSE3), else 0:
/// callers then validate another way.
int hindsight_utf8_validate_is_available(void);

/// Whether the `count` bytes at `bytes` are valid UTF-8 as Unicode defines it (shortest forms
/// only, no surrogates U+D800-U+DFFF, nothing above U+10FFFF): -1 when not, 1 when they are
/// all ASCII, 0 when valid and not all ASCII. Reads only the given bytes (a zero count may have
/// any pointer). Returns -2, having read nothing, where `hindsight_utf8_validate_is_available()`
/// is 0.
int hindsight_utf8_validate(const uint8_t *bytes, size_t count);

#endif
