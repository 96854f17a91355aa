import AccessTokens
import Catalog
import Navigation
public import SQLiteDB

/// The catalog's schema: the catalog's migrations (`Migrations/Catalog/`), the navigation ones
/// (`Migrations/Navigation/`) and the HTTP API's access tokens (`Migrations/AccessTokens/`), each embedded into its
/// module at build time, composed into one sequence of versions.
public enum DatabaseSchema {
    /// Every migration this build ships, by version.
    public static var migrations: [Migration] { migrator.migrations }

    /// A migrator over ``migrations``.
    public static let migrator = Migrator(
        CatalogSchema.migrations + NavigationSchema.migrations + AccessTokensSchema.migrations)

    /// The tables whose rows belong to users (tokens, navigation state, the users themselves), children first: a
    /// client copy leaves them empty (`ChangeFeed.snapshot(to:emptying:)`), so a snapshot never hands
    /// one user another's state or token hashes.
    public static let userTables = AccessTokensSchema.userTables + NavigationSchema.userTables

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
