#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic; Swift cannot call variadic C functions.

/// Starts a daemon bound to `address` (`port` is its port, for the error log) with the given limits; NULL when it cannot start (the error log says why).
/// With `tls_key` and `tls_cert` (PEM text, NUL-terminated) it speaks HTTPS only; with NULLs, plain HTTP.
static inline struct MHD_Daemon *cmicrohttpd_start(
    unsigned int flags, uint16_t port, const struct sockaddr *address, unsigned int thread_count, unsigned int connection_limit,
    unsigned int connection_timeout, size_t connection_memory_limit, MHD_AccessHandlerCallback handler,
    void *handler_context, MHD_RequestCompletedCallback completed, void *completed_context,
    const char *tls_key, const char *tls_cert) {
    // The TLS options when both credentials are given, else none (the array starts at its end).
    struct MHD_OptionItem tls[] = {
        {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)tls_key},
        {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)tls_cert},
        {MHD_OPTION_END, 0, NULL},
    };
    int secure = tls_key != NULL && tls_cert != NULL;
    return MHD_start_daemon(
        secure ? flags | MHD_USE_TLS : flags, port, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, thread_count,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_ARRAY, secure ? tls : tls + 2,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system picked when asked for port 0); 0 when unknown.
static inline uint16_t cmicrohttpd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

#endif
