import AccessTokens
import Catalog
import Navigation
public import SQLiteDB

/// The catalog's schema: the catalog's migrations (`Migrations/Catalog/`), the navigation ones
/// (`Migrations/Navigation/`) and the HTTP API's access tokens (`Migrations/AccessTokens/`), each embedded into its
/// module at build time, numbered as one sequence of versions.
///
/// A catalog file holds the catalog alone (``catalogMigrator``); its users, their tokens and navigation state live
/// in a user-state file beside it (``userStateMigrator``, ``userStatePath(forCatalog:)``), so that an import
/// holding the catalog's write lock never delays a navigation save: ``openCatalog(path:configuration:mode:)`` and
/// ``openUserState(catalogPath:configuration:)``. A database that holds both, as one connection (an app's single
/// file, a test's in-memory database), uses ``migrator``.
public enum DatabaseSchema {
    /// Every migration this build ships, by version.
    public static var migrations: [Migration] { migrator.migrations }

    /// A migrator over ``migrations``: the catalog and its users' state in one database.
    public static let migrator = Migrator(catalogMigrations + userStateMigrations)

    /// A migrator over the catalog's migrations alone: a catalog file.
    public static let catalogMigrator = Migrator(catalogMigrations)

    /// A migrator over the users' migrations alone (users, navigation state, access tokens, web sessions): a
    /// user-state file.
    public static let userStateMigrator = Migrator(userStateMigrations)

    private static let catalogMigrations = CatalogSchema.migrations
    private static let userStateMigrations = NavigationSchema.migrations + AccessTokensSchema.migrations

    /// The tables whose rows belong to users (tokens, navigation state, the users themselves), children first: a
    /// client copy of a database that holds them leaves them empty (`ChangeFeed.snapshot(to:emptying:)`), so a
    /// snapshot never hands one user another's state or token hashes.
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
