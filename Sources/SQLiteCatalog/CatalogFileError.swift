public import Foundation
public import SQLiteDB

/// Why the catalog file at a path cannot be opened or used: what happened to which file, in plain words.
///
/// ``DatabaseSchema/openCatalog(path:configuration:mode:)`` throws it. An error met later, while working on an open
/// catalog (a full disk during an import, a page found damaged by a query), gets the same explanation from
/// ``init(_:path:)``.
///
/// ```swift
/// do {
///     let db = try DatabaseSchema.openCatalog(path: path)
///     …
/// } catch {
///     throw CatalogFileError(error, path: path) ?? error
/// }
/// ```
public enum CatalogFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file exists at the path, and the caller asked for an existing catalog.
    case missing(path: String)
    /// The file is empty: a new database to SQLite, but more likely a catalog lost to a truncation or a bad copy
    /// than a new one, so only ``DatabaseSchema/initializeCatalog(path:configuration:)`` makes a catalog of it.
    case empty(path: String)
    /// The file is not a SQLite database.
    case notADatabase(path: String)
    /// The file is a damaged database; `detail` is SQLite's account of the damage.
    case damaged(path: String, detail: String)
    /// The database has migrations this program does not know: a newer version of the program made it, and this
    /// one refuses to use it rather than misread it.
    case newerSchema(path: String, unknownVersions: [Int], latestKnown: Int)
    /// A migration applied to the database differs from the one this program ships.
    case changedMigration(path: String, version: Int, name: String)
    /// A migration failed and was rolled back: the database stays at `previousVersion`.
    case migrationFailed(path: String, migration: String, previousVersion: Int, underlying: DatabaseError)
    /// The file cannot be opened or created.
    case cannotOpen(path: String, reason: Reason)
    /// The file cannot be written.
    case readOnly(path: String, reason: Reason)
    /// The disk filled up (or a write was cut short) while writing the file; the change in progress was rolled
    /// back.
    case diskFull(path: String)
    /// The operating system reported another I/O error on the file.
    case ioError(path: String, resultCode: ResultCode, detail: String)
    /// Another connection held a lock on the file for longer than the busy timeout.
    case busy(path: String)
    /// The catalog file still holds its users' state (it was made before users had a file of their own), and its
    /// user-state file holds other rows: moving one over the other would lose state, so neither is touched.
    case userStateConflict(catalogPath: String, userStatePath: String)

    /// What stands between the process and the file, found by looking at the file and its directory.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// The path names a directory.
        case isDirectory
        /// The path names something other than a file or a directory: a device such as `/dev/null`, a named
        /// pipe, a socket; `kind` says which.
        case notARegularFile(kind: String)
        /// The file's permissions do not let this process read it.
        case unreadableFile
        /// The file's permissions do not let this process write it.
        case readOnlyFile
        /// The directory the file would be created in does not exist.
        case missingDirectory(String)
        /// The directory the file would be created in is not writable.
        case unwritableDirectory(String)
        /// The directory holding the file is read-only, so the `-wal` and `-shm` files cannot be created beside it.
        case readOnlyDirectory(String)
        /// Nothing visible on the file system explains it: SQLite's own words.
        case other(String)

        public var description: String {
            switch self {
            case .isDirectory: "it is a directory"
            case .notARegularFile(let kind): "it is a \(kind), not a regular file"
            case .unreadableFile: "permission denied reading it; check its permissions"
            case .readOnlyFile: "the file is read-only; check its permissions"
            case .missingDirectory(let directory): "the directory \(directory) does not exist"
            case .unwritableDirectory(let directory):
                "the directory \(directory) is not writable, so the database cannot be created there"
            case .readOnlyDirectory(let directory):
                "the directory \(directory) is read-only, and SQLite needs to create the -wal and -shm files beside "
                    + "the database; make it writable or move the database"
            case .other(let detail): detail
            }
        }
    }

    public var description: String {
        switch self {
        case .missing(let path):
            return "no database at \(path)"
        case .empty(let path):
            return "\(path) is an empty file, not a catalog database (was it truncated or copied badly?); "
                + "restore it from a backup, or initialize a new catalog in it explicitly"
        case .notADatabase(let path):
            return "\(path): file is not a database (it is not a SQLite file)"
        case .damaged(let path, let detail):
            return "\(path) is damaged (\(detail)); restore it from a backup or snapshot"
        case .newerSchema(let path, let unknown, let latest):
            let versions = unknown.map(String.init).joined(separator: ", ")
            return "\(path) was made by a newer version of this program (it has migration \(versions); this "
                + "program knows up to \(latest)); use it with the newer version"
        case .changedMigration(let path, let version, let name):
            return "\(path): \(MigrationError.checksumMismatch(version: version, name: name))"
        case .migrationFailed(let path, let migration, let previous, let underlying):
            return
                "\(path): \(MigrationError.failed(migration: migration, previousVersion: previous, underlying: underlying))"
        case .cannotOpen(let path, let reason):
            return "cannot open \(path): \(reason)"
        case .readOnly(let path, let reason):
            return "cannot write to \(path): \(reason)"
        case .diskFull(let path):
            return
                "database or disk is full while writing \(path); the change in progress was rolled back and what was "
                + "committed before stays: free some space and retry"
        case .ioError(let path, let resultCode, let detail):
            return
                "I/O error on \(path) (\(resultCode.name): \(detail)); check the disk and the file system, then retry"
        case .busy(let path):
            return "\(path) is locked by another program for longer than the busy timeout; retry when it is done"
        case .userStateConflict(let catalogPath, let userStatePath):
            return "\(catalogPath) holds users and navigation state from an older version of this program, and "
                + "\(userStatePath), where this version keeps them, holds other state; neither was changed: "
                + "move \(userStatePath) away and open the catalog again to move its state there"
        }
    }
}

