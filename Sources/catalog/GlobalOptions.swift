import CommandLineKit
import Foundation
import SQLiteDB
import Schema

/// Options every subcommand accepts.
enum GlobalOptions {
    static let database = Option.value(
        "db", valueName: "PATH",
        help: "The database file (default: $CATALOG_DB, else ./catalog.sqlite).", inherited: true)

    /// The database path the invocation names.
    static func databasePath(_ invocation: Invocation) -> String {
        invocation.value("db") ?? ProcessInfo.processInfo.environment["CATALOG_DB"] ?? "catalog.sqlite"
    }

    /// Opens the invocation's database as `mode` says: by default creating it or bringing its schema up to date.
    static func openDatabase(_ invocation: Invocation, mode: DatabaseSchema.OpenMode = .createOrMigrate) throws
        -> Database
    {
        try DatabaseSchema.openCatalog(path: databasePath(invocation), mode: mode)
    }
}
