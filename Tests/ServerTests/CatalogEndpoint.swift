import Foundation
import TestSupport
import Testing

/// What an endpoint test talks to: the API answering in this process (``InProcessCatalog``), or `catalog serve`
/// over a socket (``ServedCatalog``) where the wire itself is under test; both over the sample catalog of ``cli``,
/// with an admin token of ``ServedCatalog/user``.
protocol CatalogEndpoint: AnyObject {
    /// The test's files and the `catalog` command on its catalog.
    var cli: CatalogCLI { get }
    /// What names the served database on the command line: `--db PATH` or `--database URL`.
    var database: [String] { get }
    /// The bearer token requests carry (none when `nil`).
    var token: String? { get set }
    /// Sends a request to `path` (with its query) with ``defaultHeaders`` and `headers`, without waiting for the
    /// answer.
    func start(_ method: String, _ path: String, headers: [String: String], body: Data?) throws
        -> HTTPTestClient.Pending
    /// A new token for `user` (added when absent) of `scope`.
    func createToken(user: String, scope: String, expires: String?) throws -> String
}

extension CatalogEndpoint {
    /// Header fields every request carries: the token's `Authorization`.
    var defaultHeaders: [String: String] {
        token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
    }

    /// Sends a request and waits for the answer.
    func request(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
    ) throws -> HTTPTestClient.Answer {
        try start(method, path, headers: headers, body: body).wait()
    }

    /// Sends a request without waiting for the answer.
    func start(_ method: String, _ path: String, headers: [String: String] = [:]) throws -> HTTPTestClient.Pending {
        try start(method, path, headers: headers, body: nil)
    }

    func get(_ path: String, headers: [String: String] = [:]) throws -> HTTPTestClient.Answer {
        try request("GET", path, headers: headers)
    }

    /// A new token for `user` of `scope`, without expiry.
    func createToken(user: String, scope: String) throws -> String {
        try createToken(user: user, scope: scope, expires: nil)
    }

    /// The uuid of the first entry of `list` that has some `related` entities (books, bands), or the first entry.
    func firstUUID(_ list: String, where related: String? = nil) throws -> String {
        let items = try #require(
            try cli.run("list", list, "--limit", "1000", "--json").json()["items"] as? [[String: Any]])
        for item in items {
            let uuid = try #require(item["uuid"] as? String)
            guard let related else { return uuid }
            let kind = String(list.dropLast())
            let shown = try cli.run("show", kind, uuid, "--json").json()
            if let entries = shown[related] as? [Any], !entries.isEmpty { return uuid }
        }
        throw ServedCatalog.NoSuchEntry(description: "the sample catalog has no \(list) with \(related ?? "entries")")
    }
}
