import SQLiteDB

extension SyncClient {
    /// Takes a client copy that arrived from elsewhere (a snapshot downloaded from a server) as this program's:
    /// checks that it is one and records where its server is.
    ///
    /// - Parameters:
    ///   - path: the copy.
    ///   - location: where the server is now, e.g. its URL; recorded as the sync state's server path.
    /// - Returns: where the copy stands.
    /// - Throws: ``SyncError/notASnapshot(path:)`` when the file has no sync state; `DatabaseError` when it is
    ///   not a database or cannot be written.
    public static func adoptSnapshot(at path: String, from location: String) throws -> SnapshotInfo {
        let copy = try Database(path: path)
        defer { try? copy.close() }
        return try copy.transaction(.immediate) {
            guard let state = try copy.fetchOne(SyncState.self, SyncState.select) else {
                throw SyncError.notASnapshot(path: path)
            }
            try copy.execute("UPDATE sync_state SET server_path = ? WHERE id = 1", [location])
            return SnapshotInfo(
                path: path, sequence: state.snapshotSequence, serverUUID: state.serverUUID,
                databaseUUID: try ChangeFeed(copy).databaseUUID())
        }
    }
}
