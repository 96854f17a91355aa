#ifndef CLIBPQ_H
#define CLIBPQ_H

// libpq, loaded when the first PostgreSQL connection opens rather than linked: the package then builds without
// libpq-dev, and a program that never connects to PostgreSQL does not load it (nor Kerberos and OpenSSL behind
// it) at launch. The types and constants below are the part of <libpq-fe.h> this package uses, with the same names
// and values (libpq's ABI, version 5 of its shared library); PostgreSQLDBTests compares them with the installed
// header.

#include <stddef.h>

typedef unsigned int Oid;
typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

typedef enum { CONNECTION_OK = 0, CONNECTION_BAD = 1 } ConnStatusType;

typedef enum {
    PGRES_EMPTY_QUERY = 0,
    PGRES_COMMAND_OK = 1,
    PGRES_TUPLES_OK = 2,
    PGRES_COPY_OUT = 3,
    PGRES_COPY_IN = 4,
    PGRES_BAD_RESPONSE = 5,
    PGRES_NONFATAL_ERROR = 6,
    PGRES_FATAL_ERROR = 7,
} ExecStatusType;

typedef enum {
    PQTRANS_IDLE = 0,
    PQTRANS_ACTIVE = 1,
    PQTRANS_INTRANS = 2,
    PQTRANS_INERROR = 3,
    PQTRANS_UNKNOWN = 4,
} PGTransactionStatusType;

typedef struct pgNotify {
    char *relname;
    int be_pid;
    char *extra;
    struct pgNotify *next;
} PGnotify;

/// Loads libpq once (later calls return the first answer): 1 when every function below can be called; 0 when it
/// cannot be loaded, with the loader's reason in `reason` (`reason_size` bytes at most).
int clibpq_load(char *reason, size_t reason_size);

// Each calls the libpq function whose name is the part after the prefix with PQ before it (clibpq_exec: PQexec);
// only after clibpq_load returned 1.
PGconn *clibpq_connectdb(const char *conninfo);
void clibpq_finish(PGconn *conn);
ConnStatusType clibpq_status(const PGconn *conn);
PGTransactionStatusType clibpq_transactionStatus(const PGconn *conn);
int clibpq_serverVersion(const PGconn *conn);
char *clibpq_errorMessage(const PGconn *conn);
int clibpq_socket(const PGconn *conn);
int clibpq_backendPID(const PGconn *conn);
int clibpq_setClientEncoding(PGconn *conn, const char *encoding);
PGresult *clibpq_exec(PGconn *conn, const char *query);
PGresult *clibpq_execParams(
    PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues,
    const int *paramLengths, const int *paramFormats, int resultFormat);
PGresult *clibpq_getResult(PGconn *conn);
int clibpq_consumeInput(PGconn *conn);
PGnotify *clibpq_notifies(PGconn *conn);
int clibpq_putCopyData(PGconn *conn, const char *buffer, int nbytes);
int clibpq_putCopyEnd(PGconn *conn, const char *errormsg);
ExecStatusType clibpq_resultStatus(const PGresult *res);
char *clibpq_resultErrorMessage(const PGresult *res);
char *clibpq_resultErrorField(const PGresult *res, int fieldcode);
int clibpq_ntuples(const PGresult *res);
int clibpq_nfields(const PGresult *res);
char *clibpq_fname(const PGresult *res, int field_num);
Oid clibpq_ftype(const PGresult *res, int field_num);
char *clibpq_cmdTuples(PGresult *res);
char *clibpq_getvalue(const PGresult *res, int tup_num, int field_num);
int clibpq_getisnull(const PGresult *res, int tup_num, int field_num);
void clibpq_clear(PGresult *res);
void clibpq_freemem(void *ptr);

/// Drops the server's notices (e.g. "extension already exists, skipping"), which libpq prints to standard error
/// by default: a library must not write to its caller's terminal.
void clibpq_silence_notices(PGconn *conn);

/// Waits until `socket` is readable or `milliseconds` pass: 1 readable, 0 timed out, -1 error.
int clibpq_wait_readable(int socket, int milliseconds);

#endif
