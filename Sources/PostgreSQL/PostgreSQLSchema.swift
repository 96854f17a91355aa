public import PostgreSQLDB

/// The catalog's and the navigation's tables on PostgreSQL: the migrations of `Migrations/PostgreSQL/`, embedded at
/// build time, numbered as a sequence of their own (a PostgreSQL database holds only these).
///
/// ```swift
/// let connection = try PostgreSQLConnection(uri: "postgres://catalog@db.example.org/catalog")
/// try PostgreSQLSchema.migrator.migrate(connection)
/// ```
public enum PostgreSQLSchema {
    /// The migrations in order of version.
    public static var migrations: [Migration] { embedded }

    /// A migrator over ``migrations``.
    public static var migrator: PostgreSQLMigrator { PostgreSQLMigrator(embedded) }

    /// The channel on which every transaction that changes the change log or the navigation state notifies at
    /// commit (`0003_commit_notifications.sql`, which spells the same name): `LISTEN` to it to wake on commits.
    package static let commitChannel = "catalog_commits"
}
