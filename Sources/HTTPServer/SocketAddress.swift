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

    /// The numeric text of an IPv4 or IPv6 address (`-` for anything else); an IPv4 address mapped into IPv6 is
    /// given as IPv4.
    static func text(of address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "-" }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var ipv4 = UnsafeRawPointer(address).load(as: sockaddr_in.self).sin_addr
            guard inet_ntop(AF_INET, &ipv4, &buffer, socklen_t(buffer.count)) != nil else { return "-" }
        case AF_INET6:
            var ipv6 = UnsafeRawPointer(address).load(as: sockaddr_in6.self).sin6_addr
            guard inet_ntop(AF_INET6, &ipv6, &buffer, socklen_t(buffer.count)) != nil else { return "-" }
        default:
            return "-"
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasPrefix("::ffff:") && text.contains(".") ? String(text.dropFirst(7)) : text
    }
}
