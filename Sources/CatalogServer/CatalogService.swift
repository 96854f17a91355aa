import Catalog
import CatalogAPI
package import CatalogStore
package import Foundation
package import HTTPServer
package import SQLiteDB

/// The catalog's HTTP API, version 1: health, browsing lists, entities and search, read concurrently, each request
/// in one snapshot, and each user's navigation state (``SceneEndpoints``), all from a `CatalogStore`: SQLite files
/// (`SQLiteCatalogStore`) or a PostgreSQL database. Bodies are the JSON the `catalog` command prints with `--json`, made by the same
/// ``CatalogAPI`` functions. Offline clients get the change feed (a long-poll), lookups and snapshots
/// (``SyncEndpoints``). Every endpoint but `/v1/health` needs a bearer token (or the web page's session cookie,
/// ``WebSessionEndpoints``), and each token's rate of requests is limited (``RateLimiter``). `/` and `/app/…` serve
/// the web page (``WebAssets``).
package struct CatalogService: Sendable {
    private let storage: any CatalogStore
    private let commits: CommitWatchers
    private let version: String
    private let sync: SyncEndpoints
    private let totals = ListTotals()
    private var router: Router

    /// The API over `storage`; `version` is the program's, reported by `/v1/health`; `rateLimit` bounds each
    /// token's requests (`nil`: no bound); `longPolls` bounds the long-polls waiting at once; `secure` says the server
    /// speaks HTTPS, so the web page's session cookie is marked `Secure`; a cookie request that changes something
    /// must come from a page of `origins`.
    ///
    /// - Throws: an error of the database when its commits cannot be watched; a file error when the snapshot directory
    ///   cannot be made.
    package init(
        storage: any CatalogStore, version: String, rateLimit: RateLimiter.Rate? = .standard,
        longPolls: LongPollQuota.Limits = .standard(connections: 4096), secure: Bool = false,
        origins: WebOrigins = WebOrigins()
    ) throws {
        self.storage = storage
        let commits = try storage.watchCommits()
        self.commits = commits
        self.version = version
        router = Router(
            authenticate: { request throws(APIProblem) in
                try Authentication.caller(of: request, in: storage, origins: origins)
            },
            limiter: rateLimit.map { RateLimiter(rate: $0) })
        let quota = LongPollQuota(limits: longPolls)
        sync = SyncEndpoints(
            storage: storage, watcher: commits.catalog, snapshots: try SnapshotStore(), longPolls: quota)
        sync.register(in: &router)
        router.add("GET", "/v1/health", scope: nil) { [self] request, _ in try health(request) }
        router.add("GET", "/v1/search") { [self] request, _ in try search(request) }
        for kind in EntityKind.allCases {
            router.add("GET", "/v1/\(kind.rawValue)s") { [self] request, _ in try list(kind, request) }
            router.add("GET", "/v1/\(kind.rawValue)s/{uuid}") { [self] request, parameters in
                try show(kind, request, uuid: parameters["uuid"] ?? "")
            }
        }
        SceneEndpoints(storage: storage, watcher: commits.navigation, longPolls: quota).register(in: &router)
        NavigationEndpoint.register(in: &router)
        WebSessionEndpoints(storage: storage, secure: secure, origins: origins).register(in: &router)
        WebAssets.register(in: &router)
    }

    /// The API over the catalog's `pool` and the `userState` pool of its users' file (users, tokens, navigation
    /// state: `DatabaseSchema.openUserStatePool(catalogPath:configuration:)`), as ``init(storage:version:rateLimit:longPolls:secure:origins:)``.
    ///
    /// - Throws: `DatabaseError` when the users' file or a commit watcher cannot open its file; a file error when the snapshot
    ///   directory cannot be made.
    package init(
        pool: DatabasePool, userState: DatabasePool, version: String, rateLimit: RateLimiter.Rate? = .standard,
        longPolls: LongPollQuota.Limits = .standard(connections: 4096), secure: Bool = false
    ) throws {
        try self.init(
            storage: try SQLiteCatalogStore(catalog: pool, userState: userState), version: version,
            rateLimit: rateLimit, longPolls: longPolls, secure: secure)
    }

    /// The answer to `request`, now or (a long-poll) later.
    package func respond(to request: HTTPRequest) -> HTTPReply {
        router.respond(to: request)
    }

    /// How many requests the service answers usefully at once: the server's threads (`CommitSource/concurrency`).
    package var concurrency: Int { storage.concurrency }

    /// Answers parked long-polls at once, and any asked from now on without waiting; removes the snapshot
    /// files. The server's `stopping` hook.
    package func stop() {
        sync.stop()
        commits.stop()
    }

    private func health(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try Parameters(request, allowed: [])
        let status = try storage.feedStatus()
        let body: JSONValue = [
            "status": "ok", "database": .string(status.database), "schemaVersion": .int(status.schemaVersion),
            "lastSeq": .int(Int(status.lastSequence)), "prunedBefore": .int(Int(status.prunedBefore)),
            "version": .string(version),
        ]
        return json(JSONText.encode(body))
    }

    private func list(_ kind: EntityKind, _ request: HTTPRequest) throws -> HTTPResponse {
        let parameters = try Parameters(request, allowed: ListFilter.names + ["limit", "after"])
        let given = ListFilter.names.filter { parameters.value($0) != nil }
        guard given.count <= 1 else {
            throw APIProblem(
                status: 400, code: "bad-filter",
                detail:
                    "give at most one of \(ListFilter.names.joined(separator: ", ")); got \(given.joined(separator: ", "))"
            )
        }
        var filter: ListFilter?
        if let name = given.first {
            filter = ListFilter(name: name, uuid: try parameters.uuid(name))
        }
        let limit = try parameters.integer("limit", in: 1...Page<Book>.maximumLimit) ?? CatalogAPI.defaultListLimit
        let after = parameters.value("after").map(PageCursor.init)
        return try json(
            storage.readCatalog { catalog in
                try CatalogAPI.list(kind, filter: filter, after: after, limit: limit, in: catalog, totals: totals)
            })
    }

    private func show(_ kind: EntityKind, _ request: HTTPRequest, uuid text: String) throws -> HTTPResponse {
        _ = try Parameters(request, allowed: [])
        guard let uuid = UUID(uuidString: text) else {
            throw APIProblem(
                status: 404, code: "not-found", detail: "'\(text)' is not a uuid, so no \(kind.rawValue) has it")
        }
        return try json(storage.readCatalog { catalog in try CatalogAPI.show(kind, uuid: uuid, in: catalog) })
    }

    private func search(_ request: HTTPRequest) throws -> HTTPResponse {
        let parameters = try Parameters(request, allowed: ["q", "limit"])
        guard let text = parameters.value("q") else {
            throw APIProblem(status: 400, code: "bad-parameter", detail: "give the text to look for as q")
        }
        let limit =
            try parameters.integer("limit", in: 1...Page<EntitySummary>.maximumLimit) ?? CatalogAPI.defaultSearchLimit
        return try json(storage.readCatalog { catalog in try CatalogAPI.search(text, limit: limit, in: catalog) })
    }

    private func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json", text: text)
    }
}

