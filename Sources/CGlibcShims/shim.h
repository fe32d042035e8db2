// CGlibcShims: the glibc and Linux headers Swift's Glibc module does not import, for the Posix
// target alone: <malloc.h> (the allocator's controls: mallopt and its M_* parameters),
// <sys/epoll.h> (epoll_create1, epoll_ctl, epoll_wait and their EPOLL* constants), and pipe2,
// which <unistd.h> declares only under _GNU_SOURCE.

#ifndef CGLIBCSHIMS_SHIM_H
#define CGLIBCSHIMS_SHIM_H

#include <malloc.h>
#include <sys/epoll.h>

// pipe2(2): a pipe whose ends have `flags` (O_CLOEXEC) from the start.
int pipe2(int pipefd[2], int flags);

#endif
