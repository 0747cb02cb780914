// The one place the lazily opened libraries are opened (CInputLibraries.h).
#include "CInputLibraries.h"
#include <dlfcn.h>
#include <stdatomic.h>
#include <string.h>

enum { LIBRARIES = 3 };

struct opened_library {
    const char *name;
    _Atomic(void *) handle;
};

static struct opened_library opened[LIBRARIES] = {
    { "libinput.so.10", NULL }, { "libudev.so.1", NULL }, { "libsystemd.so.0", NULL },
};

/// The library's handle, opening it on the first call; NULL when it cannot be opened.
static void *handle_of(const char *library) {
    for (int index = 0; index < LIBRARIES; index += 1) {
        struct opened_library *entry = &opened[index];
        if (strcmp(entry->name, library) != 0) continue;
        void *handle = atomic_load_explicit(&entry->handle, memory_order_acquire);
        if (handle == NULL) {
            // Two threads may both open it: dlopen counts references, and either handle serves.
            handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
            if (handle != NULL) atomic_store_explicit(&entry->handle, handle, memory_order_release);
        }
        return handle;
    }
    return NULL; // not one of the three
}

void *gestured_lazy_symbol(const char *library, const char *name) {
    void *handle = handle_of(library);
    return handle == NULL ? NULL : dlsym(handle, name);
}

const char *gestured_open_input_libraries(void) {
    static const char *const needed[] = { "libinput.so.10", "libudev.so.1" };
    for (unsigned index = 0; index < sizeof needed / sizeof needed[0]; index += 1) {
        if (handle_of(needed[index]) == NULL) {
            const char *reason = dlerror();
            return reason != NULL ? reason : needed[index];
        }
    }
    return NULL;
}
