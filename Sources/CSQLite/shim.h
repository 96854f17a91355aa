#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot import SQLITE_TRANSIENT (a function-pointer cast macro): bind text and blobs
// through these wrappers so SQLite copies the bytes before the Swift buffer goes away.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

static inline int csqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}

// sqlite3_db_config is variadic; Swift cannot call variadic C functions.
static inline int csqlite_db_config_int(sqlite3 *db, int option, int value, int *result) {
    return sqlite3_db_config(db, option, value, result);
}

#endif
