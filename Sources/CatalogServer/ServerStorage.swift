package import AccessTokens
package import Catalog
package import CatalogAPI
package import CatalogSync
package import LibraryNavigation
package import Navigation

/// Where a server's answers come from: the catalog and its change feed, the users' access tokens and their
/// navigation state, and what wakes a long-poll when any of them commits. The endpoints hold the rules and speak
/// HTTP; a storage holds the rows. ``SQLiteServerStorage`` keeps them in a catalog file and its users' file; a
/// PostgreSQL database holds them all (the `PostgreSQL` target's `PostgreSQLServerStorage`).
///
/// Every call may run on any thread, several at once; each takes what it needs (a pooled connection) for the
/// length of the call and gives it back, so a body must not keep the store or reader it is given.
package protocol ServerStorage: Sendable {
    /// Runs `body` with the catalog, every call it makes seeing one state of it.
    func readCatalog<T>(_ body: (any CatalogReader) throws -> T) throws -> T

    /// Runs `body` with the catalog as route checks and scene titles read it, in one state.
    func readLookup<T>(_ body: (any CatalogLookup) throws -> T) throws -> T

    /// The database's identity as a change source, which a syncing client names in every request.
    func databaseUUID() throws -> String

    /// The change feed's identity and bounds with the catalog's schema version, read in one state.
    func feedStatus() throws -> FeedStatus

    /// Writes the changes after `since` as the JSON lines of `catalog changes`, then the trailer, read in one state.
    ///
    /// - Throws: `SyncError.behindPrunedHorizon` when changes after `since` were pruned.
    func writeChanges(since: Int64, limit: Int, until: Int64?, to write: (String) throws -> Void) throws
        -> ChangeBatch.Trailer

    /// What the feed knows of one entity now.
    func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup

    /// Writes a client snapshot to the new file `path`: the catalog as of one state, without the users' rows.
    func writeSnapshot(to path: String) throws -> SnapshotInfo

    /// Runs `body` with the access tokens and web sessions.
    func accessTokens<T>(_ body: (AccessTokenStore) throws -> T) throws -> T

    /// Runs `body` with the users' navigation state and the validator its routes are checked with.
    func navigation<T>(_ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T) throws
        -> T

    /// How many requests it answers usefully at once, which sets the server's threads: on SQLite a request is CPU
    /// work (a few threads on a few cores); on PostgreSQL it mostly waits for the database server, one pooled
    /// connection each.
    var concurrency: Int { get }

    /// Wakes long-polls of the change feed when a change to the catalog commits, from any process.
    var catalogCommits: CommitWatcher { get }

    /// Wakes long-polls of scenes when navigation state commits, from any process.
    var navigationCommits: CommitWatcher { get }
}

/// The change feed's identity and bounds, as `GET /v1/health` reports them and a snapshot's ETag names them.
package struct FeedStatus: Sendable, Hashable {
    /// The identity of the database as a change source.
    package var database: String
    /// The newest migration of the catalog's schema applied.
    package var schemaVersion: Int
    /// The feed's high-water mark.
    package var lastSequence: Int64
    /// Changes before this sequence were pruned.
    package var prunedBefore: Int64

    package init(database: String, schemaVersion: Int, lastSequence: Int64, prunedBefore: Int64) {
        self.database = database
        self.schemaVersion = schemaVersion
        self.lastSequence = lastSequence
        self.prunedBefore = prunedBefore
    }
}
