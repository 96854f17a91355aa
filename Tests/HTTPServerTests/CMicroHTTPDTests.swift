import TestSupport
import Testing

/// The package declares the part of libmicrohttpd it uses itself, since it loads the library at run time: those
/// declarations must say what the installed header says.
@Suite struct CMicroHTTPDTests {
    @Test func declarationsMatchTheInstalledHeader() throws {
        let expressions = [
            "MHD_NO", "MHD_YES", "MHD_USE_ERROR_LOG", "MHD_USE_TLS", "MHD_USE_INTERNAL_POLLING_THREAD", "MHD_USE_IPv6",
            "MHD_USE_ITC", "MHD_ALLOW_SUSPEND_RESUME", "MHD_USE_AUTO", "MHD_OPTION_END",
            "MHD_OPTION_CONNECTION_MEMORY_LIMIT", "MHD_OPTION_CONNECTION_LIMIT", "MHD_OPTION_CONNECTION_TIMEOUT",
            "MHD_OPTION_NOTIFY_COMPLETED", "MHD_OPTION_SOCK_ADDR", "MHD_OPTION_HTTPS_MEM_KEY",
            "MHD_OPTION_HTTPS_MEM_CERT", "MHD_OPTION_THREAD_POOL_SIZE", "MHD_OPTION_ARRAY",
            "MHD_OPTION_URI_LOG_CALLBACK", "MHD_OPTION_STRICT_FOR_CLIENT", "MHD_OPTION_PER_IP_CONNECTION_LIMIT",
            "MHD_OPTION_HTTPS_PRIORITIES", "MHD_OPTION_EXTERNAL_LOGGER", "MHD_OPTION_NOTIFY_CONNECTION",
            "MHD_CONNECTION_NOTIFY_STARTED", "MHD_CONNECTION_NOTIFY_CLOSED",
            "sizeof(enum MHD_ConnectionNotificationCode)",
            "MHD_CONNECTION_INFO_CLIENT_ADDRESS", "MHD_CONNECTION_INFO_CONNECTION_FD",
            "sizeof(enum MHD_ConnectionInfoType)",
            "sizeof(struct MHD_OptionItem)", "offsetof(struct MHD_OptionItem, value)",
            "offsetof(struct MHD_OptionItem, ptr_value)", "sizeof(enum MHD_OPTION)", "MHD_HEADER_KIND",
            "MHD_COOKIE_KIND", "MHD_POSTDATA_KIND", "MHD_GET_ARGUMENT_KIND", "MHD_FOOTER_KIND",
            "MHD_REQUEST_TERMINATED_COMPLETED_OK", "MHD_REQUEST_TERMINATED_CLIENT_ABORT", "MHD_RESPMEM_PERSISTENT",
            "MHD_RESPMEM_MUST_FREE", "MHD_RESPMEM_MUST_COPY", "MHD_DAEMON_INFO_BIND_PORT",
        ]
        let values = try TestSupport.cExpressions(
            expressions, ours: "CMicroHTTPD", installed: "/usr/include/microhttpd.h")
        #expect(values.ours == values.installed)
        #expect(values.ours.split(separator: "\n").count == expressions.count)
    }
}
