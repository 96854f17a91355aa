internal import CSQLite
import Dispatch
import Foundation

/// Runs passive WAL checkpoints on its own connection, on a background queue, so no commit waits for one.
///
/// A checkpoint copies the WAL into the database file and fsyncs it: tens of milliseconds. SQLite's
/// automatic checkpoint runs it inside the COMMIT that crosses the threshold, which is the 1-in-200 save
/// (or edit) that stalls. A PASSIVE checkpoint from another connection takes no write lock, so commits go on
/// appending to the WAL meanwhile; the WAL restarts from its beginning at the next write after a
/// complete checkpoint.
///
/// It is asked for a checkpoint by whoever counts the writes (a navigation store, every so many saves), or by the
/// commits of a connection opened with ``Database/Checkpoints/background(pages:)``, through SQLite's WAL hook.
package final class BackgroundCheckpointer: @unchecked Sendable {
    // Sendable because `connection` is created, used and released only on `queue`, a serial queue, and
    // `isPending` is read and written only under `lock`.
    private let queue = DispatchQueue(label: "sqlite.wal-checkpoint", qos: .utility)
    private let lock = NSLock()
    private var isPending = false
    private var connection: Database?
    private let path: String
    /// With a WAL hook installed: the WAL size, in pages, from which a commit asks for a checkpoint.
    private var walPages = Int32.max

    package init(path: String) {
        self.path = path
    }

    /// Schedules one checkpoint, unless one is already waiting.
    package func request() {
        lock.lock()
        let shouldSchedule = !isPending
        isPending = true
        lock.unlock()
        guard shouldSchedule else { return }
        queue.async { self.run() }
    }

    /// Waits until the scheduled checkpoints are done (tests and benchmarks).
    package func waitUntilIdle() {
        queue.sync {}
    }

    /// Waits for the checkpoint asked for, if any, and closes this checkpointer's connection: call as the connection
    /// whose commits it serves closes, so that a process leaves what it wrote in the database file, not in a WAL that
    /// the next reader looks every page up in and the next program to close pays to copy back.
    package func finish() {
        queue.sync { connection = nil }
    }

    /// Makes every commit of `handle` that leaves at least `pages` pages in the WAL ask for a checkpoint, in place of
    /// SQLite's automatic one (a WAL hook replaces it; `PRAGMA wal_autocheckpoint` would replace the hook in turn).
    /// The connection must keep the checkpointer alive as long as it is open.
    func hookCommits(of handle: OpaquePointer, everyPages pages: Int) {
        walPages = Int32(clamping: max(1, pages))
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_wal_hook(
            handle,
            { context, _, _, frames in
                guard let context else { return SQLITE_OK }
                let checkpointer = Unmanaged<BackgroundCheckpointer>.fromOpaque(context).takeUnretainedValue()
                if frames >= checkpointer.walPages { checkpointer.request() }
                return SQLITE_OK
            }, context)
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
