#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numeric socket addresses for the server to bind to.
enum SocketAddress {
    /// `host` as an IPv4 socket address, or `nil` when it is not a dotted IPv4 address.
    static func ipv4(_ host: String, port: Int) -> sockaddr_in? {
        var address = sockaddr_in()
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return address
    }

    /// `host` as an IPv6 socket address, or `nil` when it is not an IPv6 address.
    static func ipv6(_ host: String, port: Int) -> sockaddr_in6? {
        var address = sockaddr_in6()
        guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return nil }
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port).bigEndian)
        return address
    }
}
