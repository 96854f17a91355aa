package import Foundation
package import Navigation
package import PostgreSQLDB

/// The `nav_scenes`, `nav_history` and `nav_sessions` tables of a PostgreSQL database (`Migrations/PostgreSQL/`), for
/// a `NavigationStore`.
///
/// Two processes may save the same scene at once, where SQLite would have one writer. Every save (and move, and
/// repair written back) starts by locking the user's row (`SELECT … FOR NO KEY UPDATE`): the saves of one user then
/// run one after the other, each reading the history window, the revision it checks and the rows it appends to as
/// the previous one committed them (READ COMMITTED gives each statement after the lock a fresh snapshot). A row lock
/// was chosen over SERIALIZABLE with retries because one person's saves are few and short, so waiting costs nothing
/// while a retry would redo the validation outside the storage; the user's row, not the scene's, because a scene's
/// first save has no row of its own to lock yet, and a conditional save checks against the user's most recently
/// used scene. `NO KEY UPDATE` leaves other writers' `FOREIGN KEY` checks on the user (a new token) unblocked. These
/// writes take no advisory lock: the change log's lock is the catalog writers' alone.
///
/// A save commits with `synchronous_commit` off (for its own transaction only): it returns once its WAL record is
/// written, not flushed, the durability SQLite's `synchronous=NORMAL` gives the same rows. A crash of the database
/// server (not of a client) may lose the last fraction of a second of navigation, never leave it half-saved; the
/// catalog's writes keep the server's setting.
package struct PostgreSQLNavigationStorage: NavigationStorage {
    /// Where the rows are read and saved.
    package let connection: PostgreSQLConnection

    /// The navigation tables of the database `connection` is connected to.
    package init(_ connection: PostgreSQLConnection) {
        self.connection = connection
    }

    package var users: any UserStorage { PostgreSQLUserStorage(connection) }

    package func sceneRows(scene: String, user: NavigationUser) throws -> (own: SceneRow?, lastUsed: SceneRow?) {
        try PostgreSQLSceneTransaction(connection: connection).sceneRows(scene: scene, user: user)
    }

    package func write<T>(for user: NavigationUser, _ body: (any SceneTransaction) throws -> T) throws -> T {
        try connection.transaction {
            try connection.execute("SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE", [user.id])
            try connection.execute("SET LOCAL synchronous_commit TO off")
            return try body(PostgreSQLSceneTransaction(connection: connection))
        }
    }

    // The server runs its own checkpoints.
    package func didSave() {}

    package func checkpoint() throws {}

    package func scenes(of user: NavigationUser) throws -> [SceneSummary] {
        try connection.execute(
            "SELECT scene, updated_at FROM nav_scenes WHERE user_id = $1 ORDER BY updated_at COLLATE \"C\" DESC, id DESC",
            [user.id]
        ).map { row in SceneSummary(name: try row.value(at: 0), updatedAt: try row.date(at: 1) ?? .distantPast) }
    }

    package func history(ofScene scene: String, user: NavigationUser) throws -> [StoredText] {
        try connection.execute(
            """
            SELECT h.format, h.state FROM nav_history h JOIN nav_scenes s ON s.id = h.scene_id
            WHERE s.user_id = $1 AND s.scene = $2 AND h.position BETWEEN s.history_first AND s.history_last
            ORDER BY h.position
            """, [user.id, scene]
        ).map(StoredText.init(row:))
    }

    package func deleteScene(_ scene: String, user: NavigationUser) throws -> Bool {
        try !connection.execute(
            "DELETE FROM nav_scenes WHERE user_id = $1 AND scene = $2 RETURNING id", [user.id, scene]
        ).isEmpty
    }

    package func deleteScenes(unusedSince date: Date) throws -> Int {
        try connection.execute(
            "DELETE FROM nav_scenes WHERE updated_at COLLATE \"C\" < $1 RETURNING id", [StoredTime(date)]
        ).count
    }

    package func upsertSession(named name: String, _ state: StoredText, user: NavigationUser, at date: Date) throws {
        try connection.execute(
            """
            INSERT INTO nav_sessions (user_id, name, format, state, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
            ON CONFLICT (user_id, name) DO UPDATE SET format = excluded.format, state = excluded.state,
            updated_at = excluded.updated_at
            """, [user.id, name, state.format, state.state, StoredTime(date)])
    }

    package func sessions(of user: NavigationUser) throws -> [SavedSession] {
        // COLLATE "C": byte order, as SQLite compares text, whatever the database's locale.
        try connection.execute(
            "SELECT name, created_at, updated_at FROM nav_sessions WHERE user_id = $1 ORDER BY name COLLATE \"C\"",
            [user.id]
        ).map { row in
            SavedSession(
                name: try row.value(at: 0), createdAt: try row.date(at: 1) ?? .distantPast,
                updatedAt: try row.date(at: 2) ?? .distantPast)
        }
    }

    package func session(named name: String, user: NavigationUser) throws -> StoredText? {
        try connection.execute(
            "SELECT format, state FROM nav_sessions WHERE user_id = $1 AND name = $2", [user.id, name]
        ).first.map(StoredText.init(row:))
    }

    package func renameSession(named name: String, to newName: String, user: NavigationUser, at date: Date) throws
        -> Bool
    {
        do {
            return try !connection.execute(
                "UPDATE nav_sessions SET name = $1, updated_at = $2 WHERE user_id = $3 AND name = $4 RETURNING id",
                [newName, StoredTime(date), user.id, name]
            ).isEmpty
        } catch let error as PostgreSQLError where error.sqlState == .uniqueViolation {
            throw NavigationStoreError.sessionExists(name: newName)
        }
    }

    package func deleteSession(named name: String, user: NavigationUser) throws -> Bool {
        try !connection.execute(
            "DELETE FROM nav_sessions WHERE user_id = $1 AND name = $2 RETURNING id", [user.id, name]
        ).isEmpty
    }
}

