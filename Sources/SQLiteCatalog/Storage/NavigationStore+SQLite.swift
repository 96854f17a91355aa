import Accounts
public import Navigation
public import SQLiteDB

extension NavigationStore {
    /// A store on the navigation tables of the SQLite database `database`, checking restored routes with
    /// `validator`.
    ///
    /// It takes any `DatabaseWriter`: a connection, or a `DatabasePool`, whose readers then restore scenes while its
    /// writer saves (a server serving many users). A save is one IMMEDIATE transaction on the writer.
    ///
    /// With a `CheckpointPolicy.background(everySaves:)` or
    /// `CheckpointPolicy.manual` policy on a file database, it sets `PRAGMA wal_autocheckpoint = 0`
    /// on the writing connection (https://sqlite.org/pragma.html#pragma_wal_autocheckpoint): other writes on the same
    /// connection then rely on those checkpoints too.
    ///
    /// ```swift
    /// let db = try Database(path: "app.sqlite")
    /// try NavigationSchema.migrator.migrate(db)
    /// let store = try NavigationStore<AppRoute>(database: db)
    /// ```
    ///
    /// - Parameters:
    ///   - database: a migrated database: a connection or a pool.
    ///   - validator: says whether a restored route still exists.
    ///   - configuration: history limit and checkpoint policy.
    /// - Throws: `NavigationStoreError.schemaMissing(path:)` when the navigation tables are missing,
    ///   `DatabaseError` when the database cannot be read.
    public convenience init(
        database: any DatabaseWriter, validator: any RouteValidator<Route> = RouteValidation<Route>.acceptingAll,
        configuration: Configuration = Configuration()
    ) throws {
        let tables = try database.read { db in
            try db.fetchOne(
                Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'nav_scenes'")
        }
        guard tables == 1 else { throw NavigationStoreError.schemaMissing(path: database.path) }
        let connections = SQLiteConnections(database)
        self.init(
            storage: SQLNavigationStorage(
                connections, checkpoints: try WALCheckpoints(database, policy: configuration.checkpoints)),
            users: UserDirectory(connections), validator: validator, configuration: configuration)
    }
}
