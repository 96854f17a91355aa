import CommandLineKit
import PostgreSQL
import PostgreSQLDB
import SQLiteDB
import Schema

/// `catalog init`: create the database or bring its schema up to date.
enum InitCommand {
    static let command = Command(
        name: "init",
        abstract: "Create the database, or migrate it to this version's schema.",
        discussion: "Safe to run again: an up-to-date database is left as it is. With --database, the tables go into "
            + "that PostgreSQL database (its own migrations, applied under a lock so several servers may start at once).",
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        if let connection = try GlobalOptions.connectPostgreSQL(invocation) {
            let applied = try PostgreSQLSchema.migrator.migrate(connection)
            report(applied, in: connection.target, version: PostgreSQLSchema.migrator.latestVersion)
            return
        }
        let path = GlobalOptions.databasePath(invocation)
        let applied = try DatabaseSchema.initializeCatalog(
            path: path, configuration: GlobalOptions.configuration(invocation, path: path))
        report(applied, in: path, version: DatabaseSchema.catalogMigrator.latestVersion)
    }

    private static func report(_ applied: [Migration], in path: String, version: Int) {
        if applied.isEmpty {
            Output.write("\(path) is up to date (schema version \(version))\n")
        } else {
            let names = applied.map(\.fileName).joined(separator: ", ")
            Output.write("\(path): applied \(names); schema version \(version)\n")
        }
    }
}
