import Dispatch
import Foundation
import SQLiteDB

/// Runs passive WAL checkpoints on its own connection, on a background queue, so no save waits for one.
///
/// A checkpoint copies the WAL into the database file and fsyncs it: tens of milliseconds. SQLite's
/// automatic checkpoint runs it inside the COMMIT that crosses the threshold, which is the 1-in-200 save
/// that stalls. A PASSIVE checkpoint from another connection takes no write lock, so saves go on
/// appending to the WAL meanwhile; the WAL restarts from its beginning at the next write after a
/// complete checkpoint.
final class BackgroundCheckpointer: @unchecked Sendable {
    // Sendable because `connection` is created, used and released only on `queue`, a serial queue, and
    // `isPending` is read and written only under `lock`.
    private let queue = DispatchQueue(label: "navigation.wal-checkpoint", qos: .utility)
    private let lock = NSLock()
    private var isPending = false
    private var connection: Database?
    private let path: String

    init(path: String) {
        self.path = path
    }

    /// Schedules one checkpoint, unless one is already waiting.
    func request() {
        lock.lock()
        let shouldSchedule = !isPending
        isPending = true
        lock.unlock()
        guard shouldSchedule else { return }
        queue.async { self.run() }
    }

    /// Waits until the scheduled checkpoints are done (tests and benchmarks).
    func waitUntilIdle() {
        queue.sync {}
    }

    private func run() {
        lock.lock()
        isPending = false
        lock.unlock()
        do {
            if connection == nil { connection = try Database(path: path) }
            try connection?.execute("PRAGMA wal_checkpoint(PASSIVE)")
        } catch {
            // A failed checkpoint loses nothing: the frames stay in the WAL for the next one.
            connection = nil
        }
    }
}
