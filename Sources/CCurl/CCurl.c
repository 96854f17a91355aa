#include "CCurl.h"

#include <CSharedLibrary.h>

#include <stdio.h>

// The functions used, as (result type, name, parameter list, argument list): one list makes the pointers, their
// loading and the wrappers; those that return nothing are listed apart (a C function of type void may not return a
// void expression), and so are those called only in this file: curl_global_init, by the loader, and
// curl_easy_setopt, which is variadic, through a wrapper per type of value.
#define CCURL_PROCEDURES(X)                                                                                        \
    X(void, easy_cleanup, (CURL * curl), (curl))                                                                   \
    X(void, slist_free_all, (struct curl_slist * list), (list))
#define CCURL_FUNCTIONS(X)                                                                                         \
    X(CURL *, easy_init, (void), ())                                                                               \
    X(CURLcode, easy_perform, (CURL * curl), (curl))                                                               \
    X(const char *, easy_strerror, (CURLcode code), (code))                                                        \
    X(struct curl_slist *, slist_append, (struct curl_slist * list, const char *string), (list, string))
#define CCURL_UNWRAPPED(X)                                                                                         \
    X(CURLcode, global_init, (long flags), (flags))                                                                \
    X(CURLcode, easy_setopt, (CURL * curl, CURLoption option, ...), ())

// The wrappers are `ccurl_name` (CSHAREDLIBRARY_WRAPPER).
#define CSHAREDLIBRARY_PREFIX ccurl_
CCURL_PROCEDURES(CSHAREDLIBRARY_POINTER)
CCURL_FUNCTIONS(CSHAREDLIBRARY_POINTER)
CCURL_UNWRAPPED(CSHAREDLIBRARY_POINTER)

// The shared library's names: Debian's (the OpenSSL flavour, then the GnuTLS one, whose ABI is the same), and the
// one macOS ships.
static const char *const library_names[] = {
#ifdef __APPLE__
    "libcurl.4.dylib",
    "/usr/lib/libcurl.4.dylib",
#else
    "libcurl.so.4",
    "libcurl-gnutls.so.4",
#endif
};

#define CCURL_SYMBOL(result, name, parameters, arguments) "curl_" #name,
static const char *const symbols[] = {
    CCURL_PROCEDURES(CCURL_SYMBOL) CCURL_FUNCTIONS(CCURL_SYMBOL) CCURL_UNWRAPPED(CCURL_SYMBOL)};
static void **const addresses[] = {
    CCURL_PROCEDURES(CSHAREDLIBRARY_ADDRESS) CCURL_FUNCTIONS(CSHAREDLIBRARY_ADDRESS)
        CCURL_UNWRAPPED(CSHAREDLIBRARY_ADDRESS)};

// Once the functions are found, because curl_easy_init would otherwise initialize libcurl itself, which is not safe
// while another thread does the same.
static int initialize(char *failure, size_t failure_size) {
    CURLcode initialized = p_global_init(CURL_GLOBAL_DEFAULT);
    if (initialized == CURLE_OK) return 1;
    snprintf(failure, failure_size, "curl_global_init failed: %s", p_easy_strerror(initialized));
    return 0;
}

CSHAREDLIBRARY_LOADER(ccurl_load, "libcurl", library_names, symbols, addresses, initialize)

CCURL_FUNCTIONS(CSHAREDLIBRARY_WRAPPER)
CCURL_PROCEDURES(CSHAREDLIBRARY_PROCEDURE_WRAPPER)

CURLcode ccurl_easy_setopt_long(CURL *curl, CURLoption option, long value) {
    return p_easy_setopt(curl, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *curl, CURLoption option, const char *value) {
    return p_easy_setopt(curl, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *curl, CURLoption option, void *value) {
    return p_easy_setopt(curl, option, value);
}

CURLcode ccurl_easy_setopt_write_function(CURL *curl, CURLoption option, curl_write_callback function) {
    return p_easy_setopt(curl, option, function);
}

CURLcode ccurl_easy_setopt_xferinfo_function(CURL *curl, CURLoption option, curl_xferinfo_callback function) {
    return p_easy_setopt(curl, option, function);
}
