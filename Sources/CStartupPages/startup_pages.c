#define _GNU_SOURCE  // struct dl_phdr_info (link.h)
#include "CStartupPages.h"
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int release_object(struct dl_phdr_info *info, size_t size, void *data) {
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

struct gestured_released_pages gestured_release_read_only_pages(void) {
    struct gestured_released_pages released = {0, 0};
    dl_iterate_phdr(release_object, &released);
    return released;
}
