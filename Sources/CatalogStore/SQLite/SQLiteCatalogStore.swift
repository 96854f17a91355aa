package import AccessTokens
package import Catalog
package import CatalogAPI
package import CatalogSync
package import LibraryNavigation
package import Navigation
package import SQLiteDB
import Schema

/// A catalog store in SQLite: the catalog file read through a pool, and the users' file beside it (users, tokens,
/// navigation state, web sessions) written through a second pool's one writer, with the catalog attached read-only,
/// so an import writing the catalog never delays a navigation save. Each file is watched for commits from any
/// process (`PRAGMA data_version`).
package struct SQLiteCatalogStore: CatalogStore {
    private let catalog: DatabasePool
    private let userState: DatabasePool
    private let navigation: PooledNavigation
    /// The machine's cores bound what SQLite answers at once: four threads, as before the seam.
    package let concurrency = 4

    /// The store over the catalog's `pool` and the `userState` pool of its users' file
    /// (`DatabaseSchema.openUserStatePool(catalogPath:configuration:)`).
    ///
    /// - Throws: `NavigationStoreError.schemaMissing(path:)` when the users' file lacks the navigation tables,
    ///   `DatabaseError` when it cannot be read.
    package init(catalog: DatabasePool, userState: DatabasePool) throws {
        self.catalog = catalog
        self.userState = userState
        navigation = try PooledNavigation(userState)
    }

    package func watchCommits() throws -> CommitWatchers {
        CommitWatchers(
            catalog: try CommitWatcher(path: catalog.path), navigation: try CommitWatcher(path: userState.path))
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
        try body(navigation.store, navigation.validator)
    }
}

/// The navigation store of the users' pool and its validator, made once and shared by every request.
///
/// Sendable because nothing in it changes after it is made and what it reads and writes through is a pool (which is
/// Sendable): the store's own fields are constants, and with SQLite's automatic checkpoints it starts no checkpointer.
private final class PooledNavigation: @unchecked Sendable {
    let store: NavigationStore<LibraryRoute>
    let validator: CatalogRouteValidator

    init(_ pool: DatabasePool) throws {
        validator = CatalogRouteValidator(pool)
        var configuration = NavigationStore<LibraryRoute>.Configuration()
        // SQLite checkpoints as it commits (every 1,000 pages of log), so a store that lives as long as a server
        // needs no thread of its own for them.
        configuration.checkpoints = .sqliteAutomatic
        store = try NavigationStore(database: pool, validator: validator, configuration: configuration)
    }
}
