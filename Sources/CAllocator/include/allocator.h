#ifndef HINDSIGHT_ALLOCATOR_H
#define HINDSIGHT_ALLOCATOR_H

/// Makes every thread of the process allocate from the C allocator's one main arena, where the
/// allocator has arenas of its own per thread (glibc): memory one thread frees is then reused by
/// the others instead of staying held in an arena only its thread allocates from.
/// Returns 1 when the allocator took the setting, 0 where there is no such setting (Darwin's
/// allocator, musl) or it was refused. Call it at launch, before threads start allocating.
int hindsight_use_one_allocator_arena(void);

#endif
