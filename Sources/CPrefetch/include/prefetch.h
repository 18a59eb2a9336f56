#ifndef HINDSIGHT_PREFETCH_H
#define HINDSIGHT_PREFETCH_H

/// Asks the CPU to start loading the cache line holding `address` for a read, without waiting
/// for it: a hint only, never a fault (any address is allowed, even an invalid one).
/// Folds call it a few events ahead so that the cache misses of several events overlap.
static inline void hindsight_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

/// As `hindsight_prefetch`, for a line that is about to be written.
static inline void hindsight_prefetch_for_write(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 1, 3);
#else
    (void)address;
#endif
}

/// 1: the translation unit SwiftPM requires of a C target (the functions above are inline).
int hindsight_prefetch_is_available(void);

#endif
