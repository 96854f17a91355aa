import CatalogRemote
import CommandLineKit
import Foundation

/// How a command names a catalog server: an `http://` or `https://` URL, and the token from `--token` or the
/// `CATALOG_TOKEN` environment variable.
enum RemoteOptions {
    static let token = TypedOption<String?>(
        "token", valueName: "TOKEN", help: "The bearer token for the server.", whenAbsent: "$CATALOG_TOKEN")

    /// The server `text` names, or `nil` when it is not an http(s) URL (a path).
    static func server(_ text: String, _ invocation: Invocation) throws -> RemoteCatalog? {
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text) else { return nil }
        let token = try invocation[token] ?? ProcessInfo.processInfo.environment["CATALOG_TOKEN"]
        return RemoteCatalog(url: url, token: token)
    }
}
