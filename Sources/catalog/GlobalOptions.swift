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
    ///
    /// An existing empty file is refused (only `init` turns one into a catalog): SQLite would take it as a new
    /// database, but an empty file where a catalog should be is more likely a lost catalog than a new one.
    static func openDatabase(_ invocation: Invocation) throws -> Database {
        let path = databasePath(invocation)
        try refuseEmptyFile(path)
        return try DatabaseSchema.open(path: path)
    }

    /// Throws ``CLIError/emptyDatabaseFile(path:)`` when `path` is an existing regular file of 0 bytes.
    static func refuseEmptyFile(_ path: String) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if attributes?[.type] as? FileAttributeType == .typeRegular, (attributes?[.size] as? NSNumber)?.intValue == 0 {
            throw CLIError.emptyDatabaseFile(path: path)
        }
    }

    /// Opens the invocation's database, which must exist already: as it is, or brought up to date.
    static func openExistingDatabase(_ invocation: Invocation, migrate: Bool = false) throws -> Database {
        let path = databasePath(invocation)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError.missingDatabase(path: path)
        }
        try refuseEmptyFile(path)
        return migrate ? try DatabaseSchema.open(path: path) : try Database(path: path)
    }
}
