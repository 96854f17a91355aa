import CatalogStore
import CommandLineKit
import Foundation
import SchemaMigration

/// `catalog info`: what a database holds and which schema it has.
enum InfoCommand {
    static let command = Command(
        name: "info",
        abstract: "Show the database's version, the schema version, the applied migrations and row counts.",
        discussion:
            "Users, their access tokens and navigation state live beside the catalog in its users' file (for "
            + "catalog.sqlite, catalog.users.sqlite); its schema version and row counts are shown too when it exists. "
            + "With --database, a PostgreSQL database holds them all.",
        options: [json],
        run: run
    )

    static let json = Flag("json", help: "Print the report as JSON.")

    static func run(_ invocation: Invocation) throws {
        let report = try GlobalOptions.location(invocation).report {
            try GlobalOptions.configuration(invocation, path: $0)
        }
        if invocation[json] {
            try Output.writeJSON(report)
        } else {
            Output.write(text(report))
        }
    }

    static func text(_ report: StoreReport) -> String {
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
