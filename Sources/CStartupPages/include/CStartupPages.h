#ifndef GESTURED_CSTARTUPPAGES_H
#define GESTURED_CSTARTUPPAGES_H
// For StartupPages (Posix): the walk over what is loaded, in C of its own, because
// dl_iterate_phdr's struct dl_phdr_info needs _GNU_SOURCE, which a header shared with the
// Glibc module must not define (the two would disagree on fd_set). And for HugePages (Posix):
// prctl, which is variadic.
#include <stddef.h>

/// What gestured_release_read_only_pages did: the bytes of address space it advised, in how
/// many objects.
struct gestured_released_pages {
    size_t bytes;
    int objects;
};

/// Unmaps the pages of every loaded object's read-only segments (MADV_DONTNEED); the page cache
/// keeps them, and a page touched again is mapped again (a minor fault). Writable segments
/// (RELRO among them), objects with text relocations and the vDSO are left alone.
struct gestured_released_pages gestured_release_read_only_pages(void);

/// Asks the kernel for no transparent huge pages in this process (prctl PR_SET_THP_DISABLE,
/// which every thread shares and every child inherits, through exec too); 0, or -1 with
/// errno. C because prctl is variadic, which Swift cannot call.
int gestured_decline_transparent_huge_pages(void);
#endif
