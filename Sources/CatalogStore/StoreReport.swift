import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
package import SQLiteDB
package import SchemaMigration

/// What a database holds and which schema it has: `catalog info`'s report, whichever database it is.
package struct StoreReport: Encodable, Sendable {
    package let database: String
    /// One of the two, by the kind of database.
    package let sqliteVersion: String?
    package let postgresqlVersion: String?
    package let schemaVersion: Int
    package let latestSchemaVersion: Int
    package let migrations: [AppliedMigration]
    package let pendingMigrations: [String]
    package let tables: [String: Int]
    package let usersFile: UsersFile?

    /// A SQLite catalog's users' file.
    package struct UsersFile: Encodable, Sendable {
        package let path: String
        package let schemaVersion: Int
        package let tables: [String: Int]
    }
}

extension StoreLocation {
    /// The report on the database here, read as it is (a SQLite catalog must exist and is never migrated; its users'
    /// file is reported when it exists).
    ///
    /// - Parameter configuration: on SQLite, how to open the file at a path.
    /// - Throws: `CatalogFileError` for a SQLite file this program cannot use; `PostgreSQLError`.
    package func report(configuration: (String) throws -> Database.Configuration) throws -> StoreReport {
        switch self {
        case .sqlite(let path):
            let db = try DatabaseSchema.openCatalog(
                path: path, configuration: try configuration(path), mode: .existingAsIs)
            return try Self.report(db, usersFile: try Self.usersFile(of: path))
        case .postgreSQL(let uri, _):
            return try Self.report(try PostgreSQLConnection(uri: uri))
        }
    }

    /// Makes the database here a catalog, as a person asks for explicitly (`catalog init`): a SQLite file created
    /// (or an empty one taken), a database brought to this program's schema.
    ///
    /// - Returns: the migrations applied now (empty when it was up to date) and the schema version it has.
    package func initialize(configuration: (String) throws -> Database.Configuration) throws -> (
        applied: [Migration], version: Int
    ) {
        switch self {
        case .sqlite(let path):
            let applied = try DatabaseSchema.initializeCatalog(path: path, configuration: try configuration(path))
            return (applied, DatabaseSchema.catalogMigrator.latestVersion)
        case .postgreSQL(let uri, _):
            let applied = try PostgreSQLCatalogSchema.migrator.migrate(try PostgreSQLConnection(uri: uri))
            return (applied, PostgreSQLCatalogSchema.migrator.latestVersion)
        }
    }

    fileprivate static func report(_ db: Database, usersFile: StoreReport.UsersFile?) throws -> StoreReport {
        let migrator = try DatabaseSchema.catalogFileMigrator(for: db)
        let pending = try migrator.pendingMigrations(in: db)
        let applied = try migrator.appliedMigrations(in: db)
        return StoreReport(
            database: db.path, sqliteVersion: Database.sqliteVersion, postgresqlVersion: nil,
            schemaVersion: applied.last?.version ?? 0, latestSchemaVersion: migrator.latestVersion,
            migrations: applied, pendingMigrations: pending.map(\.fileName),
            tables: try rowCounts(db), usersFile: usersFile)
    }

    /// The report of a PostgreSQL database, which holds the catalog and its users alike; read as it is.
    fileprivate static func report(_ connection: PostgreSQLConnection) throws -> StoreReport {
        let migrator = PostgreSQLCatalogSchema.migrator
        let applied = try migrator.appliedMigrations(in: connection)
        let tables = try connection.fetchAll(
            String.self, "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1")
        let counts = try tables.map { table in
            (table, try connection.fetchOne(Int.self, "SELECT count(*) FROM \(quoted(table))") ?? 0)
        }
        return StoreReport(
            database: connection.target, sqliteVersion: nil,
            postgresqlVersion: try connection.fetchOne(String.self, "SHOW server_version"),
            schemaVersion: applied.last?.version ?? 0, latestSchemaVersion: migrator.latestVersion,
            migrations: applied,
            pendingMigrations: try migrator.pendingMigrations(in: connection).map(\.fileName),
            tables: Dictionary(uniqueKeysWithValues: counts), usersFile: nil)
    }

    /// `name` as a PostgreSQL identifier.
    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The users' file beside the catalog at `path`, read as it is, when there is one.
    fileprivate static func usersFile(of path: String) throws -> StoreReport.UsersFile? {
        let usersPath = DatabaseSchema.userStatePath(forCatalog: path)
        guard FileManager.default.fileExists(atPath: usersPath) else { return nil }
        var configuration = Database.Configuration()
        configuration.readOnly = true
        let db = try Database(path: usersPath, configuration: configuration)
        let version = try DatabaseSchema.userStateMigrator.appliedMigrations(in: db).last?.version ?? 0
        return StoreReport.UsersFile(path: usersPath, schemaVersion: version, tables: try rowCounts(db))
    }

    private static func rowCounts(_ db: Database) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try db.tableNames().map { ($0, try db.rowCount(ofTable: $0)) })
    }
}
