import CatalogStore
import CommandLineKit
import SchemaMigration

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
        let location = try GlobalOptions.location(invocation)
        let (applied, version) = try location.initialize { try GlobalOptions.configuration(invocation, path: $0) }
        report(applied, in: location.description, version: version)
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