extension CatalogFileError: LocalizedError {
    public var errorDescription: String? { description }
}

extension CatalogFileError {
    /// What `error`, raised while opening or working on the catalog file at `path`, says about that file: `nil`
    /// when it says nothing about the file (a constraint, a syntax error …), and `error` itself when it already is
    /// a `CatalogFileError`.
    ///
    /// - Parameters:
    ///   - error: A `DatabaseError` or a `MigrationError`.
    ///   - path: The catalog file being opened or worked on.
    public init?(_ error: any Error, path: String) {
        switch error {
        case let error as CatalogFileError: self = error
        case let error as MigrationError: self.init(error, path: path)
        case let error as DatabaseError: self.init(error, path: path)
        default: return nil
        }
    }

    private init?(_ error: MigrationError, path: String) {
        switch error {
        case .databaseIsNewer(let unknownVersions, let latestKnown):
            self = .newerSchema(path: path, unknownVersions: unknownVersions, latestKnown: latestKnown)
        case .checksumMismatch(let version, let name):
            self = .changedMigration(path: path, version: version, name: name)
        case .failed(let migration, let previousVersion, let underlying):
            // Another database's migration (PostgreSQL's) failing says nothing about a SQLite catalog file: its own
            // error tells it better than a SQLite error around it would.
            guard let failure = underlying as? DatabaseError else { return nil }
            self = .migrationFailed(
                path: path, migration: migration, previousVersion: previousVersion, underlying: failure)
        }
    }

    private init?(_ error: DatabaseError, path: String) {
        // Opening adds ": <path>" to SQLite's message; the error names the file itself.
        let detail =
            error.message.hasSuffix(": \(path)") ? String(error.message.dropLast(path.count + 2)) : error.message
        switch error.extendedResultCode {
        case .SQLITE_NOTADB: self = .notADatabase(path: path)
        // A write the file system cut short (a size limit, a quota) leaves the file as a full disk does.
        case .SQLITE_FULL, .SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_TRUNCATE:
            self = .diskFull(path: path)
        case .SQLITE_CORRUPT: self = .damaged(path: path, detail: detail)
        case .SQLITE_PERM, .SQLITE_CANTOPEN: self = .cannotOpen(path: path, reason: .opening(path, detail: detail))
        case .SQLITE_READONLY: self = .readOnly(path: path, reason: .writing(path, detail: detail))
        case .SQLITE_IOERR: self = .ioError(path: path, resultCode: error.extendedResultCode, detail: detail)
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(path: path)
        default: return nil
        }
    }
}

extension CatalogFileError.Reason {
    /// Why `path` cannot be opened: SQLite's `detail` when the file system shows nothing wrong.
    fileprivate static func opening(_ path: String, detail: String) -> Self {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return .isDirectory }
            if !FileManager.default.isReadableFile(atPath: path) { return .unreadableFile }
            return writing(path, detail: detail)
        }
        let directory = directory(of: path)
        if !FileManager.default.fileExists(atPath: directory) { return .missingDirectory(directory) }
        if !FileManager.default.isWritableFile(atPath: directory) { return .unwritableDirectory(directory) }
        return .other(detail)
    }

    /// Why `path` cannot be written: SQLite's `detail` when the file system shows nothing wrong.
    fileprivate static func writing(_ path: String, detail: String) -> Self {
        if FileManager.default.fileExists(atPath: path), !FileManager.default.isWritableFile(atPath: path) {
            return .readOnlyFile
        }
        let directory = directory(of: path)
        if !FileManager.default.isWritableFile(atPath: directory) { return .readOnlyDirectory(directory) }
        return .other(detail)
    }

    private static func directory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }
}
