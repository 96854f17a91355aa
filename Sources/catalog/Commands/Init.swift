import CommandLineKit
import SQLiteDB
import Schema

/// `catalog init`: create the database or bring its schema up to date.
enum InitCommand {
    static let command = Command(
        name: "init",
        abstract: "Create the database, or migrate it to this version's schema.",
        discussion: "Safe to run again: an up-to-date database is left as it is.",
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let path = GlobalOptions.databasePath(invocation)
        let applied = try DatabaseSchema.initializeCatalog(
            path: path, configuration: GlobalOptions.configuration(invocation, path: path))
        let version = DatabaseSchema.catalogMigrator.latestVersion
        if applied.isEmpty {
            Output.write("\(path) is up to date (schema version \(version))\n")
        } else {
            let names = applied.map(\.fileName).joined(separator: ", ")
            Output.write("\(path): applied \(names); schema version \(version)\n")
        }
    }
}
