#include "allocator.h"

// Any C library header says which library this is (glibc defines __GLIBC__ in features.h).
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int hindsight_use_one_allocator_arena(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    return mallopt(M_ARENA_MAX, 1) == 1 ? 1 : 0;
#else
    return 0;
#endif
}
