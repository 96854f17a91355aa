public import SQLiteDB

/// The catalog's schema: the migrations in `Migrations/`, embedded into the binary at build time.
public enum DatabaseSchema {
    /// Every migration this build ships, by version.
    public static var migrations: [Migration] { migrator.migrations }

    /// A migrator over ``migrations``.
    public static let migrator = Migrator(embedded)

    /// Opens the database at `path` and brings it to this build's schema.
    ///
    /// - Throws: `DatabaseError` when the file cannot be opened, `MigrationError` when its schema is
    ///   newer than this build or was changed.
    public static func open(path: String, configuration: Database.Configuration = Database.Configuration())
        throws -> Database
    {
        let db = try Database(path: path, configuration: configuration)
        try migrator.migrate(db)
        return db
    }
}
