#ifndef CCURL_H
#define CCURL_H

// libcurl, loaded at the first request to a catalog server rather than linked: a program that never asks a server
// (most runs of the catalog command) does not load it, nor the TLS, Kerberos, LDAP and SSH libraries behind it, at
// launch. The types and constants below are the part of <curl/curl.h> this package uses, with the same names and
// values (libcurl's ABI, version 4 of its shared library); ServerTests compares them with the installed header.

#include <stddef.h>
#include <stdint.h>

// curl.h declares the handle as void unless CURL_STRICTER is defined; this is the stricter form, so that Swift sees
// a handle type of its own.
typedef struct Curl_easy CURL;

// curl.h picks the 64-bit type of each platform for it: long on 64-bit Linux, long long on macOS, as int64_t does.
typedef int64_t curl_off_t;

struct curl_slist {
    char *data;
    struct curl_slist *next;
};

#define CURL_ERROR_SIZE 256
#define CURL_GLOBAL_SSL (1 << 0)
#define CURL_GLOBAL_WIN32 (1 << 1)
#define CURL_GLOBAL_ALL (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32)
#define CURL_GLOBAL_DEFAULT CURL_GLOBAL_ALL

// The other codes are told apart by curl_easy_strerror's sentence, not here.
typedef enum { CURLE_OK = 0 } CURLcode;

#define CURLOPTTYPE_LONG 0
#define CURLOPTTYPE_OBJECTPOINT 10000
#define CURLOPTTYPE_FUNCTIONPOINT 20000
#define CURLOPTTYPE_STRINGPOINT CURLOPTTYPE_OBJECTPOINT
#define CURLOPTTYPE_SLISTPOINT CURLOPTTYPE_OBJECTPOINT
#define CURLOPTTYPE_CBPOINT CURLOPTTYPE_OBJECTPOINT

typedef enum {
    CURLOPT_WRITEDATA = CURLOPTTYPE_CBPOINT + 1,
    CURLOPT_URL = CURLOPTTYPE_STRINGPOINT + 2,
    CURLOPT_ERRORBUFFER = CURLOPTTYPE_OBJECTPOINT + 10,
    CURLOPT_CUSTOMREQUEST = CURLOPTTYPE_STRINGPOINT + 36,
    CURLOPT_WRITEFUNCTION = CURLOPTTYPE_FUNCTIONPOINT + 11,
    CURLOPT_HTTPHEADER = CURLOPTTYPE_SLISTPOINT + 23,
    CURLOPT_HEADERDATA = CURLOPTTYPE_CBPOINT + 29,
    CURLOPT_NOPROGRESS = CURLOPTTYPE_LONG + 43,
    CURLOPT_FOLLOWLOCATION = CURLOPTTYPE_LONG + 52,
    CURLOPT_POSTFIELDSIZE = CURLOPTTYPE_LONG + 60,
    CURLOPT_XFERINFODATA = CURLOPTTYPE_CBPOINT + 57,
    CURLOPT_MAXREDIRS = CURLOPTTYPE_LONG + 68,
    CURLOPT_HEADERFUNCTION = CURLOPTTYPE_FUNCTIONPOINT + 79,
    CURLOPT_NOSIGNAL = CURLOPTTYPE_LONG + 99,
    CURLOPT_COPYPOSTFIELDS = CURLOPTTYPE_OBJECTPOINT + 165,
    CURLOPT_ACCEPT_ENCODING = CURLOPTTYPE_STRINGPOINT + 102,
    CURLOPT_XFERINFOFUNCTION = CURLOPTTYPE_FUNCTIONPOINT + 219,
    CURLOPT_PROTOCOLS_STR = CURLOPTTYPE_STRINGPOINT + 318,
    CURLOPT_REDIR_PROTOCOLS_STR = CURLOPTTYPE_STRINGPOINT + 319,
} CURLoption;

/// The write and header callbacks: `size` times `nitems` bytes at `buffer`; returning another count stops the
/// transfer with CURLE_WRITE_ERROR.
typedef size_t (*curl_write_callback)(char *buffer, size_t size, size_t nitems, void *outstream);
/// The progress callback, called often during a transfer and about once a second while nothing moves; returning
/// non-zero stops it with CURLE_ABORTED_BY_CALLBACK.
typedef int (*curl_xferinfo_callback)(
    void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

/// Loads libcurl once and initializes it (later calls return the first answer): 1 when every function below can be
/// called; 0 when it cannot be loaded, with the loader's reason in `reason` (`reason_size` bytes at most).
int ccurl_load(char *reason, size_t reason_size);

// Each calls the libcurl function whose name is the part after the prefix with curl_ before it (ccurl_easy_init:
// curl_easy_init); only after ccurl_load returned 1.
CURL *ccurl_easy_init(void);
CURLcode ccurl_easy_perform(CURL *curl);
void ccurl_easy_cleanup(CURL *curl);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);
void ccurl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt takes its value as a variadic argument, which Swift cannot pass: one wrapper per type of value.
CURLcode ccurl_easy_setopt_long(CURL *curl, CURLoption option, long value);
CURLcode ccurl_easy_setopt_string(CURL *curl, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *curl, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_write_function(CURL *curl, CURLoption option, curl_write_callback function);
CURLcode ccurl_easy_setopt_xferinfo_function(CURL *curl, CURLoption option, curl_xferinfo_callback function);

#endif
