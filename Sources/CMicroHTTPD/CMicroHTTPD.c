#include "CMicroHTTPD.h"

#include <CSharedLibrary.h>
#include <stdarg.h>
#include <stdio.h>


// The functions used, as (name, return type, parameter list): one list makes the pointers and their loading.
#define CMICROHTTPD_FUNCTIONS(X)                                                                                   \
    X(MHD_start_daemon, struct MHD_Daemon *,                                                                       \
      (unsigned int, uint16_t, void *, void *, MHD_AccessHandlerCallback, void *, ...))                            \
    X(MHD_get_daemon_info, const void *, (struct MHD_Daemon *, enum MHD_DaemonInfoType, ...))                      \
    X(MHD_get_connection_info, const void *, (struct MHD_Connection *, enum MHD_ConnectionInfoType, ...))          \
    X(MHD_quiesce_daemon, int, (struct MHD_Daemon *))                                                              \
    X(MHD_stop_daemon, void, (struct MHD_Daemon *))                                                                \
    X(MHD_suspend_connection, void, (struct MHD_Connection *))                                                     \
    X(MHD_resume_connection, void, (struct MHD_Connection *))                                                      \
    X(MHD_get_connection_values, int,                                                                              \
      (struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *))                                 \
    X(MHD_create_response_from_buffer, struct MHD_Response *, (size_t, void *, enum MHD_ResponseMemoryMode))      \
    X(MHD_create_response_from_fd_at_offset64, struct MHD_Response *, (uint64_t, int, uint64_t))                   \
    X(MHD_add_response_header, enum MHD_Result, (struct MHD_Response *, const char *, const char *))               \
    X(MHD_queue_response, enum MHD_Result, (struct MHD_Connection *, unsigned int, struct MHD_Response *))         \
    X(MHD_destroy_response, void, (struct MHD_Response *))

#define CMICROHTTPD_POINTER(name, result, parameters) static result(*p_##name) parameters;
CMICROHTTPD_FUNCTIONS(CMICROHTTPD_POINTER)

// The shared library's names, most specific first: Debian's and Homebrew's (Apple silicon, then Intel).
static const char *const library_names[] = {
#ifdef __APPLE__
    "libmicrohttpd.12.dylib",
    "/opt/homebrew/lib/libmicrohttpd.12.dylib",
    "/usr/local/lib/libmicrohttpd.12.dylib",
#else
    "libmicrohttpd.so.12",
#endif
};

#define CMICROHTTPD_SYMBOL(name, result, parameters) #name,
#define CMICROHTTPD_ADDRESS(name, result, parameters) (void **)&p_##name,
static const char *const symbols[] = {CMICROHTTPD_FUNCTIONS(CMICROHTTPD_SYMBOL)};
static void **const addresses[] = {CMICROHTTPD_FUNCTIONS(CMICROHTTPD_ADDRESS)};

CSHAREDLIBRARY_LOADER(cmicrohttpd_load, "libmicrohttpd", library_names, symbols, addresses, NULL)

/// The settings' log callback; one function for every daemon of the process, each with its own context.
static _Atomic(CMicroHTTPDLogCallback) logged;

/// libmicrohttpd's log callback: formats the message and hands it to `logged`.
static void log_message(void *context, const char *format, va_list arguments) {
    char message[512];
    vsnprintf(message, sizeof message, format, arguments);
    CMicroHTTPDLogCallback callback = logged;
    if (callback != NULL) callback(context, message);
}

struct MHD_Daemon *cmicrohttpd_start(const struct cmicrohttpd_settings *settings) {
    // The TLS options when both credentials are given, else none (the array starts at its end).
    struct MHD_OptionItem tls[] = {
        {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)settings->tls_key},
        {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)settings->tls_cert},
        {MHD_OPTION_HTTPS_PRIORITIES, 0, (void *)settings->tls_priorities},
        {MHD_OPTION_END, 0, NULL},
    };
    int secure = settings->tls_key != NULL && settings->tls_cert != NULL;
    logged = settings->logged;
    return p_MHD_start_daemon(
        secure ? settings->flags | MHD_USE_TLS : settings->flags, settings->port, NULL, NULL, settings->handler,
        settings->context,
        // First, so that no message goes to libmicrohttpd's own logger.
        MHD_OPTION_EXTERNAL_LOGGER, log_message, settings->context,
        MHD_OPTION_SOCK_ADDR, settings->address,
        MHD_OPTION_THREAD_POOL_SIZE, settings->thread_count,
        MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_address_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, settings->completed, settings->context,
        MHD_OPTION_NOTIFY_CONNECTION, settings->connection_notified, settings->context,
        MHD_OPTION_URI_LOG_CALLBACK, settings->uri_logged, settings->context,
        MHD_OPTION_STRICT_FOR_CLIENT, 1,
        MHD_OPTION_ARRAY, secure ? tls : tls + 3,
        MHD_OPTION_END);
}

int cmicrohttpd_connection_socket(struct MHD_Connection *connection) {
    // The answer is a union whose members all start at its first byte; the socket is an int.
    const int *socket = p_MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return socket == NULL ? -1 : *socket;
}

const struct sockaddr *cmicrohttpd_client_address(struct MHD_Connection *connection) {
    struct sockaddr *const *address = p_MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return address == NULL ? NULL : *address;
}

uint16_t cmicrohttpd_bound_port(struct MHD_Daemon *daemon) {
    // The answer is a union whose members all start at its first byte; the port is a uint16_t.
    const uint16_t *port = p_MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return port == NULL ? 0 : *port;
}

int cmicrohttpd_quiesce_daemon(struct MHD_Daemon *daemon) { return p_MHD_quiesce_daemon(daemon); }

void cmicrohttpd_stop_daemon(struct MHD_Daemon *daemon) { p_MHD_stop_daemon(daemon); }

void cmicrohttpd_suspend_connection(struct MHD_Connection *connection) { p_MHD_suspend_connection(connection); }

void cmicrohttpd_resume_connection(struct MHD_Connection *connection) { p_MHD_resume_connection(connection); }

int cmicrohttpd_get_connection_values(
    struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *iterator_cls) {
    return p_MHD_get_connection_values(connection, kind, iterator, iterator_cls);
}

struct MHD_Response *cmicrohttpd_create_response_from_buffer(
    size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return p_MHD_create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *cmicrohttpd_create_response_from_fd_at_offset64(uint64_t size, int fd, uint64_t offset) {
    return p_MHD_create_response_from_fd_at_offset64(size, fd, offset);
}

enum MHD_Result cmicrohttpd_add_response_header(
    struct MHD_Response *response, const char *header, const char *content) {
    return p_MHD_add_response_header(response, header, content);
}

enum MHD_Result cmicrohttpd_queue_response(
    struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response) {
    return p_MHD_queue_response(connection, status_code, response);
}

void cmicrohttpd_destroy_response(struct MHD_Response *response) { p_MHD_destroy_response(response); }
