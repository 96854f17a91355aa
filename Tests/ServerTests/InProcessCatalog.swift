import AccessTokens
import Accounts
import CatalogServer
import CatalogStore
import Foundation
import HTTPServer
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The service `catalog serve` runs, answering requests in this process over the sample catalog of ``cli``: no
/// socket and no server process, so an endpoint test pays for its own requests only. Each request is answered on a
/// thread of its own, as the server's threads would, so a test can hold a lock while one waits for it. What only the
/// wire shows (framing, limits, TLS, signals, the access log) is tested through ``ServedCatalog``.
final class InProcessCatalog: CatalogEndpoint {
    let cli: CatalogCLI
    let service: CatalogService
    var token: String?

    /// The origin the web page is taken to be served from: the one a cookie request that changes something names.
    static let origin = "http://127.0.0.1:8080"

    /// The service over a new copy of the sample catalog, with an admin token of ``ServedCatalog/user``.
    ///
    /// - Parameters:
    ///   - wait: how long a request waits for another program's lock (`catalog serve --wait`); `nil`: as long as
    ///     it takes.
    ///   - rateLimit: each token's rate (`--rate-limit`).
    ///   - storage: the storage the service answers from, given the SQLite one over the test's files (a test
    ///     wraps it to step into its calls).
    convenience init(
        wait: Duration? = nil, rateLimit: RateLimiter.Rate? = .standard,
        storage: (SQLiteCatalogStore, _ userState: DatabasePool) throws -> any CatalogStore = { storage, _ in storage
        }
    ) throws {
        let cli = try CatalogCLI("in-process")
        try #require(try cli.importSamples().status == 0)
        try self.init(cli: cli, wait: wait, rateLimit: rateLimit, storage: storage)
    }

    /// The service over the catalog of `cli` as it is, with an admin token of ``ServedCatalog/user``.
    init(
        cli: CatalogCLI, wait: Duration? = nil, rateLimit: RateLimiter.Rate? = .standard,
        storage: (SQLiteCatalogStore, _ userState: DatabasePool) throws -> any CatalogStore = { storage, _ in storage
        }
    ) throws {
        var configuration = Database.Configuration()
        configuration.busyTimeout = wait
        let catalog = try DatabasePool(path: cli.database, configuration: configuration)
        let userState = try DatabaseSchema.openUserStatePool(catalogPath: cli.database, configuration: configuration)
        let sqlite = try SQLiteCatalogStore(catalog: catalog, userState: userState)
        self.cli = cli
        service = try CatalogService(
            storage: try storage(sqlite, userState), version: "test", rateLimit: rateLimit,
            origins: WebOrigins([Self.origin]))
        let user = try UserDirectory(userState).user(named: ServedCatalog.user)
        token = try AccessTokenStore(userState).create(for: user, scope: .admin, expiresAt: nil).token
    }

    /// `--db PATH`: the catalog of ``cli``.
    var database: [String] { ["--db", cli.database] }

    /// Answers parked long-polls and stops the commit watchers, as the server's stop does.
    deinit { stop() }

    /// Stops the service: its parked long-polls are answered at once.
    func stop() {
        service.stop()
    }

    /// A new token for `user` (added when absent) of `scope`, made by `catalog tokens create`.
    func createToken(user: String, scope: String, expires: String? = nil) throws -> String {
        try ServedCatalog.createToken(cli, user: user, scope: scope, expires: expires)
    }

    /// Answers a request on a thread of its own; the answer is given once the service completes it (a long-poll's
    /// when it is woken).
    func start(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
    ) throws -> HTTPTestClient.Pending {
        let request = Self.request(
            method, path, headers: defaultHeaders.merging(headers) { _, given in given }, body: body ?? Data())
        let pending = HTTPTestClient.Pending()
        let service = service
        DispatchQueue.global().async {
            switch service.respond(to: request) {
            case .response(let response):
                pending.finish(Result { try Self.answer(response) })
            case .deferred(let deferred):
                deferred.whenCompleted {
                    pending.finish(
                        Result {
                            guard let response = deferred.completed else { throw URLError(.unknown) }
                            return try Self.answer(response)
                        })
                }
            }
        }
        return pending
    }

    /// The request a client sends for `target` (`/path?query`), its path and query items decoded as the server
    /// decodes them: split at `&`, then at the first `=`, each part percent-decoded.
    static func request(_ method: String, _ target: String, headers: [String: String], body: Data) -> HTTPRequest {
        let (path, query) =
            target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) }
            ?? (target, "")
        let pairs = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
        let items = pairs.map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return URLQueryItem(
                name: parts[0].removingPercentEncoding ?? parts[0],
                value: parts.count > 1 ? parts[1].removingPercentEncoding ?? parts[1] : nil)
        }
        var fields = HTTPFields()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields[HTTPFieldName(name)] = value }
        return HTTPRequest(
            method: HTTPMethod(rawValue: method), path: path.removingPercentEncoding ?? path, queryItems: items,
            headers: fields, body: body, remoteAddress: "127.0.0.1")
    }

    /// `response` as a client reads it: names lowercased (a repeated field's values joined by commas), the body
    /// read from its file when it has one.
    static func answer(_ response: HTTPResponse) throws -> HTTPTestClient.Answer {
        var headers: [String: String] = [:]
        for field in response.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        var body = response.body
        if let file = response.file {
            try file.file.seek(toOffset: file.offset)
            body = try file.file.read(upToCount: Int(file.length)) ?? Data()
        }
        return HTTPTestClient.Answer(status: response.status.code, headers: headers, body: body)
    }
}
