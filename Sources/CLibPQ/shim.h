#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H

#include <libpq-fe.h>
#include <poll.h>

// libpq prints the server's notices (e.g. "extension already exists, skipping") to standard error by default; a
// library must not write to its caller's terminal, so a connection installs this processor that drops them.
static void clibpq_ignore_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

static inline void clibpq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, clibpq_ignore_notice, NULL);
}

// Waits until the connection's socket is readable or `milliseconds` pass: 1 readable, 0 timed out, -1 error.
static inline int clibpq_wait_readable(int socket, int milliseconds) {
    struct pollfd watched = {.fd = socket, .events = POLLIN, .revents = 0};
    return poll(&watched, 1, milliseconds);
}

#endif
