import Navigation
import SQLiteDB

/// The WAL checkpoints of a navigation store's SQLite database, as its ``NavigationStore/CheckpointPolicy`` says: a
/// passive checkpoint on a ``BackgroundCheckpointer`` after every so many saves, or none but those the app asks for.
final class WALCheckpoints: NavigationCheckpoints {
    private let writer: any DatabaseWriter
    let checkpointer: BackgroundCheckpointer?
    private let checkpointEvery: Int?
    private var savesSinceCheckpoint = 0

    /// The checkpoints of `database` under `policy`.
    ///
    /// With a `CheckpointPolicy.background(everySaves:)` or
    /// `CheckpointPolicy.manual` policy on a file database, it sets `PRAGMA wal_autocheckpoint = 0`
    /// on the writing connection (https://sqlite.org/pragma.html#pragma_wal_autocheckpoint).
    ///
    /// - Throws: `DatabaseError`.
    init<Route>(_ database: any DatabaseWriter, policy: NavigationStore<Route>.CheckpointPolicy) throws {
        writer = database
        let isReadOnly = try database.read { db in db.isReadOnly }
        let isFile = !database.path.isEmpty && database.path != ":memory:" && !isReadOnly
        if isFile, policy != .sqliteAutomatic {
            try database.writeWithoutTransaction { db in try db.execute("PRAGMA wal_autocheckpoint = 0") }
        }
        if isFile, case .background(let everySaves) = policy {
            checkpointer = BackgroundCheckpointer(path: database.path)
            checkpointEvery = max(1, everySaves)
        } else {
            checkpointer = nil
            checkpointEvery = nil
        }
    }

    func didSave() {
        guard let checkpointEvery, let checkpointer else { return }
        savesSinceCheckpoint += 1
        if savesSinceCheckpoint >= checkpointEvery {
            savesSinceCheckpoint = 0
            checkpointer.request()
        }
    }

    func checkpoint() throws {
        checkpointer?.waitUntilIdle()
        try writer.writeWithoutTransaction { db in try db.execute("PRAGMA wal_checkpoint(PASSIVE)") }
    }
}

// It holds a connection, which SQLite lets one thread use at a time, and counts saves.
@available(*, unavailable)
extension WALCheckpoints: Sendable {}
