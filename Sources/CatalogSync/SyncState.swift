import Catalog
public import SQLiteDB

/// Where a client copy stands: the server it follows and the sequences it has applied (`sync_state`).
public struct SyncState: Sendable, Hashable, Codable {
    /// The identity of the server database.
    public var serverUUID: String
    /// The server file the snapshot was taken from, when known.
    public var serverPath: String?
    /// The server sequence the snapshot was taken at.
    public var snapshotSequence: Int64
    /// The last server sequence applied.
    public var lastSequence: Int64
    /// This file's own change-log high-water mark after the last apply: more means local writes.
    public var localSequence: Int64
    /// When the client last applied changes (ISO 8601 text).
    public var syncedAt: String
}

extension SyncState: RowDecodable {
    static let select = """
        SELECT server_uuid, server_path, snapshot_seq, last_seq, local_seq, synced_at FROM sync_state WHERE id = 1
        """

    /// Reads the columns of `select`.
    public init(row: Row) throws {
        serverUUID = try row.value(at: 0)
        serverPath = row[1]
        snapshotSequence = try row.value(at: 2)
        lastSequence = try row.value(at: 3)
        localSequence = try row.value(at: 4)
        syncedAt = try row.value(at: 5)
    }
}
