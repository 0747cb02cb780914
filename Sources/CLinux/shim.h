#ifndef GESTURED_CLINUX_SHIM_H
#define GESTURED_CLINUX_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // dl_iterate_phdr's struct dl_phdr_info (link.h)
#endif
// Linux calls the Glibc module does not carry: signalfd, for the daemon's signals on its event
// loop; uinput's UI_SET_PHYS, which libevdev does not offer, to mark the twins gestured makes;
// eventfd, which wakes the overlay's drawing loop; the program headers of what is loaded, for
// StartupPages (Posix).
#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/ioctl.h>
#include <linux/uinput.h>

static inline int gestured_uinput_set_phys(int fd, const char *phys) {
    return ioctl(fd, UI_SET_PHYS, phys);
}

/// What gestured_release_read_only_pages did: the bytes of address space it advised, in how
/// many objects.
struct gestured_released_pages {
    size_t bytes;
    int objects;
};

static inline int gestured_release_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct gestured_released_pages *released = data;
    // The vDSO is the kernel's, not a file's.
    if (info->dlpi_name != NULL && strncmp(info->dlpi_name, "linux-vdso", 10) == 0) return 0;
    // An object with text relocations had its read-only pages written by ld.so: those copies
    // are the only ones with the relocations, so they must stay.
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *phdr = &info->dlpi_phdr[i];
        if (phdr->p_type != PT_DYNAMIC) continue;
        for (const ElfW(Dyn) *dyn = (const ElfW(Dyn) *)(info->dlpi_addr + phdr->p_vaddr); dyn->d_tag != DT_NULL; dyn++) {
            if (dyn->d_tag == DT_TEXTREL || (dyn->d_tag == DT_FLAGS && (dyn->d_un.d_val & DF_TEXTREL))) return 0;
        }
    }
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *phdr = &info->dlpi_phdr[i];
        // Only segments loaded read-only (code, read-only data): never written, so every page
        // is the file's own and comes back from the page cache as it was. Writable ones, RELRO
        // among them (written by relocation, then made read-only), are left alone.
        if (phdr->p_type != PT_LOAD || (phdr->p_flags & PF_W) || phdr->p_memsz == 0) continue;
        uintptr_t start = (info->dlpi_addr + phdr->p_vaddr) & ~(page - 1);
        uintptr_t end = (info->dlpi_addr + phdr->p_vaddr + phdr->p_memsz + page - 1) & ~(page - 1);
        if (madvise((void *)start, end - start, MADV_DONTNEED) == 0) released->bytes += end - start;
    }
    released->objects++;
    return 0;
}

/// Unmaps the pages of every loaded object's read-only segments (MADV_DONTNEED); the page cache
/// keeps them, and a page touched again is mapped again (a minor fault).
static inline struct gestured_released_pages gestured_release_read_only_pages(void) {
    struct gestured_released_pages released = {0, 0};
    dl_iterate_phdr(gestured_release_object, &released);
    return released;
}
#endif
