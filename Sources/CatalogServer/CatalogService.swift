import AccessTokens
import Catalog
package import CatalogStore
import CatalogViews
import Foundation
package import HTTPServer
package import SQLiteDB

/// The catalog's HTTP API, version 1: health, browsing lists, entities and search (``CatalogEndpoints``), read
/// concurrently, each request in one snapshot, and each user's navigation state (``SceneEndpoints``), all from a
/// `CatalogStore`: SQLite files (`SQLiteCatalogStore`) or a PostgreSQL database. Bodies are the JSON the `catalog`
/// command prints with `--json`, made by the same
/// ``CatalogAPI`` functions; a token of scope `edit` changes the catalog through the store's editor
/// (``EditEndpoints``). Offline clients get the change feed (a long-poll), lookups and snapshots
/// (``SyncEndpoints``). Every endpoint but `/v1/health` needs a bearer token (or the web page's session cookie,
/// ``WebSessionEndpoints``), and each token's rate of requests is limited (``RateLimiter``): each endpoint is a route
/// of a ``RouteGroup`` whose stages a request passes in order (authentication, CSRF, scope, rate limit) before its
/// handler runs. `/` and `/app/…` serve the web page (``WebAssets``).
package struct CatalogService: Sendable {
    private let storage: any CatalogStore
    private let commits: CommitWatchers
    private let sync: SyncEndpoints
    private let router: Router

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
        let routes = Routes()
        let limiter = rateLimit.map { RateLimiter(rate: $0) }
        let signedIn = routes.root
            .staged(
                .authentication { request throws(APIProblem) in
                    try Authentication.credentials(of: request, in: storage)
                }
            )
            .staged(.csrf(origins))
        let scoped = { (scope: AccessScope) in signedIn.staged(.scope(scope)).staged(.rateLimit(limiter)) }
        let quota = LongPollQuota(limits: longPolls)
        sync = SyncEndpoints(
            storage: storage, watcher: commits.catalog, snapshots: try SnapshotStore(), longPolls: quota)
        sync.register(reading: scoped(.read))
        CatalogEndpoints(storage: storage, version: version).register(open: routes.root, reading: scoped(.read))
        EditEndpoints(storage: storage).register(reading: scoped(.read), editing: scoped(.edit))
        UploadEndpoints(storage: storage).register(reading: scoped(.read), editing: scoped(.edit))
        SceneEndpoints(storage: storage, watcher: commits.navigation, longPolls: quota).register(
            reading: scoped(.read), navigating: scoped(.nav))
        NavigationEndpoint.register(reading: scoped(.read))
        WebSessionEndpoints(storage: storage, secure: secure, origins: origins).register(
            open: routes.root, signedIn: scoped(.read))
        WebAssets.register(in: routes.root)
        router = Router(routes)
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
}
