import Catalog
import Foundation
import SQLiteDB

extension SyncClient {
    /// Starts the copy again from a newer snapshot of its server, in place: what a copy behind the server's pruned
    /// horizon needs, since the changes it missed are gone from the log.
    ///
    /// The snapshot's catalog replaces the copy's, and what is the copy's own stays: its identity (the server knows
    /// its uploads by it, so a change sent before is not applied again), its writes not uploaded yet (frozen, with the
    /// base they were made on, so the server merges them against what the copy saw), the answers to those it uploaded,
    /// where its server is, and the rows of `tables`.
    ///
    /// - Parameters:
    ///   - path: the snapshot (``ChangeFeed/snapshot(to:emptying:)``, or downloaded); it is left as it is.
    ///   - tables: tables of the copy's own whose rows stay (its users and their navigation, in a file that holds
    ///     them); a table either file lacks is skipped.
    /// - Returns: where the copy stands now.
    /// - Throws: ``SyncError/notASnapshot(path:)`` for either file without a sync state,
    ///   ``SyncError/wrongServer(expected:found:)`` for a snapshot of another server; `DatabaseError`. A failure
    ///   before the catalog is replaced leaves the copy as it was.
    @discardableResult
    public func restart(fromSnapshotAt path: String, keeping tables: [String] = []) throws -> SnapshotInfo {
        let snapshot = try Database(path: path)
        defer { try? snapshot.close() }
        guard let fresh = try snapshot.fetchOne(SyncState.self, SyncState.select) else {
            throw SyncError.notASnapshot(path: path)
        }
        // The copy's own, as of now: its writes frozen into the changes they upload as.
        let kept = URL(filePath: database.path).deletingLastPathComponent()
            .appending(path: ".restart-\(UUID().uuidString.lowercased()).sqlite").path
        defer { Database.removeFiles(atPath: kept) }
        try database.write { db in
            let state = try requireState(in: db)
            guard fresh.serverUUID == state.serverUUID else {
                throw SyncError.wrongServer(expected: state.serverUUID, found: fresh.serverUUID)
            }
            try UploadQueue.freeze(in: db)
        }
        try database.writeWithoutTransaction { db in try db.execute("VACUUM INTO ?", [kept]) }
        return try database.writeWithoutTransaction { db in
            try db.replaceContents(with: snapshot)
            try db.execute("ATTACH DATABASE ? AS kept", [kept])
            defer { try? db.execute("DETACH DATABASE kept") }
            return try db.transaction(.immediate) {
                for table in ["upload_sent", "upload_answers"] + tables {
                    try Self.copyRows(of: table, from: "kept", in: db)
                }
                try db.execute(
                    """
                    UPDATE change_log_state SET database_uuid = (SELECT database_uuid FROM kept.change_log_state)
                    WHERE id = 1
                    """)
                try db.execute(
                    "UPDATE sync_state SET server_path = (SELECT server_path FROM kept.sync_state) WHERE id = 1")
                try UploadQueue.installTriggers(in: db)
                return SnapshotInfo(
                    path: database.path, sequence: fresh.lastSequence, serverUUID: fresh.serverUUID,
                    databaseUUID: try ChangeFeed(db).databaseUUID())
            }
        }
    }

    /// Makes `table` hold the rows of the same table in `schema`, by the columns both have.
    private static func copyRows(of table: String, from schema: String, in db: Database) throws {
        let columns = try db.fetchAll(String.self, "SELECT name FROM pragma_table_info(?, 'main')", [table])
        let theirs = Set(try db.fetchAll(String.self, "SELECT name FROM pragma_table_info(?, ?)", [table, schema]))
        let shared = columns.filter(theirs.contains).map { "\"\($0)\"" }.joined(separator: ", ")
        guard !shared.isEmpty else { return }
        try db.execute("DELETE FROM main.\"\(table)\"")
        try db.execute("INSERT INTO main.\"\(table)\" (\(shared)) SELECT \(shared) FROM \(schema).\"\(table)\"")
    }
}
