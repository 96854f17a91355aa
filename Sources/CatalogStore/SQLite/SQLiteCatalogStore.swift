package import AccessTokens
package import Accounts
package import Catalog
import CatalogImport
package import CatalogSync
package import Foundation
package import LibraryNavigation
package import Navigation
package import SQLiteCatalog
package import SQLiteDB

/// A catalog store in SQLite: the catalog file read through a pool, and the users' file beside it (users, tokens,
/// navigation state, web sessions) written through a second pool's one writer, with the catalog attached read-only,
/// so an import writing the catalog never delays a navigation save. Each file is watched for commits from any
/// process (`PRAGMA data_version`).
package struct SQLiteCatalogStore: CatalogStore {
    private let catalog: DatabasePool
    private let users: UsersFile
    /// The machine's cores bound what SQLite answers at once: four threads, as before the seam.
    package let concurrency = 4
    /// The table descriptions the catalog is read by where they are not `CatalogTables`'s (``describing(_:)``).
    private var describedTables: [EntityTable] = []

    /// The store over the catalog's `pool` and the `userState` pool of its users' file
    /// (`DatabaseSchema.openUserStatePool(catalogPath:configuration:)`).
    ///
    /// - Throws: `NavigationStoreError.schemaMissing(path:)` when the users' file lacks the navigation tables,
    ///   `DatabaseError` when it cannot be read.
    package init(catalog: DatabasePool, userState: DatabasePool) throws {
        self.catalog = catalog
        users = UsersFile(try UsersFile.Opened(userState))
    }

    /// The store of the catalog file at `path`, opened as `mode` says; its users' file is made or brought up to date
    /// when something first needs it (a command that only lists books leaves it alone).
    ///
    /// - Parameters:
    ///   - path: the catalog file.
    ///   - mode: whether the catalog may be created, and whether its schema is brought up to date.
    ///   - configuration: how to open the file at a path (how long to wait for another program's lock).
    /// - Throws: `CatalogFileError` when the file is not a catalog this program can use.
    package init(
        path: String, mode: DatabaseSchema.OpenMode,
        configuration: @escaping @Sendable (String) throws -> Database.Configuration
    ) throws {
        try DatabaseSchema.openCatalog(path: path, configuration: try configuration(path), mode: mode).close()
        var writing = try configuration(path)
        // A store lives as long as a command or a server: no edit, import or save waits for a checkpoint.
        writing.checkpoints = .background(pages: 1000)
        catalog = try DatabasePool(path: path, configuration: writing)
        users = UsersFile(opening: {
            // What a users' connection waits for is the users' file's lock (the catalog's only while it migrates).
            var waiting = try configuration(DatabaseSchema.userStatePath(forCatalog: path))
            waiting.checkpoints = .background(pages: 1000)
            return try UsersFile.Opened(DatabaseSchema.openUserStatePool(catalogPath: path, configuration: waiting))
        })
    }

    package func browsing<T>(_ body: (NavigationStore<LibraryRoute>, any BrowsableCatalog) throws -> T) throws -> T {
        // The users' file as its pool opens it, with the catalog attached: one connection reads both.
        let pool = try users.opened().pool
        let db = try Database(path: pool.path, configuration: pool.configuration)
        defer { try? db.close() }
        return try body(try NavigationStore(catalog: db), libraryCatalog(db))
    }

    /// This store, reading the table `table` describes by that description (`LibraryCatalog.describing(_:)`): one
    /// with a column the file has and `CatalogTables` does not list.
    package func describing(_ table: EntityTable) -> SQLiteCatalogStore {
        var store = self
        store.describedTables.append(table)
        return store
    }

    /// The catalog over `db`, read by the store's descriptions.
    private func libraryCatalog(_ db: Database) -> LibraryCatalog {
        describedTables.reduce(LibraryCatalog(db)) { $0.describing($1) }
    }

    package func watchCommits() throws -> CommitWatchers {
        CommitWatchers(
            catalog: try CommitWatcher(path: catalog.path),
            navigation: try CommitWatcher(path: try users.opened().pool.path))
    }

    package func readCatalog<T>(_ body: (any CatalogReader) throws -> T) throws -> T {
        try catalog.read { db in try body(libraryCatalog(db)) }
    }

    package func readLookup<T>(_ body: (any CatalogLookup) throws -> T) throws -> T {
        try users.opened().pool.read { db in try body(libraryCatalog(db)) }
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

    package func writeChanges(since: Int64, limit: Int?, until: Int64?, to write: (String) throws -> Void) throws
        -> ChangeBatch.Trailer
    {
        try ChangeFeed(catalog).writeJSONLines(since: since, limit: limit, until: until, to: write)
    }

    package func prune(before sequence: Int64) throws -> Int {
        try ChangeFeed(catalog).prune(before: sequence)
    }

    package func importing<T>(_ body: (any CatalogFileImporter) throws -> T) throws -> T {
        // The importer takes its own transactions, a batch of rows each.
        try catalog.writeWithoutTransaction { db in try body(CatalogImporter(db)) }
    }

    package func editing<T>(as actor: String, _ body: (CatalogEditor) throws -> T) throws -> T {
        // Each edit takes its own immediate transaction.
        try catalog.writeWithoutTransaction { db in try body(CatalogEditor(db, actor: actor)) }
    }

    package func editHistory(of kind: EntityKind, uuid: UUID) throws -> [EditRecord] {
        // An editor on a reader only reads (the reader is `query_only`); its actor is never recorded.
        try catalog.read { db in try CatalogEditor(db, actor: "").history(kind, uuid: uuid) }
    }

    package func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
        try ChangeFeed(catalog).lookup(kind, uuid: uuid)
    }

    package func writeSnapshot(to path: String) throws -> SnapshotInfo {
        try ChangeFeed(catalog).snapshot(to: path, emptying: DatabaseSchema.userTables)
    }

    package func accounts<T>(_ body: (UserDirectory, AccessTokenStore) throws -> T) throws -> T {
        let pool = try users.opened().pool
        return try body(UserDirectory(pool), AccessTokenStore(pool))
    }

    package func navigation<T>(
        _ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T
    ) throws -> T {
        let navigation = try users.opened()
        return try body(navigation.store, navigation.validator)
    }
}

