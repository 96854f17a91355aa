import CommandLineKit
import Foundation
import PostgreSQL
import PostgreSQLDB
import SQLiteDB
import Schema

/// `catalog info`: what a database holds and which schema it has.
enum InfoCommand {
    static let command = Command(
        name: "info",
        abstract: "Show the database's version, the schema version, the applied migrations and row counts.",
        discussion:
            "Users, their access tokens and navigation state live beside the catalog in its users' file (for "
            + "catalog.sqlite, catalog.users.sqlite); its schema version and row counts are shown too when it exists. "
            + "With --database, a PostgreSQL database holds them all.",
        options: [.flag("json", help: "Print the report as JSON.")],
        run: run
    )

    struct Report: Encodable {
        let database: String
        /// One of the two, by the kind of database.
        let sqliteVersion: String?
        let postgresqlVersion: String?
        let schemaVersion: Int
        let latestSchemaVersion: Int
        let migrations: [AppliedMigration]
        let pendingMigrations: [String]
        let tables: [String: Int]
        let usersFile: UsersFile?
    }

    struct UsersFile: Encodable {
        let path: String
        let schemaVersion: Int
        let tables: [String: Int]
    }

    static func run(_ invocation: Invocation) throws {
        let report: Report
        if let connection = try GlobalOptions.connectPostgreSQL(invocation) {
            report = try makeReport(connection)
        } else {
            let db = try GlobalOptions.openDatabase(invocation, mode: .existingAsIs)
            report = try makeReport(db, usersFile: try usersFile(of: GlobalOptions.databasePath(invocation)))
        }
        if invocation.flag("json") {
            try Output.writeJSON(report)
        } else {
            Output.write(text(report))
        }
    }

    static func makeReport(_ db: Database, usersFile: UsersFile?) throws -> Report {
        let migrator = try DatabaseSchema.catalogFileMigrator(for: db)
        let pending = try migrator.pendingMigrations(in: db)
        let applied = try migrator.appliedMigrations(in: db)
        return Report(
            database: db.path, sqliteVersion: Database.sqliteVersion, postgresqlVersion: nil,
            schemaVersion: applied.last?.version ?? 0, latestSchemaVersion: migrator.latestVersion,
            migrations: applied, pendingMigrations: pending.map(\.fileName),
            tables: try rowCounts(db), usersFile: usersFile)
    }

    /// The report of a PostgreSQL database, which holds the catalog and its users alike; read as it is.
    static func makeReport(_ connection: PostgreSQLConnection) throws -> Report {
        let migrator = PostgreSQLSchema.migrator
        let applied = try migrator.appliedMigrations(in: connection)
        let tables = try connection.fetchAll(
            String.self, "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1")
        let counts = try tables.map { table in
            (table, try connection.fetchOne(Int.self, "SELECT count(*) FROM \(quoted(table))") ?? 0)
        }
        return Report(
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
    private static func usersFile(of path: String) throws -> UsersFile? {
        let usersPath = DatabaseSchema.userStatePath(forCatalog: path)
        guard FileManager.default.fileExists(atPath: usersPath) else { return nil }
        var configuration = Database.Configuration()
        configuration.readOnly = true
        let db = try Database(path: usersPath, configuration: configuration)
        let version = try DatabaseSchema.userStateMigrator.appliedMigrations(in: db).last?.version ?? 0
        return UsersFile(path: usersPath, schemaVersion: version, tables: try rowCounts(db))
    }

    private static func rowCounts(_ db: Database) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try db.tableNames().map { ($0, try db.rowCount(ofTable: $0)) })
    }

    static func text(_ report: Report) -> String {
        var text = Output.table([
            ("database", report.database),
            report.postgresqlVersion.map { ("postgresql", $0) } ?? ("sqlite", report.sqliteVersion ?? ""),
            ("schema version", "\(report.schemaVersion) (this program: \(report.latestSchemaVersion))"),
        ])
        if !report.pendingMigrations.isEmpty {
            text += "pending migrations: \(report.pendingMigrations.joined(separator: ", ")) (run 'catalog init')\n"
        }
        text += "\nmigrations:\n"
        text +=
            report.migrations.isEmpty
            ? "  none\n"
            : Output.table(report.migrations.map { ("\($0.version) \($0.name)", "applied \($0.appliedAt)") }, indent: 2)
        text += "\ntables (rows):\n"
        text += rowCountLines(report.tables)
        if let users = report.usersFile {
            text +=
                "\nusers' file: \(users.path) (schema version \(users.schemaVersion))\n" + rowCountLines(users.tables)
        }
        return text
    }

    private static func rowCountLines(_ tables: [String: Int]) -> String {
        Output.table(tables.sorted { $0.key < $1.key }.map { ($0.key, "\($0.value)") }, indent: 2)
    }
}
