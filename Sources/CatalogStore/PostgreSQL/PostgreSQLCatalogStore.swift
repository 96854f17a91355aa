package import AccessTokens
package import Accounts
package import Catalog
import CatalogImport
package import CatalogSync
package import Foundation
package import LibraryNavigation
package import Navigation
import PostgreSQLCatalog
import PostgreSQLDB

/// A catalog store on PostgreSQL: the catalog, its change feed, the users' tokens and navigation state in one
/// database (`Migrations/PostgreSQLCatalog/`), read and written through a pool of connections, so any number of
/// `catalog serve` processes can stand in front of it. Catalog reads (lists, entities, search, snapshots) may go to a
/// streaming replica; navigation, tokens and the change feed stay on the primary, so a client reads its own writes
/// and a long-poll woken by a commit finds it. Long-polls wake on `NOTIFY` from the primary, sent at the commit of
/// any process's change (migration 0003).
package struct PostgreSQLCatalogStore: CatalogStore {
    private let uri: String
    private let primary: PostgreSQLConnectionPool
    private let replica: PostgreSQLConnectionPool
    /// A thread per pooled connection of the primary: a request mostly waits on its round trips.
    package var concurrency: Int { primary.maximumConnections }

    /// The storage on the database `uri` names, migrated already; catalog reads go to `readURI` when given.
    ///
    /// - Parameters:
    ///   - uri: the primary, a libpq connection URI.
    ///   - readURI: a streaming replica of it, or `nil` to read the primary.
    ///   - connections: the most connections each pool opens.
    /// - Throws: `PostgreSQLError` when a database cannot be reached.
    package init(uri: String, readURI: String? = nil, connections: Int = 16) throws {
        self.uri = uri
        primary = try PostgreSQLConnectionPool(uri: uri, maximumConnections: connections)
        replica = try readURI.map { try PostgreSQLConnectionPool(uri: $0, maximumConnections: connections) } ?? primary
    }

    /// Brings the database to this program's schema (a no-op when it is up to date).
    ///
    /// - Throws: `PostgreSQLError` when a migration fails.
    package func migrate() throws {
        try primary.withConnection { connection in _ = try PostgreSQLCatalogSchema.migrator.migrate(connection) }
    }

    /// One watcher for both: one channel carries the commits of the catalog and of navigation state.
    package func browsing<T>(_ body: (NavigationStore<LibraryRoute>, any BrowsableCatalog) throws -> T) throws -> T {
        try primary.withConnection { connection in
            try body(NavigationStore(postgreSQLCatalog: connection), PostgreSQLCatalogReader(connection))
        }
    }

    package func watchCommits() throws -> CommitWatchers {
        let watcher = CommitWatcher(signal: try PostgreSQLCommitSignal(uri: uri))
        return CommitWatchers(catalog: watcher, navigation: watcher)
    }

    package func readCatalog<T>(_ body: (any CatalogReader) throws -> T) throws -> T {
        try replica.withConnection { connection in
            let catalog = PostgreSQLCatalogReader(connection)
            return try catalog.reading { try body(catalog) }
        }
    }

    package func readLookup<T>(_ body: (any CatalogLookup) throws -> T) throws -> T {
        try primary.withConnection { connection in
            try connection.transaction(isolation: .repeatableRead, readOnly: true) {
                try body(PostgreSQLCatalogLookup(connection))
            }
        }
    }

    package func databaseUUID() throws -> String {
        try primary.withConnection { connection in try PostgreSQLChangeFeed(connection).databaseUUID() }
    }

    package func feedStatus() throws -> FeedStatus {
        try primary.withConnection { connection in
            let feed = PostgreSQLChangeFeed(connection)
            return try feed.reading { _ in
                FeedStatus(
                    database: try feed.databaseUUID(),
                    schemaVersion: try PostgreSQLCatalogSchema.migrator.appliedMigrations(in: connection).last?.version
                        ?? 0,
                    lastSequence: try PostgreSQLChangeFeed.latestSeq(on: connection),
                    prunedBefore: try feed.prunedBefore())
            }
        }
    }

    package func writeChanges(since: Int64, limit: Int?, until: Int64?, to write: (String) throws -> Void) throws
        -> ChangeBatch.Trailer
    {
        try primary.withConnection { connection in
            try PostgreSQLChangeFeed(connection).writeJSONLines(since: since, limit: limit, until: until, to: write)
        }
    }

    package func prune(before sequence: Int64) throws -> Int {
        try primary.withConnection { connection in try PostgreSQLChangeFeed(connection).prune(before: sequence) }
    }

    package func importing<T>(_ body: (any CatalogFileImporter) throws -> T) throws -> T {
        try primary.withConnection { connection in try body(PostgreSQLImporter(connection)) }
    }

    /// Each edit takes its own transaction on the pooled connection of the call, as SQLite's store takes one per edit.
    package func editing<T>(as actor: String, _ body: (CatalogEditor) throws -> T) throws -> T {
        try primary.withConnection { connection in try body(CatalogEditor(postgreSQL: connection, actor: actor)) }
    }

    /// On the primary, as edits are: PostgreSQL has no single writer for a read to wait behind, and the history a
    /// client reads after its edit holds that edit.
    package func editHistory(of kind: EntityKind, uuid: UUID) throws -> [EditRecord] {
        try editing(as: "") { try $0.history(kind, uuid: uuid) }
    }

    package func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
        try primary.withConnection { connection in try PostgreSQLChangeFeed(connection).lookup(kind, uuid: uuid) }
    }

    package func writeSnapshot(to path: String) throws -> SnapshotInfo {
        try replica.withConnection { connection in
            try PostgreSQLChangeFeed(connection).snapshot(to: path, server: primary.target)
        }
    }

    package func accounts<T>(_ body: (UserDirectory, AccessTokenStore) throws -> T) throws -> T {
        try primary.withConnection { connection in
            try body(UserDirectory(connection), AccessTokenStore(connection))
        }
    }

    package func navigation<T>(
        _ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T
    ) throws -> T {
        // The store and its validator share the request's one pooled connection: a validator reading through a
        // connection of its own, taken inside a save's transaction, could wait forever for a pool whose every
        // connection holds such a transaction. Making them costs no round trip.
        try primary.withConnection { connection in
            let validator = CatalogLookupValidator(PostgreSQLCatalogLookup(connection))
            return try body(NavigationStore(postgreSQL: connection, validator: validator), validator)
        }
    }
}

extension PostgreSQLImporter: CatalogFileImporter {}
