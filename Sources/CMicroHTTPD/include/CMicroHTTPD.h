#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

// libmicrohttpd, loaded when a server starts rather than linked: the package then builds without
// libmicrohttpd-dev, and a program that never serves does not load it (nor GnuTLS behind it) at launch.
// The types and constants below are the part of <microhttpd.h> this package uses, with the same names and values
// (libmicrohttpd's ABI, version 12 of its shared library); HTTPServerTests compares them with the installed header.

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#define CMICROHTTPD_FIXED_ENUM __attribute__((enum_extensibility(closed)))

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

enum MHD_Result { MHD_NO = 0, MHD_YES = 1 } CMICROHTTPD_FIXED_ENUM;

enum MHD_FLAG {
    MHD_USE_ERROR_LOG = 1,
    MHD_USE_TLS = 2,
    MHD_USE_INTERNAL_POLLING_THREAD = 8,
    MHD_USE_IPv6 = 16,
    MHD_USE_ITC = 1024,
    MHD_ALLOW_SUSPEND_RESUME = 8192 | MHD_USE_ITC,
    MHD_USE_AUTO = 65536,
};

enum MHD_OPTION {
    MHD_OPTION_END = 0,
    MHD_OPTION_CONNECTION_MEMORY_LIMIT = 1,
    MHD_OPTION_CONNECTION_LIMIT = 2,
    MHD_OPTION_CONNECTION_TIMEOUT = 3,
    MHD_OPTION_NOTIFY_COMPLETED = 4,
    MHD_OPTION_PER_IP_CONNECTION_LIMIT = 5,
    MHD_OPTION_SOCK_ADDR = 6,
    MHD_OPTION_URI_LOG_CALLBACK = 7,
    MHD_OPTION_HTTPS_MEM_KEY = 8,
    MHD_OPTION_HTTPS_MEM_CERT = 9,
    MHD_OPTION_HTTPS_PRIORITIES = 11,
    MHD_OPTION_EXTERNAL_LOGGER = 13,
    MHD_OPTION_THREAD_POOL_SIZE = 14,
    MHD_OPTION_ARRAY = 15,
    MHD_OPTION_NOTIFY_CONNECTION = 27,
    MHD_OPTION_STRICT_FOR_CLIENT = 29,
};

struct MHD_OptionItem {
    enum MHD_OPTION option;
    intptr_t value;
    void *ptr_value;
};

enum MHD_ValueKind {
    MHD_HEADER_KIND = 1,
    MHD_COOKIE_KIND = 2,
    MHD_POSTDATA_KIND = 4,
    MHD_GET_ARGUMENT_KIND = 8,
    MHD_FOOTER_KIND = 16,
} CMICROHTTPD_FIXED_ENUM;

enum MHD_RequestTerminationCode {
    MHD_REQUEST_TERMINATED_COMPLETED_OK = 0,
    MHD_REQUEST_TERMINATED_WITH_ERROR = 1,
    MHD_REQUEST_TERMINATED_TIMEOUT_REACHED = 2,
    MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN = 3,
    MHD_REQUEST_TERMINATED_READ_ERROR = 4,
    MHD_REQUEST_TERMINATED_CLIENT_ABORT = 5,
} CMICROHTTPD_FIXED_ENUM;

enum MHD_ResponseMemoryMode {
    MHD_RESPMEM_PERSISTENT = 0,
    MHD_RESPMEM_MUST_FREE = 1,
    MHD_RESPMEM_MUST_COPY = 2,
} CMICROHTTPD_FIXED_ENUM;

enum MHD_DaemonInfoType { MHD_DAEMON_INFO_BIND_PORT = 6 } CMICROHTTPD_FIXED_ENUM;

enum MHD_ConnectionNotificationCode {
    MHD_CONNECTION_NOTIFY_STARTED = 0,
    MHD_CONNECTION_NOTIFY_CLOSED = 1,
} CMICROHTTPD_FIXED_ENUM;

enum MHD_ConnectionInfoType {
    MHD_CONNECTION_INFO_CLIENT_ADDRESS = 2,
    MHD_CONNECTION_INFO_CONNECTION_FD = 6,
} CMICROHTTPD_FIXED_ENUM;

typedef enum MHD_Result (*MHD_AccessHandlerCallback)(
    void *cls, struct MHD_Connection *connection, const char *url, const char *method, const char *version,
    const char *upload_data, size_t *upload_data_size, void **req_cls);
