import Catalog
import CatalogStore
import CatalogSync
import Foundation
import HTTPServer

/// The server's snapshot file: built once per version of the database in a private directory, reused while the
/// version holds, removed when superseded and when the server stops. It holds the catalog, not the users,
/// their tokens or their navigation state.
///
/// The version (the ETag) is the database's identity, the feed's high-water mark and the schema version: any
/// commit that changes the catalog moves the high-water mark.
final class SnapshotStore: @unchecked Sendable {
    // Invariant: `current`, `built` and `removed` are only read or written while `lock` is held; the lock is held
    // while a snapshot is built, so requests arriving meanwhile wait for it rather than build their own.

    /// A built snapshot: its file and version.
    struct Snapshot: Sendable {
        let path: String
        let etag: EntityTag
    }

    private let lock = NSLock()
    private let directory: ScratchDirectory
    private var current: Snapshot?
    private var built = 0
    private var removed = false

    /// A store in a new directory only this user can read, named after the process (`catalog-serve-PID-…`); those
    /// of servers that were killed are removed.
    init() throws {
        directory = try ScratchDirectory(prefix: "catalog-serve")
    }

    /// The snapshot of the database's current version, built now when there is none yet.
    ///
    /// - Throws: ``APIProblem`` `stopping` once the store is removed; `DatabaseError` when the copy fails.
    func snapshot(of storage: any ChangeFeedStore) throws -> Snapshot {
        try lock.withLock {
            guard !removed else {
                throw APIProblem(
                    status: .serviceUnavailable, code: .stopping,
                    detail: "the server is stopping; ask again once it is back")
            }
            let version = try storage.feedStatus()
            if let current, current.etag == Self.etag(version.database, version.lastSequence, version.schemaVersion) {
                return current
            }
            built += 1
            let path = directory.url.appending(path: "snapshot-\(built).sqlite").path
            let info = try storage.writeSnapshot(to: path)
            // The copy may hold a commit made after the version was read: its own sequence names it.
            let snapshot = Snapshot(
                path: path, etag: Self.etag(info.serverUUID, info.sequence, version.schemaVersion))
            if let superseded = current { try? FileManager.default.removeItem(atPath: superseded.path) }
            current = snapshot
            return snapshot
        }
    }

    /// Removes the directory and its snapshot; later requests are refused. Files being sent are sent to the end.
    func remove() {
        lock.withLock {
            removed = true
            current = nil
            directory.remove()
        }
    }

    private static func etag(_ database: String, _ sequence: Int64, _ schema: Int) -> EntityTag {
        EntityTag("\(database)-\(sequence)-\(schema)")
    }
}
