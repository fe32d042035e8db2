// CGlibcShims: the glibc and Linux headers Swift's Glibc module does not import, for the Posix
// target alone: <malloc.h> (the allocator's controls: mallopt and its M_* parameters),
// <sys/epoll.h> (epoll_create1, epoll_ctl, epoll_wait and their EPOLL* constants) and <sched.h>'s
// CPU affinity (sched_getaffinity and CPU_COUNT, which need _GNU_SOURCE).

#ifndef CGLIBCSHIMS_SHIM_H
#define CGLIBCSHIMS_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <malloc.h>
#include <sched.h>
#include <sys/epoll.h>

/// The CPUs the calling process may run on (sched_getaffinity(2) and CPU_COUNT), or -1 with errno
/// set.
static inline int CGlibcShims_affinity_cpu_count(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return -1;
  return CPU_COUNT(&set);
}

#endif
