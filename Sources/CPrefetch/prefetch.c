#include "prefetch.h"

int hindsight_prefetch_is_available(void) {
#if defined(__GNUC__) || defined(__clang__)
    return 1;
#else
    return 0;
#endif
}
