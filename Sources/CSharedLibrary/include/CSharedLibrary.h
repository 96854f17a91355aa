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

#endif
