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
    /// database, but an empty file where a catalog should be is more likely a lost catalog than a new one. A new
    /// database is therefore built under a temporary name and appears at its path only once it is a whole catalog:
    /// a command killed while creating it leaves no empty file for the next one to refuse.
    static func openDatabase(_ invocation: Invocation) throws -> Database {
        let path = databasePath(invocation)
        try refuseEmptyFile(path)
        if path != ":memory:" && !path.isEmpty && !FileManager.default.fileExists(atPath: path) {
            createDatabase(at: path)
        }
        return try DatabaseSchema.open(path: path)
    }

    /// Creates a catalog under a temporary name beside `path`, then links it to `path`, unless a catalog appeared
    /// there meanwhile (`link`, unlike `rename`, never replaces a file another process may hold open).
    ///
    /// Where this fails (a directory without write permission, a full disk, a file system without hard links),
    /// SQLite creates the file in place, as before, and the error it meets there is the one reported.
    private static func createDatabase(at path: String) {
        let url = URL(filePath: path)
        let temporary = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent)-\(UUID())").path
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: temporary + suffix)
            }
        }
        do {
            // Closing the only connection checkpoints the WAL into the file and removes it.
            try DatabaseSchema.open(path: temporary).close()
        } catch {
            return
        }
        _ = link(temporary, path)
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
