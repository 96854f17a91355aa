import CommandLineKit
import Foundation
import SQLiteDB
import Schema

/// Options every subcommand accepts.
enum GlobalOptions {
    static let database = Option.value(
        "db", valueName: "PATH",
        help: "The database file (default: $CATALOG_DB, else ./catalog.sqlite).", inherited: true)
    static let wait = Option.value(
        "wait", valueName: "SECONDS",
        help: "Give up after waiting SECONDS for another program's lock on the database (default: wait until it is "
            + "free).",
        inherited: true)

    /// The database path the invocation names.
    static func databasePath(_ invocation: Invocation) -> String {
        invocation.value("db") ?? ProcessInfo.processInfo.environment["CATALOG_DB"] ?? "catalog.sqlite"
    }

    /// Opens the invocation's database as `mode` says: by default creating it or bringing its schema up to date.
    static func openDatabase(_ invocation: Invocation, mode: DatabaseSchema.OpenMode = .createOrMigrate) throws
        -> Database
    {
        let path = databasePath(invocation)
        return try DatabaseSchema.openCatalog(
            path: path, configuration: configuration(invocation, path: path), mode: mode)
    }

    /// Opens the user-state file of the invocation's catalog (its users, their tokens and navigation state), with
    /// the catalog attached read-only: the catalog must exist.
    static func openUserState(_ invocation: Invocation) throws -> Database {
        let path = databasePath(invocation)
        // What it waits for is the user-state file's lock (the catalog's only while a migration runs).
        let waiting = try configuration(invocation, path: DatabaseSchema.userStatePath(forCatalog: path))
        return try DatabaseSchema.openUserState(catalogPath: path, configuration: waiting)
    }

    /// How to open the database at `path`: waiting for another program's lock as long as `--wait` says (without a
    /// limit by default), and saying so on standard error.
    static func configuration(_ invocation: Invocation, path: String) throws -> Database.Configuration {
        var configuration = Database.Configuration()
        configuration.busyTimeout = try waitLimit(invocation)
        let report = LockWaitReport(path: path, limit: configuration.busyTimeout)
        configuration.onLockWait = { report.waited($0) }
        return configuration
    }

    /// The value of `--wait`, or `nil` when it is not given.
    private static func waitLimit(_ invocation: Invocation) throws -> Duration? {
        guard let text = invocation.value("wait") else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw UsageError(
                "--wait takes a number of seconds, 0 or more (e.g. 30 or 0.5); got '\(text)'",
                commandPath: invocation.commandPath)
        }
        return .seconds(seconds)
    }
}
