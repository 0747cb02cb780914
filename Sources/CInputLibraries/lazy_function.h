#ifndef GESTURED_LAZY_FUNCTION_H
#define GESTURED_LAZY_FUNCTION_H
// LAZY_FUNCTION(library, type, name, (parameters), (arguments), fallback) defines the library's
// function `name` here: on its first call it looks the real one up (gestured_lazy_symbol) and
// keeps it; later calls go straight to it. When the library or the symbol is missing, it
// returns `fallback` (what the function returns for a failure: NULL, -ENOSYS). LAZY_PROCEDURE
// is the same for a function that returns nothing.
#include "CInputLibraries.h"
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

#define LAZY_FUNCTION(library, type, name, parameters, arguments, fallback) \
    type name parameters { \
        typedef type (*name##_function) parameters; \
        static _Atomic(name##_function) function; \
        name##_function resolved = atomic_load_explicit(&function, memory_order_relaxed); \
        if (resolved == NULL) { \
            resolved = (name##_function)gestured_lazy_symbol(library, #name); \
            if (resolved == NULL) return fallback; \
            atomic_store_explicit(&function, resolved, memory_order_relaxed); \
        } \
        return resolved arguments; \
    }

#define LAZY_PROCEDURE(library, name, parameters, arguments) \
    void name parameters { \
        typedef void (*name##_function) parameters; \
        static _Atomic(name##_function) function; \
        name##_function resolved = atomic_load_explicit(&function, memory_order_relaxed); \
        if (resolved == NULL) { \
            resolved = (name##_function)gestured_lazy_symbol(library, #name); \
            if (resolved == NULL) return; \
            atomic_store_explicit(&function, resolved, memory_order_relaxed); \
        } \
        resolved arguments; \
    }
#endif
