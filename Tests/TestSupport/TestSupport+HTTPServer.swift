import HTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TestSupport {
    /// Cancels the calling test (it shows as skipped, with the reason) when libmicrohttpd, which every server runs
    /// on, cannot be loaded: the package builds without it, and only serving needs it.
    public static func requireHTTPServerLibrary() throws {
        if let reason = HTTPServer.libraryUnavailableReason {
            try Test.cancel("libmicrohttpd is not installed (\(reason)): apt-get install libmicrohttpd12")
        }
    }

    /// Cancels the calling test, saying why, when this machine has no IPv6 loopback (a socket cannot be bound to
    /// `::1`, e.g. IPv6 is disabled in a container). Only that skips an IPv6 test: once the address is there, a
    /// server that fails to listen on it fails the test.
    public static func requireIPv6Loopback() throws {
        if let reason = ipv6LoopbackUnavailableReason() {
            try Test.cancel("no IPv6 loopback here: \(reason)")
        }
    }

    /// Why a TCP socket cannot be bound to `[::1]:0` here, or `nil` when it can.
    static func ipv6LoopbackUnavailableReason() -> String? {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return "no IPv6 socket: \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        return bound == 0 ? nil : "binding a socket to [::1]:0 failed: \(String(cString: strerror(errno)))"
    }
}