/// The statements of a save, inside the transaction that locked the user's row.
private struct PostgreSQLSceneTransaction: SceneTransaction {
    let connection: PostgreSQLConnection

    func sceneRows(scene: String, user: NavigationUser) throws -> (own: SceneRow?, lastUsed: SceneRow?) {
        // One statement, so one snapshot: the scene's own row first, else the most recently used one.
        let rows = try connection.execute(
            """
            SELECT id, scene, format, state, history_first, history_cursor, history_last, scene = $2
            FROM nav_scenes WHERE user_id = $1
            ORDER BY scene = $2 DESC, updated_at COLLATE "C" DESC, id DESC LIMIT 1
            """, [user.id, scene])
        guard let row = rows.first else { return (nil, nil) }
        let found = SceneRow(
            id: try row.value(at: 0), scene: try row.value(at: 1), format: try row.value(at: 2),
            state: try row.value(at: 3), first: try row.value(at: 4), cursor: try row.value(at: 5),
            last: try row.value(at: 6))
        return try row.value(at: 7, as: Bool.self) ? (found, nil) : (nil, found)
    }

    func sceneWindow(scene: String, user: NavigationUser) throws -> SceneWindow? {
        try connection.execute(
            "SELECT id, history_first, history_cursor, history_last FROM nav_scenes WHERE user_id = $1 AND scene = $2",
            [user.id, scene]
        ).first.map { row in
            SceneWindow(
                id: try row.value(at: 0), first: try row.value(at: 1), cursor: try row.value(at: 2),
                last: try row.value(at: 3))
        }
    }

    func insertScene(_ scene: String, _ state: StoredText, user: NavigationUser, at date: Date) throws -> SceneWindow {
        let inserted = try connection.execute(
            """
            INSERT INTO nav_scenes (user_id, scene, format, state, history_first, history_cursor, history_last,
            created_at, updated_at) VALUES ($1, $2, $3, $4, 0, 0, 0, $5, $5) RETURNING id
            """, [user.id, scene, state.format, state.state, StoredTime(date)])
        let id: Int64 = try inserted[0].value(at: 0)
        try insertHistoryEntry(scene: id, at: 0, state, recordedAt: date)
        return SceneWindow(id: id, first: 0, cursor: 0, last: 0)
    }

    func updateScene(_ window: SceneWindow, _ state: StoredText, at date: Date) throws {
        try connection.execute(
            """
            UPDATE nav_scenes SET format = $1, state = $2, history_first = $3, history_cursor = $4, history_last = $5,
            updated_at = $6 WHERE id = $7
            """,
            [state.format, state.state, window.first, window.cursor, window.last, StoredTime(date), window.id])
    }

    func replaceState(of row: SceneRow, with state: StoredText) throws -> Bool {
        try !connection.execute(
            """
            UPDATE nav_scenes SET format = $1, state = $2 WHERE id = $3 AND format = $4 AND state = $5
            AND history_first = $6 AND history_cursor = $7 AND history_last = $8 RETURNING id
            """, [state.format, state.state, row.id, row.format, row.state, row.first, row.cursor, row.last]
        ).isEmpty
    }

    func historyEntry(scene id: Int64, at position: Int64) throws -> StoredText? {
        try connection.execute(
            "SELECT format, state FROM nav_history WHERE scene_id = $1 AND position = $2", [id, position]
        ).first.map(StoredText.init(row:))
    }

    func insertHistoryEntry(scene id: Int64, at position: Int64, _ state: StoredText, recordedAt date: Date) throws {
        try connection.execute(
            "INSERT INTO nav_history (scene_id, position, format, state, recorded_at) VALUES ($1, $2, $3, $4, $5)",
            [id, position, state.format, state.state, StoredTime(date)])
    }

    func replaceHistoryEntry(scene id: Int64, at position: Int64, with state: StoredText) throws {
        try connection.execute(
            "UPDATE nav_history SET format = $1, state = $2 WHERE scene_id = $3 AND position = $4",
            [state.format, state.state, id, position])
    }

    func deleteHistory(scene id: Int64, after position: Int64) throws {
        try connection.execute("DELETE FROM nav_history WHERE scene_id = $1 AND position > $2", [id, position])
    }

    func deleteHistory(scene id: Int64, before position: Int64) throws {
        try connection.execute("DELETE FROM nav_history WHERE scene_id = $1 AND position < $2", [id, position])
    }

    func collapseHistory(scene id: Int64, from low: Int64, through high: Int64) throws {
        try connection.execute(
            "DELETE FROM nav_history WHERE scene_id = $1 AND position BETWEEN $2 AND $3", [id, low, high])
        // PostgreSQL checks a non-deferrable key row by row as an UPDATE moves them, so the rows go through
        // negative positions, as on SQLite, rather than collide with one not yet moved.
        try connection.execute(
            "UPDATE nav_history SET position = -position WHERE scene_id = $1 AND position > $2", [id, high])
        try connection.execute(
            "UPDATE nav_history SET position = -position - $1 WHERE scene_id = $2 AND position < 0",
            [high - low + 1, id])
    }
}

extension StoredText {
    /// `format, state` of a row.
    fileprivate init(row: PostgreSQLRow) throws {
        self.init(format: try row.value(at: 0), state: try row.value(at: 1))
    }
}
