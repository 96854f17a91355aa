#include "CLibPQ.h"

#include <CSharedLibrary.h>
#include <poll.h>

typedef void (*PQnoticeProcessor)(void *arg, const char *message);

// The functions used, as (result type, name, parameter list, argument list): one list makes the pointers, their
// loading and the wrappers; those that return nothing are listed apart (a C function of type void may not
// return a void expression).
#define CLIBPQ_PROCEDURES(X)                                                                                       \
    X(void, finish, (PGconn * conn), (conn))                                                                       \
    X(void, clear, (PGresult * res), (res))                                                                        \
    X(void, freemem, (void *ptr), (ptr))
#define CLIBPQ_FUNCTIONS(X)                                                                                        \
    X(PGconn *, connectdb, (const char *conninfo), (conninfo))                                                     \
                                                                       \
    X(ConnStatusType, status, (const PGconn *conn), (conn))                                                        \
    X(PGTransactionStatusType, transactionStatus, (const PGconn *conn), (conn))                                    \
    X(int, serverVersion, (const PGconn *conn), (conn))                                                            \
    X(char *, errorMessage, (const PGconn *conn), (conn))                                                          \
    X(int, socket, (const PGconn *conn), (conn))                                                                   \
    X(int, backendPID, (const PGconn *conn), (conn))                                                               \
    X(int, setClientEncoding, (PGconn * conn, const char *encoding), (conn, encoding))                             \
    X(PGresult *, exec, (PGconn * conn, const char *query), (conn, query))                                         \
    X(PGresult *, execParams,                                                                                      \
      (PGconn * conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues,     \
       const int *paramLengths, const int *paramFormats, int resultFormat),                                        \
      (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat))                 \
    X(PGresult *, getResult, (PGconn * conn), (conn))                                                              \
    X(int, consumeInput, (PGconn * conn), (conn))                                                                  \
    X(PGnotify *, notifies, (PGconn * conn), (conn))                                                               \
    X(int, putCopyData, (PGconn * conn, const char *buffer, int nbytes), (conn, buffer, nbytes))                   \
    X(int, putCopyEnd, (PGconn * conn, const char *errormsg), (conn, errormsg))                                    \
    X(ExecStatusType, resultStatus, (const PGresult *res), (res))                                                  \
    X(char *, resultErrorMessage, (const PGresult *res), (res))                                                    \
    X(char *, resultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))                            \
    X(int, ntuples, (const PGresult *res), (res))                                                                  \
    X(int, nfields, (const PGresult *res), (res))                                                                  \
    X(char *, fname, (const PGresult *res, int field_num), (res, field_num))                                       \
    X(Oid, ftype, (const PGresult *res, int field_num), (res, field_num))                                          \
    X(char *, cmdTuples, (PGresult * res), (res))                                                                  \
    X(char *, getvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))              \
    X(int, getisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))                \
    X(PQnoticeProcessor, setNoticeProcessor, (PGconn * conn, PQnoticeProcessor proc, void *arg), (conn, proc, arg))

// The wrappers are `clibpq_name` (CSHAREDLIBRARY_WRAPPER).
#define CSHAREDLIBRARY_PREFIX clibpq_
CLIBPQ_PROCEDURES(CSHAREDLIBRARY_POINTER)
CLIBPQ_FUNCTIONS(CSHAREDLIBRARY_POINTER)

// The shared library's names: Debian's, and Homebrew's (keg-only: Apple silicon, then Intel).
static const char *const library_names[] = {
#ifdef __APPLE__
    "libpq.5.dylib",
    "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
    "/usr/local/opt/libpq/lib/libpq.5.dylib",
#else
    "libpq.so.5",
#endif
};

#define CLIBPQ_SYMBOL(result, name, parameters, arguments) "PQ" #name,
static const char *const symbols[] = {CLIBPQ_PROCEDURES(CLIBPQ_SYMBOL) CLIBPQ_FUNCTIONS(CLIBPQ_SYMBOL)};
static void **const addresses[] = {
    CLIBPQ_PROCEDURES(CSHAREDLIBRARY_ADDRESS) CLIBPQ_FUNCTIONS(CSHAREDLIBRARY_ADDRESS)};

CSHAREDLIBRARY_LOADER(clibpq_load, "libpq", library_names, symbols, addresses, NULL)

CLIBPQ_FUNCTIONS(CSHAREDLIBRARY_WRAPPER)
CLIBPQ_PROCEDURES(CSHAREDLIBRARY_PROCEDURE_WRAPPER)

static void ignore_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

void clibpq_silence_notices(PGconn *conn) { p_setNoticeProcessor(conn, ignore_notice, NULL); }

int clibpq_wait_readable(int socket, int milliseconds) {
    struct pollfd watched = {.fd = socket, .events = POLLIN, .revents = 0};
    return poll(&watched, 1, milliseconds);
}
