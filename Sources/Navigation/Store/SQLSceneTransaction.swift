import Foundation
import SQLInterface

/// The statements of a save, on the connection of its transaction (``SQLNavigationStorage/write(for:_:)``).
struct SQLSceneTransaction<Connection: SQLConnection>: SceneTransaction {
    let connection: Connection

    init(_ connection: Connection) {
        self.connection = connection
    }

    func sceneRows(scene: String, user: NavigationUser) throws -> (own: SceneRow?, lastUsed: SceneRow?) {
        // One statement, so one snapshot on PostgreSQL too: the scene's own row first, else the most recently used.
        let rows = try connection.fetch(
            """
            SELECT id, scene, format, state, history_first, history_cursor, history_last,
            CASE WHEN scene = ? THEN 1 ELSE 0 END AS own
            FROM nav_scenes WHERE user_id = ?
            ORDER BY own DESC, updated_at\(connection.dialect.inByteOrder) DESC, id DESC LIMIT 1
            """, with: [.text(scene), .integer(user.id)]
        ) { row in (try SceneRow(columns: row), row.int64(at: 7) == 1) }
        guard let (found, own) = rows.first else { return (nil, nil) }
        return own ? (found, nil) : (nil, found)
    }

    func sceneWindow(scene: String, user: NavigationUser) throws -> SceneWindow? {
        try connection.fetch(
            "SELECT id, history_first, history_cursor, history_last FROM nav_scenes WHERE user_id = ? AND scene = ?",
            with: [.integer(user.id), .text(scene)]
        ) { row in try SceneWindow(columns: row) }.first
    }

    func insertScene(_ scene: String, _ state: StoredText, user: NavigationUser, at date: Date) throws -> SceneWindow {
        let time = connection.dialect.time(date)
        let id = try connection.insertReturningID(
            """
            INSERT INTO nav_scenes(user_id, scene, format, state, history_first, history_cursor, history_last,
            created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, 0, ?, ?) RETURNING id
            """, with: [.integer(user.id), .text(scene), .integer(Int64(state.format)), .text(state.state), time, time])
        try insertHistoryEntry(scene: id, at: 0, state, recordedAt: date)
        return SceneWindow(id: id, first: 0, cursor: 0, last: 0)
    }

    func updateScene(_ window: SceneWindow, _ state: StoredText, at date: Date) throws {
        try connection.execute(
            """
            UPDATE nav_scenes SET format = ?, state = ?, history_first = ?, history_cursor = ?, history_last = ?,
            updated_at = ? WHERE id = ?
            """,
            with: [
                .integer(Int64(state.format)), .text(state.state), .integer(window.first), .integer(window.cursor),
                .integer(window.last), connection.dialect.time(date), .integer(window.id),
            ])
    }

    func replaceState(of row: SceneRow, with state: StoredText) throws -> Bool {
        try !connection.fetch(
            """
            UPDATE nav_scenes SET format = ?, state = ? WHERE id = ? AND format = ? AND state = ?
            AND history_first = ? AND history_cursor = ? AND history_last = ? RETURNING id
            """,
            with: [
                .integer(Int64(state.format)), .text(state.state), .integer(row.id), .integer(Int64(row.format)),
                .text(row.state), .integer(row.first), .integer(row.cursor), .integer(row.last),
            ]
        ) { _ in () }.isEmpty
    }

    func historyEntry(scene id: Int64, at position: Int64) throws -> StoredText? {
        try connection.fetch(
            "SELECT format, state FROM nav_history WHERE scene_id = ? AND position = ?",
            with: [.integer(id), .integer(position)]
        ) { row in StoredText(columns: row) }.first
    }

    func insertHistoryEntry(scene id: Int64, at position: Int64, _ state: StoredText, recordedAt date: Date) throws {
        try connection.execute(
            "INSERT INTO nav_history(scene_id, position, format, state, recorded_at) VALUES (?, ?, ?, ?, ?)",
            with: [
                .integer(id), .integer(position), .integer(Int64(state.format)), .text(state.state),
                connection.dialect.time(date),
            ])
    }

    func replaceHistoryEntry(scene id: Int64, at position: Int64, with state: StoredText) throws {
        try connection.execute(
            "UPDATE nav_history SET format = ?, state = ? WHERE scene_id = ? AND position = ?",
            with: [.integer(Int64(state.format)), .text(state.state), .integer(id), .integer(position)])
    }

    func deleteHistory(scene id: Int64, after position: Int64) throws {
        try connection.execute(
            "DELETE FROM nav_history WHERE scene_id = ? AND position > ?", with: [.integer(id), .integer(position)])
    }

    func deleteHistory(scene id: Int64, before position: Int64) throws {
        try connection.execute(
            "DELETE FROM nav_history WHERE scene_id = ? AND position < ?", with: [.integer(id), .integer(position)])
    }

    func collapseHistory(scene id: Int64, from low: Int64, through high: Int64) throws {
        try connection.execute(
            "DELETE FROM nav_history WHERE scene_id = ? AND position BETWEEN ? AND ?",
            with: [.integer(id), .integer(low), .integer(high)])
        // Two steps through negative positions: shifting in place could collide with a row not yet moved (SQLite
        // and PostgreSQL both check a non-deferrable key row by row as an UPDATE moves them).
        try connection.execute(
            "UPDATE nav_history SET position = -position WHERE scene_id = ? AND position > ?",
            with: [.integer(id), .integer(high)])
        try connection.execute(
            "UPDATE nav_history SET position = -position - ? WHERE scene_id = ? AND position < 0",
            with: [.integer(high - low + 1), .integer(id)])
    }
}
