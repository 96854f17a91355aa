import Foundation

/// The origins the web page is served from, as a browser names them in `Origin` (`https://catalog.example.org`,
/// `http://127.0.0.1:8080`): a cookie request that may change something must come from one of them.
///
/// They are the server's own configuration, never the request's `Host`, which the client writes: `catalog serve`
/// trusts the origins of `--origin`, or else those of the address it listens on (with `localhost` for a loopback
/// one), known once the port is.
package final class WebOrigins: @unchecked Sendable {
    // Invariant: `origins` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var origins: Set<String>

    /// The origins in `origins` (none: no cookie request that changes something passes).
    package init(_ origins: [String] = []) {
        self.origins = Set(origins)
    }

    /// Trusts `origins` from now on, instead of those before.
    package func trust(_ origins: [String]) {
        lock.withLock { self.origins = Set(origins) }
    }

    /// Whether a page of `origin` is one of the server's.
    package func contains(_ origin: String) -> Bool {
        lock.withLock { origins.contains(origin) }
    }

    /// `text` as a browser writes it in `Origin`: the scheme and host lowercased, the port only when it is not the
    /// scheme's own; `nil` when it is not an `http` or `https` URL of a host alone (no path, query or user).
    package static func origin(_ text: String) -> String? {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = url.host?.lowercased(), !host.isEmpty,
            url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil, url.user == nil
        else { return nil }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let standardPort = scheme == "https" ? 443 : 80
        guard let port = url.port, port != standardPort else { return "\(scheme)://\(bracketed)" }
        return "\(scheme)://\(bracketed):\(port)"
    }

    /// The origins of a server listening on `address`: its own, and for a loopback address the same with
    /// `localhost` (browsers name `http://localhost:PORT` as typed).
    package static func of(_ address: ListenAddress, secure: Bool) -> [String] {
        var names = [address]
        if address.isLoopback { names.append(ListenAddress(host: "localhost", port: address.port)) }
        return names.compactMap { origin($0.url(secure: secure)) }
    }
}
