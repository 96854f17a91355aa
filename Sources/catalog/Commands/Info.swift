import CommandLineKit
import Foundation
import SQLiteDB
import Schema

/// `catalog info`: what a database holds and which schema it has.
enum InfoCommand {
    static let command = Command(
        name: "info",
        abstract: "Show the SQLite version, the schema version, the applied migrations and row counts.",
        options: [.flag("json", help: "Print the report as JSON.")],
        run: run
    )

    struct Report: Encodable {
        struct AppliedMigration: Encodable {
            let version: Int
            let name: String
            let checksum: String
            let appliedAt: Date
        }
        let database: String
        let sqliteVersion: String
        let schemaVersion: Int
        let latestSchemaVersion: Int
        let migrations: [AppliedMigration]
        let pendingMigrations: [String]
        let tables: [String: Int]
    }

    static func run(_ invocation: Invocation) throws {
        let db = try GlobalOptions.openDatabase(invocation, mode: .existingAsIs)
        let report = try makeReport(db)
        if invocation.flag("json") {
            try Output.writeJSON(report)
        } else {
            Output.write(text(report))
        }
    }

    static func makeReport(_ db: Database) throws -> Report {
        let migrator = DatabaseSchema.migrator
        let pending = try migrator.pendingMigrations(in: db)
        let applied = try migrator.appliedMigrations(in: db)
        let tables = try db.tableNames().map { ($0, try db.rowCount(ofTable: $0)) }
        return Report(
            database: db.path,
            sqliteVersion: Database.sqliteVersion,
            schemaVersion: applied.last?.version ?? 0,
            latestSchemaVersion: migrator.latestVersion,
            migrations: applied.map {
                .init(version: $0.version, name: $0.name, checksum: $0.checksum, appliedAt: $0.appliedAt)
            },
            pendingMigrations: pending.map(\.fileName),
            tables: Dictionary(uniqueKeysWithValues: tables))
    }

    static func text(_ report: Report) -> String {
        var text = Output.table([
            ("database", report.database),
            ("sqlite", report.sqliteVersion),
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
        text += Output.table(report.tables.sorted { $0.key < $1.key }.map { ($0.key, "\($0.value)") }, indent: 2)
        return text
    }
}
