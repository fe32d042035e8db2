// CMallocCounter: counts heap allocations of the whole process, for the benchmarks.
//
// Linking this target replaces malloc, calloc, realloc, free and the aligned allocators with
// wrappers that count each call and forward to glibc's own allocator (`__libc_*`). Only the
// benchmark executable links it.

#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// 1 when allocations are counted; 0 in sanitizer builds, whose runtimes own the allocator.
int malloc_counter_enabled(void);

/// Allocations (malloc, calloc, realloc to a new size, aligned allocations) since the start.
uint64_t malloc_counter_allocations(void);

/// Bytes requested by those allocations since the start.
uint64_t malloc_counter_bytes(void);

#endif
