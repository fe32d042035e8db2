// Counting wrappers around glibc's allocator. The executable's definitions of malloc & co.
// take precedence over libc's for every library in the process (ELF symbol interposition),
// and each forwards to the `__libc_*` entry point glibc exports for exactly this purpose.

#include "MallocCounter.h"

#include <errno.h>
#include <stddef.h>

// Sanitizer runtimes replace the allocator themselves: with one linked in, count nothing.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define MALLOC_COUNTER_DISABLED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MALLOC_COUNTER_DISABLED 1
#endif

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations;
static uint64_t bytes;

static inline void count(size_t size) {
  __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&bytes, size, __ATOMIC_RELAXED);
}

int malloc_counter_enabled(void) {
#ifdef MALLOC_COUNTER_DISABLED
  return 0;
#else
  return 1;
#endif
}

uint64_t malloc_counter_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

uint64_t malloc_counter_bytes(void) { return __atomic_load_n(&bytes, __ATOMIC_RELAXED); }

#ifndef MALLOC_COUNTER_DISABLED

void *malloc(size_t size) {
  count(size);
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count(count_ * size);
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count(size);
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  count(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

#endif
