#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the server listens: a numeric host and a port, written `HOST:PORT` (`[::1]:8080` for IPv6).
package struct ListenAddress: Sendable, Equatable {
    /// The host without brackets, e.g. `127.0.0.1` or `::1`.
    package var host: String
    /// The port; 0 lets the system pick a free one.
    package var port: Int

    /// The address in `text`, or `nil` when it is not `HOST:PORT` with a numeric host (names are not looked up)
    /// and a port in 0–65535.
    package init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        } else if host.contains(":") {
            return nil
        }
        var bytes = in6_addr()
        guard inet_pton(AF_INET, host, &bytes) == 1 || inet_pton(AF_INET6, host, &bytes) == 1 else { return nil }
        self.host = host
        self.port = port
    }

    /// An address from its parts.
    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Whether only this machine can connect: 127.0.0.0/8 or ::1.
    package var isLoopback: Bool {
        host == "::1" || host.split(separator: ".").first == "127" && host.split(separator: ".").count == 4
    }

    /// The base URL, e.g. `http://127.0.0.1:8080` or `https://[::1]:8443`.
    package func url(secure: Bool) -> String {
        "\(secure ? "https" : "http")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
