internal import CSQLite
import Foundation

extension Database {
    /// Writes a consistent copy of this database to a new file at `path`, with the online backup API
    /// (https://sqlite.org/backup.html).
    ///
    /// The copy is taken in one read transaction, so writers on other connections or processes keep going
    /// and the copy shows the database as of one commit. The copy is a standalone file in WAL mode.
    ///
    /// - Throws: ``DatabaseError`` when `path` already exists (nothing is overwritten) or cannot be written;
    ///   a failed copy leaves no file behind.
    public func backup(to path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw DatabaseError(
                extendedResultCode: .SQLITE_CANTOPEN,
                message: "\(path) already exists; choose a new file name or remove it first")
        }
        do {
            let destination = try Database(path: path)
            try copy(into: destination)
            try destination.close()
        } catch {
            Self.removeFiles(atPath: path)
            throw error
        }
    }

    /// Removes the database file at `path` with its write-ahead log and shared-memory index, as far as they exist: a
    /// copy that failed, or a scratch file done with. No connection may be open on it.
    public static func removeFiles(atPath path: String) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// Replaces this database's every page with those of `source` (the online backup API, in one step): the
    /// connection, and every other one on the file, then see `source`'s content; the file stays where it is.
    ///
    /// - Throws: ``DatabaseError`` when a connection holds a transaction on this database, or the pages cannot be
    ///   written (nothing is replaced then).
    public func replaceContents(with source: Database) throws {
        try source.copy(into: self)
    }

    private func copy(into destination: Database) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw DatabaseError(
                code: sqlite3_errcode(destination.handle), connection: destination.handle, sql: nil)
        }
        // One step of every page: the source is read in a single read transaction.
        let stepCode = sqlite3_backup_step(backup, -1)
        let finishCode = sqlite3_backup_finish(backup)
        guard stepCode == SQLITE_DONE else {
            throw DatabaseError(code: stepCode, connection: nil, sql: nil)
        }
        guard finishCode == SQLITE_OK else {
            throw DatabaseError(code: finishCode, connection: destination.handle, sql: nil)
        }
    }
}
