import Catalog

/// What ``ChangeFeed/snapshot(to:emptying:)`` wrote.
public struct SnapshotInfo: Sendable, Hashable, Codable {
    /// The new client file.
    public var path: String
    /// The server sequence the copy holds everything up to; the client follows the feed from there.
    public var sequence: Int64
    /// The identity of the server the copy follows.
    public var serverUUID: String
    /// The identity of the copy as a change source of its own.
    public var databaseUUID: String

    /// What a snapshot wrote: `path`, holding the server `serverUUID` up to `sequence`, and known as `databaseUUID`.
    public init(path: String, sequence: Int64, serverUUID: String, databaseUUID: String) {
        self.path = path
        self.sequence = sequence
        self.serverUUID = serverUUID
        self.databaseUUID = databaseUUID
    }
}
