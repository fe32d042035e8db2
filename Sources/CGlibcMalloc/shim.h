// CGlibcMalloc: glibc's allocator controls (<malloc.h>: mallopt, malloc_trim and their M_*
// parameters), which Swift's Glibc module does not import. Nothing else belongs here.

#ifndef CGLIBCMALLOC_SHIM_H
#define CGLIBCMALLOC_SHIM_H

#include <malloc.h>

#endif
