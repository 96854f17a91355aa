import Catalog
import Foundation
import SQLiteDB

extension ChangeFeed {
    /// Writes a consistent copy of the database to `path` while writers go on, and makes it a client that
    /// follows this database from the sequence the copy holds.
    ///
    /// The copy comes from the online backup API in one read transaction, so its content and its change log
    /// are of one commit: the copy's own high-water mark is the sequence it corresponds to. The copy gets a
    /// `sync_state` row (server identity, that sequence) and a new identity of its own.
    ///
    /// ```swift
    /// let info = try ChangeFeed(server).snapshot(to: "client.sqlite", emptying: DatabaseSchema.userTables)
    /// print(info.sequence)
    /// ```
    /// - Parameters:
    ///   - path: a new file; an existing one is not overwritten.
    ///   - tables: tables whose rows stay on the server (users, their tokens and navigation state), emptied in the
    ///     copy in this order, their bytes overwritten (`secure_delete`) so the file does not keep them either; a
    ///     table the database does not have (a catalog file keeps its users in a file of their own) is skipped.
    /// - Returns: where the copy stands.
    /// - Throws: ``SnapshotError/fileExists(path:)`` when `path` exists (it is left as it was); `DatabaseError` when
    ///   it cannot be written, and no file is left behind then.
    public func snapshot(to path: String, emptying tables: [String]) throws -> SnapshotInfo {
        try SnapshotError.requireNewFile(path)
        try database.read { db in try db.backup(to: path) }
        do {
            let copy = try Database(path: path)
            let info = try copy.transaction(.immediate) {
                // On by default in some builds (Debian's), not in all: the emptied rows' bytes must go too.
                try copy.execute("PRAGMA secure_delete = ON")
                for table in tables where try copy.tableExists(table) {
                    try copy.execute("DELETE FROM \(table)")
                }
                return try Self.makeClient(copy, path: path, serverPath: database.path)
            }
            try copy.close()
            return info
        } catch {
            Database.removeFiles(atPath: path)
            throw error
        }
    }

    private static func makeClient(_ copy: Database, path: String, serverPath: String) throws -> SnapshotInfo {
        let feed = ChangeFeed(copy)
        let sequence = try feed.highWater()
        let serverUUID = try feed.databaseUUID()
        let databaseUUID = UUID().uuidString.lowercased()
        try copy.execute("UPDATE change_log_state SET database_uuid = ? WHERE id = 1", [databaseUUID])
        try copy.execute("DELETE FROM sync_state")
        try copy.execute(
            """
            INSERT INTO sync_state (id, server_uuid, server_path, snapshot_seq, last_seq, local_seq)
            VALUES (1, ?, ?, ?, ?, ?)
            """,
            [serverUUID, serverPath, sequence, sequence, sequence])
        try UploadQueue.installTriggers(in: copy)
        return SnapshotInfo(path: path, sequence: sequence, serverUUID: serverUUID, databaseUUID: databaseUUID)
    }
}
