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

    /// Opens the invocation's database, creating it or bringing its schema up to date.
    static func openDatabase(_ invocation: Invocation) throws -> Database {
        try DatabaseSchema.open(path: databasePath(invocation))
    }

    /// Opens the invocation's database, which must exist already: as it is, or brought up to date.
    static func openExistingDatabase(_ invocation: Invocation, migrate: Bool = false) throws -> Database {
        let path = databasePath(invocation)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError.missingDatabase(path: path)
        }
        return migrate ? try DatabaseSchema.open(path: path) : try Database(path: path)
    }
}
