// CGlibcShims: the glibc and Linux headers Swift's Glibc module does not import, for the Posix
// target alone: <malloc.h> (the allocator's controls: mallopt and its M_* parameters) and
// <sys/epoll.h> (epoll_create1, epoll_ctl, epoll_wait and their EPOLL* constants).

#ifndef CGLIBCSHIMS_SHIM_H
#define CGLIBCSHIMS_SHIM_H

#include <malloc.h>
#include <sys/epoll.h>

#endif
