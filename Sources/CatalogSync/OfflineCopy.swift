public import Catalog
import Dispatch
public import Observation
public import SQLiteDB

/// A client copy as an app shows it: how many of its own writes wait for upload, the conflicts its uploads got, what
/// the last sync did; syncs run off the main actor, on the copy's own serial queue.
///
/// The app writes to the copy as it likes (the triggers record every write); it calls ``refresh()`` after its
/// writes, and ``sync(_:)`` when it is online.
///
/// ```swift
/// let copy = try await OfflineCopy.open { try DatabaseSchema.openCatalog(path: "copy.sqlite") }
/// Text("\(copy.pending) to upload, \(copy.conflicts.count) conflicts")
/// await copy.sync {
///     let server = RemoteCatalog(url: url, token: token)
///     return (server, server.changeFeed(following: nil))
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class OfflineCopy {
    /// The copy's writes waiting for upload: entries changed, and changes sent whose answer did not arrive.
    public private(set) var pending = 0
    /// The conflicts the server kept of the copy's uploads, as it answered them; settle them on the server.
    public private(set) var conflicts: [UploadConflict] = []
    /// What the last sync's upload got.
    public private(set) var lastUpload: SyncClient.UploadReport?
    /// What the last sync's download applied.
    public private(set) var lastSync: SyncReport?
    /// Whether a sync is under way.
    public private(set) var isSyncing = false
    /// Why the last sync or refresh failed (the server is gone, the copy follows another); set it to `nil` once shown.
    public var lastError: String?

    @ObservationIgnored private let worker: QueueConfined<SyncClient>

    private init(worker: QueueConfined<SyncClient>) {
        self.worker = worker
    }

    /// Opens the copy on a new background queue and reads its state.
    ///
    /// - Parameter openDatabase: opens the copy's database (migrated); it runs on the queue.
    /// - Returns: the copy, its pending count and conflicts read.
    /// - Throws: what `openDatabase` throws; ``SyncError/notASnapshot(path:)`` for a database that is no copy.
    public static func open(_ openDatabase: @escaping @Sendable () throws -> Database) async throws -> OfflineCopy {
        let worker = try await QueueConfined.open(label: "catalog.offline-copy", qos: .utility) {
            SyncClient(try openDatabase())
        }
        let copy = OfflineCopy(worker: worker)
        let state = try await worker.perform { client in try Self.state(of: client) }
        copy.show(state)
        return copy
    }

    /// Reads the pending count and the conflicts again.
    public func refresh() async {
        do {
            show(try await worker.perform { client in try Self.state(of: client) })
        } catch {
            lastError = "\(error)"
        }
    }

    /// Uploads the copy's writes and then applies the server's changes, off the main actor.
    ///
    /// - Parameter server: makes, on the copy's queue, where the writes go and where the changes come from (a
    ///   `RemoteCatalog` and its change feed, or a server file's `ServerFileUploads` and `ChangeFeed`).
    /// - Returns: whether the sync finished; else ``lastError`` says why (what was uploaded before stays answered).
    @discardableResult
    public func sync(_ server: @escaping @Sendable () throws -> (upload: any UploadTarget, feed: any ChangeSource))
        async -> Bool
    {
        isSyncing = true
        defer { isSyncing = false }
        do {
            let (upload, report, state) = try await worker.perform { client in
                let (target, feed) = try server()
                let upload = try client.upload(to: target)
                return (upload, try client.sync(from: feed), try Self.state(of: client))
            }
            lastUpload = upload
            lastSync = report
            show(state)
            return true
        } catch {
            lastError = "\(error)"
            await refresh()
            return false
        }
    }

    private func show(_ state: (pending: Int, conflicts: [UploadConflict])) {
        pending = state.pending
        conflicts = state.conflicts
    }

    nonisolated private static func state(of client: SyncClient) throws -> (
        pending: Int, conflicts: [UploadConflict]
    ) {
        try client.database.read { db in
            _ = try client.requireState(in: db)
            return (try UploadQueue.waiting(in: db), try UploadQueue.conflicts(in: db))
        }
    }
}
