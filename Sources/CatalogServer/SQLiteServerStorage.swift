package import AccessTokens
package import Catalog
package import CatalogAPI
package import CatalogSync
package import LibraryNavigation
package import Navigation
package import SQLiteDB
import Schema

/// A server's storage in SQLite: the catalog file read through a pool, and the users' file beside it (users, tokens,
/// navigation state, web sessions) written through a second pool's one writer, with the catalog attached read-only,
/// so an import writing the catalog never delays a navigation save. Each file is watched for commits from any
/// process (`PRAGMA data_version`).
package struct SQLiteServerStorage: ServerStorage {
    private let catalog: DatabasePool
    private let userState: DatabasePool
    package let catalogCommits: CommitWatcher
    package let navigationCommits: CommitWatcher
    /// The machine's cores bound what SQLite answers at once: four threads, as before the seam.
    package let concurrency = 4

    /// The storage over the catalog's `pool` and the `userState` pool of its users' file
    /// (`DatabaseSchema.openUserStatePool(catalogPath:configuration:)`).
    ///
    /// - Throws: `DatabaseError` when a commit watcher cannot open its file.
    package init(catalog: DatabasePool, userState: DatabasePool) throws {
        self.catalog = catalog
        self.userState = userState
        catalogCommits = try CommitWatcher(path: catalog.path)
        navigationCommits = try CommitWatcher(path: userState.path)
    }

    package func readCatalog<T>(_ body: (any CatalogReader) throws -> T) throws -> T {
        try catalog.read { db in try body(LibraryCatalog(db)) }
    }

    package func readLookup<T>(_ body: (any CatalogLookup) throws -> T) throws -> T {
        try userState.read { db in try body(LibraryCatalog(db)) }
    }

    package func databaseUUID() throws -> String {
        try ChangeFeed(catalog).databaseUUID()
    }

    package func feedStatus() throws -> FeedStatus {
        try catalog.read { db in
            let feed = ChangeFeed(db)
            return FeedStatus(
                database: try feed.databaseUUID(),
                schemaVersion: try DatabaseSchema.catalogMigrator.appliedMigrations(in: db).last?.version ?? 0,
                lastSequence: try feed.highWater(), prunedBefore: try feed.prunedBefore())
        }
    }

    package func writeChanges(since: Int64, limit: Int, until: Int64?, to write: (String) throws -> Void) throws
        -> ChangeBatch.Trailer
    {
        try ChangeFeed(catalog).writeJSONLines(since: since, limit: limit, until: until, to: write)
    }

    package func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
        try ChangeFeed(catalog).lookup(kind, uuid: uuid)
    }

    package func writeSnapshot(to path: String) throws -> SnapshotInfo {
        try ChangeFeed(catalog).snapshot(to: path, emptying: DatabaseSchema.userTables)
    }

    package func accessTokens<T>(_ body: (AccessTokenStore) throws -> T) throws -> T {
        try body(AccessTokenStore(userState))
    }

    package func navigation<T>(
        _ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T
    ) throws -> T {
        var configuration = NavigationStore<LibraryRoute>.Configuration()
        // A store per request: leave checkpoints to SQLite rather than start a checkpointing thread per request.
        configuration.checkpoints = .sqliteAutomatic
        let validator = CatalogRouteValidator(userState)
        return try body(
            try NavigationStore(database: userState, validator: validator, configuration: configuration), validator)
    }
}
