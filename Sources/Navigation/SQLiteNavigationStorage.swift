package import Foundation
package import SQLiteDB

/// The navigation tables of a SQLite database (``NavigationSchema``), for a ``NavigationStore``: a connection or a
/// pool, whose readers then restore scenes while its writer saves.
///
/// A save is one IMMEDIATE transaction on the writer: SQLite has one writer at a time, so nothing changes the scene
/// between the transaction's first read and its commit. It also runs the WAL checkpoints the store's
/// ``NavigationStore/CheckpointPolicy`` asks for.
package final class SQLiteNavigationStorage: NavigationStorage {
    /// Where the rows are read and saved.
    let writer: any DatabaseWriter
    let checkpointer: BackgroundCheckpointer?
    private let checkpointEvery: Int?
    private var savesSinceCheckpoint = 0

    /// The navigation tables of `database`, with WAL checkpoints as `checkpoints` says.
    ///
    /// With a ``NavigationStore/CheckpointPolicy/background(everySaves:)`` or
    /// ``NavigationStore/CheckpointPolicy/manual`` policy on a file database, it sets `PRAGMA wal_autocheckpoint = 0`
    /// on the writing connection (https://sqlite.org/pragma.html#pragma_wal_autocheckpoint).
    ///
    /// - Throws: ``NavigationStoreError/schemaMissing(path:)`` when the navigation tables are missing,
    ///   `DatabaseError` when the database cannot be read.
    package init<Route>(_ database: any DatabaseWriter, checkpoints: NavigationStore<Route>.CheckpointPolicy) throws {
        let (tables, isReadOnly) = try database.read { db throws -> (Int?, Bool) in
            (
                try db.fetchOne(
                    Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'nav_scenes'"),
                db.isReadOnly
            )
        }
        guard tables == 1 else { throw NavigationStoreError.schemaMissing(path: database.path) }
        writer = database
        let isFile = !database.path.isEmpty && database.path != ":memory:" && !isReadOnly
        if isFile, checkpoints != .sqliteAutomatic {
            try database.writeWithoutTransaction { db in try db.execute("PRAGMA wal_autocheckpoint = 0") }
        }
        if isFile, case .background(let everySaves) = checkpoints {
            checkpointer = BackgroundCheckpointer(path: database.path)
            checkpointEvery = max(1, everySaves)
        } else {
            checkpointer = nil
            checkpointEvery = nil
        }
    }

    package var users: any UserStorage { SQLiteUserStorage(writer) }

    package func sceneRows(scene: String, user: NavigationUser) throws -> (own: SceneRow?, lastUsed: SceneRow?) {
        try writer.read { db in try SQLiteSceneTransaction(db: db).sceneRows(scene: scene, user: user) }
    }

    package func write<T>(for user: NavigationUser, _ body: (any SceneTransaction) throws -> T) throws -> T {
        try writer.write { db in try body(SQLiteSceneTransaction(db: db)) }
    }

    package func didSave() {
        guard let checkpointEvery, let checkpointer else { return }
        savesSinceCheckpoint += 1
        if savesSinceCheckpoint >= checkpointEvery {
            savesSinceCheckpoint = 0
            checkpointer.request()
        }
    }

    package func checkpoint() throws {
        checkpointer?.waitUntilIdle()
        try writer.writeWithoutTransaction { db in try db.execute("PRAGMA wal_checkpoint(PASSIVE)") }
    }

    package func scenes(of user: NavigationUser) throws -> [SceneSummary] {
        try writer.read { db in
            try db.fetchAll(
                SceneSummaryRow.self,
                "SELECT scene, updated_at FROM nav_scenes WHERE user_id = ? ORDER BY updated_at DESC, id DESC",
                [user.id]
            ).map(\.summary)
        }
    }

    package func history(ofScene scene: String, user: NavigationUser) throws -> [StoredText] {
        try writer.read { db in
            try db.fetchAll(
                StoredText.self,
                """
                SELECT h.format, h.state FROM nav_history h JOIN nav_scenes s ON s.id = h.scene_id
                WHERE s.user_id = ? AND s.scene = ? AND h.position BETWEEN s.history_first AND s.history_last
                ORDER BY h.position
                """, [user.id, scene])
        }
    }

    package func deleteScene(_ scene: String, user: NavigationUser) throws -> Bool {
        try writer.write { db in
            try db.execute("DELETE FROM nav_scenes WHERE user_id = ? AND scene = ?", [user.id, scene])
            return db.changes > 0
        }
    }

    package func deleteScenes(unusedSince date: Date) throws -> Int {
        try writer.write { db in
            try db.execute("DELETE FROM nav_scenes WHERE updated_at < ?", [date])
            return db.changes
        }
    }

    package func upsertSession(named name: String, _ state: StoredText, user: NavigationUser, at date: Date) throws {
        try writer.write { db in
            try db.execute(
                """
                INSERT INTO nav_sessions(user_id, name, format, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(user_id, name) DO UPDATE SET format = excluded.format, state = excluded.state,
                updated_at = excluded.updated_at
                """, [user.id, name, state.format, state.state, date, date])
        }
    }

    package func sessions(of user: NavigationUser) throws -> [SavedSession] {
        try writer.read { db in
            try db.fetchAll(
                SavedSessionRow.self,
                "SELECT name, created_at, updated_at FROM nav_sessions WHERE user_id = ? ORDER BY name",
                [user.id])
        }.map(\.session)
    }

    package func session(named name: String, user: NavigationUser) throws -> StoredText? {
        try writer.read { db in
            try db.fetchOne(
                StoredText.self, "SELECT format, state FROM nav_sessions WHERE user_id = ? AND name = ?",
                [user.id, name])
        }
    }

    package func renameSession(named name: String, to newName: String, user: NavigationUser, at date: Date) throws
        -> Bool
    {
        do {
            return try writer.write { db in
                try db.execute(
                    "UPDATE nav_sessions SET name = ?, updated_at = ? WHERE user_id = ? AND name = ?",
                    [newName, date, user.id, name])
                return db.changes > 0
            }
        } catch let error as DatabaseError where error.isConstraint {
            throw NavigationStoreError.sessionExists(name: newName)
        }
    }

    package func deleteSession(named name: String, user: NavigationUser) throws -> Bool {
        try writer.write { db in
            try db.execute("DELETE FROM nav_sessions WHERE user_id = ? AND name = ?", [user.id, name])
            return db.changes > 0
        }
    }
}

// It holds a connection, which SQLite lets one thread use at a time, and counts saves.
@available(*, unavailable)
extension SQLiteNavigationStorage: Sendable {}

/// The statements of a save, on the connection of its transaction.
private struct SQLiteSceneTransaction: SceneTransaction {
    let db: Database

    func sceneRows(scene: String, user: NavigationUser) throws -> (own: SceneRow?, lastUsed: SceneRow?) {
        if let row = try db.fetchOne(
            SceneRow.self, SceneRow.select + " WHERE user_id = ? AND scene = ?", [user.id, scene])
        {
            return (row, nil)
        }
        let lastUsed = try db.fetchOne(
            SceneRow.self, SceneRow.select + " WHERE user_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1", [user.id])
        return (nil, lastUsed)
    }

    func sceneWindow(scene: String, user: NavigationUser) throws -> SceneWindow? {
        try db.fetchOne(
            SceneWindow.self,
            "SELECT id, history_first, history_cursor, history_last FROM nav_scenes WHERE user_id = ? AND scene = ?",
            [user.id, scene])
    }

    func insertScene(_ scene: String, _ state: StoredText, user: NavigationUser, at date: Date) throws -> SceneWindow {
        try db.execute(
            """
            INSERT INTO nav_scenes(user_id, scene, format, state, history_first, history_cursor, history_last,
            created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, 0, ?, ?)
            """, [user.id, scene, state.format, state.state, date, date])
        let id = db.lastInsertedRowID
        try insertHistoryEntry(scene: id, at: 0, state, recordedAt: date)
        return SceneWindow(id: id, first: 0, cursor: 0, last: 0)
    }

    func updateScene(_ window: SceneWindow, _ state: StoredText, at date: Date) throws {
        try db.execute(
            """
            UPDATE nav_scenes SET format = ?, state = ?, history_first = ?, history_cursor = ?, history_last = ?,
            updated_at = ? WHERE id = ?
            """, [state.format, state.state, window.first, window.cursor, window.last, date, window.id])
    }

    func replaceState(of row: SceneRow, with state: StoredText) throws -> Bool {
        try db.execute(
            """
            UPDATE nav_scenes SET format = ?, state = ? WHERE id = ? AND format = ? AND state = ?
            AND history_first = ? AND history_cursor = ? AND history_last = ?
            """, [state.format, state.state, row.id, row.format, row.state, row.first, row.cursor, row.last])
        return db.changes > 0
    }

    func historyEntry(scene id: Int64, at position: Int64) throws -> StoredText? {
        try db.fetchOne(
            StoredText.self, "SELECT format, state FROM nav_history WHERE scene_id = ? AND position = ?",
            [id, position])
    }

    func insertHistoryEntry(scene id: Int64, at position: Int64, _ state: StoredText, recordedAt date: Date) throws {
        try db.execute(
            "INSERT INTO nav_history(scene_id, position, format, state, recorded_at) VALUES (?, ?, ?, ?, ?)",
            [id, position, state.format, state.state, date])
    }

    func replaceHistoryEntry(scene id: Int64, at position: Int64, with state: StoredText) throws {
        try db.execute(
            "UPDATE nav_history SET format = ?, state = ? WHERE scene_id = ? AND position = ?",
            [state.format, state.state, id, position])
    }

    func deleteHistory(scene id: Int64, after position: Int64) throws {
        try db.execute("DELETE FROM nav_history WHERE scene_id = ? AND position > ?", [id, position])
    }

    func deleteHistory(scene id: Int64, before position: Int64) throws {
        try db.execute("DELETE FROM nav_history WHERE scene_id = ? AND position < ?", [id, position])
    }

    func collapseHistory(scene id: Int64, from low: Int64, through high: Int64) throws {
        try db.execute("DELETE FROM nav_history WHERE scene_id = ? AND position BETWEEN ? AND ?", [id, low, high])
        // Two steps through negative positions: shifting in place could collide with a row not yet moved.
        try db.execute("UPDATE nav_history SET position = -position WHERE scene_id = ? AND position > ?", [id, high])
        try db.execute(
            "UPDATE nav_history SET position = -position - ? WHERE scene_id = ? AND position < 0",
            [high - low + 1, id])
    }
}

extension SceneRow: RowDecodable {
    static let select = "SELECT id, scene, format, state, history_first, history_cursor, history_last FROM nav_scenes"

    package init(row: Row) throws {
        // A non-integer format or a non-text state is corrupt data, repaired like an unknown format.
        self.init(
            id: try row.value(at: 0), scene: try row.value(at: 1), format: row[2] ?? -1, state: row[3] ?? "",
            first: try row.value(at: 4), cursor: try row.value(at: 5), last: try row.value(at: 6))
    }
}

extension SceneWindow: RowDecodable {
    package init(row: Row) throws {
        self.init(
            id: try row.value(at: 0), first: try row.value(at: 1), cursor: try row.value(at: 2),
            last: try row.value(at: 3))
    }
}

extension StoredText: RowDecodable {
    package init(row: Row) throws {
        self.init(format: row[0] ?? -1, state: row[1] ?? "")
    }
}

/// `scene, updated_at` of `nav_scenes`.
private struct SceneSummaryRow: RowDecodable {
    let summary: SceneSummary

    init(row: Row) throws {
        summary = SceneSummary(name: try row.value(at: 0), updatedAt: try row.value(at: 1))
    }
}

/// `name, created_at, updated_at` of `nav_sessions`.
private struct SavedSessionRow: RowDecodable {
    let session: SavedSession

    init(row: Row) throws {
        session = SavedSession(
            name: try row.value(at: 0), createdAt: try row.value(at: 1), updatedAt: try row.value(at: 2))
    }
}
