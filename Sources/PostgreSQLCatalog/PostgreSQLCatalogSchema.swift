public import PostgreSQLDB

/// The catalog's and the navigation's tables on PostgreSQL: the migrations of `Migrations/PostgreSQLCatalog/`, embedded at
/// build time, numbered as a sequence of their own (a PostgreSQL database holds only these).
///
/// ```swift
/// let connection = try PostgreSQLConnection(uri: "postgres://catalog@db.example.org/catalog")
/// try PostgreSQLCatalogSchema.migrator.migrate(connection)
/// ```
public enum PostgreSQLCatalogSchema {
    /// The migrations in order of version.
    public static var migrations: [Migration] { embedded }

    /// A migrator over ``migrations`` that first checks the database can hold the catalog (see
    /// ``PostgreSQLCatalogSchemaError``).
    public static var migrator: PostgreSQLMigrator { PostgreSQLMigrator(embedded, requirement: requireUnicode) }

    /// Refuses a database that is not UTF8, or whose LC_CTYPE knows no letters beyond ASCII (C, POSIX): the catalog
    /// stores any language's text, and its name keys fold case and accents with `lower()` and `unaccent`.
    /// `0001_catalog.sql` refuses them too, but only once its own text has reached the server, which a database in
    /// another encoding may already fail to take (a character the encoding lacks) with a message about that.
    private static func requireUnicode(_ connection: PostgreSQLConnection) throws {
        let rows = try connection.execute(
            """
            SELECT datname, pg_encoding_to_char(encoding), datctype FROM pg_database
            WHERE datname = current_database()
            """)
        guard let row = rows.first else { return }
        let name: String = try row.value(at: 0)
        let encoding: String = try row.value(at: 1)
        let ctype: String = try row.value(at: 2)
        if encoding != "UTF8" {
            throw PostgreSQLCatalogSchemaError.notUTF8(database: name, encoding: encoding)
        }
        if ["C", "POSIX"].contains(ctype) {
            throw PostgreSQLCatalogSchemaError.asciiOnlyLocale(database: name, ctype: ctype)
        }
    }

    /// The channel on which every transaction that changes the change log or the navigation state notifies at
    /// commit (`0003_commit_notifications.sql`, which spells the same name): `LISTEN` to it to wake on commits.
    package static let commitChannel = "catalog_commits"
}