typedef void (*MHD_RequestCompletedCallback)(
    void *cls, struct MHD_Connection *connection, void **req_cls, enum MHD_RequestTerminationCode toe);
typedef enum MHD_Result (*MHD_KeyValueIterator)(
    void *cls, enum MHD_ValueKind kind, const char *key, const char *value);
typedef void (*MHD_NotifyConnectionCallback)(
    void *cls, struct MHD_Connection *connection, void **socket_context, enum MHD_ConnectionNotificationCode toe);
/// The callback of MHD_OPTION_URI_LOG_CALLBACK (the header names no type for it): called with the request target as
/// sent (not yet percent-decoded, the query still attached) before libmicrohttpd parses it; what it returns is the
/// request's first `req_cls`.
typedef void *(*CMicroHTTPDURILogCallback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Loads libmicrohttpd once (later calls return the first answer): 1 when every function below can be called;
/// 0 when it cannot be loaded, with the loader's reason in `reason` (`reason_size` bytes at most).
int cmicrohttpd_load(char *reason, size_t reason_size);

// Each calls the libmicrohttpd function of the same name without the prefix; only after cmicrohttpd_load
// returned 1.

/// Receives each message of libmicrohttpd's error log, formatted (libmicrohttpd's own callback takes a va_list).
typedef void (*CMicroHTTPDLogCallback)(void *context, const char *message);

/// What a daemon is started with. Every callback is given `context`.
struct cmicrohttpd_settings {
    unsigned int flags;
    /// The port of `address`, for the error log.
    uint16_t port;
    const struct sockaddr *address;
    unsigned int thread_count;
    unsigned int connection_limit;
    /// Connections from one client address at most (MHD_OPTION_PER_IP_CONNECTION_LIMIT; 0: no limit).
    unsigned int per_address_limit;
    unsigned int connection_timeout;
    size_t connection_memory_limit;
    MHD_AccessHandlerCallback handler;
    /// Sees each request target first (MHD_OPTION_URI_LOG_CALLBACK).
    CMicroHTTPDURILogCallback uri_logged;
    MHD_RequestCompletedCallback completed;
    /// Told when a connection opens and closes (MHD_OPTION_NOTIFY_CONNECTION); its close is told before the socket is.
    MHD_NotifyConnectionCallback connection_notified;
    /// Receives libmicrohttpd's error log; the same function for every daemon of a process.
    CMicroHTTPDLogCallback logged;
    void *context;
    /// PEM text, NUL-terminated: with both, the daemon speaks HTTPS only, with `tls_priorities` (a GnuTLS priority
    /// string); with NULLs, plain HTTP.
    const char *tls_key;
    const char *tls_cert;
    const char *tls_priorities;
};

/// Starts a daemon as `settings` say; NULL when it cannot start (the error log says why). The daemon is strict
/// with clients (MHD_OPTION_STRICT_FOR_CLIENT 1: an HTTP/1.1 request without `Host` and a request target with a
/// space are answered 400).
struct MHD_Daemon *cmicrohttpd_start(const struct cmicrohttpd_settings *settings);
/// The connection's socket (MHD_CONNECTION_INFO_CONNECTION_FD); -1 when unknown.
int cmicrohttpd_connection_socket(struct MHD_Connection *connection);
/// The client's address (MHD_CONNECTION_INFO_CLIENT_ADDRESS); NULL when unknown.
const struct sockaddr *cmicrohttpd_client_address(struct MHD_Connection *connection);
/// The port the daemon listens on (the one the system picked when asked for port 0); 0 when unknown.
uint16_t cmicrohttpd_bound_port(struct MHD_Daemon *daemon);
int cmicrohttpd_quiesce_daemon(struct MHD_Daemon *daemon);
void cmicrohttpd_stop_daemon(struct MHD_Daemon *daemon);
void cmicrohttpd_suspend_connection(struct MHD_Connection *connection);
void cmicrohttpd_resume_connection(struct MHD_Connection *connection);
int cmicrohttpd_get_connection_values(
    struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *iterator_cls);
struct MHD_Response *cmicrohttpd_create_response_from_buffer(
    size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
struct MHD_Response *cmicrohttpd_create_response_from_fd_at_offset64(uint64_t size, int fd, uint64_t offset);
enum MHD_Result cmicrohttpd_add_response_header(
    struct MHD_Response *response, const char *header, const char *content);
enum MHD_Result cmicrohttpd_queue_response(
    struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response);
void cmicrohttpd_destroy_response(struct MHD_Response *response);

#endif