/// The users' file of a store, opened once, when first needed, and shared by every call from then on.
///
/// Sendable because `opened` is only read or written while `lock` is held, and what it holds is Sendable in use: a
/// pool, and a navigation store whose own fields are constants (with `.sqliteAutomatic` checkpoints it starts no
/// checkpointer) reading and writing through that pool.
private final class UsersFile: @unchecked Sendable {
    /// The pool of the users' file, with the navigation store and the route validator over it.
    struct Opened {
        let pool: DatabasePool
        let store: NavigationStore<LibraryRoute>
        let validator: CatalogRouteValidator

        init(_ pool: DatabasePool) throws {
            self.pool = pool
            validator = CatalogRouteValidator(pool)
            var configuration = NavigationStore<LibraryRoute>.Configuration()
            // The pool's writer asks for a background checkpoint at every 1,000 pages of log (the store's
            // `DatabasePool`), so the navigation store needs no checkpointer of its own.
            configuration.checkpoints = .sqliteAutomatic
            store = try NavigationStore(database: pool, validator: validator, configuration: configuration)
        }
    }

    private let lock = NSLock()
    private let open: (() throws -> Opened)?
    private var value: Opened?

    /// A users' file already open.
    init(_ opened: Opened) {
        value = opened
        open = nil
    }

    /// A users' file `open` opens when it is first needed.
    init(opening open: @escaping () throws -> Opened) {
        self.open = open
    }

    /// The file, opened now unless it was before; an open that failed is tried again next time.
    func opened() throws -> Opened {
        try lock.withLock {
            if let value { return value }
            guard let open else { preconditionFailure("a users' file has a value or a way to open one") }
            let opened = try open()
            value = opened
            return opened
        }
    }
}
