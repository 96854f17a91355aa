import Foundation
import SQLiteDB

/// Turns a ``DatabaseError`` about the invocation's database into a ``CLIError`` that names the file, the cause
/// and what to do; other errors pass through.
enum DatabaseProblem {
    /// The error to report for `error`, raised while working on the database at `path`.
    static func explain(_ error: any Error, path: String) -> any Error {
        if let problem = error as? MigrationError { return CLIError.schema(path: path, problem: problem) }
        guard let error = error as? DatabaseError else { return error }
        // Opening adds ": <path>" to SQLite's message; the explanation names the file itself.
        let detail =
            error.message.hasSuffix(": \(path)") ? String(error.message.dropLast(path.count + 2)) : error.message
        switch error.extendedResultCode {
        case .SQLITE_NOTADB: return CLIError.notADatabase(path: path)
        // A write the file system cut short (a size limit, a quota) leaves the file as a full disk does.
        case .SQLITE_FULL, .SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_TRUNCATE:
            return CLIError.diskFull(path: path)
        case .SQLITE_CORRUPT: return CLIError.damagedDatabase(path: path, detail: detail)
        case .SQLITE_PERM, .SQLITE_CANTOPEN:
            return CLIError.cannotOpen(path: path, reason: openFailure(path, detail: detail))
        case .SQLITE_READONLY: return CLIError.cannotWrite(path: path, reason: writeFailure(path, detail: detail))
        case .SQLITE_IOERR: return CLIError.ioError(path: path, detail: "\(error.extendedResultCode.name): \(detail)")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return CLIError.busy(path: path)
        default: return error
        }
    }

    /// Why `path` cannot be opened, found by looking at the file and its directory.
    private static func openFailure(_ path: String, detail: String) -> String {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        let directory =
            (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "it is a directory; --db takes the path of a database file" }
            if !files.isReadableFile(atPath: path) { return "permission denied reading it; check its permissions" }
            return writeFailure(path, detail: detail)
        }
        if !files.fileExists(atPath: directory) { return "the directory \(directory) does not exist" }
        if !files.isWritableFile(atPath: directory) {
            return "the directory \(directory) is not writable, so the database cannot be created there"
        }
        return detail
    }

    /// Why `path` cannot be written.
    private static func writeFailure(_ path: String, detail: String) -> String {
        let files = FileManager.default
        let directory =
            (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        if files.fileExists(atPath: path), !files.isWritableFile(atPath: path) {
            return "the file is read-only; check its permissions"
        }
        if !files.isWritableFile(atPath: directory) {
            return "the directory \(directory) is read-only, and SQLite needs to create the -wal and -shm files "
                + "beside the database; make it writable or move the database"
        }
        return detail
    }
}
