// CGlibcEpoll: Linux's epoll interface (<sys/epoll.h>: epoll_create1, epoll_ctl, epoll_wait and
// their EPOLL* constants), which Swift's Glibc module does not import. Nothing else belongs here.

#ifndef CGLIBCEPOLL_SHIM_H
#define CGLIBCEPOLL_SHIM_H

#include <sys/epoll.h>

#endif