/// A request's query items, checked against the names an endpoint takes.
package struct Parameters {
    let request: HTTPRequest

    /// The query of `request`, which may only hold the names in `allowed`.
    ///
    /// - Throws: ``APIProblem`` `bad-parameter` naming the first item `allowed` does not hold.
    package init(_ request: HTTPRequest, allowed: [String]) throws {
        if let unknown = request.queryItems.first(where: { !allowed.contains($0.name) }) {
            let takes = allowed.isEmpty ? "takes no parameters" : "takes \(allowed.joined(separator: ", "))"
            throw APIProblem(
                status: 400, code: "bad-parameter",
                detail: "unknown parameter '\(unknown.name)': \(request.path) \(takes)")
        }
        self.request = request
    }

    /// The value of the last item called `name` (empty for a name without `=`), `nil` when absent.
    package func value(_ name: String) -> String? { request.query(name) }

    /// The item `name` as a whole number in `range`, `nil` when absent.
    ///
    /// - Throws: ``APIProblem`` `bad-parameter` for anything else.
    package func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw APIProblem(
                status: 400, code: "bad-parameter",
                detail: "\(name) takes a whole number, \(range.lowerBound)–\(range.upperBound); got '\(text)'")
        }
        return number
    }

    /// The item `name` as a uuid.
    ///
    /// - Throws: ``APIProblem`` `bad-parameter` when it is absent or not a uuid.
    package func uuid(_ name: String) throws -> UUID {
        let text = value(name) ?? ""
        guard let uuid = UUID(uuidString: text) else {
            throw APIProblem(
                status: 400, code: "bad-parameter",
                detail: "\(name) takes a uuid such as 0f8fad5b-d9cb-469f-a165-70867728950e; got '\(text)'")
        }
        return uuid
    }
}
