import CommandLineKit
import Foundation
import SQLiteDB
import Schema

/// Options every subcommand accepts.
enum GlobalOptions {
    static let database = Option.value(
        "db", valueName: "PATH",
        help: "The database file (default: $CATALOG_DB, else ./catalog.sqlite).", inherited: true)
    static let busyTimeout = Option.value(
        "busy-timeout", valueName: "SECONDS",
        help: "How long to wait for another program's lock on a database before failing (default 5).",
        inherited: true)

    /// The database path the invocation names.
    static func databasePath(_ invocation: Invocation) -> String {
        invocation.value("db") ?? ProcessInfo.processInfo.environment["CATALOG_DB"] ?? "catalog.sqlite"
    }

    /// Opens the invocation's database as `mode` says: by default creating it or bringing its schema up to date.
    static func openDatabase(_ invocation: Invocation, mode: DatabaseSchema.OpenMode = .createOrMigrate) throws
        -> Database
    {
        try DatabaseSchema.openCatalog(
            path: databasePath(invocation), configuration: configuration(invocation), mode: mode)
    }

    /// How the invocation opens its databases: with its `--busy-timeout`.
    static func configuration(_ invocation: Invocation) throws -> Database.Configuration {
        var configuration = Database.Configuration()
        if let seconds = try invocation.integer("busy-timeout", in: 0...86_400) {
            configuration.busyTimeout = .seconds(seconds)
        }
        return configuration
    }
}
