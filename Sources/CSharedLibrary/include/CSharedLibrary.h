#ifndef CSHAREDLIBRARY_H
#define CSHAREDLIBRARY_H

// The one loader of the C libraries the package loads at run time instead of linking them (libmicrohttpd, libpq,
// libcurl): a program that never uses one runs without it, and does not pay for loading it at launch.

#include <pthread.h>
#include <stddef.h>

/// One library to load: where it may be found, what to take from it, and how the loading went.
struct csharedlibrary {
    /// The file names to try, in order (a bare name goes through the system loader's search path).
    const char *const *names;
    size_t name_count;
    /// The functions to take, and where to store each one's address.
    const char *const *symbols;
    void **const *addresses;
    size_t symbol_count;
    /// The library's name for messages ("libpq").
    const char *library;
    /// Called once the functions are found (libcurl's global initialization); 0 from it fails the load, with its
    /// sentence in `failure`. May be NULL.
    int (*then)(char *failure, size_t failure_size);
    pthread_once_t once;
    int loaded;
    char failure[512];
};

/// Loads `library` once (later calls return the first answer): 1 when every function was found; 0 when the library
/// cannot be loaded, with the reason (the system loader's, for the first name tried) in `reason` (`reason_size`
/// bytes at most; `reason` may be NULL). Safe to call from several threads at once.
int csharedlibrary_load(struct csharedlibrary *library, void (*once)(void), char *reason, size_t reason_size);

/// The work of ``csharedlibrary_load``, for the `once` function it runs under `pthread_once` (which takes no argument,
/// so each library has a function of its own calling this one).
void csharedlibrary_open(struct csharedlibrary *library);

// For a file whose functions are listed as X(result type, name, parameter list, argument list): the pointer to each,
// `p_name`; its place in the file's `addresses` array; and its wrapper, `PREFIX_name` where the file defines
// CSHAREDLIBRARY_PREFIX (`ccurl_`) before using it; those that return nothing apart, since a C function of type void
// may not return a void expression.
#define CSHAREDLIBRARY_POINTER(result, name, parameters, arguments) static result(*p_##name) parameters;
#define CSHAREDLIBRARY_ADDRESS(result, name, parameters, arguments) (void **)&p_##name,
#define CSHAREDLIBRARY_WRAPPER(result, name, parameters, arguments)                                                 \
    result CSHAREDLIBRARY_PREFIXED(name) parameters { return p_##name arguments; }
#define CSHAREDLIBRARY_PROCEDURE_WRAPPER(result, name, parameters, arguments)                                       \
    void CSHAREDLIBRARY_PREFIXED(name) parameters { p_##name arguments; }
// A step between, so that CSHAREDLIBRARY_PREFIX is expanded before it is pasted (`##` takes its operands unexpanded).
#define CSHAREDLIBRARY_PREFIXED(name) CSHAREDLIBRARY_PASTE(CSHAREDLIBRARY_PREFIX, name)
#define CSHAREDLIBRARY_PASTE(prefix, name) CSHAREDLIBRARY_PASTE_EXPANDED(prefix, name)
#define CSHAREDLIBRARY_PASTE_EXPANDED(prefix, name) prefix##name

/// Defines `int function(char *reason, size_t reason_size)`, the ``csharedlibrary_load`` of one library: `file_names`,
/// `symbol_names` and `symbol_addresses` are the including file's arrays, `library_name` the name for messages,
/// `then_function` the function called once the functions are found (or NULL). One use a file, since it also defines
/// the file's `once` function.
#define CSHAREDLIBRARY_LOADER(function, library_name, file_names, symbol_names, symbol_addresses, then_function)  \
    static struct csharedlibrary shared_library = {                                                               \
        .names = file_names,                                                                                      \
        .name_count = sizeof file_names / sizeof file_names[0],                                                   \
        .symbols = symbol_names,                                                                                  \
        .addresses = symbol_addresses,                                                                            \
        .symbol_count = sizeof symbol_names / sizeof symbol_names[0],                                             \
        .library = library_name,                                                                                  \
        .then = then_function,                                                                                    \
        .once = PTHREAD_ONCE_INIT,                                                                                \
    };                                                                                                            \
    static void open_shared_library(void) { csharedlibrary_open(&shared_library); }                               \
    int function(char *reason, size_t reason_size) {                                                              \
        return csharedlibrary_load(&shared_library, open_shared_library, reason, reason_size);                    \
    }

#endif
