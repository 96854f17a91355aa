public import CatalogSync
import Foundation
import SQLiteDB

extension RemoteCatalog {
    /// Downloads the server's snapshot (`GET /v1/snapshot`) to a new client file at `path`, resuming a broken
    /// download where it stopped (`Range` with `If-Range`, so a snapshot replaced meanwhile starts over).
    ///
    /// The file is written beside `path` as `path.part` and renamed when whole, so `path` is never half written;
    /// its sync state records this server's URL. Like every database file this package creates, it is readable by
    /// its owner alone (0600).
    ///
    /// - Parameters:
    ///   - path: a new file; an existing one is not overwritten.
    ///   - attempts: how many times to ask in all when the connection breaks.
    /// - Returns: where the copy stands.
    /// - Throws: `SnapshotError.fileExists(path:)` when the file exists (it is left as it was); ``RemoteError`` when
    ///   the server cannot be reached (after `attempts`) or refuses; `SyncError.notASnapshot(path:)` when the
    ///   download is not a client copy.
    public func downloadSnapshot(to path: String, attempts: Int = 5) throws -> SnapshotInfo {
        try SnapshotError.requireNewFile(path)
        let partial = path + ".part"
        try? FileManager.default.removeItem(atPath: partial)
        guard Database.createPrivateFile(partial) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial])
        }
        do {
            var info = try download(into: partial, attempts: attempts)
            try FileManager.default.moveItem(atPath: partial, toPath: path)
            info.path = path
            return info
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// Downloads the snapshot into the empty file `partial`, resuming it after a broken connection, and adopts it.
    private func download(into partial: String, attempts: Int) throws -> SnapshotInfo {
        let file = try FileHandle(forWritingTo: URL(filePath: partial))
        defer { try? file.close() }
        var etag: String?
        var delay = 0.5
        for attempt in 1...max(1, attempts) {
            let offset = try file.seekToEnd()
            var headers: [String: String] = [:]
            if offset > 0, let etag {
                headers = ["Range": "bytes=\(offset)-", "If-Range": etag]
            }
            do {
                try get(
                    "/v1/snapshot", headers: headers,
                    onResponse: { response in
                        etag = response.value(forHTTPHeaderField: "ETag")
                        // A whole answer (the snapshot changed, or no range was asked) starts the file over; a part
                        // must start where the file ends.
                        guard response.statusCode == 206 else { return try file.truncate(atOffset: 0) }
                        guard offset > 0,
                            response.value(forHTTPHeaderField: "Content-Range")?.hasPrefix("bytes \(offset)-") == true
                        else {
                            throw RemoteError.badAnswer(
                                url: try endpoint("/v1/snapshot").absoluteString,
                                reason: "a part that does not start at byte \(offset)")
                        }
                    },
                    into: { try file.write(contentsOf: $0) })
                break
            } catch let error as RemoteError where error.isTransient && attempt < attempts {
                Thread.sleep(forTimeInterval: max(delay, error.retryAfter ?? 0))
                delay *= 2
            }
        }
        try file.synchronize()
        return try SyncClient.adoptSnapshot(at: partial, from: location)
    }
}
